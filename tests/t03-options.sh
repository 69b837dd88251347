#!/usr/bin/env bash
# group: quick
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
# --emulated-instructions: seeds after the cache model's count instructions
# alone (cache=off reaches their plugin, and only theirs), in the plan, the
# Reproduce line and the report; a run made before the option had none
expect_fail "$TOP/bench/run.sh" --dry-run --emulated-instructions two
contains "$OUT" "^slubbench: error: --emulated-instructions needs a whole number, not 'two'$" "--emulated-instructions two refused"
plan=$("$TOP/bench/run.sh" --dry-run --kernels head,tail --rounds 2 --emulated-counters 1 --emulated-instructions 2 --seed 1 2>&1)
grep -qF "3 boot(s) each of head tail (seed 1 with the cache model, seeds 2-3 instructions only)" <<<"$plan" || fail "--dry-run: $(grep emulated <<<"$plan")"
SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh "$TOP/bench/run.sh" --quick --no-count --seed 1 --emulated-instructions 2 --out "$tmpd/i" >/dev/null 2>&1 ||
	fail "a stubbed --emulated-instructions 2 run failed"
got=$(for d in "$tmpd"/i/raw/e*; do echo "$(basename "$d") $(sed -n 's/^counters=//p' "$d/boot-info")"; done | paste -sd' ' -)
[ "$got" = "e01-head 1 e01-tail 1 e02-head 1,cache=off e02-tail 1,cache=off e03-head 1,cache=off e03-tail 1,cache=off" ] ||
	fail "--emulated-instructions 2 after one cache-model boot: $got"
grep -q -- '--emulated-instructions 2' <<<"$("$TOP/bench/plan-command.sh" "$tmpd/i")" || fail "the Reproduce line lost --emulated-instructions"
R=$tmpd/i
"$TOP/report/report.sh" "$R" >/dev/null 2>&1 || fail "no report of the stubbed --emulated-instructions run"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
[ "$(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=instructions)" = 3 ] &&
	[ "$(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=transfers)" = 1 ] ||
	fail "emulated-summary.csv: instructions over $(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=instructions) boots, transfers over $(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=transfers)"
jq 'del(.emulated_instructions)' "$R/plan.json" >"$tmpd/p.json" && mkdir -p "$tmpd/old" && mv "$tmpd/p.json" "$tmpd/old/plan.json"
grep -q -- '--emulated-instructions 0' <<<"$("$TOP/bench/plan-command.sh" "$tmpd/old")" ||
	fail "a plan made before --emulated-instructions: $("$TOP/bench/plan-command.sh" "$tmpd/old")"
ok "--emulated-instructions 2: seeds 2-3 with cache=off, instructions over 3 boots and transfers over 1, the Reproduce line (an older plan: 0)"
