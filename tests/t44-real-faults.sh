#!/usr/bin/env bash
# group: full vm
# Faults of real boots: kill -9 of the bench in the middle of a boot, then
# --resume, redoes the half-done boot and counts every boot once; a QEMU
# stopped (SIGSTOP) is called a stall in SLUBBENCH_STALL_SECS, not at the
# timeout, killed and retried as a hang; a truncated bzImage is refused
# before booting; a build waiting on another's lock says so. (The bench's
# own fault logic against stub boots: t42.)
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
require_vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# rows RUN: round|kernel|attempt|result of the timed and counting boots
rows() { csv_rows "$1/boots.csv" round kernel attempt result kind | awk -F'|' '$5 != "emulated"' | cut -d'|' -f1-4 | sort; }

# kill -9 of the bench in the middle of a real boot, then --resume.
# (one round of timed boots: what is redone is the same for any kind of
# boot and any round)
setsid "$TOP/bench/run.sh" --quick --no-count --no-emulated-counters --rounds 1 --seed 9 --out "$tmp/k" >"$tmp/log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do [ "$(find "$tmp/k/raw" -name "done" 2>/dev/null | wc -l)" -ge 1 ] && break; sleep 0.2; done
# the next timed boot's QEMU (raw/rNN-...)
for _ in $(seq 1 300); do pgrep -f "qemu-system-x86_64.*$tmp/k/raw/r" >/dev/null && break; sleep 0.1; done
sleep 1
kill -KILL -- -"$pid"
wait "$pid" 2>/dev/null || true
pkill -KILL -f "qemu-system-x86_64.*$tmp/k/raw" || true
half=$(find "$tmp/k/raw" -mindepth 1 -maxdepth 1 -type d ! -exec test -e '{}/done' \; -print | head -n1)
[ -n "$half" ] || fail "kill -9 left no half-done boot"
"$TOP/bench/run.sh" --resume "$tmp/k" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "resume after kill -9 failed"; }
[ "$(csv_rows "$tmp/k/boots.csv" round kernel kind | sort | uniq -d)" = "" ] && [ "$(rows "$tmp/k" | wc -l)" = 2 ] ||
	fail "after kill -9 and resume: $(rows "$tmp/k")"
[ "$(csv_rows "$tmp/k/hackbench.csv" kind status | grep -c '^timed|ok$')" = 2 ] || fail "timed rows: $(cat "$tmp/k/hackbench.csv")"
ok "kill -9 mid-boot, then --resume: the half-done boot redone, every boot counted once"

# A stall (QEMU alive, its vCPUs asleep: here stopped by SIGSTOP once the
# guest runs) is noticed in SLUBBENCH_STALL_SECS, not at the timeout, and
# named: the bench retries it as a hang.
SLUBBENCH_STALL_SECS=10 "$TOP/bench/boot.sh" --timeout 600 --out "$tmp/stall" tail -- true >"$tmp/stall.log" 2>&1 &
bp=$!
t0=$(date +%s)
qp=
for _ in $(seq 60); do
	# QEMU itself, not the timeout(1) that runs it (whose arguments hold QEMU's)
	qp=$(pgrep -f -- "^[^ ]*qemu-system-x86_64 .*-serial file:$tmp/stall/serial.log" | head -n1) && [ -s "$tmp/stall/serial.log" ] && break
	sleep 0.5
done
[ -n "$qp" ] || fail "the stall boot's QEMU never ran: $(cat "$tmp/stall.log")"
kill -STOP "$qp"
rc=0
wait "$bp" || rc=$?
secs=$(($(date +%s) - t0))
[ "$rc" = 4 ] && grep -qx 'result=stall' "$tmp/stall/boot-info" ||
	fail "a stopped QEMU: rc $rc, $(grep result= "$tmp/stall/boot-info" 2>/dev/null), $(tail -n2 "$tmp/stall.log")"
[ "$secs" -lt 300 ] || fail "a stopped QEMU took $secs s (the timeout: 600) to be called a stall (the limit is 10 s without CPU)"
grep -q 'stalled: QEMU used under 1 s of CPU in 1[0-9] s' "$tmp/stall.log" || fail "the stall not said: $(tail -n2 "$tmp/stall.log")"
! pgrep -f -- "-serial file:$tmp/stall/serial.log" >/dev/null || fail "the stalled QEMU is still there"
transient stall || fail "a stall is not retried"
ok "a stopped QEMU: called a stall after $secs s (10 s without CPU), killed, retried as a hang"

# A truncated bzImage is refused before any boot.
kd=$tmp/kernel
cp -r "$(kernel_dir tail 2007)" "$kd"
truncate -s 100000 "$kd/bzImage"
expect_fail "$TOP/bench/boot.sh" "$kd" -- true
contains "$OUT" "bzImage is damaged \(it does not match its manifest\): rebuild it with ./run.sh kernels tail" "a truncated bzImage is refused"
[ ! -e "$kd/serial.log" ] || fail "the damaged kernel was booted"

# Two runs sharing one cache: the second waits on the build lock and says
# so; both builds come out whole.
"$TOP/kernels/build.sh" tail >/dev/null 2>&1
(flock 9; sleep 3) 9>"$SLUBBENCH_CACHE/locks/kernels" &
lk=$!
sleep 0.5
out=$("$TOP/kernels/build.sh" tail 2>&1) || fail "a build waiting on the lock failed: $out"
wait "$lk"
contains "$out" "waiting for another slubbench's kernels step" "a second build waits on the lock and says so"
contains "$out" "tail-2007: up to date" "then finds the build whole"
