# shellcheck shell=bash disable=SC2034
# One boot of a kernel with the guest's plan, sourced by bench/runlib.sh:
# what the bench's boots and a bisect's steps share. Uses planlib.sh.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g BOOT_CMD configs count emulated_windows knob_of mem prof profile series_interval

# guest_settings KIND VCPUS LABEL: the plan's settings for a timed,
# counting or emulated-counters boot at VCPUS of kernel LABEL (its knob, if
# any). A timed boot only times: no perf in it, ever.
guest_settings() {
	local timed=1 cnt=0 prf=0 emu=0 windows=1 ser=0
	case "$1" in
	count) timed=0 cnt=$count prf=$prof ;;
	emulated) timed=0 emu=1 windows=$emulated_windows ;;
	# an emulated boot's plan but for the sampler: the twin of its seed's
	series) timed=0 emu=1 windows=$emulated_windows ser=$series_interval ;;
	esac
	printf 'SB_CONFIGS=%q\nSB_WARMUP=1\nSB_TIMED=%s\nSB_COUNT=%s\nSB_PROFILE=%s\nSB_EMULATED=%s\nSB_WINDOWS=%s\nSB_CACHES=%q\nSB_FIRST_CONFIG=%s\nSB_KNOB=%q\nSB_KNOB_CACHES=%q\nSB_SERIES=%s\n' \
		"$configs" "$timed" "$cnt" "$prf" "$emu" "$windows" "$(label_caches "$3")" "$(first_config "$2")" "${knob_of[$3]:-}" "$(knob_cache_list "$3")" "$ser"
}

# boot_kernel DIR LABEL KIND VCPUS ROUND KERNEL_DIR BUILD_ID LIMIT
# [BOOT_OPTION...]: the guest's plan for a KIND boot of LABEL written, the
# kernel in KERNEL_DIR booted once (bench/boot.sh, or SLUBBENCH_BOOT:
# BOOT_CMD), BUILD_ID expected of it, its output collected; BOOT_RESULT:
# its result. The bench's boots and a bisect's steps go through it.
boot_kernel() {
	local d=$1 l=$2 kind=$3 x=$4 r=$5 kd=$6 id=$7 limit=$8 rc=0 result
	shift 8
	guest_settings "$kind" "$x" "$l" >"$d/plan-in.sh"
	cat "$SLUBBENCH_TOP/bench/guest-plan.sh" >>"$d/plan-in.sh"
	"${BOOT_CMD[@]}" --smp "$x" --mem "${mem:-$(default_mem "$x")}" --timeout "$limit" "$@" \
		--expect-build-id "$id" --out "$d" --plan "$d/plan-in.sh" "$kd" 2>>"$d/boot.err" || rc=$?
	[ "$rc" -eq 0 ] || say "${SAY_AS:-bench}" "  $l failed ($(tail -n1 "$d/boot.err"))"
	"$SLUBBENCH_TOP/bench/collect.sh" "$d" "$l" "$profile" "$r" || say "${SAY_AS:-bench}" "  collecting $l's output failed (see $d/collect.log)"
	result=$(sed -n 's/^result=//p' "$d/boot-info" 2>/dev/null || true)
	BOOT_RESULT=${result:-not-run}
}
