# shellcheck shell=bash
# Reading a CSV's columns by name in shell (never by position).
# Sourced by lib/common.sh.

# csv_rows CSV COLUMN...: the named columns of every data row, "|"-separated
# (columns looked up by name in the header, never by position).
csv_rows() {
	local f=$1
	shift
	awk -F, -v want="$*" '
		NR == 1 { n = split(want, w, " "); for (i = 1; i <= n; i++) { for (j = 1; j <= NF; j++) if ($j == w[i]) c[i] = j
			if (!c[i]) { print "no column " w[i] " in " FILENAME > "/dev/stderr"; exit 2 } } next }
		{ line = ""; for (i = 1; i <= n; i++) line = line (i > 1 ? "|" : "") $(c[i]); print line }' "$f"
}

# csv_get CSV FIELD [COLUMN=VALUE...]: FIELD of the first row whose named
# columns hold those values (empty when none does).
csv_get() {
	local f=$1 field=$2
	shift 2
	awk -F, -v field="$field" -v conds="$*" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
			if (!(field in c)) { print "no column " field " in " FILENAME > "/dev/stderr"; exit 2 }
			n = split(conds, kv, " ")
			for (j = 1; j <= n; j++) { p = index(kv[j], "="); k[j] = substr(kv[j], 1, p - 1); v[j] = substr(kv[j], p + 1)
				if (!(k[j] in c)) { print "no column " k[j] " in " FILENAME > "/dev/stderr"; exit 2 } }
			next }
		{ for (j = 1; j <= n; j++) if ($(c[k[j]]) != v[j]) next; print $(c[field]); exit }' "$f"
}

# csv_has CSV COLUMN: CSV's header names COLUMN (a CSV from before the
# column was added does not).
csv_has() {
	local hdr
	IFS= read -r hdr <"$1" 2>/dev/null || return 1
	[[ ",$hdr," == *",$2,"* ]]
}
