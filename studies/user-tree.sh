#!/usr/bin/env bash
# A user's kernel tree, made the same on every machine, for the
# reference-user-tree run (docs/findings/kernel-trees.md): Debian
# bookworm-backports' linux-source-6.12 (fetched into the cache by
# kernels/fetch-source.sh) as a git repository of one commit, and a commit
# of the user's own on top that changes no built file (a line in
# Documentation/mm/slub.rst), with fixed authors and dates, so that the
# same package gives the same commit ids anywhere. What it stands for: a
# kernel developer's git checkout with work of their own (docs/kernels.md).
#
# Usage: studies/user-tree.sh DIR
# Makes DIR once, again when the package changed. Then, for the reference:
#   ./run.sh bench --tree DIR --seed 20261205 --out results/NAME
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/gittree.sh
. "$SLUBBENCH_TOP/lib/gittree.sh"

case "${1:-}" in -h | --help) usage_from_header "$0" ;; esac
[ $# -eq 1 ] || die "usage: studies/user-tree.sh DIR (see --help)"
dir=$1
tarball=$("$SLUBBENCH_TOP/kernels/fetch-source.sh" 6.12)
want="linux-source-6.12 $(cat "$(tree_fetched 6.12)/version") user-tree 1"
[ "$(cat "$dir/.git/slubbench-made" 2>/dev/null)" != "$want" ] || exit 0
need_space "$(dirname "$dir")" 2000
say tree "making the user's tree $dir (${want% user-tree*} and a commit of its own)"
rm -rf "$dir" "$dir.tmp"
git_tree_from_tarball "$tarball" "$dir.tmp" "${want% user-tree*}"
printf '\nA line of the user'\''s own, which no build reads.\n' >>"$dir.tmp/Documentation/mm/slub.rst"
git_tree "$dir.tmp" commit --quiet -a -m "Documentation: mm/slub: a line of the user's own"
echo "$want" >"$dir.tmp/.git/slubbench-made"
mv "$dir.tmp" "$dir"
