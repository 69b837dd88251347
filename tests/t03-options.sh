#!/usr/bin/env bash
# group: quick
# One way to read options everywhere: each script and tool, given an option
# without its value, an unknown option, or --opt=VALUE, answers the same
# way: one line "PROG: error: OPT needs a value" (or names the option).
# A new run is never written into a directory that holds another run.
. "$(dirname "$0")/lib.sh"
make -s -C "$TOP/bench/src" >/dev/null
for c in "bench/run.sh --loops" "bench/boot.sh --smp" "bench/report.sh x --baseline" "kernels/build.sh --profile" \
	"bench/bin/slubplan --rounds" "bench/bin/slubstats --baseline" "bench/variance.sh --boots" "emu/measure.sh --windows"; do
	# shellcheck disable=SC2086
	expect_fail $TOP/$c
	opt=${c##* }
	contains "$OUT" "^[a-z]+: error: $opt needs a value" "$c without a value"
	[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "$c: more than one line: $OUT"
done
for c in bench/run.sh bench/boot.sh bench/report.sh kernels/build.sh bench/bin/slubplan bench/bin/slubstats bench/variance.sh emu/measure.sh; do
	expect_fail "$TOP/$c" --no-such-option
	contains "$OUT" "^[a-z]+: error: unknown option '--no-such-option' \(see .*--help\)" "$c: an unknown option named"
done
# --opt=VALUE is --opt VALUE
a=$("$TOP/bench/run.sh" --dry-run --rounds=4 --seed=3 --kernels=head,tail 2>&1)
b=$("$TOP/bench/run.sh" --dry-run --rounds 4 --seed 3 --kernels head,tail 2>&1)
[ "$a" = "$b" ] || fail "--opt=VALUE differs from --opt VALUE: $a / $b"
expect_fail "$TOP/bench/run.sh" --dry-run --rounds=x
contains "$OUT" "^slubbench: error: --rounds needs a positive whole number, not 'x'" "--rounds=x refused"
# a new run into a directory that holds another run is refused, untouched
tmpd=$(mktemp -d)
trap 'rm -rf "$tmpd"' EXIT
echo '{"kept": 1}' >"$tmpd/plan.json"
expect_fail "$TOP/bench/run.sh" --kernels head,tail --rounds 2 --out "$tmpd"
contains "$OUT" "already holds a run: give another --out, or finish that one with --resume" "a new run into another run's directory is refused"
[ "$(cat "$tmpd/plan.json")" = '{"kept": 1}' ] && [ ! -e "$tmpd/raw" ] || fail "the refused run touched $tmpd"
ok "the other run's directory is left as it was"
# --machine: a name of emu/src/machines.h, refused in one line otherwise,
# before anything boots; a known one reaches every emulated boot's plugin
expect_fail "$TOP/bench/run.sh" --dry-run --machine pentium4
contains "$OUT" "^slubbench: error: --machine pentium4 is not a machine of emu/src/machines.h: use one of clovertown,harpertown$" "--machine pentium4 refused, the machines named"
expect_fail "$TOP/bench/run.sh" --dry-run --machine 'x;y'
contains "$OUT" "^slubbench: error: --machine needs a machine's name" "--machine 'x;y' refused"
SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh "$TOP/bench/run.sh" --quick --no-count --seed 1 --machine harpertown --out "$tmpd/m" >/dev/null 2>&1 ||
	fail "a stubbed --machine harpertown run failed"
[ "$(cat "$tmpd"/m/raw/e*/boot-info | grep -c '^counters=1,machine=harpertown$')" = 2 ] ||
	fail "--machine harpertown did not reach the emulated boots: $(grep -h '^counters=' "$tmpd"/m/raw/*/boot-info | sort | uniq -c)"
[ "$(grep -h '^counters=' "$tmpd"/m/raw/r*/boot-info | sort -u)" = "counters=0" ] || fail "--machine reached a boot with no counters"
grep -q -- '--machine harpertown' <<<"$("$TOP/bench/plan-command.sh" "$tmpd/m")" || fail "the Reproduce line lost --machine"
ok "--machine harpertown reached both emulated boots' plugin, no other boot, and the Reproduce line"
