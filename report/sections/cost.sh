# shellcheck shell=bash
# What the run's boots took, sourced by report/text.sh inside its output:
# from boots.csv (slubstats cost: every attempt, one set aside included),
# the boots of each kind with the least, median and most wall seconds a
# boot, and the span from the first boot's start to the last one's end (the
# bench's own setup, builds and report are outside it). Nothing for a run
# without boots.csv or older than its start_utc column.
cost_section() {
	local f=$R/boots.csv rows kind n secs lo med hi parts='' span='' all='' label
	[ -s "$f" ] || return 0
	[[ ",$(head -n1 "$f")," == *,start_utc,* ]] || return 0
	rows=$("$TOOLS_BIN/slubstats" cost "$f") || return 1
	while IFS='|' read -r kind n secs lo med hi; do
		if [ "$kind" = run ]; then
			all=$n span=$(awk -v s="$secs" 'BEGIN { s = int(s + 0.5)
				if (s >= 3600) printf "%d h %02d min", s / 3600, (s % 3600) / 60
				else if (s >= 60) printf "%d min %02d s", s / 60, s % 60
				else printf "%d s", s }')
			continue
		fi
		case "$kind" in
		count) label="counting and profiling (round 0)" ;;
		emulated) label="emulated counters" ;;
		*) label=$kind ;;
		esac
		parts+="; $n $label, $(awk -v a="$lo" -v m="$med" -v b="$hi" 'BEGIN { printf (a == b ? "%.0f s" : "%.0f-%.0f s (median %.0f s)"), a, b, m }') a boot"
	done < <(csv_rows /dev/stdin kind boots boot_seconds least median most <<<"$rows")
	wrapln "Boots: $all in $span from the first one's start to the last one's end (boots.csv, every attempt)${parts}."
}
