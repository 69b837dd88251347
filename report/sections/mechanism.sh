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
m1() { awk -v v="$1" 'BEGIN { printf (v == "" ? "-" : "%.1f"), v }'; }
for k in "${kernels[@]}"; do
	ap=$(mv_ "$k" "$main" all add_partial per_1000_messages)
	[ -n "$ap" ] || { printf '  %-9s %s\n' "$k" "(no SLUB statistics: not SLUB)"; continue; }
	printf '  %-9s %11s %11s %11s %11s %9s %9s\n' "$k" "$(m1 "$ap")" \
		"$(m1 "$(mv_ "$k" "$main" all alloc_from_partial per_1000_messages)")" \
		"$(m1 "$(mv_ "$k" "$main" all alloc_slowpath per_1000_messages)")" \
		"$(m1 "$(mv_ "$k" "$main" all free_add_partial per_1000_messages)")" \
		"$(m1 "$(mv_ "$k" "$main" all add_partial_head per_1000_messages)")" \
		"$(m1 "$(mv_ "$k" "$main" all add_partial_tail per_1000_messages)")"
done | long_names 9
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
		ap=$(me_ "$k" "$main" all add_partial per_1000_messages)
		[ -n "$ap" ] || continue
		r=$(me_ "$k" "$main" all add_partial ratio)
		printf '  %-9s %11s %11s %11s %11s %20s\n' "$k" "$(m1 "$ap")" \
			"$(m1 "$(me_ "$k" "$main" all alloc_from_partial per_1000_messages)")" \
			"$(m1 "$(me_ "$k" "$main" all alloc_slowpath per_1000_messages)")" \
			"$(m1 "$(me_ "$k" "$main" all free_add_partial per_1000_messages)")" \
			"$([ "$k" = "$baseline" ] && echo base || { [ -n "$r" ] && printf 'x%.2f (%.2f..%.2f)' "$r" "$(me_ "$k" "$main" all add_partial ratio_lo)" "$(me_ "$k" "$main" all add_partial ratio_hi)"; } || echo -)"
	done | long_names 9
	echo
fi
echo "Objects allocated per partial slab taken off the list (median):"
echo
line=$(printf '  %-9s' kernel)
for c in $HOT_CACHES all; do line+=$(printf ' %18s' "$c"); done
echo "$line"
for k in "${kernels[@]}"; do
	[ -n "$(mv_ "$k" "$main" all objects_per_partial_visit median)" ] || continue
	line=$(printf '  %-9s' "$k")
	for c in $HOT_CACHES all; do
		line+=$(printf ' %18s' "$(awk -v v="$(mv_ "$k" "$main" "$c" objects_per_partial_visit median)" 'BEGIN { printf (v == "" ? "-" : "%.2f"), v }')")
	done
	echo "$line"
done | long_names 9
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
