#!/usr/bin/env bash
# Run slubbench's tests: every tests/t*.sh, tier by tier (unit first,
# then smoke, then full), in each the longest first by its last time, up
# to -j of them at once. A test
# exits 0 (pass), 77 (skip, with its reason as the last line) or anything
# else (fail). Ends with the five slowest tests and the line "N passed, N
# failed, N skipped".
#
# Usage: tests/run.sh [-j JOBS] [-x GROUP]... [GROUP|PATTERN]...
#   (a test runs if any GROUP or PATTERN matches and no -x GROUP does)
#   -j JOBS    tests run at once (1 to 8; default: the host's CPUs, at
#              most 4, as a test may boot two 2 GiB guests), and one more
#              that mostly waits: a test whose last run kept less than a
#              quarter of a core busy (its CPU seconds over its wall
#              seconds: Slurm's polls, stub boots that sleep) does not
#              count. Each test must pass beside any other: they share the
#              cache's builds under its locks, and nothing else.
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
# A counting-mode boot whose whole input a test (of this suite or an
# earlier one) booted before is reused, not booted again: the counting-boot
# store (bench/detstore.sh; SLUBBENCH_REUSE_COUNTING=0 boots every one; t61
# boots its own and checks the store). So is a kernel build whose whole
# input (source, .config, compiler) was built before, in any tree: the
# kernel build store (kernels/buildstore.sh; SLUBBENCH_REUSE_BUILDS=0
# compiles every one; t17 checks the store on a stand-in tree). And so is
# a check whose verdict rests on files only, when those files passed it
# before: shellcheck's on a file (t10), what a committed run is made into
# again (t65, t59): the check store (tests/checkstore.sh; SLUBBENCH_REUSE_CHECKS=0
# checks every one; t10 checks its keys).
#
# Each test's time goes into $SLUBBENCH_CACHE/logs/tests/check.time (a
# line "NAME SECONDS CPU-SECONDS", the last run's), and its log beside it; a test over
# its tier's budget is said so (it still passes: a busy host is slow).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

export SLUBBENCH_REUSE_COUNTING=${SLUBBENCH_REUSE_COUNTING:-1} SLUBBENCH_REUSE_BUILDS=${SLUBBENCH_REUSE_BUILDS:-1}
export SLUBBENCH_REUSE_CHECKS=${SLUBBENCH_REUSE_CHECKS:-1}
TIERS="unit smoke full"
# where the tests are (another directory: t01's stand-in tests)
TESTS_DIR=${SLUBBENCH_TESTS_DIR:-$SLUBBENCH_TOP/tests}
NEEDS="network vm cluster security"
# tier_budget TIER: seconds a test of TIER may take (smoke: the tier's whole)
tier_budget() { case "$1" in unit) echo 30 ;; *) echo 300 ;; esac; }

excl=()
sel=()
jobs=$(nproc 2>/dev/null || echo 1)
[ "$jobs" -le 4 ] || jobs=4
while [ $# -gt 0 ]; do
	case "$1" in
	-j)
		[ $# -ge 2 ] && [[ "$2" =~ ^[1-8]$ ]] || die "-j needs a number of tests to run at once, 1 to 8"
		jobs=$2
		shift 2 ;;
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
pass=0 fail=0 skip=0 smoke_secs=0 cpu_total=0
logdir=$SLUBBENCH_CACHE/logs/tests
mkdir -p "$logdir"
times=$logdir/check.time
touch "$times"
# start NAME FILE TIER: the test in the background, in a session of its
# own (so that an interrupted suite stops the test's boots too), its start
# time and pid remembered (the unit tier offline); the CPU time of what it
# ran and waited for (its boots' QEMU too: bash's "times") into NAME.times
declare -A pid_of=() t0_of=() tier_of=() waits=()
# a test that mostly waits: its last run's CPU under a quarter of its wall
# time (check.time's third column; none: it counts)
while read -r n w c; do
	[[ "$w$c" =~ ^[0-9]+$ ]] && [ "$w" -gt 0 ] && [ $((c * 4)) -lt "$w" ] && waits[$n]=1
done < <(awk 'NF == 3 && $3 ~ /^[0-9]+$/' "$times")
# counted: the running tests that count toward -j, and the one that waits
counted=0 waiting='' waited=''
start() {
	local run=()
	[ "$3" != unit ] || run=(${offline[@]+"${offline[@]}"})
	t0_of[$1]=$(date +%s)
	tier_of[$1]=$3
	rm -f "$logdir/$1.times"
	# shellcheck disable=SC2016 # the inner script's own variables
	setsid ${run[@]+"${run[@]}"} bash -c 'bash "$0"; rc=$?; times >"$1"; exit "$rc"' "$2" "$logdir/$1.times" \
		>"$logdir/$1.log" 2>&1 </dev/null &
	pid_of[$1]=$!
}
# cpu_secs NAME: the user and system seconds the test's processes took
# (the second line of "times": 0m12.340s 0m3.210s), or "?"
cpu_secs() {
	awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] } printf "%d", t + 0.5; ok = 1 }
		END { if (!ok) printf "?" }' "$logdir/$1.times" 2>/dev/null || printf '?'
}
# finish NAME RC: its time recorded, its result said and counted
finish() {
	local name=$1 rc=$2 tier=${tier_of[$1]} secs last note cpu
	secs=$(($(date +%s) - t0_of[$1]))
	last=$(awk -v n="$name" '$1 == n { print $2 }' "$times")
	cpu=$(cpu_secs "$name")
	local rec="$name $secs"
	[ "$cpu" = '?' ] || rec+=" $cpu"
	{ grep -v "^$name " "$times" || true; echo "$rec"; } >"$times.tmp" && mv "$times.tmp" "$times"
	[ "$cpu" = '?' ] || cpu_total=$((cpu_total + cpu))
	note="${secs}s, cpu ${cpu}s${last:+, last ${last}s}"
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
}
# reap: wait for any running test to end, and finish it
reap() {
	local done_pid='' rc=0 n
	wait -n -p done_pid "${pid_of[@]}" || rc=$?
	for n in "${!pid_of[@]}"; do
		[ "${pid_of[$n]}" = "$done_pid" ] || continue
		unset "pid_of[$n]"
		if [ "$n" = "$waiting" ]; then waiting=''; else counted=$((counted - 1)); fi
		finish "$n" "$rc"
		return
	done
	die "bug: a test ended that the runner did not start (pid ${done_pid:-none})"
}
trap 'for p in "${pid_of[@]}"; do kill -- "-$p" 2>/dev/null || true; done' EXIT
trap 'exit 130' INT TERM
# every test's group line, read once: "FILE|GROUPS" a line; then the
# order: tier by tier (unit, smoke, full), in each the longest first by
# its last time (a test never timed first of all, then by name), so that
# the suite does not end on one long test with the other slots idle
order=$(awk 'FNR == 1 && NR > 1 { print f "|" g } FNR == 1 { f = FILENAME; g = "" }
	/^# group: / && g == "" { g = substr($0, 10) } END { if (NR) print f "|" g }' "$TESTS_DIR"/t[0-9]*.sh |
	awk -F'|' -v tiers="$TIERS" -v tf="$times" '
		FILENAME == tf { split($0, w, " "); last[w[1]] = w[2]; next }
		BEGIN { n = split(tiers, t, " "); for (i = 1; i <= n; i++) rank[t[i]] = i }
		{ split($2, g, " "); name = $1; sub(/.*\//, "", name); sub(/\.sh$/, "", name)
		  s = (name in last) ? last[name] : 1e9
		  printf "%d|%d|%s\n", (g[1] in rank) ? rank[g[1]] : 0, s, $0 }' "$times" - |
	sort -t'|' -k1,1n -k2,2nr -k3,3 | cut -d'|' -f3-)
# each store's events before the suite (lib/store.sh), and what the
# suite's were: "WHAT: N reused from the store (... had taken S s), M
# DONE and stored (S s)"
declare -A ev0=()
for st in "$(counting_store)" "$(build_store)" "$(check_store)"; do
	ev0[$st]=0
	[ ! -f "$st/$STORE_EVENTS" ] || ev0[$st]=$(wc -l <"$st/$STORE_EVENTS")
done
# store_said STORE WHAT VERB DONE: the line of STORE's events in the suite
store_said() {
	tail -n +$((ev0[$1] + 1)) "$1/$STORE_EVENTS" 2>/dev/null | awk -v what="$2" -v verb="$3" -v done="$4" '
		$1 == "hit" { h++; hs += $3 } $1 == "put" { p++; ps += $3 }
		END { printf "%s: %d reused from the store (%s them had taken %d s), %d %s and stored (%d s)\n", what, h, verb, hs, p, done, ps }'
}
while IFS='|' read -r t groups; do
	name=${t##*/} name=${name%.sh}
	tier=${groups%% *}
	case " $TIERS " in *" $tier "*) ;; *) die "$t: its group line starts with '$tier', not a tier ($TIERS)" ;; esac
	matches "$name" "$groups" || continue
	if [ -n "${waits[$name]:-}" ] && [ -z "$waiting" ]; then
		waiting=$name waited=$((waited + 1))
	else
		while [ "$counted" -ge "$jobs" ]; do reap; done
		counted=$((counted + 1))
	fi
	start "$name" "$t" "$tier"
done <<<"$order"
while [ "${#pid_of[@]}" -gt 0 ]; do reap; done
trap - EXIT
[ $((pass + fail + skip)) -gt 0 ] || die "no test matches '${sel[*]}' (groups: $TIERS $NEEDS all)"
[ "$smoke_secs" -le "$(tier_budget smoke)" ] || say test "the smoke tier took $smoke_secs s, over its $(tier_budget smoke) s"
[ "$SLUBBENCH_REUSE_COUNTING" != 1 ] || say test "$(store_said "$(counting_store)" "counting-mode boots" booting booted)"
[ "$SLUBBENCH_REUSE_BUILDS" != 1 ] || say test "$(store_said "$(build_store)" "kernel builds" building built)"
[ "$SLUBBENCH_REUSE_CHECKS" != 1 ] || say test "$(store_said "$(check_store)" "checks (shellcheck's verdicts, reports made again)" making made)"
say test "CPU time of the tests (theirs and their boots'): $cpu_total s"
say test "slowest (their last times, $times): $(sort -k2,2nr "$times" | head -n5 | awk '{ printf "%s%s %ss", (NR > 1 ? ", " : ""), $1, $2 }')"
echo "$pass passed, $fail failed, $skip skipped ($jobs at once${waited:+, and $waited that mostly waited beside them})"
[ "$fail" -eq 0 ]
