#!/usr/bin/env bash
# What studies/emu-measure.sh measured, in words: studies/emu-measure-summary.sh DIR prints
# the slowdown of each setting, each total's spread between boots and, with
# several windows a boot, the variation within a boot and between boots
# (from DIR/run-info, boots.csv, emulated.csv and spread.csv).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

out=${1:?usage: studies/emu-measure-summary.sh DIR}
# a study's directory travels like a run's: untrusted input, checked first
# (and each file named here must be there)
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"
out=$(check_run_dir "$out" run-info boots.csv emulated.csv hackbench.csv spread.csv)
info() { sed -n "s/^$1=//p" "$out/run-info"; }
HB=$(info hackbench) windows=$(info windows) smp=$(info smp) reps=$(info reps) settings=$(info settings)
[[ "$windows" =~ ^[0-9]+$ ]] || die "$out/run-info: windows '$windows' is not a number"
[[ "$smp" =~ ^[0-9]+$ ]] && [[ "$reps" =~ ^[0-9]+$ ]] || die "$out/run-info: smp or reps is not a number"
[[ "$HB" =~ ^hackbench(\ -[gl]\ [0-9]+)*$ ]] || die "$out/run-info: hackbench '$(term_safe <<<"$HB")' is not a hackbench command"
for s in $settings; do
	opt_choice "$out/run-info: setting" "$s" plain insns full single pinned det det-insns >/dev/null
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build_tools all
{
	echo "studies/emu-measure.sh: $HB between markers ($windows a boot), $smp vCPUs, $reps boots per kernel and setting"
	echo "host: $(info host | term_safe)"
	echo
	echo "Slowdown (mean hackbench seconds in the window / plain TCG's):"
	# "hb|KERNEL.SETTING|seconds" a window, "boot|KERNEL.SETTING|seconds" a
	# boot (a study from before the bench's boots.csv: a window's row)
	{
		csv_rows "$out/hackbench.csv" kernel seconds | sed 's/^/hb|/'
		if csv_has "$out/boots.csv" setting; then
			csv_rows "$out/boots.csv" kernel setting boot_seconds | awk -F'|' '{ print "boot|" $1 "." $2 "|" $3 }'
		else
			csv_rows "$out/boots.csv" kernel wall_seconds | sed 's/^/boot|/'
		fi
	} | awk -F'|' -v sets="$settings" '
		{ p = split($2, w, "."); ks = w[p] ; kn = substr($2, 1, length($2) - length(ks) - 1); key = kn "|" ks
		  if ($1 == "hb") { s[key] += $3; n[key]++ } else { b[key] += $3; nb[key]++ }; k[kn] = 1 }
		END { m = split(sets, set, " "); for (kk in k) for (i = 1; i <= m; i++) { key = kk "|" set[i]; p = kk "|plain"
			if (!n[key]) continue
			printf "  %-6s %-9s hackbench %7.2f s", kk, set[i], s[key] / n[key]
			if (set[i] ~ /^det/) printf " (virtual)"
			else if (n[p]) printf " (x%.2f)", s[key] / n[key] / (s[p] / n[p])
			printf "   boot %5.0f s", b[key] / nb[key]
			if (n[p]) printf " (x%.2f)", b[key] / nb[key] / (b[p] / nb[p])
			printf "\n" } }' | sort
	echo
	echo "Repeatability (spread between boots = (max - min) / mean, all code counted):"
	csv_rows "$out/spread.csv" kernel config scope metric n mean spread_pct |
		awk -F'|' '$3 == "all" && $4 != "accesses" { printf "  %-12s %-3s %-12s n=%s mean %14.0f spread %6.3f%%\n", $1, $2, $4, $5, $6, $7 }'
	if [ "$windows" -ge 2 ]; then
		echo
		echo "Within a boot and between boots (coefficients of variation of a window's total):"
		# slubstats windows (src/stats/windows.c): each window's totals, their
		# coefficients of variation within a boot and between boot means
		"$TOOLS_BIN/slubstats" windows "$out/emulated.csv" >"$tmp/windows.csv"
		csv_rows "$tmp/windows.csv" kernel metric boots mean within_cov_pct between_cov_pct | awk -F'|' '{
			if ($5 == "") printf "  %-12s %-12s %d boots: not counted (cache model off)\n", $1, $2, $3
			else printf "  %-12s %-12s %d boots: within a boot %6.3f%%, between boot means %6.3f%%\n", $1, $2, $3, $5, $6 }' | sort
	fi
}
# Each kernel against the last kernel given (tail by default), setting by
# setting, every window a replicate (window w of boot r as round
# (r - 1) x W + w): slubstats emulated's ratio of geometric means and its
# interval, named by what it is (bounds: holm, ci95 or range, under 3 windows).
kernels=$(csv_rows "$out/boots.csv" kernel | awk '!seen[$0]++' | paste -sd' ')
base=${kernels##* }
echo
echo "Against $base, setting by setting, every window a replicate (per message):"
for s in $settings; do
	[ "$s" != plain ] || continue
	for f in emulated hackbench; do
		awk -F, -v OFS=, -v s="$s" -v w="$windows" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
			{ n = split($(c["kernel"]), k, "."); if (k[n] != s) next
			  cfg = substr($(c["config"]), 2); $(c["round"]) = ($(c["round"]) - 1) * w + cfg; $(c["config"]) = "c1"; print }' \
			"$out/$f.csv" >"$tmp/$f.csv"
	done
	"$TOOLS_BIN/slubstats" emulated "$tmp/emulated.csv" "$tmp/hackbench.csv" --baseline "$base.$s" >"$tmp/s.csv"
	csv_rows "$tmp/s.csv" kernel scope metric n ratio lo hi bounds |
		awk -F'|' -v b="$base.$s" '$1 != b && $2 == "all" && $3 != "accesses" && $5 != "" {
			b = $8 == "holm" ? "Holm CI" : $8 == "ci95" ? "95% CI" : $8
			printf "  %-12s %-12s %2d windows x%.4f (%.4f..%.4f %s, half-width %.1f%%)\n", $1, $3, $4, $5, $6, $7, b, 50 * ($7 - $6) / $5 }'
done
