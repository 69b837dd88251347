#!/usr/bin/env bash
# group: full vm
# Faults, each injected: a boot killed by a signal is retried and its round
# made whole; a panic is a finding, never retried, and the run goes on; a
# boot that hangs is retried until --retries is spent, then --resume
# --retry-failed boots it again; results on a full tmpfs stop with one line,
# keep whole CSVs and a whole manifest, and --resume finishes once space is
# freed; kill -9 of the bench mid-boot, then --resume, counts every boot
# once; a truncated bzImage is refused before booting. The bench's own logic
# runs against tests/stub-boot.sh (no QEMU); kill -9 uses real boots.
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
require_vm
tmp=$(mktemp -d)
cleanup() { mountpoint -q "$tmp/small" 2>/dev/null && umount "$tmp/small"; rm -rf "$tmp"; }
trap cleanup EXIT
stub() { SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh STUB_FAULTS=$tmp/faults "$@"; }
# rows RUN: round|kernel|attempt|result of the timed and counting boots
rows() { csv_rows "$1/boots.csv" round kernel attempt result kind | awk -F'|' '$5 != "emulated"' | cut -d'|' -f1-4 | sort; }

# SIGKILL: retried, the round whole; panic: kept, not retried.
printf 'r01-tail 1 killed-KILL\nr02-head 1 panic\n' >"$tmp/faults"
stub "$TOP/bench/run.sh" --quick --no-count --seed 3 --out "$tmp/a" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "bench failed"; }
b=$(rows "$tmp/a")
grep -qx '1|tail|1|killed-KILL' <<<"$b" && grep -qx '1|tail|2|finished' <<<"$b" || fail "SIGKILL not retried: $b"
grep -qx '2|head|1|panic' <<<"$b" && ! grep -q '^2|head|2|' <<<"$b" || fail "panic retried: $b"
[ -d "$tmp/a/raw/r01-tail.a1" ] && [ -f "$tmp/a/logs/r01-tail.a1-serial.log" ] || fail "the killed attempt was not kept"
[ "$(jq -c '[.status, .boots.failed, .boots.retried]' "$tmp/a/manifest.json")" = '["complete",1,1]' ] ||
	fail "manifest: $(jq -c .boots "$tmp/a/manifest.json")"
[ "$(csv_rows "$tmp/a/hackbench.csv" round kernel kind status | grep -c '^1|tail|timed|ok$')" = 1 ] ||
	fail "round 1 tail counted $(csv_rows "$tmp/a/hackbench.csv" round kernel kind status | grep -c '^1|tail|timed|ok$') times"
ok "killed by SIGKILL: attempt 2 in its own directory, attempt 1 kept, counted once; a panic is not retried"
"$TOP/report/report.sh" "$tmp/a" 2>/dev/null || fail "no report"
grep -q 'round 1, tail (timed), attempt 1: killed-KILL; booted again' "$tmp/a/report.txt" &&
	grep -q 'round 2, head (timed), attempt 1: panic; kept, a finding (never retried)' "$tmp/a/report.txt" &&
	grep -q 'console: Kernel panic - not syncing' "$tmp/a/report.txt" || fail "Faults section: $(sed -n '/^Faults/,/^$/p' "$tmp/a/report.txt")"
ok "the report's Faults section lists both, with the panic's console line"

# A hang: retried until --retries is spent; then --resume --retry-failed.
printf 'r01-head 1 timeout\nr01-head 2 timeout\n' >"$tmp/faults"
stub "$TOP/bench/run.sh" --quick --no-count --rounds 1 --retries 1 --seed 3 --out "$tmp/h" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "bench failed"; }
[ "$(rows "$tmp/h" | grep -c '^1|head|')" = 2 ] && [ "$(jq -r .boots.failed "$tmp/h/manifest.json")" = 1 ] ||
	fail "--retries 1: $(rows "$tmp/h")"
stub "$TOP/bench/run.sh" --resume "$tmp/h" --retry-failed >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "resume failed"; }
grep -qx '1|head|3|finished' <<<"$(rows "$tmp/h")" && [ "$(jq -r .boots.failed "$tmp/h/manifest.json")" = 0 ] ||
	fail "--retry-failed: $(rows "$tmp/h")"
ok "a hang is retried --retries times, then --resume --retry-failed boots it again"

# Disk full: a 70 MiB tmpfs, filled after the first boot.
mkdir -p "$tmp/small" && mount -t tmpfs -o size=70m tmpfs "$tmp/small" || skip "cannot mount a tmpfs here"
: >"$tmp/faults"
STUB_SLEEP=2 SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh setsid "$TOP/bench/run.sh" --quick --no-count --rounds 2 --seed 5 --out "$tmp/small/run" >"$tmp/log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do [ -n "$(find "$tmp/small/run/raw" -name "done" 2>/dev/null)" ] && break; sleep 0.1; done
head -c 20M /dev/zero >"$tmp/small/filler"
wait "$pid" && fail "the bench went on with a full disk"
contains "$(tail -n1 "$tmp/log")" "^slubbench: error: disk full: .* MiB free .*--resume" "disk full: one line that says what to do"
jq -e '.status == "incomplete" and .stop_reason == "disk full"' "$tmp/small/run/manifest.json" >/dev/null ||
	fail "manifest after disk full: $(jq -c '{status, stop_reason}' "$tmp/small/run/manifest.json")"
for f in hackbench boots; do
	awk -F, 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/small/run/$f.csv" || fail "$f.csv torn"
done
rm "$tmp/small/filler"
stub "$TOP/bench/run.sh" --resume "$tmp/small/run" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "resume after freeing space failed"; }
[ "$(jq -r .status "$tmp/small/run/manifest.json")" = complete ] && [ "$(rows "$tmp/small/run" | wc -l)" = 4 ] ||
	fail "after resume: $(rows "$tmp/small/run")"
ok "disk full: stops with one line, CSVs and manifest whole; --resume completes"

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
	qp=$(pgrep -f -- "-serial file:$tmp/stall/serial.log" | head -n1) && [ -s "$tmp/stall/serial.log" ] && break
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
