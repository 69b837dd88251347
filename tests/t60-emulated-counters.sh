#!/usr/bin/env bash
# group: full vm
# The emulated counters (emu/) in real guests: the plugin counts a loop of
# known length exactly (QEMU 7.2 and 10, callbacks and inline counts
# alike), counts exactly N cache-line transfers for N writes passed between
# two pinned threads in the counting mode, refuses bad arguments with one
# line, and refuses a System.map that is not the booted kernel's.
. "$(dirname "$0")/lib.sh"
require_vm
"$TOP/kernels/build.sh" tail slab >/dev/null
plugin=$("$TOP/emu/build.sh")
# the loop's length, here and with QEMU 10 below
n=10000000
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
counted loop sbmark loop "$n"
u=$(total "$tmp/loop/emulated-raw.csv" instructions '[user]')
echo "sbmark loop $n: [user] instructions $u (expected 2 x $n + a few)"
[ "$u" -ge $((2 * n)) ] && [ "$u" -le $((2 * n + 100)) ] || fail "loop: $u user instructions, not 2 x $n (+100)"
grep -qx 'marks_start=1' "$tmp/loop/emulated-raw.csv.info" && grep -qx 'marks_stop=1' "$tmp/loop/emulated-raw.csv.info" ||
	fail "loop: markers not seen once each: $(cat "$tmp/loop/emulated-raw.csv.info")"
ok "a known loop is counted to within 100 instructions of 2 x $n"

# Inline per-vCPU counting (QEMU 10's API) counts the loop as the
# callbacks do: the same instructions, the window opened and closed alike
# (MTTCG: under icount QEMU 10.0.2's inline ops break the guest, see
# emu/src/slubcount.c).
require_qemu10
"$TOP/emu/build.sh" --qemu 10 >/dev/null
for m in cb inline; do
	"$TOP/bench/boot.sh" --qemu 10 --counters --counters-opts "cache=off,insns=$m" --timeout 300 \
		--out "$tmp/l10$m" tail -- sbmark loop "$n" >"$tmp/l10$m.log" 2>&1 || fail "QEMU 10, insns=$m: boot failed: $(tail -n 3 "$tmp/l10$m.log")"
	grep -qx "insns=$m" "$tmp/l10$m/emulated-raw.csv.info" || fail "insns=$m not recorded"
done
ucb=$(total "$tmp/l10cb/emulated-raw.csv" instructions '[user]')
uin=$(total "$tmp/l10inline/emulated-raw.csv" instructions '[user]')
[ "$ucb" -ge $((2 * n)) ] && [ "$ucb" -le $((2 * n + 100)) ] || fail "QEMU 10 loop: $ucb user instructions, not 2 x $n (+100)"
[ "$uin" = "$ucb" ] || fail "QEMU 10 loop: inline counted $uin user instructions, the callbacks $ucb"
ok "QEMU 10: inline per-vCPU counts equal the callbacks' on the loop ($uin)"

# Two threads on two vCPUs take turns writing one line, in the counting
# mode (icount: one TCG thread, the directory sees every access in the
# order it ran). The rule (emu/src/cachesim.h) then gives exactly N - 1
# transfers on the line for N writes, plus 1 for the start flag (read by
# the player on the vCPU other than the writer's): N; plus the few lines
# the threads' exit and join pass between the vCPUs (glibc's thread
# descriptors and the exit's futex word: 4 or 5 measured), whatever N is:
# at most 16 is allowed, at N and at 2N writes.
# pp N [Q]: the [user] transfers of N writes (at quantum Q: inf if none)
pp() {
	local d=$tmp/pp$1${2:+q$2}
	"$TOP/bench/boot.sh" --det 1 --counters --timeout 300 --quantum "${2:-inf}" --out "$d" tail -- sbmark pingpong "$1" >"$d.log" 2>&1 ||
		fail "pingpong $1 (quantum ${2:-inf}): boot failed: $(tail -n 3 "$d.log")"
	total "$d/emulated-raw.csv" transfers '[user]'
}
n=10000
t1=$(pp "$n")
t2=$(pp $((2 * n)))
echo "sbmark pingpong $n: [user] cache-line transfers $t1; $((2 * n)): $t2"
for w in "$n:$t1" "$((2 * n)):$t2"; do
	IFS=: read -r writes got <<<"$w"
	[ "$got" -ge "$writes" ] && [ "$got" -le $((writes + 16)) ] ||
		fail "pingpong: $got transfers for $writes writes passed between vCPUs (want $writes + at most 16)"
done
for v in 0 1; do
	u=$(csv_rows "$tmp/pp$n/emulated-raw.csv" vcpu function instructions | awk -F'|' -v v="$v" '$1 == v && $2 == "[user]" { print $3 }')
	[ "${u:-0}" -ge "$n" ] || fail "pingpong: vCPU $v ran ${u:-0} user instructions: the running vCPU is misnamed"
done
ok "a line passed $n and $((2 * n)) times between two vCPUs: $t1 and $t2 transfers"
# At a quantum of 1000 instructions the vCPUs take turns thousands of
# times more often, but the players still write in strict turns: the
# directory sees the same order of writes, so the same N transfers, and
# the schedule is the quantum's (a turn ended every 1000 instructions).
tq=$(pp "$n" 1000)
read -r ends insns < <(csv_rows "$tmp/pp${n}q1000/quantum-raw.csv" quantum_ends instructions | awk -F'|' '{ e += $1; i += $2 } END { print e, i }')
[ "$tq" -ge "$n" ] && [ "$tq" -le $((n + 16)) ] || fail "pingpong at quantum 1000: $tq transfers for $n writes (want $n + at most 16)"
[ "$ends" -le $((insns / 1000 + 1)) ] && [ "$ends" -ge $((insns * 9 / 10000)) ] ||
	fail "pingpong at quantum 1000: $ends turns ended by the quantum over $insns instructions (want about one a 1000)"
ok "at quantum 1000 the same line passed $n times: $tq transfers ($ends turns ended by the quantum)"

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
bad "out=$tmp/x.csv,mem=2048,vcpu=regs" "regs needs plugin API version 2"
bad "out=$tmp/x.csv,mem=2048,insns=inline" "inline needs plugin API version 2"

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

# Backports unreachable (apt-get fails): QEMU 10's fetch says so in one line.
expect_fail env PATH="$tmp/bin:$PATH" SLUBBENCH_CACHE="$tmp/cache" "$TOP/emu/fetch-qemu.sh"
contains "$OUT" "error: apt-get update of bookworm-backports failed .*backports is not reachable" "backports unreachable: one line"
[ "$(grep -c 'error:' <<<"$OUT")" = 1 ] || fail "more than one error line: $OUT"
