#!/usr/bin/env bash
# group: unit
# --precision's stopping rule (bench/between.sh: current_intervals and
# stop_reason) on synthetic A/A runs (tail against tail.2, 5% noise per
# boot, no VM): the widest 95% half-width shrinks as squares are added, the
# run stops at the first square where it is at most the target and not
# before; --max-rounds and --max-time stop it first when they come first;
# without --precision the planned rounds are the end.
. "$(dirname "$0")/lib.sh"
# shellcheck source=bench/between.sh
. "$TOP/bench/between.sh"
build_tools all
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/run baseline=tail
mkdir -p "$out"

# synth ROUNDS: hackbench.csv of tail and tail.2, the same kernel, 5% noise
synth() {
	awk -v R="$1" 'BEGIN {
		srand(42); OFS = ","
		print "kernel,profile,round,config,kind,mode,unit,groups,fds,loops,datasize,seconds,status"
		for (r = 1; r <= R; r++) for (k = 1; k <= 2; k++) {
			z = sqrt(-2 * log(1 - rand())) * cos(6.283185307 * rand())
			print (k == 1 ? "tail" : "tail.2"), 2007, r, "c1", "timed", "socket", "process", 10, 20, 300, 100, sprintf("%.4f", 5 * exp(0.05 * z)), "ok"
		} }' >"$out/hackbench.csv"
}

precision=3 max_rounds=200 max_secs=''
prev='' stopped_at=''
for rounds in $(seq 2 2 200); do
	synth "$rounds"
	current_intervals 2>/dev/null
	reason=$(stop_reason "$rounds" 2 0)
	if [ -n "$reason" ]; then stopped_at=$rounds; break; fi
	prev=$MAX_HALFWIDTH
done
[ -n "$stopped_at" ] || fail "never stopped"
case "$reason" in "precision reached: widest 95% half-width "*"% <= 3%") ;; *) fail "stopped on: $reason" ;; esac
awk -v h="$MAX_HALFWIDTH" -v p="$prev" 'BEGIN { exit !(h <= 3 && p > 3) }' ||
	fail "stopped at $stopped_at rounds with half-width $MAX_HALFWIDTH% (one square before: $prev%)"
[ "$stopped_at" -gt 4 ] || fail "stopped at $stopped_at rounds: 5% noise cannot give +-3% so soon"
ok "stops at $stopped_at rounds, half-width $MAX_HALFWIDTH% <= 3% (the square before: $prev%)"

synth 4
current_intervals 2>/dev/null
max_rounds=5
contains "$(stop_reason 4 2 0)" "^max rounds \(5\) before precision 3%" "--max-rounds stops before the target"
max_rounds=200 max_secs=60
contains "$(stop_reason 4 2 61)" "^max time \(60 s\) before precision 3%" "--max-time stops before the target"
[ -z "$(stop_reason 4 2 59)" ] || fail "stopped before --max-time"
precision=''
[ "$(stop_reason 4 2 0)" = "planned rounds" ] || fail "without --precision the planned rounds are not the end"
ok "without --precision, the planned rounds end the run"
# the progress lines each round prints
line=$(precision=3 current_intervals 2>&1)
contains "$line" "^  tail.2/tail c1: [0-9.]+ \(95% CI [0-9.]+\.\.[0-9.]+, \+-[0-9.]+%, 4 pairs\)" "each round prints the current intervals"
