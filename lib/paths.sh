# shellcheck shell=bash
# Where things live: the host's kernel source package, the C tools, and
# every cache path, each named here alone (a tree's: lib/trees.sh).
# Sourced by lib/common.sh.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g SLUBBENCH_TOP SLUBBENCH_CACHE

# The Debian package that ships the kernel tree, and the tarball it installs.
KSRC_PKG=linux-source-6.1
KSRC_TARBALL=${KSRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}

# sha256 FILE: the hex digest alone.
sha256() {
	sha256sum "$1" | cut -d' ' -f1
}

# ksrc_version: the installed linux-source-6.1 package version, or fail.
ksrc_version() {
	local v
	v=$(dpkg-query -W -f='${Version}' "$KSRC_PKG" 2>/dev/null) || v=
	if [ -z "$v" ] || [ ! -f "$KSRC_TARBALL" ]; then
		die "$KSRC_TARBALL is missing: install it with 'apt-get install -y $KSRC_PKG' (or run ./run.sh deps)"
	fi
	printf '%s\n' "$v"
}

# ---- the host C tools (src/) ----------------------------------------------
# TOOLS_BIN: where src/Makefile puts them (in the checkout, not the cache:
# two checkouts sharing a cache must not run each other's build).
TOOLS_BIN=$SLUBBENCH_TOP/bin
# build_tools TARGET...: build them if their sources changed (all:
# slubparse, slubstats, slubplan; unit; fuzz); dies on failure.
# (one make at a time: two commands started at once, or two tests, would
# otherwise write the same objects together)
build_tools() {
	mkdir -p "$TOOLS_BIN"
	flock "$TOOLS_BIN/.build.lock" make -s -C "$SLUBBENCH_TOP/src" BIN="$TOOLS_BIN" "$@" >/dev/null ||
		die "building the C tools failed (make -C src $*)"
}

# ---- cache paths ------------------------------------------------------------
# shellcheck source=lib/trees.sh
. "$SLUBBENCH_TOP/lib/trees.sh"
# ksrc_tree: the extracted kernel tree of the installed linux-source-6.1.
ksrc_tree() { echo "$SLUBBENCH_CACHE/src/linux-source-6.1_$(ksrc_version)"; }
# slabinfo_tool: the kernel's tools/vm/slabinfo, built from that tree.
slabinfo_tool() { echo "$SLUBBENCH_CACHE/tools/slabinfo-$(ksrc_version)"; }
# The emulated counters (emu/): what emu/build.sh builds; the plugin once
# per QEMU (lib/qemu.sh's QEMU_ID), against that QEMU's header.
emu_bin() { echo "$SLUBBENCH_CACHE/emu/bin"; }
slubcount_plugin() { echo "$(emu_bin)/slubcount-$1.so"; }
# quantum_plugin QEMU_ID: the counting mode's quantum (emu/src/slubquantum.c)
quantum_plugin() { echo "$(emu_bin)/slubquantum-$1.so"; }
sbmark_tool() { echo "$(emu_bin)/sbmark"; }
# counting_store: finished counting-mode boots, by their whole input
# (bench/detstore.sh; used with SLUBBENCH_REUSE_COUNTING=1; a test's own:
# SLUBBENCH_COUNTING_STORE)
counting_store() { echo "${SLUBBENCH_COUNTING_STORE:-$SLUBBENCH_CACHE/counting-boots}"; }
# build_store: finished kernel builds, by their whole input
# (kernels/buildstore.sh; used with SLUBBENCH_REUSE_BUILDS=1; a test's own:
# SLUBBENCH_BUILD_STORE)
build_store() { echo "${SLUBBENCH_BUILD_STORE:-$SLUBBENCH_CACHE/kernel-builds}"; }
# check_store: finished checks of the test suite, by their whole input
# (tests/checkstore.sh: shellcheck's verdict on a file, a committed run's
# report made again; used with SLUBBENCH_REUSE_CHECKS=1; a test's own:
# SLUBBENCH_CHECK_STORE)
check_store() { echo "${SLUBBENCH_CHECK_STORE:-$SLUBBENCH_CACHE/test-checks}"; }
# build_dir ALLOCATOR [TREE]: the O= build directory (one per allocator and tree).
build_dir() { echo "$SLUBBENCH_CACHE/build/$1$(tree_suffix "${2:-$DEFAULT_TREE}")"; }

