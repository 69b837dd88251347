#!/usr/bin/env bash
# group: unit
# The test runner (tests/run.sh) on stand-in tests that sleep: at -j 1 two
# tests never run at once, but for one whose last run (check.time) kept
# less than a quarter of a core busy, which runs beside them; with no
# such record it counts like any other. Each test's wall and CPU seconds
# go into check.time; a failing test fails the suite and its log's last
# lines are shown.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tests" "$tmp/cache/logs/tests"
# a stand-in test: a second's sleep, its start and end (EPOCHREALTIME)
# into the trace
for t in t9ta t9tb t9tw; do
	# shellcheck disable=SC2016 # the stand-in's own variables
	printf '#!/usr/bin/env bash\n# group: unit\ns=$EPOCHREALTIME\nsleep 1\necho "%s $s $EPOCHREALTIME" >>"%s"\n' "$t" "$tmp/trace" >"$tmp/tests/$t.sh"
done
# runner CHECK.TIME: the runner at -j 1 over the stand-ins, after check.time
# was CHECK.TIME; its output in $tmp/out
runner() {
	: >"$tmp/trace"
	printf '%s' "$1" >"$tmp/cache/logs/tests/check.time"
	SLUBBENCH_CACHE=$tmp/cache SLUBBENCH_TESTS_DIR=$tmp/tests "$TOP/tests/run.sh" -j 1 >"$tmp/out" 2>&1
}
# overlaps A B: did stand-ins A and B run at once?
overlaps() {
	awk -v a="$1" -v b="$2" '{ s[$1] = $2; e[$1] = $3 } END { exit !(s[a] < e[b] && s[b] < e[a]) }' "$tmp/trace"
}
runner $'t9ta 10 9\nt9tb 10 9\nt9tw 10 1\n' || fail "the runner failed: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/trace")" = 3 ] || fail "not every stand-in ran: $(cat "$tmp/trace")"
! overlaps t9ta t9tb || fail "at -j 1 two tests that count ran at once: $(cat "$tmp/trace")"
overlaps t9tb t9tw || overlaps t9ta t9tw || fail "the test that mostly waits did not run beside another: $(cat "$tmp/trace")"
contains "$(tail -n 1 "$tmp/out")" '^3 passed, 0 failed, 0 skipped \(1 at once, and 1 that mostly waited beside them\)$' "the summary line"
awk 'NF != 3 || $2 !~ /^[0-9]+$/ || $3 !~ /^[0-9]+$/ { exit 1 }' "$tmp/cache/logs/tests/check.time" && [ "$(wc -l <"$tmp/cache/logs/tests/check.time")" = 3 ] ||
	fail "check.time is not NAME SECONDS CPU a test: $(cat "$tmp/cache/logs/tests/check.time")"
ok "-j 1: two tests one after the other, the one whose last run mostly waited beside them; check.time has each test's wall and CPU seconds"

runner '' || fail "the runner failed: $(cat "$tmp/out")"
! overlaps t9ta t9tb && ! overlaps t9ta t9tw && ! overlaps t9tb t9tw || fail "at -j 1 with no record, two tests ran at once: $(cat "$tmp/trace")"
ok "-j 1 with no record of the tests: one at a time"

printf '#!/usr/bin/env bash\n# group: unit\necho "the reason it failed"\nexit 3\n' >"$tmp/tests/t9tc.sh"
! runner '' || fail "a failing test, and the runner passed: $(cat "$tmp/out")"
grep -q 'FAIL t9tc' "$tmp/out" && grep -q '^    the reason it failed$' "$tmp/out" && contains "$(tail -n 1 "$tmp/out")" '^3 passed, 1 failed' "a failing test's line" ||
	fail "a failing test not said so: $(cat "$tmp/out")"
ok "a failing test fails the suite, its log's last lines shown"
