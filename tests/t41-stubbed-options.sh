#!/usr/bin/env bash
# group: full vm
# Options that reach the boots, checked against stub boots (tests/stub-boot.sh:
# no QEMU, but the bench builds the kernels and the root filesystem it
# checks the boots against, hence a vm test): --machine reaches the emulated
# boots' plugin and no other, and the Reproduce line; --emulated-instructions:
# seeds after the cache model's count instructions alone (cache=off reaches
# their plugin, and only theirs), in the plan, the Reproduce line and the
# report; a run made before the option had none. The bench says where its
# time went and the report's Boots line counts boots.csv's rows. The first
# figure comes after the first seed's counting boots, again after all.
. "$(dirname "$0")/lib.sh"
require_vm
tmpd=$(mktemp -d)
trap 'rm -rf "$tmpd"' EXIT
SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh "$TOP/bench/run.sh" --quick --rounds 1 --no-count --seed 1 --machine harpertown --out "$tmpd/m" >/dev/null 2>"$tmpd/m.log" ||
	fail "a stubbed --machine harpertown run failed: $(tail -n 5 "$tmpd/m.log")"
grep -qE '^\[[0-9]+m[0-9]{2}s bench\] where the time went: kernels [0-9]+s, root filesystem and QEMU [0-9]+s, boots [0-9]+s ' "$tmpd/m.log" ||
	fail "the bench did not say where its time went: $(tail -n 3 "$tmpd/m.log")"
[ "$(cat "$tmpd"/m/raw/e*/boot-info | grep -c '^counters=1,machine=harpertown$')" = 2 ] ||
	fail "--machine harpertown did not reach the emulated boots: $(grep -h '^counters=' "$tmpd"/m/raw/*/boot-info | sort | uniq -c)"
[ "$(grep -h '^counters=' "$tmpd"/m/raw/r*/boot-info | sort -u)" = "counters=0" ] || fail "--machine reached a boot with no counters"
grep -q -- '--machine harpertown' <<<"$("$TOP/bench/plan-command.sh" "$tmpd/m")" || fail "the Reproduce line lost --machine"
ok "--machine harpertown reached both emulated boots' plugin, no other boot, and the Reproduce line"
# (this run's plan from a file: --plan records its name and sha256, and
# the report says them under Reproduce)
printf '%s\n' '# t41: a plan file' --quick '--rounds 1' --no-count '--seed 1' '--emulated-instructions 2' >"$tmpd/i.conf"
SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh "$TOP/bench/run.sh" --plan "$tmpd/i.conf" --out "$tmpd/i" >/dev/null 2>&1 ||
	fail "a stubbed --emulated-instructions 2 run (--plan i.conf) failed"
got=$(for d in "$tmpd"/i/raw/e*; do echo "$(basename "$d") $(sed -n 's/^counters=//p' "$d/boot-info")"; done | paste -sd' ' -)
[ "$got" = "e01-head 1 e01-tail 1 e02-head 1,cache=off e02-tail 1,cache=off e03-head 1,cache=off e03-tail 1,cache=off" ] ||
	fail "--emulated-instructions 2 after one cache-model boot: $got"
grep -q -- '--emulated-instructions 2' <<<"$("$TOP/bench/plan-command.sh" "$tmpd/i")" || fail "the Reproduce line lost --emulated-instructions"
R=$tmpd/i
"$TOP/report/report.sh" "$R" >/dev/null 2>&1 || fail "no report of the stubbed --emulated-instructions run"
sha=$(sha256sum <"$tmpd/i.conf" | cut -d' ' -f1)
[ "$(jq -r '.plan_file + " " + .plan_file_sha256' "$R/plan.json")" = "i.conf $sha" ] || fail "plan.json: $(jq -c . "$R/plan.json")"
grep -qxF "  (from --plan i.conf, sha256 ${sha:0:16}, and the command line)" <<<"$(grep -A4 '^Reproduce:' "$R/report.txt")" ||
	fail "the report does not name the plan file: $(grep -A4 '^Reproduce:' "$R/report.txt")"
ok "--plan i.conf: its name and sha256 in plan.json and under the report's Reproduce"
# the Boots line counts boots.csv's rows, by kind
nb=$(($(wc -l <"$R/boots.csv") - 1)) nt=$(grep -c ',timed,' "$R/boots.csv") ne=$(grep -c ',emulated,' "$R/boots.csv")
contains "$(tr '\n' ' ' <"$R/report.txt" | tr -s ' ')" "Boots: $nb in [0-9].* from the first one's start to the last one's end \(boots\.csv, every attempt\); $nt timed, [0-9-]+ s( \(median [0-9]+ s\))? a boot; $ne emulated counters, " "the report's Boots line: $nb boots, $nt timed, $ne emulated"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
[ "$(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=instructions)" = 3 ] &&
	[ "$(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=transfers)" = 1 ] ||
	fail "emulated-summary.csv: instructions over $(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=instructions) boots, transfers over $(csv_get "$R/emulated-summary.csv" n kernel=head config=c1 scope=all metric=transfers)"
jq 'del(.emulated_instructions)' "$R/plan.json" >"$tmpd/p.json" && mkdir -p "$tmpd/old" && mv "$tmpd/p.json" "$tmpd/old/plan.json"
grep -q -- '--emulated-instructions 0' <<<"$("$TOP/bench/plan-command.sh" "$tmpd/old")" ||
	fail "a plan made before --emulated-instructions: $("$TOP/bench/plan-command.sh" "$tmpd/old")"
ok "--emulated-instructions 2: seeds 2-3 with cache=off, instructions over 3 boots and transfers over 1, the Reproduce line (an older plan: 0)"

# The first figure: once the first seed's counting-mode boots are done,
# before the next seed's start, and again when all are (with the paired
# interval), and all before round 0 and the timed rounds (the stub's SLUB
# statistics: STUB_SLUBSTAT=1)
STUB_SLUBSTAT=1 SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh "$TOP/bench/run.sh" --quick --kernels "head tail tail slab" --rounds 1 --emulated-counters 2 --seed 3 --out "$tmpd/ef" >"$tmpd/ef.log" 2>&1 ||
	fail "a stubbed run with 2 counting-mode seeds failed: $(tail -n 5 "$tmpd/ef.log")"
at() { grep -n -m1 -- "$1" "$tmpd/ef.log" | cut -d: -f1; }
mapfile -t figs < <(grep -n 'the mechanism so far: add_partial() per 1000 messages' "$tmpd/ef.log" | cut -d: -f1)
[ "${#figs[@]}" = 2 ] || fail "want the figure twice (after seed 1, after all): $(cat "$tmpd/ef.log")"
s2=$(at 'emulated counters 2/2') r0=$(at 'round 0/1, position 1') r1=$(at 'round 1/1, position 1')
[ -n "$s2" ] && [ -n "$r0" ] && [ -n "$r1" ] && [ "${figs[0]}" -lt "$s2" ] && [ "$s2" -lt "${figs[1]}" ] &&
	[ "${figs[1]}" -lt "$r0" ] && [ "$r0" -lt "$r1" ] || fail "the figures are not after seed 1 and after seed 2, before round 0: $(cat "$tmpd/ef.log")"
grep -qxE '  head c1 \(1 run\): [0-9.]+' <<<"$(sed -n "$((figs[0] + 1)),$((figs[0] + 2))p" "$tmpd/ef.log")" ||
	fail "the first figure: $(sed -n "$((figs[0] + 1)),$((figs[0] + 2))p" "$tmpd/ef.log")"
grep -qxE '  head c1 \(2 runs\): [0-9.]+, x[0-9.]+ \([0-9.]+\.\.[0-9.]+\) against tail' <<<"$(sed -n "$((figs[1] + 1)),$((figs[1] + 2))p" "$tmpd/ef.log")" ||
	fail "the figure after all seeds: $(sed -n "$((figs[1] + 1)),$((figs[1] + 2))p" "$tmpd/ef.log")"
# SLAB's kernel (no add_partial to show, a full build of its own) is
# built after the first figure, and its first counting boot comes after it
kh=$(grep -n -m1 -E 'kernels\] head-2007: (up to date|built)' "$tmpd/ef.log" | cut -d: -f1)
ks=$(grep -n -m1 -E 'kernels\] slab: (up to date|built)' "$tmpd/ef.log" | cut -d: -f1)
es=$(at 'emulated counters 1/2: slab')
[ -n "$kh" ] && [ -n "$ks" ] && [ -n "$es" ] && [ "$kh" -lt "${figs[0]}" ] && [ "${figs[0]}" -lt "$ks" ] && [ "$ks" -lt "$es" ] ||
	fail "head's kernel, the first figure, then slab's kernel and its counting boot: $(cat "$tmpd/ef.log")"
[ "$(jq -r '.kernels | keys | join(" ")' "$tmpd/ef/manifest.json")" = "head slab tail tail.2" ] || fail "the manifest's kernels: $(jq -c .kernels "$tmpd/ef/manifest.json")"
# the ETA names the build still to come, until it is done
grep -qE 'emulated counters 1/2: tail\.2 \(.*left and the build of slab\)$' "$tmpd/ef.log" &&
	! grep -qE 'emulated counters 2/2: .*the build of' "$tmpd/ef.log" || fail "the ETA and slab's build: $(grep 'emulated counters' "$tmpd/ef.log")"
ok "the mechanism on screen after the first seed's counting boots (1 run a kernel) and again after all (2 runs, the interval), before round 0; SLAB's kernel built after the first figure, the ETA naming its build until then"
