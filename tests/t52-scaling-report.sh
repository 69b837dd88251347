#!/usr/bin/env bash
# group: unit
# The report of a run at several vCPU counts, from stored data (no VM): the
# main configuration is the one whose wall time is real; a Scaling section
# gives each count's add_partial, alloc_from_partial, objects-per-visit,
# emulated and time ratios, oversubscribed times marked; the sentence on
# growth follows the intervals (grows when they part, no change when they
# overlap); the headline gives counts for every vCPU count; the chart.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"

mkscaling "$tmp/s" 6 2
"$TOP/report/report.sh" "$tmp/s" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "report failed"; }
golden "$tmp/s" scaling
R=$tmp/s/report.txt
[ -s "$tmp/s/plots/scaling.png" ] && [ -s "$tmp/s/plots/scaling.svg" ] || fail "no scaling chart"
grep -q 'plots/scaling.png' "$tmp/s/report.md" || fail "report.md does not show the scaling chart"
ok "a scaling chart (PNG, SVG) in report.md"
for v in 2 4 8; do
	[ "$(csv_get "$tmp/s/summary.csv" vcpus kernel=head config="c$((v == 2 ? 1 : v == 4 ? 2 : 3))")" = "$v" ] ||
		fail "summary.csv: vcpus of c1..c3: $(csv_rows "$tmp/s/summary.csv" kernel config vcpus timing)"
done
[ "$(csv_get "$tmp/s/summary.csv" timing kernel=head config=c1)" = real ] &&
	[ "$(csv_get "$tmp/s/summary.csv" timing kernel=head config=c3)" = oversubscribed ] ||
	fail "summary.csv timing: $(csv_rows "$tmp/s/summary.csv" kernel config vcpus timing)"
grep -q '10 groups x 20 fds, 150 loops, 100-byte messages (600000 messages), 2 vCPUs' <<<"$(tr -s ' \n' ' ' <"$R")" ||
	fail "main configuration is not the 2-vCPU one: $(grep -A1 '^Headline' "$R")"
ok "summary.csv carries vCPUs and timing; the main configuration is the real-time one (2 vCPUs)"

sec=$(sed -n '/^Scaling:/,/^For comparison/p' "$R")
[ -n "$sec" ] || fail "no Scaling section: $(cat "$R")"
rows=$(awk '/add_partial +alloc_from_partial/ { f = 1; next } f && /^ +[0-9]+ x/ { print $1, $2; if (++n == 3) exit }' <<<"$sec" | tr '\n' ' ')
[[ "$rows" =~ ^2\ x(2\.9[0-9]|3\.0[0-9])\ 4\ x(5\.9[0-9]|6\.0[0-9])\ 8\ x1[12]\.[0-9]{2}\ $ ]] ||
	fail "add_partial by vCPUs (want about x3, x6, x12): $rows"
grep -qE '^ +4 .*x1\.[01][0-9] \([0-9.]+\.\.[0-9.]+\) o$' <<<"$sec" || fail "4 vCPUs: time not marked oversubscribed: $sec"
grep -qE '^ +2 .*x1\.[01][0-9] \([0-9.]+\.\.[0-9.]+\)$' <<<"$sec" || fail "2 vCPUs: time marked or missing: $sec"
grep -qE '^ +8 +x1\.00 \(1\.00\.\.1\.00\) +x2\.00 \(' <<<"$sec" || fail "8 vCPUs: emulated instructions x1.00, transfers x2.00: $sec"
grep -q 'at 8; the mechanism grows with the machine: the 8-vCPU interval lies wholly above the 2-vCPU one' <<<"$(tr -s ' \n' ' ' <<<"$sec")" ||
	fail "no growth sentence: $sec"
ok "Scaling: x3 -> x6 -> x12 add_partial, emulated ratios, oversubscribed times marked 'o', the growth read off the intervals"
grep -qE "head: 2: x(2\.9|3\.0)[0-9] \([0-9.]+\.\.[0-9.]+\), 4: x(5\.9|6\.0)[0-9] \(.*\), 8: x1[12]\." <<<"$(tr -s ' \n' ' ' <"$R")" ||
	fail "headline: no add_partial by vCPUs: $(sed -n '/^Headline/,/^Design/p' "$R")"
ok "the headline gives add_partial per message at every vCPU count (counts only)"
awk 'length > 80 { exit 1 }' "$R" || fail "report.txt has lines over 80 columns"

mkscaling "$tmp/n" 6 1
"$TOP/report/report.sh" "$tmp/n" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "report failed"; }
grep -q 'the mechanism shows no detectable change from 2 to 8 vCPUs: the two intervals overlap' <<<"$(tr -s ' \n' ' ' <"$tmp/n/report.txt")" ||
	fail "no growth, yet: $(sed -n '/^Scaling:/,/^For comparison/p' "$tmp/n/report.txt")"
ok "the same ratio at every count: 'no detectable change'"

# the same data, the same report
cp "$R" "$tmp/first.txt"
"$TOP/report/report.sh" "$tmp/s" >/dev/null 2>&1
cmp -s "$R" "$tmp/first.txt" || fail "a second report of the same data differs"
ok "same data, same report"
