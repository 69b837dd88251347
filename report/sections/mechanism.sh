# shellcheck shell=bash
# The mechanism sections, sourced by report/text.sh inside its output:
# counts per message, objects per partial-list visit, the tracepoint's
# cross-check, perf's profiles (round 0), and slabinfo of the hot caches.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline emulated_mode kernels main
echo "Mechanism, per 1000 messages (median over the timed rounds; SLUB"
echo "statistics, all caches; add_partial = free_add_partial +"
echo "deactivate_to_head + deactivate_to_tail; perf: slub:add_partial events"
echo "of the round-0 counting boot):"
echo
printf '  %-9s %11s %11s %11s %11s %9s %9s\n' kernel add_partial alloc_from_ alloc_slow free_add_ perf_head perf_tail
printf '  %-9s %11s %11s %11s %11s %9s %9s\n' "" "" partial path partial "" ""
# each table's rows as KERNEL|VALUE|..., formatted by one awk (its doubles
# round the figures, as each cell's own awk did)
mech_ap='' mech_r='' mech_lo='' mech_hi='' mech_v=''
m1='function m1(v) { return v == "" ? "-" : sprintf("%.1f", v) }'
for k in "${kernels[@]}"; do
	mech_row=$k
	for m in add_partial alloc_from_partial alloc_slowpath free_add_partial add_partial_head add_partial_tail; do
		mv_set mech_v "$k" "$main" all "$m" per_1000_messages
		mech_row+="|$mech_v"
	done
	printf '%s\n' "$mech_row"
done | awk -F'|' "$m1"'
	$2 == "" { printf "  %-9s %s\n", $1, "(no SLUB statistics: not SLUB)"; next }
	{ printf "  %-9s %11s %11s %11s %11s %9s %9s\n", $1, m1($2), m1($3), m1($4), m1($5), m1($6), m1($7) }' | long_names 9
echo
if [ -s "$R/mechanism-emulated.csv" ]; then
	echo "The same in the emulated counters' boots ($([ "$emulated_mode" = det ] && echo "counting mode: icount, seeded; the host does not move these" || echo "MTTCG")), median over boots, and against $baseline paired by boot (95% CI):" | wrap
	echo
	# the last column's head on one line where it fits, else on two
	h1="add_partial vs $baseline" h2=''
	[ "${#h1}" -le 20 ] || h1=add_partial h2="vs $baseline"
	printf '  %-9s %11s %11s %11s %11s %20s\n' kernel add_partial alloc_from_ alloc_slow free_add_ "$h1"
	printf '  %-9s %11s %11s %11s %11s %20s\n' "" "" partial path partial "$h2"
	for k in "${kernels[@]}"; do
		me_set mech_ap "$k" "$main" all add_partial per_1000_messages
		[ -n "$mech_ap" ] || continue
		me_set mech_r "$k" "$main" all add_partial ratio
		if [ "$k" = "$baseline" ]; then
			mech_vs=base
		elif [ -n "$mech_r" ]; then
			me_set mech_lo "$k" "$main" all add_partial ratio_lo
			me_set mech_hi "$k" "$main" all add_partial ratio_hi
			printf -v mech_vs 'x%.2f (%.2f..%.2f)' "$mech_r" "$mech_lo" "$mech_hi"
		else
			mech_vs=-
		fi
		mech_row="$k|$mech_ap"
		for m in alloc_from_partial alloc_slowpath free_add_partial; do
			me_set mech_v "$k" "$main" all "$m" per_1000_messages
			mech_row+="|$mech_v"
		done
		printf '%s|%s\n' "$mech_row" "$mech_vs"
	done | awk -F'|' "$m1"'{ printf "  %-9s %11s %11s %11s %11s %20s\n", $1, m1($2), m1($3), m1($4), m1($5), $6 }' |
		long_names 9
	echo
fi
echo "Objects allocated per partial slab taken off the list (median):"
echo
line=$(printf '  %-9s' kernel)
for c in $HOT_CACHES all; do line+=$(printf ' %18s' "$c"); done
echo "$line"
for k in "${kernels[@]}"; do
	mv_set mech_v "$k" "$main" all objects_per_partial_visit median
	[ -n "$mech_v" ] || continue
	mech_row=$k
	for c in $HOT_CACHES all; do
		mv_set mech_v "$k" "$main" "$c" objects_per_partial_visit median
		mech_row+="|$mech_v"
	done
	printf '%s\n' "$mech_row"
done | awk -F'|' '{ line = sprintf("  %-9s", $1); for (i = 2; i <= NF; i++) line = line sprintf(" %18s", $i == "" ? "-" : sprintf("%.2f", $i)); print line }' |
	long_names 9
echo

if [ -s "$R/crosscheck.csv" ] && [ "$(wc -l <"$R/crosscheck.csv")" -gt 1 ]; then
	echo "Cross-check: slub:add_partial events (perf) = free_add_partial +"
	echo "deactivate_to_head + deactivate_to_tail (SLUB statistics), same run:"
	csv_rows "$R/crosscheck.csv" relative verdict | awk -F'|' '{ n++; d = $1 < 0 ? -$1 : $1; if (d > worst) worst = d; if ($2 != "agree") bad++ }
		END { printf "  %d comparisons, largest relative difference %.4f%%\n", n, 100 * worst
			if (bad) printf "  WARNING: %d disagree by more than 1%% (see crosscheck.csv)\n", bad; else print "  all agree within 1%" }'
	echo
fi

if ! compgen -G "$R/perf/r00-*/cpu-report.txt" >/dev/null; then
	echo "perf: no profiles in this run (--no-profile, or no round-0 boot)."
	echo
else
echo "perf: hottest kernel symbols (cpu-clock, round-0 boot, main run):"
sym=$(cat "$R"/perf/*/symbols.txt 2>/dev/null | sort -u | head -n1 || true)
case "$sym" in
*vmlinux*) echo "  (kernel symbols from each build's vmlinux)" ;;
*kallsyms*) echo "  (kernel symbols from the booted kernel's /proc/kallsyms)" ;;
esac
for k in "${kernels[@]}"; do
	f=$R/perf/r00-$k/cpu-report.txt
	[ -f "$f" ] || continue
	echo "  $k:"
	grep -E '^ +[0-9.]+%' "$f" | sort -rn | head -n 6 | awk '{ printf "    %7s  %s %s\n", $1, $2, $3 }'
done
echo
echo "perf: where add_partial() was called from (slub:add_partial samples):"
for k in "${kernels[@]}"; do
	f=$R/perf/r00-$k/add_partial-callers.txt
	[ -f "$f" ] || continue
	echo "  $k: $(grep -E '^ +[0-9.]+%' "$f" | awk '$1 != "0.00%" { printf "%s%s %s", sep, $3, $1; sep = ", " }')" |
		wrap
done
echo
fi

echo "slabinfo, hot caches (first timed boot of each kernel${main_vcpus:+ at $main_vcpus vCPUs}): active/total"
echo "objects and slabs, before and after its runs:"
for k in "${kernels[@]}"; do
	for when in before after; do
		f=$R/slabinfo/$(boot_name 1 "$k" timed "$([ "$SEVERAL_VCPUS" = 0 ] || echo "$main_vcpus")")-$when.txt
		[ -f "$f" ] || continue
		"$TOOLS_BIN/slubparse" slabinfo "$f" 2>/dev/null | csv_rows /dev/stdin cache active_objs num_objs active_slabs num_slabs |
			awk -F'|' -v k="$k" -v w="$when" -v hot=" $HOT_CACHES " 'index(hot, " " $1 " ") {
				printf "  %-9s %-6s %-17s objects %7s/%-7s slabs %5s/%s\n", k, w, $1, $2, $3, $4, $5 }'
	done
done | long_names 9
echo
