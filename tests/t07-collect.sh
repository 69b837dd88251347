#!/usr/bin/env bash
# group: unit
# bench/collect.sh on boot directories made from real guest output
# (tests/data/): tidy rows, the tracepoint/SLUB-statistics cross-check, and
# honest rows for runs that failed or did not parse; the vCPUs of each row,
# oversubscribed wall times marked, a guest that saw another CPU count
# refused, configurations numbered across a plan's vCPU counts.
. "$(dirname "$0")/lib.sh"
build_tools all
D=$TOP/tests/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

H=$(nproc)
mkboot() { # mkboot DIR RESULT: a boot of 2 vCPUs
	mkdir -p "$1"
	printf 'result=%s\nsmp=2\n' "$2" >"$1/boot-info"
	echo "nproc=2" >"$1/guest-info"
	echo "socket:process:10:100:20:100" >"$1/c1-config"
	cp "$D/hackbench.txt" "$1/c1-timed.txt"
	cp "$D/hackbench.txt" "$1/c1-count.txt"
	cp "$D/slubstat.txt" "$1/c1-timed.slubstat"
	cp "$D/slubstat.txt" "$1/c1-count.slubstat"
	cp "$D/perfstat.csv" "$1/c1-count.perfstat"
	echo "all.head all.tail skbuff_head_cache.head skbuff_head_cache.tail kmalloc-512.head kmalloc-512.tail" >"$1/c1-count.labels"
}

mkboot "$tmp/ok" finished
"$TOP/bench/collect.sh" "$tmp/ok" head 2007 3
grep -qx "head,2007,3,c1,1,timed,socket,process,10,20,100,100,2,$H,$([ "$H" -ge 2 ] && echo real || echo oversubscribed),10.749,ok" "$tmp/ok/hackbench.csv" ||
	fail "timed row: $(cat "$tmp/ok/hackbench.csv")"
ok "hackbench rows carry kernel, profile, round, configuration, vCPUs and seconds"
grep -qx 'head,2007,3,c1,1,2,count,perf,skbuff_head_cache,add_partial_head,79901' "$tmp/ok/counters.csv" || fail "perf row missing"
grep -qx 'head,2007,3,c1,1,2,timed,slub,skbuff_head_cache,free_add_partial,79901' "$tmp/ok/counters.csv" || fail "slub row missing"
[ "$(grep -c ',slub,' "$tmp/ok/counters.csv")" = $((2 * 333)) ] || fail "want 333 SLUB rows per run"
ok "counters from perf and from SLUB statistics"
# skbuff_head_cache: 79901 events = 79901 free_add_partial (no deactivations);
# kmalloc-512: 80257 events, 80259 free_add_partial: -2, agree within 1%.
grep -qx 'head,2007,3,c1,skbuff_head_cache,79901,79901,0,0.000000,agree' "$tmp/ok/crosscheck.csv" || fail "$(cat "$tmp/ok/crosscheck.csv")"
grep -qx 'head,2007,3,c1,kmalloc-512,80257,80259,-2,-0.000025,agree' "$tmp/ok/crosscheck.csv" || fail "$(cat "$tmp/ok/crosscheck.csv")"
ok "cross-check: tracepoint = free_add_partial + deactivate_to_head/tail"

mkboot "$tmp/off" finished
sed -i 's/^skbuff_head_cache free_add_partial 79901 C0=36972 C1=42929$/skbuff_head_cache free_add_partial 70000 C0=30000 C1=40000/' "$tmp/off/c1-count.slubstat"
"$TOP/bench/collect.sh" "$tmp/off" tail 2007 1
grep -q '^tail,2007,1,c1,skbuff_head_cache,79901,70000,9901,.*,disagree$' "$tmp/off/crosscheck.csv" || fail "a 14% gap not flagged: $(cat "$tmp/off/crosscheck.csv")"
ok "a disagreement is flagged"

mkboot "$tmp/bad" finished
sed -i 's/^Time: .*/Time: soon/' "$tmp/bad/c1-timed.txt"
"$TOP/bench/collect.sh" "$tmp/bad" head 2007 1
grep -qE '^head,2007,1,c1,1,timed,socket,process,10,20,100,100,2,[0-9]+,[a-z]+,,parse-error$' "$tmp/bad/hackbench.csv" || fail "$(cat "$tmp/bad/hackbench.csv")"
grep -q "unreadable time 'soon'" "$tmp/bad/collect.log" || fail "parser message not logged"
ok "an unparsable run is a parse-error row without a number"

mkdir -p "$tmp/dead" && printf 'result=panic\nsmp=2\n' >"$tmp/dead/boot-info"
"$TOP/bench/collect.sh" "$tmp/dead" stock 2007 2
grep -qE '^stock,2007,2,c1,1,timed,,,,,,,2,[0-9]+,[a-z]+,,panic$' "$tmp/dead/hackbench.csv" || fail "$(cat "$tmp/dead/hackbench.csv")"
mkboot "$tmp/late" timeout
rm "$tmp/late/c1-count.txt"
"$TOP/bench/collect.sh" "$tmp/late" stock 2007 2
grep -qE '^stock,2007,2,c1,1,timed,socket,process,10,20,100,100,2,[0-9]+,[a-z]+,10.749,timeout$' "$tmp/late/hackbench.csv" || fail "$(cat "$tmp/late/hackbench.csv")"
ok "a crashed or timed-out boot marks its rows"

# More vCPUs than host cores: the wall time is marked oversubscribed.
mkboot "$tmp/big" finished
sed -i "s/^smp=2$/smp=$((H + 1))/" "$tmp/big/boot-info"
echo "nproc=$((H + 1))" >"$tmp/big/guest-info"
"$TOP/bench/collect.sh" "$tmp/big" head 2007 1
grep -qx "head,2007,1,c1,1,timed,socket,process,10,20,100,100,$((H + 1)),$H,oversubscribed,10.749,ok" "$tmp/big/hackbench.csv" ||
	fail "$((H + 1)) vCPUs on $H cores: $(cat "$tmp/big/hackbench.csv")"
ok "more vCPUs than host cores: timing oversubscribed"
# The guest saw another CPU count than QEMU was given: no time is kept.
mkboot "$tmp/few" finished
echo "nproc=1" >"$tmp/few/guest-info"
"$TOP/bench/collect.sh" "$tmp/few" head 2007 1
grep -q ',wrong-vcpus$' "$tmp/few/hackbench.csv" && ! grep -q ',ok$' "$tmp/few/hackbench.csv" ||
	fail "guest saw 1 CPU of 2: $(cat "$tmp/few/hackbench.csv")"
grep -q 'the guest saw 1 CPUs, QEMU was given 2' "$tmp/few/collect.log" || fail "no reason logged"
ok "a guest that saw another CPU count: rows wrong-vcpus, the reason logged"
# A plan's second vCPU count numbers its configurations on (c3, c4): rows
# keep those numbers, and the plugin's windows map onto them in order.
mkboot "$tmp/v4" finished
for f in "$tmp"/v4/c1-*; do mv "$f" "${f/\/c1-//c3-}"; done
cp "$tmp/v4/c3-config" "$tmp/v4/c4-config"
cp "$D/hackbench.txt" "$tmp/v4/c4-timed.txt"
printf 'SB_FIRST_CONFIG=3\n' >"$tmp/v4/plan-in.sh"
printf 'window,vcpu,function,instructions,accesses,misses,transfers\n0,0,f,10,1,1,1\n1,1,f,20,2,2,2\n' >"$tmp/v4/emulated-raw.csv"
printf 'marks_start=2\n' >"$tmp/v4/emulated-raw.csv.info"
"$TOP/bench/collect.sh" "$tmp/v4" tail 2007 1
[ "$(csv_rows "$tmp/v4/hackbench.csv" config kind | sort -u | tr '\n' ' ')" = "c3|count c3|timed c4|timed " ] ||
	fail "configurations: $(cat "$tmp/v4/hackbench.csv")"
[ "$(csv_rows "$tmp/v4/emulated.csv" config vcpus vcpu instructions | tr '\n' ' ')" = "c3|2|0|10 c4|2|1|20 " ] ||
	fail "emulated windows: $(cat "$tmp/v4/emulated.csv")"
ok "configurations numbered from SB_FIRST_CONFIG; the plugin's windows follow them"

# A kernel function under 1/10000 of its vCPU's window in every metric goes
# into that vCPU's [other] row; [user] never does; every total stays exact.
mkboot "$tmp/fold" finished
{
	echo 'window,vcpu,function,instructions,accesses,misses,transfers'
	echo '0,0,big,9000000000,4000000,30000,2000'
	echo '0,0,tiny,5,1,0,0'
	echo '0,0,small,7,2,1,0'
	echo '0,0,[user],3,1,0,0'
	echo '0,1,big,100,10,1,1'
} >"$tmp/fold/emulated-raw.csv"
printf 'marks_start=1\n' >"$tmp/fold/emulated-raw.csv.info"
"$TOP/bench/collect.sh" "$tmp/fold" head 2007 1
[ "$(csv_rows "$tmp/fold/emulated.csv" vcpu function instructions accesses misses transfers | tr '\n' ' ')" = \
	"0|big|9000000000|4000000|30000|2000 0|[user]|3|1|0|0 1|big|100|10|1|1 0|[other]|12|3|1|0 " ] ||
	fail "folding: $(cat "$tmp/fold/emulated.csv")"
ok "functions under 1/10000 of a vCPU's window fold into [other], [user] kept, totals exact"

# An emulated boot of two configurations (c1, c2) run twice each
# (SB_WINDOWS=2): the plugin's windows 0-3 are c1's runs 1 and 2, then
# c2's; each run's hackbench, SLUB statistics and context switches keep
# their window; windows that do not match the plan give no emulated rows.
mkew() { # mkew DIR WINDOWS-IN-RAW
	mkdir -p "$1"
	printf 'result=finished\nsmp=2\n' >"$1/boot-info"
	echo "nproc=2" >"$1/guest-info"
	printf 'SB_EMULATED=1\nSB_WINDOWS=2\n' >"$1/plan-in.sh"
	for c in c1 c2; do
		echo "socket:process:10:100:20:100" >"$1/$c-config"
		for w in 1 2; do
			cp "$D/hackbench.txt" "$1/$c-emulated-w$w.txt"
			cp "$D/slubstat.txt" "$1/$c-emulated-w$w.slubstat"
			echo "$((1000 * w))" >"$1/$c-emulated-w$w.ctxt"
			echo "$((300 * w)) $((40 * w))" >"$1/$c-emulated-w$w.ipi"
		done
	done
	# the quantum plugin's windows: turn ends 100 + w, PAUSEs 7 w, HLTs w
	{
		echo 'window,instructions,quantum_ends,pauses,halts'
		for ((w = 0; w < $2; w++)); do echo "$w,$((10 + w)),$((100 + w)),$((7 * w)),$w"; done
	} >"$1/quantum-raw.csv"
	printf 'quantum=10000\nmarks_start=%d\n' "$2" >"$1/quantum-raw.csv.info"
	{
		echo 'window,vcpu,function,instructions,accesses,misses,transfers'
		for ((w = 0; w < $2; w++)); do echo "$w,0,f,$((10 + w)),1,1,1"; done
	} >"$1/emulated-raw.csv"
	printf 'marks_start=%d\n' "$2" >"$1/emulated-raw.csv.info"
}
mkew "$tmp/ew" 4
"$TOP/bench/collect.sh" "$tmp/ew" head 2007 3
[ "$(csv_rows "$tmp/ew/emulated.csv" config window instructions | tr '\n' ' ')" = "c1|1|10 c1|2|11 c2|1|12 c2|2|13 " ] ||
	fail "emulated windows: $(cat "$tmp/ew/emulated.csv")"
[ "$(csv_rows "$tmp/ew/hackbench.csv" config window kind status | tr '\n' ' ')" = "c1|1|emulated|ok c1|2|emulated|ok c2|1|emulated|ok c2|2|emulated|ok " ] ||
	fail "emulated runs' times: $(cat "$tmp/ew/hackbench.csv")"
[ "$(csv_rows "$tmp/ew/counters.csv" config window counter value | awk -F'|' '$3 == "context_switches"' | tr '\n' ' ')" = \
	"c1|1|context_switches|1000 c1|2|context_switches|2000 c2|1|context_switches|1000 c2|2|context_switches|2000 " ] ||
	fail "emulated runs' context switches: $(cat "$tmp/ew/counters.csv")"
[ "$(csv_rows "$tmp/ew/counters.csv" config window counter value | awk -F'|' '$1 == "c2" && $2 == 2 && $3 == "free_add_partial" { print $4 }')" = \
	"$(csv_rows "$tmp/ew/counters.csv" config window counter value | awk -F'|' '$1 == "c1" && $2 == 1 && $3 == "free_add_partial" { print $4 }')" ] ||
	fail "emulated runs' SLUB statistics: $(cat "$tmp/ew/counters.csv")"
[ "$(csv_rows "$tmp/ew/counters.csv" config window source counter value | awk -F'|' '$3 == "sched" || $4 ~ /^ipi/' | tr '\n' ' ')" = \
	"c1|1|proc|ipi_reschedule|300 c1|1|proc|ipi_call_function|40 c1|2|proc|ipi_reschedule|600 c1|2|proc|ipi_call_function|80 c2|1|proc|ipi_reschedule|300 c2|1|proc|ipi_call_function|40 c2|2|proc|ipi_reschedule|600 c2|2|proc|ipi_call_function|80 c1|1|sched|quantum_ends|100 c1|1|sched|pauses|0 c1|1|sched|halts|0 c1|2|sched|quantum_ends|101 c1|2|sched|pauses|7 c1|2|sched|halts|1 c2|1|sched|quantum_ends|102 c2|1|sched|pauses|14 c2|1|sched|halts|2 c2|2|sched|quantum_ends|103 c2|2|sched|pauses|21 c2|2|sched|halts|3 " ] ||
	fail "the schedule's counts: $(grep -E 'sched|ipi' "$tmp/ew/counters.csv")"
ok "an emulated boot's windows: configuration c(w / W + 1), run w % W + 1, in every CSV (the schedule's counts too)"
mkew "$tmp/ew3" 3
"$TOP/bench/collect.sh" "$tmp/ew3" head 2007 3
[ ! -e "$tmp/ew3/emulated.csv" ] && ! grep -q ',sched,' "$tmp/ew3/counters.csv" && grep -q '3 counting windows for 2 configurations x 2 runs' "$tmp/ew3/collect.log" ||
	fail "3 windows for a plan of 4: $(cat "$tmp/ew3/collect.log")"
ok "windows that do not match the plan's configurations x runs: no emulated rows, the reason logged"

# The row writer by name (lib/rundir.sh's csv_row): columns in the header's
# order whatever the order given; an unknown column or one left out stops
# the writer instead of shifting the row.
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
[ "$(csv_row "a,b,c" c=3 a=1 b=)" = "1,,3" ] || fail "csv_row: $(csv_row "a,b,c" c=3 a=1 b=)"
expect_fail csv_row "a,b,c" a=1 b=2
contains "$OUT" "no value for column 'c' of a,b,c" "csv_row: a column left out is refused, naming it"
expect_fail csv_row "a,b" a=1 b=2 z=3
contains "$OUT" "no column 'z' in a,b" "csv_row: a column the header lacks is refused, naming it"
