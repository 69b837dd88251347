#!/usr/bin/env bash
# Boot one built kernel variant in QEMU, run a plan inside, bring its output back.
#
# Usage: bench/boot.sh [OPTIONS] VARIANT [-- COMMAND...]
#   VARIANT          a built variant: stock, head-2007, tail-modern, slab, head@6.12, or a
#                    kernel directory (see ./run.sh kernels --list)
#   --plan FILE      the shell script to run in the guest (default: COMMAND)
#   --out DIR        where the guest's output goes (default: a new temp dir)
#   --profile P      profile for bare variant names (default 2007)
#   --accel A        auto (default), kvm or tcg
#   --smp N          vCPUs (default: host cores, at least 2)
#   --mem MIB        guest memory (default 2048, or 1024 + 128 per vCPU if more)
#   --timeout S      wall-clock limit for the whole boot (default 600 + 150
#                    per vCPU)
#   --expect-build-id ID   the build id the guest must report (else wrong-kernel)
#   --counters       emulated counters: TCG with the slubcount plugin (emu/),
#                    counting between the guest's sbmark markers into
#                    OUT/emulated-raw.csv and OUT/emulated-raw.csv.info;
#                    kept only if the guest booted the kernel directory's
#                    own build (--expect-build-id defaults to it)
#   --counters-opts K=V,...   more plugin arguments (emu/src/slubcount.c:
#                    cache=off, l1d_kib=48,l1d_ways=12, window=all)
#   --tcg-threads T  multi (default: one host thread per vCPU) or single
#   --pin            pin vCPU thread i to the i-th host CPU this process may
#                    use (modulo their number), as QEMU names its threads;
#                    written to OUT/pin-info
#   --det SEED       the counting mode (lib/detboot.sh): QEMU 10 under
#                    icount, seeded, from an initramfs (rootfs/initramfs.sh):
#                    two boots of one kernel, plan and SEED run alike on any
#                    host under any load; one host core per boot
#                    (SLUBBENCH_ICOUNT_SHIFT=N: an instruction takes 2^N ns
#                    of virtual time; default 0; SLUBBENCH_REUSE_COUNTING=1:
#                    a boot of an input booted before is the stored one,
#                    bench/detstore.sh, reused=KEY in boot-info)
#   --quantum Q      with --det: end the running vCPU's turn every Q
#                    instructions (1 to 10^9; emu/src/slubquantum.c), or inf
#                    (only icount's own turns); either way the quantum
#                    plugin counts each window's turn ends, PAUSEs and idles
#                    into OUT/quantum-raw.csv (and .info)
#   --qemu Q         system (the host's QEMU, default) or 10 (bookworm-
#                    backports', emu/fetch-qemu.sh; the default with --det)
#
# The kernel's build directory is shared read-only at /kernel in the guest
# (its vmlinux resolves perf's kernel symbols).
# The guest writes into OUT as it goes: guest-info, plan.log, status, and
# whatever the plan writes in its working directory; serial.log is the
# console. Exit status, the last line and "result=" in OUT/boot-info tell
# how it ended:
#   0 finished       the plan ran to its end
#   1 launcher-error bad input, or QEMU failed to start
#   2 runner-error   the plan failed, or the guest stopped without a result
#   3 panic          kernel panic/oops/BUG on the console
#   4 timeout        no power-off within the limit (decided from the elapsed
#                    time, not from an exit code)
#     stall          QEMU alive but gaining under a second of CPU in
#                    SLUBBENCH_STALL_SECS (60) seconds: killed then, not at
#                    the limit (bench/stall.sh); a hang, retried as one
#   5 wrong-kernel   the guest booted another build than --expect-build-id
#   6 killed-SIG     QEMU was killed by a signal (e.g. killed-KILL)
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/pin.sh
. "$SLUBBENCH_TOP/lib/pin.sh"
# shellcheck source=lib/qemu.sh
. "$SLUBBENCH_TOP/lib/qemu.sh"
# shellcheck source=lib/detboot.sh
. "$SLUBBENCH_TOP/lib/detboot.sh"
# shellcheck source=lib/hostload.sh
. "$SLUBBENCH_TOP/lib/hostload.sh"
# shellcheck source=bench/stall.sh
. "$SLUBBENCH_TOP/bench/stall.sh"
# shellcheck source=bench/detstore.sh
. "$SLUBBENCH_TOP/bench/detstore.sh"

plan='' out='' profile=2007 accel=auto mem='' timeout='' expect_id='' counters=0 counters_opts='' tcg_threads=multi pin=0 det='' qemu='' quantum='' plugin='' qp=''
smp=$(nproc)
[ "$smp" -ge 2 ] || smp=2
variant=
cmd=()
# options end at "--": what follows is the guest's command, left as it is
n_opts=$#
for ((i = 1; i <= $#; i++)); do [ "${!i}" = -- ] && { n_opts=$((i - 1)); break; }; done
split_opts "${@:1:n_opts}"
set -- "${ARGS[@]+"${ARGS[@]}"}" "${@:n_opts+1}"
while [ $# -gt 0 ]; do
	case "$1" in
	--plan) need_val "$@"; plan=$2; shift 2 ;;
	--out) need_val "$@"; out=$2; shift 2 ;;
	--profile) need_val "$@"; profile=$(opt_choice --profile "$2" 2007 modern); shift 2 ;;
	--accel) need_val "$@"; accel=$(opt_choice --accel "$2" auto kvm tcg); shift 2 ;;
	--smp) need_val "$@"; smp=$(opt_uint --smp "$2"); shift 2 ;;
	--mem) need_val "$@"; mem=$(opt_uint --mem "$2"); shift 2 ;;
	--timeout) need_val "$@"; timeout=$(opt_uint --timeout "$2"); shift 2 ;;
	--expect-build-id) need_val "$@"; expect_id=$2; shift 2 ;;
	--counters) counters=1; shift ;;
	--counters-opts)
		need_val "$@"
		[[ "$2" =~ ^[a-z0-9_]+=[A-Za-z0-9_]+(,[a-z0-9_]+=[A-Za-z0-9_]+)*$ ]] ||
			die "--counters-opts takes NAME=VALUE,... (letters, digits, _), not '$2'"
		counters_opts=,$2; shift 2 ;;
	--tcg-threads) need_val "$@"; tcg_threads=$(opt_choice --tcg-threads "$2" multi single); shift 2 ;;
	--pin) pin=1; shift ;;
	--det) need_val "$@"; det_seed_ok "$2" || die "--det needs a seed (a whole number), not '$2'"; det=$2; shift 2 ;;
	--qemu) need_val "$@"; qemu=$(opt_choice --qemu "$2" system 10); shift 2 ;;
	--quantum) need_val "$@"; quantum=$(det_quantum --quantum "$2"); shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	--) shift; cmd=("$@"); break ;;
	-*) die "unknown option '$1' (see bench/boot.sh --help)" ;;
	*) [ -z "$variant" ] || die "one variant at a time (got '$variant' and '$1')"; variant=$1; shift ;;
	esac
done
[ -n "$variant" ] || die "which variant? (see bench/boot.sh --help)"
[ -z "$quantum" ] || [ -n "$det" ] || die "--quantum $quantum shapes the counting mode's schedule: give --det SEED too (MTTCG runs the vCPUs in parallel)"
[ -n "$mem" ] || mem=$(default_mem "$smp")
[ -n "$timeout" ] || timeout=$(default_timeout "$smp")

# The kernel: a directory, or a variant name in the cache.
if [ -d "$variant" ]; then
	kdir=$variant
else
	kdir=$(kernel_dir "$variant" "$profile") ||
		die "variant '$variant' (profile $profile) is not built: run ./run.sh kernels --profile $profile ${variant%-*}"
fi
if [ ! -f "$kdir/bzImage" ] || [ ! -f "$kdir/manifest.json" ]; then
	die "$kdir holds no built kernel (bzImage, manifest.json)"
fi
kernel_intact "$kdir" ||
	die "$kdir/bzImage is damaged (it does not match its manifest): rebuild it with ./run.sh kernels $(jq -r '.variant // "VARIANT"' "$kdir/manifest.json")"
guest_fits "$kdir" "$smp" "$mem"
if [ -n "$det" ]; then
	[[ "${SLUBBENCH_ICOUNT_SHIFT:-0}" =~ ^([0-9]|10)$ ]] || die "SLUBBENCH_ICOUNT_SHIFT takes 0 to 10, not '$SLUBBENCH_ICOUNT_SHIFT'"
	[ "$accel" != kvm ] || die "--det runs under TCG's icount: drop --accel kvm"
	[ "$pin" -eq 0 ] || die "--det runs every vCPU in one host thread: drop --pin"
	[ "${qemu:-10}" = 10 ] || die "--det needs QEMU 10 (7.2 does not boot an SMP guest under icount): drop --qemu $qemu"
	qemu=10
	accel=tcg tcg_threads=single
	qemu_available 10 || "$SLUBBENCH_TOP/emu/fetch-qemu.sh" >/dev/null ||
		die "--det needs QEMU 10 from bookworm-backports, which could not be fetched (see above)"
fi
qemu_select "${qemu:-system}"
if [ -n "$det" ]; then
	image=
	# (the base once a boot: finding it checks the cached cpio's sha256)
	det_base=$("$SLUBBENCH_TOP/rootfs/initramfs.sh") || die "the counting guest's initramfs could not be built"
else
	image=$("$SLUBBENCH_TOP/rootfs/build.sh" --path)
fi

if [ -z "$out" ]; then
	out=$(mktemp -d "${TMPDIR:-/tmp}/slubbench-boot.XXXXXX")
fi
mkdir -p "$out"
out=$(realpath "$out")
# OUT is the directory the guest mounts (9p tag "job") and works in.
job=$out
if [ -n "$plan" ]; then
	[ -f "$plan" ] || die "plan file '$plan' does not exist"
	cp "$plan" "$job/plan.sh"
elif [ ${#cmd[@]} -gt 0 ]; then
	printf '%q ' "${cmd[@]}" >"$job/plan.sh"
	echo >>"$job/plan.sh"
else
	die "nothing to run: give --plan FILE or -- COMMAND"
fi
rm -f "$out/status" "$out/guest-info" "$out/plan.log"

qplugin=()
if [ "$counters" -eq 1 ]; then
	[ "$accel" != kvm ] || die "--counters needs TCG (the plugin instruments TCG's translation): drop --accel kvm"
	accel=tcg
	cores=$EMU_MAX_VCPUS
	if [[ "$counters_opts" =~ ,machine=([^,]*) ]]; then
		build_tools all
		cores=$(csv_get <("$TOOLS_BIN/slubstats" machines) cores name="${BASH_REMATCH[1]}")
		[ -n "$cores" ] || die "--counters-opts machine=${BASH_REMATCH[1]}: not a machine of emu/src/machines.h (bin/slubstats machines lists them)"
	fi
	[ "$smp" -le "$cores" ] || die "--counters models 1 to $cores vCPUs (a core of the machine each), not --smp $smp"
	plugin=$(slubcount_plugin "$QEMU_ID")
	[ -f "$plugin" ] || die "the slubcount plugin is not built for $QEMU_ID: run emu/build.sh --qemu $QEMU_NAME"
	[ -f "$kdir/System.map" ] || die "$kdir has no System.map: the counters need the booted build's"
	case "$out$kdir$plugin" in *,*) die "--counters: QEMU's -plugin option cannot take a path with a comma ($out)" ;; esac
	rm -f "$out/emulated-raw.csv" "$out/emulated-raw.csv.info"
	# counts named from kdir's System.map are kept only for kdir's build
	[ -n "$expect_id" ] || expect_id=$(jq -r .build_id "$kdir/manifest.json")
	# under one TCG thread QEMU 10 names the translating vCPU, not the
	# running one: the plugin tells them apart by the guest's registers
	vcpu_arg=
	[ -z "$det" ] || vcpu_arg=,vcpu=regs
	qplugin=(-plugin "$plugin,out=$out/emulated-raw.csv,map=$kdir/System.map,mem=$mem$vcpu_arg$counters_opts")
fi
if [ -n "$quantum" ]; then
	qp=$(quantum_plugin "$QEMU_ID")
	[ -f "$qp" ] || "$SLUBBENCH_TOP/emu/build.sh" --qemu 10 >/dev/null ||
		die "--quantum: the slubquantum plugin could not be built for $QEMU_ID (see above)"
	case "$out$qp" in *,*) die "--quantum: QEMU's -plugin option cannot take a path with a comma ($out)" ;; esac
	rm -f "$out/quantum-raw.csv" "$out/quantum-raw.csv.info"
	qplugin+=(-plugin "$qp,q=$quantum,out=$out/quantum-raw.csv")
fi
if [ "$accel" = auto ]; then
	if qemu_kvm_usable "$0" "$kdir"; then accel=kvm; else accel=tcg; fi
fi
if [ -n "$det" ]; then
	det_accel "$det" "${SLUBBENCH_ICOUNT_SHIFT:-0}"
	qaccel=("${DET_QACCEL[@]}" -cpu "${SLUBBENCH_QEMU_CPU:-max}")
elif [ "$accel" = kvm ]; then
	qaccel=(-accel kvm -cpu "${SLUBBENCH_QEMU_CPU:-host}")
else
	qaccel=(-accel "tcg,thread=$tcg_threads" -cpu "${SLUBBENCH_QEMU_CPU:-max}")
	say boot "warning: no usable KVM, emulating with TCG: timings are emulated (no real caches or lock contention)"
fi

serial=$out/serial.log
: >"$serial"
if [ -n "$det" ]; then
	# the guest's files: an initramfs in, the second serial port out
	initrd_dir=$(mktemp -d "${TMPDIR:-/tmp}/slubbench-initrd.XXXXXX")
	trap 'rm -rf "$initrd_dir"' EXIT
	det_initrd "$job" "$initrd_dir/initramfs.cpio" "$det_base" || die "could not make the guest's initramfs"
	rm -f "$out/job-serial.log"
	append="console=ttyS0 rdinit=/sbin/slubbench-init panic=-1 oops=panic quiet loglevel=4 $DET_APPEND ${SLUBBENCH_APPEND:-}"
	qguest=(-kernel "$kdir/bzImage" -initrd "$initrd_dir/initramfs.cpio" -append "$append"
		-serial "file:$serial" -serial "file:$out/job-serial.log")
else
	append="console=ttyS0 root=/dev/vda ro rootfstype=ext4 init=/sbin/slubbench-init panic=-1 oops=panic quiet loglevel=4 ${SLUBBENCH_APPEND:-}"
	# The counters map addresses with System.map: no randomised kernel base.
	[ "$counters" -eq 0 ] || append+=" nokaslr"
	qguest=(-kernel "$kdir/bzImage" -append "$append"
		-drive "file=$image,if=virtio,format=raw,readonly=on"
		-virtfs "local,path=$job,mount_tag=job,security_model=none,id=job"
		-virtfs "local,path=$kdir,mount_tag=kernel,security_model=none,id=kernel,readonly=on"
		-serial "file:$serial")
fi
t0=$EPOCHSECONDS
rc=0
qargs=("${QEMU_FW[@]+"${QEMU_FW[@]}"}"
	-nodefaults -no-user-config -nographic -no-reboot -name "slubbench,debug-threads=on"
	-machine pc "${qaccel[@]}" -smp "$smp" -m "$mem" "${qguest[@]}"
	-monitor none "${qplugin[@]+"${qplugin[@]}"}")
# a counting boot booted before: its outputs again (bench/detstore.sh)
store_key='' store_text='' reused=''
if [ -n "$det" ] && detstore_on; then
	store_text=$(detstore_key "$QEMU_BIN" "$out" "$kdir" "$initrd_dir" "$kdir/bzImage" "$initrd_dir/initramfs.cpio" \
		${plugin:+"$plugin" "$kdir/System.map"} ${qp:+"$qp"} -- "${qargs[@]}") || die "could not hash the counting boot's inputs"
	store_key=$(tail -n1 <<<"$store_text")
	! detstore_fetch "$store_key" "$out" || reused=$store_key
fi
hostload_start
rm -f "$out/stall"
if [ -z "$reused" ]; then
	timeout --foreground -k 5 "$timeout" "$QEMU_BIN" "${qargs[@]}" >"$out/qemu.log" 2>&1 &
	qpid=$!
	if [ "$pin" -eq 1 ]; then
		pin_vcpus "$qpid" "$smp" >"$out/pin-info" ||
			say boot "warning: the vCPU threads were not all pinned (see $out/pin-info)"
	fi
	watch_stall "$qpid" "$out" || rc=$?
fi
secs=$((EPOCHSECONDS - t0))
hostload_stop
if [ -n "$det" ]; then
	det_unpack "$out/job-serial.log" "$out" || say boot "warning: the guest sent no results on ttyS1 (see $out/job-serial.log)"
fi
{
	echo "accel=$accel"
	echo "smp=$smp"
	echo "mem_mib=$mem"
	echo "seconds=$secs"
	echo "qemu_rc=$rc"
	echo "kernel_dir=$kdir"
	echo "qemu_cpu=${qaccel[*]: -1}"
	echo "append_extra=${SLUBBENCH_APPEND:-}"
	echo "tcg_threads=$tcg_threads"
	echo "counters=$counters${counters_opts}"
	echo "pinned=$pin"
	echo "det_seed=${det:-}"
	[ -z "$det" ] || echo "icount_shift=${SLUBBENCH_ICOUNT_SHIFT:-0}"
	echo "quantum=$quantum"
	echo "reused=$reused"
	echo "qemu=$QEMU_ID"
	echo "qemu_version=$(qemu_version_line)"
	echo "host_cpus=$HOSTLOAD_CPUS"
	echo "host_other_cpu=$HOSTLOAD_OTHER"
} >"$out/boot-info"

# How it ended: result= in boot-info, and the exit status (bench/boot-result.sh)
# shellcheck source=bench/boot-result.sh
. "$SLUBBENCH_TOP/bench/boot-result.sh"
