#!/usr/bin/env bash
# group: unit
# The counting-boot store's key and entries (bench/detstore.sh), without a
# boot: two boots of one input in other directories (output, kernel,
# initramfs, cache) get one key; a byte changed in any file QEMU reads,
# or another argument, gives another; a stored entry comes back whole, a
# key never stored gives nothing; the least recently used entries go
# first when the store is over its size; a bad setting is refused in one
# line.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=bench/detstore.sh
. "$TOP/bench/detstore.sh"

# input DIR: a boot's files under DIR (the same bytes in every DIR)
input() {
	mkdir -p "$1/out" "$1/k" "$1/i" "$1/cache"
	echo qemu >"$1/qemu"
	echo bzimage >"$1/k/bzImage"
	echo map >"$1/k/System.map"
	echo initramfs >"$1/i/initramfs.cpio"
	echo plugin >"$1/cache/p.so"
}
# key DIR [ARG...]: the key of a boot from DIR's files
key() {
	local d=$1
	shift
	SLUBBENCH_CACHE=$d/cache detstore_key "$d/qemu" "$d/out" "$d/k" "$d/i" "$d/k/bzImage" "$d/i/initramfs.cpio" \
		"$d/cache/p.so" "$d/k/System.map" -- -kernel "$d/k/bzImage" -initrd "$d/i/initramfs.cpio" \
		-serial "file:$d/out/serial.log" -plugin "$d/cache/p.so,out=$d/out/e.csv,map=$d/k/System.map" -L "$d/cache/fw" "$@" |
		tail -n1
}
input "$tmp/a"
input "$tmp/b"
ka=$(key "$tmp/a" -smp 2)
[[ "$ka" =~ ^[0-9a-f]{64}$ ]] || fail "the key is '$ka', not a sha256"
[ "$(key "$tmp/b" -smp 2)" = "$ka" ] || fail "one input from other directories got another key"
text=$(SLUBBENCH_CACHE=$tmp/a/cache detstore_key "$tmp/a/qemu" "$tmp/a/out" "$tmp/a/k" "$tmp/a/i" "$tmp/a/k/bzImage" -- -kernel "$tmp/a/k/bzImage" -L "$tmp/a/cache/fw" -serial "file:$tmp/a/out/s")
! grep -q "$tmp" <<<"$text" || fail "a path is left in the key's text: $text"
ok "one input from other directories: one key ($(cut -c1-12 <<<"$ka")...), no path in its text"

for f in qemu k/bzImage k/System.map i/initramfs.cpio cache/p.so; do
	rm -rf "$tmp/c"
	input "$tmp/c"
	echo x >>"$tmp/c/$f"
	[ "$(key "$tmp/c" -smp 2)" != "$ka" ] || fail "$f changed, the key did not"
done
[ "$(key "$tmp/a" -smp 4)" != "$ka" ] || fail "-smp 4 and -smp 2 got one key"
detstore_key "$tmp/a/qemu" "$tmp/a/out" "$tmp/a/k" "$tmp/a/i" "$tmp/a/nosuch" -- -kernel x >/dev/null &&
	fail "a file that is not there was hashed"
ok "a byte changed in QEMU, the kernel, System.map, the initramfs or a plugin, or another argument: another key"

export SLUBBENCH_COUNTING_STORE=$tmp/store
echo serial >"$tmp/a/out/serial.log"
echo job >"$tmp/a/out/job-serial.log"
echo counts >"$tmp/a/out/emulated-raw.csv"
detstore_put "$ka" "the key's text" "$tmp/a/out" 42
mkdir "$tmp/o"
echo stale >"$tmp/o/quantum-raw.csv"
detstore_fetch "$ka" "$tmp/o" || fail "a stored key was not found"
for f in serial.log job-serial.log emulated-raw.csv; do
	cmp -s "$tmp/a/out/$f" "$tmp/o/$f" || fail "$f did not come back as stored"
done
[ ! -e "$tmp/o/quantum-raw.csv" ] || fail "a file the stored boot did not write was left in place"
! detstore_fetch "$(key "$tmp/a" -smp 4)" "$tmp/o" || fail "a key never stored was found"
[ "$(cat "$tmp/store/events")" = "put $ka 42
hit $ka 42" ] || fail "the store's events: $(cat "$tmp/store/events")"
ok "a stored boot comes back whole (and nothing it did not write); a key never stored gives nothing; each use is an event"

export SLUBBENCH_COUNTING_STORE=$tmp/store2
head -c 700000 /dev/zero >"$tmp/a/out/qemu.log"
for k in k1 k2 k3; do
	DETSTORE_MB=1 detstore_put "$k" t "$tmp/a/out" 1
	touch -d "@$((1000000000 + ${k#k}))" "$tmp/store2/$k"
done
[ "$(find "$tmp/store2" -mindepth 1 -maxdepth 1 -type d ! -name '.*' -printf '%f\n' | sort | tr '\n' ' ')" = "k3 " ] ||
	fail "the store over 1 MiB kept: $(ls "$tmp/store2")"
ok "a store over its size drops the least recently used boots first"

expect_fail env SLUBBENCH_REUSE_COUNTING=yes bash -c ". '$TOP/lib/common.sh' && . '$TOP/bench/detstore.sh' && detstore_on"
contains "$OUT" "^slubbench: error: SLUBBENCH_REUSE_COUNTING takes 1 \(reuse\) or 0, not 'yes'$" "a bad SLUBBENCH_REUSE_COUNTING"
expect_fail env SLUBBENCH_REUSE_COUNTING_MB=-1 bash -c ". '$TOP/lib/common.sh' && . '$TOP/bench/detstore.sh'"
contains "$OUT" "SLUBBENCH_REUSE_COUNTING_MB takes a whole number of MiB, not '-1'" "a bad store size"
