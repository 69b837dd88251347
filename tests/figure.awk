# tests/figure.awk: which of a page's figures no named source gives?
# awk -f tests/figure.awk FIGS TEXT... [csv=1 CSV...]: FIGS holds a
# figure a line ("1.145", "621", "3.41 M" for millions, "46.1 k" for
# thousands); each is looked for
# among the numbers of the TEXT files (a run's report, summary, a quote;
# a record's duration "10m21s" is also 621 seconds)
# and of the CSV files after csv=1 (their comma-separated fields), equal to
# the digits the figure gives (1.209 is 1.2088 rounded, as the interval
# check rounds); "N M" and "N k" among the numbers of the TEXT files (not
# the CSVs: their counts are too many for a rounded million to mean
# anything).
# Prints each figure found nowhere; exit 0 either way.
function dec(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
function near(x, y, t) { return x - y <= t && y - x <= t }
FNR == 1 { file++ }
file == 1 { n++; fig[n] = $1; unit[n] = $2; mul[n] = ($2 == "M" ? 1e6 : $2 == "k" ? 1e3 : 1); tol[n] = 0.5 * 10 ^ -dec($1) + 1e-9; next }
function look(v,    i) {
	for (i = 1; i <= n; i++) {
		if (hit[i]) continue
		if (mul[i] > 1) { if (!csv && near(v / mul[i], fig[i], tol[i])) hit[i] = 1 }
		else if (near(v, fig[i], tol[i])) hit[i] = 1
	}
}
{
	s = $0
	if (csv) gsub(/,/, " ", s)
	else
		for (d = s; match(d, /[0-9]+m[0-9][0-9]s/); d = substr(d, RSTART + RLENGTH)) {
			split(substr(d, RSTART, RLENGTH - 1), ms, "m")
			look(ms[1] * 60 + ms[2])
		}
	while (match(s, /[0-9]+(\.[0-9]+)?/)) {
		v = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		look(v)
	}
}
END { for (i = 1; i <= n; i++) if (!hit[i]) print fig[i] (unit[i] != "" ? " " unit[i] : "") }
