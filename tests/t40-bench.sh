#!/usr/bin/env bash
# group: full vm
# The bench end to end (--quick: head and tail, two timed rounds after a
# round-0 counting boot of each): results with provenance, boots.csv with
# each boot's round, position, start and wall time, counting only in
# round 0, the mechanism in the counters, the cross-check. (A run cut
# short and resumed, and a boot that times out: t43.)
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
