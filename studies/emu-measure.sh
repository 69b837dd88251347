#!/usr/bin/env bash
# What the emulated counters cost, and how repeatable they are: each kernel
# boots REPS times under each setting, running one hackbench between
# sbmark's markers after a warm-up.
#
# Usage: studies/emu-measure.sh [OPTIONS]     (./run.sh emu-measure)
#   --kernels LIST   variants (default: head,tail)
#   --reps N         boots per kernel and setting (default: 2)
#   --groups G --loops L   the hackbench run (default: 10 and 150, the
#                    bench's default configuration)
#   --smp N          vCPUs (default: 2)
#   --settings LIST  which settings, in this order in each rep (default:
#                    plain,insns,full,single)
#   --windows W      hackbench runs between markers per boot, each its own
#                    window, counted as configuration cW (default: 1)
#   --out DIR        results (default: results/emu-measure-<UTC time>)
#
# Settings: plain (TCG, no plugin), insns (plugin, instructions only:
# cache=off), full (plugin with the cache model: the bench's setting),
# single (full, with -accel tcg,thread=single: one host thread for every
# vCPU) and pinned (full, each vCPU thread pinned to a host CPU: boot.sh
# --pin); det (the counting mode, bench/boot.sh --det with rep r as the
# seed: QEMU 10, icount, the initramfs guest, with the cache model) and
# det-insns (the same, instructions only). Under the counting mode
# hackbench's time is virtual (executed instructions), so only the boot's
# wall time says what a det setting costs. Writes DIR/boots.csv (a boot a
# row: round = rep), DIR/emulated.csv and DIR/hackbench.csv, in the
# bench's formats (lib/rundir.sh; kernel named KERNEL.SETTING, window W as
# configuration cW), DIR/spread.csv (slubstats emulated: each total's
# spread between boots) and DIR/summary.txt.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"

kernels="head tail" reps=2 groups=10 loops=150 smp=2 out='' settings="plain insns full single" windows=1
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--kernels) need_val "$@"; kernels=$(opt_list --kernels "$2" "one kernel (e.g. head,tail)" opt_name); shift 2 ;;
	--reps) need_val "$@"; reps=$(opt_uint --reps "$2"); shift 2 ;;
	--groups) need_val "$@"; groups=$(opt_uint --groups "$2"); shift 2 ;;
	--loops) need_val "$@"; loops=$(opt_uint --loops "$2"); shift 2 ;;
	--smp) need_val "$@"; smp=$(opt_uint --smp "$2"); shift 2 ;;
	--out) need_val "$@"; out=$2; shift 2 ;;
	--settings)
		need_val "$@"
		settings=$(opt_list --settings "$2" "one setting (plain, insns, full, single, pinned, det, det-insns)" opt_choice plain insns full single pinned det det-insns)
		shift 2 ;;
	--windows) need_val "$@"; windows=$(opt_uint --windows "$2"); shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	*) die "unknown option '$1' (see studies/emu-measure.sh --help)" ;;
	esac
done
[ -n "$out" ] || out=$SLUBBENCH_TOP/results/emu-measure-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out/raw"
out=$(realpath "$out")
# shellcheck disable=SC2086
"$SLUBBENCH_TOP/kernels/build.sh" $kernels >/dev/null
"$SLUBBENCH_TOP/emu/build.sh" >/dev/null
case " $settings " in *" det"*) "$SLUBBENCH_TOP/emu/build.sh" --qemu 10 >/dev/null ;; esac
"$SLUBBENCH_TOP/rootfs/build.sh" >/dev/null
build_tools all
HB="hackbench -g $groups -l $loops"
{
	printf '# shellcheck shell=sh\nhackbench -g 4 -l 50 >/dev/null 2>&1\n'
	for w in $(seq 1 "$windows"); do printf 'sbmark run %s >hb%s.txt 2>&1\n' "$HB" "$w"; done
} >"$out/plan.sh"
{
	commas() { tr -s ' ' '\n' <<<"$1" | grep . | paste -sd,; }
	echo "command=studies/emu-measure.sh --kernels $(commas "$kernels") --reps $reps --groups $groups --loops $loops --smp $smp --settings $(commas "$settings") --windows $windows"
	echo "host=$(sed -n '/^model name/{s/^model name[[:space:]]*: //p;q}' /proc/cpuinfo), $(nproc) cores"
	echo "hackbench=$HB"
	echo "windows=$windows"
	echo "smp=$smp"
	echo "reps=$reps"
	echo "settings=$settings"
} >"$out/run-info"
echo "$BOOTS_HDR" >"$out/boots.csv"
echo "$EMULATED_HDR" >"$out/emulated.csv"
echo "$HACKBENCH_HDR" >"$out/hackbench.csv"
for rep in $(seq 1 "$reps"); do
	pos=0
	for k in $kernels; do
		for s in $settings; do
			d=$out/raw/$k.$s.$rep
			pos=$((pos + 1))
			opts=()
			case "$s" in
			insns) opts=(--counters --counters-opts cache=off) ;;
			full) opts=(--counters) ;;
			single) opts=(--counters --tcg-threads single) ;;
			pinned) opts=(--counters --pin) ;;
			det) opts=(--counters --det "$rep") ;;
			det-insns) opts=(--counters --counters-opts cache=off --det "$rep") ;;
			esac
			say emu "rep $rep/$reps: $k, $s"
			start=$(date -u +%FT%TZ)
			"$SLUBBENCH_TOP/bench/boot.sh" --accel tcg --smp "$smp" --timeout 1800 --out "$d" \
				${opts[@]+"${opts[@]}"} --plan "$out/plan.sh" "$k" 2>"$d.err" ||
				die "$k ($s, rep $rep) did not finish: $(tail -n1 "$d.err")"
			# the bench's formats (lib/rundir.sh): a boot a row of boots.csv,
			# a window a row of hackbench.csv (kernel KERNEL.SETTING)
			info() { sed -n "s/^$1=//p" "$d/boot-info"; }
			kind=timed
			[ "$s" = plain ] || kind=emulated
			csv_row "$BOOTS_HDR" round="$rep" position="$pos" kernel="$k.$s" vcpus="$smp" kind="$kind" attempt=1 \
				host="$(host_name)" start_utc="$start" wall_seconds="$(info seconds)" result="$(info result)" \
				seed="$(info det_seed)" host_load="$(info host_other_cpu)" >>"$out/boots.csv"
			for w in $(seq 1 "$windows"); do
				secs=$(awk '/^Time:/ { print $2 }' "$d/hb$w.txt")
				[ -n "$secs" ] || die "$d/hb$w.txt: no hackbench time"
				csv_row "$HACKBENCH_HDR" kernel="$k.$s" profile=2007 round="$rep" config="c$w" window=1 kind=timed \
					mode=socket unit=process groups="$groups" fds=20 loops="$loops" datasize=100 vcpus="$smp" \
					host_cpus="$(nproc)" timing= seconds="$secs" status=ok >>"$out/hackbench.csv"
			done
			[ ! -f "$d/emulated-raw.csv" ] ||
				emulated_rows "$d/emulated-raw.csv" "$k.$s,2007,$rep" 1 "$smp" >>"$out/emulated.csv"
		done
	done
done
"$TOOLS_BIN/slubstats" emulated "$out/emulated.csv" "$out/hackbench.csv" >"$out/spread.csv"
"$SLUBBENCH_TOP/studies/emu-measure-summary.sh" "$out" | tee "$out/summary.txt"
