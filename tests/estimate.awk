# tests/estimate.awk: over a run's text, is the interval IV (A..B, to the
# digits given) on a line that, with the line before it, also holds a
# number equal to EST (to its digits) outside any interval? awk -v iv=A..B
# -v est=E -f tests/estimate.awk FILE...; exit 0 if so.
function dec(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
function near(x, y, t) { return x - y <= t && y - x <= t }
BEGIN { split(iv, p, /\.\./); a = p[1]; b = p[2]; ta = 0.5 * 10 ^ -dec(a) + 1e-9; tb = 0.5 * 10 ^ -dec(b) + 1e-9; te = 0.5 * 10 ^ -dec(est) + 1e-9 }
{
	s = $0; hit = 0
	while (match(s, /[0-9]+(\.[0-9]+)?\.\.[0-9]+(\.[0-9]+)?/)) {
		split(substr(s, RSTART, RLENGTH), q, /\.\./); s = substr(s, RSTART + RLENGTH)
		if (near(q[1], a, ta) && near(q[2], b, tb)) { hit = 1; break }
	}
	if (!hit) { prev = $0; next }
	s = prev " " $0; prev = $0
	gsub(/[0-9]+(\.[0-9]+)?\.\.[0-9]+(\.[0-9]+)?/, " ", s)
	while (match(s, /[0-9]+(\.[0-9]+)?/)) {
		v = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		if (near(v, est, te)) { found = 1; exit }
	}
}
END { exit !found }
