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
contains "$OUT" "already holds a run: give another --out, or finish that one with --resume $(realpath "$tmpd")\$" "a new run into another run's directory is refused, the hint naming it by its path (not under results/)"
[ "$(cat "$tmpd/plan.json")" = '{"kept": 1}' ] && [ ! -e "$tmpd/raw" ] || fail "the refused run touched $tmpd"
ok "the other run's directory is left as it was"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
[ "$(run_ref "$TOP/results/r1")" = r1 ] && [ "$(run_ref "$TOP/results/r1/")" = r1 ] &&
	[ "$(run_ref "$tmpd")" = "$(realpath "$tmpd")" ] && [ "$(run_dir_of "$(run_ref "$TOP/results/r1")")" = "$TOP/results/r1" ] ||
	fail "run_ref: $(run_ref "$TOP/results/r1") $(run_ref "$tmpd")"
ok "a run under results/ is named by its id in a hint, any other by its path (run_dir_of finds each again)"
# --machine: a name of emu/src/machines.h, refused in one line otherwise,
# before anything boots (t41: a known one reaches the emulated boots' plugin)
expect_fail "$TOP/bench/run.sh" --dry-run --machine pentium4
names=$(csv_rows <("$TOOLS_BIN/slubstats" machines) name | paste -sd, -)
[[ "$names" == clovertown,harpertown,* ]] || fail "slubstats machines: $names"
contains "$OUT" "^slubbench: error: --machine pentium4 is not a machine of emu/src/machines.h: use one of $names$" "--machine pentium4 refused, the machines named"
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

# The bench's options are declared once (bench/options.sh): --help is made
# from the table and names every option the parser takes exactly once;
# every option the parser takes is a flag of the table (one that is not is
# refused); shellcheck's list of the settings is the table's.
help=$("$TOP/bench/run.sh" --help)
# shellcheck source=bench/options.sh
flags=$(SLUBBENCH_TOP=$TOP bash -c '. "$SLUBBENCH_TOP/lib/common.sh"; . "$SLUBBENCH_TOP/lib/detboot.sh"; . "$SLUBBENCH_TOP/bench/options.sh"; printf "%s\n" "${!OPT_ACTION[@]}"' | sort)
[ "$(wc -l <<<"$flags")" -ge 40 ] || fail "the table has $(wc -l <<<"$flags") flags"
for f in $flags; do
	n=$(grep -cE "^  ([-a-z]+, )?$f( |,|$)" <<<"$help" || true)
	[ "$n" = 1 ] || fail "bench --help names $f $n times, want once"
done
[ "$(grep -cE '^  -' <<<"$help")" = "$(grep -vc '^-h$' <<<"$flags")" ] || fail "bench --help lists options the table does not: $(grep -E '^  -' <<<"$help" | head -n 3)"
[ -z "$(awk 'length > 80' <<<"$help")" ] || fail "bench --help is wider than 80 columns: $(awk 'length > 80' <<<"$help" | head -n 1)"
keys=$(SLUBBENCH_TOP=$TOP bash -c '. "$SLUBBENCH_TOP/lib/common.sh"; . "$SLUBBENCH_TOP/lib/detboot.sh"; . "$SLUBBENCH_TOP/bench/options.sh"
	for f in "${!OPT_ACTION[@]}"; do a=${OPT_ACTION[$f]}; [[ "$a" == @* ]] || echo "${a%%=*}"; done' | sort -u)
declared=$(awk '/^declare kernels/ { f = 1 } f { gsub(/[\\\t]/, " "); print; if (!/ $/) exit }' "$TOP/bench/options.sh" |
	tr -s ' ' '\n' | grep -v '^declare$' | grep . | sort -u)
[ "$keys" = "$declared" ] || fail "bench/options.sh declares for shellcheck other settings than its table sets: $(diff <(echo "$keys") <(echo "$declared") | grep '^[<>]' | tr '\n' ' ')"
grep -q -- '--emulated-instructions' <<<"$("$TOP/run.sh" --help 2>&1)" && fail "./run.sh --help copies the bench's options (it points to ./run.sh bench --help)"
ok "bench --help made from bench/options.sh: its $(wc -l <<<"$flags") flags each named once, within 80 columns; the table's settings are the ones declared"
# slubstats: one table of commands, each taking its own options and files
S=$TOP/bin/slubstats
h=$TOP/results/reference/hackbench.csv
for c in "times $h --limit 3|--limit is not an option of slubstats times: times HACKBENCH_CSV \[--baseline K\]" \
	"series x --caches a|--caches is not an option of slubstats series" "nope x|unknown command .nope. \(see slubstats --help\)" \
	"mechanism a b|--caches is missing: which caches to count apart" "growth x --from c1|--to is missing" \
	"times|times takes HACKBENCH_CSV \[--baseline K\]" "compare a|compare takes HACKBENCH_CSV_A HACKBENCH_CSV_B" \
	"times $h --pairs a:b|--pairs is not an option of slubstats times" \
	"mechanism a b --caches x --baseline k --pairs a:b|--pairs and --baseline: give one"; do
	# shellcheck disable=SC2086
	expect_fail "$S" ${c%%|*}
	contains "$OUT" "^slubstats: error: ${c#*|}" "slubstats ${c%%|*}: refused in one line"
	[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "slubstats ${c%%|*}: more than one line: $OUT"
done
[ "$("$S" --help | grep -c '^ *\(usage:\)\? *slubstats [a-z-]* ')" = "$(grep -c '^	{ "[a-z-]*", [0-9]' "$TOP/src/cmd/slubstats.c")" ] ||
	fail "slubstats --help does not name each command of its table once: $("$S" --help)"
ok "slubstats --help names each command of its table"
# mechanism --pairs: each kernel named against its own baseline, in one
# read, as --baseline gives it alone; the kernels not named get no ratio
R26=$TOP/results/reference-2.6.23
mech() { "$S" mechanism "$R26/counters.csv" "$R26/hackbench.csv" --caches skbuff_head_cache,kmalloc-512 --kind emulated "$@"; }
mech --pairs 2.6.23:head,tail:none >"$tmpd/pairs.csv" 2>&1 || fail "mechanism --pairs: $(cat "$tmpd/pairs.csv")"
[ "$(grep '^2\.6\.23,' "$tmpd/pairs.csv")" = "$(mech --baseline head | grep '^2\.6\.23,')" ] ||
	fail "mechanism --pairs 2.6.23:head: 2.6.23's rows differ from --baseline head's"
csv_rows "$tmpd/pairs.csv" kernel ratio | awk -F'|' '$1 == "2.6.23" && $2 != "" { p++ } $1 != "2.6.23" && $2 != "" { q++ } END { exit !(p > 0 && q == 0) }' ||
	fail "mechanism --pairs 2.6.23:head,tail:none: 2.6.23 without a ratio, or another kernel (head; tail against a kernel not in the run) with one"
ok "slubstats mechanism --pairs K:B: K's rows as --baseline B gives them, the others without a ratio"

# A validator (lib/opts.sh's OPT_VALIDATORS) runs without a subshell and
# its value is taken as given: each must print what it accepts unchanged
# (else opt_check would keep a value the check meant to change)
# shellcheck disable=SC2016 # the inner script's own variables
out=$(bash -c '. "$1/lib/common.sh"; . "$1/lib/rundir.sh"; . "$1/bench/runopts.sh"
	s() { local want=$3 got; got=$("$@"); [ "$got" = "$want" ] || echo "$1 printed [$got] for [$want]"; tested+=" $1"; }
	s opt_uint --x 17; s opt_count --x 0; s opt_choice --x b a b; s opt_name --x tail@6.12; s opt_any --x "a b,c"
	s opt_nonempty --x run-1; s check_seed --x 0123; s check_machine --x clovertown; s check_shard --x 2/3
	s check_duration --x 1h30m; s det_quantum --x inf; s det_quantum --x 1000
	for v in $OPT_VALIDATORS; do [[ " $tested " == *" $v "* ]] || echo "$v: no sample here"; done' _ "$TOP" 2>&1)
[ -z "$out" ] || fail "validators: $out"
ok "each validator prints the value it accepts as given"
