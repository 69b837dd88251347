#!/usr/bin/env bash
# How the counting mode's schedule converges on a multiprocessor's as its
# quantum shrinks: one bench run per quantum Q, each with the same seeds,
# kernels and plan (and the one timed round a run has), then one run of
# timed boots alone, last: MTTCG, the vCPUs in parallel, the reference for
# "like a multiprocessor" (run it with the host otherwise quiet: under
# MTTCG what runs moves with the host's load); then
# studies/quantum-summary.sh.
#
# Usage: studies/quantum.sh [OPTIONS]     (./run.sh quantum-study)
#   --quanta LIST    the quanta, inf first for today's schedule (default:
#                    inf,100000,20000,5000,1000)
#   --kernels LIST   (default: head,tail; the last is the baseline)
#   --seeds N        counting-mode boots per kernel and quantum, seeds 1..N,
#                    each with the cache model (default: 3)
#   --smp N          vCPUs (default: 2)
#   --rounds R       timed rounds of the MTTCG reference (default: 6; 0
#                    for none: the quanta again, for what a boot costs)
#   --out DIR        (default: results/study-quantum-<UTC time>); an
#                    interrupted study goes on where it stopped with the
#                    same options and --out (each finished run is kept)
#
# DIR/q-Q/ is the bench's run at quantum Q (its own report), DIR/mttcg/
# the reference's; DIR/run-info
# the study's settings; DIR/summary.txt what studies/quantum-summary.sh
# makes of them.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/detboot.sh
. "$SLUBBENCH_TOP/lib/detboot.sh"

quanta="inf 100000 20000 5000 1000" kernels="head tail" seeds=3 smp=2 rounds=6 out=''
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--quanta)
		need_val "$@"
		list_words "$2"
		quanta=
		for q in ${WORDS[@]+"${WORDS[@]}"}; do
			q=$(det_quantum --quanta "$q")
			case " $quanta " in *" $q "*) die "--quanta lists $q twice: give each once" ;; esac
			quanta+="$q "
		done
		[ -n "$quanta" ] || die "--quanta needs at least one quantum (e.g. inf,10000)"
		quanta=${quanta% }
		shift 2 ;;
	--kernels) need_val "$@"; kernels=$(opt_list --kernels "$2" "two kernels (e.g. head,tail)" opt_name); shift 2 ;;
	--seeds) need_val "$@"; seeds=$(opt_uint --seeds "$2"); shift 2 ;;
	--smp) need_val "$@"; smp=$(opt_uint --smp "$2"); shift 2 ;;
	--rounds) need_val "$@"; rounds=$(opt_count --rounds "$2"); shift 2 ;;
	--out) need_val "$@"; out=$2; shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	*) die "unknown option '$1' (see studies/quantum.sh --help)" ;;
	esac
done
[ "$(wc -w <<<"$kernels")" -ge 2 ] || die "--kernels needs two kernels or more: each against the last"
[ "$seeds" -ge 3 ] || die "--seeds $seeds: at least 3 seeds a kernel give an interval"
[ -n "$out" ] || out=$SLUBBENCH_TOP/results/study-quantum-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
out=$(realpath "$out")
info="quanta=$quanta
kernels=$kernels
seeds=$seeds
smp=$smp
rounds=$rounds
host=$(host_name 2>/dev/null || uname -n)
host_cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
if [ -f "$out/run-info" ]; then
	# a study goes on only with what it began with
	[ "$(grep -v '^host' "$out/run-info")" = "$(grep -v '^host' <<<"$info")" ] ||
		die "$out holds a study with other settings (its run-info): give another --out"
else
	echo "$info" >"$out/run-info"
fi
say study "quanta $quanta; kernels $kernels; seeds 1-$seeds; $smp vCPUs; $([ "$rounds" = 0 ] && echo "no MTTCG reference" || echo "then an MTTCG reference of $rounds timed rounds")"
# run NAME BENCH-OPTION...: one bench run into DIR/NAME, resumed if it
# began, reported; nothing again once it has its report
run() {
	local d=$out/$1 t0
	shift
	if [ -f "$d/report.txt" ]; then
		say study "$(basename "$d"): done before"
		return 0
	fi
	t0=$EPOCHSECONDS
	if [ -f "$d/plan.json" ]; then
		"$SLUBBENCH_TOP/bench/run.sh" --resume "$d" >/dev/null
	else
		"$SLUBBENCH_TOP/bench/run.sh" --kernels "${kernels// /,}" --seed 1 --smp "$smp" --no-count --no-profile --out "$d" "$@" >/dev/null
	fi || die "$(basename "$d"): the bench did not complete (see above); go on with the same command"
	"$SLUBBENCH_TOP/report/report.sh" "$d" >/dev/null
	say study "$(basename "$d"): $((EPOCHSECONDS - t0)) s"
}
for q in $quanta; do
	run "q-$q" --rounds 1 --emulated-counters "$seeds" --emulated-instructions 0 --quantum "$q"
done
[ "$rounds" = 0 ] || run mttcg --rounds "$rounds" --no-emulated-counters
"$SLUBBENCH_TOP/studies/quantum-summary.sh" "$out" >"$out/summary.txt.tmp"
mv "$out/summary.txt.tmp" "$out/summary.txt"
cat "$out/summary.txt"
