# shellcheck shell=bash
# The counting-boot store: a counting-mode boot (bench/boot.sh --det) runs
# the same instructions in the same order on any host under any load
# (t61 boots two and compares them byte for byte), so what QEMU wrote is a
# function of what went in. With SLUBBENCH_REUSE_COUNTING=1 (tests/run.sh
# sets it; off for a user's runs) a counting boot whose whole input was
# booted before is not booted again: QEMU's outputs are copied from the
# store and read as a boot's are. The key is QEMU's command line with every
# file it reads replaced by its sha256 (the kernel, the initramfs and the
# plan inside it, QEMU, the plugins, System.map) and every path that may
# differ from one run to the next by a name. Only finished boots are kept.
# Sourced by bench/boot.sh after lib/common.sh.

# DETSTORE_FILES: what QEMU writes in a counting boot (the rest of OUT is
# unpacked from job-serial.log, as after a boot)
DETSTORE_FILES="serial.log job-serial.log qemu.log emulated-raw.csv emulated-raw.csv.info quantum-raw.csv quantum-raw.csv.info"
# DETSTORE_MB: the store's size cap; the least recently used boots go first
DETSTORE_MB=${SLUBBENCH_REUSE_COUNTING_MB:-2048}
[[ "$DETSTORE_MB" =~ ^[1-9][0-9]{0,6}$ ]] ||
	die "SLUBBENCH_REUSE_COUNTING_MB takes a whole number of MiB, not '$DETSTORE_MB'"

# detstore_on: is reuse asked for?
detstore_on() {
	case "${SLUBBENCH_REUSE_COUNTING:-0}" in
	1) return 0 ;;
	0 | '') return 1 ;;
	*) die "SLUBBENCH_REUSE_COUNTING takes 1 (reuse counting boots) or 0, not '$SLUBBENCH_REUSE_COUNTING'" ;;
	esac
}

# detstore_key QEMU_BIN OUT KDIR INITRD_DIR FILE... -- ARG...: the store's
# key of QEMU_BIN run with ARGs: the text opens with QEMU_BIN's sha256 (the
# command is no argument), then each ARG with every FILE (each read by the
# boot) in it made its sha256, then OUT, KDIR, INITRD_DIR and the cache's
# path made names. The key text goes to stdout's first lines, its sha256
# last.
detstore_key() {
	local bin=$1 out=$2 kdir=$3 idir=$4 f a text
	shift 4
	local -a from=("$bin") to=("@qemu:$(sha256 "$bin")")
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		[ -f "$1" ] || return 1
		from+=("$1") to+=("@file:$(sha256 "$1")")
		shift
	done
	shift
	from+=("$out" "$kdir" "$idir" "$SLUBBENCH_CACHE") to+=(@OUT @KDIR @INITRD @CACHE)
	text="${to[0]}"$'\n'
	for a in "$@"; do
		for f in "${!from[@]}"; do a=${a//"${from[$f]}"/"${to[$f]}"}; done
		text+="$a"$'\n'
	done
	printf '%s%s\n' "$text" "$(printf '%s' "$text" | sha256sum | cut -d' ' -f1)"
}

# The store's events file gets a line a use: "put KEY SECONDS" (a boot
# stored, the seconds it took) or "hit KEY SECONDS" (reused: the seconds
# its boot had taken), for tests/run.sh's count of what was reused.
DETSTORE_EVENTS=events

# detstore_fetch KEY OUT: the stored boot's files into OUT; fails (and
# copies nothing that counts) when KEY was never stored
detstore_fetch() {
	local d f
	d=$(counting_store)/$1
	[ -f "$d/key.txt" ] || return 1
	for f in $DETSTORE_FILES; do
		rm -f "$2/$f"
		[ ! -f "$d/$f" ] || cp "$d/$f" "$2/$f" || return 1
	done
	touch "$d"
	echo "hit $1 $(cat "$d/seconds" 2>/dev/null || echo 0)" >>"$(counting_store)/$DETSTORE_EVENTS"
}

# detstore_put KEY KEYTEXT OUT SECONDS: a finished boot's files into the
# store (a whole entry or none: two boots of one key may end together),
# then the least recently used entries out until the store fits
# DETSTORE_MB
detstore_put() {
	local s tmp f
	s=$(counting_store)
	mkdir -p "$s"
	[ ! -d "$s/$1" ] || return 0
	tmp=$(mktemp -d "$s/.put.XXXXXX")
	for f in $DETSTORE_FILES; do
		[ ! -f "$3/$f" ] || cp "$3/$f" "$tmp/$f"
	done
	printf '%s\n' "$2" >"$tmp/key.txt"
	echo "$4" >"$tmp/seconds"
	if mv -T "$tmp" "$s/$1" 2>/dev/null; then
		echo "put $1 $4" >>"$s/$DETSTORE_EVENTS"
	else
		rm -rf "$tmp"
	fi
	while [ "$(du -sm "$s" | cut -f1)" -gt "$DETSTORE_MB" ]; do
		f=$(find "$s" -mindepth 1 -maxdepth 1 -type d ! -name '.*' -printf '%T@ %p\n' | sort -n | head -n1 | cut -d' ' -f2-)
		[ -n "$f" ] && [ "$f" != "$s/$1" ] || break
		rm -rf "$f"
	done
}
