#!/usr/bin/env bash
# group: full vm
# The counting mode's quantum (--quantum Q, emu/src/slubquantum.c): one
# seed and Q twice, one beside a busy loop, byte-identical with the
# plugin's schedule counts; Q = 10000 schedules otherwise than no quantum,
# ending about one turn per Q instructions, from the plan's begin marker
# on. A boot without the cache model (cache=off) at Q = inf runs as one
# with the cache model and no quantum: the same instructions per vCPU and
# function, SLUB statistics, context switches and hackbench output, the
# cache's columns empty, no turn ended. A second plugin that wants the
# time control, and bad quanta, refused in one line. (The counting mode's
# determinism and its store: t61, whose seed-1 boot with no quantum is
# this test's too, from the store in a suite.)
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/detboot.sh
. "$TOP/tests/detboot.sh"
det_require
tmp=$(mktemp -d)
# seed 1 with no quantum may come from the store (as the suite sets it);
# every other boot here boots
reuse_a=${SLUBBENCH_REUSE_COUNTING:-0}
unset SLUBBENCH_REUSE_COUNTING
busy=
trap '[ -z "$busy" ] || kill "$busy" 2>/dev/null; rm -rf "$tmp"' EXIT
det_plan "$tmp"

# a: seed 1 with no quantum (in a suite, the counting-boot store's)
SLUBBENCH_REUSE_COUNTING=$reuse_a det "$tmp" 1 a
# the quantum: Q = 10000 twice, one beside a busy loop, both at once
qcounts() { counts "$1"; cat "$1/quantum-raw.csv"; }
det "$tmp" 1 qa --quantum 10000 &
pa=$!
bash -c 'while :; do :; done' &
busy=$!
det "$tmp" 1 qb --quantum 10000
wait "$pa" || fail "seed 1 at Q=10000 (qa) failed"
kill "$busy"
wait "$busy" 2>/dev/null || true
busy=
for b in qa qb; do
	[ -z "$(sed -n 's/^reused=//p' "$tmp/$b/boot-info")" ] || fail "boot $b was reused from the store, not booted"
done
cmp -s <(qcounts "$tmp/qa") <(qcounts "$tmp/qb") || fail "seed 1 at Q=10000 twice: the counts differ: $(diff <(qcounts "$tmp/qa") <(qcounts "$tmp/qb") | head -n 4)"
grep -qx quantum=10000 "$tmp/qa/boot-info" || fail "the quantum is not in boot-info: $(grep quantum "$tmp/qa/boot-info")"
IFS=, read -r _ insns ends pauses _ < <(sed -n 2p "$tmp/qa/quantum-raw.csv")
# a turn ends when the count since the last end reaches Q, at the end of a
# block (at most 512 instructions): between insns / (Q + 512) and insns / Q
# ends, give or take the one the window opened in
awk -v i="$insns" -v e="$ends" 'BEGIN { exit !(i > 1e6 && e * 10000 <= i + 10000 && e * 10512 >= i - 10512) }' ||
	fail "Q=10000: $ends turns ended over $insns instructions, not one per 10000 to 10512"
# the quantum started where the plan began (sbmark begin), not at the boot:
# every turn it ended came of the instructions since then
qi=$tmp/qa/quantum-raw.csv.info
grep -qx quantum_from=begin "$qi" || fail "the quantum did not start at the plan's begin marker: $(cat "$qi")"
fb=$(sed -n 's/^instructions_from_begin=//p' "$qi") all=$(sed -n 's/^quantum_ends=//p' "$qi")
awk -v f="$fb" -v e="$all" -v i="$insns" 'BEGIN { exit !(f >= i && e * 10000 <= f + 10000) }' ||
	fail "$all turns ended in the boot, more than its $fb instructions since the plan began allow at Q=10000"
a=$(cat "$tmp/a/c1-emulated-w1.ctxt") q=$(cat "$tmp/qa/c1-emulated-w1.ctxt")
[ "$a" != "$q" ] || fail "Q=10000 and no quantum: the same $a context switches (the quantum changed nothing)"
ok "seed 1 at Q=10000 twice, one beside a busy loop: byte-identical, the plugin's counts too; $ends turns ended over $insns instructions; $q context switches against $a with no quantum; $pauses PAUSEs; the quantum from the plan's begin ($all turns ended over its $fb instructions)"


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

