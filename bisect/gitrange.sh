# shellcheck shell=bash
# A git range as a bisect's changes, sourced by bisect/lib.sh: the range
# checked and read, the clone it is built from, a step's commit checked
# out there.
#
# The range is the first-parent line from --good to --bad (as git bisect
# --first-parent walks it): step k is the k-th commit after good on that
# line, so a change that came in by a merge is found as that merge (bisect
# its branch next: --good MERGE^1 --bad MERGE^2 when MERGE^1 is an ancestor
# of MERGE^2, else their merge base as --good). Each step is built from a
# clone of the user's repository in the cache (git clone --shared: its
# objects are read, nothing is written to it or to its checkout),
# registered as a kernel tree (lib/trees.sh) and checked out at the step's
# commit; the step's kernel is that commit as it is, no slubbench patch
# (the counting mode's oracle is SLUB's own statistics), bs-<commit>@TREE.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g profile

# RANGE_MAX: the most commits a range may hold (slubstats bisect's steps).
RANGE_MAX=4095

# range_clone NAME: where the bisect of tree NAME keeps its clone.
range_clone() { echo "$SLUBBENCH_CACHE/bisect-git/$1"; }

# commit_of DIR REF OPT: REF's commit in DIR, or one line naming OPT.
commit_of() {
	git -C "$1" rev-parse --verify --quiet --end-of-options "$2^{commit}" 2>/dev/null ||
		die "$3 $2: no such commit in $1"
}

# read_range SPEC GOOD BAD: the range checked before anything is built,
# one line naming what is wrong; sets RANGE_DIR, RANGE_TREE (the clone's
# tree name), GOOD, BAD (commits), CHANGE_IDS (commits, oldest first),
# CHANGE_NAMES (their abbreviations) and CHANGE_SUBJECTS.
read_range() {
	local spec=$1 name dir v end c s
	if [[ "$spec" == *=* ]]; then name=${spec%%=*} dir=${spec#*=}; else name='' dir=$spec; fi
	[ -d "$dir" ] || die "--tree $spec: '$dir' is not a directory"
	dir=$(cd "$dir" && pwd -P)
	[ "$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null)" = "$dir" ] ||
		die "--tree $dir is not the top of a git checkout: --good and --bad need one (patches: --series)"
	[ -n "$name" ] || name=$(tree_default_name "$dir")
	RANGE_TREE=${name:0:25}-bisect
	[[ "$RANGE_TREE" =~ $TREE_RE ]] ||
		die "--tree $spec: tree name '$name' is not allowed (lower-case letters, digits, '_', '.', '-', a letter first): use --tree NAME=DIR"
	RANGE_DIR=$dir
	GOOD=$(commit_of "$dir" "$2" --good)
	BAD=$(commit_of "$dir" "$3" --bad)
	[ "$GOOD" != "$BAD" ] || die "--good $2 and --bad $3 are the same commit: nothing to bisect"
	git -C "$dir" merge-base --is-ancestor "$GOOD" "$BAD" ||
		die "--good $2 is not an ancestor of --bad $3 in $dir: the good end must come before the bad one"
	for c in "$GOOD" "$BAD"; do
		end=$3
		[ "$c" != "$GOOD" ] || end=$2
		git -C "$dir" cat-file -e "$c:mm/slub.c" 2>/dev/null || die "$end: no mm/slub.c there: not a kernel tree at that commit"
		v=$(git -C "$dir" show "$c:Makefile" 2>/dev/null | makefile_version_of -) || die "$end: its Makefile names no kernel version"
		tree_patches "${v%.*}" >/dev/null ||
			die "$end: kernel $v has no slubbench patch series (there are series for ${TREE_KVERS// /, }): bisect a range of one of those versions"
	done
	CHANGE_IDS=() CHANGE_NAMES=() CHANGE_SUBJECTS=()
	while IFS=' ' read -r c s; do
		CHANGE_IDS+=("$c") CHANGE_NAMES+=("${c:0:12}") CHANGE_SUBJECTS+=("$s")
	done < <(git -C "$dir" log --first-parent --reverse --format='%H %s' "$GOOD..$BAD")
	[ ${#CHANGE_IDS[@]} -le "$RANGE_MAX" ] || die "--good $2 --bad $3: ${#CHANGE_IDS[@]} commits on the first-parent line, at most $RANGE_MAX: narrow the range"
	[ "$(git -C "$dir" rev-parse "${CHANGE_IDS[0]}^")" = "$GOOD" ] ||
		die "--good $2 is not on the first-parent line of --bad $3 (the line bisect walks: git log --first-parent $3): give a commit of that line as --good"
}

# range_prepare: the clone of RANGE_DIR (made once, from then on shared),
# at the good end, registered as the tree RANGE_TREE.
range_prepare() {
	local c
	c=$(range_clone "$RANGE_TREE")
	if [ -d "$c/.git" ]; then
		[ "$(git -C "$c" config --get remote.origin.url)" = "$RANGE_DIR" ] ||
			die "the tree name $RANGE_TREE already bisects $(git -C "$c" config --get remote.origin.url): name this one with --tree NAME=$RANGE_DIR"
	else
		need_space "$SLUBBENCH_CACHE" 1500
		say bisect "cloning $RANGE_DIR into $c (git clone --shared: your repository is read, never written to)"
		rm -rf "$c.tmp" && mkdir -p "$(dirname "$c")"
		git clone --quiet --shared --no-checkout "$RANGE_DIR" "$c.tmp" || die "could not clone $RANGE_DIR into $c.tmp"
		mv "$c.tmp" "$c"
	fi
	range_checkout "$GOOD"
	[ "$(tree_register "$RANGE_TREE=$c")" = "$RANGE_TREE" ] || die "could not register the clone $c as tree $RANGE_TREE"
}

# range_checkout COMMIT: the clone at COMMIT exactly (nothing else in it).
range_checkout() {
	local c
	c=$(range_clone "$RANGE_TREE")
	git -C "$c" checkout --quiet --force --detach "$1" && git -C "$c" clean -qfdx ||
		die "could not check out $1 in $c"
}

# range_step_variant K: step K's kernel (the commit, bare), built.
range_step_variant() {
	local id=$GOOD
	[ "$1" = 0 ] || id=${CHANGE_IDS[$1 - 1]}
	STEP_VARIANT=bs-${id:0:12}@$RANGE_TREE
	range_checkout "$id"
	"$SLUBBENCH_TOP/kernels/build.sh" --profile "$profile" --tree "$RANGE_TREE" --bare-as "$STEP_VARIANT" >&2
}
