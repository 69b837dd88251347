#!/usr/bin/env bash
# Run slubbench's tests: every tests/t*.sh in name order (fast unit tests
# first, the end-to-end boots last). A test exits 0 (pass), 77 (skip, with
# its reason as the last line) or anything else (fail). Ends with the line
# "N passed, N failed, N skipped".
#
# Usage: tests/run.sh [GROUP|PATTERN]...  (a test runs if any matches)
#   quick      no VM, no kernel build: about 90 s
#   security   hostile run directories (part of quick)
#   vm         builds kernels and boots them in QEMU
#   cluster    a one-node Slurm cluster (installs slurm-wlm and munge)
#   PATTERN    only tests whose file name contains PATTERN
# Each test names its groups in a "# group: ..." line.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

[ "$#" -gt 0 ] || set -- all
for p in "$@"; do [ -n "$p" ] || die "an empty test pattern: give a group (quick, security, vm, cluster) or part of a test's name"; done
matches() { # matches NAME GROUPS: does any pattern select this test?
	local p
	for p in "${@:3}"; do
		case "$p" in
		all) return 0 ;;
		quick | security | vm | cluster) case " $2 " in *" $p "*) return 0 ;; esac ;;
		*) case "$1" in *"$p"*) return 0 ;; esac ;;
		esac
	done
	return 1
}
pass=0 fail=0 skip=0
logdir=$SLUBBENCH_CACHE/logs/tests
mkdir -p "$logdir"
for t in "$SLUBBENCH_TOP"/tests/t[0-9]*.sh; do
	name=$(basename "$t" .sh)
	groups=$(sed -n 's/^# group: //p' "$t" | head -n1)
	matches "$name" "$groups" "$@" || continue
	t0=$(date +%s)
	rc=0
	bash "$t" >"$logdir/$name.log" 2>&1 </dev/null || rc=$?
	secs=$(($(date +%s) - t0))
	case "$rc" in
	0) pass=$((pass + 1)); say test "PASS $name (${secs}s)" ;;
	77) skip=$((skip + 1)); say test "SKIP $name: $(tail -n1 "$logdir/$name.log")" ;;
	*)
		fail=$((fail + 1))
		say test "FAIL $name (${secs}s), last lines of $logdir/$name.log:"
		tail -n 15 "$logdir/$name.log" | sed 's/^/    /' >&2
		;;
	esac
done
[ $((pass + fail + skip)) -gt 0 ] || die "no test matches '$*' (groups: quick, security, vm, cluster)"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
