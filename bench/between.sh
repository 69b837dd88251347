# shellcheck shell=bash
# What the bench says between its boots, sourced by bench/run.sh: the first
# figure once the counting mode is done, the intervals so far, whether to
# stop, and the partial report after a round.
# Uses lib/common.sh's say and lib/csvread.sh's csv_rows.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline emulated_mode max_rounds max_secs out partial_reports precision

# first_figure: the mechanism so far, before anything is timed: once the
# first seed's counting-mode boots are done (early_figure), and again when
# all are, unless nothing changed: add_partial() per 1000 messages a
# kernel in the counting mode (or MTTCG's emulated boots), and its ratio
# to the baseline (paired by seed, 95%), the configuration and vCPU count
# each; a run is one window of one boot; nothing if there is none.
FIRST_FIGURE_SAID=
first_figure() {
	local f=$out/.first-figure.csv said
	join_csv
	[ -s "$out/counters.csv" ] && [ -s "$out/hackbench.csv" ] || return 0
	"$TOOLS_BIN/slubstats" mechanism "$out/counters.csv" "$out/hackbench.csv" --baseline "$baseline" --kind emulated \
		--caches "$(run_hot_caches "$out/manifest.json" | tr ' ' ,)" >"$f" 2>/dev/null || { rm -f "$f"; return 0; }
	csv_rows "$f" kernel config vcpus counter cache n per_1000_messages ratio ratio_lo ratio_hi | awk -F'|' -v b="$baseline" '
		$4 == "add_partial" && $5 == "all" {
			r = $8 == "" ? "" : sprintf(", x%.2f (%.2f..%.2f) against %s", $8, $9, $10, b)
			printf "  %s %s (%s%d run%s): %.1f%s\n", $1, $2, $3 == "" ? "" : $3 " vCPUs, ", $6, $6 == 1 ? "" : "s", $7, r }' >"$f.txt"
	said=$(cat "$f.txt")
	rm -f "$f" "$f.txt"
	[ -n "$said" ] && [ "$said" != "$FIRST_FIGURE_SAID" ] || return 0
	FIRST_FIGURE_SAID=$said
	say bench "the mechanism so far: add_partial() per 1000 messages, $([ "$emulated_mode" = det ] && echo "the counting mode" || echo "emulated boots (MTTCG)"):
$said"
}

# early_figure BOOT...: first_figure as soon as the first seed's emulated
# boots of BOOTs (boots_at_once's, bench/planlib.sh's first_seed_boots)
# are all done, once a run: a first figure for every kernel minutes into
# the counting mode, not at its end.
EARLY_FIGURE_SHOWN=0
early_figure() {
	[ "$EARLY_FIGURE_SHOWN" = 0 ] || return 0
	local r l kind x n=0
	while read -r r _ l kind x; do
		[ -f "$(boot_dir "$r" "$l" "$kind" "$x")/done" ] || return 0
		n=$((n + 1))
	done < <(first_seed_boots "" "$@")
	[ "$n" -gt 0 ] || return 0
	EARLY_FIGURE_SHOWN=1
	first_figure
}

# current_intervals: the paired ratio of each kernel to the baseline so far
# (main configuration), one line each; and MAX_HALFWIDTH, the widest 95%
# half-width of any comparison, in percent (empty while there is none).
current_intervals() {
	MAX_HALFWIDTH=
	[ -s "$out/hackbench.csv" ] || return 0
	"$TOOLS_BIN/slubstats" times "$out/hackbench.csv" --baseline "$baseline" >"$out/.progress.csv" 2>/dev/null || return 0
	MAX_HALFWIDTH=$(csv_rows "$out/.progress.csv" halfwidth_pct | awk '$1 != "" { if ($1 > m) m = $1; f = 1 } END { if (f) printf "%.2f\n", m }')
	csv_rows "$out/.progress.csv" kernel config ratio ci95_lo ci95_hi halfwidth_pct pairs vcpus timing |
		awk -F'|' '$3 != "" {
			what = sprintf("  %s/%s %s%s: %.3f", $1, B, $2, $8 == "" ? "" : " (" $8 " vCPUs" ($9 == "oversubscribed" ? ", oversubscribed" : "") ")", $3)
			# with 2 pairs (1 degree of freedom) the interval is 12.7 sds wide: no news
			if ($7 < 3) printf "%s (95%% CI n/a until 3 pairs, %d so far)\n", what, $7
			else printf "%s (95%% CI %.3f..%.3f, +-%.1f%%, %d pairs)\n", what, $4, $5, $6, $7 }' B="$baseline" >&2
	rm -f "$out/.progress.csv"
}

# stop_reason ROUNDS STEP ELAPSED: why the run stops after ROUNDS complete
# rounds, or nothing when it goes on with STEP more (--precision alone
# goes on). Uses MAX_HALFWIDTH (current_intervals), precision, max_rounds
# and max_secs.
stop_reason() {
	local rounds=$1 step=$2 elapsed=$3
	if [ -z "$precision" ]; then
		echo "planned rounds"
	elif [ -n "$MAX_HALFWIDTH" ] && awk -v h="$MAX_HALFWIDTH" -v p="$precision" 'BEGIN { exit !(h <= p) }'; then
		echo "precision reached: widest 95% half-width $MAX_HALFWIDTH% <= $precision%"
	elif [ $((rounds + step)) -gt "$max_rounds" ]; then
		echo "max rounds ($max_rounds) before precision $precision% (widest half-width ${MAX_HALFWIDTH:-n/a}%)"
	elif [ -n "$max_secs" ] && [ "$elapsed" -ge "$max_secs" ]; then
		echo "max time ($max_secs s) before precision $precision% (widest half-width ${MAX_HALFWIDTH:-n/a}%)"
	fi
}

# partial_report ROUND: after timed round ROUND, with more to come, the
# report of what is measured so far (the manifest says the run is running:
# the report marks itself partial), unless --no-partial-reports; made
# between boots, so nothing timed runs beside it.
partial_report() {
	local log
	[ "$partial_reports" = 1 ] || return 0
	if log=$("$SLUBBENCH_TOP/report/report.sh" "$out" 2>&1); then
		say bench "partial report after round $1: $out/report.txt"
	else
		say bench "warning: no partial report after round $1: $(tail -n1 <<<"$log")"
	fi
}
