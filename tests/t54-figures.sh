#!/usr/bin/env bash
# group: unit
# Figures computed once, from the data the run uses: position and drift
# from a boots.csv with a set-aside attempt against a hand computation;
# which attempts are used, one rule for the shell and the C readers; a
# ratio on a rounding edge kept whole in the CSV (rounded once, by its
# reader); the longest kernel name the rules allow in every table of a
# report, within 80 columns, nothing folded.
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build_tools all
S=$TOOLS_BIN/slubstats

# Two kernels, two rounds. a takes 2 s in round 1 and 8 s in round 2 (mean
# log: log 4, residuals -ln 2 and +ln 2); b takes 3 s both times (0, 0).
# Round 1's first attempt of a (position 1) was set aside and a booted
# again after b. In run order the used boots are b (pos 2, 0), a (pos 1,
# -ln 2), b (pos 1, 0), a (pos 2, +ln 2): position 1 changes by
# exp(-ln 2 / 2) - 1 = 1/sqrt 2 - 1 = -0.292893, position 2 by sqrt 2 - 1
# = 0.414214; the halves the same. Counting the set-aside row too gives
# five residuals and other figures.
mkdir -p "$tmp/d"
{
	echo "$HACKBENCH_HDR"
	for x in a,1,2 a,2,8 b,1,3 b,2,3; do
		IFS=, read -r k r s <<<"$x"
		echo "$k,2007,$r,c1,1,timed,socket,process,10,20,150,100,2,2,real,$s,ok"
	done
} >"$tmp/d/hackbench.csv"
cat >"$tmp/d/boots.csv" <<EOF
$BOOTS_HDR
1,1,a,2,timed,1,h,2026-12-03T10:00:00Z,9,finished,,0.01
1,2,b,2,timed,1,h,2026-12-03T10:01:00Z,9,finished,,0.01
1,1,a,2,timed,2,h,2026-12-03T10:02:00Z,9,finished,,0.01
2,1,b,2,timed,1,h,2026-12-03T10:03:00Z,9,finished,,0.01
2,2,a,2,timed,1,h,2026-12-03T10:04:00Z,9,finished,,0.01
EOF
check_csv "$tmp/d/boots.csv"
check_csv "$tmp/d/hackbench.csv"
got=$("$S" drift "$tmp/d/hackbench.csv" "$tmp/d/boots.csv" --config c1)
want='part,index,boots,change
position,1,2,-0.292893
position,2,2,0.414214
half,1,2,-0.292893
half,2,2,0.414214'
[ "$got" = "$want" ] || fail "drift with a set-aside attempt: got $(tr '\n' ' ' <<<"$got"), the hand computation gives $(tr '\n' ' ' <<<"$want")"
[ "$("$S" residuals "$tmp/d/hackbench.csv" "$tmp/d/boots.csv" --config c1 | wc -l)" = 4 ] || fail "residuals: not the 4 boots used"
ok "position and drift over the 4 boots used, as computed by hand (the set-aside attempt left out)"

# one rule for which attempts count: C (slubstats used) and the shell's
# boot_attempts, which calls it
[ "$("$S" used "$tmp/d/boots.csv" | tr -d '\n')" = 01111 ] || fail "slubstats used: $("$S" used "$tmp/d/boots.csv" | tr '\n' ' ')"
[ "$(boot_attempts "$tmp/d/boots.csv" kernel round | tr '\n' ' ')" = "0|a|1 1|b|1 1|a|1 1|b|2 1|a|2 " ] ||
	fail "boot_attempts: $(boot_attempts "$tmp/d/boots.csv" kernel round | tr '\n' ' ')"
sed 's/^\(1,1,a,2,timed,\)2,/\10,/' "$tmp/d/boots.csv" >"$tmp/zero.csv"
expect_fail "$S" used "$tmp/zero.csv"
contains "$OUT" "line 4: attempt '0' is not a whole number from 1" "attempt 0 refused in one line"
expect_fail check_csv "$tmp/zero.csv"
contains "$OUT" 'attempt "0" breaks the rule a whole number from 1' "attempt 0 refused by the run's rules"
{ cat "$tmp/d/boots.csv"; tail -n1 "$tmp/d/boots.csv"; } >"$tmp/dup.csv"
expect_fail "$S" used "$tmp/dup.csv"
contains "$OUT" "dup.csv: line 7: a second row of round 2, a, timed, attempt 1: a duplicated row" "a duplicated boots.csv row refused in one line"
sed 's/^2,1,b/08,1,b/' "$tmp/d/boots.csv" >"$tmp/octal.csv"
expect_fail check_csv "$tmp/octal.csv"
contains "$OUT" 'round "08" breaks the rule uint \(at most 15 digits, no leading zero\)' "a round written 08 refused"
for bad in vcpus,0 host_load,-0.5; do
	c=${bad%,*} v=${bad#*,}
	awk -F, -v OFS=, -v c="$c" -v v="$v" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i } NR == 2 { $k = v } 1' \
		"$tmp/d/boots.csv" >"$tmp/bad.csv"
	expect_fail check_csv "$tmp/bad.csv"
	contains "$OUT" "$c \"$v\" breaks the rule" "$c $v refused"
done

# a ratio on a rounding edge: 0.98749983 is stored whole (the shortest
# decimal that reads back the same), so its reader rounds it once, to
# 0.987; stored to 6 digits (0.9875) and rounded again it read 0.988
mkrun "$tmp/e" 3
{
	echo "kernel,profile,round,config,vcpu,function,instructions,accesses,misses,transfers"
	for r in 1 2 3; do
		echo "head,2007,$r,c2,0,___slab_alloc,98749983,10,10,10"
		echo "tail,2007,$r,c2,0,___slab_alloc,100000000,10,10,10"
	done
} >"$tmp/e/emulated.csv"
"$S" emulated "$tmp/e/emulated.csv" "$tmp/e/hackbench.csv" --baseline tail >"$tmp/es.csv"
r=$(csv_get "$tmp/es.csv" ratio kernel=head config=c2 scope=all metric=instructions)
awk -v r="$r" 'BEGIN { d = r - 0.98749983; exit !(d < 1e-12 && d > -1e-12 && length(r) > 8) }' ||
	fail "emulated-summary.csv keeps the ratio as $r, not 0.98749983 whole"
[ "$(awk -v r="$r" 'BEGIN { printf "%.3f", r }')" = 0.987 ] || fail "rounded once, $r is not 0.987"
ok "a ratio on a rounding edge kept whole in the CSV (0.98749983), so it reads 0.987 where it was 0.988"

# the longest name the rules allow, in every table of the report
long=k$(printf '%063d' 0 | tr 0 x)
[[ "$long" =~ $NAME_RE ]] && [ "${#long}" = 64 ] || fail "the long name is not a 64-character name"
mkrun "$tmp/l" 4
mkcycles "$tmp/l"
for f in hackbench counters boots crosscheck emulated; do
	sed -i "s/\\bhead\\b/$long/g" "$tmp/l/$f.csv"
done
jq --arg l "$long" '.kernels[$l] = .kernels.head | del(.kernels.head) | .plan.kernels |= sub("head"; $l)' \
	"$tmp/l/manifest.json" >"$tmp/x" && mv "$tmp/x" "$tmp/l/manifest.json"
"$TOP/report/report.sh" "$tmp/l" >/dev/null 2>"$tmp/err" || fail "report with a 64-character kernel name: $(tail -n3 "$tmp/err")"
awk 'length > 80 { print "line " NR " has " length " columns"; exit 1 } /\\$/ { print "line " NR " is folded: " $0; exit 1 }' "$tmp/l/report.txt" ||
	fail "a 64-character kernel name breaks the report's width"
for t in "Times (seconds)" "Checks (never" "Mechanism, per 1000" "Objects allocated per partial" "Where the cycles go"; do
	awk -v t="$t" -v l="$long" 'index($0, t) == 1 { f = 1; next } f && $0 == "  " l { found = 1; exit } f && /^$/ && seen { exit } f && /^  / { seen = 1 } END { exit !found }' \
		"$tmp/l/report.txt" || fail "table '$t': the long name is not on a line of its own"
done
grep -qE "^               $long\$" "$tmp/l/report.txt" || fail "the emulated table: the long name is not on a line of its own"
sens=$(sed -n '/^Sensitivity: the ratio/,/^$/p' "$tmp/l/report.txt")
grep -qE "^  \[1\] $long\$" <<<"$sens" && grep -qE '^  price +\[1\]$' <<<"$sens" ||
	fail "the sensitivity table: no numbered columns with the long name listed: $sens"
ok "a 64-character kernel name: every table within 80 columns, the name on a line of its own (the sensitivity table: numbered columns), nothing folded"
