# shellcheck shell=bash disable=SC2034
# The counting mode's boot (bench/boot.sh --det SEED): sourced after
# lib/common.sh. What makes two boots of one kernel, plan and seed run the
# same instructions in the same order on any host under any load:
#   - icount, shift=0, sleep=off: one TCG thread runs the vCPUs in turn and
#     the guest's clocks follow the instructions executed, not the host's;
#   - -seed: the guest's random numbers (RDRAND, the boot's entropy) and so
#     the interleaving the round picks; rounds stay replicates;
#   - a fixed virtual RTC (the guest would read the host's date at boot);
#   - no asynchronous I/O: the guest is an initramfs, its plan goes in with
#     it, its results come out on the second serial port after the plan;
#   - no randomised layout (nokaslr norandmaps), no delay-loop calibration
#     or clocksource watchdog that race the host (lpj, tsc=reliable).

DET_RTC=2007-12-28T00:00:00
DET_APPEND="lpj=4000000 tsc=reliable nokaslr norandmaps"

# The schedule: one TCG thread runs the vCPUs in turn, and a turn ends at a
# virtual-timer deadline (up to milliseconds), HLT or PAUSE, or after the
# quantum: Q instructions (emu/src/quantum.h, slubquantum), inf for none.
# DET_QUANTUM_DEFAULT is the bench's and the bisect's when --quantum is not
# given: the finest quantum of the quantum study whose counting-mode boot
# cost at most twice one with no quantum (every measure of the schedule
# moved toward MTTCG's as the quantum shrank; docs/findings/quantum.md).
DET_QUANTUM_DEFAULT=1000

# DET_QUANTUM_MULTI: the largest quantum at which the quantum study
# (studies/quantum.sh; results/reference-quantum, docs/findings/quantum.md)
# found the counting mode's schedule like parallel vCPUs': both kernels'
# context switches and function-call IPIs per message inside MTTCG's 95%
# intervals, and the transfers' head/tail interval above 1. The report's
# headline prices only counts from such a schedule. The study compared
# at DET_QUANTUM_MULTI_VCPUS vCPUs only, the one count at which this host
# runs MTTCG's vCPUs in parallel (at 8 the figures moved down to Q=1000
# and stayed within their intervals at 500 and 200, but with no parallel
# machine to compare: docs/findings/quantum-8.md).
DET_QUANTUM_MULTI=1000
DET_QUANTUM_MULTI_VCPUS=2
# det_quantum_multi Q VCPUS: Q is that fine or finer, at the study's
# vCPU count
det_quantum_multi() {
	[ "$1" != inf ] && [ "$1" -le "$DET_QUANTUM_MULTI" ] && [ "$2" = "$DET_QUANTUM_MULTI_VCPUS" ]
}

# det_quantum_ok Q: a quantum the plugin takes: inf, or a whole number of
# instructions from 1 to 10^9 (no sign, no leading zero).
det_quantum_ok() { [ "$1" = inf ] || { [[ "$1" =~ ^[1-9][0-9]{0,9}$ ]] && [ "$1" -le 1000000000 ]; }; }
# det_quantum OPT Q: Q if det_quantum_ok, else the one refusal naming OPT
# (the plugin checks its q= by the same rule: emu/src/quantum.h).
det_quantum() {
	det_quantum_ok "$2" || die "$1 takes inf or a whole number of instructions from 1 to 1000000000, not '$2'"
	printf '%s\n' "$2"
}

# det_seed_ok SEED: a seed QEMU takes (a whole number).
det_seed_ok() { [[ "$1" =~ ^[0-9]{1,9}$ ]]; }

# det_accel SEED [SHIFT]: the accelerator options of a counting boot; an
# instruction takes 2^SHIFT ns of virtual time (default 0: 1 ns).
det_accel() {
	DET_QACCEL=(-accel "tcg,thread=single" -icount "shift=${2:-0},sleep=off" -seed "$1" -rtc "base=$DET_RTC,clock=vm")
}

# det_initrd JOBDIR OUT BASE: OUT gets the guest's initramfs: the cached
# base cpio BASE (rootfs/initramfs.sh), then a cpio of /job holding
# JOBDIR's plan.sh and the marker that sends the results out on ttyS1.
det_initrd() {
	local jobdir=$1 out=$2 base=$3 stage
	[ -f "$base" ] || return 1
	stage=$(mktemp -d)
	mkdir -p "$stage/job"
	cp "$jobdir/plan.sh" "$stage/job/plan.sh"
	: >"$stage/job/.serial-out"
	find "$stage" -exec touch -h -d @0 {} +
	(cd "$stage" && find job -print0 | LC_ALL=C sort -z |
		cpio --null -o -H newc --owner 0:0 --reproducible --quiet) >"$stage/job.cpio" || { rm -rf "$stage"; return 1; }
	cat "$base" "$stage/job.cpio" >"$out"
	rm -rf "$stage"
}

# det_unpack SERIAL OUT: the job directory the guest sent on ttyS1 into
# OUT. Fails when the stream is missing or cut short (no end marker).
det_unpack() {
	local serial=$1 out=$2
	grep -q '^SLUBBENCH-JOB-END' "$serial" 2>/dev/null || return 1
	tr -d '\r' <"$serial" | sed -n '/^SLUBBENCH-JOB-BEGIN$/,/^SLUBBENCH-JOB-END$/p' | sed '1d;$d' |
		base64 -d | tar -x -C "$out" --no-same-owner --no-same-permissions
}

# det_quick_plan FILE: one counting-mode boot's plan as the bench's
# emulated boot of --quick runs it (hackbench -g 4 -l 50 after the warm-up,
# the hot caches), for a boot outside a bench (the tests' and studies')
det_quick_plan() {
	{
		printf 'SB_CONFIGS=%q\nSB_WARMUP=1\nSB_TIMED=0\nSB_COUNT=0\nSB_PROFILE=0\nSB_EMULATED=1\nSB_CACHES=%q\n' \
			"socket:process:4:50:20:100" "$HOT_CACHES"
		cat "$SLUBBENCH_TOP/bench/guest-plan.sh"
	} >"$1"
}
