#!/usr/bin/env bash
# Turn results/<run-id>/ into statistics, charts and a report, reading
# nothing but that directory's documented files, checked first as the
# untrusted input they are (lib/rundir.sh). Same data in, same report out;
# nothing is written outside the run directory.
#
# Usage: report/report.sh RUN-ID|DIR [--baseline KERNEL] [--price NAME=VALUE]...
#   --baseline KERNEL   what every ratio is against (default: tail, else
#                       the first kernel)
#   --price NAME=VALUE  restate one price of the modelled cycles' machine,
#                       in its table's unit: cpi, l2_cycles, memory_ns,
#                       transfer_die_ns, transfer_package_ns or
#                       transfer_socket_ns (repeatable; bin/slubstats
#                       machines lists the table's prices and sources). The
#                       report says which prices were restated; the counts
#                       are the run's either way.
#
# Writes into the run directory:
#   summary.csv     per kernel and configuration: n, spread, geometric mean;
#                   against the baseline, the ratio of geometric means
#                   paired by round with its Holm-adjusted interval (the
#                   verdict's one interval), the plain 95% interval, and
#                   Wilcoxon's signed-rank test as a check (bin/slubstats)
#   mechanism.csv   SLUB counters and add_partial events: median over rounds,
#                   per 1000 messages, paired ratio to the baseline
#   mechanism-emulated.csv   (runs whose emulated-counters boots read SLUB's
#                   statistics) the same from those boots, paired by boot
#                   number (in the counting mode: by seed)
#   emulated-summary.csv, emulated-top.csv   (runs with emulated.csv) the
#                   emulated counters per kernel, and by function
#   series-summary.csv, perturbation.csv   (runs with series boots) each
#                   sampled run summarised, and the series boots' counts
#                   against their twins' (slubstats series, perturbation)
#   hosts.csv       (a run merged from shards of several hosts) per host,
#                   the paired ratios, and the host x kernel interaction
#   plots/          times, ratios, drift, add_partial, slowpath, emulated
#                   (.png and .svg)
#   report.txt      plain text, at most 80 columns: for a mailing list
#   report.md       the same, with the charts
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$(dirname "$0")/../lib/rundir.sh"
# shellcheck source=lib/detboot.sh
. "$(dirname "$0")/../lib/detboot.sh"
TOP=$SLUBBENCH_TOP
# shellcheck source=report/model.sh
. "$TOP/report/model.sh"

split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
run='' baseline='' prices=()
while [ $# -gt 0 ]; do
	case "$1" in
	--baseline) need_val "$@"; baseline=$(opt_name --baseline "$2"); shift 2 ;;
	--price) need_val "$@"; prices+=(--price "$2"); shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	-*) die "unknown option '$1' (see ./run.sh report --help)" ;;
	*) [ -z "$run" ] || die "one run at a time"; run=$1; shift ;;
	esac
done
[ -n "$run" ] || die "which run? ./run.sh report RUN-ID (runs are in $TOP/results/)"
R=$(run_dir_of "$run")
[ -d "$R" ] || die "no run '$run' in $TOP/results/"
R=$(check_run_dir "$R" manifest.json hackbench.csv counters.csv)
# a report that stops leaves no half-written output beside the last one
trap 'rm -f "$R"/{report.txt,report.md,summary.csv,mechanism.csv,mechanism-emulated.csv,emulated-summary.csv,emulated-top.csv,emulated-cycles.csv,hosts.csv,series-summary.csv,perturbation.csv}.tmp' EXIT
need_cmd gnuplot gnuplot-nox
need_cmd jq jq
build_tools all
S=$TOOLS_BIN/slubstats
# a restated price is checked before anything is written (one line naming it)
"$S" machines ${prices[@]+"${prices[@]}"} >/dev/null || exit 1
# REPORT_ARGS: the options that made this report (its Reproduce line)
REPORT_ARGS=
[ -z "$baseline" ] || REPORT_ARGS+=" --baseline $baseline"
for ((i = 1; i < ${#prices[@]}; i += 2)); do REPORT_ARGS+=" --price ${prices[i]}"; done
M=$R/manifest.json
model_manifest "$M"

mapfile -t kernels < <(jq -r '.kernels | keys_unsorted[]' "$M")
HOT_CACHES=$(run_hot_caches "$M")
[ -n "$baseline" ] || baseline=$(pick_baseline "${kernels[@]}")
case " ${kernels[*]} " in *" $baseline "*) ;; *) die "baseline '$baseline' is not in this run (kernels: ${kernels[*]})" ;; esac

say report "statistics (baseline $baseline)"
"$S" times "$R/hackbench.csv" --baseline "$baseline" >"$R/summary.csv.tmp"
mv "$R/summary.csv.tmp" "$R/summary.csv"
"$S" mechanism "$R/counters.csv" "$R/hackbench.csv" --caches "${HOT_CACHES// /,}" \
	--baseline "$baseline" >"$R/mechanism.csv.tmp"
mv "$R/mechanism.csv.tmp" "$R/mechanism.csv"
rm -f "$R/mechanism-emulated.csv"
if [ "$(csv_rows "$R/counters.csv" kind source | grep -cx 'emulated|slub' || true)" -gt 0 ]; then
	"$S" mechanism "$R/counters.csv" "$R/hackbench.csv" --caches "${HOT_CACHES// /,}" \
		--baseline "$baseline" --kind emulated >"$R/mechanism-emulated.csv.tmp"
	mv "$R/mechanism-emulated.csv.tmp" "$R/mechanism-emulated.csv"
fi
# emulated_mode: how the emulated counters' boots ran (det: the counting
# mode, counts independent of the host; mttcg; empty in older runs)
emulated_mode=${MF[emulated_mode]}
case "$emulated_mode" in det | mttcg | "") ;; *) die "$M: emulated_mode '$emulated_mode' is not det or mttcg; refusing this run" ;; esac
# RUN_QUANTUM: the counting mode's quantum, from the plan (runs older than
# it: inf, icount's turns alone)
RUN_QUANTUM=${MF[quantum]}
det_quantum_ok "$RUN_QUANTUM" || die "$M: quantum '$(term_safe <<<"$RUN_QUANTUM")' is not inf or a whole number from 1 to 1000000000; refusing this run"

# The model (report/model.sh): each table loaded once it is written, read
# through these. sv KERNEL CONFIG FIELD: summary.csv; mv_ KERNEL CONFIG
# CACHE COUNTER FIELD: mechanism.csv; me_: the same of
# mechanism-emulated.csv (empty when the run has none); ev KERNEL SCOPE
# METRIC FIELD: emulated-summary.csv (main configuration); et KERNEL
# FUNCTION METRIC: emulated-top.csv.
model_load summary "$R/summary.csv" kernel config
model_load mechanism "$R/mechanism.csv" kernel config cache counter
model_load mechanism_emulated "$R/mechanism-emulated.csv" kernel config cache counter
# KNOB_PAIRS: "KERNEL VARIANT KNOB" a line, each kernel booted with a SLUB
# knob whose very build (same build id) also ran without one; the model's
# table knob_vs: its counts against that kernel, paired (slubstats
# mechanism with it as the baseline), by kind (emulated, timed)
KNOB_PAIRS=$(jq -r '.kernels | to_entries as $k | $k[] | select((.value.knob // "") != "") as $w |
	$k[] | select((.value.knob // "") == "" and .value.build_id == $w.value.build_id) | "\($w.key) \(.key) \($w.value.knob)"' "$M")
# one mechanism table a kind, each kernel with a knob against its own
# baseline (--pairs: one read of counters.csv however many pairs)
pairs=$(awk 'NF >= 2 { printf "%s%s:%s", n++ ? "," : "", $1, $2 }' <<<"$KNOB_PAIRS")
{
	echo kind,kernel,config,cache,counter,ratio,ratio_lo,ratio_hi
	for kind in emulated timed; do
		[ -n "$pairs" ] || break
		[ "$kind" = timed ] || [ -s "$R/mechanism-emulated.csv" ] || continue
		"$S" mechanism "$R/counters.csv" "$R/hackbench.csv" --caches "${HOT_CACHES// /,}" --pairs "$pairs" --kind "$kind" |
			csv_rows /dev/stdin kernel config cache counter baseline ratio ratio_lo ratio_hi |
			awk -F'|' -v OFS=, -v kind="$kind" '$5 != "" { print kind, $1, $2, $3, $4, $6, $7, $8 }'
	done
} >"$R/.knob-vs.csv"
model_load knob_vs "$R/.knob-vs.csv" kind kernel config cache counter
rm -f "$R/.knob-vs.csv"
# The sections' readers of the model, each table's key written once, in
# its setter (VAR, then the key, then FIELD: the value into VAR, no
# subshell); each getter prints its setter's value (model_print).
# sv_set VAR KERNEL CONFIG FIELD: summary.csv
sv_set() { model_set "$1" summary "$4" "$2" "$3"; }
# mv_set / me_set VAR KERNEL CONFIG CACHE METRIC FIELD: mechanism.csv,
# mechanism-emulated.csv
mv_set() { model_set "$1" mechanism "$6" "$2" "$3" "$4" "$5"; }
me_set() { model_set "$1" mechanism_emulated "$6" "$2" "$3" "$4" "$5"; }
# ev_set VAR KERNEL SCOPE METRIC FIELD: emulated-summary.csv, main config
ev_set() { model_set "$1" emulated "$5" "$2" "$main" "$3" "$4"; }
# et_set VAR KERNEL FUNCTION FIELD: emulated-top.csv
et_set() { model_set "$1" emulated_top "$4" "$2" "$3"; }
sv() { model_print sv_set "$@"; }
mv_() { model_print mv_set "$@"; }
me_() { model_print me_set "$@"; }
ev() { model_print ev_set "$@"; }
et() { model_print et_set "$@"; }
# top_functions METRIC N: the N functions of emulated-top.csv first by
# METRIC (the largest of any kernel's mean per boot), one a line
top_functions() {
	csv_rows "$R/emulated-top.csv" function "$1" |
		awk -F'|' '{ if ($2 > best[$1]) best[$1] = $2 } END { for (f in best) printf "%s|%.0f\n", f, best[f] }' |
		sort -t'|' -k2,2nr -k1,1 | head -n "$2" | cut -d'|' -f1
}

# The main configuration: of those with a timed run, one whose wall times
# are real (not oversubscribed) if any, then the most messages, then the
# fewest vCPUs (slubstats main-config, src/stats/mainconfig.c). Its vCPUs (empty in
# runs older than the column) are main_vcpus.
main=$("$S" main-config "$R/summary.csv") || die "no successful timed run in $R/hackbench.csv"
main_vcpus=$(sv "$baseline" "$main" vcpus)
main_desc=$(csv_rows "$R/summary.csv" config mode unit groups fds loops datasize messages | awk -F'|' -v c="$main" '$1 == c {
	printf "%s mode, %s, %d groups x %d fds, %d loops, %d-byte messages (%d messages)", $2, $3, $4, $5, $6, $7, $8; exit }')
[ -z "$main_vcpus" ] || main_desc+=", $main_vcpus vCPUs"
# SCALING: "vcpus config" of the main configuration's hackbench at each
# vCPU count, fewest first (one line in a run of one vCPU count)
SCALING=$(csv_rows "$R/summary.csv" kernel config mode unit groups loops fds datasize vcpus | awk -F'|' -v k="$baseline" -v c="$main" '
	$1 == k { key[$2] = $3 "|" $4 "|" $5 "|" $6 "|" $7 "|" $8; v[$2] = $9 }
	END { for (x in key) if (key[x] == key[c] && v[x] != "") print v[x], x }' | sort -n)
# SEVERAL_VCPUS: 1 when the run has the main configuration at more than one
# vCPU count (a Scaling section, vCPUs in boot names), else 0
SEVERAL_VCPUS=0
[ "$(grep -c . <<<"$SCALING")" -le 1 ] || SEVERAL_VCPUS=1

# RESID: each timed boot of the main configuration, in run order, as
# "number position kernel r", r its log time minus its kernel's mean log
# time (the one definition behind the position table and the drift chart:
# slubstats residuals, src/stats/residuals.c); DRIFT: their summary by position
# and half of the run (slubstats drift's CSV; its header alone when there
# is nothing to show).
RESID='' DRIFT=''
if [ -s "$R/boots.csv" ]; then
	RESID=$("$S" residuals "$R/hackbench.csv" "$R/boots.csv" --config "$main" ${main_vcpus:+--vcpus "$main_vcpus"})
	DRIFT=$("$S" drift "$R/hackbench.csv" "$R/boots.csv" --config "$main" ${main_vcpus:+--vcpus "$main_vcpus"})
fi

rm -f "$R/emulated-summary.csv" "$R/emulated-top.csv" "$R/emulated-cycles.csv"
if [ -f "$R/emulated.csv" ] && [ "$(wc -l <"$R/emulated.csv")" -gt 1 ]; then
	"$S" emulated "$R/emulated.csv" "$R/hackbench.csv" --baseline "$baseline" ${prices[@]+"${prices[@]}"} >"$R/emulated-summary.csv.tmp"
	mv "$R/emulated-summary.csv.tmp" "$R/emulated-summary.csv"
	"$S" emulated-top "$R/emulated.csv" "$R/hackbench.csv" --config "$main" --limit 12 ${prices[@]+"${prices[@]}"} >"$R/emulated-top.csv.tmp"
	mv "$R/emulated-top.csv.tmp" "$R/emulated-top.csv"
	# the cost model, when the counts were made on a machine model
	if [ -n "$(csv_get "$R/emulated.csv" machine 2>/dev/null)" ]; then
		"$S" emulated-cycles "$R/emulated.csv" "$R/hackbench.csv" --baseline "$baseline" ${prices[@]+"${prices[@]}"} >"$R/emulated-cycles.csv.tmp"
		# no cycles without the cache model's boots (instructions alone:
		# --emulated-counters 0): no file, not a header alone
		if [ "$(wc -l <"$R/emulated-cycles.csv.tmp")" -gt 1 ]; then
			mv "$R/emulated-cycles.csv.tmp" "$R/emulated-cycles.csv"
		else
			rm -f "$R/emulated-cycles.csv.tmp"
		fi
	fi
fi

model_load emulated "$R/emulated-summary.csv" kernel config scope metric
model_load emulated_top "$R/emulated-top.csv" kernel function
model_load cycles "$R/emulated-cycles.csv" kernel config kind name factor

# a run merged from shards of more than one host: each host a block
rm -f "$R/hosts.csv"
if [ -s "$R/boots.csv" ] && csv_has "$R/boots.csv" host &&
	[ "$(csv_rows "$R/boots.csv" kind host | awk -F'|' '$1 == "timed" { print $2 }' | sort -u | wc -l)" -gt 1 ]; then
	"$S" hosts "$R/hackbench.csv" "$R/boots.csv" --baseline "$baseline" >"$R/hosts.csv.tmp"
	mv "$R/hosts.csv.tmp" "$R/hosts.csv"
fi
# HOSTS_DISAGREE: the comparisons whose hosts disagree (slubstats hosts
# decides: src/stats/hosts.h, HOSTS_ALPHA), for the Hosts section and a warning
HOSTS_DISAGREE=
if [ -s "$R/hosts.csv" ]; then
	HOSTS_DISAGREE=$(csv_rows "$R/hosts.csv" kernel vcpus interaction_p interaction |
		awk -F'|' '$4 == "disagree" { print $1 (($2 != "") ? " at " $2 " vCPUs" : "") " (p " $3 ")" }' | sort -u | paste -sd';' - | sed 's/;/; /g')
fi

# The partial list over time (series boots, bench --series): each sampled
# run summarised, and the series boots against their twins; SERIES_SHOWN:
# "KERNEL SEED" of each kernel's first series boot (the chart, the reading)
rm -f "$R/series-summary.csv" "$R/perturbation.csv"
SERIES_SHOWN=
if [ -f "$R/series.csv" ] && [ "$(wc -l <"$R/series.csv")" -gt 1 ]; then
	"$S" series "$R/series.csv" --summary >"$R/series-summary.csv.tmp"
	mv "$R/series-summary.csv.tmp" "$R/series-summary.csv"
	"$S" series "$R/series.csv" --baseline "$baseline" >"$R/.series-kernels.csv"
	"$S" perturbation "$R/counters.csv" --caches "${HOT_CACHES// /,}" >"$R/perturbation.csv.tmp"
	mv "$R/perturbation.csv.tmp" "$R/perturbation.csv"
	SERIES_SHOWN=$(csv_rows "$R/series-summary.csv" kernel round config window | awk -F'|' -v ks="${kernels[*]}" -v c="$main" '
		$3 == c && $4 == 1 && (!($1 in r) || $2 < r[$1]) { r[$1] = $2 }
		END { n = split(ks, K, " "); for (j = 1; j <= n; j++) if (K[j] in r) print K[j], r[K[j]] }')
fi
model_load series_summary "$R/series-summary.csv" kernel round config window cache
model_load series_kernels "$R/.series-kernels.csv" kernel config window cache
rm -f "$R/.series-kernels.csv"
model_load perturbation "$R/perturbation.csv" kernel config cache counter

say report "charts"
# shellcheck source=report/plots.sh
. "$TOP/report/plots.sh"
say report "report"
# shellcheck source=report/text.sh
. "$TOP/report/text.sh"
say report "wrote $R/report.txt and report.md"
