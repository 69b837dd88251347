#!/usr/bin/env bash
# A stand-in for bench/boot.sh (SLUBBENCH_BOOT=tests/stub-boot.sh): no
# QEMU. It writes what a guest running bench/guest-plan.sh would leave for
# bench/collect.sh, with a made-up time, and ends as bench/boot.sh would.
# Faults to act out come from $STUB_FAULTS, one "BOOTDIR ATTEMPT RESULT"
# per line (BOOTDIR like r01-head; RESULT finished, panic, timeout,
# killed-KILL, launcher-error or wrong-kernel). STUB_SLEEP: seconds a boot
# takes (default 0). With --counters it leaves the plugin's files too, with
# made-up counts (head's transfers 3x the others'; with cache=off among
# --counters-opts, instructions alone, as the plugin); with STUB_SLUBSTAT=1
# also each window's hackbench output and SLUB statistics, as an
# emulated-counters guest leaves them (head's free_add_partial 3x the
# others', each boot's set by its seed's directory name: eNN). --smp N:
# the guest sees N CPUs, unless STUB_NPROC says otherwise.
set -euo pipefail
out='' plan='' expect='' counters=0 smp=2 copts=''
while [ $# -gt 0 ]; do
	case "$1" in
	--smp) smp=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--plan) plan=$2; shift 2 ;;
	--expect-build-id) expect=$2; shift 2 ;;
	--counters) counters=1; shift ;;
	--counters-opts) copts=,$2; shift 2 ;;
	--*) shift 2 ;;
	*) shift ;;
	esac
done
mkdir -p "$out"
sleep "${STUB_SLEEP:-0}"
name=$(basename "$out")
attempt=$(($(find "$(dirname "$out")" -maxdepth 1 -name "$name.a*" | wc -l) + 1))
result=finished
if [ -n "${STUB_FAULTS:-}" ] && [ -f "$STUB_FAULTS" ]; then
	r=$(awk -v n="$name" -v a="$attempt" '$1 == n && $2 == a { print $3 }' "$STUB_FAULTS")
	[ -z "$r" ] || result=$r
fi
printf 'build_id=%s\nnproc=%s\n' "$expect" "${STUB_NPROC:-$smp}" >"$out/guest-info"
: >"$out/serial.log"
SB_FIRST_CONFIG=1 SB_WINDOWS=1
eval "$(grep -E '^SB_(CONFIGS|TIMED|FIRST_CONFIG|WINDOWS)=' "$plan")"
n=0
if [ "$result" = finished ] || [ "$result" = panic ]; then
	for cfg in $SB_CONFIGS; do
		n=$((n + 1))
		IFS=: read -r _ unit groups loops fds size <<<"$cfg"
		c=c$((SB_FIRST_CONFIG + n - 1))
		echo "$cfg" >"$out/$c-config"
		[ "$SB_TIMED" = 1 ] || continue
		printf 'Running in %s mode with %d groups using %d file descriptors each (== %d tasks)\nEach sender will pass %d messages of %d bytes\nTime: %d.%03d\n' \
			"$([ "$unit" = thread ] && echo threaded || echo process)" "$groups" $((2 * fds)) $((2 * fds * groups)) \
			"$loops" "$size" $((1 + RANDOM % 2)) $((RANDOM % 1000)) >"$out/$c-timed.txt"
	done
fi
if [ "$counters" = 1 ] && [ "$result" = finished ]; then
	x=1
	case "$name" in *-head) x=3 ;; esac
	# c OUT: the cache model's counts, or empty with cache=off
	c() { case "$copts," in *,cache=off,*) echo ,, ;; *) echo "$1" ;; esac; }
	{
		echo "window,vcpu,function,instructions,accesses,misses,transfers"
		for ((w = 0; w < n * SB_WINDOWS; w++)); do
			for v in 0 1; do
				echo "$w,$v,[user],$((5000000 + RANDOM)),$(c "2000000,40000,$((100 * x))")"
				echo "$w,$v,__slab_free,$((300000 * x)),$(c "90000,9000,$((2000 * x))")"
				echo "$w,$v,___slab_alloc,$((200000 * x)),$(c "80000,8000,$((1500 * x))")"
			done
		done
	} >"$out/emulated-raw.csv"
	printf 'window=marks\nmarks_start=%d\nmarks_stop=%d\nvcpus=%s\n' $((n * SB_WINDOWS)) $((n * SB_WINDOWS)) "$smp" >"$out/emulated-raw.csv.info"
	if [ "${STUB_SLUBSTAT:-0}" = 1 ]; then
		e=${name%%-*} # eNN-KERNEL: the seed
		e=$((10#${e#e}))
		for ((i = 1; i <= n; i++)); do
			IFS=: read -r _ unit groups loops fds size <"$out/c$((SB_FIRST_CONFIG + i - 1))-config"
			for ((w = 1; w <= SB_WINDOWS; w++)); do
				f=$out/c$((SB_FIRST_CONFIG + i - 1))-emulated-w$w
				printf 'Running in process mode with %d groups using %d file descriptors each (== %d tasks)\nEach sender will pass %d messages of %d bytes\nTime: 0.%03d\n' \
					"$groups" $((2 * fds)) $((2 * fds * groups)) "$loops" "$size" $((100 + e)) >"$f.txt"
				printf 'skbuff_head_cache %s %d C0=%d\n' alloc_fastpath 5000 5000 \
					free_add_partial $((1000 * x + 10 * e)) $((1000 * x + 10 * e)) >"$f.slubstat"
			done
		done
	fi
fi
[ "$result" != panic ] || echo "Kernel panic - not syncing: sysrq triggered crash" >"$out/serial.log"
printf 'result=%s\nsmp=%s\ncounters=%s\n' "$result" "$smp" "$counters$copts" >"$out/boot-info"
case "$result" in
finished) exit 0 ;; launcher-error) exit 1 ;; panic) exit 3 ;; timeout) exit 4 ;; wrong-kernel) exit 5 ;; killed-*) exit 6 ;;
esac
exit 2
