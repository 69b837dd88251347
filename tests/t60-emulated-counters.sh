#!/usr/bin/env bash
# group: vm
# The emulated counters (emu/) in real guests: the plugin counts a loop of
# known length exactly, counts about N cache-line transfers for N writes
# passed between two pinned threads, refuses bad arguments with one line,
# and refuses a System.map that is not the booted kernel's.
. "$(dirname "$0")/lib.sh"
require_vm
"$TOP/kernels/build.sh" tail slab >/dev/null
plugin=$("$TOP/emu/build.sh")
"$TOP/rootfs/build.sh" >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# total CSV COLUMN FUNCTION: the sum of COLUMN over vCPUs for FUNCTION.
total() {
	csv_rows "$1" function "$2" | awk -F'|' -v f="$3" '$1 == f { s += $2 } END { print s + 0 }'
}
counted() {
	"$TOP/bench/boot.sh" --counters --timeout 300 --out "$tmp/$1" tail -- "${@:2}" >"$tmp/$1.log" 2>&1 ||
		fail "$1: boot failed: $(tail -n 3 "$tmp/$1.log")"
}

# A loop of exactly 2 instructions per iteration, between the markers.
n=10000000
counted loop sbmark loop "$n"
u=$(total "$tmp/loop/emulated-raw.csv" instructions '[user]')
echo "sbmark loop $n: [user] instructions $u (expected 2 x $n + a few)"
[ "$u" -ge $((2 * n)) ] && [ "$u" -le $((2 * n + 100)) ] || fail "loop: $u user instructions, not 2 x $n (+100)"
grep -qx 'marks_start=1' "$tmp/loop/emulated-raw.csv.info" && grep -qx 'marks_stop=1' "$tmp/loop/emulated-raw.csv.info" ||
	fail "loop: markers not seen once each: $(cat "$tmp/loop/emulated-raw.csv.info")"
ok "a known loop is counted to within 100 instructions of 2 x $n"

# Two threads on two vCPUs take turns writing one line: N writes, N - 1
# observed by the other thread, plus the start flag read by both. The
# plugin sees an access in a callback just after it, not atomically with
# it, so two vCPUs racing on one line may be seen in the other order: a
# few in 10,000 (emu/src/cachesim.h); 1% is allowed.
n=10000
counted pingpong sbmark pingpong "$n"
t=$(total "$tmp/pingpong/emulated-raw.csv" transfers '[user]')
echo "sbmark pingpong $n: [user] cache-line transfers $t"
[ "$t" -ge $((n * 99 / 100)) ] && [ "$t" -le $((n * 101 / 100)) ] || fail "pingpong: $t transfers for $n writes passed between vCPUs"
ok "a line passed $n times between two vCPUs: $t transfers"

# Bad plugin arguments: QEMU stops at once with the plugin's one line.
bad() {
	local rc=0
	OUT=$(timeout 20 qemu-system-x86_64 -machine none -nodefaults -nographic -accel tcg -plugin "$plugin,$1" 2>&1) || rc=$?
	[ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] || fail "plugin args '$1': QEMU exit $rc"
	contains "$OUT" "$2" "plugin args '$1' refused"
}
bad "mem=2048" "slubcount: out: is required"
bad "out=$tmp/x.csv,mem=abc" "slubcount: mem: needs a whole number"
bad "out=$tmp/x.csv" "slubcount: mem: is required with cache=on"
bad "out=$tmp/x.csv,mem=2048,l1d_kib=33" "L1 size / \\(ways \\* 64\\) must be a power of two"
bad "out=$tmp/x.csv,mem=2048,colour=red" "slubcount: colour: unknown argument"
bad "out=$tmp/x.csv,mem=2048,map=$tmp/none" "slubcount: .*none: No such file"
echo garbage >"$tmp/garbage.map"
bad "out=$tmp/x.csv,mem=2048,map=$tmp/garbage.map" "is not 'ADDRESS TYPE NAME'"

# A System.map that is not the booted kernel's: refused, both named.
cp -a "$(kernel_dir tail 2007)" "$tmp/k"
cp "$(kernel_dir slab 2007)/System.map" "$tmp/k/System.map"
rc=0
"$TOP/bench/boot.sh" --counters --timeout 300 --out "$tmp/wrongmap" "$tmp/k" -- true >"$tmp/wrongmap.log" 2>&1 || rc=$?
[ "$rc" -eq 5 ] || fail "a wrong System.map: exit $rc, want 5: $(tail -n 2 "$tmp/wrongmap.log")"
contains "$(cat "$tmp/wrongmap.log")" "System.map \\(build [0-9a-f]{12}\\) does not match the booted kernel \\(build [0-9a-f]{12}" "a System.map of another build is refused"
[ ! -e "$tmp/wrongmap/emulated-raw.csv" ] || fail "a wrong System.map's counters were kept"

# No reachable deb-src (apt-get fails): one line that says so.
mkdir -p "$tmp/bin" "$tmp/cache"
printf '#!/bin/sh\necho "E: Failed to fetch" >&2\nexit 100\n' >"$tmp/bin/apt-get"
chmod +x "$tmp/bin/apt-get"
expect_fail env PATH="$tmp/bin:$PATH" SLUBBENCH_CACHE="$tmp/cache" "$TOP/emu/build.sh"
contains "$OUT" "error: apt-get update with deb-src lines failed .*no reachable Debian source mirror" "no deb-src source: one line"
[ "$(grep -c 'error:' <<<"$OUT")" = 1 ] || fail "more than one error line: $OUT"
