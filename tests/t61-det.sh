#!/usr/bin/env bash
# group: smoke vm
# The counting mode (bench/boot.sh --det): two boots of one kernel, plan
# and seed give byte-identical counts (SLUB statistics, the plugin's CSV,
# hackbench's own output), one of them booted beside a busy loop and both
# at once; another seed gives other counts; the host's load is recorded;
# a boot of the same seed without the cache model (cache=off) and at
# Q = inf runs the same: the same instructions per vCPU and function, SLUB
# statistics, context switches and hackbench output, and leaves the
# cache's columns empty. The quantum (--quantum Q, emu/src/slubquantum.c):
# one seed and Q twice, one beside a busy loop, byte-identical with the
# plugin's schedule counts; Q = 10000 schedules otherwise than no quantum,
# ending about one turn per Q instructions, from the plan's begin marker
# on; a second plugin that wants the time control, and bad quanta, refused
# in one line.
# The counting-boot store (bench/detstore.sh): a boot of an input booted
# before, with SLUBBENCH_REUSE_COUNTING=1, is the stored one, byte for
# byte, and starts no QEMU; another seed boots.
. "$(dirname "$0")/lib.sh"
require_vm
require_qemu10
"$TOP/kernels/build.sh" head >/dev/null
"$TOP/emu/build.sh" --qemu 10 >/dev/null
tmp=$(mktemp -d)
# every boot here boots, but for the store's own checks (in a store of its own)
unset SLUBBENCH_REUSE_COUNTING
export SLUBBENCH_COUNTING_STORE=$tmp/store
busy=
trap '[ -z "$busy" ] || kill "$busy" 2>/dev/null; rm -rf "$tmp"' EXIT

# The bench's own guest plan, as an emulated-counters boot runs it.
{
	printf 'SB_CONFIGS=%q\nSB_WARMUP=1\nSB_TIMED=0\nSB_COUNT=0\nSB_PROFILE=0\nSB_EMULATED=1\nSB_CACHES=%q\n' \
		"socket:process:4:50:20:100" "$HOT_CACHES"
	cat "$TOP/bench/guest-plan.sh"
} >"$tmp/plan.sh"
# det SEED NAME [BOOT-OPTION...]
det() {
	"$TOP/bench/boot.sh" --det "$1" --counters "${@:3}" --timeout 600 --out "$tmp/$2" --plan "$tmp/plan.sh" head >"$tmp/$2.log" 2>&1 ||
		fail "seed $1 ($2): boot failed: $(tail -n 3 "$tmp/$2.log")"
}
# counts DIR: what the boot counted, in one text (the plugin's CSV, the
# SLUB statistics, hackbench's output with its virtual time).
counts() {
	cat "$1/emulated-raw.csv" "$1/c1-emulated-w1.slubstat" "$1/c1-emulated-w1.txt" "$1/c1-emulated-w1.ctxt"
}

# a: alone at first (and into the store); b: the same seed beside a busy
# loop, both at once
SLUBBENCH_REUSE_COUNTING=1 det 1 a &
pa=$!
bash -c 'while :; do :; done' &
busy=$!
det 1 b
wait "$pa" || fail "seed 1 (a) failed"
kill "$busy"
wait "$busy" 2>/dev/null || true
busy=
[ -s "$tmp/a/c1-emulated-w1.slubstat" ] && [ -s "$tmp/a/emulated-raw.csv" ] || fail "the counting boot left no counts: $(ls "$tmp/a")"
grep -q '^skbuff_head_cache free_add_partial [1-9]' "$tmp/a/c1-emulated-w1.slubstat" || fail "no add_partial counted: $(head -n 3 "$tmp/a/c1-emulated-w1.slubstat")"
cmp -s <(counts "$tmp/a") <(counts "$tmp/b") || fail "seed 1 twice, one beside a busy loop: the counts differ: $(diff <(counts "$tmp/a") <(counts "$tmp/b") | head -n 4)"
ok "seed 1 twice, at once, one beside a busy loop: byte-identical counts ($(awk '$2 == "free_add_partial" && $1 == "skbuff_head_cache" { print $3 }' "$tmp/a/c1-emulated-w1.slubstat") skbuff_head_cache add_partials)"

# the host's load is measured and recorded for every boot
load=$(sed -n 's/^host_other_cpu=//p' "$tmp/b/boot-info")
awk -v l="$load" 'BEGIN { exit !(l >= 0.5) }' || fail "beside a busy loop and another boot, host_other_cpu=$load (want >= 0.5)"
grep -qx 'qemu_version=QEMU emulator version 10.0.2.*' "$tmp/a/boot-info" || fail "the QEMU that ran is not recorded: $(grep qemu "$tmp/a/boot-info")"
ok "the host's load is recorded (host_other_cpu=$load beside a busy loop), and the QEMU"

# cache=off and Q = inf in one boot: neither may change what runs
det 1 off --counters-opts cache=off --quantum inf
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

SLUBBENCH_REUSE_COUNTING=1 det 2 c
! cmp -s "$tmp/a/c1-emulated-w1.slubstat" "$tmp/c/c1-emulated-w1.slubstat" || fail "seeds 1 and 2 gave the same SLUB statistics: the seed does not pick the interleaving"
ok "seed 2 gives other counts: the seed picks the interleaving"

# the store: a booted and stored seed 1, b (reuse off) did not look; seed
# 1 again with reuse on starts no QEMU and gives a's outputs
SLUBBENCH_REUSE_COUNTING=1 det 1 s
key=$(sed -n 's/^reused=//p' "$tmp/s/boot-info")
[ -n "$key" ] && grep -q "reused from the counting-boot store (key ${key:0:16})" "$tmp/s.log" ||
	fail "seed 1 a second time with SLUBBENCH_REUSE_COUNTING=1 was booted, not reused: $(tail -n 2 "$tmp/s.log")"
for b in a b c; do
	[ -z "$(sed -n 's/^reused=//p' "$tmp/$b/boot-info")" ] || fail "boot $b was reused: the first of its input (a, c) or reuse off (b)"
done
cmp -s <(counts "$tmp/a") <(counts "$tmp/s") && cmp -s "$tmp/a/guest-info" "$tmp/s/guest-info" || fail "the reused boot's counts differ from the stored boot's"
grep -q "^-kernel$" "$tmp/store/$key/key.txt" && grep -qx "@file:$(sha256sum "$(kernel_dir head 2007)/bzImage" | cut -d' ' -f1)" "$tmp/store/$key/key.txt" ||
	fail "the store's key does not hold the kernel's sha256: $(head -n 5 "$tmp/store/$key/key.txt")"
[ "$(find "$tmp/store" -name key.txt | wc -l)" = 2 ] || fail "the store holds $(find "$tmp/store" -name key.txt | wc -l) boots, not 2 (a, c)"
ok "the counting-boot store: seed 1 again reused a's boot (its counts and guest-info), started no QEMU, and is said so; the key holds the kernel's sha256; seed 2 and a boot with reuse off were booted"

# the quantum: Q = 10000 twice, one beside a busy loop, both at once
qcounts() { counts "$1"; cat "$1/quantum-raw.csv"; }
det 1 qa --quantum 10000 &
pa=$!
bash -c 'while :; do :; done' &
busy=$!
det 1 qb --quantum 10000
wait "$pa" || fail "seed 1 at Q=10000 (qa) failed"
kill "$busy"
wait "$busy" 2>/dev/null || true
busy=
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

# bad input, refused before anything boots
expect_fail "$TOP/bench/boot.sh" --det x1 head -- true
contains "$OUT" "--det needs a seed \(a whole number\), not 'x1'" "a seed that is not a number"
expect_fail "$TOP/bench/boot.sh" --det 1 --pin head -- true
contains "$OUT" "--det runs every vCPU in one host thread: drop --pin" "--det with --pin"
expect_fail "$TOP/bench/boot.sh" --det 1 --qemu system head -- true
contains "$OUT" "--det needs QEMU 10" "--det with the host's QEMU 7.2"
