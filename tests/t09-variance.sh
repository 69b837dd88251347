#!/usr/bin/env bash
# group: unit
# The variance experiment (studies/variance.sh) without
# boots: its bad input is refused before anything is built; slubstats
# variance on a made-up variance.csv finds a calibration that explains the
# time exactly (no residual), keeps the conditions apart, and refuses a
# boot with a run missing; the summary prints every strategy.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build_tools all
S=$TOOLS_BIN/slubstats

expect_fail "$TOP/studies/variance.sh" --boots 6
contains "$OUT" "boots 6: give a multiple of 4" "--boots not a multiple of 4 is refused"
expect_fail "$TOP/studies/variance.sh" --reps 1
contains "$OUT" "reps 1: give at least 2" "--reps 1 is refused"
expect_fail "$TOP/studies/variance.sh" --loops
contains "$OUT" "loops" "an option without its value is refused"

# 16 boots, U P P U ...; run1 = 2 x cal-pipe^1.2 exactly in the pinned
# boots, loosely in the unpinned ones; cal-loop is noise.
awk 'BEGIN {
	print "boot,kernel,pinned,boot_seconds,measure,seconds"
	srand(7)
	for (b = 1; b <= 16; b++) {
		p = int(b / 2) % 2; pipe = 2 + b % 5 * 0.1 + (b > 8) * 0.3; loop = 2 + rand() * 0.2
		r1 = 2 * pipe ^ 1.2 * (p ? 1 : 1 + (rand() - 0.5) * 0.2)
		printf "%d,tail,%d,20,cal-loop,%.6f\n%d,tail,%d,20,cal-pipe,%.6f\n", b, p, loop, b, p, pipe
		for (r = 1; r <= 3; r++) printf "%d,tail,%d,20,run%d,%.6f\n", b, p, r, (r == 1 ? r1 : r1 * (1 + r * 0.01))
	} }' >"$tmp/variance.csv"
"$S" variance "$tmp/variance.csv" >"$tmp/analysis.csv"
rows=$(csv_rows "$tmp/analysis.csv" pinned strategy boots sd_boot r)
[ "$(grep -c . <<<"$rows")" -eq 10 ] || fail "expected 10 rows (2 conditions x 5 strategies): $rows"
ok "one row per condition and strategy"
awk -F'|' '$1 == 1 && $2 == "cal-pipe" { exit !($3 == 8 && $4 < 1e-5 && $5 > 0.99999) }' <<<"$rows" ||
	fail "pinned cal-pipe: the calibration explains run 1 exactly, so no residual: $rows"
ok "an exact calibration leaves no residual"
awk -F'|' '$1 == 0 && $2 == "cal-pipe" { exit !($4 > 0.005) }' <<<"$rows" ||
	fail "unpinned cal-pipe: noise added, so a residual: $rows"
ok "the conditions are analysed apart"
cp -r "$tmp/variance.csv" "$tmp/v2.csv"
sed -i '/^5,tail,0,20,run2,/d' "$tmp/v2.csv"
expect_fail "$S" variance "$tmp/v2.csv"
contains "$OUT" "boot 5 has no run2" "a boot with a run missing is refused, named"

printf 'command=test\nhost=test, 2 cores\n' >"$tmp/run-info"
sum=$("$TOP/studies/variance-summary.sh" "$tmp")
for s in first mean drop-first cal-loop cal-pipe; do
	grep -qE "^  (pinned|unpinned) +$s " <<<"$sum" || fail "summary lacks strategy $s: $sum"
done
ok "the summary prints every strategy"
