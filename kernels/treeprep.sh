# shellcheck shell=bash disable=SC2034,SC2153
# One tree made ready to patch and build, sourced by kernels/build.sh.
#
# prepare_tree TREE sets, for TREE (lib/trees.sh):
#   TREE_NAME  the tree's name (6.1, 6.12, a user's)
#   TREE_KVER  its kernel version, major.minor
#   PATCHDIR   its patch series (kernels/patches*)
#   KVER       the Debian package's version, or the user's tree's kernel
#              version (with its commit, and "dirty" where it has changes)
#   SRC_PKG    linux-source-X.Y, or "tree NAME" for a user's tree
#   TREE_ID    a user's tree's identity: "git SHA" for a clean git checkout
#              (nothing changed, untracked or ignored), else a fingerprint of
#              its files (paths, sizes, times); a change rebuilds its
#              variants; empty for a Debian tree
#   TREE_GIT   a user's git tree's commit and "dirty" when it has uncommitted changes
#   TREE       the source to patch and build: the Debian tarball extracted,
#              or a copy of the user's tree (never the tree itself), made
#              current by tree_ready before its first use
# and fails with one line when the tree cannot be had.
prepare_tree() {
	tree_identity "$1"
	local tarball
	case "$TREE_NAME" in
	6.1)
		KVER=$(ksrc_version)
		SRC_PKG=$KSRC_PKG tarball=$KSRC_TARBALL
		TREE=$(tree_src 6.1 "$KVER")
		extract_tree "$tarball"
		;;
	6.12)
		SRC_PKG=linux-source-6.12
		tarball=$("$KDIR/fetch-source.sh" 6.12) || exit 1
		KVER=$(cat "$(tree_fetched 6.12)/version")
		TREE=$(tree_src 6.12 "$KVER")
		extract_tree "$tarball"
		;;
	*)
		copy_user_tree "$(tree_dir "$TREE_NAME")"
		;;
	esac
}

# tree_identity TREE: TREE_NAME, TREE_KVER and PATCHDIR alone (nothing
# fetched or extracted: what --list needs).
tree_identity() {
	TREE_NAME=$1 TREE_ID='' TREE_GIT='' TREE_FROM=''
	TREE_KVER=$(tree_kver "$TREE_NAME")
	PATCHDIR=$(tree_patches "$TREE_KVER") ||
		die "tree $TREE_NAME: kernel $TREE_KVER has no slubbench patch series (there are series for ${TREE_KVERS// /, })"
}

# extract_tree TARBALL: TREE from TARBALL, once (complete or not at all).
extract_tree() {
	[ -f "$TREE/.slubbench-extracted" ] && return 0
	need_space "$SLUBBENCH_CACHE/src" 1500
	say kernels "extracting $1 ($SRC_PKG $KVER)"
	local tmp=$TREE.tmp
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -xJf "$1" -C "$tmp" --strip-components=1 ||
		die "could not extract $1 (disk full?)"
	touch "$tmp/.slubbench-extracted"
	rm -rf "$TREE"
	mv "$tmp" "$TREE"
}

# The files a user's tree may hold that an out-of-tree (O=) build refuses
# in its source, or that are the tree's own build output: never copied.
USER_TREE_EXCLUDES=(--exclude=/.git --exclude=/.slubbench --exclude=/.slubbench-synced
	--exclude=/.config --exclude=/.config.old --exclude=/include/config/ --exclude=/include/generated/
	--exclude=/arch/x86/include/generated/ --exclude='*.o' --exclude='*.cmd' --exclude=/vmlinux)

# copy_user_tree DIR: TREE, where the cache keeps its copy of DIR, and
# DIR's identity; the copy is brought to DIR's content by tree_ready, when
# a build needs it.
copy_user_tree() {
	local dir=$1 v
	need_cmd rsync rsync
	v=$(makefile_version "$dir") || die "tree $TREE_NAME: $dir/Makefile names no kernel version"
	KVER=$v SRC_PKG="tree $TREE_NAME"
	TREE_ID=''
	if git -C "$dir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		local sha dirty='' st
		sha=$(git -C "$dir" rev-parse HEAD)
		# (GIT_OPTIONAL_LOCKS=0: git status does not refresh DIR's index)
		st=$(GIT_OPTIONAL_LOCKS=0 git -C "$dir" status --porcelain --ignored 2>/dev/null) || st='?'
		[ -z "$st" ] || ! grep -qv '^[?!]' <<<"$st" || dirty=' dirty'
		TREE_GIT=$sha$dirty
		KVER+=" git ${sha:0:12}$dirty"
		# a checkout with nothing changed, untracked or ignored is its
		# commit, whatever its files' times (a bisect's checkouts)
		[ -n "$st" ] || TREE_ID="git $sha"
	fi
	[ -n "$TREE_ID" ] ||
		TREE_ID=$(cd "$dir" && find . -path ./.git -prune -o -type f -printf '%P %s %T@\n' | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
	TREE=$(tree_src "$TREE_NAME")
	TREE_FROM=$dir
}

# tree_ready: a user's tree's copy (TREE) brought to its directory's
# content when that changed since the last copy: only files whose content
# differs are written (rsync --checksum, no times kept: each is newer than
# its object, so Kbuild recompiles what changed and nothing else). A
# Debian tree is ready once extracted.
tree_ready() {
	[ -n "${TREE_FROM:-}" ] || return 0
	[ "$(cat "$TREE/.slubbench-synced" 2>/dev/null)" != "$TREE_ID" ] || return 0
	need_space "$SLUBBENCH_CACHE/src" 1500
	say kernels "copying tree $TREE_NAME ($TREE_FROM, kernel $KVER) into the cache (only what changed)"
	mkdir -p "$TREE"
	rsync -rl --checksum --delete "${USER_TREE_EXCLUDES[@]}" "$TREE_FROM/" "$TREE/" ||
		die "copying $TREE_FROM into $TREE failed (disk full, or files unreadable?)"
	# the copy is the tree as it is now: nothing of it is patched
	rm -rf "$TREE/.slubbench"
	printf '%s\n' "$TREE_ID" >"$TREE/.slubbench-synced"
}
