#!/usr/bin/env bash
# group: full
# The report stage on a run directory made here (no VM): statistics,
# charts and report files appear; the same data gives byte-identical
# output; the headline's words, the '*' and the intervals come from one
# paired, Holm-adjusted interval; the add_partial ratio; position effects;
# warnings where they apply; bad input refused; compare finds a known
# difference between two runs.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"

mkrun "$tmp/a" 8
"$TOP/report/report.sh" "$tmp/a" 2>"$tmp/log" || { cat "$tmp/log"; fail "report failed"; }
golden "$tmp/a" timed
for f in summary.csv mechanism.csv report.txt report.md plots/times.png plots/times.svg plots/ratios.png \
	plots/drift.png plots/add_partial.png plots/slowpath.png plots/slowpath.svg; do
	[ -s "$tmp/a/$f" ] || fail "no $f"
done
for p in "$tmp"/a/plots/*.png; do
	[ "$(head -c 8 "$p" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$p is not a PNG"
done
ok "summary, mechanism, report.txt/md and five charts (PNG and SVG)"

R=$tmp/a/report.txt
S=$tmp/a/summary.csv
grep -qE '^  head: slower, \+(1[5-9]|2[0-5])\.[0-9]% \(ratio 1\.[12][0-9]{2}, CI 1\.[0-9]{3}\.\.1\.[0-9]{3}, 8' "$R" ||
	fail "headline: $(grep -A2 '^  head:' "$R")"
grep -q 'add_partial calls per message x4.00' <<<"$(grep -A1 '^  head:' "$R" | tr -s ' \n' ' ')" ||
	fail "no add_partial ratio (head 400 vs tail 100 per message): $(grep -A2 '^  head:' "$R")"
grep -qE '^  slab: no detectable difference' "$R" || fail "slab (same as tail) not 'no detectable difference': $(grep -A1 '^  slab:' "$R")"
ok "headline: head slower with its interval and 4.00x the add_partial calls; slab no detectable difference"

# One interval decides everything: the verdict, the '*', Holm's p.
csv_rows "$S" kernel groups ratio ci_lo ci_hi holm_p verdict | while IFS='|' read -r k g ratio lo hi hp v; do
	[ -n "$lo" ] || continue
	want="no detectable difference"
	awk -v l="$lo" 'BEGIN { exit !(l > 1) }' && want=slower
	awk -v h="$hi" 'BEGIN { exit !(h < 1) }' && want=faster
	[ "$v" = "$want" ] || fail "$k g$g: verdict '$v' but interval $lo..$hi"
	awk -v p="$hp" -v l="$lo" -v h="$hi" 'BEGIN { exit !((p < 0.05) == (l > 1 || h < 1)) }' ||
		fail "$k g$g: Holm p $hp disagrees with its interval $lo..$hi"
	star=$(awk -v k="$k" -v g="$g" '$1 == k && $2 == g { print ($0 ~ /%\*/) ? "*" : "" }' "$R")
	case "$v" in slower | faster) [ "$star" = "*" ] || fail "$k g$g: $v without '*'" ;; *) [ -z "$star" ] || fail "$k g$g: '*' on $v" ;; esac
	awk -v r="$ratio" -v l="$lo" -v h="$hi" 'BEGIN { exit !(l <= r && r <= h) }' || fail "$k g$g: ratio $ratio outside $lo..$hi"
done
[ "$(csv_get "$S" verdict kernel=head config=c2)" = slower ] || fail "head's 20% not found with 8 rounds"
ok "verdicts, '*' and Holm's p all follow the one interval; head's 20% is found"

grep -q '^  by position: 1: ' "$R" || fail "no position line"
grep -q 'first half of the boots' "$R" || fail "no drift line"
ok "position and drift shown"
grep -q 'Emulated (TCG) timings' "$R" || fail "no TCG warning"
grep -q 'CONFIG_SLUB_STATS' "$R" || fail "no SLUB_STATS caveat for slab against SLUB"
ok "warnings for emulation and SLUB_STATS"

mkdir -p "$tmp/b" && cp "$tmp"/a/{hackbench,counters,crosscheck,boots}.csv "$tmp/a/manifest.json" "$tmp/b/"
"$TOP/report/report.sh" "$tmp/b" 2>/dev/null
for f in summary.csv mechanism.csv plots/times.png plots/times.svg plots/add_partial.png plots/ratios.svg plots/drift.png; do
	cmp -s "$tmp/a/$f" "$tmp/b/$f" || fail "$f differs between two reports of the same data"
done
for f in report.txt report.md; do
	diff <(grep -v '^  ./run.sh report ' "$tmp/a/$f") <(grep -v '^  ./run.sh report ' "$tmp/b/$f") ||
		fail "$f differs between two reports of the same data"
done
ok "same data in, same report out (text, CSV, PNG, SVG)"

# Emulated counters: known ratios, ranges and spreads (tests/fixtures.sh)
mkrun "$tmp/e" 4
mkemulated "$tmp/e"
"$TOP/report/report.sh" "$tmp/e" 2>/dev/null || fail "no report with emulated.csv"
grep -qE '^  transfers +head +[0-9.]+ +x1\.500 +1\.485\.\.1\.515r +1\.00%$' "$tmp/e/report.txt" ||
	fail "emulated transfers row: $(grep -E '^  transfers' "$tmp/e/report.txt")"
grep -qE '^  instructions +head +[0-9.]+ +x1\.050 +1\.050\.\.1\.050r +0\.00%$' "$tmp/e/report.txt" ||
	fail "emulated instructions row: $(grep -E '^  instructions' "$tmp/e/report.txt")"
grep -q '^  head: instructions x1.050 (1.050..1.050 r), misses x1.000 (1.000..1.000 r),' "$tmp/e/report.txt" ||
	fail "no emulated headline: $(sed -n '/^Headline/,/^$/p' "$tmp/e/report.txt")"
grep -qE '^  ___slab_alloc +- +- +1\.0 +0\.7$' "$tmp/e/report.txt" || fail "no function table"
[ -s "$tmp/e/plots/emulated.png" ] && [ -s "$tmp/e/emulated-top.csv" ] || fail "no emulated chart or top table"
[ ! -e "$tmp/a/plots/emulated.png" ] && ! grep -q '^Emulated counters' "$tmp/a/report.txt" || fail "a run without emulated.csv has the section"
ok "emulated counters, 2 boots: ratio 1.5, its range 1.485..1.515 marked r, spread 1.00% as built; headline, table, chart"
# 3 boots of each: the 95% interval (Welch's on the logs), not the range
mkrun "$tmp/e3" 4
mkemulated "$tmp/e3" 3
"$TOP/report/report.sh" "$tmp/e3" 2>/dev/null || fail "no report with 3 emulated boots"
golden "$tmp/e3" emulated
grep -qE '^  transfers +head +[0-9.]+ +x1\.500 +1\.458\.\.1\.543  +[0-9.]+%$' "$tmp/e3/report.txt" ||
	fail "emulated transfers row, 3 boots: $(grep -E '^  transfers' "$tmp/e3/report.txt")"
grep -qE 'transfers \+50\.0% \(more, CI 1\.458\.\.1\.543\)' <<<"$(tr -s ' \n' '  ' <"$tmp/e3/report.txt")" ||
	fail "3 boots: no interval in words: $(grep -E 'head/tail' "$tmp/e3/report.txt")"
ok "emulated counters, 3 boots: Welch's interval at Holm's level, 97.5% (1.458..1.543, SciPy), in the table and in words"
# The same 3 replicates as one boot of 3 windows each (the window column):
# the same interval, and the section says windows
mkrun "$tmp/ew" 4
mkemulated "$tmp/ew" 3
awk -F, -v OFS=, 'NR == 1 { $4 = $4 ",window"; print; next } { w = $3; $3 = 1; $4 = $4 "," w; print }' \
	"$tmp/ew/emulated.csv" >"$tmp/ew/e.csv" && mv "$tmp/ew/e.csv" "$tmp/ew/emulated.csv"
"$TOP/report/report.sh" "$tmp/ew" 2>/dev/null || fail "no report with 3 emulated windows"
grep -qE '^  transfers +head +[0-9.]+ +x1\.500 +1\.458\.\.1\.543  +[0-9.]+%$' "$tmp/ew/report.txt" ||
	fail "emulated transfers row, 3 windows: $(grep -E '^  transfers' "$tmp/ew/report.txt")"
grep -q '3 windows per kernel (3 windows a boot, each a replicate' <<<"$(tr -s ' \n' '  ' <"$tmp/ew/report.txt")" ||
	fail "3 windows: not said: $(grep -A3 '^Emulated counters' "$tmp/ew/report.txt")"
ok "emulated counters, one boot of 3 windows: each window a replicate, the 3-boot interval, said in words"

mkrun "$tmp/n1" 1
"$TOP/report/report.sh" "$tmp/n1" 2>/dev/null
grep -q '^  head: too few pairs' "$tmp/n1/report.txt" || fail "one round gives a verdict: $(grep '^  head' "$tmp/n1/report.txt")"
grep -q 'fewer than 2 rounds with both kernels' "$tmp/n1/report.txt" || fail "no too-few-pairs warning"
ok "one round: no interval, and said so"

expect_fail "$TOP/report/report.sh" "$tmp/nothing"
contains "$OUT" "no run" "missing run refused"
mkdir -p "$tmp/empty"
expect_fail "$TOP/report/report.sh" "$tmp/empty"
contains "$OUT" "manifest.json is missing: not a slubbench run" "not a run directory refused"
expect_fail "$TOP/report/report.sh" "$tmp/a" --baseline nosuch
contains "$OUT" "baseline 'nosuch' is not in this run" "unknown baseline refused"
expect_fail "$TOP/report/report.sh" "$tmp/a" --baseline
contains "$OUT" "^slubbench: error: --baseline needs a value" "option without its value"

# compare: B is A with head 50% slower; every other kernel the same
mkdir -p "$tmp/c" && cp "$tmp"/a/{counters,crosscheck,boots}.csv "$tmp/a/manifest.json" "$tmp/c/"
awk -F, -v OFS=, '$1 == "head" && $5 == "timed" { $12 = sprintf("%.3f", $12 * 1.5) } { print }' "$tmp/a/hackbench.csv" >"$tmp/c/hackbench.csv"
jq '.run_id = "c"' "$tmp/a/manifest.json" >"$tmp/c/manifest.json"
out=$("$TOP/report/compare.sh" "$tmp/a" "$tmp/c")
grep -qE '^head +socket/process/g10/l300/f20/d100 +[0-9.]+\(8\) +[0-9.]+\(8\) +\+50\.0% +1\.[0-9]+\.\.1\.[0-9]+ +slower' <<<"$out" || fail "compare: $out"
grep -qE '^tail +socket/process/g10/l300/f20/d100 .* \+0\.0% .* no detectable difference' <<<"$out" || fail "compare: $out"
out=$("$TOP/report/compare.sh" "$tmp/c" "$tmp/a")
grep -qE '^head +socket/process/g10/l300/f20/d100 .* -33\.3% .* faster' <<<"$out" || fail "compare B->A: $out"
ok "compare finds head 50% slower in B (and 33% faster the other way), tail unchanged"
