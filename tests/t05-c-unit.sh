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
make -s -C "$TOP/emu/src" unit >/dev/null
"$TOP/emu/bin/test_cachesim"
ok "the cache model gives the known answers (sweeps, one-set strides, alternating writers, concurrent turns)"
