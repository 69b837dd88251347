# shellcheck shell=bash
# The emulated counters' section, sourced by report/text.sh inside its
# output when the run has emulated.csv: per 1000 messages, each kernel's
# instructions, L1d misses and cache-line transfers against the baseline,
# and the functions first by transfers and by instructions (ev, et: from
# report.sh; the definitions are slubstats's, src/stats/emulated/emulated.h).
[ -s "$R/emulated-summary.csv" ] || return 0
# n counts runs: each boot's windows of a configuration (W a boot, checked
# by check_csv; a run older than the column has one)
# (instructions: every boot counted them; the cache model's counts may come
# from fewer, bench --emulated-instructions)
# n_of METRIC head|tail: the fewest or the most replicates of a kernel
n_of() { csv_rows "$R/emulated-summary.csv" metric n | awk -F'|' -v m="$1" '$1 == m { print $2 }' | sort -n | "$2" -n1; }
nb=$(n_of instructions head)
nbmax=$(n_of instructions tail)
nc=$(n_of transfers head)
nw=1
! csv_has "$R/emulated.csv" window || nw=$(csv_rows "$R/emulated.csv" window | sort -n | tail -n1)
unit=boot
[ "$nw" = 1 ] || unit=window
boots="$nb ${unit}s per kernel"
[ "$nb" != 1 ] || boots="1 $unit per kernel"
[ "$nb" = "$nbmax" ] || boots="$nb to $nbmax ${unit}s per kernel"
[ "$nw" = 1 ] || boots+=" ($nw windows a boot, each a replicate: boots' means vary no more than their windows predict: docs/counting-mode.md)"
[ -z "$nc" ] || [ "$nc" = "$nb" ] || boots+=": instructions in all of them, the cache model's counts (misses, transfers, cycles) in $nc ${unit}s per kernel, the others counting instructions alone (cache=off)"
if [ "$emulated_mode" = det ]; then
	wrapln "Emulated counters (exact, not timed), in the counting mode: QEMU 10 under icount from an initramfs, boot e of every kernel with seed e, so that a rerun of a seed gives the same counts on any host under any load. The slubcount plugin counted $boots,"
else
	wrapln "Emulated counters (exact, not timed): QEMU TCG (MTTCG) with the slubcount plugin, whose counts move with the host's load; $boots,"
fi
wrapln "counting only between markers around the $main"
wrapln "hackbench run (no boot, no warm-up). Model: each of ${main_vcpus:-${MF[smp]}} vCPUs has a"
wrapln "32 KiB 8-way L1d (Core 2, 2007); a transfer is an access to a line another"
wrapln "vCPU wrote since this vCPU last had it (perf c2c's HITM). Per 1000"
# (slubstats emulated decides it: instructions, misses, transfers and
# cycles of every kernel but the baseline, every configuration; its family)
nfam=$(csv_rows "$R/emulated-summary.csv" family | awk '$0 != "" && v == "" { v = $0 } END { print v + 0 }')
# the metrics shown: cycles too when the run was counted on a machine model
metrics="instructions misses transfers"
[ -z "$(ev "$baseline" all cycles n)" ] || metrics+=" cycles"
wrapln "messages, mean over ${unit}s; against $baseline, the ratio of geometric means"
wrapln "over ${unit}s with its interval (Welch's, on the logs: counts vary with how"
wrapln "the vCPU threads interleave), Holm-adjusted over the run's $nfam comparisons"
wrapln "(family-wise 95%), when each kernel has 3 ${unit}s or more; else the range"
wrapln "over every pair of this run's ${unit}s, marked 'r' (not an interval):"
echo
# the ratio's column names the baseline where it fits (the rows say "base")
vs="vs $baseline"
[ "${#vs}" -le 8 ] || vs="vs base"
printf '  %-12s %-9s %13s %8s %17s %7s\n' metric kernel "per 1000 msgs" "$vs" "CI or range" spread
e_r='' e_lo='' e_hi='' e_b='' e_sp='' e_n='' e_v='' rc='' ci='' fv=''
# a row's fields, a tab apart; the ratio and the spread formatted by one awk
for m in $metrics; do
	for k in "${kernels[@]}"; do
		ev_set e_v "$k" all "$m" per_1000_messages
		[ -n "$e_v" ] || continue
		ev_set e_r "$k" all "$m" ratio
		ev_set e_lo "$k" all "$m" lo
		ev_set e_hi "$k" all "$m" hi
		ev_set e_b "$k" all "$m" bounds
		ev_set e_sp "$k" all "$m" spread_pct
		ev_set e_n "$k" all "$m" n
		mark=' '
		[ "$e_b" != range ] || mark=r
		rc=base ci=-
		[ "$k" = "$baseline" ] || rc=r$e_r
		[ "$k" = "$baseline" ] || [ -z "$e_lo" ] || printf -v ci '%.3f..%.3f%s' "$e_lo" "$e_hi" "$mark"
		printf -v fv '%13.1f' "$e_v"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$k" "$fv" "$rc" "$ci" "$e_sp" "$e_n"
	done
done | awk -F'\t' '{ r = $4
	if (r != "base") { r = substr(r, 2); r = (r == "" ? "-" : sprintf("x%.3f", r)) }
	printf "  %-12s %-9s %13s %8s %17s %7s\n", $1, $2, $3, r, $5, ($7 < 2 ? "-" : sprintf("%.2f%%", $6)) }' | long_names 9 15
echo
e_d=''
for k in "${kernels[@]}"; do
	ev_set e_r "$k" all instructions ratio
	[ "$k" != "$baseline" ] && [ -n "$e_r" ] || continue
	line="  $k/$baseline:"
	recs=''
	for m in $metrics; do
		ev_set e_r "$k" all "$m" ratio
		[ -n "$e_r" ] || continue
		ev_set e_lo "$k" all "$m" lo
		ev_set e_hi "$k" all "$m" hi
		ev_set e_b "$k" all "$m" bounds
		ev_set e_d "$k" all "$m" direction
		recs+="$m"$'\037'"$e_r"$'\037'"$e_lo"$'\037'"$e_hi"$'\037'"$e_b"$'\037'"$e_d"$'\n'
	done
	# the bounds read against 1 by slubstats emulated (direction); one
	# awk a kernel, a metric a record
	[ -z "$recs" ] || line+=$(printf '%s' "$recs" | awk -F'\037' -v u="$unit" '{
		m = $1; r = $2; lo = $3; hi = $4; b = $5; d = $6
		if (b == "range")
			w = (d == "above") ? "more in every pair of " u "s" : (d == "below") ? "fewer in every pair of " u "s" : "no difference beyond the range of the " u "s"
		else
			w = (d == "above") ? "more, CI " : (d == "below") ? "fewer, CI " : "no detectable difference, CI "
		if (b != "range") w = w sprintf("%.3f..%.3f", lo, hi)
		printf " %s %+.1f%% (%s);", m, 100 * (r - 1), w }')
	wrapln "${line%;}"
done
[ "$nb" -ge 2 ] || wrapln "  (one $unit of some kernel: its spread, the repeatability, is unmeasured)"
# the cost: hackbench's own time under the plugin against the timed boots'
# (slubstats slowdown: mean over every kernel's emulated runs / mean of the
# timed runs)
slow=$("$S" slowdown "$R/hackbench.csv" --config "$main")
if [ "$emulated_mode" = det ]; then
	wrapln "  (In the counting mode hackbench's own time is virtual: it follows the instructions of all vCPUs, which run one at a time.)"
else
	[ -z "$slow" ] || wrapln "  Cost: under the plugin, the $main hackbench run took ${slow}x its time in the timed boots (mean over every kernel)."
fi
# How each regime scheduled the guest (report/sections/schedule.sh)
# shellcheck source=report/sections/schedule.sh
. "$SLUBBENCH_TOP/report/sections/schedule.sh"
echo
# top TITLE METRIC: the functions first by METRIC, every kernel's value per
# 1000 messages (mean over boots)
top() {
	local k v
	echo "$1 (per 1000 messages):"
	printf '  %-30s' function
	for k in "${kernels[@]}"; do printf ' %9s' "${k:0:9}"; done
	echo
	# a row's values read without a subshell ("NAME\037V1\037V2..."), the
	# table's values formatted by one awk
	top_functions "$2" 10 | while IFS= read -r f; do
		printf '  %-30s' "${f:0:30}"
		for k in "${kernels[@]}"; do
			model_set v emulated_top "${2}_per_1000_messages" "$k" "$f"
			printf '\037%s' "$v"
		done
		echo
	done | awk -F'\037' '{ printf "%s", $1; for (i = 2; i <= NF; i++) printf ($i == "" ? " %9s" : " %9.1f"), ($i == "" ? "-" : $i); print "" }'
	echo
}
# transfers where the cache model counted them (not with --emulated-counters 0)
[ -z "$(ev "$baseline" all transfers n)" ] || top "Functions by cache-line transfers" transfers
top "Functions by instructions" instructions
[ -z "$(ev "$baseline" all cycles n)" ] || top "Functions by modelled cycles (the cost model below)" cycles
