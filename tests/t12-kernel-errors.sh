#!/usr/bin/env bash
# group: full vm
# Bad input to the kernels stage fails with an error that says what to do,
# and a patch that does not apply leaves the kernel tree as it was.
. "$(dirname "$0")/lib.sh"
require_vm
B=$TOP/kernels/build.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect_fail "$B" nosuch
contains "$OUT" "unknown variant 'nosuch': valid variants are: stock head tail slab nostats" "unknown variant lists valid ones"
expect_fail "$B" --profile 1999 stock
contains "$OUT" "unknown profile '1999': valid profiles are: 2007 modern" "unknown profile lists valid ones"
expect_fail "$B" --variant fix="$tmp/missing.patch"
contains "$OUT" "patch file '.*missing.patch' does not exist" "missing patch file named"
expect_fail "$B" --variant head="$TOP/kernels/patches/0002-mm-slub-add-every-partial-slab-at-the-head-of-the-li.patch"
contains "$OUT" "clashes with a built-in variant" "name clash refused"
expect_fail "$B" --variant 'Bad Name=x'
contains "$OUT" "use lower-case letters" "bad variant name refused"

# A patch whose second hunk's context is wrong: the error names it and the hunk.
sed 's/^ \tn->nr_partial++;$/ \tn->nr_partial += 1;/' \
	"$TOP/kernels/patches/0003-mm-slub-add-every-partial-slab-at-the-tail-of-the-li.patch" >"$tmp/broken.patch"
! cmp -s "$tmp/broken.patch" "$TOP/kernels/patches/0003-mm-slub-add-every-partial-slab-at-the-tail-of-the-li.patch" ||
	fail "could not make a broken patch"
tree=$(ksrc_tree)
before=$(sha256sum "$tree/mm/slub.c" 2>/dev/null || echo none)
expect_fail "$B" --variant broken="$tmp/broken.patch"
contains "$OUT" "Hunk #1 FAILED" "failed hunk named"
contains "$OUT" "patch broken.patch does not apply" "failing patch named"
[ "$before" = "$(sha256sum "$tree/mm/slub.c" 2>/dev/null || echo none)" ] || fail "a failed patch changed the tree"
ok "a failed patch leaves the tree as it was"

# Missing package: the apt-get line (need_cmd, with an empty PATH lookup).
OUT=$(bash -c '. "$1/lib/common.sh"; need_cmd slubbench-no-such-tool slubbench-pkg' _ "$TOP" 2>&1) && fail "need_cmd passed"
contains "$OUT" "apt-get install -y slubbench-pkg" "missing tool gives the apt-get line"
OUT=$(bash -c '. "$1/lib/common.sh"; need_space /tmp 999999999' _ "$TOP" 2>&1) && fail "need_space passed"
contains "$OUT" "disk full: /tmp has .* MiB free" "disk full said plainly"
