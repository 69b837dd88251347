#!/usr/bin/env bash
# group: full network
# The patch series of each Debian tree (6.1: kernels/patches, 6.12:
# kernels/patches-6.12): listed in order, each in git format-patch form with
# a commit message and Signed-off-by, clean by that tree's checkpatch, and
# every variant's patches apply to the tree's pristine copy.
. "$(dirname "$0")/lib.sh"
"$TOP/kernels/build.sh" --check-patches >/dev/null 2>&1 || {
	"$TOP/kernels/build.sh" --check-patches
	fail "a variant's patches do not apply"
}
ok "every variant's patches apply to each Debian tree's pristine copy (6.1, 6.12)"

# each tree's series, checked with that tree's own checkpatch
for t in $DEB_TREES; do
	P=$(tree_patches "$t")
	if [ "$t" = 6.1 ]; then tree=$(ksrc_tree); else tree=$(tree_src "$t" "$(cat "$(tree_fetched "$t")/version")"); fi
	[ -f "$tree/scripts/checkpatch.pl" ] || fail "tree $t is not extracted at $tree"
	mapfile -t series < <(grep -v '^#' "$P/series" | sed '/^$/d')
	[ ${#series[@]} -ge 3 ] || fail "$t: series lists ${#series[@]} patches"
	for f in "$P"/*.patch; do
		grep -qxF "$(basename "$f")" "$P/series" || fail "$t: $(basename "$f") is not in series"
	done
	ok "$t: series lists every patch"
	for s in "${series[@]}"; do
		f=$P/$s
		grep -qE '^From [0-9a-f]{40} ' <<<"$(head -n1 "$f")" || fail "$t: $s is not in git format-patch form"
		grep -q '^Subject: \[PATCH' "$f" || fail "$t: $s has no Subject"
		grep -q '^Signed-off-by: ' "$f" || fail "$t: $s has no Signed-off-by"
		body=$(sed -n '/^Subject:/,/^---$/p' "$f" | wc -l)
		[ "$body" -ge 8 ] || fail "$t: $s: commit message of $body lines"
		res=$(cd "$tree" && perl scripts/checkpatch.pl --no-tree "$f" 2>&1) || true
		grep -q '^total: 0 errors, 0 warnings' <<<"$res" || fail "$t: checkpatch on $s: $res"
		ok "$t: $s: format-patch form, signed off, checkpatch clean"
	done
done
P=$TOP/kernels/patches
tree=$(ksrc_tree)

# The bisect's test series (tests/data/bisect, t62): the same form, and
# both its series apply in order on top of stock to a pristine tree.
Q=$TOP/tests/data/bisect
for f in "$Q"/*.patch; do
	s=$(basename "$f")
	grep -qE '^From [0-9a-f]{40} ' <<<"$(head -n1 "$f")" && grep -q '^Subject: \[PATCH' "$f" && grep -q '^Signed-off-by: ' "$f" ||
		fail "$s is not in git format-patch form with a Subject and a Signed-off-by"
	res=$(cd "$tree" && perl scripts/checkpatch.pl --no-tree "$f" 2>&1) || true
	grep -q '^total: 0 errors, 0 warnings' <<<"$res" || fail "checkpatch on $s: $res"
done
for s in series series-none; do
	mapfile -t list < <(sed 's/#.*//; /^[[:space:]]*$/d' "$Q/$s")
	"$TOP/kernels/patch-tree.sh" --check "$tree" "$P"/0001-*.patch "${list[@]/#/$Q/}" >/dev/null 2>&1 ||
		fail "tests/data/bisect/$s does not apply on top of stock"
done
ok "the bisect's test series: $(find "$Q" -name '*.patch' | wc -l) patches in format-patch form, checkpatch clean; series and series-none apply on top of stock"
