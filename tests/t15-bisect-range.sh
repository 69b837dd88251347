#!/usr/bin/env bash
# group: quick
# ./run.sh bisect over a git range (--tree DIR --good REF --bad REF),
# without building: the steps are the first-parent line after good (a
# merge is one step, its branch's commits none); what is not a checkout's
# top, an unknown ref, ends in the wrong order or equal, a good end off
# that line, an end of a kernel version without a patch series, and a
# series given too are refused in one line each; the user's repository
# and checkout are not written to.
. "$(dirname "$0")/lib.sh"
B=$TOP/bisect/run.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# a small repository that looks like a 6.1 kernel tree:
#   c0 - c1 - c2 - m - c4     (main; m merges s1, branched from c1)
#          \- s1 -/
#   c0 - o1                   (old: its Makefile says 5.10)
u=$tmp/linux
mkdir -p "$u/mm"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$u/Makefile"
echo base >"$u/mm/slub.c"
g() { git -C "$u" -c user.name=t -c user.email=t@t -c init.defaultBranch=main "$@"; }
commit() { echo "$1" >>"$u/${2:-mm/slub.c}"; g add -A; g commit -qm "mm/slub: $1"; g rev-parse HEAD; }
g init -q && g add -A && g commit -qm base
c0=$(g rev-parse HEAD)
c1=$(commit one)
c2=$(commit two)
g checkout -qb side "$c1"
s1=$(commit side side.c)
g checkout -q main
g merge -q --no-ff -m "Merge branch 'side'" side
m=$(g rev-parse HEAD)
c4=$(commit four)
g checkout -qb old "$c0"
printf 'VERSION = 5\nPATCHLEVEL = 10\nSUBLEVEL = 0\n' >"$u/Makefile"
o1=$(commit old)
g checkout -q main
state() { (cd "$u" && find . -printf '%P %s %T@\n' | LC_ALL=C sort | sha256sum); }
before=$(state)

plan=$("$B" --tree "$u" --good "$c0" --bad main --dry-run 2>&1) || fail "dry run: $plan"
want="step 1: ${c1:0:12}: mm/slub: one
step 2: ${c2:0:12}: mm/slub: two
step 3: ${m:0:12}: Merge branch 'side'
step 4: ${c4:0:12}: mm/slub: four"
[ "$(grep '^step ' <<<"$plan")" = "$want" ] || fail "the steps are not the first-parent line: $plan"
contains "$plan" "^bisect: 4 commits of $u \(${c0:0:12}\.\.${c4:0:12}, first-parent\);" "a dry run names the range"
contains "$plan" "^first: step 0 \(${c0:0:12}\) and step 4 \(${c4:0:12}\), 2 boots each; then about 2 steps$" "the ends first, then about log2(4) steps"
ok "the steps are the first-parent line after good: the merge is one step, its branch's commit ${s1:0:12} none"

for bad in "--tree $tmp --good a --bad b|--tree $tmp is not the top of a git checkout: --good and --bad need one \(patches: --series\)" \
	"--tree $u/mm --good $c0 --bad main|--tree $u/mm is not the top of a git checkout" \
	"--tree $u --good nope --bad main|--good nope: no such commit in $u" \
	"--tree $u --good $c0 --bad v9|--bad v9: no such commit in $u" \
	"--tree $u --good main --bad $c0|--good main is not an ancestor of --bad $c0 in $u: the good end must come before the bad one" \
	"--tree $u --good main --bad $c4|--good main and --bad $c4 are the same commit: nothing to bisect" \
	"--tree $u --good $s1 --bad main|--good $s1 is not on the first-parent line of --bad main \(the line bisect walks: git log --first-parent main\): give a commit of that line as --good" \
	"--tree $u --good $c0 --bad old|old: kernel 5\.10\.0 has no slubbench patch series \(there are series for 6\.1, 6\.12\): bisect a range of one of those versions" \
	"--tree $u --good $c0|a git range needs both ends: --good REF and --bad REF" \
	"--good $c0 --bad main|--good and --bad of which repository\? give --tree DIR" \
	"--series $TOP/tests/data/bisect/series --tree $u --good $c0 --bad main|--series and --good/--bad: bisect a series or a git range, not both"; do
	# shellcheck disable=SC2086
	expect_fail "$B" ${bad%%|*} --dry-run
	contains "$OUT" "^slubbench: error: ${bad#*|}" "refused: ${bad%%|*}"
	[ "$(wc -l <<<"$OUT")" = 1 ] || fail "more than one line for ${bad%%|*}: $OUT"
done
refusals_said
[ "$(state)" = "$before" ] && [ "$(g rev-parse HEAD)" = "$c4" ] || fail "the user's repository or checkout was written to"
ok "the user's repository and checkout are untouched (every file under it, .git included: sizes, times)"
: "$o1"

plan=$("$B" --series "$TOP/tests/data/bisect/series" --tree 6.12 --dry-run 2>&1) || fail "a series on 6.12: $plan"
contains "$plan" "^bisect: 8 changes of $TOP/tests/data/bisect/series on tree 6\.12;" "a series on another tree (--tree 6.12)"
