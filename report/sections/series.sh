# shellcheck shell=bash
# The partial list over time, sourced by report/text.sh inside its output:
# for a run with series boots (bench --series), each kernel's first series
# boot of the main configuration (report.sh's SERIES_SHOWN): the first hot
# cache's list length and the slabs added to it and taken off it, a reading
# against the baseline, and what the sampler cost (the model's
# series_summary and perturbation tables); series boots that sampled
# nothing, or too little, said by name.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline kernels main
series_section() {
	local k r cache=${HOT_CACHES%% *} n bad=''
	# a finished series boot with no sample, or too few to chart (a run
	# without boots.csv, older than it, had no series boots)
	[ ! -s "$R/boots.csv" ] || bad=$(csv_rows "$R/boots.csv" kind round kernel result | awk -F'|' '$1 == "series" && $4 == "finished" { print $3, $2 }' |
		while read -r k r; do
			n=$(model_get series_summary samples "$k" "$r" "$main" 1 "$cache")
			if [ -z "$n" ]; then
				echo "  $(boot_name "$r" "$k" series): the sampler gave no samples of $cache (see logs/ and its collect.log)"
			elif [ "$n" -lt "$SERIES_MIN_SAMPLES" ]; then
				echo "  $(boot_name "$r" "$k" series): $n samples of $cache, fewer than $SERIES_MIN_SAMPLES: give a shorter --series-interval"
			fi
		done)
	[ -n "$SERIES_SHOWN$bad" ] || return 0
	echo "The partial list over time: series boots (the counting mode, no plugin), the"
	echo "hot caches' partial lists sampled in each run; $cache, each kernel's"
	echo "first series boot (plots/series.png), the length averaged over time:"
	while read -r k r; do
		[ -n "$k" ] || continue
		n=$(model_get series_summary samples "$k" "$r" "$main" 1 "$cache")
		[ -n "$n" ] || continue
		printf '  %s (seed %s): %s samples over %s ms; the list %.0f slabs long on average (at most %s); slabs added %.1f per ms\n' \
			"$k" "$r" "$n" "$(model_get series_summary duration_ms "$k" "$r" "$main" 1 "$cache")" \
			"$(model_get series_summary partial_mean "$k" "$r" "$main" 1 "$cache")" "$(model_get series_summary partial_max "$k" "$r" "$main" 1 "$cache")" \
			"$(model_get series_summary added_per_ms "$k" "$r" "$main" 1 "$cache")" | wrap
	done <<<"$SERIES_SHOWN"
	# the reading: every series boot of each kernel against the baseline's
	# of the same seeds (the model's series_kernels)
	for k in "${kernels[@]}"; do
		[ "$k" != "$baseline" ] || continue
		n=$(model_get series_kernels pairs "$k" "$main" 1 "$cache")
		[ -n "$n" ] && [ -n "$(model_get series_kernels added_ratio "$k" "$main" 1 "$cache")" ] || continue
		printf '  Reading, over %s seeds paired: %s added slabs to the list x%.2f (%.2f..%.2f) as often as %s, and its list held x%.2f (%.2f..%.2f) as many slabs (averaged over time, the median boot %.0f, its boots %.0f..%.0f; %s %.0f).\n' \
			"$n" "$k" "$(model_get series_kernels added_ratio "$k" "$main" 1 "$cache")" "$(model_get series_kernels added_ratio_lo "$k" "$main" 1 "$cache")" \
			"$(model_get series_kernels added_ratio_hi "$k" "$main" 1 "$cache")" "$baseline" \
			"$(model_get series_kernels partial_ratio "$k" "$main" 1 "$cache")" "$(model_get series_kernels partial_ratio_lo "$k" "$main" 1 "$cache")" \
			"$(model_get series_kernels partial_ratio_hi "$k" "$main" 1 "$cache")" "$(model_get series_kernels partial_mean "$k" "$main" 1 "$cache")" \
			"$(model_get series_kernels partial_mean_min "$k" "$main" 1 "$cache")" "$(model_get series_kernels partial_mean_max "$k" "$main" 1 "$cache")" \
			"$baseline" "$(model_get series_kernels partial_mean "$baseline" "$main" 1 "$cache")" | wrap
	done
	series_cost
	[ -z "$bad" ] || { echo "  Series boots to read with care:"; wrap <<<"$bad"; }
	echo
}

# series_cost: what the sampler cost, measured two ways: its own guest time
# (a sample alone, times the samples of a run, over the vCPUs' time), and
# the series boots' counts against their twins' (paired by seed).
series_cost() {
	local line='' k
	awk -F'|' '$1 != "" { ns = $1 > ns ? $1 : ns; if ($2 > pct) pct = $2 } END { if (ns)
		printf "  The sampler: a sample takes %.0f us of guest time alone; at most %.2f%% of the vCPUs'"'"' time in a run.\n", ns / 1000, pct }' \
		< <(csv_rows "$R/series-summary.csv" sample_ns sampler_share_pct) | wrap
	for k in "${kernels[@]}"; do
		[ -n "$(model_get perturbation pairs "$k" "$main" all add_partial)" ] || continue
		line+=$(awk -v k="$k" -v r="$(model_get perturbation ratio "$k" "$main" all add_partial)" \
			-v lo="$(model_get perturbation ratio_lo "$k" "$main" all add_partial)" -v hi="$(model_get perturbation ratio_hi "$k" "$main" all add_partial)" \
			-v n="$(model_get perturbation pairs "$k" "$main" all add_partial)" 'BEGIN {
			if (lo == "") printf " %s x%.3f (1 seed, no interval);", k, r
			else printf " %s x%.3f (%.3f..%.3f, %d seeds%s);", k, r, lo, hi, n, (lo <= 1 && hi >= 1) ? ": no detectable difference" : "" }')
	done
	[ -z "$line" ] || wrapln "  add_partial per message with the sampler against without it (each series boot against the emulated boot of its seed, paired; 95% CI):${line%;}. A seed's two boots part once the sampler first runs, so one pair differs as two seeds do: only the interval over seeds speaks."
}
