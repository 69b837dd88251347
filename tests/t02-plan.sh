#!/usr/bin/env bash
# group: unit
# The run order, from ./run.sh bench --dry-run (nothing built or booted):
# a 4-kernel, 8-round Williams plan puts every kernel in every position
# equally often and right after every other kernel equally often, and the
# orders differ between rounds; the same seed gives the same plan, another
# seed another; counting and profiling happen only in round 0, which is
# never timed; and bad plan options are refused with one line.
. "$(dirname "$0")/lib.sh"
B=$TOP/bench/run.sh

plan=$("$B" --dry-run --kernels slab,stock,head,tail --rounds 8 --seed 11 2>&1) || fail "the dry run failed: $plan"
timed=$(grep '^round [1-9][0-9]* (timed):' <<<"$plan" | sed 's/^round \([0-9]*\) (timed): /\1 /')
[ "$(wc -l <<<"$timed")" = 8 ] || fail "want 8 timed rounds: $plan"
# position balance: kernel x position counted over the 8 rounds
counts=$(awk '{ for (p = 2; p <= NF; p++) n[$p " " p - 1]++ } END { for (k in n) print n[k] }' <<<"$timed" | sort -u)
[ "$counts" = 2 ] || fail "positions not balanced (counts per kernel and position: $(tr '\n' ' ' <<<"$counts")): $plan"
[ "$(awk '{ for (p = 2; p <= NF; p++) n[$p " " p - 1]++ } END { print length(n) }' <<<"$timed")" = 16 ] ||
	fail "not every kernel in every position: $plan"
ok "8 rounds: every kernel in every position exactly twice"
carry=$(awk '{ for (p = 3; p <= NF; p++) n[$(p - 1) ">" $p]++ } END { for (k in n) print n[k]; print length(n) " pairs" }' <<<"$timed" | sort -u | tr '\n' ' ')
[ "$carry" = "12 pairs 2 " ] || fail "carry-over not balanced (want each of 12 ordered pairs twice): $carry"
ok "each kernel right after each other kernel exactly twice"
[ "$(cut -d' ' -f2- <<<"$timed" | sort -u | wc -l)" -ge 4 ] || fail "orders barely differ between rounds: $plan"
ok "orders differ between rounds"
[ "$("$B" --dry-run --kernels slab,stock,head,tail --rounds 8 --seed 11 2>&1)" = "$plan" ] || fail "same seed, another plan"
other=$("$B" --dry-run --kernels slab,stock,head,tail --rounds 8 --seed 12 2>&1 | grep '(timed)' | cut -d: -f2)
[ "$other" != "$(grep '(timed)' <<<"$plan" | cut -d: -f2)" ] || fail "another seed, the same plan"
ok "same seed, same plan; another seed, another plan"
more=$("$B" --dry-run --kernels slab,stock,head,tail --rounds 12 --seed 11 2>&1 | grep '(timed)' | head -n 8)
[ "$more" = "$(grep '(timed)' <<<"$plan")" ] || fail "12 rounds do not start with the 8-round plan"
ok "a longer plan starts with the shorter one (--precision adds whole squares)"

# vCPUs as a factor: 2 kernels x 2 vCPU counts x 2 rounds = 8 timed boots;
# each round boots each kernel at each count once; within each count, each
# kernel stands first in its block once; each count's block leads once.
v=$("$B" --dry-run --kernels head,tail --smp 2,4 --rounds 2 --seed 3 2>&1)
vt=$(grep '^round [1-9][0-9]* (timed):' <<<"$v" | sed 's/^round \([0-9]*\) (timed): /\1 /')
[ "$(wc -w <<<"$(cut -d' ' -f2- <<<"$vt")")" = 8 ] || fail "want 8 timed boots: $v"
[ "$(cut -d' ' -f2- <<<"$vt" | tr ' ' '\n' | sort | uniq -c | awk '{ print $1 }' | sort -u)" = 2 ] ||
	fail "not every kernel at every count once a round: $v"
for x in 2 4; do
	firsts=$(awk -v x="$x" '{ for (p = 2; p <= NF; p++) if ($p ~ "@" x "$") { print $p; break } }' <<<"$vt" | sort | tr '\n' ' ')
	[ "$firsts" = "head@$x tail@$x " ] || fail "at $x vCPUs, the first kernel of the block: $firsts ($v)"
done
[ "$(awk '{ sub(/.*@/, "", $2); print $2 }' <<<"$vt" | sort | tr '\n' ' ')" = "2 4 " ] || fail "one count leads every round: $v"
grep -q '^round 0 (untimed: .*): head tail at each of 2, 4 vCPUs$' <<<"$v" || fail "round 0 at each count: $v"
ok "--smp 2,4: 8 timed boots, every kernel at every count each round, balanced within each count and between counts"
[ "$("$B" --dry-run --kernels head,tail --smp 2 --rounds 2 --seed 3 2>&1 | grep '(timed)')" = \
	"$("$B" --dry-run --kernels head,tail --rounds 2 --seed 3 --smp 2 2>&1 | grep '(timed)')" ] || fail "one vCPU count: plan changed"
grep -q 'plugin models at most 8' <<<"$("$B" --dry-run --kernels tail --smp 2,16 --rounds 2 --seed 3 2>&1)" ||
	fail "a count above the plugin's limit is not said"
ok "a vCPU count over the default machine's 8 cores gets no emulated boots, and the plan says so"
v=$("$B" --dry-run --kernels tail --smp 2,16 --rounds 2 --seed 3 --machine tigerton 2>&1)
grep -q '^emulated counters .* at each of 2, 16 vCPUs' <<<"$v" && ! grep -q 'none above' <<<"$v" ||
	fail "--machine tigerton (16 cores): no emulated boots planned at 16 vCPUs: $v"
ok "--machine tigerton: emulated boots at 16 vCPUs, a core of its 16 each"
grep -q '^emulated counters .*: 12 boot(s) each of head tail (seeds 1-3 with the cache model, seeds 4-12 instructions only), 4 windows of each configuration a boot' \
	<<<"$("$B" --dry-run --kernels head,tail --rounds 2 --seed 3 --emulated-windows 4 2>&1)" || fail "--emulated-windows not in the plan"
ok "--emulated-windows 4: the plan says the windows a boot"

# A SLUB knob as a factor (--slub-knob): 2 kernels x 2 values are 4
# labels, each kernel at each value, balanced like 4 kernels (every label in
# every position once in 4 rounds), the knob said in the plan.
kp=$("$B" --dry-run --kernels head,tail --slub-knob min_partial=2,5 --rounds 4 --seed 3 2>&1)
kt=$(grep '^round [1-9][0-9]* (timed):' <<<"$kp" | sed 's/^round \([0-9]*\) (timed): /\1 /')
[ "$(cut -d' ' -f2- <<<"$kt" | tr ' ' '\n' | sort -u | tr '\n' ' ')" = "head+mp2 head+mp5 tail+mp2 tail+mp5 " ] ||
	fail "--slub-knob min_partial=2,5: labels: $kp"
[ "$(awk '{ for (p = 2; p <= NF; p++) n[$p " " p - 1]++ } END { for (k in n) print n[k]; print length(n) }' <<<"$kt" | sort -u | tr '\n' ' ')" = "1 16 " ] ||
	fail "--slub-knob: the four cells not balanced over positions: $kp"
grep -q '^knob: min_partial = 2,5 (each kernel at each value, a label each), set in the guest on skbuff_head_cache kmalloc-512 before the warm-up and read back$' <<<"$kp" ||
	fail "--slub-knob: the plan does not say the knob: $kp"
ok "--slub-knob min_partial=2,5 with 2 kernels: 4 labels, every one in every position once in 4 rounds"
pp=$("$B" --dry-run --kernels head,tail,2.6.23 --rounds 6 --seed 3 2>&1)
grep -q '^kernel 2.6.23: head with min_partial=2 set in the guest on skbuff_head_cache kmalloc-512 (a preset)$' <<<"$pp" ||
	fail "the 2.6.23 preset: $pp"
[ "$(grep '(timed)' <<<"$pp" | cut -d: -f2 | tr ' ' '\n' | grep -c '^2\.6\.23$')" = 6 ] || fail "2.6.23 not in every round: $pp"
ok "the 2.6.23 preset: head with min_partial 2, a kernel of the plan like any other"
grep -q '^knob: min_partial = 2 (each kernel at each value, a label each), set in the guest on kmalloc-512 before the warm-up and read back$' \
	<<<"$("$B" --dry-run --kernels tail --slub-knob min_partial=2 --knob-caches kmalloc-512 --rounds 2 --seed 3 2>&1)" ||
	fail "--knob-caches kmalloc-512 not in the plan"
ok "--knob-caches: the knob set on the caches named"
grep -q '^knob: min_partial = 2 (each kernel at each value, a label each), set in the guest on kmalloc-512 skbuff_head_cache before' \
	<<<"$("$B" --dry-run --kernels tail --slub-knob min_partial=2 --knob-caches $'kmalloc-512\nskbuff_head_cache' --rounds 2 --seed 3 2>&1)" ||
	fail "--knob-caches on two lines: a cache lost"
ok "--knob-caches: a list on two lines keeps both caches"
# series boots (--series): after the emulated boots, each the twin of one
sp=$("$B" --dry-run --kernels head,tail --series 2 --series-interval 50 --rounds 2 --seed 3 2>&1)
grep -q '^series (untimed, counting mode, no plugin): 2 boot(s) each of head tail (seeds 1-2), the hot caches.* every 50 ms' <<<"$sp" ||
	fail "--series 2 --series-interval 50 not in the plan: $sp"
ok "--series 2: two series boots a kernel, seeds 1-2, the interval in the plan"

# Shards: each runs whole squares (2 kernels: 2 rounds a square), together
# exactly the unsplit plan; round 0 only in shard 1.
whole=$("$B" --dry-run --kernels head,tail --rounds 8 --seed 3 2>&1 | grep '(timed)')
s1=$("$B" --dry-run --kernels head,tail --rounds 8 --seed 3 --shard 1/2 2>&1)
s2=$("$B" --dry-run --kernels head,tail --rounds 8 --seed 3 --shard 2/2 2>&1)
grep -qx 'shard 2/2: timed rounds 3 4 7 8 (of 8), on this host' <<<"$s2" || fail "shard 2/2: $s2"
[ "$( (grep '(timed)' <<<"$s1"; grep '(timed)' <<<"$s2") | sort -n -k2)" = "$(sort -n -k2 <<<"$whole")" ] ||
	fail "the shards' rounds are not the unsplit plan's: $s1 / $s2 / $whole"
grep -q '^round 0' <<<"$s1" && ! grep -q '^round 0' <<<"$s2" || fail "round 0 belongs to shard 1 alone"
ok "--shard I/2: whole squares each, together the unsplit plan; round 0 in shard 1"

# Round 0 counts and profiles, untimed; a timed boot cannot count.
grep -qx 'round 0 (untimed: perf stat counting, perf record): slab stock head tail' <<<"$plan" || fail "round 0: $plan"
! grep -E '^round [1-9].*(perf|count)' <<<"$plan" || fail "a timed round counts or profiles"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
(cd "$tmp" && SB_CONFIGS=socket:process:1:1:1:1 SB_TIMED=1 SB_COUNT=1 SB_CACHES=x bash "$TOP/bench/guest-plan.sh") 2>"$tmp/err" || rc=$?
[ "$rc" = 2 ] && grep -q 'a timed boot only times' "$tmp/err" || fail "the guest plan timed a counting boot (rc $rc): $(cat "$tmp/err")"
[ ! -e "$tmp/slabinfo-before.txt" ] || fail "the refused plan ran anyway"
ok "counting and profiling only in round 0; the guest refuses a timed boot that counts"

# Bad input: one line each, naming the option and what to do.
expect_fail "$B" --dry-run --design williams --rounds 10
contains "$OUT" "10 cannot balance 4 kernels in Williams squares: use a multiple of 4 \(4, 8, 12, ...\)" "Williams with 10 rounds: which counts can"
OUT=$("$B" --dry-run --rounds 10 --seed 1 2>&1)
contains "$OUT" "rounds 9-10 are an incomplete Williams square" "auto design: falls back with a warning"
# shellcheck disable=SC2089,SC2090
for bad in "--precision 2|--precision needs a percentage such as 2%, not '2'" \
	"--precision 0%|--precision 0% is out of range" "--precision 80%|--precision 80% is out of range" \
	"--precision 2% --max-time 5x|--max-time needs a duration such as 45m" \
	"--max-time 1h|--max-time goes with --precision" "--loops|--loops needs a value" \
	"--rounds 0|--rounds needs a positive whole number, not '0'" "--design latin|--design takes auto\|williams\|random" \
	"--kernels a;b|--kernels: 'a;b' is not a valid name" "--seed x1|--seed needs a whole number" \
	"--smp 0|--smp needs a positive whole number, not '0'" "--smp 3x|--smp needs a positive whole number, not '3x'" \
	"--smp 200|--smp 200 is more than the guest kernel can run: its CONFIG_NR_CPUS is 64" \
	"--smp 2,4,2|--smp lists 2 twice" "--smp 16 --mem 1024|--mem 1024 is too little for 16 vCPUs: give at least 1536 MiB" \
	"--shard 0/4|--shard takes I/N, shard I of N with 1 <= I <= N" "--shard 5/4|--shard takes I/N" "--shard x|--shard takes I/N" \
	"--shard 1/2 --precision 2%|--precision decides from every round's data" \
	"--jobs 0|--jobs needs a positive whole number, not '0'" "--jobs 99|--jobs 99 is more than this host's [0-9]+ cores" \
	"--emulated-mode fast|--emulated-mode takes det\|mttcg, not 'fast'" \
	"--emulated-windows 0|--emulated-windows needs a positive whole number, not '0'" \
	"--emulated-windows two|--emulated-windows needs a positive whole number, not 'two'" \
	"--emulated-windows 17|--emulated-windows 17 is more than the plugin's 16 windows a boot" \
	"--groups 4,6,8 --emulated-windows 6|--emulated-windows 6 x 3 configurations is 18 windows a boot" \
	"--slub-knob order=1|--slub-knob takes NAME=V1,V2,... with NAME min_partial or cpu_partial, not 'order=1'" \
	"--slub-knob min_partial=2,x|--slub-knob min_partial: 'x' is not a whole number from 0 to 1000" \
	"--slub-knob min_partial=2000|--slub-knob min_partial: '2000' is not a whole number from 0 to 1000" \
	"--slub-knob min_partial=2,2|--slub-knob min_partial lists 2 twice" \
	"--slub-knob min_partial=|--slub-knob min_partial needs at least one value" \
	"--slub-knob cpu_partial=0,30|--slub-knob cpu_partial does nothing in the 2007 profile" \
	"--slub-knob min_partial=2 --slub-knob min_partial=5|--slub-knob: one knob a run" \
	"--kernels head --knob-caches kmalloc-512|--knob-caches goes with --slub-knob or a preset kernel" \
	"--kernels 2.6.23 --knob-caches a;b|--knob-caches: 'a;b' is not a valid name" \
	"--kernels head,2.6.23 --slub-knob min_partial=3|--slub-knob min_partial=3 with the preset 2.6.23 \(which sets min_partial=2 itself\)" \
	"--series x|--series needs a whole number, not 'x'" \
	"--series 13|--series 13 needs as many counting-mode boots a kernel \(seeds 1..13, each a series boot's twin without the sampler\): give --emulated-instructions 10" \
	"--series 1 --emulated-mode mttcg|--series runs in the counting mode: drop --emulated-mode mttcg" \
	"--series-interval 5|--series-interval 5 ms is out of range: use 10 to 1000 ms" \
	"--series-interval 2000|--series-interval 2000 ms is out of range: use 10 to 1000 ms" \
	"--timeout 300 --emulated-windows 8|--timeout 300 is too short for 8 emulated windows a boot \(at least 40 s each\): give --timeout 320"; do
	# shellcheck disable=SC2086,SC2090
	expect_fail "$B" --dry-run ${bad%%|*}
	contains "$OUT" "^slubbench: error: ${bad#*|}" "bad input: ${bad%%|*}"
	[ "$(wc -l <<<"$OUT")" = 1 ] || fail "more than one line for ${bad%%|*}: $OUT"
done

# The ETA (bench/progress.sh): each kind of boot at its own pace; a kind not
# yet seen at its prior, scaled by how fast this run's boots went against
# theirs. Round 0 took 38 s a boot here (prior 19: a host twice as slow),
# one cache-model boot of two is done, no instruction-only or timed one:
# 1 x 38 + 1 x 40 x 2 + 2 x 20 x 2 + 4 x 10 x 2 = 278 s.
eta=$(
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# shellcheck source=bench/runopts.sh
	. "$TOP/bench/runopts.sh"
	# shellcheck source=bench/progress.sh
	. "$TOP/bench/progress.sh"
	out=$tmp emulated=1 emulated_instructions=1 n0=2 expected_emulated=4 expected_cache=2 expected_boots=10
	mkdir -p "$out"/raw/{r00-head,r00-tail,e01-head,e01-tail,e02-head}
	touch "$out"/raw/{r00-head,e01-head}/done
	eta_note
	paced count 38 1
	eta_note
	# a fast boot and a slow one (a retry, a busy minute) move no median
	paced count 10 1
	paced count 300 1
	eta_note
)
[ "$eta" = ", about 4m38s left
, about 4m38s left" ] || fail "ETA: '$eta' (want nothing before a boot ends, then about 4m38s, twice)"
ok "the ETA prices each kind at its median pace, a kind not yet seen at its prior scaled by the host's (4m38s, by hand; the same after a boot of 10 s and one of 300 s)"

# Kernels from two trees (lib/trees.sh): labels NAME@TREE, each tree's
# builds listed, and balanced like any four kernels; a tree without SLAB
# leaves slab out of the default kernels and refuses it when asked for.
two=$("$B" --dry-run --kernels head@6.1,tail@6.1,head@6.12,tail@6.12 --rounds 4 --seed 5 2>&1)
contains "$two" "^tree 6\.1: Debian bookworm's linux-source-6\.1: builds head@6\.1 tail@6\.1 " "two trees: 6.1's builds"
contains "$two" "^tree 6\.12: Debian bookworm-backports' linux-source-6\.12: builds head@6\.12 tail@6\.12 " "two trees: 6.12's builds"
tt=$(grep '^round [1-9][0-9]* (timed):' <<<"$two" | sed 's/^round \([0-9]*\) (timed): /\1 /')
[ "$(awk '{ for (p = 2; p <= NF; p++) n[$p " " p - 1]++ } END { for (k in n) print n[k] }' <<<"$tt" | sort -u)" = 1 ] &&
	[ "$(awk '{ for (p = 2; p <= NF; p++) n[$p " " p - 1]++ } END { print length(n) }' <<<"$tt")" = 16 ] ||
	fail "two trees' kernels not balanced over 4 rounds: $two"
ok "kernels from two trees: each tree's builds listed, every kernel in every position once in 4 rounds"
t612=$("$B" --dry-run --tree 6.12 --rounds 6 --seed 5 2>&1)
contains "$t612" "tree 6\.12 has no SLAB \(removed in 6\.8\): the default kernels without slab" "--tree 6.12: slab left out, said"
contains "$t612" "^plan: 3 kernels .*" "--tree 6.12: stock, head, tail"
contains "$(grep '(timed)' <<<"$t612" | head -n1)" "stock@6\.12" "--tree 6.12: labels name the tree"
expect_fail "$B" --dry-run --kernels slab@6.12,head
contains "$OUT" "^slubbench: error: --kernels slab@6\.12: tree 6\.12 has no SLAB \(removed in 6\.8\): leave it out$" "slab@6.12 refused in one line"
expect_fail "$B" --dry-run --kernels head@nosuch
contains "$OUT" "^slubbench: error: unknown kernel tree 'nosuch': use 6\.1, 6\.12 or register a tree with --tree DIR$" "an unknown tree refused in one line"
ok "--tree 6.12: slab left out and said; slab@6.12 and an unknown tree refused in one line"
