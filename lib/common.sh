# shellcheck shell=bash
# Helpers shared by slubbench's scripts: sourced, never run.
#
# Paths: everything built lives in the cache, never in git.
#   SLUBBENCH_CACHE  default ${XDG_CACHE_HOME:-$HOME/.cache}/slubbench

SLUBBENCH_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SLUBBENCH_CACHE=${SLUBBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/slubbench}
SLUBBENCH_T0=${SLUBBENCH_T0:-$EPOCHSECONDS}
export SLUBBENCH_TOP SLUBBENCH_CACHE SLUBBENCH_T0

# elapsed: seconds since the top-level command started, as 1m05s.
elapsed() {
	local s=$((EPOCHSECONDS - SLUBBENCH_T0))
	printf '%dm%02ds' $((s / 60)) $((s % 60))
}

# say STEP MESSAGE...: one progress line on stderr, with elapsed time.
say() {
	local step=$1
	shift
	printf '[%s %s] %s\n' "$(elapsed)" "$step" "$*" >&2
}

# usage_from_header FILE: print FILE's leading comment block (after the
# #! line) without the "# ", and exit 0: the --help of every script.
usage_from_header() {
	awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$1"
	exit 0
}

# wrap, long_names, term_safe: text made fit for a report and a terminal
# shellcheck source=lib/text.sh
. "$SLUBBENCH_TOP/lib/text.sh"

# die MESSAGE...: a clear error on stderr, exit 1; what it quotes made safe
# for a terminal, and cut after 600 characters. DIE_BEFORE and DIE_AFTER
# (set_opt_at's): words said around every MESSAGE while they are set.
DIE_BEFORE='' DIE_AFTER=''
die() {
	local m="$DIE_BEFORE$*$DIE_AFTER"
	[ "${#m}" -le 600 ] || m="${m:0:600}... (cut)"
	printf 'slubbench: error: %s\n' "$m" | term_safe >&2
	exit 1
}

# need_cmd CMD PACKAGE: fail with the apt-get line when CMD is missing.
need_cmd() {
	command -v "$1" >/dev/null 2>&1 ||
		die "'$1' is missing: install it with 'apt-get install -y $2' (or run ./run.sh deps)"
}

# need_space DIR MIB: fail plainly when DIR's file system has less free space.
need_space() {
	local dir=$1 mib=$2 avail
	mkdir -p "$dir"
	avail=$(df -Pm "$dir" | awk 'NR == 2 { print $4 }')
	[ "$avail" -ge "$mib" ] ||
		die "disk full: $dir has ${avail} MiB free, this step needs about ${mib} MiB (free space or set SLUBBENCH_CACHE)"
}

# with_lock NAME CMD...: run CMD holding an exclusive lock in the cache, so
# that two builds never share a kernel tree or build directory at once; a
# second slubbench says it waits.
with_lock() {
	local name=$1
	shift
	mkdir -p "$SLUBBENCH_CACHE/locks"
	(
		if ! flock -n 9; then
			say "$name" "waiting for another slubbench's $name step (lock $SLUBBENCH_CACHE/locks/$name)"
			flock -w 3600 9 || die "waited an hour for lock $name (another slubbench still running?)"
		fi
		"$@"
	) 9>"$SLUBBENCH_CACHE/locks/$name"
}

# ---- the rest, by concern
# shellcheck source=lib/paths.sh
. "$SLUBBENCH_TOP/lib/paths.sh"
# shellcheck source=lib/kernels.sh
. "$SLUBBENCH_TOP/lib/kernels.sh"
# shellcheck source=lib/guest.sh
. "$SLUBBENCH_TOP/lib/guest.sh"
# shellcheck source=lib/csvread.sh
. "$SLUBBENCH_TOP/lib/csvread.sh"
# shellcheck source=lib/store.sh
. "$SLUBBENCH_TOP/lib/store.sh"
# options: one way to read them in every script
# shellcheck source=lib/opts.sh
. "$SLUBBENCH_TOP/lib/opts.sh"

