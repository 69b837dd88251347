#!/usr/bin/env bash
# group: unit
# Fuzz every parser with libFuzzer (ASan/UBSan) for a bounded time, seeded
# with the real outputs in tests/data/. Any crash, leak or error without a
# message fails. SLUBBENCH_FUZZ_SECONDS sets the time (default 20).
. "$(dirname "$0")/lib.sh"
command -v clang >/dev/null || skip "clang is missing: install clang libclang-rt-14-dev (./run.sh deps)"
build_tools fuzz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
mkdir "$tmp/seeds" "$tmp/corpus"
for f in slabinfo-slub.txt slubstat.txt hackbench.txt perfstat.csv; do
	{ printf '%b' "\\x0$i"; cat "$TOP/tests/data/$f"; } >"$tmp/seeds/$i"
	i=$((i + 1))
done
secs=${SLUBBENCH_FUZZ_SECONDS:-20}
(cd "$tmp" && "$TOOLS_BIN/fuzz_parsers" -max_total_time="$secs" -print_final_stats=1 \
	-rss_limit_mb=1024 corpus seeds) >"$tmp/log" 2>&1 ||
	{ tail -n 40 "$tmp/log"; fail "the fuzzer found a failing input"; }
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/log")
[ "${runs:-0}" -gt 1000 ] || fail "the fuzzer ran only ${runs:-0} inputs"
ok "$runs fuzzed inputs in ${secs}s, all parsed or refused cleanly"
