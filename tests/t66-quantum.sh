#!/usr/bin/env bash
# group: full vm
# The counting mode's quantum (--quantum Q, emu/src/slubquantum.c): at
# Q = 10000 a boot schedules otherwise than with no quantum, ending about
# one turn per Q instructions, from the plan's begin marker on. A boot
# without the cache model (cache=off) at Q = inf runs as one with the
# cache model and no quantum: the same instructions per vCPU and function,
# SLUB statistics, context switches and hackbench output, the cache's
# columns empty, no turn ended. A second plugin that wants the time
# control, and bad quanta, refused in one line. What a boot wrote is a
# function of its input (t61 shows it, at the bench's own quantum, beside
# a busy loop), so in a suite these boots may come from the counting-boot
# store; a change to the plugins, QEMU, the kernel or the plan changes the
# input and boots them again.
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/detboot.sh
. "$TOP/tests/detboot.sh"
det_require
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
det_plan "$tmp"

# a: seed 1 with no quantum; q: at Q = 10000
det "$tmp" 1 a
det "$tmp" 1 q --quantum 10000
reused=
for b in a q; do grep -q '^reused=.' "$tmp/$b/boot-info" && reused+=" $b"; done
grep -qx quantum=10000 "$tmp/q/boot-info" || fail "the quantum is not in boot-info: $(grep quantum "$tmp/q/boot-info")"
IFS='|' read -r insns ends pauses < <(csv_rows "$tmp/q/quantum-raw.csv" instructions quantum_ends pauses | head -n 1)
# a turn ends when the count since the last end reaches Q, at the end of a
# block (at most 512 instructions): between insns / (Q + 512) and insns / Q
# ends, give or take the one the window opened in
awk -v i="$insns" -v e="$ends" 'BEGIN { exit !(i > 1e6 && e * 10000 <= i + 10000 && e * 10512 >= i - 10512) }' ||
	fail "Q=10000: $ends turns ended over $insns instructions, not one per 10000 to 10512"
# the quantum started where the plan began (sbmark begin), not at the boot:
# every turn it ended came of the instructions since then
qi=$tmp/q/quantum-raw.csv.info
grep -qx quantum_from=begin "$qi" || fail "the quantum did not start at the plan's begin marker: $(cat "$qi")"
fb=$(sed -n 's/^instructions_from_begin=//p' "$qi") all=$(sed -n 's/^quantum_ends=//p' "$qi")
awk -v f="$fb" -v e="$all" -v i="$insns" 'BEGIN { exit !(f >= i && e * 10000 <= f + 10000) }' ||
	fail "$all turns ended in the boot, more than its $fb instructions since the plan began allow at Q=10000"
a=$(cat "$tmp/a/c1-emulated-w1.ctxt") q=$(cat "$tmp/q/c1-emulated-w1.ctxt")
[ "$a" != "$q" ] || fail "Q=10000 and no quantum: the same $a context switches (the quantum changed nothing)"
ok "seed 1 at Q=10000: $ends turns ended over $insns instructions; $q context switches against $a with no quantum; $pauses PAUSEs; the quantum from the plan's begin ($all turns ended over its $fb instructions)${reused:+ (from the store:$reused)}"


# the time control is one plugin's: a second that asks is refused, and QEMU does not start
# shellcheck source=lib/qemu.sh
. "$TOP/lib/qemu.sh"
qemu_select 10
qp=$(quantum_plugin "$QEMU_ID")
cp "$qp" "$tmp/second.so"
expect_fail timeout 60 "$QEMU_BIN" "${QEMU_FW[@]}" -M none -display none -accel tcg -icount shift=0 \
	-plugin "$qp,q=5,out=$tmp/q1.csv" -plugin "$tmp/second.so,q=7,out=$tmp/q2.csv"
contains "$OUT" "slubquantum: q: another plugin holds QEMU's time control" "a second plugin asking for the time control: refused in one line"
expect_fail "$TOP/bench/boot.sh" --det 1 --quantum 0 head -- true
contains "$OUT" "--quantum takes inf or a whole number of instructions from 1 to 1000000000, not '0'" "a quantum of 0"
expect_fail "$TOP/bench/boot.sh" --quantum 1000 head -- true
contains "$OUT" "--quantum 1000 shapes the counting mode's schedule: give --det SEED too" "a quantum without the counting mode"

# cache=off and Q = inf in one boot: neither may change what runs
det "$tmp" 1 off --counters-opts cache=off --quantum inf
cmp -s <(cut -d, -f1-4 "$tmp/a/emulated-raw.csv") <(cut -d, -f1-4 "$tmp/off/emulated-raw.csv") ||
	fail "seed 1 with cache=off at Q=inf: other instructions than with the cache model and no quantum: $(diff <(cut -d, -f1-4 "$tmp/a/emulated-raw.csv") <(cut -d, -f1-4 "$tmp/off/emulated-raw.csv") | head -n 4)"
for f in c1-emulated-w1.slubstat c1-emulated-w1.txt c1-emulated-w1.ctxt; do
	cmp -s "$tmp/a/$f" "$tmp/off/$f" || fail "seed 1 with cache=off at Q=inf: $f differs from the boot with the cache model and no quantum"
done
[ "$(tail -n +2 "$tmp/off/emulated-raw.csv" | cut -d, -f5- | sort -u)" = ",,,,,,," ] ||
	fail "cache=off counted cache columns: $(tail -n +2 "$tmp/off/emulated-raw.csv" | cut -d, -f5- | sort -u | head -n 4)"
ok "seed 1 with cache=off at Q=inf: the same instructions ($(wc -l <"$tmp/off/emulated-raw.csv") rows), SLUB statistics, context switches and hackbench output as with the cache model and no quantum; the cache's columns empty"
[ "$(sed -n 2p "$tmp/off/quantum-raw.csv" | cut -d, -f3)" = 0 ] || fail "Q=inf ended turns: $(sed -n 2p "$tmp/off/quantum-raw.csv")"
ok "Q=inf: the quantum plugin counts ($(sed -n 2p "$tmp/off/quantum-raw.csv" | cut -d, -f4) PAUSEs) and ends no turn"

