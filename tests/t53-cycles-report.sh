#!/usr/bin/env bash
# group: quick
# The cost model in the report, from stored data (tests/fixtures.sh
# mkcycles, priced by hand there): the headline's modelled cycles with
# their interval and sensitivity range, where the cycles go, the spin
# share, the sensitivity table; a run counted before the machine model
# gets no such section, and says nothing of cycles.
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkrun "$tmp/c" 4
mkcycles "$tmp/c"
"$TOP/bench/report.sh" "$tmp/c" >/dev/null 2>&1 || fail "no report with a machine model"
R=$tmp/c
[ "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=as-stated factor=1)" = 1.03948 ] ||
	fail "cycles ratio: $(grep as-stated "$R/emulated-cycles.csv")"
[ "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=base factor=0.5)" = 1.04142 ] ||
	fail "CPI halved: $(grep sensitivity "$R/emulated-cycles.csv")"
[ "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=sensitivity name=memory factor=2)" = 1.04046 ] ||
	fail "memory doubled: $(grep sensitivity "$R/emulated-cycles.csv")"
[ "$(csv_get "$R/emulated-cycles.csv" value kernel=head config=c2 kind=spin name=cycles_share)" = 0.01207 ] ||
	fail "spin share: $(grep spin "$R/emulated-cycles.csv")"
[ "$(csv_rows "$R/emulated-cycles.csv" kernel kind name | awk -F'|' '$1 == "head" && $2 == "part" { print $3 }' | paste -sd' ' -)" = "$CYCLE_PARTS" ] ||
	fail "the parts slubstats writes are not lib/rundir.sh's CYCLE_PARTS ($CYCLE_PARTS)"
ok "emulated-cycles.csv: head/tail x1.03948, CPI halved x1.04142, memory doubled x1.04046, spin 1.207% (Python's values)"
[ "$(csv_get "$R/emulated-summary.csv" ratio kernel=head config=c2 scope=all metric=cycles)" = 1.03948 ] ||
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
mkrun "$tmp/old" 4
mkemulated "$tmp/old" 3
"$TOP/bench/report.sh" "$tmp/old" >/dev/null 2>&1 || fail "a run before the machine model does not report"
[ ! -e "$tmp/old/emulated-cycles.csv" ] || fail "cycles made up for a run without a machine"
! grep -qi 'modelled cycles' "$tmp/old/report.txt" || fail "a run without a machine speaks of modelled cycles"
[ ! -e "$tmp/old/plots/cycles.png" ] || fail "a run without a machine has a cycles chart"
ok "a run counted before the machine model: no cycles, no section"
