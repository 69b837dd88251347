# shellcheck shell=bash
# The report's model of a run, sourced by report/report.sh: each CSV the
# report reads values from, loaded once into an associative array, and read
# by the sections through model_get, never the files again (as
# tools/mm/slabinfo.c reads its directory once, then prints its views).

# model_load NAME FILE KEYCOL...: FILE's rows into the table NAME, each
# value under its key columns' values and its column's name (the first row
# of a key wins); a missing or empty FILE gives an empty table. Columns are
# looked up by name in FILE's header; FILE is read once (a pipe will do).
model_load() {
	local name=$1 file=$2 k v
	shift 2
	declare -gA "MODEL_$name=()"
	declare -g "MODEL_COLS_$name="
	[ -e "$file" ] || return 0
	local -n _model_tab="MODEL_$name" _model_cols="MODEL_COLS_$name"
	local -a _model_lines
	local l
	# one pass over FILE (a pipe too): its columns first, then key|column
	# values; mapfile reads a pipe in blocks, where read takes a byte a call
	mapfile -t _model_lines < <(awk -F, -v keys="$*" '
		NR == 1 { nk = split(keys, kn, " "); for (i = 1; i <= NF; i++) { c[$i] = i; col[i] = $i }
			h = $0; gsub(/,/, " ", h); print "\001\t" h
			for (j = 1; j <= nk; j++) if (!(kn[j] in c)) { print "no column " kn[j] " in " FILENAME > "/dev/stderr"; exit 2 }
			next }
		{ key = ""; for (j = 1; j <= nk; j++) key = key $(c[kn[j]]) "|"
			if (seen[key]++) next
			for (i = 1; i <= NF; i++) print key col[i] "\t" $i }' "$file")
	for l in "${_model_lines[@]}"; do
		k=${l%%$'\t'*} v=${l#*$'\t'}
		if [ "$k" = $'\001' ]; then _model_cols=" $v "; else _model_tab["$k"]=$v; fi
	done
}

# model_get NAME FIELD KEY...: FIELD of the row whose key columns hold
# KEY... (empty when none does, or the table is empty); a FIELD the file
# does not have is an error of the report's, said as such.
model_get() { model_print model_set "$@"; }

# model_print SETTER ARG...: the value SETTER VAR ARG... sets, printed
model_print() {
	local _print_v
	"$1" _print_v "${@:2}"
	printf '%s\n' "$_print_v"
}

# model_set VAR NAME FIELD KEY...: the same into VAR, in this shell (no
# command substitution: a loop over many rows forks nothing); VAR may be
# any name but IFS and this function's own, which begin with _set_
model_set() {
	local -n _set_var=$1 _set_tab="MODEL_$2" _set_cols="MODEL_COLS_$2"
	local _set_f=$3 IFS='|'
	shift 3
	[ -z "$_set_cols" ] || [[ "$_set_cols" == *" $_set_f "* ]] || die "the report asked for column $_set_f, which the run's $2 table has not"
	_set_var=${_set_tab["$*|$_set_f"]-}
}
