#!/usr/bin/env bash
# Build the guest root filesystem: Debian bookworm (minbase) with hackbench,
# perf, slabtop, the kernel's slabinfo tool, sbmark (emu/: the emulated
# counters' window markers) and slubbench's in-guest runner,
# as an ext4 image made with mke2fs -d (nothing is mounted on the host).
#
# Usage: rootfs/build.sh          build (or find cached) and print the image path
#        rootfs/build.sh --path   print the image path if built, else fail
#        rootfs/build.sh --base   build (or find cached) the debootstrap tree
#                                 alone and print its path (rootfs/initramfs.sh
#                                 takes the counting guest's files from it)
#
# Environment: SLUBBENCH_MIRROR (default: the host's apt sources),
#              SLUBBENCH_SUITE (default: bookworm).
#
# Two cached layers, each built in a temporary place and renamed when whole:
#   rootfs/base-<hash>/    the debootstrap tree (mirror, suite, packages)
#   rootfs/image-<hash>/   rootfs.ext4 + manifest.json (base + guest/ + slabinfo)
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/apt.sh
. "$SLUBBENCH_TOP/lib/apt.sh"

SUITE=${SLUBBENCH_SUITE:-bookworm}
PACKAGES=rt-tests,linux-perf,procps
GUEST=$SLUBBENCH_TOP/rootfs/guest
OUT=$SLUBBENCH_CACHE/rootfs

path_only=0 base_only=0
case "${1:-}" in
--path) path_only=1 ;;
--base) base_only=1 ;;
-h | --help) usage_from_header "$0" ;;
"") ;;
*) die "unknown option '$1' (see rootfs/build.sh --help)" ;;
esac

MIRROR=${SLUBBENCH_MIRROR:-}
MIRROR_FROM=SLUBBENCH_MIRROR
if [ -z "$MIRROR" ]; then
	MIRROR_FROM="host apt configuration"
	MIRROR=$(host_mirror "$SUITE") ||
		die "no Debian mirror for '$SUITE' in the host's apt sources: set SLUBBENCH_MIRROR=<mirror URL>"
fi

KVER=$(ksrc_version)
SLABINFO=$(slabinfo_tool)
[ -x "$SLABINFO" ] || "$SLUBBENCH_TOP/kernels/build.sh" --tools
SBMARK=$("$SLUBBENCH_TOP/emu/build.sh" --guest)

# Bump BASE_RECIPE when build_base changes what it makes.
BASE_RECIPE=1
base_key=$(printf '%s\n' "$SUITE" "$MIRROR" "$PACKAGES" "$BASE_RECIPE" | sha256sum | cut -c1-16)
BASE=$OUT/base-$base_key
image_key=$( {
	echo "$base_key"
	sha256 "$SLABINFO"
	sha256 "$SBMARK"
	sha256 "$0"
	(cd "$GUEST" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
} | sha256sum | cut -c1-16)
IMAGE_DIR=$OUT/image-$image_key

# image_intact [quick]: the image is the one its manifest names (quick: by
# its size alone, for every boot; else by its SHA-256). The SHA-256 of its
# 330 MiB (a second of CPU, at every bench's start) is taken again only
# when the image's size, modification time or inode changed since it last
# matched (IMAGE_DIR/.verified, as make and git's index trust a file's
# stat): the guest mounts it read-only, and a write or a copy changes them.
image_intact() {
	local m=$IMAGE_DIR/manifest.json f=$IMAGE_DIR/rootfs.ext4 v=$IMAGE_DIR/.verified st want
	[ -f "$f" ] && [ -f "$m" ] || return 1
	if [ "${1:-}" = quick ]; then
		[ "$(stat -c %s "$f")" = "$(jq -r '.image_bytes // empty' "$m")" ]
		return
	fi
	want=$(jq -r '.image_sha256 // empty' "$m")
	st="$(stat -c '%s %.9Y %i' "$f") $want"
	[ ! -f "$v" ] || [ "$(cat "$v")" != "$st" ] || return 0
	[ -n "$want" ] && [ "$(sha256 "$f")" = "$want" ] || return 1
	echo "$st" >"$v.tmp" && mv "$v.tmp" "$v"
}
if [ "$base_only" -eq 1 ] && [ -f "$BASE/.complete" ]; then
	echo "$BASE"
	exit 0
fi
if [ "$path_only" -eq 1 ] && [ -f "$IMAGE_DIR/manifest.json" ]; then
	image_intact quick || die "$IMAGE_DIR/rootfs.ext4 is damaged (not the size its manifest names): rebuild it with ./run.sh rootfs"
	echo "$IMAGE_DIR/rootfs.ext4"
	exit 0
fi
if [ "$base_only" -eq 0 ] && [ -f "$IMAGE_DIR/manifest.json" ]; then
	if image_intact; then
		say rootfs "up to date ($IMAGE_DIR)"
		echo "$IMAGE_DIR/rootfs.ext4"
		exit 0
	fi
	say rootfs "$IMAGE_DIR/rootfs.ext4 is damaged (does not match its manifest): rebuilding it"
	rm -rf "$IMAGE_DIR"
fi
[ "$path_only" -eq 0 ] || die "the root filesystem is not built: run ./run.sh rootfs"

need_cmd debootstrap debootstrap
need_cmd mke2fs e2fsprogs
need_cmd jq jq
[ "$(id -u)" -eq 0 ] || die "debootstrap needs root: run ./run.sh rootfs as root"

build_base() {
	[ -f "$BASE/.complete" ] && return 0
	need_space "$OUT" 1500
	local tmp=$BASE.tmp log=$SLUBBENCH_CACHE/logs/debootstrap.log
	mkdir -p "$SLUBBENCH_CACHE/logs"
	rm -rf "$tmp"
	say rootfs "debootstrap $SUITE (minbase + $PACKAGES) from $MIRROR, log: $log"
	if ! debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$tmp" "$MIRROR" >"$log" 2>&1; then
		tail -n 20 "$log" >&2
		[ -f "$tmp/debootstrap/debootstrap.log" ] && tail -n 20 "$tmp/debootstrap/debootstrap.log" >&2
		die "debootstrap failed; log: $log"
	fi
	# Smaller image: no package cache, no docs.
	rm -rf "$tmp"/var/cache/apt/archives/*.deb "$tmp"/var/lib/apt/lists/* \
		"$tmp"/usr/share/doc "$tmp"/usr/share/man "$tmp"/usr/share/locale
	touch "$tmp/.complete"
	rm -rf "$BASE"
	mv "$tmp" "$BASE"
	say rootfs "base tree ready ($(du -sm "$BASE" | cut -f1) MiB)"
}

build_image() {
	local tmp=$IMAGE_DIR.tmp stage
	rm -rf "$tmp" && mkdir -p "$tmp"
	stage=$tmp/tree
	# A copy of the base tree plus the guest files (hard links: same disk).
	cp -al "$BASE" "$stage"
	rm -f "$stage/.complete"
	install -m 0755 "$SLABINFO" "$stage/usr/local/sbin/slabinfo"
	install -m 0755 "$SBMARK" "$stage/usr/local/bin/sbmark"
	install -m 0755 "$GUEST/init" "$stage/sbin/slubbench-init"
	mkdir -p "$stage/job" "$stage/kernel"
	local mib
	mib=$(($(du -sm "$stage" | cut -f1) * 13 / 10 + 64))
	mke2fs -q -F -t ext4 -L slubbench -d "$stage" "$tmp/rootfs.ext4" "${mib}M" >/dev/null ||
		die "mke2fs failed making $tmp/rootfs.ext4"
	local admin=$BASE/var/lib/dpkg
	# The mirror's address stays out of the manifest (results get published):
	# where it came from, and a hash to tell two mirrors apart.
	jq -n --arg suite "$SUITE" --arg mirror_from "$MIRROR_FROM" \
		--arg mirror_sha "$(printf '%s' "$MIRROR" | sha256sum | cut -c1-16)" --arg key "$image_key" \
		--arg date "$(date -u +%FT%TZ)" --arg slabinfo "$(sha256 "$SLABINFO")" --arg sbmark "$(sha256 "$SBMARK")" \
		--arg kver "$KVER" --argjson mib "$mib" \
		--arg img_sha "$(sha256 "$tmp/rootfs.ext4")" --argjson img_bytes "$(stat -c %s "$tmp/rootfs.ext4")" \
		--argjson pkgs "$(dpkg-query --admindir="$admin" -W -f='${Package}\t${Version}\n' rt-tests linux-perf procps libc6 |
			jq -R -s 'split("\n") | map(select(length > 0) | split("\t") | {(.[0]): .[1]}) | add')" \
		'{suite: $suite, mirror_from: $mirror_from, mirror_sha256: $mirror_sha, image_key: $key, built: $date,
		  size_mib: $mib, image_sha256: $img_sha, image_bytes: $img_bytes, packages: $pkgs,
		  slabinfo_tool: {source: ("linux-source-6.1 " + $kver + " tools/vm/slabinfo.c"), sha256: $slabinfo},
		  sbmark: {source: "emu/src/sbmark.c", sha256: $sbmark}}' \
		>"$tmp/manifest.json"
	rm -rf "$stage"
	rm -rf "$IMAGE_DIR"
	mv "$tmp" "$IMAGE_DIR"
	# Older images (other guest files) are 300+ MiB each: keep only this one.
	find "$OUT" -maxdepth 1 -name 'image-*' ! -name "image-$image_key" -exec rm -rf {} +
	say rootfs "image ready: $IMAGE_DIR/rootfs.ext4 (${mib} MiB)"
}

main() {
	build_base
	if [ "$base_only" -eq 1 ]; then
		echo "$BASE"
		return
	fi
	build_image
	echo "$IMAGE_DIR/rootfs.ext4"
}
with_lock rootfs main
