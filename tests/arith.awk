# tests/arith.awk: the arithmetic a page shows, worked again.
# awk -f tests/arith.awk TEXT: each "A op B ... = C" in TEXT (op one of
# + - * /, "×" read as *; "1,209" is 1209), worked with * and / before
# + and -, must give C to the digits C gives. Prints "ok C" for each that
# does, so that C counts as a figure its page gives, and "bad EQUATION
# (gives X)" for each that does not; exit 0 either way.
function dec(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
# work E: the value of E, numbers and ops separated by spaces
function work(e,    t, n, i, v, acc, sum, op, sign) {
	n = split(e, t, " ")
	sum = 0; sign = 1; acc = t[1] + 0
	for (i = 2; i < n; i += 2) {
		op = t[i]; v = t[i + 1] + 0
		if (op == "*") acc *= v
		else if (op == "/") acc = v ? acc / v : "nan"
		else { sum += sign * acc; sign = (op == "-" ? -1 : 1); acc = v }
	}
	return sum + sign * acc
}
function num(x) { sub(/^[(~]/, "", x); sub(/[,;:.)]+$/, "", x); return x ~ /^[0-9]+(\.[0-9]+)?$/ ? x : "" }
{
	s = $0
	gsub(/×/, " * ", s); gsub(/[*\/+=]/, " & ", s)
	while (match(s, /[0-9],[0-9][0-9][0-9]([^0-9]|$)/))
		s = substr(s, 1, RSTART) substr(s, RSTART + 2)
	n = split(s, t, " ")
	for (i = 2; i < n; i++) {
		if (t[i] != "=" || (r = num(t[i + 1])) == "" || num(t[i - 1]) == "") continue
		e = num(t[i - 1])
		for (j = i - 1; j > 2 && t[j - 1] ~ /^[-+*\/]$/ && num(t[j - 2]) != ""; j -= 2)
			e = num(t[j - 2]) " " t[j - 1] " " e
		if (j == i - 1) continue
		x = work(e)
		tol = 0.5 * 10 ^ -dec(r) + 1e-9
		if (x - r <= tol && r - x <= tol) print "ok " r
		else printf "bad %s = %s (gives %s)\n", e, r, x
	}
}
