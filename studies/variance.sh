#!/usr/bin/env bash
# Where the time's variance comes from, and what narrows an A/A interval per
# minute. One kernel boots N times; pinned and unpinned
# boots alternate (U P P U U P P U ...: each condition as often early as
# late). Each boot warms up, runs two calibrations that touch no slab path
# on purpose, then times hackbench REPS times:
#   cal-loop   a user-space loop (sbmark loop) on every vCPU at once
#   cal-pipe   hackbench in pipe mode (pages, not slabs, carry the data)
#   run1..     the bench's timed configuration, REPS times in a row
#
# Usage: studies/variance.sh [OPTIONS]      (./run.sh variance)
#   --kernel K       the variant (default: tail)
#   --boots N        boots, a multiple of 4 (default: 40)
#   --reps R         timed runs per boot (default: 3)
#   --groups G --loops L   the timed hackbench (default: 10 and 150, the
#                    bench's default configuration)
#   --cal-loops N    iterations of cal-loop per vCPU (default: 400000000)
#   --smp N          vCPUs (default: 2)
#   --out DIR        results (default: results/variance-<UTC time>)
#
# Writes DIR/variance.csv (one row per boot and measure) as it goes, and
# DIR/analysis.csv and DIR/summary.txt (slubstats variance) at the end.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

VARIANCE_HDR=boot,kernel,pinned,boot_seconds,measure,seconds
kernel=tail boots=40 reps=3 groups=10 loops=150 cal_loops=400000000 smp=2 out=''
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) need_val "$@"; kernel=$(opt_name --kernel "$2"); shift 2 ;;
	--boots) need_val "$@"; boots=$(opt_uint --boots "$2"); shift 2 ;;
	--reps) need_val "$@"; reps=$(opt_uint --reps "$2"); shift 2 ;;
	--groups) need_val "$@"; groups=$(opt_uint --groups "$2"); shift 2 ;;
	--loops) need_val "$@"; loops=$(opt_uint --loops "$2"); shift 2 ;;
	--cal-loops) need_val "$@"; cal_loops=$(opt_uint --cal-loops "$2"); shift 2 ;;
	--smp) need_val "$@"; smp=$(opt_uint --smp "$2"); shift 2 ;;
	--out) need_val "$@"; out=$2; shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	*) die "unknown option '$1' (see studies/variance.sh --help)" ;;
	esac
done
[ "$boots" -ge 4 ] && [ $((boots % 4)) -eq 0 ] ||
	die "--boots $boots: give a multiple of 4 (pinned and unpinned alternate U P P U)"
[ "$reps" -ge 2 ] || die "--reps $reps: give at least 2 (the within-boot variance needs two runs)"
[ -n "$out" ] || out=$SLUBBENCH_TOP/results/variance-$(date -u +%Y%m%d-%H%M%S)
[ ! -e "$out/variance.csv" ] || die "$out already holds a variance run: give another --out"
mkdir -p "$out/raw"
out=$(realpath "$out")
"$SLUBBENCH_TOP/kernels/build.sh" "$kernel" >/dev/null
"$SLUBBENCH_TOP/rootfs/build.sh" >/dev/null
build_tools all

{
	echo "# shellcheck shell=bash"
	echo "TIMEFORMAT=%R"
	echo "hackbench -g 4 -l 50 >/dev/null 2>&1"
	echo "{ time { for _ in \$(seq \"\$(nproc)\"); do sbmark loop $cal_loops & done; wait; }; } 2>cal-loop.txt"
	echo "echo \"Time: \$(cat cal-loop.txt)\" >cal-loop.txt"
	echo "hackbench -p -g $groups -l $loops >cal-pipe.txt 2>&1"
	echo "for r in \$(seq $reps); do hackbench -g $groups -l $loops >\"run\$r.txt\" 2>&1; done"
} >"$out/plan.sh"
{
	echo "command=studies/variance.sh --kernel $kernel --boots $boots --reps $reps --groups $groups --loops $loops --cal-loops $cal_loops --smp $smp"
	echo "host=$(sed -n '/^model name/{s/^model name[[:space:]]*: //p;q}' /proc/cpuinfo), $(nproc) cores"
	echo "start_utc=$(date -u +%FT%TZ)"
} >"$out/run-info"
echo "$VARIANCE_HDR" >"$out/variance.csv"
for ((b = 1; b <= boots; b++)); do
	pinned=$(((b >> 1) & 1)) # boots 1..: U P P U U P P U ...
	d=$out/raw/b$(printf %02d "$b")
	opts=()
	[ "$pinned" -eq 0 ] || opts=(--pin)
	say variance "boot $b/$boots: $kernel, pinned=$pinned"
	"$SLUBBENCH_TOP/bench/boot.sh" --accel tcg --smp "$smp" --out "$d" ${opts[@]+"${opts[@]}"} \
		--plan "$out/plan.sh" "$kernel" 2>"$d.err" ||
		die "boot $b did not finish: $(tail -n1 "$d.err"); what was measured is in $out/variance.csv"
	bsecs=$(sed -n 's/^seconds=//p' "$d/boot-info")
	rows=''
	for m in cal-loop cal-pipe $(seq -f 'run%g' 1 "$reps"); do
		s=$(awk '/^Time:/ { print $2 }' "$d/$m.txt" 2>/dev/null)
		[[ "$s" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "$d/$m.txt: no time; boot $b is not kept"
		rows+="$b,$kernel,$pinned,$bsecs,$m,$s"$'\n'
	done
	printf '%s' "$rows" >>"$out/variance.csv"
done
echo "end_utc=$(date -u +%FT%TZ)" >>"$out/run-info"
"$TOOLS_BIN/slubstats" variance "$out/variance.csv" >"$out/analysis.csv"
"$SLUBBENCH_TOP/studies/variance-summary.sh" "$out" | tee "$out/summary.txt"
