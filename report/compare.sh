#!/usr/bin/env bash
# Compare the same kernels across two runs (two machines, two days, two
# QEMU versions): for every kernel and hackbench configuration both runs
# have, B's geometric mean time over A's (unpaired: Welch's interval on the
# logs), and the add_partial calls per message of each. Both directories
# are checked first, as untrusted input (lib/rundir.sh).
#
# Usage: report/compare.sh RUN-A RUN-B     (run ids under results/, or directories)
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$(dirname "$0")/../lib/rundir.sh"
case "${1:-}" in -h | --help) usage_from_header "$0" ;; esac
[ $# -eq 2 ] || die "usage: ./run.sh compare RUN-A RUN-B"

A=$(run_dir_of "$1")
B=$(run_dir_of "$2")
A=$(check_run_dir "$A" hackbench.csv manifest.json)
B=$(check_run_dir "$B" hackbench.csv manifest.json)
build_tools all
cmp=$("$TOOLS_BIN/slubstats" compare "$A/hackbench.csv" "$B/hackbench.csv") || exit 1

ids() { jq -r '"\(.run_id) (\(.accel), \(.host.cpu), \(.plan.smp) vCPUs)"' "$1/manifest.json"; }
echo "A: $(ids "$A")"
echo "B: $(ids "$B")"
echo
printf '%-9s %-30s %11s %11s %8s %15s  %s\n' kernel configuration "A geomean" "B geomean" "B/A" "95% CI" verdict
csv_rows <(echo "$cmp") kernel config a_geomean a_n b_geomean b_n ratio ci_lo ci_hi verdict |
	awk -F'|' '{ ci = ($8 == "") ? "n/a" : sprintf("%.3f..%.3f", $8, $9)
		printf "%-9s %-30s %7.3f(%d) %7.3f(%d) %8s %15s  %s\n", $1, $2, $3, $4, $5, $6, ($7 == "" ? "n/a" : sprintf("%+.1f%%", 100 * ($7 - 1))), ci, $10 }' | sort
echo
echo "Unpaired: two runs share no rounds. Emulated (TCG) and KVM timings are"
echo "not comparable with each other; counts are."

# add_partial per message, computed here from each run's checked counters
# (a run's own mechanism.csv is the report's output: never read, never
# printed, so made-up figures or escapes in it go nowhere).
if [ -s "$A/counters.csv" ] && [ -s "$B/counters.csv" ]; then
	# ap RUN: kernel/vcpus/messages,per_1000_messages for add_partial, all caches
	ap() {
		"$TOOLS_BIN/slubstats" mechanism "$1/counters.csv" "$1/hackbench.csv" --caches "${HOT_CACHES// /,}" |
			csv_rows /dev/stdin kernel vcpus messages cache counter per_1000_messages |
			awk -F'|' '$4 == "all" && $5 == "add_partial" { print $1 "/" $2 "/" $3 "," $6 }' | sort
	}
	a=$(ap "$A") || die "slubstats mechanism failed on $A/counters.csv"
	b=$(ap "$B") || die "slubstats mechanism failed on $B/counters.csv"
	if [ -n "$a" ] && [ -n "$b" ]; then
		echo
		echo "add_partial per 1000 messages (all caches, SLUB statistics, median):"
		printf '%-9s %5s %10s %10s %10s\n' kernel vCPUs messages A B
		join -t, <(echo "$a") <(echo "$b") | awk -F, '{ split($1, kc, "/"); printf "%-9s %5s %10s %10.1f %10.1f\n", kc[1], kc[2], kc[3], $2, $3 }'
	fi
fi
