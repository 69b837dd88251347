#!/usr/bin/env bash
# group: full vm network
# ./run.sh bisect over a git range of a real kernel tree: Debian's 6.1 as
# a git repository with slubbench's stock patch and the eight changes of
# tests/data/bisect as commits (tests/data/bisect/git-tree.sh, kept in the
# cache so that a bisect of it builds incrementally). The culprit commit
# is found in at most ceil(log2 8) = 3 steps after the ends, by its id and
# subject; each step's kernel is its commit as it is (the good end's is
# the stock kernel, bit for bit); the user's repository is not written
# to; a bisect cut after two steps resumes at the third; another range on
# resume and a tree name taken by another repository are refused.
. "$(dirname "$0")/lib.sh"
require_vm
require_qemu10
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
B=$TOP/bisect/run.sh
G=$SLUBBENCH_CACHE/testdata/linux-git
"$TOP/tests/data/bisect/git-tree.sh" "$G" || fail "the test's git tree could not be made"
good=$(git -C "$G" rev-parse HEAD~8)
culprit=$(git -C "$G" log -1 --format=%H --fixed-strings --grep='mm/slub: add partial slabs at the head of the list')
[ -n "$culprit" ] || fail "no culprit commit in $G"
state() { (cd "$G" && find . -printf '%P %s %T@\n' | LC_ALL=C sort | sha256sum); }
before=$(state)

t0=$(date +%s)
"$B" --tree "$G" --good HEAD~8 --bad HEAD --end-boots 1 --groups 4 --loops 50 --out "$tmp/a" >"$tmp/log" 2>&1 || { tail -n 30 "$tmp/log"; fail "bisect failed"; }
secs=$(($(date +%s) - t0))
R=$tmp/a/report.txt
grep -qx "  ${culprit:0:12}" <<<"$(grep -A2 '^Result: the first bad change is step 5 of 8:$' "$R")" ||
	fail "the culprit ${culprit:0:12} is not found as step 5: $(cat "$R")"
grep -qF '"mm/slub: add partial slabs at the head of the list"' "$R" || fail "no subject: $(cat "$R")"
grep -qE "^ +0 +good +[0-9.]+ +${good:0:12}$" "$R" || fail "step 0 is not named by the good commit: $(cat "$R")"
steps=$(csv_rows "$tmp/a/steps.csv" step | sort -u | grep -cvxE '0|8')
[ "$steps" -le 3 ] || fail "$steps steps between the ends, more than ceil(log2 8) = 3: $(cat "$tmp/a/steps.csv")"
[ "$(csv_rows "$tmp/a/steps.csv" result | sort -u)" = finished ] || fail "a boot did not finish: $(cat "$tmp/a/steps.csv")"
nb=$(($(wc -l <"$tmp/a/steps.csv") - 1))
ok "the culprit commit ${culprit:0:12}, step 5, in $steps steps after the ends ($nb counting-mode boots, $secs s), with its subject"

# each step's kernel is its commit's, as it is
while IFS='|' read -r k v; do
	c=$good
	[ "$k" = 0 ] || c=$(git -C "$G" rev-list --reverse --first-parent "$good..HEAD" | sed -n "${k}p")
	[ "$v" = "bs-${c:0:12}@linux-git-bisect" ] || fail "step $k's kernel is $v, not bs-${c:0:12}@linux-git-bisect"
	[ "$(jq -r .tree_git "$(kernel_dir "$v" 2007)/manifest.json")" = "$c" ] || fail "$v's manifest does not name commit $c"
	[ "$(jq -r '.patches | length' "$(kernel_dir "$v" 2007)/manifest.json")" = 0 ] || fail "$v was built with slubbench patches"
done < <(csv_rows "$tmp/a/steps.csv" step variant | sort -u)
"$TOP/kernels/build.sh" stock >/dev/null 2>&1 || fail "stock could not be built"
[ "$(jq -r .build_id "$(kernel_dir "bs-${good:0:12}@linux-git-bisect" 2007)/manifest.json")" = "$(jq -r .build_id "$(kernel_dir stock 2007)/manifest.json")" ] ||
	fail "the good end's kernel is not stock's (build ids differ)"
# the culprit's kernel is the series' step 5 (stock + the first five of
# tests/data/bisect/series, as bisect/lib.sh's step_variant names it)
D=$TOP/tests/data/bisect
mapfile -t five < <(grep -v '^#' "$D/series" | grep . | head -n5)
sv=bs-$(for p in "${five[@]}"; do sha256 "$D/$p"; done | sha256sum | cut -c1-12)
"$TOP/kernels/build.sh" --variant "$sv=$(printf "$D/%s," "${five[@]}" | sed 's/,$//')" "$sv" >/dev/null 2>&1 || fail "the series' step 5 could not be built"
[ "$(jq -r .build_id "$(kernel_dir "bs-${culprit:0:12}@linux-git-bisect" 2007)/manifest.json")" = "$(jq -r .build_id "$(kernel_dir "$sv" 2007)/manifest.json")" ] ||
	fail "the culprit's kernel is not the series' step 5 (build ids differ)"
# (with the kernel build store on, as the suite runs it, a step whose
# source t62 built is copied by its content, not compiled: the build ids
# then show the right commit was checked out, not that a build in another
# tree is reproducible; SLUBBENCH_REUSE_BUILDS=0 compiles and shows both)
how="compiled in the git tree"
[ -z "$(jq -r '.build_reused // ""' "$(kernel_dir "bs-${good:0:12}@linux-git-bisect" 2007)/manifest.json")" ] ||
	how="copied from the build store by the commit's content"
ok "each step's kernel is its commit's (named, tree_git, no slubbench patch); the good end's is stock's and the culprit's the series' step 5, bit for bit ($how)"
[ "$(state)" = "$before" ] || fail "the user's repository or checkout was written to"
ok "the user's repository and checkout are untouched (every file under it, .git included: sizes, times)"

# cut after the ends and two steps: the third is all that is left
cp -r "$tmp/a" "$tmp/b"
awk -F, 'NR == 1 { print; next } $1 == 0 || $1 == 8 { print; next } !($1 in s) && n < 2 { s[$1] = 1; n++ } $1 in s { print }' \
	"$tmp/a/steps.csv" >"$tmp/b/steps.csv"
kept=$(($(wc -l <"$tmp/b/steps.csv") - 1))
"$B" --resume "$tmp/b" --tree "$G" --good "$good" --bad HEAD >"$tmp/log2" 2>&1 || { tail -n 30 "$tmp/log2"; fail "resume failed"; }
grep -q '^Result: the first bad change is step 5 of 8:$' "$tmp/b/report.txt" || fail "resumed: $(cat "$tmp/b/report.txt")"
[ "$(($(wc -l <"$tmp/b/steps.csv") - 1))" = "$nb" ] || fail "resumed: $(($(wc -l <"$tmp/b/steps.csv") - 1 - kept)) boots after $kept, want $((nb - kept))"
ok "a bisect cut after two steps resumes at the third ($((nb - kept)) boot) and finds ${culprit:0:12} again"

expect_fail "$B" --resume "$tmp/b" --tree "$G" --good HEAD~7 --bad HEAD
contains "$OUT" "^slubbench: error: the commits of .* in $G are not the changes $tmp/b began with: start a new bisect$" "resume with another range: refused in one line"
# another repository whose name makes the same tree name
o=$tmp/other/linux-git
mkdir -p "$o/mm" && printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$o/Makefile" && echo a >"$o/mm/slub.c"
git -C "$o" init -q && git -C "$o" -c user.name=t -c user.email=t@t add -A && git -C "$o" -c user.name=t -c user.email=t@t commit -qm a
echo b >>"$o/mm/slub.c" && git -C "$o" -c user.name=t -c user.email=t@t commit -qam b
expect_fail "$B" --tree "$o" --good HEAD~ --bad HEAD --out "$tmp/c"
contains "$OUT" "^slubbench: error: the tree name linux-git-bisect already bisects $G: name this one with --tree NAME=$o$" "a tree name taken by another repository: refused"
