# shellcheck shell=bash
# The kernel build store: a build is reproducible (the same source, .config,
# compiler and make command give the same bzImage, whatever tree it sits in,
# whatever its build directory held before and on whichever machine: t64
# with SLUBBENCH_REUSE_BUILDS=0 checks a git tree's stock kernel against the
# Debian tree's, bit for bit, and docs/kernels.md gives the build ids a fresh
# machine reproduced), so what it makes is a function of what goes in. With SLUBBENCH_REUSE_BUILDS=1 (tests/run.sh sets
# it; off for a user's builds) a variant whose whole input was built before,
# in any tree and under any name, is not compiled again: its artefacts are
# copied from the store (lib/store.sh) and its manifest says so
# (build_reused: the key). The key names the tree's content (every file's
# path, content and executable bit, every symlink), the .config, the
# compiler, the linker and the recipe (BUILD_RECIPE: the make command).
# Sourced by kernels/build.sh.

# BUILDSTORE_FILES: what a build leaves (kernels/buildlib.sh's collect_build)
BUILDSTORE_FILES=(bzImage vmlinux System.map config objects.sha256 kernel.release)
# BUILDSTORE_MB: the store's size cap; the least recently used builds go first
BUILDSTORE_MB=${SLUBBENCH_REUSE_BUILDS_MB:-4096}
store_cap_check SLUBBENCH_REUSE_BUILDS_MB "$BUILDSTORE_MB"

# buildstore_on: is reuse asked for?
buildstore_on() { store_switch SLUBBENCH_REUSE_BUILDS; }

# tree_content_sha DIR: the sha256 of DIR's content as a build reads it:
# each regular file's path, executable bit and content, each symlink's
# path and target; slubbench's own marks (.slubbench*: a patched tree's
# originals, an extracted or copied tree's mark) and .git are no part of it
tree_content_sha() {
	(
		cd "$1" || exit 1
		set -o pipefail
		prune=(\( -path ./.git -o -path './.slubbench*' \) -prune -o)
		{
			find . "${prune[@]}" -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 -r sha256sum --
			find . "${prune[@]}" -type f -perm -u+x -printf 'x %P\n' | LC_ALL=C sort
			find . "${prune[@]}" -type l -printf 'l %P %l\n' | LC_ALL=C sort
		} | sha256sum | cut -d' ' -f1
	)
}

# buildstore_key TREE CONFIG: the key's text (stdout's first lines) and its
# sha256 (the last line) for a build of TREE with the .config CONFIG
buildstore_key() {
	local src text
	src=$(tree_content_sha "$1") || return 1
	text="source $src
config $(sha256 "$2")
compiler $(gcc --version | head -n1)
linker $(ld --version | head -n1)
recipe $BUILD_RECIPE"
	printf '%s\n%s\n' "$text" "$(printf '%s\n' "$text" | sha256sum | cut -d' ' -f1)"
}

# buildstore_fetch KEY DIR: the stored build's artefacts into DIR; fails
# when KEY was never stored
buildstore_fetch() { store_fetch "$(build_store)" "$1" "$2" "${BUILDSTORE_FILES[@]}"; }

# buildstore_put KEY KEYTEXT DIR SECONDS: a finished build's artefacts into
# the store
buildstore_put() { store_put "$(build_store)" "$BUILDSTORE_MB" "$1" "$2" "$3" "$4" "${BUILDSTORE_FILES[@]}"; }
