# shellcheck shell=bash
# How a boot ended, sourced by bench/boot.sh once QEMU has exited (out,
# serial, kdir, secs, rc, timeout, expect_id, counters, quantum, accel, smp): the
# one place that names a boot's result. Appends result=WORD to
# $out/boot-info and exits with the status bench/boot.sh's header lists
# (a stall, bench/stall.sh, as a hang: 4).
# How it ended: the console first (a panic may follow a written status).
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g accel counters kdir out rc secs serial smp timeout store_key store_text reused
status=$(cat "$out/status" 2>/dev/null || true)
if grep -qE "$PANIC_RE" "$serial"; then
	line=$(grep -m1 -E "$PANIC_RE" "$serial" | tr -d '\r')
	echo "result=panic" >>"$out/boot-info"
	say boot "$(basename "$kdir"): kernel panic/oops after ${secs}s: $line (console: $serial)"
	exit 3
fi
# a stall: QEMU alive, its vCPUs asleep (bench/stall.sh killed it)
if [ -f "$out/stall" ]; then
	echo "result=stall" >>"$out/boot-info"
	cat "$out/stall" >>"$out/boot-info"
	line=$(grep -a . "$serial" | tail -n1 | tr -cd '[:print:]' | cut -c1-100)
	say boot "$(basename "$kdir"): stalled: QEMU used under ${STALL_CPU_SECS} s of CPU in $(sed -n 's/^quiet_seconds=//p' "$out/stall") s, killed after $(sed -n 's/^after_seconds=//p' "$out/stall") s (status: ${status:-none}; the console's last line: ${line:-none}; $serial)"
	exit 4
fi
# timeout(1) answers 124 (or 137 after -k) when the limit ran out; judge
# by the clock, since 137 is also what a QEMU killed by SIGKILL gives.
if [ "$secs" -ge "$timeout" ] && { [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; }; then
	echo "result=timeout" >>"$out/boot-info"
	say boot "$(basename "$kdir"): hang: no power-off within ${timeout}s (status: ${status:-none}; console: $serial)"
	exit 4
fi
if [ "$rc" -gt 128 ] && [ "$rc" -lt 160 ] && [ "$rc" -ne 124 ]; then
	sig=$(kill -l $((rc - 128)) 2>/dev/null || echo $((rc - 128)))
	echo "result=killed-$sig" >>"$out/boot-info"
	say boot "$(basename "$kdir"): QEMU was killed by SIG$sig after ${secs}s (status: ${status:-none}; console: $serial)"
	exit 6
fi
case "$status" in
"finished rc=0")
	if [ -n "$expect_id" ] && ! grep -qx "build_id=$expect_id" "$out/guest-info"; then
		echo "result=wrong-kernel" >>"$out/boot-info"
		rm -f "$out/emulated-raw.csv" "$out/emulated-raw.csv.info"
		say boot "$(basename "$kdir"): the guest booted build $(sed -n 's/^build_id=//p' "$out/guest-info" | cut -c1-12), not ${expect_id:0:12}: wrong kernel"
		exit 5
	fi
	if [ "$counters" -eq 1 ]; then
		# The counters named functions from kdir's System.map: it must be
		# the booted kernel's (the build id was checked above: a function's
		# address too).
		want=$(jq -r .build_id "$kdir/manifest.json")
		got=$(sed -n 's/^build_id=//p' "$out/guest-info")
		map_addr=$(awk '$3 == "__slab_free" { print $1; exit }' "$kdir/System.map")
		if ! grep -qx "kallsyms___slab_free=$map_addr" "$out/guest-info"; then
			echo "result=wrong-kernel" >>"$out/boot-info"
			rm -f "$out/emulated-raw.csv" "$out/emulated-raw.csv.info"
			say boot "$(basename "$kdir"): System.map (build ${want:0:12}) does not match the booted kernel (build ${got:0:12}, $(grep kallsyms___slab_free "$out/guest-info")): counters discarded"
			exit 5
		fi
	fi
	if [ -n "${quantum:-}" ] && [ ! -f "$out/quantum-raw.csv.info" ]; then
		echo "result=runner-error" >>"$out/boot-info"
		say boot "$(basename "$kdir"): the quantum plugin wrote no counts (see $out/qemu.log)"
		exit 2
	fi
	if [ "$counters" -eq 1 ] && [ ! -f "$out/emulated-raw.csv.info" ]; then
		echo "result=runner-error" >>"$out/boot-info"
		say boot "$(basename "$kdir"): the plugin wrote no counters (see $out/qemu.log)"
		exit 2
	fi
	# a counting boot into the store, for the next boot of its whole input
	[ -z "$store_key" ] || [ -n "$reused" ] || detstore_put "$store_key" "$store_text" "$out" "$secs" ||
		say boot "warning: the counting-boot store could not keep this boot ($(counting_store))"
	echo "result=finished" >>"$out/boot-info"
	say boot "$(basename "$kdir"): finished in ${secs}s ($accel, $smp vCPUs)${reused:+, reused from the counting-boot store (key ${reused:0:16})}, output in $out"
	exit 0
	;;
"error"*)
	echo "result=runner-error" >>"$out/boot-info"
	say boot "$(basename "$kdir"): runner error: $status (see $out/plan.log)"
	exit 2
	;;
esac
if [ "$rc" -ne 0 ] && [ ! -s "$serial" ]; then
	echo "result=launcher-error" >>"$out/boot-info"
	say boot "QEMU failed to start (rc $rc): $(tail -n 3 "$out/qemu.log" | tr '\n' ' ')"
	exit 1
fi
echo "result=runner-error" >>"$out/boot-info"
say boot "$(basename "$kdir"): the guest stopped without a result (status: ${status:-none}; console: $serial)"
exit 2
