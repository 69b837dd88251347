# shellcheck shell=bash
# Run directories made by the tests, without any VM: sourced after tests/lib.sh.

# mkmanifest DIR KERNELS SMP ROUNDS COMMAND: a complete run's manifest.json
# (every kernel at every vCPU count in each round; SMP "2" or "2 4 8").
mkmanifest() {
	local d=$1 kernels=$2 smp=$3 rounds=$4 cmd=$5 kern='{}' k
	for k in $kernels; do
		kern=$(jq --arg k "$k" '. + {($k): {source_version: "6.1.192-3", allocator: (if $k == "slab" then "slab" else "slub" end),
			profile: "2007", build_id: "0123456789abcdef0123", patches: []}}' <<<"$kern")
	done
	jq -n --arg id "$(basename "$d")" --argjson k "$kern" --argjson rounds "$rounds" --arg kernels "$kernels" \
		--arg smp "$smp" --arg cmd "$cmd" --argjson per "$(($(wc -w <<<"$kernels") * $(wc -w <<<"$smp")))" \
		'{run_id: $id, status: "complete",
		updated: "2026-12-03T00:00:00Z", command: $cmd, slubbench_git: "test",
		host: {cpu: "Test CPU", cores: 2, mem_kb: 25165824, kernel: "6.1.0"}, qemu: "QEMU emulator version 7.2.0",
		accel: "tcg", plan: {kernels: $kernels, profile: "2007", seed: "5", smp: $smp, mem: (if $smp == "2" then "2048" else "" end),
		rounds: ($rounds | tostring), design: "williams", rounds_run: $rounds}, stop_reason: "planned rounds",
		boots: {expected: ($per * $rounds), done: ($per * $rounds), failed: 0},
		kernels: $k, rootfs: {suite: "bookworm", packages: {"rt-tests": "2.4-1", "linux-perf": "6.1", procps: "4.0"}}}' >"$d/manifest.json"
}

# mkrun DIR ROUNDS: a run of slab/stock/head/tail, 2 configurations, and
# its boots.csv. Times: base per kernel x (1 + small deterministic noise);
# head 20% slower than tail, slab the same as tail.
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
	awk -v R="$rounds" 'BEGIN {
		print "round,position,kernel,kind,attempt,start_utc,wall_seconds,result"
		split("slab stock head tail", K, " ")
		for (r = 1; r <= R; r++) for (p = 1; p <= 4; p++)
			printf "%d,%d,%s,timed,1,2026-12-03T10:%02d:%02dZ,15,finished\n", r, p, K[(r + p) % 4 + 1], r, p * 10
	}' >"$d/boots.csv"
	echo "kernel,profile,round,config,cache,tracepoint,slub_stats,difference,relative,verdict" >"$d/crosscheck.csv"
	echo "head,2007,1,c2,skbuff_head_cache,480000,480000,0,0.000000,agree" >>"$d/crosscheck.csv"
	mkmanifest "$d" "slab stock head tail" 2 "$rounds" "./run.sh bench --seed 5"
}

# mkemulated DIR [BOOTS]: emulated.csv for a mkrun run: head and tail, 2
# boots each (or 3), 2 vCPUs, configuration c2. Per boot, all functions:
# tail transfers 800, 808 (and 792), head 1.5 times as many: 1200, 1212
# (and 1188). With 2 boots: ratio of geometric means 1.5, range 1200/808 =
# 1.485..1212/800 = 1.515, spread 0.995% each; with 3: Welch's interval on
# the logs, p 9.8e-7, at 95% 1.4664..1.5344, at 97.5% 1.4578..1.5434 (SciPy
# 1.10.1: df 4). ___slab_alloc
# instructions head 1.2x tail, [user] equal: all instructions 8.4 M against
# 8 M, 1.05x.
mkemulated() {
	awk -v boots="${2:-2}" 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,vcpu,function,instructions,accesses,misses,transfers"
		x["tail", 1] = 400; x["tail", 2] = 404; x["tail", 3] = 396
		x["head", 1] = 600; x["head", 2] = 606; x["head", 3] = 594
		split("head tail", K, " ")
		for (i = 1; i <= 2; i++) for (r = 1; r <= boots; r++) for (v = 0; v <= 1; v++) {
			k = K[i]
			print k, 2007, r, "c2", v, "___slab_alloc", (k == "head" ? 1200000 : 1000000), 5000, 100, x[k, r]
			print k, 2007, r, "c2", v, "[user]", 3000000, 9000, 50, 0
		}
	}' >"$1/emulated.csv"
}

# mkcycles DIR: emulated.csv for a mkrun run counted on the clovertown
# model (the machine column and where each miss was served from): head and
# tail, 3 boots, 2 vCPUs (one die: every transfer a die transfer), c2. Per
# vCPU and boot r (factor 1, 1.01, 0.99 on the kernel's own rows):
#   tail ___slab_alloc: 1e6 instructions, 100 L2 hits, 100 memory, 50 transfers
#   head ___slab_alloc: 1.1e6, 150, 120, 90; native_queued_spin_lock_slowpath:
#        5e4 instructions, 10 transfers
#   both [user]: 3e6 instructions, 20 L2 hits, 30 memory (no factor)
# Priced by hand with Python (CPI 1, L2 14, memory 115 ns, die 29.5 ns at
# 2.33 GHz): head/tail cycles 1.039479; CPI halved/doubled 1.041420/1.038494,
# memory 1.038984/1.040457; head's spin share of its cycles 1.2070%.
mkcycles() {
	awk 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,vcpus,machine,vcpu,function,instructions,accesses,misses,transfers,l2_hits,memory,transfers_die,transfers_package,transfers_socket"
		f[1] = 1; f[2] = 1.01; f[3] = 0.99
		for (r = 1; r <= 3; r++) for (v = 0; v <= 1; v++) {
			x = f[r]
			row("tail", r, v, "___slab_alloc", 1000000 * x, 100 * x, 100 * x, 50 * x)
			row("head", r, v, "___slab_alloc", 1100000 * x, 150 * x, 120 * x, 90 * x)
			row("head", r, v, "native_queued_spin_lock_slowpath", 50000 * x, 0, 0, 10 * x)
			row("tail", r, v, "[user]", 3000000, 20, 30, 0)
			row("head", r, v, "[user]", 3000000, 20, 30, 0)
		}
	}
	function row(k, r, v, fn, i, l2, mem, xd) {
		printf "%s,2007,%d,c2,2,clovertown,%d,%s,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,0,0\n", k, r, v, fn, i, 5000, l2 + mem + xd, xd, l2, mem, xd
	}' >"$1/emulated.csv"
}

# mkscaling DIR ROUNDS GROWTH: a run of head and tail at 2, 4 and 8 vCPUs
# (configurations c1, c2, c3) on a 2-core host, new format. head's
# free_add_partial per message is 3x tail's at 2 vCPUs, times GROWTH at 4
# and GROWTH^2 at 8 (GROWTH 1: no change), with a little per-round noise
# in tail's; head's time 10% over tail's; emulated transfers of head 2x
# tail's at every count.
mkscaling() {
	local d=$1 rounds=$2 growth=$3
	mkdir -p "$d"
	awk -v R="$rounds" 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,kind,mode,unit,groups,fds,loops,datasize,vcpus,host_cpus,timing,seconds,status"
		for (r = 1; r <= R; r++) for (c = 1; c <= 3; c++) for (i = 1; i <= 2; i++) {
			k = i == 1 ? "head" : "tail"; v = 2 ^ c
			noise = ((r * 7 + i * 3 + c * 5) % 11 - 5) / 200
			print k, 2007, r, "c" c, "timed", "socket", "process", 10, 20, 150, 100, v, 2, (v > 2 ? "oversubscribed" : "real"),
				sprintf("%.3f", v * (k == "head" ? 1.1 : 1) * (1 + noise)), "ok"
		}
	}' >"$d/hackbench.csv"
	awk -v R="$rounds" -v G="$growth" 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,vcpus,kind,source,cache,counter,value"
		for (r = 1; r <= R; r++) for (c = 1; c <= 3; c++) {
			t = 10000 * (1 + (r % 3) / 100); h = 30000 * G ^ (c - 1)
			for (i = 1; i <= 2; i++) {
				k = i == 1 ? "head" : "tail"; f = k == "head" ? h : t
				print k, 2007, r, "c" c, 2 ^ c, "timed", "slub", "skbuff_head_cache", "free_add_partial", f
				print k, 2007, r, "c" c, 2 ^ c, "timed", "slub", "skbuff_head_cache", "alloc_from_partial", f
				print k, 2007, r, "c" c, 2 ^ c, "timed", "slub", "skbuff_head_cache", "alloc_fastpath", 300000
			}
		}
	}' >"$d/counters.csv"
	awk 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,vcpus,vcpu,function,instructions,accesses,misses,transfers"
		for (c = 1; c <= 3; c++) for (r = 1; r <= 2; r++) for (i = 1; i <= 2; i++) {
			k = i == 1 ? "head" : "tail"
			print k, 2007, r, "c" c, 2 ^ c, 0, "___slab_alloc", 1000000, 5000, 100, (k == "head" ? 2 : 1) * (400 + r)
		}
	}' >"$d/emulated.csv"
	awk -v R="$rounds" 'BEGIN {
		print "round,position,kernel,vcpus,kind,attempt,start_utc,wall_seconds,result"
		for (r = 1; r <= R; r++) for (p = 1; p <= 6; p++)
			printf "%d,%d,%s,%d,timed,1,2026-12-03T%02d:%02d:00Z,15,finished\n", r, p, (p % 2 ? "head" : "tail"), 2 ^ int((p + 1) / 2), 10 + int(r / 6), (r * 6 + p) % 60
	}' >"$d/boots.csv"
	mkmanifest "$d" "head tail" "2 4 8" "$rounds" "./run.sh bench --smp 2,4,8 --seed 5"
}

# golden DIR NAME: DIR's report.txt against the one committed as
# tests/golden/NAME.report.txt, whole (xfstests' .out files), so that a
# change of wording or of any number shows, not only what a test's pattern
# looks for; the one line that names where DIR lies is made "DIR/...".
# After a change made on purpose: SLUBBENCH_GOLDEN=update ./run.sh test
# unit, and commit the new files with the reason.
golden() {
	local d=$1 g=$TOP/tests/golden/$2.report.txt
	sed "s|$(dirname "$d")/|DIR/|g" "$d/report.txt" >"$d/report.golden"
	if [ "${SLUBBENCH_GOLDEN:-}" = update ]; then
		mkdir -p "$(dirname "$g")" && cp "$d/report.golden" "$g"
		ok "tests/golden/$2.report.txt written anew"
		return 0
	fi
	[ -f "$g" ] || fail "no tests/golden/$2.report.txt (SLUBBENCH_GOLDEN=update makes it)"
	diff -u "$g" "$d/report.golden" >"$d/report.diff" ||
		fail "the report of $2 differs from tests/golden/$2.report.txt: $(head -n 30 "$d/report.diff")"
	ok "the report of $2 is tests/golden/$2.report.txt, every line ($(wc -l <"$g"))"
}

# mkseries DIR: series boots for a mkrun run (seeds 1-3 of head and tail,
# seed 1 of stock; c1 and c2): series.csv samples skbuff_head_cache every
# 100 ms for 1000 ms, head's list 2 slabs long and 50, 55, 45 slabs added a
# ms, tail's 20 and 10, 11, 9 (head/tail 5.00 each seed, lists 0.10); a
# sample costs 1 ms (11 on 2 vCPUs: 0.55% of their time). Stock's boot
# finished with no sample. counters.csv gets seeds 1-3
# of head and tail as series boots and their twins (emulated): head's
# free_add_partial 1010, 1000, 990 against 1000 each, tail's equal.
mkseries() {
	local d=$1
	awk 'BEGIN {
		OFS = ","
		print "kernel,profile,round,config,window,vcpus,time_ms,cache,quantity,value"
		split("head tail", K, " "); len["head"] = 2; len["tail"] = 20; rate["head"] = 50; rate["tail"] = 10
		split("1 1.1 0.9", F, " ")
		for (s = 1; s <= 3; s++) for (i = 1; i <= 2; i++) {
			k = K[i]
			print k, 2007, s, "c1", 1, 2, 0, "all", "sample_ns", 1000000
			for (c = 1; c <= 2; c++) for (t = 0; t <= 1000; t += 100) {
				print k, 2007, s, "c" c, 1, 2, t, "skbuff_head_cache", "partial", len[k]
				print k, 2007, s, "c" c, 1, 2, t, "skbuff_head_cache", "free_add_partial", rate[k] * F[s] * t
				print k, 2007, s, "c" c, 1, 2, t, "skbuff_head_cache", "alloc_from_partial", rate[k] * F[s] * t
			}
		}
	}' >"$d/series.csv"
	awk 'BEGIN {
		OFS = ","
		split("1010 1000 990", H, " ")
		for (s = 1; s <= 3; s++) for (c = 1; c <= 2; c++) {
			print "head", 2007, s, "c" c, "series", "slub", "skbuff_head_cache", "free_add_partial", H[s]
			print "head", 2007, s, "c" c, "emulated", "slub", "skbuff_head_cache", "free_add_partial", 1000
			print "tail", 2007, s, "c" c, "series", "slub", "skbuff_head_cache", "free_add_partial", 500
			print "tail", 2007, s, "c" c, "emulated", "slub", "skbuff_head_cache", "free_add_partial", 500
			for (i = 1; i <= 2; i++) for (kind = 0; kind < 2; kind++)
				print (i == 1 ? "head" : "tail"), 2007, s, "c" c, (kind ? "series" : "emulated"), "slub", "skbuff_head_cache", "alloc_fastpath", 4000
		}
	}' >>"$d/counters.csv"
	printf '%d,1,%s,series,1,2026-12-03T11:00:%02dZ,20,finished\n' 1 head 10 1 tail 20 1 stock 30 2 head 40 2 tail 50 3 head 41 3 tail 51 >>"$d/boots.csv"
}
