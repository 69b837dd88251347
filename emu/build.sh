#!/usr/bin/env bash
# Build the emulated counters: the QEMU TCG plugin (slubcount.so) and the
# guest's marker helper (sbmark). Prints the path of what was asked for.
#
# Usage: emu/build.sh [--qemu Q]            the plugin for QEMU Q (system,
#                                           the default, or 10: lib/qemu.sh),
#                                           fetching its header first if needed
#        emu/build.sh --guest               the static marker helper for the rootfs
#        emu/build.sh [--qemu Q] --header   only fetch the header; print its directory
#
# Each QEMU gets its own build of the plugin, against its own header.
# QEMU 10's header comes with it (emu/fetch-qemu.sh). The host's QEMU's
# header (include/qemu/qemu-plugin.h) is in no binary package. It is
# taken from Debian's qemu source package of the installed QEMU's version,
# fetched with apt-get source through a private sources list of deb-src
# lines made from the host's apt sources (lib/apt.sh). Only the header is
# kept, under $SLUBBENCH_CACHE/emu/qemu-<version>/, with where it came from.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/apt.sh
. "$SLUBBENCH_TOP/lib/apt.sh"
# shellcheck source=lib/qemu.sh
. "$SLUBBENCH_TOP/lib/qemu.sh"

what=plugin qemu=system
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--guest) what=guest; shift ;;
	--header) what=header; shift ;;
	--qemu) need_val "$@"; qemu=$(opt_choice --qemu "$2" system 10); shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	*) die "unknown option '$1' (see emu/build.sh --help)" ;;
	esac
done
SRC=$SLUBBENCH_TOP/emu/src
if [ "$what" != guest ]; then
	[ "$qemu" = system ] || "$SLUBBENCH_TOP/emu/fetch-qemu.sh" >/dev/null
	qemu_select "$qemu"
fi

fetch_header() {
	local dir ver codename tmp orig hdr
	dir=$QEMU_HEADER_DIR
	[ -f "$dir/qemu-plugin.h" ] && return 0
	[ "$qemu" = system ] || die "$dir/qemu-plugin.h is missing: remove $(qemu10_dir) and run emu/fetch-qemu.sh again"
	ver=$(dpkg-query -W -f='${source:Version}' qemu-system-x86 2>/dev/null) || ver=
	[ -n "$ver" ] || die "qemu-system-x86 is not installed: run ./run.sh deps"
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$codename" ] || die "no VERSION_CODENAME in /etc/os-release: cannot tell which deb-src suites to use"
	need_cmd apt-get apt
	need_space "$SLUBBENCH_CACHE" 200
	tmp=$dir.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/src"
	host_deb_src "$codename" >"$tmp/sources.list"
	[ -s "$tmp/sources.list" ] ||
		die "no Debian source for '$codename' in the host's apt sources: cannot fetch qemu's source for the plugin header"
	local apt=(apt-get -q -o "Dir::Etc::SourceList=$tmp/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$tmp/lists" -o "Dir::Cache=$tmp/cache" -o APT::Sandbox::User=root)
	say emu "fetching qemu $ver's source (deb-src of the host's mirror) for include/qemu/qemu-plugin.h"
	"${apt[@]}" update >"$tmp/apt.log" 2>&1 ||
		die "apt-get update with deb-src lines failed (log: $tmp/apt.log): no reachable Debian source mirror"
	(cd "$tmp/src" && "${apt[@]}" source --download-only "qemu=$ver") >>"$tmp/apt.log" 2>&1 ||
		die "apt-get source qemu=$ver failed (log: $tmp/apt.log): the mirror has no source for the installed QEMU"
	orig=$(find "$tmp/src" -maxdepth 1 -name 'qemu_*.orig.tar.*' | head -n1)
	[ -n "$orig" ] || die "qemu's source package has no orig tarball (log: $tmp/apt.log)"
	tar -xf "$orig" -C "$tmp" --wildcards --strip-components=3 '*/include/qemu/qemu-plugin.h' ||
		die "$(basename "$orig") holds no include/qemu/qemu-plugin.h"
	hdr=$tmp/qemu-plugin.h
	grep -q '^#define QEMU_PLUGIN_VERSION 1$' "$hdr" ||
		die "qemu $ver's plugin API is $(grep -m1 'define QEMU_PLUGIN_VERSION' "$hdr"), slubcount is written for version 1"
	mkdir -p "$dir.new"
	mv "$hdr" "$dir.new/qemu-plugin.h"
	printf 'package=qemu\nversion=%s\ntarball=%s\ntarball_sha256=%s\nheader_sha256=%s\n' \
		"$ver" "$(basename "$orig")" "$(sha256 "$orig")" "$(sha256 "$dir.new/qemu-plugin.h")" >"$dir.new/source.txt"
	rm -rf "$tmp" "$dir"
	mv "$dir.new" "$dir"
	say emu "plugin header ready: $dir/qemu-plugin.h (from $(basename "$orig"))"
}

case "$what" in
header)
	with_lock emu-header fetch_header
	echo "$QEMU_HEADER_DIR"
	;;
plugin)
	with_lock emu-header fetch_header
	with_lock emu-build make -s -C "$SRC" plugin BIN="$(emu_bin)" QEMU_INC="$QEMU_HEADER_DIR" PLUGIN="$(slubcount_plugin "$QEMU_ID")" \
		QPLUGIN="$(quantum_plugin "$QEMU_ID")" \
		QEMU_CFLAGS="$(pkg-config --cflags glib-2.0 2>/dev/null || true)" >&2 ||
		die "building the slubcount and slubquantum plugins for $QEMU_ID failed"
	slubcount_plugin "$QEMU_ID"
	;;
guest)
	[ -f /usr/lib/x86_64-linux-gnu/libc.a ] || die "no static libc (libc.a) to build sbmark: run ./run.sh deps"
	with_lock emu-build make -s -C "$SRC" guest BIN="$(emu_bin)" >&2 || die "building sbmark failed"
	sbmark_tool
	;;
esac
