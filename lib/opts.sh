# shellcheck shell=bash
# The option parser every slubbench script uses: sourced by lib/common.sh
# (after die), never run.

# split_opts "$@": ARGS gets the arguments with each --opt=value split into
# --opt value. Use: split_opts "$@"; set -- "${ARGS[@]+"${ARGS[@]}"}"
split_opts() {
	ARGS=()
	local a
	for a in "$@"; do
		case "$a" in
		--*=*) ARGS+=("${a%%=*}" "${a#*=}") ;;
		*) ARGS+=("$a") ;;
		esac
	done
}

# OPT_VALIDATORS: the checks that print the VALUE they are given (their
# second argument) unchanged when they accept it (t03 holds each to that);
# the others print what they make of it (a list's words, a number's form).
OPT_VALIDATORS="opt_uint opt_count opt_choice opt_name opt_any opt_nonempty check_seed check_machine check_shard check_duration det_quantum"
# opt_check VAR CHECK OPT VALUE [ARG...]: VAR gets what "CHECK OPT VALUE
# ARG..." prints, the value accepted; a refusal exits. A validator runs
# without a subshell (a bench start checks some forty values).
opt_check() {
	local _oc_var=$1 _oc_x
	shift
	if [[ " $OPT_VALIDATORS " == *" $1 "* ]]; then
		"$@" >/dev/null
		_oc_x=$3
	else
		_oc_x=$("$@") || exit 1
	fi
	printf -v "$_oc_var" %s "$_oc_x"
}

# need_val "$@": in an option loop, fail unless the option in $1 has a value.
need_val() {
	[ $# -ge 2 ] || die "$1 needs a value (see --help)"
}

# opt_uint OPT VALUE: VALUE if it is a positive whole number, else fail.
opt_uint() {
	[[ "$2" =~ ^[1-9][0-9]{0,8}$ ]] || die "$1 needs a positive whole number, not '$2'"
	printf '%s\n' "$2"
}

# opt_count OPT VALUE: VALUE if it is a whole number (0 too), else fail.
opt_count() {
	[[ "$2" =~ ^[0-9]{1,9}$ ]] || die "$1 needs a whole number, not '$2'"
	printf '%s\n' "$2"
}

# opt_choice OPT VALUE CHOICE...: VALUE if it is one of the choices, else fail.
opt_choice() {
	local opt=$1 v=$2 c
	shift 2
	for c in "$@"; do
		[ "$v" = "$c" ] && { printf '%s\n' "$v"; return 0; }
	done
	die "$opt takes $(printf '%s|' "$@" | sed 's/|$//'), not '$v'"
}

# NAME_RE: what a kernel label, cache, configuration or run id may look like
# (they reach file names, awk, gnuplot and report text); '@' names a
# kernel's tree (tail@6.12). NAME_RULE: the same in words, for messages;
# lib/rundir-checks.sh's awk rule "name" is the same class.
NAME_RE='^[A-Za-z0-9_][A-Za-z0-9_.+@-]{0,63}$'
NAME_RULE="letters, digits, '_', '.', '+', '@', '-'; at most 64"
# a plan file's name (bench --plan), recorded in plan.json and reported
# shellcheck disable=SC2034 # bench/planfile.sh's and report/text.sh's
PLAN_FILE_RE='^[A-Za-z0-9_][A-Za-z0-9_.-]{0,58}[.]conf$'
# shellcheck disable=SC2034
PLAN_FILE_RULE="letters, digits, '_', '.', '-'; at most 64 with .conf"

# list_words VALUE: VALUE's words, split at commas, spaces, tabs and
# newlines (every line of it), into WORDS (no empty ones), never
# glob-expanded (a '*' stays a '*', refused as a name).
list_words() {
	local IFS=$', \t\n' w all=()
	read -r -d '' -a all <<<"$1" || true
	WORDS=()
	for w in ${all[@]+"${all[@]}"}; do [ -z "$w" ] || WORDS+=("$w"); done
}

# opt_list OPT VALUE WHAT CHECK [ARG...]: VALUE's words (list_words), each
# passed through "CHECK OPT WORD ARG..." (opt_name, opt_uint, opt_choice),
# space-separated; refused when there is none ("OPT needs at least WHAT").
# Called as x=$(opt_list ...): a command substitution does not inherit
# errexit, so every failure here exits by itself.
opt_list() {
	local opt=$1 v=$2 what=$3 check=$4 out='' x w
	shift 4
	list_words "$v"
	for x in ${WORDS[@]+"${WORDS[@]}"}; do
		opt_check w "$check" "$opt" "$x" "$@"
		out+="$w "
	done
	[ -n "$out" ] || die "$opt needs at least $what"
	printf '%s\n' "${out% }"
}

# opt_name OPT VALUE: VALUE if it is a safe name, else fail.
opt_name() {
	[[ "$2" =~ $NAME_RE ]] || die "$1: '$2' is not a valid name ($NAME_RULE)"
	printf '%s\n' "$2"
}
