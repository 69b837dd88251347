#!/usr/bin/env bash
# The variance experiment in words: studies/variance-summary.sh DIR prints
# what DIR/analysis.csv (slubstats variance) says, for DIR/summary.txt; DIR
# is one run of studies/variance.sh, or holds several pooled (DIR/*/run-info).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

dir=${1:?usage: studies/variance-summary.sh DIR}
[ -f "$dir/analysis.csv" ] || die "$dir/analysis.csv is missing: run slubstats variance on $dir/variance.csv first"
# a run's own directory, or runs pooled (slubstats variance DIR/*/variance.csv)
for info in "$dir/run-info" "$dir"/*/run-info; do
	[ ! -f "$info" ] || sed -n 's/^command=/Run: /p; s/^host=/Host: /p' "$info"
done
echo
echo "Where the variance is (ln of the timed run, the 'first' rows):"
csv_rows "$dir/analysis.csv" pinned strategy boots within_sd between_sd boot_share first_ratio first_lo first_hi |
	awk -F'|' '$2 == "first" { printf "  %s: %s boots, sd within a boot %.4f, between boots %.4f (%.0f%% of the variance from boot to boot); run 1 against the later runs x%.4f (%.4f..%.4f)\n",
		($1 ? "pinned  " : "unpinned"), $3, $4, $5, 100 * $6, $7, $8, $9 }'
echo
echo "Per strategy (sd of a boot's value on the log scale with its 95% interval; an A/A"
echo "interval from the boots taken two by two; precision per minute against the bench's"
echo "timed boot unpinned; rounds and minutes of a two-kernel plan for a +-2% interval):"
printf '  %-9s %-10s %6s %8s %17s %6s %18s %7s %7s %8s %7s %6s\n' condition strategy s/boot sd_boot "(95%)" pairs "A/A interval" prec/min r rounds2% min2% F-p
csv_rows "$dir/analysis.csv" pinned strategy seconds_per_boot sd_boot sd_lo sd_hi pairs aa_lo aa_hi precision_per_minute r rounds_2pct minutes_2pct vs_unpinned_p |
	awk -F'|' '{ printf "  %-9s %-10s %6.1f %8.4f %8.4f..%-7.4f %6s %8.3f..%-8.3f %7.2f %7s %8.0f %7.0f %6s\n",
		($1 ? "pinned" : "unpinned"), $2, $3, $4, $5, $6, $7, $8, $9, $10, ($11 == "" ? "" : sprintf("%.2f", $11)), $12, $13, ($14 == "" ? "" : sprintf("%.3f", $14)) }'
echo
echo "F-p: the F test that the pinned boots' sd equals the unpinned boots' (same strategy)."
