#!/usr/bin/env bash
# group: full vm
# The bench end to end (--quick: head and tail, two timed rounds after a
# round-0 counting boot of each): results with provenance, boots.csv with
# each boot's round, position, start and wall time, counting only in
# round 0, the mechanism in the counters, the cross-check; then Ctrl-C
# keeps what was measured (status incomplete) and --resume fills in only
# what is missing.
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
require_vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=$tmp/run

"$TOP/bench/run.sh" --quick --rounds 2 --seed 7 --emulated-windows 2 --series 1 --out "$R" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "bench failed"; }
# the series boots (one a kernel) run in the counting mode only
det=0 nb=8
"$TOP/emu/fetch-qemu.sh" --check && det=1 nb=10
for f in manifest.json plan.json hackbench.csv counters.csv crosscheck.csv boots.csv rootfs.json kernels/head.json kernels/tail.json; do
	[ -s "$R/$f" ] || fail "no $f"
done
[ "$(jq -r .status "$R/manifest.json")" = complete ] || fail "status $(jq -r .status "$R/manifest.json")"
[ "$(jq -r .boots.done "$R/manifest.json")" = "$nb" ] && [ "$(jq -r .boots.expected "$R/manifest.json")" = "$nb" ] ||
	fail "boots: $(jq -c .boots "$R/manifest.json")"
[ "$(jq -r '.boots.list | length' "$R/manifest.json")" = "$nb" ] || fail "manifest lists $(jq -r '.boots.list | length' "$R/manifest.json") boots"
[ "$(jq -r .plan.seed "$R/manifest.json")" = 7 ] || fail "seed not recorded"
[ "$(jq -r .kernels.head.build_id "$R/manifest.json")" = "$(jq -r .build_id "$(kernel_dir head 2007)/manifest.json")" ] ||
	fail "kernel manifest not in the run's manifest"
[ "$(jq -r '.rootfs.packages["rt-tests"]' "$R/manifest.json")" != null ] || fail "no rt-tests version"
ok "results directory with manifest (seed, kernels, rootfs packages)"
n=$(grep -c ',timed,socket,process,4,20,50,100,[0-9]*,[0-9]*,[a-z]*,[0-9.]*,ok$' "$R/hackbench.csv" || true)
[ "$n" = 4 ] || fail "want 4 timed rows, got $n: $(cat "$R/hackbench.csv"); consoles: $(grep -h -m1 -aE "$PANIC_RE" "$R"/logs/*.log)"
ok "4 timed hackbench runs (2 kernels x 2 rounds)"
[ "$(csv_rows "$R/hackbench.csv" round kind | grep -c '^0|timed$')" = 0 ] || fail "round 0 timed something"
[ "$(csv_rows "$R/hackbench.csv" round kind | grep -c '^[1-9][0-9]*|count$')" = 0 ] || fail "a timed round counted"
[ "$(csv_rows "$R/counters.csv" round source | grep -c '^[1-9][0-9]*|perf$')" = 0 ] || fail "perf ran in a timed boot"
[ "$(csv_rows "$R/counters.csv" round source | grep -c '^0|perf$')" -gt 0 ] || fail "no perf counts from round 0"
ok "perf only in round 0; rounds 1-2 only time"
b=$(csv_rows "$R/boots.csv" round position kernel kind start_utc wall_seconds result | sort)
grep -qE '^0\|[12]\|head\|count\|2026-[0-9-]+T[0-9:]+Z\|[0-9]+\|finished$' <<<"$b" || fail "boots.csv: $b"
[ "$(grep -c '|timed|' <<<"$b")" = 4 ] || fail "boots.csv timed rows: $b"
[ "$(csv_rows "$R/boots.csv" round position kind | awk -F'|' '$3 == "timed" { print $1 }' | sort | uniq -c | awk '{ print $1 }' | sort -u)" = 2 ] ||
	fail "a timed round without both kernels: $b"
[ "$(csv_rows "$R/boots.csv" round position kind | awk -F'|' '$1 == 1 || $1 == 2 { print $1, $2 }' | sort -u | wc -l)" = 4 ] || fail "positions: $b"
ok "boots.csv: round, position, kind, UTC start, wall time and result of each boot"
# The quick plan's emulated-counters boots: one per kernel, untimed, their
# counts in emulated.csv and the report.
[ "$(csv_rows "$R/boots.csv" kind result | grep -c '^emulated|finished$')" = 2 ] || fail "emulated boots: $b"
[ -d "$R/raw/e01-head" ] && [ -d "$R/raw/e01-tail" ] || fail "no raw/e01-KERNEL boot directories"
for k in head tail; do
	csv_rows "$R/emulated.csv" kernel config function instructions |
		awk -F'|' -v k="$k" '$1 == k && $2 == "c1" && $3 == "___slab_alloc" && $4 > 0 { f = 1 } END { exit !f }' ||
		fail "emulated.csv: no $k instructions in ___slab_alloc"
done
"$TOP/run.sh" report "$R" >/dev/null 2>&1 || fail "report failed"
grep -q '^Emulated counters' "$R/report.txt" && grep -qE '^  head/tail: instructions [-+][0-9.]+%' "$R/report.txt" ||
	fail "report: no emulated counters section: $(cat "$R/report.txt")"
ok "emulated counters: one untimed boot per kernel, emulated.csv, the report's section"
# the mechanism on screen once the counting-mode boots are done, before
# the first timed boot starts
fig=$(grep -n -A2 'the mechanism so far: add_partial() per 1000 messages, ' "$tmp/log") ||
	fail "no first figure in the bench's output: $(head -n 20 "$tmp/log")"
grep -qE '^[0-9]+-  head c1 \(([0-9]+ vCPUs, )?2 runs\): [0-9.]+, x[0-9.]+ \([0-9.]+\.\.[0-9.]+\) against tail$' <<<"$fig" ||
	fail "the first figure has no head against tail: $fig"
[ "${fig%%:*}" -lt "$(grep -n 'round 1/2' "$tmp/log" | head -n1 | cut -d: -f1)" ] || fail "the first figure came after round 1 began"
ok "the mechanism on screen before the timed rounds: $(sed -n 2p <<<"$fig" | sed 's/^[0-9]*-  //')"
# --emulated-windows 2: c1 ran twice in each emulated boot, each run its
# own window and replicate: counts, SLUB statistics and times per window
for k in head tail; do
	[ "$(csv_rows "$R/emulated.csv" kernel config window | awk -F'|' -v k="$k" '$1 == k' | sort -u | tr '\n' ' ')" = "$k|c1|1 $k|c1|2 " ] ||
		fail "$k's emulated windows: $(csv_rows "$R/emulated.csv" kernel config window | sort -u | tr '\n' ' ')"
	[ "$(csv_rows "$R/counters.csv" kernel kind window counter | awk -F'|' -v k="$k" '$1 == k && $2 == "emulated" && $4 == "free_add_partial" { print $3 }' | sort -u | tr '\n' ' ')" = "1 2 " ] ||
		fail "$k's emulated SLUB statistics by window: $(grep ',emulated,' "$R/counters.csv" | head -n4)"
	[ "$(csv_rows "$R/hackbench.csv" kernel kind window status | awk -F'|' -v k="$k" '$1 == k && $2 == "emulated" && $4 == "ok" { print $3 }' | sort | tr '\n' ' ')" = "1 2 " ] ||
		fail "$k's emulated hackbench runs by window: $(grep ',emulated,' "$R/hackbench.csv")"
done
[ "$(csv_rows "$R/emulated-summary.csv" kernel scope metric n | awk -F'|' '$2 == "all" && $3 == "instructions" { print $1 $4 }' | sort | tr '\n' ' ')" = "head2 tail2 " ] ||
	fail "emulated summary: windows are not replicates: $(head -n3 "$R/emulated-summary.csv")"
grep -q 'counted 2 windows per kernel (2 windows a boot' <<<"$(tr -s ' \n' '  ' <"$R/report.txt")" || fail "the report does not say windows"
ok "--emulated-windows 2: two windows a boot, each a replicate, in every CSV and the report"
# ... in the counting mode (the default): seed 1, QEMU 10, SLUB's counts
# of those boots in the report; and every boot's host load recorded.
if [ "$det" = 1 ]; then
	[ "$(csv_rows "$R/boots.csv" kind seed | awk -F'|' '$1 == "emulated"' | sort -u)" = "emulated|1" ] ||
		fail "the emulated boots' seeds: $(cat "$R/boots.csv")"
	grep -qx 'qemu_version=QEMU emulator version 10.0.2.*' "$R/raw/e01-head/boot-info" || fail "e01-head did not run QEMU 10"
	[ "$(jq -r '.qemu_boots | length' "$R/manifest.json")" = 2 ] && [ "$(jq -r .emulated_mode "$R/manifest.json")" = det ] ||
		fail "manifest: qemu_boots $(jq -c .qemu_boots "$R/manifest.json"), emulated_mode $(jq -r .emulated_mode "$R/manifest.json")"
	[ -s "$R/mechanism-emulated.csv" ] && grep -q "^The same in the emulated counters' boots (counting mode" "$R/report.txt" ||
		fail "no counting-mode mechanism in the report"
	ok "the emulated boots ran in the counting mode (seed 1, QEMU 10), their SLUB counts in the report"
	# --series 1: a series boot a kernel (seed 1, QEMU 10, no plugin), the
	# twin of e01 but for the sampler: samples of both hot caches in both
	# windows, its own kind in the CSVs, the report's section and chart
	[ "$(csv_rows "$R/boots.csv" kind seed result | grep -c '^series|1|finished$')" = 2 ] || fail "series boots: $(cat "$R/boots.csv")"
	[ ! -e "$R/raw/s01-head/emulated-raw.csv" ] || fail "s01-head ran the plugin"
	grep -qx 'SB_SERIES=20' "$R/raw/s01-head/plan-in.sh" && grep -qx 'SB_SERIES=0' "$R/raw/e01-head/plan-in.sh" &&
		[ "$(diff "$R/raw/s01-head/plan-in.sh" "$R/raw/e01-head/plan-in.sh" | grep -c '^[<>]')" = 2 ] ||
		fail "s01-head's plan is not e01-head's but for SB_SERIES: $(diff "$R/raw/s01-head/plan-in.sh" "$R/raw/e01-head/plan-in.sh")"
	for k in head tail; do
		for c in skbuff_head_cache kmalloc-512; do
			for w in 1 2; do
				n=$(csv_rows "$R/series.csv" kernel window cache quantity | grep -c "^$k|$w|$c|partial$" || true)
				[ "$n" -ge 3 ] || fail "$k's series of $c in window $w: $n samples"
			done
		done
		[ "$(csv_rows "$R/counters.csv" kernel kind counter | grep -c "^$k|series|free_add_partial$")" -ge 2 ] ||
			fail "$k's series boot: no SLUB statistics of kind series"
	done
	[[ "$(csv_get "$R/series.csv" value cache=all quantity=sample_ns)" =~ ^[1-9][0-9]*$ ]] ||
		fail "no sampler cost in series.csv; the guests' series-cost.txt: $(head -c 200 "$R"/raw/s01-*/series-cost.txt 2>&1); their collect.log: $(tail -n 5 "$R"/raw/s01-*/collect.log 2>&1); boots: $(grep -h '^result=' "$R"/raw/s01-*/boot-info 2>&1)"
	grep -q '^The partial list over time' "$R/report.txt" && [ -s "$R/plots/series.png" ] && [ -s "$R/perturbation.csv" ] ||
		fail "report: no partial list over time: $(cat "$R/report.txt")"
	ok "--series 1: a series boot a kernel (seed 1, no plugin, e01's plan but for SB_SERIES), samples of both hot caches in both windows, the report's section and chart"
fi
[ "$(csv_rows "$R/boots.csv" result host_load | awk -F'|' '$1 == "finished" && $2 ~ /^[0-9]+\.[0-9][0-9]$/' | wc -l)" = "$nb" ] ||
	fail "host_load not recorded for every boot: $(cat "$R/boots.csv")"
ok "each boot's host load in boots.csv"
[ -s "$R/slabinfo/r01-head-before.txt" ] && [ -s "$R/slabinfo/r02-tail-after.txt" ] || fail "slabinfo snapshots missing"
ok "slabinfo before and after each boot"
! grep -q disagree "$R/crosscheck.csv" || fail "cross-check disagrees: $(cat "$R/crosscheck.csv")"
[ "$(grep -c ',agree$' "$R/crosscheck.csv")" -ge 4 ] || fail "cross-check rows: $(cat "$R/crosscheck.csv")"
ok "tracepoint counts agree with SLUB statistics"
# head-insertion adds at the head only; tail-insertion at the tail only
h=$(csv_get "$R/counters.csv" value kernel=head kind=count cache=all counter=add_partial_tail)
t=$(csv_get "$R/counters.csv" value kernel=tail kind=count cache=all counter=add_partial_head)
[ "$h" = 0 ] && [ "$t" = 0 ] || fail "head kernel added $h at the tail, tail kernel $t at the head"
ok "head adds only at the head, tail only at the tail"

# Ctrl-C in round 2 (after round 1's partial report): incomplete, the
# partial report left as it was, then --resume finishes it.
# (A background job starts with SIGINT ignored, and bash cannot trap a
# signal ignored on entry: perl restores it, as a terminal's Ctrl-C finds it.)
# The bench's bookkeeping is what is checked, so its boots are stubs
# (tests/stub-boot.sh, 4 s each): real boots are killed in t42.
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
grep -q -- '--resume' "$tmp/log2" || fail "no resume hint printed"
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
