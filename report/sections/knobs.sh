# shellcheck shell=bash disable=SC2154
# A knob alone, sourced by report/text.sh inside its output: for each kernel
# of the run booted with a SLUB knob (--slub-knob, or a preset such as
# 2.6.23) whose very build also ran without one (the same build id, no
# knob), the knob's own effect: its counts per message against that kernel,
# paired (slubstats mechanism with that kernel as the baseline; the run's
# own ratios are all against the report's baseline).
knob_pairs=$(jq -r '.kernels | to_entries as $k | $k[] | select((.value.knob // "") != "") as $w |
	$k[] | select((.value.knob // "") == "" and .value.build_id == $w.value.build_id) | "\($w.key) \(.key) \($w.value.knob)"' "$M")
if [ -n "$knob_pairs" ]; then
	echo "A knob alone: each kernel booted with a SLUB knob against the same build"
	echo "without it, per message, paired (by round in the timed boots, by seed in"
	echo "the counting mode; 95% CI):"
	while read -r k v knob; do
		line="  $k/$v ($knob):"
		for kind in emulated timed; do
			[ "$kind" = timed ] || [ -s "$R/mechanism-emulated.csv" ] || continue
			vs=$("$S" mechanism "$R/counters.csv" "$R/hackbench.csv" --caches "${HOT_CACHES// /,}" --baseline "$v" --kind "$kind" |
				csv_rows /dev/stdin kernel config cache counter ratio ratio_lo ratio_hi)
			for counter in add_partial free_slab; do
				line+=$(awk -F'|' -v k="$k" -v c="$main" -v n="$counter" -v w="$([ "$kind" = emulated ] && echo "counting mode" || echo "timed boots")" '
					$1 == k && $2 == c && $3 == "all" && $4 == n && $6 != "" { printf " %s (%s) x%.2f (%.2f..%.2f);", n, w, $5, $6, $7 }' <<<"$vs")
			done
		done
		echo "${line%;}" | wrap
	done <<<"$knob_pairs"
	echo
fi
