#!/usr/bin/env bash
# group: smoke vm
# The counting mode (bench/boot.sh --det) as the bench runs it, at its own
# quantum (lib/detboot.sh's DET_QUANTUM_DEFAULT): two boots of one kernel,
# plan and seed give byte-identical counts (SLUB statistics, the plugin's
# CSV, hackbench's own output, the context switches, the quantum plugin's
# schedule), one of them booted beside a busy loop and both at once;
# another seed gives other counts; the host's load is recorded. That pair
# is always booted: every other counting boot of the suite may come from
# the counting-boot store (bench/detstore.sh), whose premise is what the
# pair shows. The store: a boot of an input booted before, with
# SLUBBENCH_REUSE_COUNTING=1, is the stored one, byte for byte, and
# starts no QEMU; another seed is another input. Bad input refused before
# anything boots. (The quantum's own effect, cache=off and Q=inf: t66.)
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/detboot.sh
. "$TOP/tests/detboot.sh"
det_require
tmp=$(mktemp -d)
# the pair boots; the store's own checks use a store of their own; seed 2
# may come from the suite's
suite_reuse=${SLUBBENCH_REUSE_COUNTING:-0} suite_store=$(counting_store)
unset SLUBBENCH_REUSE_COUNTING
export SLUBBENCH_COUNTING_STORE=$tmp/store
busy=
trap '[ -z "$busy" ] || kill "$busy" 2>/dev/null; rm -rf "$tmp"' EXIT

det_plan "$tmp"
q=$DET_QUANTUM_DEFAULT

# a: alone at first (and into the store); b: the same seed beside a busy
# loop, both at once
SLUBBENCH_REUSE_COUNTING=1 det "$tmp" 1 a --quantum "$q" &
pa=$!
bash -c 'while :; do :; done' &
busy=$!
det "$tmp" 1 b --quantum "$q"
wait "$pa" || fail "seed 1 (a) failed"
kill "$busy"
wait "$busy" 2>/dev/null || true
busy=
[ -s "$tmp/a/c1-emulated-w1.slubstat" ] && [ -s "$tmp/a/emulated-raw.csv" ] || fail "the counting boot left no counts: $(ls "$tmp/a")"
grep -q '^skbuff_head_cache free_add_partial [1-9]' "$tmp/a/c1-emulated-w1.slubstat" || fail "no add_partial counted: $(head -n 3 "$tmp/a/c1-emulated-w1.slubstat")"
cmp -s <(counts "$tmp/a") <(counts "$tmp/b") || fail "seed 1 twice, one beside a busy loop: the counts differ: $(diff <(counts "$tmp/a") <(counts "$tmp/b") | head -n 4)"
grep -qx "quantum=$q" "$tmp/a/boot-info" && [ -s "$tmp/a/quantum-raw.csv" ] || fail "seed 1 (a) did not run at Q=$q: $(grep quantum "$tmp/a/boot-info")"
ok "seed 1 twice at the bench's quantum (Q=$q), at once, one beside a busy loop: byte-identical counts, the schedule's too ($(csv_rows "$tmp/a/quantum-raw.csv" quantum_ends | head -n 1) turns ended; $(awk '$2 == "free_add_partial" && $1 == "skbuff_head_cache" { print $3 }' "$tmp/a/c1-emulated-w1.slubstat") skbuff_head_cache add_partials)"

# the host's load is measured and recorded for every boot
load=$(sed -n 's/^host_other_cpu=//p' "$tmp/b/boot-info")
awk -v l="$load" 'BEGIN { exit !(l >= 0.5) }' || fail "beside a busy loop and another boot, host_other_cpu=$load (want >= 0.5)"
grep -qx 'qemu_version=QEMU emulator version 10.0.2.*' "$tmp/a/boot-info" || fail "the QEMU that ran is not recorded: $(grep qemu "$tmp/a/boot-info")"
ok "the host's load is recorded (host_other_cpu=$load beside a busy loop), and the QEMU"

# the store: a booted and stored seed 1, b (reuse off) did not look; seed
# 1 again with reuse on starts no QEMU and gives a's outputs
SLUBBENCH_REUSE_COUNTING=1 det "$tmp" 1 s --quantum "$q"
key=$(sed -n 's/^reused=//p' "$tmp/s/boot-info")
[ -n "$key" ] && grep -q "reused from the counting-boot store (key ${key:0:16})" "$tmp/s.log" ||
	fail "seed 1 a second time with SLUBBENCH_REUSE_COUNTING=1 was booted, not reused: $(tail -n 2 "$tmp/s.log")"
for b in a b; do
	[ -z "$(sed -n 's/^reused=//p' "$tmp/$b/boot-info")" ] || fail "boot $b was reused: the first of its input (a) or reuse off (b)"
done
cmp -s <(counts "$tmp/a") <(counts "$tmp/s") && cmp -s "$tmp/a/guest-info" "$tmp/s/guest-info" || fail "the reused boot's counts differ from the stored boot's"
grep -q "^-kernel$" "$tmp/store/$key/key.txt" && grep -qx "@file:$(sha256sum "$(kernel_dir head 2007)/bzImage" | cut -d' ' -f1)" "$tmp/store/$key/key.txt" ||
	fail "the store's key does not hold the kernel's sha256: $(head -n 5 "$tmp/store/$key/key.txt")"
[ "$(find "$tmp/store" -name key.txt | wc -l)" = 1 ] || fail "the store holds $(find "$tmp/store" -name key.txt | wc -l) boots, not 1 (a)"
ok "the counting-boot store: seed 1 again reused a's boot (its counts and guest-info), started no QEMU, and is said so; the key holds the kernel's sha256; a boot with reuse off was booted"

# c: seed 2, from the suite's store when it holds it (this is no check of
# determinism): another seed is another input, never seed 1's boot, and
# gives other counts
SLUBBENCH_COUNTING_STORE=$suite_store SLUBBENCH_REUSE_COUNTING=$suite_reuse det "$tmp" 2 c --quantum "$q"
ckey=$(sed -n 's/^reused=//p' "$tmp/c/boot-info")
[ "$ckey" != "$key" ] || fail "seed 2 was given seed 1's stored boot"
! cmp -s "$tmp/a/c1-emulated-w1.slubstat" "$tmp/c/c1-emulated-w1.slubstat" || fail "seeds 1 and 2 gave the same SLUB statistics: the seed does not pick the interleaving"
ok "seed 2 gives other counts: the seed picks the interleaving (seed 2 $([ -n "$ckey" ] && echo "from the suite's store" || echo booted), another key than seed 1's)"

# bad input, refused before anything boots
expect_fail "$TOP/bench/boot.sh" --det x1 head -- true
contains "$OUT" "--det needs a seed \(a whole number\), not 'x1'" "a seed that is not a number"
expect_fail "$TOP/bench/boot.sh" --det 1 --pin head -- true
contains "$OUT" "--det runs every vCPU in one host thread: drop --pin" "--det with --pin"
expect_fail "$TOP/bench/boot.sh" --det 1 --qemu system head -- true
contains "$OUT" "--det needs QEMU 10" "--det with the host's QEMU 7.2"
