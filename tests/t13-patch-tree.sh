#!/usr/bin/env bash
# group: unit
# kernels/patch-tree.sh on a tiny fake tree: switching between patch sets
# gives exactly "pristine + patches", leaves untouched files' mtimes alone,
# and an empty set restores the pristine tree (created files removed).
. "$(dirname "$0")/lib.sh"
PT=$TOP/kernels/patch-tree.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t=$tmp/tree
mkdir -p "$t/mm" "$t/include"
echo 'all:' >"$t/Makefile"
printf 'a\nb\nc\n' >"$t/mm/x.c"
printf 'keep\n' >"$t/mm/y.c"
cp -a "$t" "$tmp/pristine"
touch -d '2001-01-01' "$t/mm/y.c" "$t/mm/x.c"

mk() { # mk NAME: a patch from pristine to the tree as edited in $tmp/edit
	(cd "$tmp" && diff -ruN --label "a/$2" --label "b/$2" "pristine/$2" "edit/$2") >"$tmp/$1" || true
}
rm -rf "$tmp/edit" && cp -a "$tmp/pristine" "$tmp/edit"
printf 'a\nB\nc\n' >"$tmp/edit/mm/x.c"
mk p1.patch mm/x.c
printf 'new\n' >"$tmp/edit/include/n.h"
mk p2.patch include/n.h

n=$("$PT" "$t" "$tmp/p1.patch" "$tmp/p2.patch")
[ "$n" = 2 ] || fail "expected 2 files changed, got $n"
[ "$(cat "$t/mm/x.c")" = "$(printf 'a\nB\nc')" ] || fail "p1 not applied"
[ -f "$t/include/n.h" ] || fail "p2 did not create include/n.h"
[ "$(stat -c %Y "$t/mm/y.c")" = "$(date -d 2001-01-01 +%s)" ] || fail "an untouched file's mtime changed"
ok "patches applied, untouched file left alone"

before=$(stat -c %Y "$t/mm/x.c")
n=$("$PT" "$t" "$tmp/p1.patch")
[ "$n" = 1 ] || fail "switch to p1 alone: expected 1 change (remove n.h), got $n"
[ ! -e "$t/include/n.h" ] || fail "include/n.h not removed"
[ "$(stat -c %Y "$t/mm/x.c")" = "$before" ] || fail "mm/x.c rewritten though unchanged"
ok "switching keeps unchanged files (mtime) and removes created ones"

n=$("$PT" "$t")
[ "$n" = 1 ] || fail "restore: expected 1 change, got $n"
diff -r -x .slubbench "$tmp/pristine" "$t" || fail "tree not pristine after restore"
ok "no patches restores the pristine tree"

printf 'zzz\n' >"$tmp/edit/mm/x.c"
mk bad.patch mm/x.c
sed -i 's/^-B$/-Q/; s/^-b$/-q/' "$tmp/bad.patch"
expect_fail "$PT" "$t" "$tmp/p1.patch" "$tmp/bad.patch"
contains "$OUT" "patch bad.patch does not apply" "a patch on top that fails is named"
diff -r -x .slubbench "$tmp/pristine" "$t" || fail "tree changed by a failed apply"
ok "a failed apply changes nothing"
