#!/usr/bin/env bash
# Turn one boot's raw output into tidy CSV fragments beside it.
#
# Usage: bench/collect.sh BOOTDIR KERNEL PROFILE ROUND
#
# Reads BOOTDIR/{boot-info,cN-*.txt,cN-*.slubstat,cN-count.perfstat,
# emulated-raw.csv} and writes BOOTDIR/hackbench.csv, counters.csv,
# crosscheck.csv and (for an emulated-counters boot) emulated.csv, each with
# its header (lib/rundir.sh's *_HDR: this is their writer, studies/emu-measure.sh
# writes the same format; bench/run.sh joins the
# fragments and readers look columns up by name). A file that
# does not parse gives a row with status "parse-error" and the parser's
# message in BOOTDIR/collect.log: never a made-up number.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"
[ $# -eq 4 ] || die "usage: bench/collect.sh BOOTDIR KERNEL PROFILE ROUND"
dir=$1 kernel=$2 profile=$3 round=$4
PARSER=$TOOLS_BIN/slubparse
[ -x "$PARSER" ] || die "$PARSER is not built: make -C src"

result=$(sed -n 's/^result=//p' "$dir/boot-info" 2>/dev/null || true)
[ -n "$result" ] || result=not-run
: >"$dir/collect.log"
hb=$dir/hackbench.csv.tmp ctr=$dir/counters.csv.tmp xc=$dir/crosscheck.csv.tmp
: >"$hb"
: >"$ctr"

# parse WHAT FILE [ARGS]: the parser's CSV (its header first), or fail (logged).
parse() {
	local what=$1 file=$2
	shift 2
	"$PARSER" "$what" "$file" "$@" 2>>"$dir/collect.log"
}

# The boot's vCPUs (what QEMU was given), the guest's own count, the host's
# cores; a run's wall time is "oversubscribed" when its vCPUs outnumber the
# host's cores (this is the one place that decides it).
vcpus=$(sed -n 's/^smp=//p' "$dir/boot-info" 2>/dev/null || true)
guest_cpus=$(sed -n 's/^nproc=//p' "$dir/guest-info" 2>/dev/null || true)
host_cpus=$(nproc)
timing=real
[ -z "$vcpus" ] || [ "$vcpus" -le "$host_cpus" ] || timing=oversubscribed
if [ "$result" = finished ] && [ -n "$vcpus" ] && [ "$guest_cpus" != "$vcpus" ]; then
	echo "the guest saw ${guest_cpus:-no} CPUs, QEMU was given $vcpus" >>"$dir/collect.log"
	result=wrong-vcpus
fi
# a knob the guest could not set as asked (bench/guest-plan.sh's knobs.txt,
# "cache name wanted got"): every row of the boot says so
if [ -s "$dir/knobs.txt" ] && awk '$3 != $4 { bad = 1 } END { exit !bad }' "$dir/knobs.txt"; then
	echo "a knob not set as asked: $(tr '\n' ';' <"$dir/knobs.txt")" >>"$dir/collect.log"
	result=knob-refused
fi
# a series boot (bench/run.sh --series): an emulated boot's runs, kind
# series, with the sampler's files beside them
ekind=emulated
grep -qx 'SB_SERIES=[1-9][0-9]*' "$dir/plan-in.sh" 2>/dev/null && ekind=series
# where: the columns every row of this boot shares (csv_row's NAME=VALUE)
where=(kernel="$kernel" profile="$profile" round="$round" vcpus="$vcpus")
# ctr_row CONFIG WINDOW KIND SOURCE CACHE COUNTER VALUE: a row of counters.csv
ctr_row() {
	csv_row "$COUNTERS_HDR" "${where[@]}" config="$1" window="$2" kind="$3" source="$4" cache="$5" counter="$6" value="$7"
}
first_config=$(sed -n 's/^SB_FIRST_CONFIG=\([0-9][0-9]*\)$/\1/p' "$dir/plan-in.sh" 2>/dev/null || true)
first_config=${first_config:-1}
# an emulated boot's runs of each configuration (its plugin windows)
windows_planned=$(sed -n 's/^SB_WINDOWS=\([1-9][0-9]*\)$/\1/p' "$dir/plan-in.sh" 2>/dev/null || true)
windows_planned=${windows_planned:-1}
# the boot's configurations in order (numbered across a plan's vCPU counts)
mapfile -t cfgs < <(find "$dir" -maxdepth 1 -name 'c*-config' -printf '%f\n' | sed -n 's/^c\([0-9][0-9]*\)-config$/\1/p' | sort -n)
n=0
for num in ${cfgs[@]+"${cfgs[@]}"}; do
	n=$((n + 1))
	c=c$num
	# the configuration as planned: mode:unit:groups:loops:fds:datasize
	IFS=: read -r mode unit groups loops fds size <"$dir/$c-config"
	# each run of the configuration: "kind window file-stem"; an emulated
	# boot's runs are windows 1..W (cN-emulated-wK; cN-emulated is window 1
	# of a boot older than windows)
	runs=("timed 1 $c-timed" "count 1 $c-count" "$ekind 1 $c-emulated")
	for ((w = 1; w <= windows_planned; w++)); do runs+=("$ekind $w $c-emulated-w$w"); done
	for run in "${runs[@]}"; do
		read -r kind w stem <<<"$run"
		f=$dir/$stem.txt
		[ -e "$f" ] || continue
		# status: the boot's result, unless this run itself failed to parse
		secs='' status=ok
		if row=$(parse hackbench "$f"); then
			IFS='|' read -r u g fd l ds secs < <(csv_rows <(echo "$row") unit groups fds loops datasize seconds)
			# what ran must be what was planned
			if [ "$u,$g,$fd,$l,$ds" != "$unit,$groups,$fds,$loops,$size" ]; then
				echo "$f: ran $u,$g,$fd,$l,$ds (unit,groups,fds,loops,datasize), planned $unit,$groups,$fds,$loops,$size" >>"$dir/collect.log"
				secs='' status=parse-error
			fi
		else
			status=parse-error
		fi
		csv_row "$HACKBENCH_HDR" "${where[@]}" host_cpus="$host_cpus" timing="$timing" config="$c" window="$w" kind="$kind" mode="$mode" unit="$unit" \
			groups="$groups" fds="$fds" loops="$loops" datasize="$size" seconds="$secs" status="$status" >>"$hb"
		x=$dir/$stem.ctxt
		if [ -s "$x" ] && [[ "$(head -n1 "$x")" =~ ^[0-9]+$ ]]; then
			ctr_row "$c" "$w" "$kind" proc system context_switches "$(head -n1 "$x")" >>"$ctr"
		fi
		# the run's IPIs: "RES CAL" (bench/guest-plan.sh)
		if [ -s "$dir/$stem.ipi" ] && read -r res cal <"$dir/$stem.ipi" && [[ "$res $cal" =~ ^[0-9]+\ [0-9]+$ ]]; then
			ctr_row "$c" "$w" "$kind" proc system ipi_reschedule "$res" >>"$ctr"
			ctr_row "$c" "$w" "$kind" proc system ipi_call_function "$cal" >>"$ctr"
		fi
		s=$dir/$stem.slubstat
		if [ -s "$s" ] && rows=$(parse slubstat "$s"); then
			while IFS='|' read -r cache counter value; do
				ctr_row "$c" "$w" "$kind" slub "$cache" "$counter" "$value"
			done < <(csv_rows <(echo "$rows") cache counter value) >>"$ctr"
		fi
	done
	ps=$dir/$c-count.perfstat
	if [ -s "$ps" ] && [ -s "$dir/$c-count.labels" ]; then
		# shellcheck disable=SC2046
		if rows=$(parse perfstat "$ps" $(cat "$dir/$c-count.labels")); then
			# label "cache.head" -> cache, add_partial_head
			while IFS='|' read -r label count; do
				ctr_row "$c" 1 count perf "${label%.*}" "add_partial_${label##*.}" "$count"
			done < <(csv_rows <(echo "$rows") label count) >>"$ctr"
		fi
	fi
done

# the knob's value read back in the guest, a row a cache (source knob)
if [ -s "$dir/knobs.txt" ]; then
	bootkind=count
	! grep -qx 'SB_TIMED=1' "$dir/plan-in.sh" 2>/dev/null || bootkind=timed
	! grep -qx 'SB_EMULATED=1' "$dir/plan-in.sh" 2>/dev/null || bootkind=$ekind
	while read -r cache name _ got; do
		[[ "$got" =~ ^[0-9]{1,15}$ ]] && [[ "$cache" =~ $NAME_RE ]] && [[ "$name" =~ ^[a-z_]+$ ]] || continue
		ctr_row "c$first_config" 1 "$bootkind" knob "$cache" "$name" "$got"
	done <"$dir/knobs.txt" >>"$ctr"
fi

# A boot that did not finish: say so on every row it left, and add a row
# for the kernel when it left none.
if [ "$result" != finished ]; then
	sed -i "s/,ok\$/,$result/" "$hb"
	[ -s "$hb" ] || csv_row "$HACKBENCH_HDR" "${where[@]}" host_cpus="$host_cpus" timing="$timing" config="c$first_config" window=1 kind=timed mode= unit= \
		groups= fds= loops= datasize= seconds= status="$result" >>"$hb"
fi
# series_rows: a series boot's series.csv, from its sampler's files
# (cN-series-wK.txt: "ms cache quantity value") and series-cost.txt
# ("samples ns"); a line not of that form is left out and logged.
series_rows() {
	local f stem c w t cache q v bad=0 tmp=$dir/series.csv.tmp n ns
	: >"$tmp"
	if read -r n ns <"$dir/series-cost.txt" 2>/dev/null && [[ "$n" =~ ^[1-9][0-9]{0,5}$ && "$ns" =~ ^[0-9]{1,15}$ ]]; then
		csv_row "$SERIES_HDR" "${where[@]}" config="c$first_config" window=1 time_ms=0 cache=all quantity=sample_ns value=$((ns / n)) >>"$tmp"
	fi
	for f in "$dir"/c[0-9]*-series-w[0-9]*.txt; do
		[ -f "$f" ] || continue
		stem=$(basename "$f" .txt)
		c=${stem%%-*} w=${stem##*-w}
		while read -r t cache q v; do
			if [[ "$t" =~ ^[0-9]{1,9}$ && "$cache" =~ $NAME_RE && "$q" =~ ^[a-z_]{1,32}$ && "$v" =~ ^[0-9]{1,15}$ ]]; then
				csv_row "$SERIES_HDR" "${where[@]}" config="$c" window="$w" time_ms="$t" cache="$cache" quantity="$q" value="$v"
			else
				bad=$((bad + 1))
			fi
		done <"$f" >>"$tmp"
	done
	[ "$bad" = 0 ] || echo "series: $bad sampler lines not of the form 'ms cache quantity value', left out" >>"$dir/collect.log"
	with_header "$SERIES_HDR" "$tmp" "$dir/series.csv"
}
# with_header HDR TMP FINAL: the fragment, its header first.
with_header() {
	{ echo "$1"; cat "$2"; } >"$3.tmp2"
	rm -f "$2"
	mv "$3.tmp2" "$3"
}
# the counting mode's schedule in each plugin window (slubquantum's CSV:
# the quantum's turn ends, PAUSEs, idles: "halts"), the windows numbered as the
# counters' (below); a boot whose windows do not match its plan gives none
q=$dir/quantum-raw.csv
if [ -f "$q" ] && [ "$result" = finished ] && [ "$(sed -n 's/^marks_start=//p' "$q.info" 2>/dev/null)" = "$((n * windows_planned))" ]; then
	while IFS=, read -r qw _ ends pauses halts; do
		[[ "$qw,$ends,$pauses,$halts" =~ ^[0-9]+,[0-9]+,[0-9]+,[0-9]+$ ]] || continue
		qc=c$((qw / windows_planned + cfgs[0])) qn=$((qw % windows_planned + 1))
		ctr_row "$qc" "$qn" "$ekind" sched system quantum_ends "$ends"
		ctr_row "$qc" "$qn" "$ekind" sched system pauses "$pauses"
		ctr_row "$qc" "$qn" "$ekind" sched system halts "$halts"
	done <"$q" >>"$ctr"
fi
with_header "$HACKBENCH_HDR" "$hb" "$dir/hackbench.csv"
with_header "$COUNTERS_HDR" "$ctr" "$dir/counters.csv"
[ "$ekind" != series ] || series_rows
# The plugin's windows are the configurations' runs, in order (window 0 is
# c1's first); a boot whose windows do not match its plan gives no rows.
raw=$dir/emulated-raw.csv
if [ -f "$raw" ] && [ -f "$raw.info" ] && [ "$result" = finished ]; then
	windows=$(sed -n 's/^marks_start=//p' "$raw.info")
	if [ "$windows" != "$((n * windows_planned))" ]; then
		echo "$raw: $windows counting windows for $n configurations x $windows_planned runs; no emulated counts kept" >>"$dir/collect.log"
	else
		emulated_rows "$raw" "$kernel,$profile,$round" "${cfgs[0]}" "$vcpus" "$windows_planned" >"$dir/emulated.csv.tmp"
		with_header "$EMULATED_HDR" "$dir/emulated.csv.tmp" "$dir/emulated.csv"
	fi
fi
# the cross-check of the counting runs, by slubstats (its columns, its sum)
rm -f "$xc"
if "$TOOLS_BIN/slubstats" crosscheck "$dir/counters.csv" >"$xc" 2>>"$dir/collect.log"; then
	mv "$xc" "$dir/crosscheck.csv"
else
	rm -f "$xc"
fi
