#!/usr/bin/env bash
# Fetch Debian bookworm-backports' QEMU 10 into the cache, privately: its
# .debs are downloaded with apt-get through a private sources list made from
# the host's mirror, and extracted with dpkg -x; nothing is installed on the
# host and the host's QEMU is untouched. Also fetches its plugin header
# (include/qemu/qemu-plugin.h, from the backport's source package: its
# upstream orig tarball). Prints the directory.
#
# Usage: emu/fetch-qemu.sh            fetch (or find cached) and print the directory
#        emu/fetch-qemu.sh --check    exit 0 if fetched, 1 if not (prints nothing)
#
# The versions are pinned in lib/qemu.sh. Where backports cannot be reached
# or the pinned version is gone, this fails with one line, and the bench
# runs its counting boots with the host's QEMU instead (bench/boot.sh).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/apt.sh
. "$SLUBBENCH_TOP/lib/apt.sh"
# shellcheck source=lib/qemu.sh
. "$SLUBBENCH_TOP/lib/qemu.sh"

case "${1:-}" in
"") ;;
--check) qemu_available 10; exit ;;
-h | --help) usage_from_header "$0" ;;
*) die "unknown option '$1' (see emu/fetch-qemu.sh --help)" ;;
esac

DIR=$(qemu10_dir)

fetch() {
	if qemu_available 10; then
		echo "$DIR"
		return 0
	fi
	need_cmd apt-get apt
	need_cmd dpkg dpkg
	need_space "$SLUBBENCH_CACHE" 400
	local tmp
	tmp=$DIR.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp/debs" "$tmp/src" "$tmp/root/include"
	private_apt "$tmp" bookworm-backports
	say qemu "fetching QEMU $QEMU10_VERSION from bookworm-backports (private: nothing is installed)"
	"${APT[@]}" update --error-on=any >"$tmp/apt.log" 2>&1 ||
		die "apt-get update of bookworm-backports failed (log: $tmp/apt.log): backports is not reachable"
	local p pkgs=()
	for p in $QEMU10_PACKAGES; do pkgs+=("$p=$QEMU10_VERSION"); done
	pkgs+=("seabios=$SEABIOS10_VERSION")
	(cd "$tmp/debs" && "${APT[@]}" download "${pkgs[@]}") >>"$tmp/apt.log" 2>&1 ||
		die "apt-get download ${pkgs[*]} failed (log: $tmp/apt.log): the pinned version is gone from bookworm-backports"
	for p in "$tmp"/debs/*.deb; do dpkg -x "$p" "$tmp/root"; done
	# Its libraries must resolve on this host: a missing one is named.
	local missing
	missing=$(ldd "$tmp/root/usr/bin/qemu-system-x86_64" | awk '/not found/ { print $1 }' | tr '\n' ' ')
	[ -z "$missing" ] || die "QEMU 10 needs libraries this host lacks: ${missing% } (install them with apt-get)"

	# The header: apt-get source fetches the orig tarball even where the
	# .dsc is gone (as the backport's is); the tarball is checked against
	# the Sources index.
	local orig want got
	(cd "$tmp/src" && "${APT[@]}" source --download-only "qemu=$QEMU10_VERSION") >>"$tmp/apt.log" 2>&1 || true
	orig=$(find "$tmp/src" -maxdepth 1 -name 'qemu_*.orig.tar.*' | head -n1)
	[ -n "$orig" ] || die "qemu $QEMU10_VERSION's orig tarball could not be fetched from bookworm-backports (log: $tmp/apt.log): no plugin header for QEMU 10"
	# (awk reads to the end: exiting early would kill apt-cache with
	# SIGPIPE, and pipefail fail the whole fetch now and then)
	want=$("${APT_CACHE[@]}" showsrc qemu 2>/dev/null |
		awk -v v="$QEMU10_VERSION" -v f="$(basename "$orig")" '/^Version:/ { ok = ($2 == v) }
			ok && length($1) == 64 && $1 ~ /^[0-9a-f]+$/ && $3 == f && !done { print $1; done = 1 }')
	got=$(sha256 "$orig")
	[ -n "$want" ] && [ "$want" = "$got" ] ||
		die "$(basename "$orig"): SHA-256 $got is not the Sources index's (${want:-none})"
	tar -xf "$orig" -C "$tmp/root/include" --wildcards --strip-components=3 '*/include/qemu/qemu-plugin.h' ||
		die "$(basename "$orig") holds no include/qemu/qemu-plugin.h"
	"$tmp/root/usr/bin/qemu-system-x86_64" --version >"$tmp/root/version.txt"
	printf 'qemu=%s\nseabios=%s\ntarball=%s\ntarball_sha256=%s\nheader_sha256=%s\nbinary_sha256=%s\n' \
		"$QEMU10_VERSION" "$SEABIOS10_VERSION" "$(basename "$orig")" "$got" \
		"$(sha256 "$tmp/root/include/qemu-plugin.h")" "$(sha256 "$tmp/root/usr/bin/qemu-system-x86_64")" \
		>"$tmp/root/source.txt"
	touch "$tmp/root/.complete"
	rm -rf "$DIR"
	mv "$tmp/root" "$DIR"
	rm -rf "$tmp"
	say qemu "QEMU 10 ready: $DIR ($(head -n1 "$DIR/version.txt"))"
	echo "$DIR"
}
with_lock qemu10 fetch
