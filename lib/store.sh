# shellcheck shell=bash
# A store of finished work kept by its whole input: an entry is a set of
# files under a key (the sha256 of a text that names every input), written
# whole or not at all (two runs of one key may end together), and the
# least recently used entries are dropped when the store outgrows its cap.
# Three stores use it: counting-mode boots (bench/detstore.sh), kernel
# builds (kernels/buildstore.sh) and the test suite's checks
# (tests/checkstore.sh); their directories: lib/paths.sh.
# Each store's events file gets a line a use: "put KEY SECONDS" (stored:
# the seconds the work took) or "hit KEY SECONDS" (reused: the seconds it
# had taken), which tests/run.sh counts. Sourced by lib/common.sh.

STORE_EVENTS=events

# store_switch VAR: is reuse asked for by the environment variable VAR
# (1 or 0; unset is 0)? Dies on any other value.
store_switch() {
	case "${!1:-0}" in
	1) return 0 ;;
	0) return 1 ;;
	*) die "$1 takes 1 (reuse) or 0, not '${!1}'" ;;
	esac
}

# store_cap_check VAR MB: dies unless the cap MB (read from VAR) is a whole
# number of MiB
store_cap_check() {
	[[ "$2" =~ ^[1-9][0-9]{0,6}$ ]] || die "$1 takes a whole number of MiB, not '$2'"
}

# store_fetch STORE KEY DEST FILE...: the entry KEY's FILEs into DEST (a
# FILE the entry lacks is removed from DEST, so that none is left over
# from before); fails when KEY was never stored
store_fetch() {
	local s=$1 k=$2 dest=$3 f
	shift 3
	[ -f "$s/$k/key.txt" ] || return 1
	for f in "$@"; do
		rm -f "$dest/$f"
		[ ! -f "$s/$k/$f" ] || cp "$s/$k/$f" "$dest/$f" || return 1
	done
	touch "$s/$k"
	echo "hit $k $(cat "$s/$k/seconds" 2>/dev/null || echo 0)" >>"$s/$STORE_EVENTS"
}

# store_put STORE MB KEY KEYTEXT SRC SECONDS FILE...: SRC's FILEs (those it
# has) into the store as KEY, with KEYTEXT and SECONDS; then the least
# recently used entries out until the store fits MB MiB
store_put() {
	local s=$1 mb=$2 k=$3 text=$4 src=$5 secs=$6 tmp f
	shift 6
	mkdir -p "$s"
	[ ! -d "$s/$k" ] || return 0
	tmp=$(mktemp -d "$s/.put.XXXXXX")
	for f in "$@"; do
		[ ! -f "$src/$f" ] || cp "$src/$f" "$tmp/$f"
	done
	printf '%s\n' "$text" >"$tmp/key.txt"
	echo "$secs" >"$tmp/seconds"
	if mv -T "$tmp" "$s/$k" 2>/dev/null; then
		echo "put $k $secs" >>"$s/$STORE_EVENTS"
	else
		rm -rf "$tmp"
	fi
	while [ "$(du -sm "$s" | cut -f1)" -gt "$mb" ]; do
		f=$(find "$s" -mindepth 1 -maxdepth 1 -type d ! -name '.*' -printf '%T@ %p\n' | sort -n | head -n1 | cut -d' ' -f2-)
		[ -n "$f" ] && [ "$f" != "$s/$k" ] || break
		rm -rf "$f"
	done
}
