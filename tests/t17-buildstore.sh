#!/usr/bin/env bash
# group: unit
# The kernel build store (kernels/buildstore.sh) through kernels/build.sh,
# on a stand-in tree whose Makefile makes a small "kernel" from its source
# in a second (no compiler run on a kernel): a tree's content hash does
# not see where it sits, its files' times or slubbench's marks, and sees a
# byte, an executable bit or a symlink changed; with
# SLUBBENCH_REUSE_BUILDS=1 a second tree of the same content, under
# another name, is not built but copied (the same bzImage, objects and
# build id, the manifest saying so), a changed tree is built, and with
# reuse off nothing is reused; a bad setting is refused in one line.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=kernels/buildstore.sh
. "$TOP/kernels/buildstore.sh"

# fake_tree DIR: a tree that kernels/build.sh builds as it would a kernel:
# merge_config.sh writes the fragments as .config and the build
# directory's Makefile, whose bzImage target makes bzImage, vmlinux (an
# ELF with a build id), System.map and one object, each from the tree's
# mm/slub.c, and counts its runs in $tmp/made
fake_tree() {
	mkdir -p "$1/scripts/kconfig" "$1/mm" "$1/tools"
	printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$1/Makefile"
	echo 'mainmenu "stand-in"' >"$1/Kconfig"
	echo 'int slub = 1;' >"$1/mm/slub.c"
	ln -s ../mm/slub.c "$1/tools/slub-link"
	cat >"$1/scripts/kconfig/merge_config.sh" <<EOF
#!/bin/sh
# merge_config.sh -n -O OBJ FRAGMENT...
src=\$(pwd) obj=\$3
shift 3
cat "\$@" >"\$obj/.config"
cat >"\$obj/Makefile" <<MK
bzImage:
	echo made >>$tmp/made
	mkdir -p arch/x86/boot include/config mm
	echo '  CC      mm/slub.o'
	cp \$src/mm/slub.c mm/slub.o
	printf 'int main(void) { return 0; }\\\\n' | cat - \$src/mm/slub.c >vmlinux.c
	gcc -Wl,--build-id -o vmlinux -x c vmlinux.c
	cp vmlinux arch/x86/boot/bzImage
	echo '0 T slub' >System.map
	echo 6.1.0 >include/config/kernel.release
MK
EOF
	chmod +x "$1/scripts/kconfig/merge_config.sh"
}
fake_tree "$tmp/a"
cp -r "$tmp/a" "$tmp/b"
sleep 1
touch "$tmp/b/mm/slub.c"
mkdir -p "$tmp/b/.git" "$tmp/b/.slubbench"
echo mark >"$tmp/b/.slubbench-synced"
echo mark >"$tmp/b/.slubbench-extracted"
echo x >"$tmp/b/.git/HEAD"
sa=$(tree_content_sha "$tmp/a")
[ "$(tree_content_sha "$tmp/b")" = "$sa" ] || fail "a copy with other times and slubbench's marks has another content hash"
ok "one content in two places, other times, with slubbench's marks and .git: one content hash"
cp -r "$tmp/a" "$tmp/c"
echo 'int slub = 2;' >"$tmp/c/mm/slub.c"
[ "$(tree_content_sha "$tmp/c")" != "$sa" ] || fail "a changed file did not change the content hash"
cp -r "$tmp/a" "$tmp/d"
chmod +x "$tmp/d/Makefile"
[ "$(tree_content_sha "$tmp/d")" != "$sa" ] || fail "an executable bit did not change the content hash"
rm -rf "$tmp/d" && cp -r "$tmp/a" "$tmp/d"
ln -sfn ../Makefile "$tmp/d/tools/slub-link"
[ "$(tree_content_sha "$tmp/d")" != "$sa" ] || fail "a symlink's target did not change the content hash"
rm -rf "$tmp/d" && cp -r "$tmp/a" "$tmp/d"
mv "$tmp/d/mm/slub.c" "$tmp/d/mm/slab.c"
[ "$(tree_content_sha "$tmp/d")" != "$sa" ] || fail "a renamed file did not change the content hash"
ok "a byte, an executable bit, a symlink's target or a name changed: another content hash"

export SLUBBENCH_CACHE=$tmp/cache SLUBBENCH_BUILD_STORE=$tmp/store SLUBBENCH_REUSE_BUILDS=1
# build TREE NAME: the stand-in tree TREE built as the variant NAME
build() {
	"$TOP/kernels/build.sh" --tree "$1=$tmp/$1" --bare-as "$2" >"$tmp/$2.log" 2>&1 ||
		fail "building $2 from $1: $(cat "$tmp/$2.log")"
}
# made: how many times a stand-in Makefile ran
made() { wc -l <"$tmp/made"; }
# K NAME: the variant's kernel directory
K() { kernel_out "$1" 2007; }
build a one
build a one
[ "$(made)" = 1 ] && [ "$(jq -r .build_reused "$(K one@a)/manifest.json")" = "" ] ||
	fail "the first build: made $(made) times, reused '$(jq -r .build_reused "$(K one@a)/manifest.json")'"
[ "$(find "$tmp/store" -mindepth 1 -maxdepth 1 -type d | wc -l)" = 1 ] || fail "the store holds $(ls -a "$tmp/store")"
ok "a build is made once, stored, and up to date the second time"
build b two
[ "$(made)" = 1 ] || fail "the same content in another tree was built again: $(cat "$tmp/two.log")"
m=$(K two@b)/manifest.json
key=$(jq -r .build_reused "$m")
[ -f "$tmp/store/$key/key.txt" ] || fail "the manifest's build_reused '$key' is no key of the store"
grep -q "reused from the kernel build store (key ${key:0:12}), not compiled" "$tmp/two.log" || fail "no reuse said: $(cat "$tmp/two.log")"
for f in bzImage vmlinux System.map config objects.sha256; do
	cmp -s "$(K one@a)/$f" "$(K two@b)/$f" || fail "two's $f is not one's"
done
[ "$(jq -r .build_id "$m")" = "$(jq -r .build_id "$(K one@a)/manifest.json")" ] && [ "$(jq -r .objects_compiled "$m")" = 0 ] &&
	[ "$(jq -r .tree "$m")" = b ] || fail "two's manifest: $(jq -c . "$m")"
grep -q "$tmp" "$tmp/store/$key/key.txt" && fail "the key's text names a path: $(cat "$tmp/store/$key/key.txt")"
ok "the same content in another tree, another name: copied from the store (bzImage, objects, build id; its own tree in the manifest; no path in the key)"
build c three
[ "$(made)" = 2 ] && [ "$(jq -r .build_reused "$(K three@c)/manifest.json")" = "" ] || fail "a changed tree was not built"
! cmp -s "$(K one@a)/bzImage" "$(K three@c)/bzImage" || fail "a changed tree gave the same bzImage"
cp -r "$tmp/a" "$tmp/e"
SLUBBENCH_REUSE_BUILDS=0 build e four
[ "$(made)" = 3 ] || fail "with SLUBBENCH_REUSE_BUILDS=0 a build was reused"
cmp -s "$(K one@a)/bzImage" "$(K four@e)/bzImage" || fail "the stand-in build is not reproducible: the test cannot tell a copy"
ok "a changed tree is built; with reuse off the same content is built again (and gives the same bzImage)"

expect_fail env SLUBBENCH_REUSE_BUILDS=yes "$TOP/kernels/build.sh" --tree "a=$tmp/a" --bare-as five
contains "$OUT" "^slubbench: error: SLUBBENCH_REUSE_BUILDS takes 1 \(reuse\) or 0, not 'yes'$" "a bad SLUBBENCH_REUSE_BUILDS"
expect_fail env SLUBBENCH_REUSE_BUILDS_MB=0 "$TOP/kernels/build.sh" --tree "a=$tmp/a" --bare-as five
contains "$OUT" "^slubbench: error: SLUBBENCH_REUSE_BUILDS_MB takes a whole number of MiB, not '0'$" "a bad store size"
