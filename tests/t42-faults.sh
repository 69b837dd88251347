#!/usr/bin/env bash
# group: full vm
# Faults, each injected, against stub boots (tests/stub-boot.sh: no QEMU,
# the bench's own logic): a boot killed by a signal is retried and its
# round made whole; a panic is a finding, never retried, and the run goes
# on; a boot that hangs is retried until --retries is spent, then --resume
# --retry-failed boots it again; results on a full tmpfs stop with one
# line, keep whole CSVs and a whole manifest, and --resume finishes once
# space is freed. (Faults of real boots: t44.)
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
