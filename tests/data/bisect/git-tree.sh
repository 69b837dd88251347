#!/usr/bin/env bash
# A git kernel tree for the git-range bisect's test (t64): Debian's
# linux-source-6.1 as one commit, slubbench's stock patch (kernels/patches'
# 0001, on which the test changes were made) as the next, then the eight
# changes of ./series as commits of their own (git am), with fixed authors
# and dates so that every machine makes the same commits from the same
# package.
#
# Usage: tests/data/bisect/git-tree.sh DIR
# Makes DIR once (kept: a bisect of it then builds incrementally), again
# when the package or a patch changed.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../../../lib/common.sh"
# shellcheck source=lib/gittree.sh
. "$SLUBBENCH_TOP/lib/gittree.sh"

[ $# -eq 1 ] || die "usage: tests/data/bisect/git-tree.sh DIR"
dir=$1
here=$SLUBBENCH_TOP/tests/data/bisect
[ -f "$KSRC_TARBALL" ] || die "$KSRC_TARBALL is missing: install linux-source-6.1 with ./run.sh deps"
patches=("$(compgen -G "$SLUBBENCH_TOP/kernels/patches/0001-*.patch")")
while read -r p; do
	case "$p" in '' | '#'*) continue ;; esac
	[ -f "$here/$p" ] || die "tests/data/bisect/series names $p, which is missing"
	patches+=("$here/$p")
done <"$here/series"
want=$( {
	ksrc_version
	for p in "${patches[@]}"; do sha256 "$p"; done
} | sha256sum | cut -c1-64)
[ "$(cat "$dir/.git/slubbench-made" 2>/dev/null)" != "$want" ] || exit 0
need_space "$(dirname "$dir")" 2000
say test "making the bisect's git tree $dir ($KSRC_PKG $(ksrc_version) and the eight changes of tests/data/bisect/series)"
rm -rf "$dir" "$dir.tmp"
git_tree_from_tarball "$KSRC_TARBALL" "$dir.tmp" "$KSRC_PKG $(ksrc_version)"
for p in "${patches[@]}"; do
	git_tree "$dir.tmp" am --quiet --committer-date-is-author-date "$p" >/dev/null || die "git am $p failed in $dir.tmp"
done
echo "$want" >"$dir.tmp/.git/slubbench-made"
mv "$dir.tmp" "$dir"
