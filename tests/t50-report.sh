#!/usr/bin/env bash
# The report stage on a run directory made here (no VM): statistics,
# charts and report files appear; the same data gives byte-identical
# output; text stays within 80 columns; the headline states the change,
# its interval and the add_partial ratio; warnings appear where they apply;
# bad input is refused; compare lines up two runs.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# mkrun DIR ROUNDS: a run of slab/stock/head/tail, 2 configurations.
# Times: base per kernel x (1 + small deterministic noise); head ~20% slower.
mkrun() {
	local d=$1 rounds=$2
	mkdir -p "$d"
	awk -v R="$rounds" 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,kind,mode,unit,groups,fds,loops,datasize,seconds,status"
		split("slab stock head tail", K, " "); base["slab"] = 5.0; base["stock"] = 5.1; base["head"] = 6.0; base["tail"] = 5.0
		for (r = 1; r <= R; r++) for (i = 1; i <= 4; i++) for (c = 1; c <= 2; c++) {
			k = K[i]; g = 5 * c
			noise = ((r * 7 + i * 3 + c * 5) % 11 - 5) / 100
			print k, 2007, r, "c" c, "timed", "socket", "process", g, 20, 300, 100, sprintf("%.3f", base[k] * c / 2 * (1 + noise)), "ok"
		}
	}' >"$d/hackbench.csv"
	awk -v R="$rounds" 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,kind,source,cache,counter,value"
		split("stock head tail", K, " "); fap["stock"] = 100; fap["head"] = 400; fap["tail"] = 100
		for (r = 1; r <= R; r++) for (i = 1; i <= 3; i++) for (c = 1; c <= 2; c++) {
			k = K[i]; m = 600 * c
			split("skbuff_head_cache kmalloc-512", C, " ")
			for (j = 1; j <= 2; j++) {
				print k, 2007, r, "c" c, "timed", "slub", C[j], "free_add_partial", fap[k] * m
				print k, 2007, r, "c" c, "timed", "slub", C[j], "alloc_from_partial", fap[k] * m - 10
				print k, 2007, r, "c" c, "timed", "slub", C[j], "alloc_fastpath", 2000 * m
				print k, 2007, r, "c" c, "timed", "slub", C[j], "alloc_slowpath", fap[k] * m + 5
				if (r == 1) {
					print k, 2007, r, "c" c, "count", "slub", C[j], "free_add_partial", fap[k] * m
					print k, 2007, r, "c" c, "count", "perf", C[j], "add_partial_" (k == "head" ? "head" : "tail"), fap[k] * m
				}
			}
			if (r == 1) {
				print k, 2007, r, "c" c, "count", "perf", "all", "add_partial_head", (k == "head" ? 2 * fap[k] * m : 0)
				print k, 2007, r, "c" c, "count", "perf", "all", "add_partial_tail", (k == "head" ? 0 : 2 * fap[k] * m)
			}
		}
	}' >"$d/counters.csv"
	echo "kernel,profile,round,config,cache,tracepoint,slub_stats,difference,relative,verdict" >"$d/crosscheck.csv"
	echo "head,2007,1,c2,skbuff_head_cache,480000,480000,0,0.000000,agree" >>"$d/crosscheck.csv"
	local kern='{}' k
	for k in slab stock head tail; do
		kern=$(jq --arg k "$k" '. + {($k): {source_version: "6.1.192-3", allocator: (if $k == "slab" then "slab" else "slub" end),
			profile: "2007", build_id: "0123456789abcdef0123", patches: []}}' <<<"$kern")
	done
	jq -n --arg id "$(basename "$d")" --argjson k "$kern" --argjson rounds "$rounds" '{run_id: $id, status: "complete",
		updated: "2026-12-03T00:00:00Z", command: "./run.sh bench --seed 5", slubbench_git: "test",
		host: {cpu: "Test CPU", cores: 2, mem_kb: 25165824, kernel: "6.1.0"}, qemu: "QEMU emulator version 7.2.0",
		accel: "tcg", plan: {kernels: "slab stock head tail", profile: "2007", seed: "5", smp: "2", mem: "2048",
		rounds: ($rounds | tostring)}, boots: {expected: (4 * $rounds), done: (4 * $rounds), failed: 0},
		kernels: $k, rootfs: {suite: "bookworm", packages: {"rt-tests": "2.4-1", "linux-perf": "6.1", procps: "4.0"}}}' >"$d/manifest.json"
}

mkrun "$tmp/a" 6
"$TOP/bench/report.sh" "$tmp/a" 2>"$tmp/log" || { cat "$tmp/log"; fail "report failed"; }
for f in summary.csv mechanism.csv report.txt report.md plots/times.png plots/times.svg plots/groups.png \
	plots/add_partial.png plots/slowpath.png plots/slowpath.svg; do
	[ -s "$tmp/a/$f" ] || fail "no $f"
done
for p in "$tmp"/a/plots/*.png; do
	[ "$(head -c 8 "$p" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$p is not a PNG"
done
ok "summary, mechanism, report.txt/md and four charts (PNG and SVG)"

R=$tmp/a/report.txt
awk 'length > 80 { exit 1 }' "$R" || fail "report.txt has lines over 80 columns"
ok "report.txt fits 80 columns"
# head: median of 6.0 x (1 + noise) against tail's 5.0 x (1 + noise): about +20%
grep -qE '^  head: \+(1[5-9]|2[0-5])\.[0-9]% hackbench time vs tail \(slower; 95% CI of the ratio' "$R" ||
	fail "headline: $(grep -A2 '^  head:' "$R")"
grep -q '4.0x the add_partial calls per' "$R" || fail "no add_partial ratio (head 400 vs tail 100 per message): $(grep -A2 '^  head:' "$R")"
grep -q 'slab: ' "$R" || fail "no headline for slab"
ok "headline: change, interval, p-value and 4.0x the add_partial calls"
sig=$(awk -F, '$1 == "head" && $2 == "c2" { print $32 }' "$tmp/a/summary.csv")
[ "$sig" = yes ] || fail "head's 20% not significant with 6 rounds: $(grep '^head,c2' "$tmp/a/summary.csv")"
ok "a 20% change is marked significant"
grep -q 'Emulated (TCG) timings' "$R" || fail "no TCG warning"
grep -q 'n=6 runs per kernel: small' "$R" || fail "no small-n warning"
ok "warnings for emulation and small n"

mkdir -p "$tmp/b" && cp "$tmp"/a/{hackbench,counters,crosscheck}.csv "$tmp/a/manifest.json" "$tmp/b/"
"$TOP/bench/report.sh" "$tmp/b" 2>/dev/null
for f in summary.csv mechanism.csv plots/times.png plots/times.svg plots/add_partial.png plots/groups.svg; do
	cmp -s "$tmp/a/$f" "$tmp/b/$f" || fail "$f differs between two reports of the same data"
done
# the text too, but for the last line: the directory the report was made in
for f in report.txt report.md; do
	diff <(grep -v '^  ./run.sh report ' "$tmp/a/$f") <(grep -v '^  ./run.sh report ' "$tmp/b/$f") ||
		fail "$f differs between two reports of the same data"
done
ok "same data in, same report out (text, CSV, PNG, SVG)"

mkrun "$tmp/n2" 2
"$TOP/bench/report.sh" "$tmp/n2" 2>/dev/null
grep -q 'n<3: no p-value' "$tmp/n2/report.txt" || fail "n=2 gives a p-value"
grep -q 'too few for a p-value' "$tmp/n2/report.txt" || fail "no n<3 warning"
ok "n < 3: said instead of a p-value"

expect_fail "$TOP/bench/report.sh" "$tmp/nothing"
contains "$OUT" "no run" "missing run refused"
mkdir -p "$tmp/empty"
expect_fail "$TOP/bench/report.sh" "$tmp/empty"
contains "$OUT" "manifest.json is missing: not a slubbench run" "not a run directory refused"
expect_fail "$TOP/bench/report.sh" "$tmp/a" --baseline nosuch
contains "$OUT" "baseline 'nosuch' is not in this run" "unknown baseline refused"
cp -r "$tmp/a" "$tmp/bad"
echo "head,2007,9,c1,timed,socket,process,5,20,300,100,fast,ok" >>"$tmp/bad/hackbench.csv"
expect_fail "$TOP/bench/report.sh" "$tmp/bad"
contains "$OUT" "line 50: seconds 'fast' is not a number" "malformed CSV: line named"

out=$("$TOP/bench/compare.sh" "$tmp/a" "$tmp/b")
grep -qE '^head +socket/process/g10/l300/f20/d100 +[0-9.]+\(6\) +[0-9.]+\(6\) +\+0\.0%' <<<"$out" || fail "compare: $out"
ok "compare lines up the same kernels and configurations"
