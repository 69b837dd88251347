#!/usr/bin/env bash
# group: unit
# One way to read options everywhere: each script and tool, given an option
# without its value, an unknown option, or --opt=VALUE, answers the same
# way: one line "PROG: error: OPT needs a value" (or names the option).
# A new run is never written into a directory that holds another run.
. "$(dirname "$0")/lib.sh"
build_tools all
for c in "bench/run.sh --loops" "bench/boot.sh --smp" "report/report.sh x --baseline" "kernels/build.sh --profile" \
	"bin/slubplan --rounds" "bin/slubstats --baseline" "studies/variance.sh --boots" "studies/emu-measure.sh --windows"; do
	# shellcheck disable=SC2086
	expect_fail $TOP/$c
	opt=${c##* }
	contains "$OUT" "^[a-z]+: error: $opt needs a value" "$c without a value"
	[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "$c: more than one line: $OUT"
done
for c in bench/run.sh bench/boot.sh report/report.sh kernels/build.sh bin/slubplan bin/slubstats studies/variance.sh studies/emu-measure.sh; do
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
# before anything boots (t41: a known one reaches the emulated boots' plugin)
expect_fail "$TOP/bench/run.sh" --dry-run --machine pentium4
contains "$OUT" "^slubbench: error: --machine pentium4 is not a machine of emu/src/machines.h: use one of clovertown,harpertown$" "--machine pentium4 refused, the machines named"
expect_fail "$TOP/bench/run.sh" --dry-run --machine 'x;y'
contains "$OUT" "^slubbench: error: --machine needs a machine's name" "--machine 'x;y' refused"
# --emulated-instructions: refused unless a whole number; the plan names
# the seeds of each tier (t41 runs it against stub boots)
expect_fail "$TOP/bench/run.sh" --dry-run --emulated-instructions two
contains "$OUT" "^slubbench: error: --emulated-instructions needs a whole number, not 'two'$" "--emulated-instructions two refused"
plan=$("$TOP/bench/run.sh" --dry-run --kernels head,tail --rounds 2 --emulated-counters 1 --emulated-instructions 2 --seed 1 2>&1)
grep -qF "3 boot(s) each of head tail (seed 1 with the cache model, seeds 2-3 instructions only)" <<<"$plan" || fail "--dry-run: $(grep emulated <<<"$plan")"
ok "--dry-run names the seeds of each tier"
# --quantum: inf or 1..10^9 instructions, and the counting mode's alone
for q in 0 -5 1e4 abc 1000000001 010; do
	expect_fail "$TOP/bench/run.sh" --dry-run --quantum "$q"
	contains "$OUT" "^slubbench: error: --quantum takes inf or a whole number of instructions from 1 to 1000000000, not '$q'$" "--quantum $q refused"
done
expect_fail "$TOP/bench/run.sh" --dry-run --quantum 10000 --emulated-mode mttcg
contains "$OUT" "^slubbench: error: --quantum 10000 shapes the counting mode's schedule: drop --emulated-mode mttcg" "--quantum with MTTCG refused"
