#!/usr/bin/env bash
# group: quick
# bench/collect.sh on boot directories made from real guest output
# (tests/data/): tidy rows, the tracepoint/SLUB-statistics cross-check, and
# honest rows for runs that failed or did not parse.
. "$(dirname "$0")/lib.sh"
make -s -C "$TOP/bench/src" >/dev/null
D=$TOP/tests/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkboot() { # mkboot DIR RESULT
	mkdir -p "$1"
	echo "result=$2" >"$1/boot-info"
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
grep -qx 'head,2007,3,c1,timed,socket,process,10,20,100,100,10.749,ok' "$tmp/ok/hackbench.csv" ||
	fail "timed row: $(cat "$tmp/ok/hackbench.csv")"
ok "hackbench rows carry kernel, profile, round, configuration and seconds"
grep -qx 'head,2007,3,c1,count,perf,skbuff_head_cache,add_partial_head,79901' "$tmp/ok/counters.csv" || fail "perf row missing"
grep -qx 'head,2007,3,c1,timed,slub,skbuff_head_cache,free_add_partial,79901' "$tmp/ok/counters.csv" || fail "slub row missing"
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
grep -qx 'head,2007,1,c1,timed,socket,process,10,20,100,100,,parse-error' "$tmp/bad/hackbench.csv" || fail "$(cat "$tmp/bad/hackbench.csv")"
grep -q "unreadable time 'soon'" "$tmp/bad/collect.log" || fail "parser message not logged"
ok "an unparsable run is a parse-error row without a number"

mkdir -p "$tmp/dead" && echo "result=panic" >"$tmp/dead/boot-info"
"$TOP/bench/collect.sh" "$tmp/dead" stock 2007 2
grep -qx 'stock,2007,2,c1,timed,,,,,,,,panic' "$tmp/dead/hackbench.csv" || fail "$(cat "$tmp/dead/hackbench.csv")"
mkboot "$tmp/late" timeout
rm "$tmp/late/c1-count.txt"
"$TOP/bench/collect.sh" "$tmp/late" stock 2007 2
grep -qx 'stock,2007,2,c1,timed,socket,process,10,20,100,100,10.749,timeout' "$tmp/late/hackbench.csv" || fail "$(cat "$tmp/late/hackbench.csv")"
ok "a crashed or timed-out boot marks its rows"
