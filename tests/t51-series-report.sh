#!/usr/bin/env bash
# group: unit
# The partial list over time in the report (no VM): a run with series
# boots (tests/fixtures.sh's mkseries, values by hand) gives the section's
# figures, the reading against the baseline, the sampler's cost both ways,
# a series boot that sampled nothing said by name, the chart; a run without
# series boots has no such section; series.csv's rows are checked as the
# untrusted input they are.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"

mkrun "$tmp/a" 4
mkseries "$tmp/a"
"$TOP/report/report.sh" "$tmp/a" 2>"$tmp/log" || { cat "$tmp/log"; fail "report failed"; }
# the report's text with its lines joined (wrap folds them at 78 columns)
F=$(tr '\n' ' ' <"$tmp/a/report.txt" | tr -s ' ')
contains "$(cat "$tmp/a/report.txt")" '^The partial list over time: series boots' "the section"
contains "$F" ' head \(seed 1\): 11 samples over 1000 ms; the list 2 slabs long on average \(at most 2\); slabs added 50.0 per ms ' "head's line"
contains "$F" ' tail \(seed 1\): 11 samples over 1000 ms; the list 20 slabs long on average \(at most 20\); slabs added 10.0 per ms ' "tail's line"
contains "$F" 'Reading, over 3 seeds paired: head added slabs to the list x5.00 \(5.00..5.00\) as often as tail, and its list held x0.10 \(0.10..0.10\) as many slabs \(averaged over time, the median boot 2, its boots 2..2; tail 20\).' "the reading"
contains "$F" 'a sample takes 1000 us of guest time alone; at most 0.55% of the vCPUs.? time in a run' "the sampler's share"
# head: ratios 1.01, 1, 0.99 (geometric mean 0.99997, Student t over 3)
contains "$F" 'head x1.000 \(0.975..1.025, 3 seeds: no detectable difference\); tail x1.000' "the twins, paired by seed"
contains "$F" 's01-stock: the sampler gave no samples of skbuff_head_cache' "a series boot with no sample"
ok "the section: each kernel's list and rate, the reading over 3 seeds against tail (5.00x, lists 0.10x), the sampler's cost (0.55%, the twins' interval), a boot that sampled nothing"
[ -s "$tmp/a/plots/series.png" ] && [ -s "$tmp/a/plots/series.svg" ] || fail "no chart plots/series.{png,svg}"
[ "$(grep -c '^"' "$tmp/a/plots/series.dat")" = 2 ] || fail "the chart's data is not a block per kernel: $(head "$tmp/a/plots/series.dat")"
grep -q 'plots/series.png' "$tmp/a/report.md" || fail "report.md does not show the chart"
ok "the chart: a panel per kernel (head, tail), in report.md"

mkrun "$tmp/b" 4
"$TOP/report/report.sh" "$tmp/b" 2>"$tmp/log" || { cat "$tmp/log"; fail "report failed"; }
! grep -q 'partial list over time' "$tmp/b/report.txt" || fail "a run without series boots has the section"
[ ! -e "$tmp/b/plots/series.png" ] || fail "a run without series boots has the chart"
ok "a run without series boots: no section, no chart"

# shellcheck disable=SC2016 # a command substitution as data, on purpose
for bad in 'head,2007,1,c1,1,2,-5,skbuff_head_cache,partial,2|time_ms' 'head,2007,1,c1,1,2,5,skbuff_head_cache,$(reboot),2|quantity' \
	'head,2007,1,c1,1,2,5,skbuff_head_cache,partial,x|value'; do
	cp -r "$tmp/a" "$tmp/c"
	line=$(($(wc -l <"$tmp/c/series.csv") + 1))
	echo "${bad%|*}" >>"$tmp/c/series.csv"
	expect_fail "$TOP/report/report.sh" "$tmp/c"
	contains "$OUT" "series.csv: line $line: ${bad##*|} " "bad series.csv row (${bad##*|})"
	rm -rf "$tmp/c"
done
refusals_said

# a duplicated row (the last sample's value again) is refused, not summed
cp -r "$tmp/a" "$tmp/c"
last=$(tail -n1 "$tmp/c/series.csv")
echo "$last" >>"$tmp/c/series.csv"
expect_fail "$TOP/report/report.sh" "$tmp/c"
contains "$OUT" "series.csv: line $(wc -l <"$tmp/c/series.csv"): a second alloc_from_partial at time_ms 1000 of the same run: a duplicated row" "a duplicated series row"
rm -rf "$tmp/c"
# the baseline's lists all empty: no ratio, so no reading (not "over 0 seeds")
cp -r "$tmp/a" "$tmp/c"
awk -F, -v OFS=, '$1 == "tail" && $9 == "partial" { $10 = 0 } { print }' "$tmp/a/series.csv" >"$tmp/c/series.csv"
"$TOP/report/report.sh" "$tmp/c" 2>"$tmp/log" || { cat "$tmp/log"; fail "report (empty baseline lists) failed"; }
! grep -q 'Reading, over' "$tmp/c/report.txt" || fail "a reading against lists of 0 slabs: $(grep -A2 'Reading, over' "$tmp/c/report.txt")"
rm -rf "$tmp/c"
ok "a duplicated series row refused in one line; a baseline whose lists are all empty gives no reading"

# slubstats series grows with its runs, not their square: the CPU time of
# 160k runs against 20k (n log n gives about 9x; the linear look-ups it had
# gave 60x and more)
series_cpu() { # series_cpu RUNS: CPU seconds of --summary and --baseline on RUNS runs a kernel
	awk -v n="$1" 'BEGIN { print "kernel,profile,round,config,window,vcpus,time_ms,cache,quantity,value"
		for (k = 0; k < 2; k++) for (r = 1; r <= n / 2; r++) for (t = 1; t <= 2; t++) {
			printf "%s,2007,%d,c1,1,2,%d,skb,partial,%d\n", k ? "tail" : "head", r, t, r % 50 + t
			printf "%s,2007,%d,c1,1,2,%d,skb,free_add_partial,%d\n", k ? "tail" : "head", r, t, t * 10 + r % 7 } }' >"$tmp/s$1.csv"
	{ TIMEFORMAT=%3U+%3S; time { "$TOOLS_BIN/slubstats" series "$tmp/s$1.csv" --summary >/dev/null &&
		"$TOOLS_BIN/slubstats" series "$tmp/s$1.csv" --baseline tail >/dev/null; }; } 2>&1 |
		awk '{ split($0, a, "+"); print a[1] + a[2] }'
}
build_tools all
small=$(series_cpu 20000) big=$(series_cpu 160000)
awk -v s="$small" -v b="$big" 'BEGIN { exit !(b < 16 * s + 0.5) }' || fail "slubstats series: 8x the runs took ${big} s of CPU against ${small} s (not n log n)"
ok "slubstats series on 160k runs in ${big} s of CPU, 20k in ${small} s"
