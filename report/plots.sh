# shellcheck shell=bash
# The report's charts, sourced by report/report.sh (R, M, S, kernels,
# baseline, main, sv, mv_). Every value reaches gnuplot as a data file or
# as a string quoted for gnuplot (gp_set): nothing from the run is code.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline kernels main main_vcpus
PLOTS=$R/plots
mkdir -p "$PLOTS"
rm -f "$PLOTS"/*.dat

# points per kernel a chart draws at most: a run with more draws every
# step-th (its title says so), so that a million rows chart in seconds
POINTS_MAX=4000
# step_for N: the step that draws at most POINTS_MAX of N points
step_for() { echo $((($1 + POINTS_MAX - 1) / POINTS_MAX)); }
# shown STEP WHAT: the title's note of a thinned chart
shown() { [ "$1" -le 1 ] || echo ", 1 $2 in $1 drawn"; }

# times: box per kernel (quartiles, min-max), median, every run a point
nmax=$(csv_rows "$R/summary.csv" config n | awk -F'|' -v c="$main" '$1 == c && $2 > m { m = $2 } END { print m + 0 }')
tstep=$(step_for "$nmax")
i=0
for k in "${kernels[@]}"; do
	i=$((i + 1))
	sv_set n "$k" "$main" n
	[ -n "$n" ] && [ "$n" -gt 0 ] || continue
	times_row="$i $k" times_v=''
	for f in min q1 median q3 max; do
		sv_set times_v "$k" "$main" "$f"
		times_row+=" $times_v"
	done
	echo "$times_row" >>"$PLOTS/times.dat"
done
# every run a point, kernel i at x = i (one pass over the runs)
csv_rows "$R/hackbench.csv" kernel config kind status round seconds |
	awk -F'|' -v ks="${kernels[*]}" -v c="$main" -v step="$tstep" '
		BEGIN { nk = split(ks, K, " "); for (j = 1; j <= nk; j++) at[K[j]] = j }
		$1 in at && $2 == c && $3 == "timed" && $4 == "ok" && n[$1]++ % step == 0 {
			printf "%.3f %s\n", at[$1] + ($5 % 10 - 4.5) * 0.03, $6 }' >"$PLOTS/times-points.dat"

# ratios: each kernel against the baseline, per group count, with the one
# interval the verdicts come from; with one group count, a forest plot (a
# row per kernel, its interval across, 1 marked), labelled by rlabels
nr=0 rlabels=
for k in "${kernels[@]}"; do
	[ "$k" = "$baseline" ] && continue
	rows=$(csv_rows "$R/summary.csv" kernel groups ratio ci_lo ci_hi vcpus | awk -F'|' -v k="$k" -v v="$main_vcpus" '$1 == k && $3 != "" && $6 == v { print $2, $3, $4, $5 }' | sort -n)
	[ -n "$rows" ] || continue
	printf '"%s"\n%s\n\n\n' "$k" "$rows" >>"$PLOTS/ratios.dat"
	nr=$((nr + 1)) rlabels+="${rlabels:+ }$k"
done
forest=0
[ "$nr" = 0 ] || [ "$(grep -c '^[0-9]' "$PLOTS/ratios.dat")" != "$nr" ] || forest=1

# drift: each timed boot's main-configuration time against its kernel's
# geometric mean, in the order the boots ran (report.sh's RESID)
dstep=1
if [ -n "$RESID" ]; then
	dstep=$(step_for "$(awk '{ n[$3]++ } END { for (k in n) if (n[k] > m) m = n[k]; print m + 0 }' <<<"$RESID")")
	for k in "${kernels[@]}"; do
		grep -q " $k " <<<"$RESID" || continue
		echo "\"$k\""
		awk -v k="$k" -v step="$dstep" '$3 == k && n++ % step == 0 { printf "%d %.3f\n", $1, 100 * (exp($4) - 1) }' <<<"$RESID"
		printf '\n\n'
	done >"$PLOTS/drift.dat"
fi

for k in "${kernels[@]}"; do
	mv_set h "$k" "$main" all add_partial_head per_1000_messages
	mv_set t "$k" "$main" all add_partial_tail per_1000_messages
	[ -n "$h$t" ] && echo "$k ${h:-0} ${t:-0}" >>"$PLOTS/add_partial.dat"
	mv_set a "$k" "$main" all alloc_from_partial per_1000_messages
	mv_set b "$k" "$main" all alloc_slowpath per_1000_messages
	mv_set f "$k" "$main" all free_add_partial per_1000_messages
	[ -n "$a$b$f" ] && echo "$k ${a:-0} ${b:-0} ${f:-0}" >>"$PLOTS/slowpath.dat"
done

# emulated: the functions first by transfers, each kernel's transfers per
# 1000 messages side by side, as "mean lo hi" (lo, hi: the smallest and
# largest boot's; a header row of kernel names: data, not code)
ne=0
if [ -s "$R/emulated-top.csv" ] && [ -n "$(ev "$baseline" all transfers n)" ]; then
	{
		line=function
		for k in "${kernels[@]}"; do line+=" $k - -"; done
		echo "$line"
		top_functions transfers 9 | grep -vxF '[user]' | head -n 8 |
			while IFS= read -r f; do
				# each kernel's "mean lo hi" (lo, hi: the mean where
				# none), the row formatted by one awk
				vals=()
				for k in "${kernels[@]}"; do
					et_set v "$k" "$f" transfers_per_1000_messages
					et_set lo "$k" "$f" transfers_per_1000_messages_min
					et_set hi "$k" "$f" transfers_per_1000_messages_max
					vals+=("$v" "${lo:-$v}" "${hi:-$v}")
				done
				echo "$f$(awk 'BEGIN { for (i = 1; i < ARGC; i++) printf " %.2f", ARGV[i] }' "${vals[@]}")"
			done
	} >"$PLOTS/emulated.dat"
	ne=${#kernels[@]}
fi

# scaling: one kernel (head if the run has it) against the baseline at each
# vCPU count, a block per metric, "vcpus ratio lo hi" (report.sh's SCALING)
ns=0
if [ "$SEVERAL_VCPUS" = 1 ]; then
	sk=
	for k in "${kernels[@]}"; do [ "$k" = "$baseline" ] || [ -n "$sk" ] || sk=$k; done
	case " ${kernels[*]} " in *" head "*) [ "$baseline" = head ] || sk="head" ;; esac
	for m in add_partial add_partial_emulated alloc_from_partial objects_per_partial_visit instructions transfers cycles; do
		rows=$(while read -r v c; do
			case "$m" in
			instructions | transfers | cycles)
				[ ! -s "$R/emulated-summary.csv" ] || for f in ratio lo hi; do
					model_get emulated "$f" "$sk" "$c" all "$m"
				done ;;
			add_partial_emulated) for f in ratio ratio_lo ratio_hi; do me_ "$sk" "$c" all add_partial "$f"; done ;;
			*) for f in ratio ratio_lo ratio_hi; do mv_ "$sk" "$c" all "$m" "$f"; done ;;
			esac | paste -sd' ' | awk -v v="$v" 'NF == 3 { print v, $0 }'
		done <<<"$SCALING")
		[ -n "$rows" ] || continue
		case "$m" in instructions | transfers) m="$m (emulated)" ;; add_partial_emulated) m="add_partial (emulated, by seed)" ;; cycles) m="modelled cycles" ;; esac
		printf '"%s"
%s


' "$m" "$rows"
	done >"$PLOTS/scaling.dat"
	ns=$(grep -c '^"' "$PLOTS/scaling.dat" || true)
fi

# cycles: where each kernel's modelled cycles go (emulated-cycles.csv's
# parts, main configuration), in millions per 1000 messages
if [ -s "$R/emulated-cycles.csv" ]; then
	csv_rows "$R/emulated-cycles.csv" kernel config kind name value |
		awk -F'|' -v ks="${kernels[*]}" -v c="$main" -v parts="$CYCLE_PARTS" '
			BEGIN { nk = split(ks, K, " "); np = split(parts, P, " ") }
			$2 == c && $3 == "part" && $5 != "" { v[$1, $4] = $5; has[$1] = 1 }
			END { for (j = 1; j <= nk; j++) if (has[K[j]]) {
				line = K[j]; for (p = 1; p <= np; p++) line = line sprintf(" %.4f", v[K[j], P[p]] / 1e6); print line } }' >"$PLOTS/cycles.dat"
fi

# series: each kernel's first series boot (report.sh's SERIES_SHOWN), the
# first hot cache: a block per kernel, "ms slabs added_per_ms"
nsr=0 slabels=
if [ -n "$SERIES_SHOWN" ]; then
	pts=$("$S" series "$R/series.csv")
	while read -r k r; do
		rows=$(csv_rows <(echo "$pts") kernel round config window cache time_ms partial added_per_ms |
			awk -F'|' -v k="$k" -v r="$r" -v c="$main" -v cache="${HOT_CACHES%% *}" '
				$1 == k && $2 == r && $3 == c && $4 == 1 && $5 == cache { print $6, $7, ($8 == "" ? "NaN" : $8) }')
		[ -n "$rows" ] || continue
		printf '"%s"\n%s\n\n\n' "$k" "$rows"
		nsr=$((nsr + 1)) slabels+="${slabels:+ }$k"
	done <<<"$SERIES_SHOWN" >"$PLOTS/series.dat"
fi

cpus="${MF[smp]} vCPUs"
[ "$SEVERAL_VCPUS" = 0 ] || cpus="$main_vcpus (of $(awk '{ print $1 }' <<<"$SCALING" | paste -sd, -)) vCPUs"
sub="${MF[run_id]}, profile ${MF[profile]}, $cpus (${MF[accel]})"
# plot NAME TITLE [NAME=NUMBER | labels=WORDS...]: the chart from
# report/gp/NAME.gp, or none without data (labels: run labels, the
# kernels' names, for a chart's tics)
plot() {
	local name=$1 title=$2 fmt a prog
	shift 2
	[ -s "$PLOTS/$name.dat" ] && awk 'NF >= 2 && $NF ~ /^-?[0-9.eE+-]+$/ { f = 1 } END { exit !f }' "$PLOTS/$name.dat" ||
		{ rm -f "$PLOTS/$name".{png,svg,dat}; return 0; }
	for fmt in png svg; do
		prog=
		gp_set prog dir "$TOP/report/gp"
		gp_set prog fmt "$fmt"
		gp_set prog out "$PLOTS/$name.$fmt"
		gp_set prog dat "$PLOTS/$name.dat"
		gp_set prog pts "$PLOTS/times-points.dat"
		gp_set prog title_text "$title"
		gp_set prog sub_text "$sub"
		for a in "$@"; do
			if [[ "$a" =~ ^labels=[A-Za-z0-9_.+@\ -]*$ ]]; then
				gp_set prog labels "${a#labels=}"
				continue
			fi
			[[ "$a" =~ ^[a-z_]+=[0-9]+$ ]] || die "bug: gnuplot setting '$a'"
			prog+=" $a;"
		done
		gnuplot -e "${prog# }" "$TOP/report/gp/$name.gp" 2>"$PLOTS/$name.log" || { cat "$PLOTS/$name.log" >&2; die "gnuplot failed on report/gp/$name.gp"; }
	done
	rm -f "$PLOTS/$name.log"
}
plot times "hackbench time per kernel: $(csv_rows "$R/summary.csv" config groups loops mode unit |
	awk -F'|' -v c="$main" '$1 == c { printf "%d groups, %d loops, %s/%s", $2, $3, $4, $5; exit }')$(shown "$tstep" run)"
plot ratios "hackbench time against $baseline, paired by round (Holm CI)" "n=$nr" "forest=$forest" "labels=$rlabels"
plot drift "each timed boot against its kernel's geometric mean, in run order$(shown "$dstep" boot)" "n=${#kernels[@]}"
plot add_partial "add_partial() per 1000 messages, at the head and at the tail"
plot slowpath "SLUB slow paths per 1000 messages (all caches)"
plot emulated "emulated cache-line transfers per 1000 messages, by kernel function (whiskers: the boots' range)" "n=$ne"
plot cycles "where the modelled cycles go ($(csv_get "$R/emulated-cycles.csv" machine 2>/dev/null) model, not measured time)"
# one scale for every panel: the largest length and rate, rounded up
read -r smax s2max < <(awk '/^[0-9]/ { if ($2 > a) a = $2; if ($3 != "NaN" && $3 > b) b = $3 } END { printf "%d %d\n", a + 1, b + 1 }' "$PLOTS/series.dat" 2>/dev/null || echo "1 1")
plot series "${HOT_CACHES%% *}'s partial list over a run (guest ms; each kernel's first series boot)" "n=$nsr" "labels=$slabels" "ymax=$smax" "ratemax=$s2max"
plot scaling "${sk:-}/$baseline per message against vCPUs (95% CI; emulated: Holm CI from 3 boots, else range)" "n=$ns"
rm -f "$PLOTS/times-points.dat"
