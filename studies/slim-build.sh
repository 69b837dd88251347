#!/usr/bin/env bash
# What a slimmer guest config would save a cold kernel build:
# studies/slim-build.sh [CONFIG...] builds head (6.1, profile 2007) from
# scratch once per CONFIG (default: committed slim), one build after the
# other, each in a scratch cache that holds a copy of the cached 6.1 tree
# (file times kept) and nothing else. committed: kernels/config/base.config
# as committed; slim: a copy of it without ACPI (CONFIG_ACPI off,
# CONFIG_X86_MPPARSE on: the CPUs from the MP table, as issue #40
# proposed). INET, the other part of that proposal, stays: 9P_FS depends
# on it, and the timed boots' job directory is a 9p mount. The build store
# is off. It prints a line a build: the config, its options on, the
# objects compiled and the build's wall seconds (kernels/build.sh's own
# line).
# The host should be otherwise quiet. Nothing is booted: without ACPI the
# guest's init cannot power off (SysRq o; rootfs/guest/init), so the
# slim kernel is not one the bench could run as it is. Nothing is written
# outside a temporary directory, which is removed (about 4 GB while it
# runs).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
case "${1:-}" in -h | --help) usage_from_header "$0" ;; esac
[ $# -gt 0 ] || set -- committed slim
for cfg in "$@"; do
	case "$cfg" in committed | slim) ;; *) die "no config '$cfg': give committed or slim (see studies/slim-build.sh --help)" ;; esac
done
# the cached tree (kernels/build.sh extracts it the first time)
"$SLUBBENCH_TOP/kernels/build.sh" head >/dev/null
src=$(ksrc_tree)
[ -f "$src/.slubbench-extracted" ] || die "no extracted 6.1 tree at $src: run ./run.sh kernels head"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
need_space "$tmp" 4000
echo "studies/slim-build.sh at $(git -C "$SLUBBENCH_TOP" describe --always --dirty 2>/dev/null || echo unknown): head (6.1, 2007), from scratch, one build at a time"
echo "config options_on objects_compiled wall_s"
for cfg in "$@"; do
	top=$tmp/$cfg-top cache=$tmp/$cfg-cache
	mkdir -p "$top" "$cache/src"
	git -C "$SLUBBENCH_TOP" archive HEAD | tar -x -C "$top"
	cp -a "$src" "$cache/src/"
	if [ "$cfg" = slim ]; then
		b=$top/kernels/config/base.config
		grep -qx 'CONFIG_ACPI=y' "$b" || die "$b: no CONFIG_ACPI=y to take out"
		sed -i 's/^CONFIG_ACPI=y$/# CONFIG_ACPI is not set/' "$b"
		echo 'CONFIG_X86_MPPARSE=y' >>"$b"
	fi
	SLUBBENCH_CACHE=$cache SLUBBENCH_REUSE_BUILDS=0 "$top/kernels/build.sh" head >"$tmp/$cfg.log" 2>&1 ||
		die "the $cfg build failed: $(tail -n 3 "$tmp/$cfg.log")"
	on=$(grep -c '=y$' "$cache/kernels/head-2007/config")
	sed -n 's/.*head-2007: built in \([0-9]*\)s, \([0-9]*\) objects compiled.*/\2 \1/p' "$tmp/$cfg.log" |
		awk -v c="$cfg" -v on="$on" 'NF == 2 { print c, on, $1, $2; n++ } END { if (n != 1) exit 1 }' ||
		die "no build line in the $cfg build's log: $(tail -n 3 "$tmp/$cfg.log")"
	rm -rf "$cache/src" "$cache/build"
done
