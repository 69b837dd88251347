#!/usr/bin/env bash
# The C parsers' unit tests (cmocka), built with ASan and UBSan, on outputs
# captured from the built kernels and on broken variants of them.
. "$(dirname "$0")/lib.sh"
make -s -C "$TOP/bench/src" all unit >/dev/null
"$TOP/bench/bin/test_parsers"
ok "parser unit tests pass under ASan/UBSan"
"$TOP/bench/bin/test_stats"
ok "statistics agree with SciPy's values"
