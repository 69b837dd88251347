#!/usr/bin/env bash
# What the emulated counters cost, and how repeatable they are: each kernel
# boots REPS times under each setting, running one hackbench between
# sbmark's markers after a warm-up.
#
# Usage: emu/measure.sh [OPTIONS]     (./run.sh emu-measure)
#   --kernels LIST   variants (default: head,tail)
#   --reps N         boots per kernel and setting (default: 2)
#   --groups G --loops L   the hackbench run (default: 10 and 150, the
#                    bench's default configuration)
#   --smp N          vCPUs (default: 2)
#   --settings LIST  which settings, in this order in each rep (default:
#                    plain,insns,full,single)
#   --windows W      hackbench runs between markers per boot, each its own
#                    window, counted as configuration cW (default: 1)
#   --out DIR        results (default: results/emu-measure-<UTC time>)
#
# Settings: plain (TCG, no plugin), insns (plugin, instructions only:
# cache=off), full (plugin with the cache model: the bench's setting),
# single (full, with -accel tcg,thread=single: one host thread for every
# vCPU) and pinned (full, each vCPU thread pinned to a host CPU: boot.sh
# --pin). Writes DIR/boots.csv (kernel, setting, rep, window, boot
# seconds, hackbench seconds), DIR/emulated.csv and DIR/hackbench.csv (the
# bench's formats, kernel named KERNEL.SETTING, window W as configuration
# cW), DIR/spread.csv (slubstats emulated: each total's spread between
# boots) and DIR/summary.txt.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"

kernels="head tail" reps=2 groups=10 loops=150 smp=2 out='' settings="plain insns full single" windows=1
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--kernels) need_val "$@"; kernels=; for x in ${2//,/ }; do kernels+="$(opt_name --kernels "$x") "; done; shift 2 ;;
	--reps) need_val "$@"; reps=$(opt_uint --reps "$2"); shift 2 ;;
	--groups) need_val "$@"; groups=$(opt_uint --groups "$2"); shift 2 ;;
	--loops) need_val "$@"; loops=$(opt_uint --loops "$2"); shift 2 ;;
	--smp) need_val "$@"; smp=$(opt_uint --smp "$2"); shift 2 ;;
	--out) need_val "$@"; out=$2; shift 2 ;;
	--settings) need_val "$@"; settings=; for x in ${2//,/ }; do settings+="$(opt_choice --settings "$x" plain insns full single pinned) "; done; shift 2 ;;
	--windows) need_val "$@"; windows=$(opt_uint --windows "$2"); shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	*) die "unknown option '$1' (see emu/measure.sh --help)" ;;
	esac
done
[ -n "$out" ] || out=$SLUBBENCH_TOP/results/emu-measure-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out/raw"
out=$(realpath "$out")
# shellcheck disable=SC2086
"$SLUBBENCH_TOP/kernels/build.sh" $kernels >/dev/null
"$SLUBBENCH_TOP/emu/build.sh" >/dev/null
"$SLUBBENCH_TOP/rootfs/build.sh" >/dev/null
make -s -C "$SLUBBENCH_TOP/bench/src" >/dev/null
HB="hackbench -g $groups -l $loops"
{
	printf '# shellcheck shell=sh\nhackbench -g 4 -l 50 >/dev/null 2>&1\n'
	for w in $(seq 1 "$windows"); do printf 'sbmark run %s >hb%s.txt 2>&1\n' "$HB" "$w"; done
} >"$out/plan.sh"
echo "kernel,setting,rep,window,boot_seconds,hackbench_seconds" >"$out/boots.csv"
echo "$EMULATED_HDR" >"$out/emulated.csv"
echo "$HACKBENCH_HDR" >"$out/hackbench.csv"
for rep in $(seq 1 "$reps"); do
	for k in $kernels; do
		for s in $settings; do
			d=$out/raw/$k.$s.$rep
			opts=()
			case "$s" in
			insns) opts=(--counters --counters-opts cache=off) ;;
			full) opts=(--counters) ;;
			single) opts=(--counters --tcg-threads single) ;;
			pinned) opts=(--counters --pin) ;;
			esac
			say emu "rep $rep/$reps: $k, $s"
			"$SLUBBENCH_TOP/bench/boot.sh" --accel tcg --smp "$smp" --timeout 1800 --out "$d" \
				${opts[@]+"${opts[@]}"} --plan "$out/plan.sh" "$k" 2>"$d.err" ||
				die "$k ($s, rep $rep) did not finish: $(tail -n1 "$d.err")"
			for w in $(seq 1 "$windows"); do
				secs=$(awk '/^Time:/ { print $2 }' "$d/hb$w.txt")
				[ -n "$secs" ] || die "$d/hb$w.txt: no hackbench time"
				echo "$k,$s,$rep,$w,$(sed -n 's/^seconds=//p' "$d/boot-info"),$secs" >>"$out/boots.csv"
				echo "$k.$s,2007,$rep,c$w,timed,socket,process,$groups,20,$loops,100,$smp,$(nproc),,$secs,ok" >>"$out/hackbench.csv"
			done
			[ ! -f "$d/emulated-raw.csv" ] ||
				csv_rows "$d/emulated-raw.csv" window vcpu function instructions accesses misses transfers |
				awk -F'|' -v pre="$k.$s,2007,$rep" -v smp="$smp" '{ printf "%s,c%d,%s,%s,%s,%s,%s,%s,%s\n", pre, $1 + 1, smp, $2, $3, $4, $5, $6, $7 }' >>"$out/emulated.csv"
		done
	done
done
"$SLUBBENCH_TOP/bench/bin/slubstats" emulated "$out/emulated.csv" "$out/hackbench.csv" >"$out/spread.csv"
{
	echo "emu/measure.sh: $HB between markers ($windows a boot), $smp vCPUs, $reps boots per kernel and setting"
	echo "host: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1), $(nproc) cores"
	echo
	echo "Slowdown (mean hackbench seconds in the window / plain TCG's):"
	csv_rows "$out/boots.csv" kernel setting hackbench_seconds boot_seconds | awk -F'|' -v sets="$settings" '
		{ s[$1 "|" $2] += $3; b[$1 "|" $2] += $4; n[$1 "|" $2]++; k[$1] = 1 }
		END { m = split(sets, set, " "); for (kk in k) for (i = 1; i <= m; i++) { key = kk "|" set[i]; p = kk "|plain"
			if (!n[key]) continue
			printf "  %-6s %-6s hackbench %7.2f s", kk, set[i], s[key] / n[key]
			if (n[p]) printf " (x%.2f)", s[key] / n[key] / (s[p] / n[p])
			printf "   boot %5.0f s", b[key] / n[key]
			if (n[p]) printf " (x%.2f)", b[key] / n[key] / (b[p] / n[p])
			printf "\n" } }' | sort
	echo
	echo "Repeatability (spread between boots = (max - min) / mean, all code counted):"
	csv_rows "$out/spread.csv" kernel scope metric n mean spread_pct |
		awk -F'|' '$2 == "all" && $3 != "accesses" { printf "  %-12s %-12s n=%s mean %14.0f spread %6.3f%%\n", $1, $3, $4, $5, $6 }'
	if [ "$windows" -ge 2 ]; then
		echo
		echo "Within a boot and between boots (coefficients of variation of a window's total):"
		csv_rows "$out/emulated.csv" kernel round config instructions misses transfers | awk -F'|' '
			{ k = $1 "|" $2 "|" $3; for (m = 1; m <= 3; m++) t[k, m] += $(m + 3); key[k] = 1 }
			END {
				for (k in key) { split(k, f, "|"); b = f[1] "|" f[2]; nb[b]++; kb[f[1]] = kb[f[1]] " " f[2]
					for (m = 1; m <= 3; m++) { s[b, m] += t[k, m]; q[b, m] += t[k, m] ^ 2 } }
				for (b in nb) { split(b, f, "|"); boots[f[1]]++
					for (m = 1; m <= 3; m++) { mu = s[b, m] / nb[b]; bs[f[1], m] += mu; bq[f[1], m] += mu ^ 2
						wss[f[1], m] += q[b, m] - nb[b] * mu ^ 2; wdf[f[1], m] += nb[b] - 1 } }
				split("instructions misses transfers", name, " ")
				for (kk in boots) for (m = 1; m <= 3; m++) { n = boots[kk]; mu = bs[kk, m] / n
					between = n > 1 ? sqrt((bq[kk, m] - n * mu ^ 2) / (n - 1)) / mu : 0
					within = wdf[kk, m] > 0 ? sqrt(wss[kk, m] / wdf[kk, m]) / mu : 0
					printf "  %-12s %-12s %d boots: within a boot %6.3f%%, between boot means %6.3f%%\n", kk, name[m], n, 100 * within, 100 * between } }' | sort
	fi
} >"$out/summary.txt"
cat "$out/summary.txt"
