#!/usr/bin/env bash
# group: unit
# The C parsers' unit tests (cmocka), built with ASan and UBSan, on outputs
# captured from the built kernels and on broken variants of them; the
# C list of boot kinds against lib/rundir.sh's rule.
. "$(dirname "$0")/lib.sh"
build_tools all unit
"$TOOLS_BIN/test_parsers"
ok "parser unit tests pass under ASan/UBSan"
"$TOOLS_BIN/test_stats"
"$TOOLS_BIN/test_groups"
"$TOOLS_BIN/test_design"
"$TOOLS_BIN/test_variance"
ok "statistics agree with SciPy's and statsmodels' values; Williams plans are balanced"
"$TOOLS_BIN/test_cycles"
ok "the cost model prices a hand-made access stream as computed by hand (Python), halved and doubled"
cores=$(csv_get <("$TOOLS_BIN/slubstats" machines) cores name=clovertown)
[ "$cores" = "$EMU_MAX_VCPUS" ] || fail "EMU_MAX_VCPUS ($EMU_MAX_VCPUS, lib/guest.sh) is not the default machine's $cores cores"
ok "the most vCPUs the emulated counters take is the default machine's core count ($cores)"
# slubstats cost (src/stats/cost.c) knows boots.csv's kinds as
# lib/rundir.sh's rule gives them: each, one row a kind, is counted
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
kinds=$(awk '$1 == "kind" { r = $2; gsub(/[\^$()]/, "", r); gsub(/\|/, " ", r); print r }' <<<"$RUN_COLUMN_RULES")
[ -n "$kinds" ] || fail "no rule for boots.csv's kind in lib/rundir.sh"
b=$(mktemp)
{ echo kind,start_utc,wall_seconds; for k in $kinds; do echo "$k,2026-12-07T00:00:00Z,5"; done; } >"$b"
got=$("$TOOLS_BIN/slubstats" cost "$b" | csv_rows /dev/stdin kind boots | grep -v '^run|' | sort | tr '\n' ' ')
rm -f "$b"
[ "$got" = "$(for k in $kinds; do echo "$k|1"; done | sort | tr '\n' ' ')" ] ||
	fail "slubstats cost counts the kinds as '$got', lib/rundir.sh's rule names: $kinds"
ok "slubstats cost knows every kind of boot lib/rundir.sh's rule allows ($kinds)"
make -s -C "$TOP/emu/src" unit >/dev/null
"$TOP/emu/bin/test_cachesim"
"$TOP/emu/bin/test_quantum"
ok "the quantum ends a turn every Q instructions (none at inf), takes inf or 1..10^9 only, and knows the markers"
ok "the cache model gives the known answers (sweeps, one-set strides, alternating writers, concurrent turns, the shared L2, transfer classes)"
