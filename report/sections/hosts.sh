# shellcheck shell=bash
# Hosts, sourced by report/text.sh inside its output, for a run
# merged from shards on more than one host (report.sh's hosts.csv): each
# host a block; per host, each kernel's ratio to the baseline paired by
# round (its rounds all ran there), and whether the hosts agree (one-way
# analysis of variance of the per-round log ratios: the host x kernel
# interaction; report.sh's HOSTS_DISAGREE lists where they do not).
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline main
if [ -s "$R/hosts.csv" ]; then
	echo "Hosts: a merged run, each host a block (a shard's rounds stay on one"
	echo "host). Per host, the ratio to $baseline paired by round, 95% CI;"
	echo "interaction: do the hosts' per-round log ratios differ (one-way ANOVA;"
	echo "p < 0.05: the hosts disagree, and the pooled ratio mixes machines)."
	echo
	printf '  %-9s %4s %-20s %5s %7s %15s %8s\n' kernel cpus host pairs ratio "95% CI" "inter. p"
	csv_rows "$R/hosts.csv" kernel config vcpus host pairs ratio ci_lo ci_hi interaction_p |
		while IFS='|' read -r k c v h np r lo hi p; do
			[ "$c" = "$main" ] || [ "$SEVERAL_VCPUS" = 1 ] || continue
			ci=-
			[ -z "$lo" ] || ci="$(fci "$lo")..$(fci "$hi")"
			printf '  %-9s %4s %-20s %5s %7s %15s %8s\n' "$k" "${v:--}" "${h:0:20}" "$np" "$(f3 "$r")" "$ci" "$(fp "$p")"
		done | long_names 9
	echo
fi
