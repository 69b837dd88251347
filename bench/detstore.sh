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
DETSTORE_FILES=(serial.log job-serial.log qemu.log emulated-raw.csv emulated-raw.csv.info quantum-raw.csv quantum-raw.csv.info)
# DETSTORE_MB: the store's size cap; the least recently used boots go first
DETSTORE_MB=${SLUBBENCH_REUSE_COUNTING_MB:-2048}
store_cap_check SLUBBENCH_REUSE_COUNTING_MB "$DETSTORE_MB"

# detstore_on: is reuse asked for?
detstore_on() { store_switch SLUBBENCH_REUSE_COUNTING; }

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

# detstore_fetch KEY OUT: the stored boot's files into OUT; fails (and
# copies nothing that counts) when KEY was never stored
detstore_fetch() { store_fetch "$(counting_store)" "$1" "$2" "${DETSTORE_FILES[@]}"; }

# detstore_put KEY KEYTEXT OUT SECONDS: a finished boot's files into the
# store (lib/store.sh: a whole entry or none, then the least recently used
# out until the store fits DETSTORE_MB)
detstore_put() { store_put "$(counting_store)" "$DETSTORE_MB" "$1" "$2" "$3" "$4" "${DETSTORE_FILES[@]}"; }
