#!/usr/bin/env bash
# Run slubbench's tests: every tests/t*.sh in name order (unit tests first,
# the end-to-end boots last). A test exits 0 (pass), 77 (skip, with its
# reason as the last line) or anything else (fail). Ends with the five
# slowest tests and the line "N passed, N failed, N skipped".
#
# Usage: tests/run.sh [-x GROUP]... [GROUP|PATTERN]...
#   (a test runs if any GROUP or PATTERN matches and no -x GROUP does)
# Each test names its groups in one "# group: ..." line: one tier by cost,
# then what it needs. The tiers (docs/testing.md):
#   unit       no VM, no kernel build, no download: at most 30 s a test;
#              run with the network unplugged (unshare -n) where it can be
#   smoke      one kernel build and a boot in each regime: 300 s in all
#   full       the rest: at most 300 s a test
# and what a test needs:
#   network    downloads beyond the 6.1 tree and QEMU every VM test needs
#              (6.12's source, Slurm) on a cold cache
#   vm         builds kernels and boots them in QEMU
#   cluster    a one-node Slurm cluster (installs slurm-wlm and munge)
#   security   hostile run directories
# all          every test (the default: ./run.sh test, CI's command)
# PATTERN      tests whose file name contains PATTERN
#
# Each test's time goes into $SLUBBENCH_CACHE/logs/tests/check.time (a
# line "NAME SECONDS", the last run's), and its log beside it; a test over
# its tier's budget is said so (it still passes: a busy host is slow).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

TIERS="unit smoke full"
NEEDS="network vm cluster security"
# tier_budget TIER: seconds a test of TIER may take (smoke: the tier's whole)
tier_budget() { case "$1" in unit) echo 30 ;; *) echo 300 ;; esac; }

excl=()
sel=()
while [ $# -gt 0 ]; do
	case "$1" in
	-x)
		[ $# -ge 2 ] || die "-x needs a group (one of: $TIERS $NEEDS)"
		case " $TIERS $NEEDS " in *" $2 "*) ;; *) die "-x $2: not a group (one of: $TIERS $NEEDS)" ;; esac
		excl+=("$2")
		shift 2 ;;
	'') die "an empty test pattern: give a group ($TIERS $NEEDS all) or part of a test's name" ;;
	*) sel+=("$1"); shift ;;
	esac
done
[ "${#sel[@]}" -gt 0 ] || sel=(all)
# matches NAME GROUPS: does any selection take this test, and no -x?
matches() {
	local p
	for p in ${excl[@]+"${excl[@]}"}; do
		case " $2 " in *" $p "*) return 1 ;; esac
	done
	for p in "${sel[@]}"; do
		case "$p" in
		all) return 0 ;;
		*)
			case " $TIERS $NEEDS " in
			*" $p "*) case " $2 " in *" $p "*) return 0 ;; esac ;;
			*) case "$1" in *"$p"*) return 0 ;; esac ;;
			esac ;;
		esac
	done
	return 1
}
# offline: the unit tier's tests run without a network where unshare can
offline=()
! unshare -n true 2>/dev/null || offline=(unshare -n)
pass=0 fail=0 skip=0 smoke_secs=0
logdir=$SLUBBENCH_CACHE/logs/tests
mkdir -p "$logdir"
times=$logdir/check.time
touch "$times"
# every test's group line, read once: "FILE|GROUPS" a line
while IFS='|' read -r t groups; do
	name=${t##*/} name=${name%.sh}
	tier=${groups%% *}
	case " $TIERS " in *" $tier "*) ;; *) die "$t: its group line starts with '$tier', not a tier ($TIERS)" ;; esac
	matches "$name" "$groups" || continue
	run=()
	[ "$tier" != unit ] || run=(${offline[@]+"${offline[@]}"})
	last=$(awk -v n="$name" '$1 == n { print $2 }' "$times")
	t0=$(date +%s)
	rc=0
	${run[@]+"${run[@]}"} bash "$t" >"$logdir/$name.log" 2>&1 </dev/null || rc=$?
	secs=$(($(date +%s) - t0))
	{ grep -v "^$name " "$times" || true; echo "$name $secs"; } >"$times.tmp" && mv "$times.tmp" "$times"
	note="${secs}s${last:+, last ${last}s}"
	[ "$tier" != smoke ] || smoke_secs=$((smoke_secs + secs))
	[ "$tier" = smoke ] || [ "$secs" -le "$(tier_budget "$tier")" ] || note+="; over the $tier tier's $(tier_budget "$tier") s"
	case "$rc" in
	0) pass=$((pass + 1)); say test "PASS $name ($note)" ;;
	77) skip=$((skip + 1)); say test "SKIP $name: $(tail -n1 "$logdir/$name.log")" ;;
	*)
		fail=$((fail + 1))
		say test "FAIL $name ($note), last lines of $logdir/$name.log:"
		tail -n 15 "$logdir/$name.log" | sed 's/^/    /' >&2
		;;
	esac
done < <(awk 'FNR == 1 && NR > 1 { print f "|" g } FNR == 1 { f = FILENAME; g = "" }
	/^# group: / && g == "" { g = substr($0, 10) } END { if (NR) print f "|" g }' "$SLUBBENCH_TOP"/tests/t[0-9]*.sh)
[ $((pass + fail + skip)) -gt 0 ] || die "no test matches '${sel[*]}' (groups: $TIERS $NEEDS all)"
[ "$smoke_secs" -le "$(tier_budget smoke)" ] || say test "the smoke tier took $smoke_secs s, over its $(tier_budget smoke) s"
say test "slowest (their last times, $times): $(sort -k2,2nr "$times" | head -n5 | awk '{ printf "%s%s %ss", (NR > 1 ? ", " : ""), $1, $2 }')"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
