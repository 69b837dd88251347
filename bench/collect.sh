#!/usr/bin/env bash
# Turn one boot's raw output into tidy CSV fragments beside it.
#
# Usage: bench/collect.sh BOOTDIR KERNEL PROFILE ROUND
#
# Reads BOOTDIR/{boot-info,cN-*.txt,cN-*.slubstat,cN-count.perfstat} and
# writes BOOTDIR/hackbench.csv, counters.csv and crosscheck.csv (no header
# lines: bench/run.sh adds them when it joins the fragments). A file that
# does not parse gives a row with status "parse-error" and the parser's
# message in BOOTDIR/collect.log: never a made-up number.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
[ $# -eq 4 ] || die "usage: bench/collect.sh BOOTDIR KERNEL PROFILE ROUND"
dir=$1 kernel=$2 profile=$3 round=$4
P=$SLUBBENCH_TOP/bench/bin/slubparse
[ -x "$P" ] || die "$P is not built: make -C bench/src"

result=$(sed -n 's/^result=//p' "$dir/boot-info" 2>/dev/null || true)
[ -n "$result" ] || result=not-run
: >"$dir/collect.log"
hb=$dir/hackbench.csv.tmp ctr=$dir/counters.csv.tmp xc=$dir/crosscheck.csv.tmp
: >"$hb"
: >"$ctr"
: >"$xc"

# parse WHAT FILE [ARGS]: CSV without its header on stdout, or fail (logged).
parse() {
	local what=$1 file=$2
	shift 2
	local out
	if out=$("$P" "$what" "$file" "$@" 2>>"$dir/collect.log"); then
		tail -n +2 <<<"$out"
	else
		return 1
	fi
}

n=0
for cmdf in "$dir"/c*-config; do
	[ -e "$cmdf" ] || break
	n=$((n + 1))
	c=c$n
	# the configuration as planned: mode:unit:groups:loops:fds:datasize
	IFS=: read -r mode unit groups loops fds size <"$dir/$c-config"
	for kind in timed count; do
		f=$dir/$c-$kind.txt
		[ -e "$f" ] || continue
		# status: the boot's result, unless this run itself failed to parse
		if row=$(parse hackbench "$f"); then
			# parser: mode,groups,fds,loops,datasize,seconds
			IFS=, read -r _ g fd l ds secs <<<"$row"
			if [ "$g,$fd,$l,$ds" != "$groups,$fds,$loops,$size" ]; then
				echo "$f: ran $g,$fd,$l,$ds (groups,fds,loops,datasize), planned $groups,$fds,$loops,$size" >>"$dir/collect.log"
				echo "$kernel,$profile,$round,$c,$kind,$mode,$unit,$groups,$fds,$loops,$size,,parse-error" >>"$hb"
			else
				echo "$kernel,$profile,$round,$c,$kind,$mode,$unit,$groups,$fds,$loops,$size,$secs,ok" >>"$hb"
			fi
		else
			echo "$kernel,$profile,$round,$c,$kind,$mode,$unit,$groups,$fds,$loops,$size,,parse-error" >>"$hb"
		fi
		s=$dir/$c-$kind.slubstat
		if [ -s "$s" ]; then
			if rows=$(parse slubstat "$s"); then
				awk -v pre="$kernel,$profile,$round,$c,$kind,slub" '{ print pre "," $0 }' <<<"$rows" >>"$ctr"
			fi
		fi
	done
	ps=$dir/$c-count.perfstat
	if [ -s "$ps" ] && [ -s "$dir/$c-count.labels" ]; then
		# shellcheck disable=SC2046
		if rows=$(parse perfstat "$ps" $(cat "$dir/$c-count.labels")); then
			# label "cache.head" -> cache, add_partial_head
			awk -F, -v pre="$kernel,$profile,$round,$c,count,perf" '{
				n = split($1, a, "."); where = a[n]; cache = substr($1, 1, length($1) - length(where) - 1)
				print pre "," cache ",add_partial_" where "," $3 }' <<<"$rows" >>"$ctr"
		fi
	fi
	# Cross-check, per cache counted both ways in the count run: the
	# tracepoint's events = free_add_partial + deactivate_to_head +
	# deactivate_to_tail (the SLUB statistics bumped beside each
	# add_partial() that is not a new debug-cache slab or boot-time).
	awk -F, -v c="$c" -v pre="$kernel,$profile,$round,$c" '
		$4 == c && $5 == "count" && $6 == "perf" && $7 != "all" { tp[$7] += $9 }
		$4 == c && $5 == "count" && $6 == "slub" && ($8 == "free_add_partial" || $8 == "deactivate_to_head" || $8 == "deactivate_to_tail") { st[$7] += $9 }
		END {
			for (k in tp) {
				d = tp[k] - st[k]; r = (st[k] > 0) ? d / st[k] : (d == 0 ? 0 : 1)
				printf "%s,%s,%d,%d,%d,%.6f,%s\n", pre, k, tp[k], st[k], d, r, ((r < 0 ? -r : r) <= 0.01 ? "agree" : "disagree")
			}
		}' "$ctr" | sort >>"$xc"
done

# A boot that did not finish: say so on every row it left, and add a row
# for the kernel when it left none.
if [ "$result" != finished ]; then
	sed -i "s/,ok\$/,$result/" "$hb"
	[ -s "$hb" ] || echo "$kernel,$profile,$round,c1,timed,,,,,,,,$result" >>"$hb"
fi
mv "$hb" "$dir/hackbench.csv"
mv "$ctr" "$dir/counters.csv"
mv "$xc" "$dir/crosscheck.csv"
