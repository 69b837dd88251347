# shellcheck shell=bash
# One boot of a kernel with the guest's plan: what the bench's boots
# (bench/runlib.sh) and a bisect's steps (bisect/lib.sh) share. Every input
# is an argument; nothing here reads its caller's globals.

# SB_KEYS: the guest plan's settings (bench/guest-plan.sh reads them), in
# the order plan-in.sh lists them; SB_DEFAULTS: each one's value unless
# given (a boot that only warms up and runs nothing).
SB_KEYS="CONFIGS WARMUP TIMED COUNT PROFILE EMULATED WINDOWS CACHES FIRST_CONFIG KNOB KNOB_CACHES SERIES"
SB_DEFAULTS="CONFIGS= WARMUP=1 TIMED=0 COUNT=0 PROFILE=0 EMULATED=0 WINDOWS=1 CACHES= FIRST_CONFIG=1 KNOB= KNOB_CACHES= SERIES=0"

# write_guest_plan FILE KEY=VALUE...: the guest's plan for one boot: each
# of SB_KEYS set (a key not given takes SB_DEFAULTS'), then
# bench/guest-plan.sh, which runs them. A text setting is quoted for the
# guest's shell; a number is written as it is.
write_guest_plan() {
	local f=$1 kv k
	local -A v=()
	shift
	for kv in $SB_DEFAULTS "$@"; do
		k=${kv%%=*}
		[[ " $SB_KEYS " == *" $k "* ]] || die "bug: write_guest_plan: '$k' is not a setting of the guest's plan"
		v[$k]=${kv#*=}
	done
	{
		for k in $SB_KEYS; do
			case $k in
			CONFIGS | CACHES | KNOB | KNOB_CACHES) printf 'SB_%s=%q\n' "$k" "${v[$k]}" ;;
			*) printf 'SB_%s=%s\n' "$k" "${v[$k]}" ;;
			esac
		done
		cat "$SLUBBENCH_TOP/bench/guest-plan.sh"
	} >"$f"
}

# boot_script: what boots a kernel: bench/boot.sh, or SLUBBENCH_BOOT (a
# stand-in for QEMU in tests of the bench's own logic).
boot_script() { echo "${SLUBBENCH_BOOT:-$SLUBBENCH_TOP/bench/boot.sh}"; }

# boot_kernel DIR LABEL ROUND PROFILE KERNEL_DIR BUILD_ID BOOT_OPTION...:
# the kernel in KERNEL_DIR booted once with DIR/plan-in.sh (written by
# write_guest_plan) and BOOT_OPTIONs (boot.sh's: --smp, --mem, --timeout,
# ...), BUILD_ID expected of it; its output collected into DIR as LABEL's of
# ROUND and PROFILE; BOOT_RESULT: its result. SAY_AS names the step in its
# messages (default bench).
boot_kernel() {
	local d=$1 l=$2 r=$3 profile=$4 kd=$5 id=$6 rc=0 result
	shift 6
	"$(boot_script)" "$@" --expect-build-id "$id" --out "$d" --plan "$d/plan-in.sh" "$kd" 2>>"$d/boot.err" || rc=$?
	[ "$rc" -eq 0 ] || say "${SAY_AS:-bench}" "  $l failed ($(tail -n1 "$d/boot.err"))"
	"$SLUBBENCH_TOP/bench/collect.sh" "$d" "$l" "$profile" "$r" || say "${SAY_AS:-bench}" "  collecting $l's output failed (see $d/collect.log)"
	result=$(sed -n 's/^result=//p' "$d/boot-info" 2>/dev/null || true)
	# shellcheck disable=SC2034 # the caller reads it
	BOOT_RESULT=${result:-not-run}
}
