#!/usr/bin/env bash
# Build the counting guest's initramfs: a small newc cpio of what the
# guest plan runs (bash, coreutils, hackbench, sbmark, slabinfo, tar and
# their libraries, taken from the root filesystem's debootstrap tree) and
# slubbench's in-guest runner as /sbin/slubbench-init. A boot from it does
# no disk or 9p I/O, so under icount it is deterministic (bench/boot.sh
# --det); the plan goes in as a second cpio appended per boot, the results
# come out through the second serial port.
#
# Usage: rootfs/initramfs.sh          build (or find cached) and print the cpio's path
#        rootfs/initramfs.sh --path   print the path if built, else fail
#
# Cached as $SLUBBENCH_CACHE/rootfs/initramfs-<key>/base.cpio (+ manifest.json),
# keyed by the tree, the tools, the runner and this script. No perf: its
# libraries would multiply the size (docs/counting-mode.md).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

path_only=0
case "${1:-}" in
"") ;;
--path) path_only=1 ;;
-h | --help) usage_from_header "$0" ;;
*) die "unknown option '$1' (see rootfs/initramfs.sh --help)" ;;
esac

# What the guest runs (rootfs/guest/init, bench/guest-plan.sh, the tests).
PROGRAMS="bash sh cat cp sync sleep od tr sed mawk grep hostname mount umount nproc uname tar base64
sha256sum head tail cut mkdir rm ls env wc date stty sort uniq seq true false chmod ln mv touch
hackbench taskset"

if [ "$path_only" -eq 1 ]; then
	p=$(find "$SLUBBENCH_CACHE/rootfs" -maxdepth 2 -path '*/initramfs-*/base.cpio' 2>/dev/null | head -n1)
	[ -n "$p" ] || die "the counting guest's initramfs is not built: run rootfs/initramfs.sh"
	echo "$p"
	exit 0
fi

need_cmd cpio cpio
BASE=$("$SLUBBENCH_TOP/rootfs/build.sh" --base)
SLABINFO=$(slabinfo_tool)
[ -x "$SLABINFO" ] || "$SLUBBENCH_TOP/kernels/build.sh" --tools >/dev/null
SBMARK=$("$SLUBBENCH_TOP/emu/build.sh" --guest)
INIT=$SLUBBENCH_TOP/rootfs/guest/init
key=$( {
	echo "$BASE" "$PROGRAMS"
	sha256 "$SLABINFO"
	sha256 "$SBMARK"
	sha256 "$INIT"
	sha256 "$0"
} | sha256sum | cut -c1-16)
DIR=$SLUBBENCH_CACHE/rootfs/initramfs-$key
if [ -f "$DIR/manifest.json" ] && [ "$(sha256 "$DIR/base.cpio")" = "$(jq -r .cpio_sha256 "$DIR/manifest.json")" ]; then
	echo "$DIR/base.cpio"
	exit 0
fi

# find_in_tree NAME: the tree's path of program or library NAME.
find_in_tree() {
	local d
	for d in usr/bin usr/sbin usr/lib/x86_64-linux-gnu; do
		[ -e "$BASE/$d/$1" ] && { echo "$d/$1"; return 0; }
	done
	return 1
}

build() {
	local tmp=$DIR.tmp stage p rel todo=() seen=" " lib
	rm -rf "$tmp" && mkdir -p "$tmp"
	stage=$tmp/tree
	# merged /usr, as in the tree: /bin, /sbin, /lib, /lib64 are links
	mkdir -p "$stage"/{proc,sys,dev,tmp,run,job,kernel,usr/bin,usr/sbin,usr/lib64,usr/local/bin,usr/local/sbin,usr/lib/x86_64-linux-gnu}
	local l
	for l in bin sbin lib lib64; do ln -s "usr/$l" "$stage/$l"; done
	for p in $PROGRAMS; do
		rel=$(find_in_tree "$p") || die "$p is not in the root filesystem's tree ($BASE)"
		todo+=("$rel")
	done
	# Each program and library, then the libraries each one needs (NEEDED).
	while [ ${#todo[@]} -gt 0 ]; do
		rel=${todo[0]}
		todo=("${todo[@]:1}")
		case "$seen" in *" $rel "*) continue ;; esac
		seen+="$rel "
		mkdir -p "$stage/$(dirname "$rel")"
		cp -L "$BASE/$rel" "$stage/$rel"
		for lib in $(readelf -d "$BASE/$rel" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			p=$(find_in_tree "$lib") || die "library $lib (for $rel) is not in $BASE"
			todo+=("$p")
		done
	done
	cp -L "$BASE/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" "$stage/usr/lib64/"
	ln -sf mawk "$stage/usr/bin/awk"
	install -m 0755 "$SLABINFO" "$stage/usr/local/sbin/slabinfo"
	install -m 0755 "$SBMARK" "$stage/usr/local/bin/sbmark"
	install -m 0755 "$INIT" "$stage/sbin/slubbench-init"
	# Fixed times and owners: the same inputs give the same cpio.
	find "$stage" -exec touch -h -d @0 {} +
	(cd "$stage" && find . -print0 | LC_ALL=C sort -z |
		cpio --null -o -H newc --owner 0:0 --reproducible --quiet >"$tmp/base.cpio") ||
		die "cpio failed making $tmp/base.cpio"
	jq -n --arg key "$key" --arg base "$(basename "$BASE")" --arg sha "$(sha256 "$tmp/base.cpio")" \
		--argjson bytes "$(stat -c %s "$tmp/base.cpio")" --arg programs "$PROGRAMS" \
		--arg sbmark "$(sha256 "$SBMARK")" --arg slabinfo "$(sha256 "$SLABINFO")" \
		'{key: $key, base_tree: $base, cpio_sha256: $sha, cpio_bytes: $bytes, programs: ($programs | split("\\s+"; null)),
		  sbmark_sha256: $sbmark, slabinfo_sha256: $slabinfo}' >"$tmp/manifest.json"
	rm -rf "$stage" "$DIR"
	mv "$tmp" "$DIR"
	find "$SLUBBENCH_CACHE/rootfs" -maxdepth 1 -name 'initramfs-*' ! -name "initramfs-$key" -exec rm -rf {} +
	say rootfs "initramfs ready: $DIR/base.cpio ($(($(stat -c %s "$DIR/base.cpio") / 1024)) KiB)"
}
with_lock initramfs build
echo "$DIR/base.cpio"
