#!/usr/bin/env bash
# group: smoke vm
# End to end: build the root filesystem, boot head and tail (2007 profile)
# and SLAB in QEMU, and check in each guest what the bench relies on:
# /proc/slabinfo, slabtop, the slabinfo tool, the add_partial tracepoint in
# perf, vCPUs, the booted build id, hackbench; then the mechanism: head adds more
# slabs to skbuff_head_cache's partial list than tail, each at its end of the list.
. "$(dirname "$0")/lib.sh"
require_vm
"$TOP/kernels/build.sh" head tail slab
"$TOP/rootfs/build.sh" >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
smp=2

for v in head tail slab; do
	o=$tmp/$v
	if ! "$TOP/bench/boot.sh" --smp "$smp" --timeout 300 --out "$o" --plan "$TOP/tests/guest-check.sh" "$v"; then
		# the console is kept past this test's temporary directory, and
		# the guest init's own lines and the panic's first are shown
		keep=$SLUBBENCH_CACHE/logs/tests/t30-$v-serial.log
		cp "$o/serial.log" "$keep" 2>/dev/null || true
		fail "$v: boot did not finish (console kept in $keep): $(grep -a -E 'slubbench-init|Kernel panic|Comm:' "$o/serial.log" 2>/dev/null | head -n 8)"
	fi
	kd=$(kernel_dir "$v" 2007)
	want=$(jq -r .build_id "$kd/manifest.json")
	grep -qx "build_id=$want" "$o/guest-info" || fail "$v: booted build id $(grep build_id "$o/guest-info") is not $want"
	[ "$(cat "$o/nproc.txt")" = "$smp" ] || fail "$v: guest nproc $(cat "$o/nproc.txt"), asked $smp"
	grep -q '^slabinfo - version: 2.1' "$o/slabinfo-header.txt" || fail "$v: /proc/slabinfo header: $(cat "$o/slabinfo-header.txt")"
	grep -q 'skbuff_head_cache' "$o/slabtop.txt" || fail "$v: slabtop -o lists no skbuff_head_cache"
	grep -qx 'hackbench_rc=0' "$o/hackbench-short.txt" && grep -q '^Time:' "$o/hackbench-short.txt" ||
		fail "$v: hackbench failed: $(cat "$o/hackbench-short.txt")"
	if [ "$v" = slab ]; then
		! grep -q 'slub:add_partial' "$o/perf-list.txt" || fail "slab lists the SLUB tracepoint"
	else
		grep -q 'slub:add_partial' "$o/perf-list.txt" || fail "$v: perf list shows no slub:add_partial"
		grep -qE '^skbuff_head_cache +[0-9]' "$o/slabinfo-tool.txt" || fail "$v: slabinfo tool lists no skbuff_head_cache"
	fi
	ok "$v: boots as built ($want), $smp vCPUs, slabinfo/slabtop/perf/hackbench work"
done

h=$(cat "$tmp/head/free_add_partial.txt")
t=$(cat "$tmp/tail/free_add_partial.txt")
echo "skbuff_head_cache free_add_partial, hackbench -g 10 -l 100: head $h, tail $t"
[ "$t" -gt 0 ] || fail "tail counted no free_add_partial"
# One boot's counts vary (1.8x to 3.1x seen): the claim here is only "more",
# with a margin; the bench measures the ratio with its interval.
[ "$((4 * h))" -gt "$((5 * t))" ] || fail "head ($h) does not add at least 1.25x as many as tail ($t)"
# Where each slab went is exact: the patches put every one at the head, or
# every one at the tail.
pos() { sed -n "s/^$2=//p" "$tmp/$1/add-partial-positions.txt"; }
echo "add_partial positions (hackbench -g 2 -l 50): head kernel $(pos head head) head/$(pos head tail) tail, tail kernel $(pos tail head) head/$(pos tail tail) tail"
[ "$(pos head head)" -gt 0 ] && [ "$(pos head tail)" -eq 0 ] || fail "head kernel: add_partial not always at the head"
[ "$(pos tail tail)" -gt 0 ] && [ "$(pos tail head)" -eq 0 ] || fail "tail kernel: add_partial not always at the tail"
ok "head adds $h slabs to the partial list, tail $t ($((h / t))x)"

# An unusable plan: a one-line error from the runner, seen on the host.
printf 'if then fi\n' >"$tmp/bad-plan.sh"
rc=0
"$TOP/bench/boot.sh" --timeout 120 --out "$tmp/bad" --plan "$tmp/bad-plan.sh" tail 2>"$tmp/bad.err" || rc=$?
[ "$rc" = 2 ] || fail "unusable plan: exit $rc, want 2 (runner error)"
grep -q 'runner error: error: unusable plan: .*syntax error' "$tmp/bad.err" || fail "no one-line plan error: $(cat "$tmp/bad.err")"
ok "an unusable plan gives the runner's one-line error and exit 2"

# A kernel that is not built: what to run instead.
expect_fail "$TOP/bench/boot.sh" --smp 200 tail -- true
contains "$OUT" "error: --smp 200 is more than tail-2007 can run: its CONFIG_NR_CPUS is 64" "more vCPUs than NR_CPUS refused, the limit named"
expect_fail "$TOP/bench/run.sh" --quick --smp 100 --out "$tmp/smp100"
contains "$OUT" "error: --smp 100 is more than the guest kernel can run: its CONFIG_NR_CPUS is 64" "the bench refuses it before any boot (or build)"
[ ! -e "$tmp/smp100/raw" ] || fail "the bench booted with --smp 100"
expect_fail "$TOP/bench/boot.sh" --smp 16 --mem 1024 tail -- true
contains "$OUT" "error: --mem 1024 is too little for 16 vCPUs: give at least 1536 MiB" "too little memory for the vCPUs refused"
expect_fail "$TOP/bench/boot.sh" --profile modern nosuch -- true
contains "$OUT" "variant 'nosuch' \(profile modern\) is not built: run ./run.sh kernels --profile modern nosuch" "unbuilt variant: how to build it"

# boot.sh decides how a boot ended. Another build than expected: wrong-kernel.
rc=0
"$TOP/bench/boot.sh" --timeout 120 --out "$tmp/wrong" --expect-build-id 0000000000000000000000000000000000000000 \
	tail -- true 2>"$tmp/wrong.err" || rc=$?
[ "$rc" = 5 ] && grep -qx 'result=wrong-kernel' "$tmp/wrong/boot-info" ||
	fail "another build: exit $rc, $(grep result "$tmp/wrong/boot-info"), want 5 and wrong-kernel"
ok "a guest of another build than expected: exit 5, result=wrong-kernel"
# QEMU killed by SIGKILL 2 s in: killed-KILL, not a timeout.
"$TOP/bench/boot.sh" --timeout 120 --out "$tmp/killed" tail -- sleep 60 2>"$tmp/killed.err" &
bpid=$!
for _ in $(seq 1 50); do
	# (QEMU itself, not the timeout(1) that runs it: killing that one
	# would leave the guest running its sleep after the test)
	qpid=$(pgrep -f "^[^ ]*qemu-system-x86_64 .*$tmp/killed" | head -n1 || true)
	[ -n "$qpid" ] && break
	sleep 0.2
done
[ -n "$qpid" ] || fail "QEMU of the boot to kill never started"
sleep 2
kill -KILL "$qpid"
rc=0
wait "$bpid" || rc=$?
[ "$rc" = 6 ] && grep -qx 'result=killed-KILL' "$tmp/killed/boot-info" ||
	fail "QEMU killed: exit $rc, $(grep result "$tmp/killed/boot-info"), want 6 and killed-KILL: $(cat "$tmp/killed.err")"
ok "QEMU killed by SIGKILL: exit 6, result=killed-KILL (not a timeout)"
# A crash in the guest (SysRq c): panic, exit 3.
rc=0
"$TOP/bench/boot.sh" --timeout 120 --out "$tmp/crash" tail -- sh -c 'echo c >/proc/sysrq-trigger' 2>"$tmp/crash.err" || rc=$?
[ "$rc" = 3 ] && grep -qx 'result=panic' "$tmp/crash/boot-info" ||
	fail "SysRq crash: exit $rc, $(grep result "$tmp/crash/boot-info"), want 3 and panic: $(cat "$tmp/crash.err")"
ok "a guest crash (echo c > /proc/sysrq-trigger): exit 3, result=panic"
