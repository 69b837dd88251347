#!/usr/bin/env bash
# group: quick
# The C parsers' unit tests (cmocka), built with ASan and UBSan, on outputs
# captured from the built kernels and on broken variants of them.
. "$(dirname "$0")/lib.sh"
make -s -C "$TOP/bench/src" all unit >/dev/null
"$TOP/bench/bin/test_parsers"
ok "parser unit tests pass under ASan/UBSan"
"$TOP/bench/bin/test_stats"
"$TOP/bench/bin/test_design"
"$TOP/bench/bin/test_variance"
ok "statistics agree with SciPy's and statsmodels' values; Williams plans are balanced"
"$TOP/bench/bin/test_cycles"
ok "the cost model prices a hand-made access stream as computed by hand (Python), halved and doubled"
cores=$(csv_get <("$TOP/bench/bin/slubstats" machines) cores name=clovertown)
[ "$cores" = "$EMU_MAX_VCPUS" ] || fail "EMU_MAX_VCPUS ($EMU_MAX_VCPUS, lib/common.sh) is not the default machine's $cores cores"
ok "the most vCPUs the emulated counters take is the default machine's core count ($cores)"
make -s -C "$TOP/emu/src" unit >/dev/null
"$TOP/emu/bin/test_cachesim"
ok "the cache model gives the known answers (sweeps, one-set strides, alternating writers, concurrent turns, the shared L2, transfer classes)"
