#!/usr/bin/env bash
# group: unit
# A user's kernel tree (--tree [NAME=]DIR, lib/trees.sh) without building:
# what is not a kernel tree, a version without a patch series and a name
# taken by another directory, and backports out of reach, are refused in
# one line; a git tree's commit
# and uncommitted changes are named; a patch that does not apply refuses
# its variant by name, with the failing hunk's file, while the others
# apply; the user's tree is never written to; a dry run lists its builds.
. "$(dirname "$0")/lib.sh"
B=$TOP/kernels/build.sh
tmp=$(mktemp -d)
name=t14-$$
trap 'rm -rf "$tmp" "$(tree_src "$name")" "$(tree_registry "$name")"' EXIT

expect_fail "$B" --tree "$tmp" --list
contains "$OUT" "^slubbench: error: --tree $tmp: $tmp is not a kernel source tree \(no Makefile, Kconfig and mm/slub.c\)$" "not a kernel tree: refused in one line"

# fake TREE VERSION PATCHLEVEL: the files a tree is recognised by, and
# those the 6.1 series touches (from the extracted 6.1 tree)
"$B" --check-patches --tree 6.1 >/dev/null 2>&1 || fail "the 6.1 tree could not be extracted"
src=$(ksrc_tree)
fake() {
	mkdir -p "$1/mm" "$1/include/trace/events"
	printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = 0\n' "$2" "$3" >"$1/Makefile"
	: >"$1/Kconfig"
	local f
	for f in mm/slub.c MAINTAINERS; do
		# the tree's pristine file (kernels/patch-tree.sh keeps it once patched)
		if [ -f "$src/.slubbench/pristine/$f" ]; then cp "$src/.slubbench/pristine/$f" "$1/$f"; else cp "$src/$f" "$1/$f"; fi
	done
}
fake "$tmp/old" 5 10
expect_fail "$B" --tree "$tmp/old" --list
contains "$OUT" "^slubbench: error: --tree $tmp/old: kernel 5\.10\.0 has no slubbench patch series \(there are series for 6\.1, 6\.12\): use a tree of one of those versions$" "a version without a series: refused in one line"

# a user's 6.1 git tree with a commit of its own that breaks 0004's hunk,
# and an uncommitted change
u=$tmp/user
fake "$u" 6 1
git -C "$u" init -q && git -C "$u" -c user.name=t -c user.email=t@t add -A &&
	git -C "$u" -c user.name=t -c user.email=t@t commit -qm base
sed -i 's/avoid this_cpu_add()'"'"'s irq-disable overhead/avoid the irq-disable overhead of this_cpu_add()/' "$u/mm/slub.c"
git -C "$u" -c user.name=t -c user.email=t@t commit -qam "mm/slub: a comment of the user's own"
echo '# dirty' >>"$u/Kconfig"
sha=$(git -C "$u" rev-parse HEAD)
before=$(cd "$u" && find . -path ./.git -prune -o -type f -printf '%P %s %T@\n' | sort | sha256sum)
expect_fail "$B" --tree "$name=$u" --check-patches
contains "$OUT" "stock@$name: patches apply to the pristine tree \(tree $name 6\.1\.0 git ${sha:0:12} dirty\)" "a git tree: its commit and 'dirty' named"
contains "$OUT" "head@$name: patches apply" "the other variants still apply (head)"
contains "$OUT" "patching file mm/slub\.c" "the failing hunk's file is shown"
contains "$OUT" "Hunk #1 FAILED" "the failing hunk is shown"
contains "$OUT" "^slubbench: error: tree $name: variant\(s\) nostats refused: a patch does not apply \(the hunks above\); the others apply$" "the variant refused by name, in one line"
[ "$(cd "$u" && find . -path ./.git -prune -o -type f -printf '%P %s %T@\n' | sort | sha256sum)" = "$before" ] &&
	[ "$(git -C "$u" rev-parse HEAD)" = "$sha" ] || fail "the user's tree was written to"
ok "the user's tree is untouched (files, sizes, times, commit)"

fake "$tmp/other" 6 1
expect_fail "$B" --tree "$name=$tmp/other" --list
contains "$OUT" "^slubbench: error: --tree $name=$tmp/other: the name '$name' already names the tree $u: choose another with --tree NAME=DIR$" "a name taken by another directory: refused in one line"
expect_fail "$B" --tree "6.12=$u" --list
contains "$OUT" "tree name '6\.12' is not allowed" "a Debian tree's name: refused"

# backports that cannot be reached (a closed port as the mirror, an empty cache)
c=$tmp/cache
expect_fail env SLUBBENCH_CACHE="$c" SLUBBENCH_MIRROR=http://127.0.0.1:9/debian "$TOP/kernels/fetch-source.sh" 6.12
contains "$OUT" "^slubbench: error: apt-get update of bookworm-backports failed \(log: .*\): bookworm-backports is not reachable from this host's mirror$" "backports unreachable: refused in one line"
[ ! -e "$(SLUBBENCH_CACHE=$c tree_fetched 6.12)" ] || fail "a failed fetch left a tree behind"

plan=$("$TOP/bench/run.sh" --dry-run --tree "$name" --kernels head,tail --rounds 2 --seed 1 2>&1)
contains "$plan" "^tree $name: tree $name \($u\): builds head@$name tail@$name \(2007 profile\)$" "a dry run on a registered tree lists its builds"
refusals_said
