# shellcheck shell=bash
# --plan FILE: a named plan (plans/*.conf) read as data: one of the bench's
# plan options a line, the flag then its value, the rest of the line as it
# stands (no quoting, no expansion, nothing run); blank lines and lines
# that begin with '#' are skipped. Each value is checked as on the command
# line; an option the command line gives too is refused (one place each).
# Sourced by bench/runopts.sh, after bench/options.sh's table.
#
# Sets PLAN_FILE (the file's name, PLAN_FILE_RE of lib/rundir.sh),
# PLAN_FILE_SHA256 (its contents'), FROM_PLAN[KEY] (each setting it gave).
PLAN_FILE='' PLAN_FILE_SHA256=''
declare -A FROM_PLAN=()

# read_plan_file FILE: its options into the settings, or one line naming
# FILE, the line and what is wrong, and exit.
read_plan_file() {
	local f=$1 at n=0 line flag val a k msg
	at="--plan $f"
	[ -z "$PLAN_FILE" ] || die "--plan given twice: a run has one plan"
	[[ "$(basename -- "$f")" =~ $PLAN_FILE_RE ]] || die "$at: a plan file is named NAME.conf ($PLAN_FILE_RULE)"
	[ -e "$f" ] || die "$at: no such file"
	[ -f "$f" ] && [ -r "$f" ] || die "$at: not a readable regular file"
	[ "$(stat -L -c %s -- "$f")" -le 65536 ] || die "$at: over 64 KiB, not a plan"
	PLAN_FILE=$(basename -- "$f")
	# shellcheck disable=SC2034 # bench/run.sh's plan.json and --dry-run's
	PLAN_FILE_SHA256=$(sha256sum <"$f" | cut -d' ' -f1)
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		[[ ! "$line" =~ ^[[:space:]]*(#|$) ]] || continue
		read -r flag val <<<"$line"
		a=${OPT_ACTION[$flag]:-}
		[ -n "$a" ] || die "$at, line $n: unknown option '$flag' (see ./run.sh bench --help)"
		[ "${OPT_GROUP[$flag]}" = plan ] || die "$at, line $n: $flag is not a setting of the plan: give it on the command line"
		if [ -n "${OPT_ARG[$flag]}" ]; then
			[ -n "$val" ] || die "$at, line $n: $flag needs a value: $flag ${OPT_ARG[$flag]}"
		else
			[ -z "$val" ] || die "$at, line $n: $flag takes no value"
		fi
		k=${a%%=*}
		[ -z "${FROM_PLAN[$k]:-}" ] || die "$at, line $n: $flag is in the plan twice"
		[ -z "${GIVEN[$k]:-}" ] || die "$at, line $n: $flag is on the command line too: give it in one place"
		FROM_PLAN[$k]=$flag
		if [[ "$a" == @* ]]; then
			msg=$( ("${a#@}" ${val:+"$val"}) 2>&1 >/dev/null) || true
			[ -z "$msg" ] || die "$at, line $n: ${msg#slubbench: error: }"
			"${a#@}" ${val:+"$val"}
		elif [ -n "${OPT_ARG[$flag]}" ]; then
			set_opt_at "$at, line $n: " "" "$a" "$val"
		else
			printf -v "$k" %s "${a#*=}"
		fi
	done <"$f"
}

# from_plan_check FLAG KEY: the command line's FLAG may not give what the
# plan file gave.
from_plan_check() {
	[ -z "${FROM_PLAN[$2]:-}" ] || die "$1 is in --plan $PLAN_FILE too: give it in one place"
}
