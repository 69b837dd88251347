# shellcheck shell=bash disable=SC2154
# Position and drift, sourced by bench/report-text.sh inside its output:
# each timed boot's main-configuration time against its kernel's geometric
# mean, averaged by position in the round and by half of the run. A design
# that balances positions keeps these effects out of the ratios; this shows
# how large they were.
if [ -s "$R/boots.csv" ]; then
	{
		csv_rows "$R/boots.csv" kind round position kernel start_utc | awk -F'|' '$1 == "timed" { print "B", $2, $3, $4, $5 }'
		csv_rows "$R/hackbench.csv" kind status config round kernel seconds |
			awk -F'|' -v c="$main" '$1 == "timed" && $2 == "ok" && $3 == c { print "T", $4, $5, $6 }'
	} | awk '
		$1 == "B" { pos[$4 "|" $2] = $3; start[$4 "|" $2] = $5; next }
		{ t[$3 "|" $2] = $4; lg[$3] += log($4); ng[$3]++ }
		END {
			for (key in t) if (key in pos) {
				split(key, kr, "|"); r = log(t[key]) - lg[kr[1]] / ng[kr[1]]
				sp[pos[key]] += r; np[pos[key]]++; if (pos[key] > maxp) maxp = pos[key]
				n++; s[n] = start[key] " " r
			}
			if (n < 2) exit
			printf "Position and drift, main configuration (each timed boot against its\n"
			printf "kernel'"'"'s geometric mean; balanced positions keep these out of the ratios):\n"
			line = "  by position:"
			for (p = 1; p <= maxp; p++) line = line sprintf(" %d: %+.1f%%", p, np[p] ? 100 * (exp(sp[p] / np[p]) - 1) : 0)
			print line
			# run order: sort by start time (ISO 8601 sorts as text)
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { x = s[i]; s[i] = s[j]; s[j] = x }
			for (i = 1; i <= n; i++) { split(s[i], a, " "); if (i <= n / 2) { h1 += a[2]; n1++ } else { h2 += a[2]; n2++ } }
			printf "  first half of the boots %+.1f%%, second half %+.1f%% (run order)\n\n",
				100 * (exp(h1 / n1) - 1), 100 * (exp(h2 / n2) - 1)
		}'
fi
