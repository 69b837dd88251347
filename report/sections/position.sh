# shellcheck shell=bash disable=SC2154
# Position and drift, sourced by report/text.sh inside its output
# (from report.sh's RESID):
# each timed boot's main-configuration time against its kernel's geometric
# mean, averaged by position in the round and by half of the run. A design
# that balances positions keeps these effects out of the ratios; this shows
# how large they were.
if [ -n "$RESID" ]; then
	awk '{ sp[$2] += $4; np[$2]++; if ($2 > maxp) maxp = $2; n++; r[n] = $4 }
		END {
			if (n < 2) exit
			printf "Position and drift, main configuration (each timed boot against its\n"
			printf "kernel'"'"'s geometric mean; balanced positions keep these out of the ratios):\n"
			line = "  by position:"
			for (p = 1; p <= maxp; p++) line = line sprintf(" %d: %+.1f%%", p, np[p] ? 100 * (exp(sp[p] / np[p]) - 1) : 0)
			print line
			for (i = 1; i <= n; i++) if (i <= n / 2) { h1 += r[i]; n1++ } else { h2 += r[i]; n2++ }
			printf "  first half of the boots %+.1f%%, second half %+.1f%% (run order)\n\n",
				100 * (exp(h1 / n1) - 1), 100 * (exp(h2 / n2) - 1)
		}' <<<"$RESID" | wrap
fi
