#!/usr/bin/env bash
# group: unit
# The C parsers' unit tests (cmocka), built with ASan and UBSan, on outputs
# captured from the built kernels and on broken variants of them.
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
make -s -C "$TOP/emu/src" unit >/dev/null
"$TOP/emu/bin/test_cachesim"
"$TOP/emu/bin/test_quantum"
ok "the quantum ends a turn every Q instructions (none at inf), takes inf or 1..10^9 only, and knows the markers"
ok "the cache model gives the known answers (sweeps, one-set strides, alternating writers, concurrent turns, the shared L2, transfer classes)"
