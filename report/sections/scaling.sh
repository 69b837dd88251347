# shellcheck shell=bash
# Scaling, sourced by report/text.sh inside its output when the run
# has more than one vCPU count (report.sh's SCALING: "vcpus config" of the
# main configuration's hackbench at each count): each kernel against the
# baseline at each count, counts first (exact, whatever the host), the
# time last and marked where it was oversubscribed; then how the
# regression's mechanism grows, read off the intervals.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline kernels
if [ "$SEVERAL_VCPUS" = 1 ]; then
	GROWTH=$("$S" growth "$R/mechanism.csv" --from "$(head -n1 <<<"$SCALING" | cut -d' ' -f2)" --to "$(tail -n1 <<<"$SCALING" | cut -d' ' -f2)")
	# rci VALUE LO HI: "x1.23 (1.10..1.40)", or "-" without a value
	rci() { awk -v r="$1" -v l="$2" -v h="$3" 'BEGIN { if (r == "") print "-"; else if (l == "") printf "x%.2f", r; else printf "x%.2f (%.2f..%.2f)", r, l, h }'; }
	# mr KERNEL CONFIG COUNTER: mechanism.csv's paired ratio, 95% CI
	mr() { rci "$(mv_ "$1" "$2" all "$3" ratio)" "$(mv_ "$1" "$2" all "$3" ratio_lo)" "$(mv_ "$1" "$2" all "$3" ratio_hi)"; }
	# er KERNEL CONFIG METRIC: emulated-summary.csv's ratio, Holm CI or range
	er() {
		[ -s "$R/emulated-summary.csv" ] || { echo -; return; }
		rci "$(model_get emulated ratio "$1" "$2" all "$3")" "$(model_get emulated lo "$1" "$2" all "$3")" \
			"$(model_get emulated hi "$1" "$2" all "$3")"
	}
	echo "Scaling: each kernel against $baseline at each vCPU count, the main"
	echo "configuration's hackbench; ratios per message, paired by round with 95% CIs"
	echo "(SLUB statistics of the timed boots); emulated: ratio of geometric means,"
	echo "CI Holm-adjusted as in Emulated counters from 3 boots per kernel, else the"
	echo "range over every pair of boots."
	echo "Counts do not depend on the host's speed;"
	echo "the time does ('o': oversubscribed)."
	for k in "${kernels[@]}"; do
		[ "$k" != "$baseline" ] || continue
		echo
		echo "  $k/$baseline:"
		printf '  %5s %-21s %-21s %-21s\n' vCPUs "add_partial" "alloc_from_partial" "objects/partial visit"
		while read -r v c; do
			printf '  %5s %-21s %-21s %-21s\n' "$v" "$(mr "$k" "$c" add_partial)" "$(mr "$k" "$c" alloc_from_partial)" \
				"$(mr "$k" "$c" objects_per_partial_visit)"
		done <<<"$SCALING"
		printf '  %5s %-21s %-21s %-21s\n' vCPUs "instructions (emu)" "transfers (emu)" "time (Holm CI)"
		while read -r v c; do
			t=$(rci "$(sv "$k" "$c" ratio)" "$(sv "$k" "$c" ci_lo)" "$(sv "$k" "$c" ci_hi)")
			[ "$(sv "$k" "$c" timing)" != oversubscribed ] || t="$t o"
			printf '  %5s %-21s %-21s %-21s\n' "$v" "$(er "$k" "$c" instructions)" "$(er "$k" "$c" transfers)" "$t"
		done <<<"$SCALING"
		# the cost model at each count, when the run has it
		if [ -s "$R/emulated-cycles.csv" ]; then
			printf '  %5s %-21s\n' vCPUs "modelled cycles"
			while read -r v c; do printf '  %5s %-21s\n' "$v" "$(er "$k" "$c" cycles)"; done <<<"$SCALING"
		fi
		# the growth, from the first and the last count's add_partial
		# intervals (the verdict: slubstats growth, src/stats/growth.c)
		csv_rows <(echo "$GROWTH") kernel from_ratio to_ratio change | awk -F'|' -v k="$k" -v base="$baseline" \
			-v v1="$(head -n1 <<<"$SCALING" | cut -d' ' -f1)" -v v2="$(tail -n1 <<<"$SCALING" | cut -d' ' -f1)" '$1 == k {
			if ($4 == "grows") w = "grows with the machine: the " v2 "-vCPU interval lies wholly above the " v1 "-vCPU one"
			else if ($4 == "shrinks") w = "shrinks with the machine: the " v2 "-vCPU interval lies wholly below the " v1 "-vCPU one"
			else w = "shows no detectable change from " v1 " to " v2 " vCPUs: the two intervals overlap"
			printf "  add_partial calls per message, %s/%s: x%.2f at %s vCPUs, x%.2f at %s; the mechanism %s.\n", k, base, $2, v1, $3, v2, w }' | wrap
	done
	echo
	echo "For comparison: in 2007 SLUB could \"cut performance [of hackbench] in half\"" | wrap
	echo "(LWN), and the same head insertion came back in 3.1-rc1 at -70% (fixed by" | wrap
	echo "130655ef). Those were wall times on real multi-core hardware; the counts" | wrap
	echo "above are the mechanism itself, and emulated times are not real ones." | wrap
	echo
fi
