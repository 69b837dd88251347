# shellcheck shell=bash
# The report's model of a run, sourced by report/report.sh: each CSV the
# report reads values from, loaded once into an associative array, and read
# by the sections through model_get, never the files again (as
# tools/mm/slabinfo.c reads its directory once, then prints its views).

# model_load NAME FILE KEYCOL...: FILE's rows into the table NAME, each
# row under its key columns' values (the first row of a key wins), its
# fields apart by \037; a missing or empty FILE gives an empty table.
# Columns are looked up by name in FILE's header; FILE is read once (a pipe
# will do). A row, not a cell, an entry: loading is a loop in this shell,
# and a table of a hundred rows has thousands of cells.
model_load() {
	local name=$1 file=$2 l i=0 cols
	shift 2
	declare -gA "MODEL_$name=()" "MODEL_IDX_$name=()"
	[ -e "$file" ] || return 0
	local -n _model_tab="MODEL_$name" _model_idx="MODEL_IDX_$name"
	local -a _model_lines
	# its columns first (one line), then key<TAB>row; mapfile reads a pipe
	# in blocks, where read takes a byte a call
	mapfile -t _model_lines < <(awk -F, -v keys="$*" '
		NR == 1 { nk = split(keys, kn, " "); for (i = 1; i <= NF; i++) c[$i] = i
			for (j = 1; j <= nk; j++) if (!(kn[j] in c)) { print "no column " kn[j] " in " FILENAME > "/dev/stderr"; exit 2 }
			print; next }
		{ key = $(c[kn[1]]); for (j = 2; j <= nk; j++) key = key "|" $(c[kn[j]])
			if (seen[key]++) next
			row = $1; for (i = 2; i <= NF; i++) row = row "\037" $i
			print key "\t" row }' "$file")
	[ ${#_model_lines[@]} -gt 0 ] || return 0
	IFS=, read -r -a cols <<<"${_model_lines[0]}"
	for l in "${cols[@]}"; do _model_idx["$l"]=$i i=$((i + 1)); done
	for l in "${_model_lines[@]:1}"; do _model_tab["${l%%$'\t'*}"]=${l#*$'\t'}; done
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
	local -n _set_var=$1 _set_tab="MODEL_$2" _set_idx="MODEL_IDX_$2"
	local _set_t=$2 _set_f=$3 IFS='|' _set_a
	shift 3
	_set_var=
	[ ${#_set_idx[@]} -gt 0 ] || return 0
	[ -n "${_set_idx[$_set_f]+x}" ] || die "the report asked for column $_set_f, which the run's $_set_t table has not"
	[ -n "${_set_tab["$*"]+x}" ] || return 0
	IFS=$'\037' read -r -a _set_a <<<"${_set_tab["$*"]}"
	_set_var=${_set_a[_set_idx[$_set_f]]-}
}

# MF_EXPR: KEY and jq EXPR of each value of the manifest the report prints;
# model_manifest FILE reads them all with one jq into MF[KEY], each as
# `jq -r 'EXPR | tostring'` prints it (one line: check_manifest lets no
# control character into a value)
MF_EXPR=(
	run_id '.run_id'
	status '.status'
	stop_reason '.stop_reason // ""'
	stop_note '.stop_reason // "" | if . == "" then "" else "; " + . end'
	updated '.updated'
	boots_done '.boots.done'
	boots_expected '.boots.expected'
	boots_failed '.boots.failed'
	boot_command '.boot_command // ""'
	shards_missing '.shards.missing // [] | join(", ")'
	seed '.plan.seed'
	mem '.plan.mem // ""'
	smp '.plan.smp'
	smp_list '.plan.smp | tostring | split(" ") | join(", ")'
	old_cpus '.plan.smp // "-" | tostring | if test("^[0-9]+$") then . else "-" end'
	rounds_run '.plan.rounds_run // .plan.rounds'
	design '.plan.design // "unknown"'
	profile '.plan.profile'
	quantum '.plan.quantum // "inf"'
	emulated_mode '.emulated_mode // ""'
	accel '.accel'
	qemu '.qemu'
	host_cores '.host.cores'
	slab_and_slub '[.kernels // {} | .[] | .allocator] | (index("slab") != null) and (index("slub") != null)'
)
declare -gA MF=()
model_manifest() {
	local prog='' sep='' i
	local -a vals
	for ((i = 0; i < ${#MF_EXPR[@]}; i += 2)); do prog+="$sep(${MF_EXPR[i + 1]} | tostring)" sep=', '; done
	mapfile -t vals < <(jq -r "$prog" "$1" 2>/dev/null)
	[ ${#vals[@]} -eq $((${#MF_EXPR[@]} / 2)) ] || die "$1: its values could not all be read; refusing this run"
	# shellcheck disable=SC2034 # read by report/text.sh and its sections
	for ((i = 0; i < ${#MF_EXPR[@]}; i += 2)); do MF[${MF_EXPR[i]}]=${vals[i / 2]}; done
}
