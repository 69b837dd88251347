# shellcheck shell=bash
# Plan for the end-to-end test, run in the guest by slubbench-init (in /job).
# Writes one file per check; the host-side test reads them.
set -u
nproc >nproc.txt
head -n1 /proc/slabinfo >slabinfo-header.txt
slabtop -o >slabtop.txt 2>&1
slabinfo >slabinfo-tool.txt 2>&1
perf list 'slub:*' >perf-list.txt 2>&1
hackbench -g 2 -l 20 >hackbench-short.txt 2>&1
echo "hackbench_rc=$?" >>hackbench-short.txt
if [ -d /sys/kernel/slab/skbuff_head_cache ]; then
	echo 0 >/sys/kernel/slab/skbuff_head_cache/free_add_partial
	hackbench -g 10 -l 100 >hackbench.txt 2>&1
	cut -d' ' -f1 /sys/kernel/slab/skbuff_head_cache/free_add_partial >free_add_partial.txt
fi
# Where add_partial put each slab, from the tracepoint (its "head"/"tail" word).
if grep -q 'slub:add_partial' <<<"$(perf list 'slub:*' 2>/dev/null)"; then
	perf record -q -a -e slub:add_partial -o /tmp/ap.data -- hackbench -g 2 -l 50 >/dev/null 2>&1
	perf script -i /tmp/ap.data -F trace 2>/dev/null |
		awk '{ for (i = 1; i <= NF; i++) if ($i == "head" || $i == "tail") n[$i]++ }
			END { printf "head=%d\ntail=%d\n", n["head"], n["tail"] }' >add-partial-positions.txt
fi
