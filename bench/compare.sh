#!/usr/bin/env bash
# Compare the same kernels across two runs (two machines, two days, two
# QEMU versions): for every kernel and hackbench configuration both runs
# have, B's median time against A's, with the bootstrap CI of the ratio and
# the p-values; and the add_partial calls per message of each.
#
# Usage: bench/compare.sh RUN-A RUN-B     (run ids under results/, or directories)
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
TOP=$SLUBBENCH_TOP
case "${1:-}" in -h | --help) usage_from_header "$0" ;; esac
[ $# -eq 2 ] || die "usage: ./run.sh compare RUN-A RUN-B"

resolve() {
	local r=$1
	[ -d "$r" ] || r=$TOP/results/$1
	[ -s "$r/hackbench.csv" ] && [ -s "$r/manifest.json" ] ||
		die "'$1' is not a run directory (no hackbench.csv/manifest.json; runs are in $TOP/results/)"
	realpath "$r"
}
A=$(resolve "$1")
B=$(resolve "$2")
make -s -C "$TOP/bench/src" >/dev/null || die "building the C tools failed (make -C bench/src)"
S=$TOP/bench/bin/slubstats
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One CSV per kernel: A's and B's timed runs of it, "kernel" set to A or B
# and "config" to the configuration itself, so that the two line up.
hdr=$(head -n1 "$A/hackbench.csv")
for k in $(tail -n +2 "$A/hackbench.csv" | cut -d, -f1 | sort -u); do
	grep -q "^$k," "$B/hackbench.csv" || continue
	{
		echo "$hdr"
		for side in A B; do
			dir=$A
			[ "$side" = B ] && dir=$B
			awk -F, -v OFS=, -v k="$k" -v s="$side" '$1 == k && $5 == "timed" && $8 != "" {
				$1 = s; $4 = $6 "/" $7 "/g" $8 "/l" $10 "/f" $9 "/d" $11; print }' "$dir/hackbench.csv"
		done
	} >"$tmp/$k.csv"
	"$S" times "$tmp/$k.csv" --baseline A --seed 1 >"$tmp/$k.sum" 2>"$tmp/$k.err" ||
		die "slubstats on $k: $(cat "$tmp/$k.err")"
done

ids() { jq -r '"\(.run_id) (\(.accel), \(.host.cpu), \(.plan.smp) vCPUs)"' "$1/manifest.json"; }
echo "A: $(ids "$A")"
echo "B: $(ids "$B")"
echo
printf '%-9s %-32s %12s %12s %8s %15s %8s\n' kernel configuration "A median(n)" "B median(n)" change "95% CI ratio" welch_p
found=0
for f in "$tmp"/*.sum; do
	[ -e "$f" ] || break
	k=$(basename "$f" .sum)
	awk -F, -v k="$k" '
		NR > 1 && $1 == "A" { a[$2] = sprintf("%.3f(%d)", $13, $9) }
		NR > 1 && $1 == "B" { b[$2] = sprintf("%.3f(%d)", $13, $9); chg[$2] = $25; lo[$2] = $23; hi[$2] = $24; p[$2] = $29; sig[$2] = $32 }
		END {
			for (c in b) if (c in a) {
				ci = (lo[c] == "") ? "n/a" : sprintf("%.3f..%.3f", lo[c], hi[c])
				printf "%-9s %-32s %12s %12s %+7.1f%%%s %15s %8s\n", k, c, a[c], b[c], chg[c], (sig[c] == "yes" ? "*" : " "), ci, (p[c] == "" ? "n/a" : sprintf("%.4f", p[c]))
			}
		}' "$f" | sort
	found=1
done
[ "$found" = 1 ] || die "the two runs have no kernel in common"
echo
echo "'*': the 95% bootstrap CI of B/A excludes 1. Emulated (TCG) and KVM"
echo "timings are not comparable with each other; counts are."

if [ -s "$A/mechanism.csv" ] && [ -s "$B/mechanism.csv" ]; then
	echo
	echo "add_partial per 1000 messages (all caches, SLUB statistics, median):"
	printf '%-9s %10s %10s %10s\n' kernel messages A B
	join -t, <(awk -F, 'NR > 1 && $4 == "all" && $5 == "add_partial" { print $1 "/" $3 "," $10 }' "$A/mechanism.csv" | sort) \
		<(awk -F, 'NR > 1 && $4 == "all" && $5 == "add_partial" { print $1 "/" $3 "," $10 }' "$B/mechanism.csv" | sort) |
		awk -F, '{ split($1, kc, "/"); printf "%-9s %10s %10.1f %10.1f\n", kc[1], kc[2], $2, $3 }'
fi
