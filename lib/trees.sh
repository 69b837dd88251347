# shellcheck shell=bash
# Kernel trees: where a kernel's source comes from. Sourced by lib/common.sh.
#
# A kernel variant is NAME or NAME@TREE (NAME: kernels/variants' or a
# user's --variant); without @TREE its tree is 6.1, and NAME@6.1 is NAME.
# TREE is one of:
#   6.1    Debian bookworm's linux-source-6.1, installed on the host by
#          ./run.sh deps
#   6.12   Debian bookworm-backports' linux-source-6.12: its .deb fetched
#          into the cache by kernels/fetch-source.sh when a 6.12 kernel is
#          first asked for (nothing is installed on the host)
#   NAME   a user's kernel tree, registered by --tree [NAME=]DIR (NAME:
#          DIR's base name by default) and copied into the cache before each
#          build: the user's tree is never written to
# Each tree has its own source copy, build directories and patch series
# (tree_patches: by the tree's kernel version, major.minor).

DEFAULT_TREE=6.1
DEB_TREES="6.1 6.12"
# TREE_RE: what a user's tree name may look like (no '@', not a Debian tree's)
TREE_RE='^[a-z][a-z0-9_.-]{0,31}$'

# variant_base V: V without its @TREE. variant_tree V: its tree.
variant_base() { echo "${1%%@*}"; }
variant_tree() {
	case "$1" in
	*@*) echo "${1#*@}" ;;
	*) echo "$DEFAULT_TREE" ;;
	esac
}
# tree_suffix TREE: what a path or label adds for TREE ("" for the default).
tree_suffix() { [ "$1" = "$DEFAULT_TREE" ] || echo "@$1"; }

# tree_registry NAME: the file that holds a user's tree's directory.
tree_registry() { echo "$SLUBBENCH_CACHE/trees/$1"; }
# tree_fetched VERSION: where kernels/fetch-source.sh keeps a backports
# tree's tarball (linux-source-VERSION.tar.xz) and its package version.
tree_fetched() { echo "$SLUBBENCH_CACHE/ksrc/linux-source-$1"; }

# tree_src TREE VERSION: where TREE's source is extracted (a Debian tree:
# VERSION is its package's) or copied (a user's tree), and patched.
tree_src() {
	if tree_is_deb "$1"; then
		echo "$SLUBBENCH_CACHE/src/linux-source-$1_$2"
	else
		echo "$SLUBBENCH_CACHE/src/tree-$1"
	fi
}

# tree_is_deb TREE: true for a Debian package's tree.
tree_is_deb() { case " $DEB_TREES " in *" $1 "*) return 0 ;; esac; return 1; }

# tree_known TREE: fail with one line when TREE is neither a Debian tree
# nor registered (call it directly: a die in $(...) ends only the subshell).
tree_known() {
	tree_is_deb "$1" || [ -f "$(tree_registry "$1")" ] ||
		die "unknown kernel tree '$1': use ${DEB_TREES// /, } or register a tree with --tree DIR"
}

# tree_dir TREE: a user's tree's directory (from its registration).
tree_dir() {
	tree_known "$1"
	cat "$(tree_registry "$1")"
}

# makefile_version DIR: DIR's kernel version from its top Makefile (6.12.0);
# makefile_version_of FILE: the same of a top Makefile FILE (- : stdin).
makefile_version() { makefile_version_of "$1/Makefile"; }
makefile_version_of() {
	awk -F' *= *' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 } $1 == "SUBLEVEL" { s = $2 }
		END { if (v !~ /^[0-9]+$/ || p !~ /^[0-9]+$/) exit 1; print v "." p "." (s ~ /^[0-9]+$/ ? s : 0) }' "$1" 2>/dev/null
}

# tree_kver TREE: the tree's kernel version, major.minor (what selects its
# patch series and whether it has SLAB).
tree_kver() {
	if tree_is_deb "$1"; then
		echo "$1"
	else
		local v
		v=$(makefile_version "$(tree_dir "$1")") || die "tree $1 ($(tree_dir "$1")): its Makefile names no kernel version"
		echo "${v%.*}"
	fi
}

# tree_patches KVER: the patch series (kernels/patches*) for kernel
# version KVER, or fail naming the versions there are.
tree_patches() {
	case "$1" in
	6.1) echo "$SLUBBENCH_TOP/kernels/patches" ;;
	6.12) echo "$SLUBBENCH_TOP/kernels/patches-6.12" ;;
	*) return 1 ;;
	esac
}
# TREE_KVERS: the kernel versions tree_patches has a series for.
TREE_KVERS="6.1 6.12"

# tree_has_slab KVER: SLAB was removed in 6.8.
tree_has_slab() {
	local maj=${1%%.*} min=${1#*.}
	[ "$maj" -lt 6 ] || { [ "$maj" -eq 6 ] && [ "$min" -lt 8 ]; }
}

# tree_default_name DIR: the tree name DIR gets unless one is given (its
# base name, lower-case, other characters as '_').
tree_default_name() { basename "$1" | tr '[:upper:]' '[:lower:]' | tr -c 'a-z0-9_.\n-' _; }

# tree_register SPEC: register a user's tree, SPEC = DIR or NAME=DIR, and
# print its name; one line naming what is wrong otherwise (not a kernel
# tree, a version without patches, a name taken by another directory).
tree_register() {
	local spec=$1 name dir v
	if [[ "$spec" == *=* ]]; then name=${spec%%=*} dir=${spec#*=}; else name='' dir=$spec; fi
	[ -d "$dir" ] || die "--tree $spec: '$dir' is not a directory"
	dir=$(cd "$dir" && pwd -P)
	[ -n "$name" ] || name=$(tree_default_name "$dir")
	[[ "$name" =~ $TREE_RE ]] && ! tree_is_deb "$name" ||
		die "--tree $spec: tree name '$name' is not allowed (lower-case letters, digits, '_', '.', '-', a letter first; not ${DEB_TREES// / or }): use --tree NAME=DIR"
	if [ ! -f "$dir/Makefile" ] || [ ! -f "$dir/mm/slub.c" ] || [ ! -f "$dir/Kconfig" ]; then
		die "--tree $spec: $dir is not a kernel source tree (no Makefile, Kconfig and mm/slub.c)"
	fi
	v=$(makefile_version "$dir") || die "--tree $spec: $dir/Makefile names no kernel version"
	tree_patches "${v%.*}" >/dev/null ||
		die "--tree $spec: kernel $v has no slubbench patch series (there are series for ${TREE_KVERS// /, }): use a tree of one of those versions"
	local f
	f=$(tree_registry "$name")
	if [ -f "$f" ] && [ "$(cat "$f")" != "$dir" ]; then
		die "--tree $spec: the name '$name' already names the tree $(cat "$f"): choose another with --tree NAME=DIR"
	fi
	mkdir -p "$(dirname "$f")"
	printf '%s\n' "$dir" >"$f.tmp" && mv "$f.tmp" "$f"
	echo "$name"
}

# tree_resolve SPEC: the tree SPEC names, printed: 6.1, 6.12, a registered
# name, or [NAME=]DIR (registered here: tree_register).
tree_resolve() {
	if tree_is_deb "$1" || [[ "$1" =~ $TREE_RE && -f "$(tree_registry "$1")" ]]; then
		echo "$1"
	else
		tree_register "$1"
	fi
}

# tree_desc TREE: where TREE's source comes from, in words.
tree_desc() {
	case "$1" in
	6.1) echo "Debian bookworm's linux-source-6.1" ;;
	6.12) echo "Debian bookworm-backports' linux-source-6.12" ;;
	*) safe_line "tree $1 ($(tree_dir "$1"))" ;;
	esac
}

# tree_hot_caches KVER: the caches hackbench's socket messages go through on
# kernel KVER (what the report shows apart, the guest's sampler and knobs
# use): the skbuffs' heads (skbuff_head_cache) and their data, kmalloc-512
# until 6.2, skbuff_small_head from 6.3 on (commit bf9f1baa279f, "net: add
# dedicated kmem_cache for typical/small skb->head").
tree_hot_caches() {
	local maj=${1%%.*} min=${1#*.}
	if [ "$maj" -lt 6 ] || { [ "$maj" -eq 6 ] && [ "$min" -lt 3 ]; }; then
		echo "skbuff_head_cache kmalloc-512"
	else
		echo "skbuff_head_cache skbuff_small_head"
	fi
}

# hot_caches_of KVER...: the union of their hot caches, in order.
hot_caches_of() {
	local v c out=''
	for v in "$@"; do
		for c in $(tree_hot_caches "$v"); do
			case " $out " in *" $c "*) ;; *) out+="$c " ;; esac
		done
	done
	echo "${out% }"
}

# run_hot_caches MANIFEST...: the union of the hot caches of the runs'
# kernels, each by its tree as its manifest entry says (a Debian tree by
# name, a user's by its source_version's major.minor; none: the default
# tree). Read from untrusted run directories: only digits pass.
run_hot_caches() {
	local kv
	kv=$(jq -r --arg deb "$DEB_TREES" --arg dflt "$DEFAULT_TREE" '.kernels // {} | .[] | (.tree // $dflt | tostring) as $t
		| if ($deb | split(" ") | index($t)) != null then $t
		  else (try ((.source_version // "") | tostring | capture("^(?<v>[0-9]{1,2}[.][0-9]{1,3})[.]").v) catch $dflt) end' "$@" 2>/dev/null |
		grep -E '^[0-9]{1,2}\.[0-9]{1,3}$' | sort -u) || true
	# shellcheck disable=SC2086
	hot_caches_of ${kv:-$DEFAULT_TREE}
}
