#!/usr/bin/env bash
# Fetch a Debian kernel tree that bookworm itself does not carry into the
# cache, privately: linux-source-6.12 from bookworm-backports, its .deb
# downloaded with apt-get through a private sources list made from the
# host's mirror (lib/apt.sh's private_apt) and unpacked with dpkg -x;
# nothing is installed on the host. The newest version the suite has when
# first fetched is kept (its version recorded beside the tarball; the
# kernels' manifests name it) until the cache is cleared. Prints the tarball.
#
# Usage: kernels/fetch-source.sh TREE          fetch (or find cached), print the tarball
#        kernels/fetch-source.sh --check TREE  exit 0 if fetched, 1 if not
#
# TREE is 6.12 (6.1 is bookworm's own, installed by ./run.sh deps).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/apt.sh
. "$SLUBBENCH_TOP/lib/apt.sh"

check=0
case "${1:-}" in
--check) check=1; shift ;;
-h | --help) usage_from_header "$0" ;;
-*) die "unknown option '$1' (see kernels/fetch-source.sh --help)" ;;
esac
[ $# -eq 1 ] || die "usage: kernels/fetch-source.sh [--check] TREE (see --help)"
tree=$1
[ "$tree" = 6.12 ] || die "kernels/fetch-source.sh fetches 6.12 (bookworm-backports), not '$tree'"
SUITE=bookworm-backports
PKG=linux-source-$tree
DIR=$(tree_fetched "$tree")
TARBALL=$DIR/$PKG.tar.xz

fetched() { [ -f "$DIR/.complete" ] && [ -f "$TARBALL" ]; }
if [ "$check" -eq 1 ]; then fetched; exit; fi

fetch() {
	if fetched; then
		echo "$TARBALL"
		return 0
	fi
	need_cmd apt-get apt
	need_cmd dpkg dpkg
	need_space "$SLUBBENCH_CACHE" 600
	local tmp ver deb
	tmp=$DIR.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp/debs" "$tmp/root"
	private_apt "$tmp" "$SUITE"
	say kernels "fetching $PKG from $SUITE (private: nothing is installed)"
	"${APT[@]}" update --error-on=any >"$tmp/apt.log" 2>&1 ||
		die "apt-get update of $SUITE failed (log: $tmp/apt.log): $SUITE is not reachable from this host's mirror"
	ver=$({ "${APT_CACHE[@]}" show "$PKG" 2>/dev/null || true; } | awk '/^Version:/ { print $2 }' | sort -V | tail -n1)
	[ -n "$ver" ] || die "$SUITE has no $PKG (log: $tmp/apt.log): no $tree tree to build"
	(cd "$tmp/debs" && "${APT[@]}" download "$PKG=$ver") >>"$tmp/apt.log" 2>&1 ||
		die "apt-get download $PKG=$ver failed (log: $tmp/apt.log)"
	deb=$(find "$tmp/debs" -maxdepth 1 -name '*.deb' | head -n1)
	dpkg -x "$deb" "$tmp/root"
	[ -f "$tmp/root/usr/src/$PKG.tar.xz" ] || die "$(basename "$deb") holds no usr/src/$PKG.tar.xz"
	mkdir -p "$tmp/out"
	mv "$tmp/root/usr/src/$PKG.tar.xz" "$tmp/out/"
	printf '%s\n' "$ver" >"$tmp/out/version"
	sha256 "$deb" >"$tmp/out/deb.sha256"
	touch "$tmp/out/.complete"
	rm -rf "$DIR"
	mkdir -p "$(dirname "$DIR")"
	mv "$tmp/out" "$DIR"
	rm -rf "$tmp"
	say kernels "$PKG $ver ready: $TARBALL"
	echo "$TARBALL"
}
with_lock "fetch-$PKG" fetch
