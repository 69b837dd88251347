#!/usr/bin/env bash
# group: full
# The cost model in the report, from stored data (tests/fixtures.sh
# mkcycles, priced by hand there): the headline's modelled cycles with
# their interval and sensitivity range, where the cycles go, the spin
# share, the sensitivity table; a run counted before the machine model
# gets no such section, and says nothing of cycles; boots that counted
# instructions alone (--emulated-instructions) join the instructions and
# nothing else; a row or window counted in part is refused; --price
# restates a price at report time (CPI 2 is the table's CPI-doubled row).
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkrun "$tmp/c" 4
mkcycles "$tmp/c"
"$TOP/report/report.sh" "$tmp/c" >/dev/null 2>&1 || fail "no report with a machine model"
golden "$tmp/c" cycles
R=$tmp/c
# The headline prices counts only from a schedule like parallel vCPUs':
# MTTCG (above), or the counting mode at DET_QUANTUM_MULTI or finer; with
# no quantum, or a coarser one, or at a vCPU count the study could not
# compare with parallel vCPUs (8; the run has no vcpus column: the plan's
# smp), it says why not.
# shellcheck source=lib/detboot.sh
. "$TOP/lib/detboot.sh"
for q in none "$DET_QUANTUM_MULTI" $((DET_QUANTUM_MULTI * 5)) "$DET_QUANTUM_MULTI@8"; do
	rm -rf "$tmp/q" && cp -r "$R" "$tmp/q"
	jq --arg q "${q%@8}" --arg smp "$([ "${q#*@}" = 8 ] && echo 8 || echo 2)" \
		'.emulated_mode = "det" | .plan.smp = $smp | if $q == "none" then del(.plan.quantum) else .plan.quantum = $q end' "$R/manifest.json" >"$tmp/q/manifest.json"
	"$TOP/report/report.sh" "$tmp/q" >/dev/null 2>&1 || fail "no report in the counting mode at quantum $q"
	H=$(sed -n '/^Headline/,/^$/p' "$tmp/q/report.txt" | tr '\n' ' ' | tr -s ' ')
	case "$q" in
	none) contains "$H" "Modelled cycles: not in the headline. The counting mode ran with no quantum \(a vCPU runs until a timer, HLT or PAUSE ends its turn\) at 2 vCPUs" "no quantum: no cycles in the headline" ;;
	*@8) contains "$H" "Modelled cycles: not in the headline. The counting mode ran at --quantum ${q%@8} at 8 vCPUs, a schedule the quantum study did not find like parallel vCPUs' \(it did at --quantum $DET_QUANTUM_MULTI and below at $DET_QUANTUM_MULTI_VCPUS vCPUs" "quantum $q vCPUs: no cycles in the headline" ;;
	"$DET_QUANTUM_MULTI") contains "$H" "counts from the counting mode at --quantum $q and $DET_QUANTUM_MULTI_VCPUS vCPUs, a schedule the quantum study found like parallel vCPUs'; see Modelled cycles\): head: x1.039" "quantum $q: the cycles, the regime named" ;;
	*) contains "$H" "Modelled cycles: not in the headline. The counting mode ran at --quantum $q" "quantum $q: no cycles in the headline" ;;
	esac
done
ok "the headline's cycles: from MTTCG, or the counting mode at --quantum $DET_QUANTUM_MULTI and $DET_QUANTUM_MULTI_VCPUS vCPUs, each named; none with no quantum, a coarser one, or at 8 vCPUs"
# sig6 V: V to 6 significant digits (the CSVs keep every digit; the hand
# computation's figures have 6)
sig6() { awk -v v="$1" 'BEGIN { printf "%.6g", v }'; }
[ "$(sig6 "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=as-stated factor=1)")" = 1.03948 ] ||
	fail "cycles ratio: $(grep as-stated "$R/emulated-cycles.csv")"
[ "$(sig6 "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=base factor=0.5)")" = 1.04142 ] ||
	fail "CPI halved: $(grep sensitivity "$R/emulated-cycles.csv")"
[ "$(sig6 "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=memory factor=2)")" = 1.04046 ] ||
	fail "memory doubled: $(grep sensitivity "$R/emulated-cycles.csv")"
[ "$(sig6 "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=spin name=cycles_share)")" = 0.01207 ] ||
	fail "spin share: $(grep spin "$R/emulated-cycles.csv")"
[ "$(csv_rows "$R/emulated-cycles.csv" kernel kind name | awk -F'|' '$1 == "head" && $2 == "part" { print $3 }' | paste -sd' ' -)" = "$CYCLE_PARTS" ] ||
	fail "the parts slubstats writes are not lib/rundir.sh's CYCLE_PARTS ($CYCLE_PARTS)"
ok "emulated-cycles.csv: head/tail x1.03948, CPI halved x1.04142, memory doubled x1.04046, spin 1.207% (Python's values)"
[ "$(sig6 "$(csv_get "$R/emulated-summary.csv" ratio kernel=head config=c2 scope=all metric=cycles)")" = 1.03948 ] ||
	fail "no cycles in emulated-summary.csv"
[ "$(csv_get "$R/emulated-summary.csv" n kernel=head config=c2 scope=all metric=transfers_die)" = 3 ] ||
	fail "no die transfers in emulated-summary.csv"
flat=$(tr -s ' \n' '  ' <"$R/report.txt")
grep -qF 'Modelled cycles per message against tail, on the clovertown model (8 cores; a model of what the counts would cost, not measured time' <<<"$flat" ||
	fail "headline: no modelled cycles: $(sed -n '/^Headline/,/^$/p' "$R/report.txt")"
grep -qE 'head: x1\.039 \(95% CI, Holm [0-9.]+\.\.[0-9.]+\); every price halved or doubled: 1\.038\.\.1\.041' <<<"$flat" ||
	fail "headline: no cycles ratio with interval and sensitivity: $(grep -A2 'Modelled cycles per' "$R/report.txt")"
grep -qE '^  base CPI +1\.041/1\.038$' "$R/report.txt" || fail "no sensitivity table: $(grep -A3 '^Sensitivity' "$R/report.txt")"
grep -qF 'head 1.2%' <<<"$flat" || fail "no spin share: $(grep -A1 'Spin-waiting' "$R/report.txt")"
grep -qF 'stays below both' <<<"$flat" || fail "no comparison with LWN's 2x and 3.1-rc1's -70%"
grep -qF 'memory 115 ns' "$R/report.txt" && grep -qF 'anandtech.com/show/2386' <<<"$flat" || fail "prices or their sources not shown"
[ "$(awk 'length > 80' "$R/report.txt" | wc -l)" = 0 ] || fail "lines over 80 columns: $(awk 'length > 80' "$R/report.txt")"
ok "the report: headline cycles with CI and sensitivity, parts, spin share, sensitivity table, prices and sources, LWN's 2x"
m=$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=part name=memory)
[ -s "$R/plots/cycles.png" ] && [ -s "$R/plots/cycles.svg" ] &&
	awk -v m="$m" '$1 == "head" { f = sprintf("%.4f", m / 1e6) == $4 } END { exit !f }' "$R/plots/cycles.dat" ||
	fail "the cycles chart: $(cat "$R/plots/cycles.dat" 2>/dev/null), head's memory $m"
ok "the chart of where the cycles go: a bar per kernel, head's memory part as emulated-cycles.csv has it ($m)"
# --price: a price restated at report time; CPI 2 as stated is the table's
# sensitivity row "CPI doubled" (the same arithmetic, another way in); the
# headline, the price's source and the Reproduce line say so; a bad price
# is refused in one line before anything is written
half=$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=base factor=2)
cp -r "$R" "$tmp/p"
"$TOP/report/report.sh" "$tmp/p" --price cpi=2 >/dev/null 2>&1 || fail "no report with --price cpi=2"
[ "$(csv_get "$tmp/p/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=as-stated factor=1)" = "$half" ] ||
	fail "--price cpi=2: as stated $(csv_get "$tmp/p/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=as-stated factor=1), the table's CPI doubled $half"
pflat=$(tr -s ' \n' '  ' <"$tmp/p/report.txt")
grep -qF 'clovertown model (8 cores; prices restated on the command line: cpi=2;' <<<"$pflat" &&
	grep -qF 'base CPI 2: given on the command line (cpi=2, was 1, the table' <<<"$pflat" &&
	grep -qF "./run.sh report $tmp/p --price cpi=2" <<<"$pflat" || grep -qF "report DIR (DIR: this report's directory) --price cpi=2" <<<"$pflat" ||
	fail "--price cpi=2 not said: $(grep -n 'restated\|command line\|run.sh report' "$tmp/p/report.txt")"
for bad in "cpi=0|cpi=0: the price must be a decimal number above 0" "ghz=3|'ghz' is not a price: give cpi, l2_cycles" \
	"memory_ns=1e9|at most 100000" "cpi|cpi needs a value"; do
	cp "$tmp/p/report.txt" "$tmp/before.txt"
	expect_fail "$TOP/report/report.sh" "$tmp/p" --price "${bad%%|*}"
	contains "$OUT" "^slubstats: error: --price .*${bad#*|}" "--price ${bad%%|*} refused"
	[ "$(grep -c . <<<"$OUT")" = 1 ] && cmp -s "$tmp/before.txt" "$tmp/p/report.txt" || fail "--price ${bad%%|*}: more than one line, or the report was touched: $OUT"
done
ok "--price cpi=2: head/tail x$half, the table's CPI-doubled row; said in the headline, the sources and the Reproduce line"
# two more boots of each kernel counting instructions alone (cache=off:
# every count of the cache model empty), as in the first boot
mkrun "$tmp/i" 4
mkcycles "$tmp/i"
awk -F, 'NR > 1 && $3 == 1 { for (r = 4; r <= 5; r++) { $3 = r; for (i = 10; i <= 17; i++) $i = ""; print } }' OFS=, \
	"$tmp/i/emulated.csv" >"$tmp/more.csv"
cat "$tmp/more.csv" >>"$tmp/i/emulated.csv"
"$TOP/report/report.sh" "$tmp/i" >/dev/null 2>&1 || fail "no report with instruction-only boots"
golden "$tmp/i" instructions
R=$tmp/i
[ "$(sig6 "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=as-stated factor=1)")" = 1.03948 ] ||
	fail "instruction-only boots changed the modelled cycles: $(grep as-stated "$R/emulated-cycles.csv")"
for m in instructions:5 transfers:3 misses:3 cycles:3; do
	[ "$(csv_get "$R/emulated-summary.csv" n kernel=head config=c2 scope=all metric="${m%:*}")" = "${m#*:}" ] ||
		fail "${m%:*} over $(csv_get "$R/emulated-summary.csv" n kernel=head config=c2 scope=all metric="${m%:*}") boots, want ${m#*:}"
done
# head's ___slab_alloc a boot: 2 x 1.1e6 instructions (x 1, 1.01, 0.99, 1, 1),
# 2 x 90 transfers (x 1, 1.01, 0.99): means 2.2e6 over 5 boots, 180 over 3
[ "$(csv_get "$R/emulated-top.csv" instructions kernel=head function=___slab_alloc)" = 2200000 ] &&
	[ "$(csv_get "$R/emulated-top.csv" transfers kernel=head function=___slab_alloc)" = 180 ] &&
	[ "$(csv_get "$R/emulated-top.csv" boots kernel=head function=___slab_alloc)" = 5 ] &&
	[ "$(csv_get "$R/emulated-top.csv" cache_boots kernel=head function=___slab_alloc)" = 3 ] ||
	fail "emulated-top.csv, head ___slab_alloc: $(grep '^head,c2,___slab_alloc' "$R/emulated-top.csv")"
grep -qF "the cache model's counts (misses, transfers, cycles) in 3 boots per kernel" <<<"$(tr -s ' \n' '  ' <"$R/report.txt")" ||
	fail "the report does not say which boots counted what: $(grep -A3 '^Emulated counters' "$R/report.txt")"
ok "2 instruction-only boots a kernel: instructions over 5 boots, the cache's counts and cycles over 3 (cycles x1.03948 as before), said in the report"
# a row with some of the cache's counts, or a window counted in part: refused
S=$TOOLS_BIN/slubstats
sed '3s/^\(\([^,]*,\)\{10\}\)[^,]*/\1/' "$tmp/c/emulated.csv" >"$tmp/part.csv"
expect_fail "$S" emulated "$tmp/part.csv" "$tmp/c/hackbench.csv"
contains "$OUT" "accesses, misses and transfers: give all three or none" "a row with accesses and transfers but no misses"
awk -F, 'NR == 3 { for (i = 10; i <= 17; i++) $i = "" } { print }' OFS=, "$tmp/c/emulated.csv" >"$tmp/mixed.csv"
expect_fail "$S" emulated "$tmp/mixed.csv" "$tmp/c/hackbench.csv"
contains "$OUT" "a window is counted whole or not at all" "a window with one row not counted by the cache model"
ok "a row or a window counted in part is refused, naming the line"
mkrun "$tmp/old" 4
mkemulated "$tmp/old" 3
"$TOP/report/report.sh" "$tmp/old" >/dev/null 2>&1 || fail "a run before the machine model does not report"
[ ! -e "$tmp/old/emulated-cycles.csv" ] || fail "cycles made up for a run without a machine"
! grep -qi 'modelled cycles' "$tmp/old/report.txt" || fail "a run without a machine speaks of modelled cycles"
[ ! -e "$tmp/old/plots/cycles.png" ] || fail "a run without a machine has a cycles chart"
ok "a run counted before the machine model: no cycles, no section"
