#!/usr/bin/env bash
# group: full vm
# A SLUB knob as a factor of the plan (--slub-knob), really
# booted: tail at min_partial 2 and 7, each a label of its own; every boot
# of each reads back its value for both hot caches (counters.csv, source
# knob), the manifest and the report's provenance name the knob, and the
# read-back values are no counts (mechanism.csv has none). A value the
# kernel refuses on write (cpu_partial 5 without per-CPU partials, written
# straight through bench/boot.sh) ends the plan before anything is measured
# and every row of the boot says knob-refused. The 2.6.23 preset boots
# head's build with min_partial 2.
. "$(dirname "$0")/lib.sh"
require_vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=$tmp/knob
"$TOP/run.sh" --quick --kernels tail --slub-knob min_partial=2,7 --rounds 1 --no-emulated-counters --seed 1 \
	--out "$R" >"$tmp/log" 2>&1 || { tail -n 20 "$tmp/log"; fail "the run failed"; }
for v in 2 7; do
	got=$(csv_rows "$R/counters.csv" kernel source cache counter value | awk -F'|' -v l="tail+mp$v" '$1 == l && $2 == "knob"' | sort | uniq -c |
		awk '{ print $1, $2 }' | tr '\n' ' ')
	# 2 boots of each label (round 0's counting boot, 1 timed), 2 caches each
	[ "$got" = "2 tail+mp$v|knob|kmalloc-512|min_partial|$v 2 tail+mp$v|knob|skbuff_head_cache|min_partial|$v " ] ||
		fail "tail+mp$v: read back $got"
	[ "$(jq -r --arg l "tail+mp$v" '.kernels[$l].knob' "$R/manifest.json")" = "min_partial=$v" ] || fail "manifest: no knob for tail+mp$v"
	grep -q "knob min_partial=$v (set in the guest)" <<<"$(grep -A1 "^  tail+mp$v: " "$R/report.txt")" || fail "report provenance: no knob for tail+mp$v"
done
ok "min_partial 2 and 7 set in every boot and read back for both hot caches; the manifest and the report name each label's knob"
! grep -qx min_partial <<<"$(csv_rows "$R/mechanism.csv" counter)" || fail "a knob's read-back value reported as a count"
ok "the read-back values are no counts (mechanism.csv has none)"

# the 2.6.23 preset: head's build, min_partial 2 set and read back
P=$tmp/preset
"$TOP/run.sh" bench --quick --kernels 2.6.23 --rounds 1 --no-count --no-emulated-counters --seed 1 --out "$P" >"$tmp/plog" 2>&1 ||
	{ tail -n 20 "$tmp/plog"; fail "the preset's run failed"; }
[ "$(csv_rows "$P/counters.csv" kernel source cache value | awk -F'|' '$2 == "knob"' | sort | tr '\n' ' ')" = \
	"2.6.23|knob|kmalloc-512|2 2.6.23|knob|skbuff_head_cache|2 " ] || fail "2.6.23: read back $(grep knob "$P/counters.csv")"
[ "$(jq -r '.kernels["2.6.23"].build_id' "$P/manifest.json")" = "$(jq -r .build_id "$(kernel_dir head 2007)/manifest.json")" ] &&
	[ "$(jq -r '.kernels["2.6.23"].knob' "$P/manifest.json")" = min_partial=2 ] || fail "2.6.23 is not head's build with min_partial=2"
ok "the 2.6.23 preset boots head's build with min_partial 2, read back for both hot caches"

# a value the kernel refuses: cpu_partial on a kernel without per-CPU partials
d=$tmp/refused
mkdir -p "$d"
{
	printf 'SB_CONFIGS=socket:process:2:10:20:100\nSB_WARMUP=1\nSB_TIMED=1\nSB_CACHES=%q\nSB_FIRST_CONFIG=1\nSB_KNOB=cpu_partial=5\nSB_KNOB_CACHES=%q\n' "$HOT_CACHES" "skbuff_head_cache no-such-cache"
	cat "$TOP/bench/guest-plan.sh"
} >"$d/plan-in.sh"
rc=0
"$TOP/bench/boot.sh" --accel tcg --smp 2 --timeout 300 --out "$d" --plan "$d/plan-in.sh" tail 2>"$tmp/boot.err" || rc=$?
[ "$rc" = 2 ] || fail "a refused knob: boot.sh exit $rc, want 2 (the plan stopped): $(tail -n2 "$tmp/boot.err")"
[ "$(cat "$d/knobs.txt")" = "skbuff_head_cache cpu_partial 5 refused
no-such-cache cpu_partial 5 refused" ] || fail "knobs.txt: $(cat "$d/knobs.txt")"
[ ! -e "$d/c1-timed.txt" ] || fail "hackbench ran after the knob was refused"
"$TOP/bench/collect.sh" "$d" tail 2007 1
[ "$(csv_rows "$d/hackbench.csv" status | sort -u)" = knob-refused ] || fail "rows of the refused boot: $(cat "$d/hackbench.csv")"
grep -q 'a knob not set as asked: skbuff_head_cache cpu_partial 5 refused' "$d/collect.log" || fail "collect.log: $(cat "$d/collect.log")"
ok "cpu_partial 5 refused by a kernel without per-CPU partials, and a cache it lacks (--knob-caches): nothing measured, every row says knob-refused"
