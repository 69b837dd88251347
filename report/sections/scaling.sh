# shellcheck shell=bash disable=SC2154
# Scaling, sourced by report/text.sh inside its output when the run
# has more than one vCPU count (report.sh's SCALING: "vcpus config" of the
# main configuration's hackbench at each count): each kernel against the
# baseline at each count, counts first (exact, whatever the host), the
# time last and marked where it was oversubscribed; then how the
# regression's mechanism grows, read off the intervals.
if [ "$(grep -c . <<<"$SCALING")" -gt 1 ]; then
	# rci VALUE LO HI: "x1.23 (1.10..1.40)", or "-" without a value
	rci() { awk -v r="$1" -v l="$2" -v h="$3" 'BEGIN { if (r == "") print "-"; else if (l == "") printf "x%.2f", r; else printf "x%.2f (%.2f..%.2f)", r, l, h }'; }
	# mr KERNEL CONFIG COUNTER: mechanism.csv's paired ratio, 95% CI
	mr() { rci "$(mv_ "$1" "$2" all "$3" ratio)" "$(mv_ "$1" "$2" all "$3" ratio_lo)" "$(mv_ "$1" "$2" all "$3" ratio_hi)"; }
	# er KERNEL CONFIG METRIC: emulated-summary.csv's ratio, 95% CI or range
	er() {
		[ -s "$R/emulated-summary.csv" ] || { echo -; return; }
		local f=(kernel="$1" config="$2" scope=all metric="$3")
		rci "$(csv_get "$R/emulated-summary.csv" ratio "${f[@]}")" "$(csv_get "$R/emulated-summary.csv" lo "${f[@]}")" \
			"$(csv_get "$R/emulated-summary.csv" hi "${f[@]}")"
	}
	echo "Scaling: each kernel against $baseline at each vCPU count, the main"
	echo "configuration's hackbench; ratios per message, paired by round with 95% CIs"
	echo "(SLUB statistics of the timed boots); emulated: ratio of geometric means,"
	echo "95% CI from 3 boots per kernel, else the range over every pair of boots."
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
		# the cost model at each count (#23), when the run has it
		if [ -s "$R/emulated-cycles.csv" ]; then
			printf '  %5s %-21s\n' vCPUs "modelled cycles"
			while read -r v c; do printf '  %5s %-21s\n' "$v" "$(er "$k" "$c" cycles)"; done <<<"$SCALING"
		fi
		# the growth, from the first and the last count's add_partial intervals
		read -r v1 c1 <<<"$(head -n1 <<<"$SCALING")"
		read -r v2 c2 <<<"$(tail -n1 <<<"$SCALING")"
		lo1=$(mv_ "$k" "$c1" all add_partial ratio_lo) hi1=$(mv_ "$k" "$c1" all add_partial ratio_hi)
		lo2=$(mv_ "$k" "$c2" all add_partial ratio_lo) hi2=$(mv_ "$k" "$c2" all add_partial ratio_hi)
		[ -n "$lo1" ] && [ -n "$lo2" ] || continue
		awk -v a="$(mv_ "$k" "$c1" all add_partial ratio)" -v b="$(mv_ "$k" "$c2" all add_partial ratio)" \
			-v l1="$lo1" -v h1="$hi1" -v l2="$lo2" -v h2="$hi2" -v v1="$v1" -v v2="$v2" -v k="$k" -v base="$baseline" 'BEGIN {
			if (l2 > h1) w = "grows with the machine: the " v2 "-vCPU interval lies wholly above the " v1 "-vCPU one"
			else if (h2 < l1) w = "shrinks with the machine: the " v2 "-vCPU interval lies wholly below the " v1 "-vCPU one"
			else w = "shows no detectable change from " v1 " to " v2 " vCPUs: the two intervals overlap"
			printf "  add_partial calls per message, %s/%s: x%.2f at %s vCPUs, x%.2f at %s; the mechanism %s.\n", k, base, a, v1, b, v2, w }' | wrap
	done
	echo
	echo "For comparison: in 2007 SLUB could \"cut performance [of hackbench] in half\"" | wrap
	echo "(LWN), and the same head insertion came back in 3.1-rc1 at -70% (fixed by" | wrap
	echo "130655ef). Those were wall times on real multi-core hardware; the counts" | wrap
	echo "above are the mechanism itself, and emulated times are not real ones." | wrap
	echo
fi
