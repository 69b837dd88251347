#!/usr/bin/env bash
# group: unit
# Named plans (bench --plan FILE, plans/*.conf): each committed plan gives
# its reference's Reproduce command exactly (its results' plan.json, as the
# report rebuilds it); a plan file is read as data, each line checked as
# the command line is, and a bad one refused in one line naming the file,
# the line and the rule, before anything is built; the command line adds
# to a plan but does not give one of its options again.
. "$(dirname "$0")/lib.sh"
build_tools all
B=$TOP/bench/run.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0
for f in "$TOP"/plans/*.conf; do
	id=$(basename "$f" .conf)
	[ -f "$TOP/results/$id/plan.json" ] || fail "plans/$id.conf: no results/$id/plan.json to be the plan of"
	# (two at a time: each is a second or two of shell)
	{ "$B" --plan "$f" --out "$tmp/$id" --dry-run 2>&1 | sed -n 's/^reproduce: //p' >"$tmp/$id.got"; } &
	"$TOP/bench/plan-command.sh" "$TOP/results/$id" >"$tmp/$id.want"
	wait
	[ "$(cat "$tmp/$id.got")" = "$(cat "$tmp/$id.want")" ] ||
		fail "plans/$id.conf gives '$(cat "$tmp/$id.got")', results/$id was made by '$(cat "$tmp/$id.want")'"
	[ ! -e "$tmp/$id" ] || fail "a dry run wrote $tmp/$id"
	n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n plans"
ok "each of the $n plans in plans/ gives its reference's Reproduce command"

sha=$(sha256sum <"$TOP/plans/reference.conf" | cut -d' ' -f1)
plan=$("$B" --plan "$TOP/plans/reference.conf" --rounds 4 --dry-run 2>&1)
contains "$plan" "^reproduce: \./run\.sh bench --rounds 4 --seed 20261203 --smp 2 --out results/RUN-ID$" "the command line adds to a plan (--rounds 4)"
contains "$plan" "^plan file: reference\.conf, sha256 $sha$" "a dry run names the plan file and its sha256"

# one line for each bad plan: FILE, line N and the rule
p=$tmp/p.conf
bad() { # LINES WANT: a plan of LINES refused with WANT
	printf '%s\n' "$1" >"$p"
	expect_fail "$B" --plan "$p" --dry-run
	contains "$OUT" "^slubbench: error: --plan $p, $2" "refused: $(tr '\n' ';' <<<"$1")"
	[ "$(wc -l <<<"$OUT")" = 1 ] || fail "more than one line: $OUT"
}
bad $'# a comment\n\n--nope 3' "line 3: unknown option '--nope'"
bad '--out /tmp/x' "line 1: --out is not a setting of the plan: give it on the command line"
bad '--rounds' "line 1: --rounds needs a value: --rounds N$"
bad '--no-count yes' "line 1: --no-count takes no value$"
bad '--rounds x' "line 1: --rounds needs a positive whole number, not 'x'$"
bad $'--seed 3\n--seed 4' "line 2: --seed is in the plan twice$"
bad '--quantum 0' "line 1: --quantum takes inf or a whole number"
# shellcheck disable=SC2016 # a command as text, never run
bad '--kernels $(touch /tmp/t04-pwned)' "line 1: --kernels: '\\\$\\(touch' is not a valid name"
[ ! -e /tmp/t04-pwned ] || { rm -f /tmp/t04-pwned; fail "a plan's line ran a command"; }
printf -- '--seed 3\n' >"$p"
expect_fail "$B" --plan "$p" --seed 4 --dry-run
contains "$OUT" "^slubbench: error: --seed is in --plan p\.conf too: give it in one place$" "a plan's option again after it"
expect_fail "$B" --seed 4 --plan "$p" --dry-run
contains "$OUT" "^slubbench: error: --plan $p, line 1: --seed is on the command line too: give it in one place$" "a plan's option again before it"
expect_fail "$B" --plan "$p" --plan "$p" --dry-run
contains "$OUT" "^slubbench: error: --plan given twice" "--plan twice"
expect_fail "$B" --plan "$p" --resume x
contains "$OUT" "^slubbench: error: --plan and --resume: a run's plan is its plan\.json; drop --plan$" "--plan with --resume"
cp "$p" "$tmp/p.txt"
expect_fail "$B" --plan "$tmp/p.txt" --dry-run
contains "$OUT" "^slubbench: error: --plan $tmp/p\.txt: a plan file is named NAME\.conf" "a plan file not named NAME.conf"
expect_fail "$B" --plan "$tmp/none.conf" --dry-run
contains "$OUT" "^slubbench: error: --plan $tmp/none\.conf: no such file$" "a missing plan file"
mkfifo "$tmp/fifo.conf"
expect_fail timeout 20 "$B" --plan "$tmp/fifo.conf" --dry-run
contains "$OUT" "^slubbench: error: --plan $tmp/fifo\.conf: not a readable regular file$" "a FIFO: refused, not read"
head -c 70000 /dev/zero | tr '\0' '#' >"$tmp/big.conf"
expect_fail "$B" --plan "$tmp/big.conf" --dry-run
contains "$OUT" "^slubbench: error: --plan $tmp/big\.conf: over 64 KiB, not a plan$" "a plan over 64 KiB"
refusals_said
