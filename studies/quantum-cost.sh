#!/usr/bin/env bash
# What the quantum costs a counting-mode boot: studies/quantum-cost.sh
# [Q...] boots head once at each quantum Q (default: inf 1000000000 1000,
# as bench/boot.sh --quantum takes it), seed 1, the plan of the bench's
# --quick emulated boot (lib/detboot.sh's det_quick_plan), one boot at a
# time, none reused from the counting-boot store. The host should be
# otherwise quiet. It prints a line a boot: Q, the boot's wall seconds,
# the turns the quantum plugin ended (from the plan's begin) and, of them,
# those in the measured window (quantum-raw.csv). Nothing is written
# outside a temporary directory, which is removed.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/detboot.sh
. "$SLUBBENCH_TOP/lib/detboot.sh"

split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
case "${1:-}" in -h | --help) usage_from_header "$0" ;; -*) die "unknown option '$1' (see studies/quantum-cost.sh --help)" ;; esac
[ $# -gt 0 ] || set -- inf 1000000000 1000
for q in "$@"; do det_quantum "quantum '$q'" "$q" >/dev/null; done
unset SLUBBENCH_REUSE_COUNTING
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$SLUBBENCH_TOP/kernels/build.sh" head >/dev/null
"$SLUBBENCH_TOP/emu/build.sh" --qemu 10 >/dev/null
det_quick_plan "$tmp/plan.sh"
echo "studies/quantum-cost.sh at $(git -C "$SLUBBENCH_TOP" describe --always --dirty 2>/dev/null || echo unknown): head, seed 1, the --quick plan"
echo "quantum wall_s turns_ended of_them_in_window"
for q in "$@"; do
	d=$tmp/q-$q
	t0=$EPOCHREALTIME
	"$SLUBBENCH_TOP/bench/boot.sh" --det 1 --counters --quantum "$q" --timeout 600 --out "$d" --plan "$tmp/plan.sh" head \
		>"$d.log" 2>&1 || die "Q=$q: the boot failed: $(tail -n 3 "$d.log")"
	t1=$EPOCHREALTIME
	awk -F, -v q="$q" -v a="$t0" -v b="$t1" '
		FILENAME ~ /info$/ { split($0, kv, "="); if (kv[1] == "quantum_ends") all = kv[2]; next }
		FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "quantum_ends") c = i; next }
		c { win += $c }
		END { printf "%s %.0f %d %d\n", q, b - a, all, win }' "$d/quantum-raw.csv.info" "$d/quantum-raw.csv"
done
