#!/usr/bin/env bash
# Set a kernel tree to "pristine + these patches", touching only files whose
# content changes, so that Kbuild recompiles only what a variant changes.
#
# Usage: kernels/patch-tree.sh TREE [PATCH...]
#        kernels/patch-tree.sh --check TREE [PATCH...]  (apply to pristine
#                                  copies in a scratch dir; TREE is untouched)
#
# TREE/.slubbench/pristine/ keeps the original of every file any patch ever
# touched (TREE/.slubbench/absent lists those a patch created), written
# before the first change, so switching variants never needs the tarball.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
[ $# -ge 1 ] || die "usage: kernels/patch-tree.sh [--check] TREE [PATCH...]"
tree=$1
shift
if [ ! -f "$tree/Makefile" ] || [ ! -d "$tree/mm" ]; then
	die "$tree is not a kernel tree"
fi
for p in "$@"; do
	[ -f "$p" ] || die "patch $p: no such file"
done

meta=$tree/.slubbench
pristine=$meta/pristine
mkdir -p "$pristine"
touch "$meta/touched" "$meta/absent"

# The files a patch touches: its +++ and --- lines, less a/ b/ prefixes.
patch_files() {
	sed -n -e 's#^+++ b/\([^\t]*\).*#\1#p' -e 's#^--- a/\([^\t]*\).*#\1#p' "$@" | sort -u
}

files=$( (cat "$meta/touched"; [ $# -eq 0 ] || patch_files "$@") | sort -u)

# 1. Keep the original of every file before anything changes it.
if [ "$check" -eq 0 ]; then
	while IFS= read -r f; do
		[ -n "$f" ] || continue
		grep -qxF -- "$f" "$meta/touched" && continue
		if [ -e "$tree/$f" ]; then
			mkdir -p "$(dirname "$pristine/$f")"
			cp -p "$tree/$f" "$pristine/$f.tmp"
			mv "$pristine/$f.tmp" "$pristine/$f"
		else
			echo "$f" >>"$meta/absent"
		fi
		echo "$f" >>"$meta/touched"
	done <<<"$files"
fi

# 2. Build the wanted files in a scratch dir: originals, then each patch.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
while IFS= read -r f; do
	[ -n "$f" ] || continue
	src=
	if [ -e "$pristine/$f" ]; then
		src=$pristine/$f
	elif ! grep -qxF -- "$f" "$meta/absent" && [ -e "$tree/$f" ]; then
		src=$tree/$f # never touched yet (only possible with --check)
	fi
	if [ -n "$src" ]; then
		mkdir -p "$(dirname "$stage/$f")"
		cp -p "$src" "$stage/$f"
	fi
done <<<"$files"

for p in "$@"; do
	if ! out=$(patch -p1 -N --no-backup-if-mismatch -r - -d "$stage" <"$p" 2>&1); then
		# patch names the file and each failed hunk ("Hunk #2 FAILED at 2055.")
		printf '%s\n' "$out" | grep -v '^checking file\|^patching file .* (read from' | sed 's/^/    /' >&2
		die "patch $(basename "$p") does not apply to the pristine tree + the patches before it (see the hunks above); rebase it on ${PATCH_BASE:-linux-source-6.1 $(ksrc_version)}"
	fi
done
[ "$check" -eq 1 ] && exit 0

# 3. Copy in only what differs; remove what the patches no longer create.
changed=0
while IFS= read -r f; do
	[ -n "$f" ] || continue
	if [ -e "$stage/$f" ]; then
		if ! cmp -s "$stage/$f" "$tree/$f" 2>/dev/null; then
			mkdir -p "$(dirname "$tree/$f")"
			cp "$stage/$f" "$tree/$f.slubbench-tmp"
			mv "$tree/$f.slubbench-tmp" "$tree/$f"
			changed=$((changed + 1))
		fi
	elif [ -e "$tree/$f" ]; then
		rm -f "$tree/$f"
		changed=$((changed + 1))
	fi
done <<<"$files"
echo "$changed"
