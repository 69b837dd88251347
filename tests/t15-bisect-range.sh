#!/usr/bin/env bash
# group: unit
# ./run.sh bisect over a git range (--tree DIR --good REF --bad REF),
# without building: the steps are the first-parent line after good (a
# merge is one step, its branch's commits none); what is not a checkout's
# top, an unknown ref, ends in the wrong order or equal, a good end off
# that line, an end of a kernel version without a patch series, and a
# series given too are refused in one line each; the user's repository
# and checkout are not written to.
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
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
# a series' path is shown, not obeyed: an escape as \e, a line break as \n
s=$tmp/$'s\033[2J\nx'
mkdir -p "$s" && cp "$TOP"/tests/data/bisect/* "$s/"
plan=$("$B" --series "$s/series" --dry-run 2>&1) || fail "a series under a hostile path: $plan"
contains "$plan" "^bisect: 8 changes of $tmp/s\\\\e\[2J\\\\nx/series; " "a series' path with an escape and a line break: one line, shown"

# a bisect's directory is untrusted input: its changes' names and
# subjects and its tree's path are shown, never obeyed, within 80 columns;
# ends that are not commit ids and an unknown mode are refused in one line
d=$tmp/hostile
mkdir -p "$d"
ESC=$'\033'
long=$(printf 'x%.0s' $(seq 1 300))
jq -n --arg esc "$ESC" --arg long "$long" --arg good "$c0" --arg bad "$c4" '{mode: "git", tree: "linux-bisect",
	tree_dir: ("/tmp/" + $esc + "[2J$(touch /tmp/t15-pwned)"), good: $good, bad: $bad, metric: "add_partial",
	factor: "1.5", end_boots: 1, max_boots: 3, seed: 1, profile: "2007", groups: 10, loops: 150, smp: 2,
	changes: [{name: ($esc + "]0;title" + $long), id: "a", subject: ("`touch /tmp/t15-pwned` " + $esc + "[31m" + $long)},
		{name: "b", id: "b", subject: "$(touch /tmp/t15-pwned)"}]}' >"$d/bisect.json"
printf '%s\n' "$BISECT_HDR" 0,s0,ab,1,1,180,finished 2,s2,ab,1,1,500,finished 1,s1,ab,1,1,490,finished >"$d/steps.csv"
rm -f /tmp/t15-pwned
"$TOP/bisect/report.sh" "$d" >/dev/null 2>&1 || fail "a hostile bisect's directory does not report: $("$TOP/bisect/report.sh" "$d" 2>&1 | tail -n2)"
[ ! -e /tmp/t15-pwned ] || fail "the bisect's report ran a command from its directory"
! grep -q "$ESC" "$d/report.txt" || fail "a raw escape in the bisect's report"
[ "$(awk 'length > 80' "$d/report.txt" | wc -l)" = 0 ] || fail "lines over 80 columns: $(awk 'length > 80' "$d/report.txt" | head -n2)"
grep -q '^Result: the first bad change is step 1 of 2:$' "$d/report.txt" || fail "hostile bisect: $(cat "$d/report.txt")"
ok "a hostile bisect's names, subjects and tree path are shown, not obeyed, within 80 columns"
# a boot that failed (a panic, a step that did not build) has no value:
# the bisect still reports, saying so; a counters.csv value stays required
printf '%s\n' "$BISECT_HDR" 0,s0,ab,1,1,180,finished 2,s2,ab,1,1,500,finished 1,s1,ab,1,1,,panic 1,s1,ab,2,2,490,finished >"$d/steps.csv"
"$TOP/bisect/report.sh" "$d" >/dev/null 2>&1 || fail "a bisect with a failed boot does not report: $("$TOP/bisect/report.sh" "$d" 2>&1 | tail -n1)"
grep -qE '^ +1 +bad +490 \(1 failed\) ' "$d/report.txt" || fail "the failed boot is not said: $(grep -E '^ +1 ' "$d/report.txt")"
mkdir -p "$tmp/c" && printf 'kernel,profile,round,config,kind,source,cache,counter,value\ntail,2007,1,c1,timed,slub,all,alloc_fastpath,\n' >"$tmp/c/counters.csv"
expect_fail check_csv "$tmp/c/counters.csv"
contains "$OUT" 'counters.csv: line 2: value "" breaks the rule unum' "an empty counters.csv value is still refused"
ok "a bisect with a failed boot reports it as failed (steps.csv's value may be empty, no other file's)"
# shellcheck disable=SC2016 # a command as text, never run
for bad in 'good|$(id)|good' 'mode|evil|mode'; do
	IFS='|' read -r k v what <<<"$bad"
	jq --arg k "$k" --arg v "$v" '.[$k] = $v' "$d/bisect.json" >"$tmp/b.json" && cp "$tmp/b.json" "$d/bisect.json.bad"
	mkdir -p "$tmp/h-$k" && cp "$d/steps.csv" "$tmp/h-$k/" && mv "$d/bisect.json.bad" "$tmp/h-$k/bisect.json"
	expect_fail "$TOP/bisect/report.sh" "$tmp/h-$k"
	[ "$(wc -l <<<"$OUT")" = 1 ] && grep -q "bisect.json: $what" <<<"$OUT" || fail "a hostile $k: $OUT"
done
ok "ends that are not commit ids and an unknown mode: refused in one line"
