# shellcheck shell=bash
# The kernels under test: each variant's allocator, where its build lands,
# whether that build is intact, the caches the report shows apart, and the
# report's default baseline. Sourced by lib/common.sh.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g SLUBBENCH_TOP SLUBBENCH_CACHE DEFAULT_TREE

# VARIANT_ALLOC[NAME]: each variant's allocator, kernels/variants read once
# (its lines "name allocator patches", # a comment)
declare -gA VARIANT_ALLOC=()
while read -r _name _alloc _; do
	[[ -z "$_name" || "$_name" == \#* ]] || VARIANT_ALLOC[$_name]=$_alloc
done <"$SLUBBENCH_TOP/kernels/variants"
unset _name _alloc
# variant_is_slab VARIANT: whether its allocator is SLAB, from
# kernels/variants (a user's --variant is stock + a patch: SLUB)
variant_is_slab() { [ "${VARIANT_ALLOC[${1%%@*}]:-slub}" = slab ]; }

# kernel_out VARIANT PROFILE: where a built variant lands:
# kernels/NAME[@TREE]-PROFILE, or kernels/NAME[@TREE] for SLAB (it has no
# profile); @TREE only for a tree other than the default.
kernel_out() {
	local k
	k=$(variant_base "$1")$(tree_suffix "$(variant_tree "$1")")
	if variant_is_slab "$1"; then
		echo "$SLUBBENCH_CACHE/kernels/$k"
	else
		echo "$SLUBBENCH_CACHE/kernels/$k-$2"
	fi
}

# kernel_dir VARIANT PROFILE: kernel_out of a built variant; fails when it
# is not built.
kernel_dir() {
	local d
	d=$(kernel_out "$1" "$2")
	[ -f "$d/manifest.json" ] || return 1
	echo "$d"
}

# kernel_intact DIR: DIR's bzImage is the very one its manifest names (a
# truncated or changed image is never booted).
kernel_intact() {
	local want
	want=$(jq -r '.bzimage_sha256 // empty' "$1/manifest.json" 2>/dev/null) || return 1
	[ -n "$want" ] && [ -f "$1/bzImage" ] && [ "$(sha256 "$1/bzImage")" = "$want" ]
}

# The caches whose counts the report shows apart (the ones hackbench's
# socket mode allocates from): the guest counts them, slubstats sums them.
# These are the default tree's; a kernel of another tree has its own
# (tree_hot_caches), and a report the union of its kernels' (run_hot_caches).
HOT_CACHES=$(tree_hot_caches "$DEFAULT_TREE")
export HOT_CACHES

# pick_baseline LABEL...: the report's default baseline: tail when the run
# has it, else the first tail of a tree (tail@6.12), else the last kernel.
pick_baseline() {
	local l
	for l in "$@"; do [ "$l" = tail ] && { echo tail; return; }; done
	for l in "$@"; do [[ "$l" == tail@* ]] && { echo "$l"; return; }; done
	echo "${@: -1}"
}

