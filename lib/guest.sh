# shellcheck shell=bash
# The guest's size and limits: vCPUs and memory a kernel can hold, a
# boot's default time limit, the emulated counters' windows and vCPUs, the
# sampler's interval, and what a panicking console says.
# Sourced by lib/common.sh.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g SLUBBENCH_TOP

# PANIC_RE: a guest console line that means the kernel broke (ERE): the
# boot's verdict (bench/boot.sh) and the report's fault list read it.
# shellcheck disable=SC2034
PANIC_RE='Kernel panic|Oops:|BUG:|general protection fault'

# guest_fits KDIR SMP MEM: the guest can hold SMP vCPUs and MEM MiB: no more
# vCPUs than the kernel's CONFIG_NR_CPUS (the base config's, before KDIR is
# built), and at least 512 MiB plus 64 per vCPU (hackbench runs 40 tasks a
# group); else one line naming the limit.
guest_fits() {
	local nr cfg=$1/config name
	name=${1##*/}
	[ -f "$cfg" ] || { cfg=$SLUBBENCH_TOP/kernels/config/base.config name="the guest kernel"; }
	nr=$(sed -n 's/^CONFIG_NR_CPUS=//p' "$cfg" 2>/dev/null)
	[ -z "$nr" ] || [ "$2" -le "$nr" ] ||
		die "--smp $2 is more than $name can run: its CONFIG_NR_CPUS is $nr"
	[ "$3" -ge $((512 + 64 * $2)) ] ||
		die "--mem $3 is too little for $2 vCPUs: give at least $((512 + 64 * $2)) MiB (512 + 64 per vCPU)"
}

# default_mem SMP: guest memory (MiB) for SMP vCPUs unless --mem says:
# 2048, or 1024 plus 128 per vCPU when that is more (16 vCPUs: 3072).
default_mem() {
	local m=$((1024 + 128 * $1))
	[ "$m" -ge 2048 ] || m=2048
	echo "$m"
}

# default_timeout SMP: the limit (seconds) of one boot with SMP vCPUs
# unless --timeout says: 600 plus 150 per vCPU (2: 900; 16: 3000), as a
# boot and its runs take longer with more vCPUs on the same host cores.
default_timeout() {
	echo $((600 + 150 * $1))
}

# Windows of an emulated-counters boot (bench --emulated-windows: each
# configuration's runs, one plugin window each): at most EMU_MAX_WINDOWS a
# boot (emu/src/slubcount.c's MAX_WINDOWS). Each window past the first adds
# EMU_WINDOW_SECONDS to the boot's default limit: twice the ~100 s one
# window of hackbench -g 10 -l 150 took here with the cache model (2 vCPUs,
# counting mode); a --timeout under EMU_WINDOW_MIN_SECONDS a window (what
# a host 2.5x faster would take) is refused before anything boots.
# shellcheck disable=SC2034
EMU_MAX_WINDOWS=16 EMU_WINDOW_SECONDS=200 EMU_WINDOW_MIN_SECONDS=40
# the partial-list sampler's interval, in ms of guest time (bench/run.sh --series-interval)
# and the fewest samples of a run the report reads without a warning
# shellcheck disable=SC2034
SERIES_MIN_MS=10 SERIES_MAX_MS=1000 SERIES_MIN_SAMPLES=10

# emulated_timeout SMP WINDOWS: the default limit of an emulated-counters
# boot of WINDOWS windows at SMP vCPUs.
emulated_timeout() {
	echo $(($(default_timeout "$1") + EMU_WINDOW_SECONDS * ($2 - 1)))
}

# The most vCPUs the emulated counters model: the cores of the default
# machine (emu/src/machines.h, clovertown: vCPU i is its core i; t05 checks
# that the two agree); a bench with --machine takes that machine's cores.
# The plugin refuses a guest with more.
# shellcheck disable=SC2034
EMU_MAX_VCPUS=8

