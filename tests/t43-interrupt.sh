#!/usr/bin/env bash
# group: full vm
# A bench cut short and finished: Ctrl-C in round 2, after round 1's
# partial report, leaves that report and a run marked incomplete; --resume
# boots only what is missing, each once (an A/A run: tail twice, as tail
# and tail.2); a kernel rebuilt since the run started is refused on resume;
# a boot that times out is marked, its serial log kept, and the run
# completes. (The bench end to end is t40's.)
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
require_vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Ctrl-C in round 2 (after round 1's partial report): incomplete, the
# partial report left as it was, then --resume finishes it.
# (A background job starts with SIGINT ignored, and bash cannot trap a
# signal ignored on entry: perl restores it, as a terminal's Ctrl-C finds it.)
# The bench's bookkeeping is what is checked, so its boots are stubs
# (tests/stub-boot.sh, 4 s each): real boots are killed in t44.
R2=$tmp/run2
export SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh STUB_SLEEP=4
# shellcheck disable=SC2016
# (This run is also an A/A one: tail twice, as tail and tail.2; timed
# boots only: round 0's counting boots are checked above.)
setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' \
	"$TOP/bench/run.sh" --quick --no-count --no-emulated-counters --kernels tail,tail --seed 9 --out "$R2" >"$tmp/log2" 2>&1 &
pid=$!
for _ in $(seq 1 400); do
	grep -q 'partial report after round 1' "$tmp/log2" && break
	sleep 0.5
done
grep -q 'partial report after round 1' "$tmp/log2" || { kill -- -"$pid"; fail "no partial report after round 1: $(cat "$tmp/log2")"; }
sleep 2
kill -INT -- -"$pid"
wait "$pid" && fail "interrupted bench exited 0" || true
[ "$(jq -r .status "$R2/manifest.json")" = incomplete ] || fail "status after Ctrl-C: $(jq -r .status "$R2/manifest.json")"
first=$(find "$R2/raw" -name 'done' | head -n1)
[ "$(find "$R2/raw" -name 'done' | wc -l)" = 2 ] || fail "want round 1's 2 boots finished: $(find "$R2/raw" -name 'done')"
[ "$(jq -r .stop_reason "$R2/manifest.json")" = interrupted ] || fail "stop reason: $(jq -r .stop_reason "$R2/manifest.json")"
grep -q -- "finish with: ./run.sh bench --resume $(realpath "$R2")\$" "$tmp/log2" || fail "no resume hint naming the run's path: $(tail -n 2 "$tmp/log2")"
ok "Ctrl-C keeps the finished boots and marks the run incomplete"
grep -qx 'PARTIAL: 2 of 4 boots so far; every figure below is of those alone' <<<"$(sed -n 3p "$R2/report.txt")" &&
	grep -q 'The run is running: 2 of 4 boots' "$R2/report.txt" ||
	fail "the partial report after round 1: $(head -n 5 "$R2/report.txt")"
ok "after round 1 of 2, a report of what was measured, marked partial; Ctrl-C leaves it"
before=$(stat -c %Y "$first")
"$TOP/bench/run.sh" --resume "$R2" >"$tmp/log3" 2>&1 || { cat "$tmp/log3"; fail "resume failed"; }
[ "$(jq -r .status "$R2/manifest.json")" = complete ] || fail "status after resume"
[ "$(stat -c %Y "$first")" = "$before" ] || fail "resume redid a finished boot"
[ "$(grep -cE 'round [0-9]+/[0-9]+, position' "$tmp/log3")" = 2 ] || fail "resume ran $(grep -cE 'round [0-9]+/[0-9]+, position' "$tmp/log3") boots, want 2"
[ "$(grep -c ',timed,.*,ok$' "$R2/hackbench.csv")" = 4 ] || fail "after resume: $(cat "$R2/hackbench.csv")"
# (an attempt set aside, a stall or a hang booted again, is a row of its
# own: only each boot's last attempt, whose data is used, counts)
used=$(boot_attempts "$R2/boots.csv" round kernel) || fail "boots.csv refused: $(cat "$R2/boots.csv")"
[ "$(sed -n 's/^1|//p' <<<"$used" | sort | uniq -d)" = "" ] || fail "a boot counted twice: $(cat "$R2/boots.csv")"
ok "--resume ran only the missing boots, each once"
grep -q '^tail,2007,1,c1,1,timed,' "$R2/hackbench.csv" && grep -q '^tail\.2,2007,1,c1,1,timed,' "$R2/hackbench.csv" ||
	fail "A/A: no tail and tail.2 rows"
ok "A/A: a kernel listed twice runs twice, as tail and tail.2"

# A boot that times out: its rows say so, the run goes on and completes.
# (a real boot, given 3 s)
unset SLUBBENCH_BOOT STUB_SLEEP
R3=$tmp/run3
"$TOP/bench/run.sh" --quick --no-emulated-counters --kernels tail --rounds 1 --no-count --timeout 3 --out "$R3" >"$tmp/log4" 2>&1 ||
	{ cat "$tmp/log4"; fail "a timed-out boot stopped the run"; }
grep -qxE 'tail,2007,1,c1,1,timed,,,,,,,[0-9]+,[0-9]+,(real|oversubscribed),,timeout' "$R3/hackbench.csv" || fail "timeout row: $(cat "$R3/hackbench.csv")"
[ "$(jq -r .boots.failed "$R3/manifest.json")" = 1 ] && [ "$(jq -r .status "$R3/manifest.json")" = complete ] ||
	fail "manifest: $(jq -c '{status, boots}' "$R3/manifest.json")"
[ -s "$R3/logs/r01-tail-serial.log" ] || fail "the timed-out boot's serial log was not kept"
ok "a timed-out boot is marked, its serial log kept, and the run completes"

# A kernel rebuilt since the run started: resuming would mix two builds.
jq '.build_id = "0000000000000000000000000000000000000000"' "$R2/kernels/tail.json" >"$tmp/h.json"
mv "$tmp/h.json" "$R2/kernels/tail.json"
expect_fail "$TOP/bench/run.sh" --resume "$R2"
contains "$OUT" "kernel tail was rebuilt since run run2 started" "resume refuses to mix two builds of a kernel"
