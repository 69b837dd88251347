#!/usr/bin/env bash
# group: full vm
# The vCPU axis end to end: a quick plan at --smp 1,4 boots head and tail
# at both counts in its one round; each guest sees the CPUs it was given;
# each count's rows carry their vCPUs and configuration (c1 at 1, c2 at 4),
# 4 vCPUs on fewer host cores are marked oversubscribed; the emulated
# counters ran at both counts (instructions alone: the cache model is
# t40's); the report has its Scaling section.
. "$(dirname "$0")/lib.sh"
require_vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=$tmp/run
# panicked RUN: for each boot whose console has a panic, what it wrote
# (console, status, guest-info: how far the guest's init got), whole
panicked() {
	local f d
	grep -l -E "$PANIC_RE" "$1"/raw/*/serial.log 2>/dev/null | while IFS= read -r f; do
		d=${f%/serial.log}
		printf '== %s: files %s; status: %s\n' "${d##*/}" "$(find "$d" -maxdepth 1 -type f -printf '%f ')" "$(cat "$d/status" 2>/dev/null || echo none)"
		cat "$d/guest-info" 2>/dev/null || echo "(no guest-info)"
		tail -n 150 "$f"
	done || true
}

"$TOP/bench/run.sh" --quick --smp 1,4 --rounds 1 --no-count --emulated-counters 0 --emulated-instructions 1 --seed 3 --out "$R" >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log"; panicked "$R"; fail "bench failed"; }
[ "$(jq -r .status "$R/manifest.json")" = complete ] && [ "$(jq -r .boots.done "$R/manifest.json")" = 8 ] ||
	fail "manifest: $(jq -c '{status, boots: .boots | {expected, done, failed}}' "$R/manifest.json")"
[ "$(csv_rows "$R/boots.csv" round kernel vcpus kind result | awk -F'|' '$4 == "timed" && $5 == "finished"' | sort -u | wc -l)" = 4 ] ||
	fail "want 4 finished timed boots (2 kernels x 2 counts): $(cat "$R/boots.csv")
	$(panicked "$R")"
ok "8 boots: 4 timed (every kernel at every count), 4 emulated"
for d in "$R"/raw/[re]*-v*-*; do
	case "$d" in *.a[0-9]*) continue ;; esac # a retried attempt
	want=$(basename "$d" | sed -n 's/^[re][0-9]*-v\([0-9]*\)-.*/\1/p')
	[ "$(sed -n 's/^smp=//p' "$d/boot-info")" = "$want" ] && [ "$(sed -n 's/^nproc=//p' "$d/guest-info")" = "$want" ] ||
		fail "$(basename "$d"): QEMU $(sed -n 's/^smp=//p' "$d/boot-info"), guest $(sed -n 's/^nproc=//p' "$d/guest-info"), want $want"
done
ok "each guest's nproc is the vCPU count its boot was given (1 and 4)"
rows=$(csv_rows "$R/hackbench.csv" kind config vcpus timing status | sort -u | tr '\n' ' ')
over=real
[ "$(nproc)" -ge 4 ] || over=oversubscribed
[ "$rows" = "emulated|c1|1|real|ok emulated|c2|4|$over|ok timed|c1|1|real|ok timed|c2|4|$over|ok " ] ||
	fail "hackbench.csv (kind, config, vcpus, timing, status): $rows"
ok "c1 ran at 1 vCPU, c2 at 4; 4 vCPUs on $(nproc) host cores: $over"
[ "$(csv_rows "$R/emulated.csv" kernel config vcpus | sort -u | tr '\n' ' ')" = "head|c1|1 head|c2|4 tail|c1|1 tail|c2|4 " ] ||
	fail "emulated.csv: $(csv_rows "$R/emulated.csv" kernel config vcpus | sort -u | tr '\n' ' ')"
ok "emulated counters at both vCPU counts"
"$TOP/run.sh" report "$R" >"$tmp/rlog" 2>&1 || { cat "$tmp/rlog"; fail "report failed"; }
sec=$(sed -n '/^Scaling:/,/^For comparison/p' "$R/report.txt")
grep -qE '^ +1 x[0-9.]+ \(' <<<"$sec" && grep -qE '^ +4 x[0-9.]+ \(' <<<"$sec" ||
	fail "no add_partial ratio at 1 and 4 vCPUs: $sec"
[ -s "$R/plots/scaling.png" ] || fail "no scaling chart"
ok "the report's Scaling section and chart"
