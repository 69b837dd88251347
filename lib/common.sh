# shellcheck shell=bash
# Helpers shared by slubbench's scripts: sourced, never run.
#
# Paths: everything built lives in the cache, never in git.
#   SLUBBENCH_CACHE  default ${XDG_CACHE_HOME:-$HOME/.cache}/slubbench

SLUBBENCH_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SLUBBENCH_CACHE=${SLUBBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/slubbench}
SLUBBENCH_T0=${SLUBBENCH_T0:-$(date +%s)}
export SLUBBENCH_TOP SLUBBENCH_CACHE SLUBBENCH_T0

# The Debian package that ships the kernel tree, and the tarball it installs.
KSRC_PKG=linux-source-6.1
KSRC_TARBALL=${KSRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}

# elapsed: seconds since the top-level command started, as 1m05s.
elapsed() {
	local s=$(($(date +%s) - SLUBBENCH_T0))
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
# for a terminal, and cut after 600 characters.
die() {
	local m="$*"
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

# PANIC_RE: a guest console line that means the kernel broke (ERE): the
# boot's verdict (bench/boot.sh) and the report's fault list read it.
# shellcheck disable=SC2034
PANIC_RE='Kernel panic|Oops:|BUG:|general protection fault'

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

# ---- cache paths: each one named here alone (a tree's: lib/trees.sh) -----
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
# build_dir ALLOCATOR [TREE]: the O= build directory (one per allocator and tree).
build_dir() { echo "$SLUBBENCH_CACHE/build/$1$(tree_suffix "${2:-$DEFAULT_TREE}")"; }

# variant_allocator VARIANT: slab or slub, from kernels/variants (a user's
# --variant is stock + a patch: slub).
variant_allocator() {
	local a
	a=$(awk -v v="$(variant_base "$1")" '$1 == v { print $2; exit }' "$SLUBBENCH_TOP/kernels/variants")
	echo "${a:-slub}"
}

# kernel_out VARIANT PROFILE: where a built variant lands:
# kernels/NAME[@TREE]-PROFILE, or kernels/NAME[@TREE] for SLAB (it has no
# profile); @TREE only for a tree other than the default.
kernel_out() {
	local k
	k=$(variant_base "$1")$(tree_suffix "$(variant_tree "$1")")
	if [ "$(variant_allocator "$1")" = slab ]; then
		echo "$SLUBBENCH_CACHE/kernels/$k"
	else
		echo "$SLUBBENCH_CACHE/kernels/$k-$2"
	fi
}

# kernel_dir VARIANT PROFILE: kernel_out of a built variant; fails when it
# is not built.
kernel_dir() {
	local d
	d=$(kernel_out "$1" "$2")
	[ -f "$d/manifest.json" ] || return 1
	echo "$d"
}

# kernel_intact DIR: DIR's bzImage is the very one its manifest names (a
# truncated or changed image is never booted).
kernel_intact() {
	local want
	want=$(jq -r '.bzimage_sha256 // empty' "$1/manifest.json" 2>/dev/null) || return 1
	[ -n "$want" ] && [ -f "$1/bzImage" ] && [ "$(sha256 "$1/bzImage")" = "$want" ]
}

# guest_fits KDIR SMP MEM: the guest can hold SMP vCPUs and MEM MiB: no more
# vCPUs than the kernel's CONFIG_NR_CPUS (the base config's, before KDIR is
# built), and at least 512 MiB plus 64 per vCPU (hackbench runs 40 tasks a
# group); else one line naming the limit.
guest_fits() {
	local nr cfg=$1/config name
	name=$(basename "$1")
	[ -f "$cfg" ] || { cfg=$SLUBBENCH_TOP/kernels/config/base.config name="the guest kernel"; }
	nr=$(sed -n 's/^CONFIG_NR_CPUS=//p' "$cfg" 2>/dev/null)
	[ -z "$nr" ] || [ "$2" -le "$nr" ] ||
		die "--smp $2 is more than $name can run: its CONFIG_NR_CPUS is $nr"
	[ "$3" -ge $((512 + 64 * $2)) ] ||
		die "--mem $3 is too little for $2 vCPUs: give at least $((512 + 64 * $2)) MiB (512 + 64 per vCPU)"
}

# default_mem SMP: guest memory (MiB) for SMP vCPUs unless --mem says:
# 2048, or 1024 plus 128 per vCPU when that is more (16 vCPUs: 3072).
default_mem() {
	local m=$((1024 + 128 * $1))
	[ "$m" -ge 2048 ] || m=2048
	echo "$m"
}

# default_timeout SMP: the limit (seconds) of one boot with SMP vCPUs
# unless --timeout says: 600 plus 150 per vCPU (2: 900; 16: 3000), as a
# boot and its runs take longer with more vCPUs on the same host cores.
default_timeout() {
	echo $((600 + 150 * $1))
}

# Windows of an emulated-counters boot (bench --emulated-windows: each
# configuration's runs, one plugin window each): at most EMU_MAX_WINDOWS a
# boot (emu/src/slubcount.c's MAX_WINDOWS). Each window past the first adds
# EMU_WINDOW_SECONDS to the boot's default limit: twice the ~100 s one
# window of hackbench -g 10 -l 150 took here with the cache model (2 vCPUs,
# counting mode); a --timeout under EMU_WINDOW_MIN_SECONDS a window (what
# a host 2.5x faster would take) is refused before anything boots.
# shellcheck disable=SC2034
EMU_MAX_WINDOWS=16 EMU_WINDOW_SECONDS=200 EMU_WINDOW_MIN_SECONDS=40
# the partial-list sampler's interval, in ms of guest time (bench/run.sh --series-interval)
# and the fewest samples of a run the report reads without a warning
# shellcheck disable=SC2034
SERIES_MIN_MS=10 SERIES_MAX_MS=1000 SERIES_MIN_SAMPLES=10

# emulated_timeout SMP WINDOWS: the default limit of an emulated-counters
# boot of WINDOWS windows at SMP vCPUs.
emulated_timeout() {
	echo $(($(default_timeout "$1") + EMU_WINDOW_SECONDS * ($2 - 1)))
}

# The most vCPUs the emulated counters model: the cores of the default
# machine (emu/src/machines.h, clovertown: vCPU i is its core i; t05 checks
# that the two agree); a bench with --machine takes that machine's cores.
# The plugin refuses a guest with more.
# shellcheck disable=SC2034
EMU_MAX_VCPUS=8

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

# ---- options: one way to read them in every script (lib/opts.sh)
# shellcheck source=lib/opts.sh
. "$SLUBBENCH_TOP/lib/opts.sh"

# The caches whose counts the report shows apart (the ones hackbench's
# socket mode allocates from): the guest counts them, slubstats sums them.
# These are the default tree's; a kernel of another tree has its own
# (tree_hot_caches), and a report the union of its kernels' (run_hot_caches).
HOT_CACHES=$(tree_hot_caches "$DEFAULT_TREE")
export HOT_CACHES

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

# pick_baseline LABEL...: the report's default baseline: tail when the run
# has it, else the first tail of a tree (tail@6.12), else the last kernel.
pick_baseline() {
	local l
	for l in "$@"; do [ "$l" = tail ] && { echo tail; return; }; done
	for l in "$@"; do [[ "$l" == tail@* ]] && { echo "$l"; return; }; done
	echo "${@: -1}"
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
