# shellcheck shell=bash
# The variants of one tree, sourced by kernels/build.sh (KDIR, profile,
# user_patch, TREE_NAME, TREE_KVER, PATCHDIR, KVER, TREE_ID).
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g profile user_patch

# load_variants: allocator[NAME] and patches[NAME] (files, in series
# order) for kernels/variants' names, resolved in PATCHDIR, and the user's
# --variant NAME=PATCH of this tree (stock + the patches; --bare-as NAME,
# user_patch "-": none at all); names: their order. A variant whose
# allocator the tree lacks (slab from 6.8 on) is kept in absent[NAME] with
# the reason.
load_variants() {
	local name alloc pl n f
	declare -gA allocator=() patches=() absent=()
	names=()
	while read -r name alloc pl; do
		case "$name" in '' | '#'*) continue ;; esac
		if [ "$alloc" = slab ] && ! tree_has_slab "$TREE_KVER"; then
			absent[$name]="tree $TREE_NAME (kernel $TREE_KVER) has no SLAB: it was removed in 6.8"
			continue
		fi
		names+=("$name")
		allocator[$name]=$alloc
		patches[$name]=
		[ "$pl" = - ] && continue
		for n in $pl; do
			f=$(compgen -G "$PATCHDIR/$n-*.patch" | head -n1) || true
			[ -n "$f" ] || die "kernels/variants: $name names patch $n, not in $(basename "$PATCHDIR")/ (tree $TREE_NAME)"
			patches[$name]+="$f "
		done
	done <"$KDIR/variants"
	local v file files
	for v in "${!user_patch[@]}"; do
		[ "$(variant_tree "$v")" = "$TREE_NAME" ] || continue
		name=$(variant_base "$v")
		file=${user_patch[$v]}
		[[ "$name" =~ ^[a-z0-9][a-z0-9_.-]*$ ]] ||
			die "--variant name '$name': use lower-case letters, digits, '.', '_' and '-'"
		[ -z "${allocator[$name]:-}${absent[$name]:-}" ] ||
			die "--variant name '$name' clashes with a built-in variant (${names[*]}): choose another name"
		names+=("$name")
		allocator[$name]=slub
		patches[$name]=${patches[stock]}
		[ "$file" != - ] || { patches[$name]=''; continue; }
		IFS=, read -r -a files <<<"$file"
		for f in "${files[@]}"; do
			[ -f "$f" ] || die "--variant $name: patch file '$f' does not exist"
			patches[$name]+="$(realpath "$f") "
		done
	done
}

# fragments NAME: the config fragments it is merged from, in order.
fragments() {
	local c=$KDIR/config
	if [ "${allocator[$1]}" = slab ]; then
		echo "$c/base.config $c/slab.config"
	else
		echo "$c/base.config $c/slub.config $c/profile-$profile.config"
	fi
}

# check_config CONFIG FRAGMENT...: every requested value survived
# olddefconfig; those that did not are named, with what the tree made of them.
check_config() {
	local cfg=$1 bad=()
	shift
	local line sym
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF -- "$line" "$cfg" || bad+=("$line (got: $(grep -E "^(# )?${line%%=*}[= ]" "$cfg" || echo unset))") ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			grep -q "^$sym=" "$cfg" && bad+=("$line (got: $(grep "^$sym=" "$cfg"))") ;;
		esac
	done < <(cat "$@")
	if [ ${#bad[@]} -gt 0 ]; then
		printf '    %s\n' "${bad[@]}" >&2
		die "tree $TREE_NAME: requested options did not survive olddefconfig (missing from this tree, or dependencies missing from kernels/config/?)"
	fi
}

# profile_of NAME: the profile, or n/a where it does not apply (SLAB).
profile_of() {
	if [ "${allocator[$1]}" = slab ]; then echo n/a; else echo "$profile"; fi
}

# inputs_hash NAME: what the build depends on; equal hash, no rebuild.
inputs_hash() {
	local v=$1 f
	{
		echo "$KVER $(profile_of "$v") ${allocator[$v]}"
		# (nothing more for the default tree: its variants built before
		# trees existed stay up to date)
		[ "$TREE_NAME" = "$DEFAULT_TREE" ] || echo "tree $TREE_NAME $TREE_ID"
		gcc --version | head -n1
		for f in $(fragments "$v") ${patches[$v]}; do sha256 "$f"; done
		echo "recipe $BUILD_RECIPE"
	} | sha256sum | cut -d' ' -f1
}
