#!/usr/bin/env bash
# Turn results/<run-id>/ into statistics, charts and a report, reading
# nothing but that directory (so a report can be made again, and published,
# without any VM). Same data in, same report out.
#
# Usage: bench/report.sh RUN-ID|DIR [--baseline KERNEL]
#
# Writes into the run directory:
#   summary.csv     per kernel and configuration: n, spread, 95% CI, and the
#                   comparison with the baseline (ratio of medians with a
#                   bootstrap CI, Welch and Mann-Whitney p-values)
#   mechanism.csv   SLUB counters and add_partial events, median over
#                   rounds and per 1000 messages
#   plots/          times, groups, add_partial, slowpath (.png and .svg)
#   report.txt      plain text, at most 80 columns: for a mailing list
#   report.md       the same, with the charts
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
TOP=$SLUBBENCH_TOP

run='' baseline=''
while [ $# -gt 0 ]; do
	case "$1" in
	--baseline) baseline=${2:?--baseline needs a kernel}; shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	-*) die "unknown option '$1' (see ./run.sh report --help)" ;;
	*) [ -z "$run" ] || die "one run at a time"; run=$1; shift ;;
	esac
done
[ -n "$run" ] || die "which run? ./run.sh report RUN-ID (runs are in $TOP/results/)"
if [ -d "$run" ]; then R=$run; else R=$TOP/results/$run; fi
[ -d "$R" ] || die "no run '$run' in $TOP/results/"
for f in manifest.json hackbench.csv counters.csv; do
	[ -s "$R/$f" ] || die "$R/$f is missing: not a slubbench run directory (or the bench never ran a boot)"
done
R=$(realpath "$R")
need_cmd gnuplot gnuplot-nox
need_cmd jq jq
make -s -C "$TOP/bench/src" >/dev/null || die "building the C tools failed (make -C bench/src)"
S=$TOP/bench/bin/slubstats
M=$R/manifest.json

mapfile -t kernels < <(jq -r '.kernels | keys_unsorted[]' "$M")
plan_kernels=$(jq -r '.plan.kernels' "$M")
if [ -z "$baseline" ]; then
	case " ${kernels[*]} " in *" tail "*) baseline="tail" ;; *) baseline=${kernels[-1]} ;; esac
fi
case " ${kernels[*]} " in *" $baseline "*) ;; *) die "baseline '$baseline' is not in this run (kernels: ${kernels[*]})" ;; esac
seed=$(jq -r '.plan.seed' "$M")
profile=$(jq -r '.plan.profile' "$M")
run_id=$(jq -r '.run_id' "$M")

say report "statistics (baseline $baseline)"
"$S" times "$R/hackbench.csv" --baseline "$baseline" --seed "$seed" >"$R/summary.csv.tmp"
mv "$R/summary.csv.tmp" "$R/summary.csv"
"$S" mechanism "$R/counters.csv" "$R/hackbench.csv" >"$R/mechanism.csv.tmp"
mv "$R/mechanism.csv.tmp" "$R/mechanism.csv"

# The main configuration: the one with the most messages.
main=$(awk -F, 'NR > 1 && $9 > 0 { m = $5 * $7 * $7 * $6; if (m > best) { best = m; c = $2 } } END { print c }' "$R/summary.csv")
[ -n "$main" ] || die "no successful timed run in $R/hackbench.csv"
main_desc=$(awk -F, -v c="$main" 'NR > 1 && $2 == c { printf "%s, %s mode, %d groups x %d fds, %d loops, %d-byte messages", $3, $4, $5, $7, $6, $8; exit }' "$R/summary.csv")
main_msgs=$(awk -F, -v c="$main" 'NR > 1 && $2 == c { print $5 * $7 * $7 * $6; exit }' "$R/summary.csv")

# col CSV NAME: the column number of NAME in CSV's header.
col() { head -n1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }
# sv KERNEL CONFIG FIELD: one value of summary.csv.
sv() { awk -F, -v k="$1" -v c="$2" -v f="$(col "$R/summary.csv" "$3")" '$1 == k && $2 == c { print $f }' "$R/summary.csv"; }
# mv_ KERNEL CONFIG CACHE COUNTER FIELD: one value of mechanism.csv.
mv_() { awk -F, -v k="$1" -v c="$2" -v ca="$3" -v ct="$4" -v f="$(col "$R/mechanism.csv" "$5")" \
	'$1 == k && $2 == c && $4 == ca && $5 == ct { print $f }' "$R/mechanism.csv"; }

# ---- charts -------------------------------------------------------------
P=$R/plots
mkdir -p "$P"
say report "charts"
: >"$P/times.dat"
: >"$P/times-points.dat"
i=0
for k in "${kernels[@]}"; do
	i=$((i + 1))
	n=$(sv "$k" "$main" n)
	[ -n "$n" ] && [ "$n" -gt 0 ] || continue
	printf '%d %s %s %s %s %s %s\n' "$i" "$k" "$(sv "$k" "$main" min)" "$(sv "$k" "$main" q1)" \
		"$(sv "$k" "$main" median)" "$(sv "$k" "$main" q3)" "$(sv "$k" "$main" max)" >>"$P/times.dat"
	awk -F, -v k="$k" -v c="$main" -v i="$i" '$1 == k && $4 == c && $5 == "timed" && $13 == "ok" {
		printf "%.3f %s\n", i + ($3 % 10 - 4.5) * 0.03, $12 }' "$R/hackbench.csv" >>"$P/times-points.dat"
done
: >"$P/groups.dat"
for k in "${kernels[@]}"; do
	{
		echo "\"$k\""
		awk -F, -v k="$k" 'NR > 1 && $1 == k && $9 > 1 { print $5, $15, $19, $20 }' "$R/summary.csv" | sort -n
		printf '\n\n'
	} >>"$P/groups.dat"
done
: >"$P/add_partial.dat"
: >"$P/slowpath.dat"
for k in "${kernels[@]}"; do
	h=$(mv_ "$k" "$main" all add_partial_head per_1000_messages)
	t=$(mv_ "$k" "$main" all add_partial_tail per_1000_messages)
	[ -n "$h$t" ] && echo "$k ${h:-0} ${t:-0}" >>"$P/add_partial.dat"
	a=$(mv_ "$k" "$main" all alloc_from_partial per_1000_messages)
	b=$(mv_ "$k" "$main" all alloc_slowpath per_1000_messages)
	f=$(mv_ "$k" "$main" all free_add_partial per_1000_messages)
	[ -n "$a$b$f" ] && echo "$k ${a:-0} ${b:-0} ${f:-0}" >>"$P/slowpath.dat"
done
accel=$(jq -r '.accel' "$M")
sub="$run_id, profile $profile, $(jq -r '.plan.smp' "$M") vCPUs ($accel)"
plot() { # plot NAME TITLE [gnuplot assignments...]
	local name=$1 title=$2 fmt
	shift 2
	# no chart without data (e.g. one round: no interval to draw)
	awk 'NF >= 2 && $NF ~ /^[0-9.eE+-]+$/ { found = 1 } END { exit !found }' "$P/$name.dat" || { rm -f "$P/$name".{png,svg}; return 0; }
	for fmt in png svg; do
		gnuplot -e "dir='$TOP/plots'; fmt='$fmt'; out='$P/$name.$fmt'; dat='$P/$name.dat'; title_text='$title'; sub_text='$sub'; $*" \
			"$TOP/plots/$name.gp" 2>"$P/$name.log" || { cat "$P/$name.log" >&2; die "gnuplot failed on plots/$name.gp"; }
	done
	rm -f "$P/$name.log"
}
plot times "hackbench time per kernel: $(awk -F, -v c="$main" '$2 == c { printf "%d groups, %d loops, %s/%s", $5, $6, $3, $4; exit }' "$R/summary.csv")" "pts='$P/times-points.dat'"
plot groups "hackbench time against groups" "n=${#kernels[@]}"
plot add_partial "add_partial() per 1000 messages, at the head and at the tail" ""
plot slowpath "SLUB slow paths per 1000 messages (all caches)" ""

# ---- report.txt -------------------------------------------------------------
say report "report"
T=$R/report.txt.tmp
fmt_pct() { awk -v v="$1" 'BEGIN { if (v == "") print "n/a"; else printf "%+.1f%%", v }'; }
fmt_p() { awk -v v="$1" 'BEGIN { if (v == "") print "n/a"; else if (v < 0.0001) print "<0.0001"; else printf "%.4f", v }'; }
ratio_x() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.1fx", a / b }'; }

headline() { # headline KERNEL: one line against the baseline
	local k=$1 chg lo hi p dir ap apb
	chg=$(sv "$k" "$main" change_pct)
	[ -n "$chg" ] || { echo "  $k: no comparable runs"; return; }
	lo=$(sv "$k" "$main" ratio_ci_lo)
	hi=$(sv "$k" "$main" ratio_ci_hi)
	p=$(sv "$k" "$main" welch_p)
	dir=$(sv "$k" "$main" direction)
	ap=$(mv_ "$k" "$main" all add_partial per_1000_messages)
	apb=$(mv_ "$baseline" "$main" all add_partial per_1000_messages)
	local note
	note=$(sv "$k" "$main" note)
	printf '  %s: %s hackbench time vs %s (%s; 95%% CI of the ratio %s..%s, Welch p=%s%s)%s\n' \
		"$k" "$(fmt_pct "$chg")" "$baseline" "$dir" \
		"$(awk -v v="$lo" 'BEGIN { printf (v == "" ? "n/a" : "%.3f"), v }')" \
		"$(awk -v v="$hi" 'BEGIN { printf (v == "" ? "n/a" : "%.3f"), v }')" "$(fmt_p "$p")" "${note:+; $note}" \
		"$( [ -n "$ap" ] && [ -n "$apb" ] && echo "; $(ratio_x "$ap" "$apb") the add_partial calls per message" )"
}

{
	echo "slubbench: SLUB add_partial() head vs tail insertion, hackbench"
	echo "run $run_id ($(jq -r '.status' "$M")), $(jq -r '.updated' "$M")"
	echo
	echo "Headline, medians of the main configuration:"
	echo "  $main_desc ($main_msgs messages)" | fold -s -w 78 | sed '2,$s/^/    /'
	for k in "${kernels[@]}"; do
		[ "$k" = "$baseline" ] && continue
		headline "$k" | fold -s -w 78 | sed '2,$s/^/    /'
	done
	echo
	echo "Kernels: ${plan_kernels// /, } (profile $profile: $( [ "$profile" = 2007 ] &&
		echo "no per-CPU partial lists" || echo "per-CPU partial lists on"))."
	echo "Each round boots every kernel once, in a shuffled order (seed $seed);"
	echo "$(jq -r '.plan.rounds' "$M") rounds; $(jq -r '.plan.smp' "$M") vCPUs, $(jq -r '.plan.mem' "$M") MiB, accel $accel."
	echo "A mark '*' means the 95% bootstrap CI of the ratio of medians excludes 1."
	echo

	echo "Times (seconds, lower is better), against $baseline:"
	echo
	printf '  %-9s %-6s %4s %9s %9s %7s %9s %8s %8s\n' kernel groups n median mean "+-sd%" "vs base" welch_p mwu_p
	printf '  %-9s %-6s %4s %9s %9s %7s %9s %8s %8s\n' --------- ------ ---- --------- --------- ------- --------- -------- --------
	tail -n +2 "$R/summary.csv" | while IFS=, read -r k c _ _ g _ _ _ n failed _ _ med _ mean _ cov _ _ _ _ _ _ _ chg _ _ _ pw _ pu sig _; do
		mark=' '
		[ "$sig" = yes ] && mark='*'
		printf '  %-9s %-6s %4s %9.3f %9.3f %6.1f%% %8s%s %8s %8s\n' "$k" "$g" "$n" "${med:-0}" "${mean:-0}" "${cov:-0}" \
			"$( [ "$k" = "$baseline" ] && echo base || fmt_pct "$chg")" "$mark" "$(fmt_p "$pw")" "$(fmt_p "$pu")"
		if [ "${failed:-0}" -gt 0 ]; then printf '  %-9s %-6s %4s runs failed\n' "" "" "$failed"; fi
	done
	echo
	# LKP-style: base +-sd%, %change, new +-sd%, metric; means of the rounds
	lkp_row() { # BASE_MEAN BASE_SD NEW_MEAN NEW_SD FORMAT NAME
		awk -v bm="$1" -v bs="$2" -v nm="$3" -v ns="$4" -v f="$5" -v name="$6" 'BEGIN {
			if (bm == "" || nm == "") exit
			bp = (bm != 0 && bs != "") ? 100 * bs / bm : 0; np = (nm != 0 && ns != "") ? 100 * ns / nm : 0
			chg = (bm != 0) ? sprintf("%+.1f%%", 100 * (nm / bm - 1)) : "n/a"
			printf "  " f " +-%3.0f%%  %9s  " f " +-%3.0f%%  %s\n", bm, bp, chg, nm, np, name }'
	}
	per1000() { # KERNEL CONFIG COUNTER FIELD(mean|sd): per 1000 messages, all caches
		local v msgs
		v=$(mv_ "$1" "$2" all "$3" "$4")
		msgs=$(mv_ "$1" "$2" all "$3" messages)
		[ -n "$v" ] && [ -n "$msgs" ] && awk -v v="$v" -v m="$msgs" 'BEGIN { printf "%.6g", 1000 * v / m }'
	}
	for k in "${kernels[@]}"; do
		[ "$k" = "$baseline" ] && continue
		echo "$baseline -> $k, LKP style (mean +-sd% of the rounds; %change of means):"
		echo
		printf '  %17s  %9s  %17s\n' "$baseline" "" "$k"
		printf '  %17s  %9s  %17s\n' ---------------- --------- ----------------
		tail -n +2 "$R/summary.csv" | awk -F, -v b="$baseline" '$1 == b { print $2, $5 }' | while read -r c g; do
			lkp_row "$(sv "$baseline" "$c" mean)" "$(sv "$baseline" "$c" sd)" "$(sv "$k" "$c" mean)" "$(sv "$k" "$c" sd)" \
				"%10.3f" "hackbench.seconds.g$g"
		done
		for ctr in add_partial alloc_from_partial alloc_slowpath free_add_partial; do
			lkp_row "$(per1000 "$baseline" "$main" "$ctr" mean)" "$(per1000 "$baseline" "$main" "$ctr" sd)" \
				"$(per1000 "$k" "$main" "$ctr" mean)" "$(per1000 "$k" "$main" "$ctr" sd)" "%10.1f" "$ctr/1000msg"
		done
		lkp_row "$(mv_ "$baseline" "$main" all objects_per_partial_visit mean)" \
			"$(mv_ "$baseline" "$main" all objects_per_partial_visit sd)" \
			"$(mv_ "$k" "$main" all objects_per_partial_visit mean)" \
			"$(mv_ "$k" "$main" all objects_per_partial_visit sd)" "%10.2f" "objects/partial_visit"
		echo
	done

	echo "Spread of the main configuration (seconds):"
	echo
	printf '  %-9s %8s %8s %8s %8s %8s %17s\n' kernel min q1 median q3 max "95% CI of mean"
	for k in "${kernels[@]}"; do
		[ -n "$(sv "$k" "$main" mean)" ] || continue
		ci="n/a (n<2)"
		[ -z "$(sv "$k" "$main" ci95_lo)" ] ||
			ci=$(printf '%.3f..%.3f' "$(sv "$k" "$main" ci95_lo)" "$(sv "$k" "$main" ci95_hi)")
		printf '  %-9s %8.3f %8.3f %8.3f %8.3f %8.3f %17s\n' "$k" "$(sv "$k" "$main" min)" "$(sv "$k" "$main" q1)" \
			"$(sv "$k" "$main" median)" "$(sv "$k" "$main" q3)" "$(sv "$k" "$main" max)" "$ci"
	done
	echo
	echo "Mechanism, per 1000 messages (median over rounds; SLUB statistics of"
	echo "the timed runs, all caches; add_partial = free_add_partial +"
	echo "deactivate_to_head + deactivate_to_tail; perf: slub:add_partial events"
	echo "of the untimed counting run):"
	echo
	printf '  %-9s %11s %11s %11s %11s %9s %9s\n' kernel add_partial alloc_from_ alloc_slow free_add_ perf_head perf_tail
	printf '  %-9s %11s %11s %11s %11s %9s %9s\n' "" "" partial path partial "" ""
	for k in "${kernels[@]}"; do
		ap=$(mv_ "$k" "$main" all add_partial per_1000_messages)
		[ -n "$ap" ] || { printf '  %-9s %s\n' "$k" "(no SLUB statistics: not SLUB)"; continue; }
		printf '  %-9s %11.1f %11.1f %11.1f %11.1f %9s %9s\n' "$k" "$ap" \
			"$(mv_ "$k" "$main" all alloc_from_partial per_1000_messages)" \
			"$(mv_ "$k" "$main" all alloc_slowpath per_1000_messages)" \
			"$(mv_ "$k" "$main" all free_add_partial per_1000_messages)" \
			"$(awk -v v="$(mv_ "$k" "$main" all add_partial_head per_1000_messages)" 'BEGIN { printf (v == "" ? "-" : "%.1f"), v }')" \
			"$(awk -v v="$(mv_ "$k" "$main" all add_partial_tail per_1000_messages)" 'BEGIN { printf (v == "" ? "-" : "%.1f"), v }')"
	done
	echo
	echo "Objects allocated per partial slab taken off the list (median):"
	echo
	printf '  %-9s %18s %12s %8s\n' kernel skbuff_head_cache kmalloc-512 all
	for k in "${kernels[@]}"; do
		v=$(mv_ "$k" "$main" all objects_per_partial_visit median)
		[ -n "$v" ] || continue
		printf '  %-9s %18.2f %12.2f %8.2f\n' "$k" "$(mv_ "$k" "$main" skbuff_head_cache objects_per_partial_visit median)" \
			"$(mv_ "$k" "$main" kmalloc-512 objects_per_partial_visit median)" "$v"
	done
	echo

	if [ "$(wc -l <"$R/crosscheck.csv")" -gt 1 ]; then
		bad=$(grep -c ',disagree$' "$R/crosscheck.csv" || true)
		echo "Cross-check: slub:add_partial events (perf) = free_add_partial +"
		echo "deactivate_to_head + deactivate_to_tail (SLUB statistics), same run:"
		awk -F, 'NR > 1 { n++; d = $9 < 0 ? -$9 : $9; if (d > worst) worst = d } END {
			printf "  %d comparisons, largest relative difference %.4f%%\n", n, 100 * worst }' "$R/crosscheck.csv"
		[ "$bad" -eq 0 ] && echo "  all agree within 1%" || echo "  WARNING: $bad disagree by more than 1% (see crosscheck.csv)"
		echo
	fi

	# The tracepoint's cost: each counting run against the timed run of the
	# same kernel, round and configuration.
	awk -F, '$13 == "ok" && $5 == "timed" { t[$1 "|" $3 "|" $4] = $12 }
		$13 == "ok" && $5 == "count" { c[$1 "|" $3 "|" $4] = $12 }
		END { for (k in c) if (k in t && t[k] > 0) print 100 * (c[k] / t[k] - 1) }' "$R/hackbench.csv" |
		sort -n | awk '{ v[NR] = $1 } END {
			if (NR == 0) exit
			m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "Counting overhead: a run under perf stat (slub:add_partial) took\n"
			printf "%+.1f%% against the timed run of the same boot (median of %d pairs,\n", m, NR
			printf "range %+.1f%%..%+.1f%%); %s\n\n", v[1], v[NR], (m > 2 ? "over 2%, so counts come from separate untimed runs." : "timed runs carry no counting all the same.") }'

	echo "perf: hottest kernel symbols (cpu-clock, round 1, main run):"
	sym=$(cat "$R"/perf/*/symbols.txt 2>/dev/null | sort -u | head -n1 || true)
	case "$sym" in
	*vmlinux*) echo "  (kernel symbols from each build's vmlinux)" ;;
	*kallsyms*) echo "  (kernel symbols from the booted kernel's /proc/kallsyms)" ;;
	esac
	for k in "${kernels[@]}"; do
		f=$(find "$R/perf" -path "*-$k/cpu-report.txt" 2>/dev/null | sort | head -n1 || true)
		[ -n "$f" ] || continue
		echo "  $k:"
		grep -E '^ +[0-9.]+%' "$f" | sort -rn | head -n 6 | awk '{ printf "    %7s  %s %s\n", $1, $2, $3 }'
	done
	echo
	echo "perf: where add_partial() was called from (slub:add_partial samples):"
	for k in "${kernels[@]}"; do
		f=$(find "$R/perf" -path "*-$k/add_partial-callers.txt" 2>/dev/null | sort | head -n1 || true)
		[ -n "$f" ] || continue
		echo "  $k: $(grep -E '^ +[0-9.]+%' "$f" | awk '$1 != "0.00%" { printf "%s%s %s", sep, $3, $1; sep = ", " }')"
	done
	echo

	echo "slabinfo, hot caches (round 1; active_objs num_objs objsize ... slabs):"
	for k in "${kernels[@]}"; do
		for when in before after; do
			f=$R/slabinfo/r01-$k-$when.txt
			[ -f "$f" ] || continue
			grep -E '^(skbuff_head_cache|kmalloc-512) ' "$f" | awk -v k="$k" -v w="$when" '{
				printf "  %-6s %-6s %-17s %6s %6s %4s %3s : slabs %s/%s\n", k, w, $1, $2, $3, $4, $5, $14, $15 }'
		done
	done
	echo

	echo "Warnings:"
	warned=0
	if [ "$accel" != kvm ]; then
		echo "  - Emulated (TCG) timings: no real caches, no real lock contention;"
		echo "    only ratios measured side by side here mean anything. The counts"
		echo "    of add_partial and of SLUB's slow paths are exact all the same."
		warned=1
	fi
	st=$(jq -r '.status' "$M")
	[ "$st" = complete ] || { echo "  - The run is $st: $(jq -r '.boots.done' "$M") of $(jq -r '.boots.expected' "$M") boots."; warned=1; }
	nf=$(jq -r '.boots.failed' "$M")
	[ "$nf" = 0 ] || { echo "  - $nf boots failed (crash or timeout; their serial logs are in logs/)."; warned=1; }
	minn=$(awk -F, 'NR > 1 { if (min == "" || $9 < min) min = $9 } END { print min + 0 }' "$R/summary.csv")
	[ "$minn" -ge 3 ] || { echo "  - Some kernel has n=$minn runs: too few for a p-value."; warned=1; }
	[ "$minn" -lt 3 ] || [ "$minn" -ge 8 ] || { echo "  - n=$minn runs per kernel: small; more rounds narrow the intervals."; warned=1; }
	[ "$warned" = 1 ] || echo "  none"
	echo

	echo "Provenance:"
	jq -r '"  host: \(.host.cpu), \(.host.cores) cores, \(.host.mem_kb / 1048576 | floor) GiB, Linux \(.host.kernel)",
		"  \(.qemu)",
		"  guest: Debian \(.rootfs.suite), rt-tests \(.rootfs.packages["rt-tests"]), linux-perf \(.rootfs.packages["linux-perf"]), procps \(.rootfs.packages["procps"])",
		"  slubbench \(.slubbench_git)"' "$M"
	for k in "${kernels[@]}"; do
		jq -r --arg k "$k" '.kernels[$k] | "  \($k): \(.source_version) \(.allocator) \(.profile), build id \(.build_id[0:12]), patches \(if (.patches | length) == 0 then "none" else ([.patches[].file | .[0:4]] | join("+")) end)"' "$M"
	done
	echo
	echo "Reproduce:"
	# a long command wraps at word boundaries, shell-style (" \")
	jq -r '.command' "$M" | awk '{
		line = "  " $1
		for (i = 2; i <= NF; i++) {
			if (length(line) + 1 + length($i) > 76) { print line " \\"; line = "    " $i }
			else line = line " " $i
		}
		print line }'
	where=$R
	case "$R" in "$TOP/results/"*) where=${R#"$TOP/results/"} ;; esac
	[ ${#where} -le 60 ] || where="DIR   (DIR: this report's directory)"
	echo "  ./run.sh report $where"
} | sed 's/ *$//' >"$T"
long=$(awk 'length > 80 { n++ } END { print n + 0 }' "$T")
[ "$long" -eq 0 ] || die "report.txt has $long lines over 80 columns (a bug in bench/report.sh)"
mv "$T" "$R/report.txt"

# ---- report.md: the text, and the charts -------------------------------------
{
	echo "# slubbench report: $run_id"
	echo
	echo '```'
	cat "$R/report.txt"
	echo '```'
	echo
	for c in times groups add_partial slowpath; do
		[ -f "$P/$c.png" ] && printf '![%s](plots/%s.png)\n\n' "$c" "$c"
	done
	echo "Data: [summary.csv](summary.csv), [mechanism.csv](mechanism.csv), [hackbench.csv](hackbench.csv),"
	echo "[counters.csv](counters.csv), [crosscheck.csv](crosscheck.csv), [manifest.json](manifest.json)."
} >"$R/report.md.tmp"
mv "$R/report.md.tmp" "$R/report.md"
say report "wrote $R/report.txt and report.md"
