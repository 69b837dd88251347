#!/usr/bin/env bash
# What studies/quantum.sh measured, in words: studies/quantum-summary.sh DIR
# prints, from each quantum's run under DIR (q-Q/, checked as untrusted
# input), the guest's schedule per 1000 messages (context switches, IPIs,
# the quantum's turn ends, PAUSEs, HLTs: mean over seeds and its 95%
# interval) against MTTCG's (the timed boots of every run, pooled), each
# kernel against the baseline (add_partial, instructions, transfers,
# modelled cycles: the run's own intervals) and what a counting boot cost.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"
# shellcheck source=lib/detboot.sh
. "$SLUBBENCH_TOP/lib/detboot.sh"

dir=${1:?usage: studies/quantum-summary.sh DIR}
check_dir_files "$dir" "a study"
[ -s "$dir/run-info" ] || die "$dir/run-info is missing: not a studies/quantum.sh directory"
info() { sed -n "s/^$1=//p" "$dir/run-info" | head -n1; }
quanta=$(info quanta) kernels=$(info kernels) seeds=$(info seeds) smp=$(info smp)
for q in $quanta; do det_quantum_ok "$q" || die "$dir/run-info: quantum '$(term_safe <<<"$q")' is not inf or 1..10^9"; done
for k in $kernels; do [[ "$k" =~ $NAME_RE ]] || die "$dir/run-info: kernel '$(term_safe <<<"$k")' is not a name"; done
[[ "$seeds $smp" =~ ^[1-9][0-9]{0,2}\ [1-9][0-9]?$ ]] || die "$dir/run-info: seeds or smp is not a number"
base=${kernels##* }
build_tools all
S=$TOOLS_BIN/slubstats
runs=()
for q in $quanta; do
	[ -d "$dir/q-$q" ] || continue
	runs+=("$(check_run_dir "$dir/q-$q" counters.csv summary.csv boots.csv)")
done
[ "${#runs[@]}" -gt 0 ] || die "$dir holds no quantum's run (q-Q/) yet"
ref=
[ ! -d "$dir/mttcg" ] || ref=$(check_run_dir "$dir/mttcg" counters.csv summary.csv boots.csv)
# per_msg RUN KIND COUNTER KERNEL: the counter per 1000 messages of each
# boot (round) of the main configuration c1, a line each
per_msg() {
	local m
	m=$(csv_get "$1/summary.csv" messages kernel="$base" config=c1)
	csv_rows "$1/counters.csv" kernel config kind counter value round |
		awk -F'|' -v k="$4" -v t="$2" -v c="$3" -v m="$m" '$1 == k && $2 == "c1" && $3 == t && $4 == c && m > 0 { printf "%.6f\n", 1000 * $5 / m }'
}
# desc: stdin's numbers as "mean (lo..hi)", or "-"
desc() {
	"$S" describe | csv_rows /dev/stdin n mean ci_lo ci_hi |
		awk -F'|' 'NR == 1 { if ($1 > 1) printf "%.1f (%.1f..%.1f)", $2, $3, $4; else printf "%.1f", $2; f = 1 } END { if (!f) print "-" }'
}
COUNTERS="context_switches ipi_reschedule ipi_call_function"
{
	echo "studies/quantum.sh: kernels $kernels (against $base), seeds 1-$seeds, $smp vCPUs, quanta $quanta"
	echo "quanta run so far: $(for r in "${runs[@]}"; do printf '%s ' "${r##*/q-}"; done)"
	echo "host: $(info host | term_safe), $(info host_cpu | term_safe)"
	echo
	echo "MTTCG, the vCPUs in parallel (the timed boots of mttcg/), per 1000 messages, mean and 95% CI:"
	[ -n "$ref" ] || [ "$(info rounds)" = 0 ] || echo "  not run yet (studies/quantum.sh runs it last: go on with the same command)"
	[ -n "$ref" ] || [ "$(info rounds)" != 0 ] || echo "  none in this study (--rounds 0)"
	for k in $kernels; do
		[ -n "$ref" ] || continue
		line="  $k:"
		for c in $COUNTERS; do
			line+=" $c $( [ -z "$ref" ] || per_msg "$ref" timed "$c" "$k" | desc);"
		done
		echo "${line%;}"
	done | wrap
	[ -z "$ref" ] || load=$(boot_attempts "$ref/boots.csv" kind host_load | awk -F'|' '$1 && $2 == "timed" && $3 != "" { n++; if ($3 > m) m = $3 } END { printf "%d boots, other work up to %.2f host cores", n, m }')
	[ -z "$ref" ] || echo "  ($load)"
	echo
	echo "The counting mode at each quantum, per 1000 messages, mean over seeds and 95% CI:"
	for r in "${runs[@]}"; do
		q=${r##*/q-}
		for k in $kernels; do
			line="  Q=$q $k:"
			for c in $COUNTERS quantum_ends pauses halts; do
				line+=" $c $(per_msg "$r" emulated "$c" "$k" | desc);"
			done
			echo "${line%;}"
		done
	done | wrap
	echo
	echo "Against $base, per message, at each quantum (each run's own intervals: add_partial paired by seed, 95%; the emulated counts' Holm-adjusted):"
	for r in "${runs[@]}"; do
		q=${r##*/q-}
		for k in $kernels; do
			[ "$k" != "$base" ] || continue
			ap=$(csv_rows "$r/mechanism-emulated.csv" kernel config cache counter ratio ratio_lo ratio_hi 2>/dev/null |
				awk -F'|' -v k="$k" '$1 == k && $2 == "c1" && $3 == "all" && $4 == "add_partial" && $5 != "" { printf "x%.2f (%.2f..%.2f)", $5, $6, $7 }')
			line="  Q=$q $k: add_partial ${ap:--}"
			for m in instructions transfers cycles; do
				line+="; $m $(csv_rows "$r/emulated-summary.csv" kernel config scope metric ratio lo hi 2>/dev/null |
					awk -F'|' -v k="$k" -v m="$m" '$1 == k && $2 == "c1" && $3 == "all" && $4 == m && $5 != "" { printf "x%.3f (%.3f..%.3f)", $5, $6, $7; f = 1 } END { if (!f) printf "-" }')"
			done
			echo "$line"
		done
	done | wrap
	echo
	echo "What a counting-mode boot cost (wall seconds on this host, mean over the run's emulated boots, and the most other work beside them: the load moves the time, never the counts):"
	for r in "${runs[@]}"; do
		boot_attempts "$r/boots.csv" kind wall_seconds host_load | awk -F'|' -v q="${r##*/q-}" '$1 && $2 == "emulated" { s += $3; n++; if ($4 > m) m = $4 }
			END { if (n) printf "  Q=%s: %.0f s over %d boots (other work up to %.2f host cores)\n", q, s / n, n, m }'
	done
} | term_safe
