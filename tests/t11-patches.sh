#!/usr/bin/env bash
# group: quick
# The patch series: listed in order, each in git format-patch form with a
# commit message and Signed-off-by, checkpatch-clean, and every variant's
# patches apply to the pristine tree.
. "$(dirname "$0")/lib.sh"
P=$TOP/kernels/patches
mapfile -t series < <(grep -v '^#' "$P/series" | sed '/^$/d')
[ ${#series[@]} -ge 3 ] || fail "series lists ${#series[@]} patches"
for f in "$P"/*.patch; do
	grep -qxF "$(basename "$f")" "$P/series" || fail "$(basename "$f") is not in series"
done
ok "series lists every patch"

"$TOP/kernels/build.sh" --check-patches >/dev/null 2>&1 || {
	"$TOP/kernels/build.sh" --check-patches
	fail "a variant's patches do not apply"
}
ok "every variant's patches apply to the pristine tree"

tree=$(ksrc_tree)
for s in "${series[@]}"; do
	f=$P/$s
	head -n1 "$f" | grep -qE '^From [0-9a-f]{40} ' || fail "$s is not in git format-patch form"
	grep -q '^Subject: \[PATCH' "$f" || fail "$s has no Subject"
	grep -q '^Signed-off-by: ' "$f" || fail "$s has no Signed-off-by"
	body=$(sed -n '/^Subject:/,/^---$/p' "$f" | wc -l)
	[ "$body" -ge 8 ] || fail "$s: commit message of $body lines"
	res=$(cd "$tree" && perl scripts/checkpatch.pl --no-tree "$f" 2>&1) || true
	grep -q '^total: 0 errors, 0 warnings' <<<"$res" || fail "checkpatch on $s: $res"
	ok "$s: format-patch form, signed off, checkpatch clean"
done
