#!/usr/bin/env bash
# Build slubbench kernel variants from a kernel tree (lib/trees.sh):
# Debian's linux-source-6.1 (the default), linux-source-6.12 from
# bookworm-backports, or a user's tree.
#
# Usage: kernels/build.sh [--tree TREE] [--profile 2007|modern]
#                         [--variant NAME[@TREE]=PATCH[,PATCH...]]... [--bare-as NAME[@TREE]]
#                         [VARIANT[@TREE]...]
#        kernels/build.sh [--tree TREE] --list
#        kernels/build.sh --check-patches [--tree TREE]
#        kernels/build.sh --tools    (the 6.1 tree's slabinfo tool alone)
#
#   --tree TREE   the tree of every VARIANT named without @TREE: 6.1
#                 (default), 6.12, a tree registered before, or [NAME=]DIR,
#                 a user's kernel source tree or git checkout (registered as
#                 NAME, by default DIR's base name; copied into the cache and
#                 built out of tree: DIR is never written to)
#   --check-patches  every variant's patches apply to a pristine copy of
#                 the tree (without --tree: of every Debian tree)
#   --bare-as NAME  the tree as it is, no slubbench patch (SLUB with its
#                 statistics, the counting mode's oracle), built under NAME
#                 in a kernel directory of its own: a git bisect's step
#
# Variants come from kernels/variants (default: all of them the tree can
# build: no slab from 6.8 on); --variant adds "stock + PATCH" under NAME
# (several patches: applied in the order given, as a bisect's step is).
# Each built variant lands, complete or not at all, in
# $SLUBBENCH_CACHE/kernels/<variant>[@<tree>]-<profile>/: bzImage, vmlinux,
# System.map, config, build.log, objects.sha256, manifest.json. A variant
# whose patches do not apply to its tree is refused by name, the failing
# hunks shown, and the others still build. With SLUBBENCH_REUSE_BUILDS=1, a
# build whose whole input (source, .config, compiler) was built before is
# copied from the kernel build store (kernels/buildstore.sh), not compiled.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

KDIR=$SLUBBENCH_TOP/kernels
# Bump when what build_variant makes changes (make flags, artefacts): a
# built variant whose inputs and recipe are unchanged is not rebuilt.
BUILD_RECIPE=3
PROFILES="2007 modern"
profile=2007
list=0
check_patches=0
tools_only=0
wanted=()
tree_opt=''
declare -A user_patch=()


split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--profile) need_val "$@"; profile=$2; shift 2 ;;
	--tree) need_val "$@"; tree_opt=$2; shift 2 ;;
	--tools) tools_only=1; shift ;;
	--variant) need_val "$@"; user_variant=$2; shift 2
		name=${user_variant%%=*} file=${user_variant#*=}
		if [ "$name" = "$user_variant" ] || [ -z "$name" ] || [ -z "$file" ]; then
			die "--variant takes NAME=PATCH, got '$user_variant'"
		fi
		[ "$file" != - ] || die "--variant $name: '-' is not a patch file (the tree with no patch at all: --bare-as $name)"
		user_patch[$name]=$file ;;  # NAME: the tree added below
	--bare-as) need_val "$@"; user_patch[$2]=-; shift 2 ;;
	--list) list=1; shift ;;
	--check-patches) check_patches=1; shift ;;
	-h | --help) usage_from_header "$0" ;;
	-*) die "unknown option '$1' (see kernels/build.sh --help)" ;;
	*) wanted+=("$1"); shift ;;
	esac
done

# ---- which tree each variant is from ------------------------------------
tree=$DEFAULT_TREE
[ -z "$tree_opt" ] || tree=$(tree_resolve "$tree_opt")
# full NAME: a variant name with its tree (NAME@TREE; NAME for the default)
full() { case "$1" in *@*) echo "$(variant_base "$1")$(tree_suffix "$(variant_tree "$1")")" ;; *) echo "$1$(tree_suffix "$tree")" ;; esac; }
declare -A up=()
for v in "${!user_patch[@]}"; do up[$(full "$v")]=${user_patch[$v]}; done
user_patch=()
for v in "${!up[@]}"; do user_patch[$v]=${up[$v]}; wanted+=("$v"); done
for i in "${!wanted[@]}"; do wanted[i]=$(full "${wanted[$i]}"); done

case " $PROFILES " in
*" $profile "*) ;;
*) die "unknown profile '$profile': valid profiles are: $PROFILES" ;;
esac

# ---- the source tree ----------------------------------------------------
need_cmd make build-essential
need_cmd gcc build-essential
need_cmd flex flex
need_cmd bison bison
need_cmd bc bc
need_cmd patch patch
need_cmd readelf binutils
need_cmd jq jq
[ -e /usr/include/libelf.h ] || die "libelf headers are missing: install them with 'apt-get install -y libelf-dev' (or run ./run.sh deps)"
[ -e /usr/include/openssl/ssl.h ] || die "OpenSSL headers are missing: install them with 'apt-get install -y libssl-dev' (or run ./run.sh deps)"

# prepare_tree (kernels/treeprep.sh), load_variants and what a variant is
# built from (kernels/variantlib.sh), run_make, collect_build and
# store_build (kernels/buildlib.sh), the build store (kernels/buildstore.sh)
# shellcheck source=kernels/treeprep.sh
. "$KDIR/treeprep.sh"
# shellcheck source=kernels/variantlib.sh
. "$KDIR/variantlib.sh"
# shellcheck source=kernels/buildlib.sh
. "$KDIR/buildlib.sh"
# shellcheck source=kernels/buildstore.sh
. "$KDIR/buildstore.sh"

# build_variant NAME: NAME of the tree prepare_tree set; 1 when its
# patches do not apply (the hunks shown), dies on any other failure.
build_variant() {
	local v=$1 t0 key obj out hash fv
	fv=$v$(tree_suffix "$TREE_NAME")
	t0=$EPOCHSECONDS
	# One build directory per allocator: a profile switch rewrites .config
	# and Kbuild recompiles only what uses CONFIG_SLUB_CPU_PARTIAL (mm/),
	# where a directory per profile would compile everything again.
	key=${allocator[$v]}
	out=$(kernel_out "$fv" "$profile")
	hash=$(inputs_hash "$v")
	if [ -f "$out/manifest.json" ] && [ "$(jq -r .inputs_sha256 "$out/manifest.json")" = "$hash" ]; then
		if kernel_intact "$out"; then
			say kernels "$(basename "$out"): up to date ($out)"
			return 0
		fi
		say kernels "$(basename "$out"): bzImage damaged (does not match its manifest): rebuilding"
	fi
	obj=$(build_dir "$key" "$TREE_NAME")
	need_space "$SLUBBENCH_CACHE" 3000
	mkdir -p "$obj" "$SLUBBENCH_CACHE/logs"
	local log
	log=$SLUBBENCH_CACHE/logs/build-$(basename "$out").log

	local n
	tree_ready
	# shellcheck disable=SC2086
	n=$(PATCH_BASE="$SRC_PKG $KVER" "$KDIR/patch-tree.sh" "$TREE" ${patches[$v]}) || return 1
	say kernels "$(basename "$out"): tree set to $(wc -w <<<"${patches[$v]}") patch(es), $n file(s) changed"

	# shellcheck disable=SC2046
	(cd "$TREE" && scripts/kconfig/merge_config.sh -n -O "$obj" $(fragments "$v")) >"$log" 2>&1 ||
		{ tail -n 20 "$log" >&2; die "configuring $v failed; log: $log"; }
	# shellcheck disable=SC2046
	check_config "$obj/.config" $(fragments "$v")
	say kernels "$(basename "$out"): configured ($(grep -c '=y' "$obj/.config") options on), building in $obj"

	local tmp key='' text='' reused=''
	tmp=$out.tmp.$$
	rm -rf "$out".tmp.* && mkdir -p "$tmp"
	if buildstore_on; then
		text=$(buildstore_key "$TREE" "$obj/.config") || die "could not read tree $TREE_NAME's content in $TREE"
		key=$(tail -n1 <<<"$text") text=$(sed '$d' <<<"$text")
		if buildstore_fetch "$key" "$tmp"; then
			reused=$key
			printf 'reused from the kernel build store: key %s\n%s\n' "$key" "$text" >"$tmp/build.log"
			say kernels "$(basename "$out"): reused from the kernel build store (key ${key:0:12}), not compiled"
		fi
	fi
	if [ -z "$reused" ]; then
		run_make "$obj" "$log" "$v" "$(basename "$out")"
		collect_build "$obj" "$log" "$tmp"
		[ -z "$key" ] || buildstore_put "$key" "$text" "$tmp" $((EPOCHSECONDS - t0))
	fi
	store_build "$v" "$tmp" "$out" "$hash" "$t0" "$obj" "$reused"
	say kernels "$(basename "$out"): $([ -n "$reused" ] && echo "copied" || echo "built") in $((EPOCHSECONDS - t0))s, $compiled objects compiled, build id ${buildid:0:12} -> $out"
}

# The kernel's own slabinfo tool, for the root filesystem (one per tree).
build_slabinfo() {
	local out
	out=$(slabinfo_tool)
	[ -x "$out" ] && return 0
	mkdir -p "$(dirname "$out")"
	gcc -O2 -Wall -static -o "$out.tmp" "$TREE/tools/vm/slabinfo.c" 2>"$SLUBBENCH_CACHE/logs/slabinfo.log" ||
		{ cat "$SLUBBENCH_CACHE/logs/slabinfo.log" >&2; die "building tools/vm/slabinfo failed"; }
	mv "$out.tmp" "$out"
	say kernels "tools/vm/slabinfo built -> $out"
}

# build_tree TREE [NAME...]: the tree made ready, and its variants NAME
# (default: all it can build) built, or checked with --check-patches.
build_tree() {
	if [ "$list" -eq 1 ]; then tree_identity "$1"; else prepare_tree "$1"; fi
	shift
	load_variants
	local v refused=()
	[ $# -gt 0 ] || set -- "${names[@]}"
	for v in "$@"; do
		[ -z "${absent[$v]:-}" ] || die "variant $v@$TREE_NAME: ${absent[$v]} (its variants: ${names[*]})"
		[ -n "${allocator[$v]:-}" ] || die "unknown variant '$v': valid variants are: ${names[*]}$([ "$TREE_NAME" = "$DEFAULT_TREE" ] || echo " (tree $TREE_NAME)") (or add one with --variant NAME=PATCH)"
	done
	for v in "$@"; do
		if [ "$check_patches" -eq 1 ]; then
			tree_ready
			# shellcheck disable=SC2086
			PATCH_BASE="$SRC_PKG $KVER" "$KDIR/patch-tree.sh" --check "$TREE" ${patches[$v]} || { refused+=("$v"); continue; }
			say kernels "$v$(tree_suffix "$TREE_NAME"): patches apply to the pristine tree ($SRC_PKG $KVER)"
		elif [ "$list" -eq 1 ]; then
			local pl='' p
			for p in ${patches[$v]}; do pl+="$(basename "$p") "; done
			printf '%-8s %-7s %-9s %-9s %s\n' "$v" "$TREE_NAME" "${allocator[$v]}" "$([ "${allocator[$v]}" = slab ] && echo n/a || echo "${PROFILES// /,}")" "${pl:--}"
		else
			build_variant "$v" || refused+=("$v")
		fi
	done
	[ ${#refused[@]} -eq 0 ] || die "tree $TREE_NAME: variant(s) ${refused[*]} refused: a patch does not apply (the hunks above); the others $([ "$check_patches" -eq 1 ] && echo apply || echo were built)"
}

main() {
	mkdir -p "$SLUBBENCH_CACHE/logs"
	if [ "$tools_only" -eq 1 ]; then
		prepare_tree 6.1
		build_slabinfo
		return 0
	fi
	[ "$list" -eq 0 ] || printf '%-8s %-7s %-9s %-9s %s\n' variant tree allocator profiles patches
	local t v trees=() args
	if [ ${#wanted[@]} -eq 0 ]; then
		# all of the tree's variants; --check-patches without --tree: every Debian tree's
		if [ "$check_patches" -eq 1 ] && [ -z "$tree_opt" ]; then read -r -a trees <<<"$DEB_TREES"; else trees=("$tree"); fi
		for t in "${trees[@]}"; do build_tree "$t"; done
		return 0
	fi
	for v in "${wanted[@]}"; do
		t=$(variant_tree "$v")
		case " ${trees[*]} " in *" $t "*) ;; *) trees+=("$t") ;; esac
	done
	for t in "${trees[@]}"; do
		args=()
		for v in "${wanted[@]}"; do [ "$(variant_tree "$v")" = "$t" ] && args+=("$(variant_base "$v")"); done
		build_tree "$t" "${args[@]}"
	done
}
# a tree that is not known is said before waiting for the lock
for v in ${wanted[@]+"${wanted[@]}"}; do tree_known "$(variant_tree "$v")"; done
with_lock kernels main
