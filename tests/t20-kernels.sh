#!/usr/bin/env bash
# group: full vm
# The default kernel variants (2007 profile) build, and are what they claim:
# (and stock in the modern profile: per-CPU partials on, mm/ alone differs)
# each .config holds every requested option, head and tail differ from stock
# in mm/slub.o alone (among compiled objects), every SLUB vmlinux carries the
# slub:add_partial tracepoint and SLAB's does not, and a second request is
# answered from the cache (nothing rebuilt); the root filesystem image is
# hashed again only when its stat changed.
. "$(dirname "$0")/lib.sh"
require_vm
"$TOP/kernels/build.sh" stock head tail slab nostats
# K VARIANT-PROFILE: where that build lands (lib/kernels.sh's kernel_out)
K() { kernel_out "${1%-*}" "${1##*-}"; }

for v in stock-2007 head-2007 tail-2007 slab; do
	m=$(K "$v")/manifest.json
	[ -f "$m" ] && [ -f "$(K "$v")/bzImage" ] && [ -f "$(K "$v")/vmlinux" ] && [ -f "$(K "$v")/System.map" ] ||
		fail "$v: missing artefacts in $(K "$v")"
	[ "$(jq -r .build_id "$m")" = "$(readelf -n "$(K "$v")/vmlinux" | sed -n 's/.*Build ID: *//p')" ] ||
		fail "$v: manifest build id is not vmlinux's"
	frags="base slub profile-2007"
	[ "$v" = slab ] && frags="base slab"
	for f in $frags; do
		while IFS= read -r line; do
			case "$line" in
			CONFIG_*) grep -qxF "$line" "$(K "$v")/config" || fail "$v: $line missing from .config" ;;
			"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}
				! grep -q "^$sym=" "$(K "$v")/config" || fail "$v: $sym set though asked off" ;;
			esac
		done <"$TOP/kernels/config/$f.config"
	done
	ok "$v: artefacts, build id and every requested option present"
done
grep -qx 'CONFIG_SLUB=y' "$(K stock-2007)/config" && ! grep -q '^CONFIG_SLUB_CPU_PARTIAL=y' "$(K stock-2007)/config" ||
	fail "stock-2007 is not SLUB without per-CPU partials"
grep -qx 'CONFIG_SLAB=y' "$(K slab)/config" || fail "slab is not SLAB"
ok "allocators and profile as named"

# Link products (vmlinux.o, the build-number object, the boot image's
# objects, which embed vmlinux) change with any change; the rest must not.
link_products='^\./(vmlinux\.o|init/version-timestamp\.o|arch/x86/boot/.*)$'
for v in head tail; do
	d=$( { diff "$(K stock-2007)/objects.sha256" "$(K "$v-2007")/objects.sha256" || true; } | awk '/^[<>]/ { print $3 }' |
		sort -u | grep -vE "$link_products" | tr '\n' ' ')
	[ "$d" = "./mm/slub.o " ] || fail "$v vs stock: compiled objects that differ: '$d' (want ./mm/slub.o only)"
	ok "$v differs from stock in mm/slub.o alone"
done
d=$( { diff "$(K tail-2007)/objects.sha256" "$(K nostats-2007)/objects.sha256" || true; } | awk '/^[<>]/ { print $3 }' |
	sort -u | grep -vE "$link_products" | tr '\n' ' ')
[ "$d" = "./mm/slub.o " ] || fail "nostats vs tail: compiled objects that differ: '$d' (want ./mm/slub.o only)"
grep -qx 'CONFIG_SLUB_STATS=y' "$(K nostats-2007)/config" || fail "nostats lost CONFIG_SLUB_STATS (its files)"
ok "nostats differs from tail in mm/slub.o alone, CONFIG_SLUB_STATS kept"

"$TOP/kernels/build.sh" --profile modern stock
grep -qx 'CONFIG_SLUB_CPU_PARTIAL=y' "$(K stock-modern)/config" || fail "stock-modern has no per-CPU partials"
d=$( { diff "$(K stock-2007)/objects.sha256" "$(K stock-modern)/objects.sha256" || true; } | awk '/^[<>]/ { print $3 }' |
	sort -u | grep -vE "$link_products" | grep -v '^\./mm/' | tr '\n' ' ' || true)
[ -z "$d" ] || fail "the profile changed objects outside mm/: $d"
ok "modern profile: per-CPU partials on, only mm/ objects differ from 2007"

for v in stock-2007 head-2007 tail-2007 stock-modern; do
	grep -q ' __tracepoint_add_partial$' <<<"$(nm "$(K "$v")/vmlinux")" || fail "$v: no add_partial tracepoint in vmlinux"
	grep -q 'print_fmt_add_partial' "$(K "$v")/System.map" || fail "$v: no add_partial event format"
done
! grep -q '__tracepoint_add_partial$' <<<"$(nm "$(K slab)/vmlinux")" || fail "slab has the SLUB tracepoint"
ok "slub:add_partial in every SLUB vmlinux, not in SLAB's"

t0=$(date +%s%N)
"$TOP/kernels/build.sh" stock head tail slab nostats 2>"$SLUBBENCH_CACHE/logs/t20-uptodate.log"
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$(grep -c 'up to date' "$SLUBBENCH_CACHE/logs/t20-uptodate.log")" = 5 ] || fail "a built variant was rebuilt"
ok "built variants answered from the cache, nothing rebuilt (${ms} ms; no wall-clock limit: the host may be busy)"

# The root filesystem image's SHA-256 (330 MiB) is taken again only when
# its size, modification time or inode changed since it last matched
# (rootfs/build.sh's IMAGE_DIR/.verified): a record that no longer names
# the image's stat or its manifest's hash makes it hash the image again
# and write the record anew. (Only the mtime and the record are touched:
# other tests may be booting this image.)
img=$("$TOP/rootfs/build.sh" 2>/dev/null | tail -n1)
v=$(dirname "$img")/.verified
want=$(jq -r .image_sha256 "$(dirname "$img")/manifest.json")
rec() { echo "$(stat -c '%s %.9Y %i' "$img") $want"; }
"$TOP/rootfs/build.sh" >/dev/null 2>&1
[ "$(cat "$v")" = "$(rec)" ] || fail "rootfs: .verified is '$(cat "$v")', want '$(rec)'"
echo "$(stat -c '%s %.9Y %i' "$img") 0000" >"$v"
out=$("$TOP/rootfs/build.sh" 2>&1) && grep -q 'rootfs\] up to date' <<<"$out" || fail "rootfs: not up to date after a stale record: $out"
[ "$(cat "$v")" = "$(rec)" ] || fail "rootfs: a record with another hash was trusted: '$(cat "$v")'"
touch -d "@$(($(stat -c %Y "$img") + 1))" "$img"
"$TOP/rootfs/build.sh" >/dev/null 2>&1
[ "$(cat "$v")" = "$(rec)" ] || fail "rootfs: a changed mtime was not seen: '$(cat "$v")', want '$(rec)'"
ok "the root filesystem image hashed again only when its stat or its manifest's hash changed"
