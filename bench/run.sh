#!/usr/bin/env bash
# Run the measurement plan over kernel variants and write results/<run-id>/.
#
# Usage: bench/run.sh [OPTIONS]
#   --kernels LIST     variants, comma- or space-separated (default: slab,stock,head,tail);
#                      a name twice is an A/A run (the second is labelled NAME.2)
#   --profile P        2007 (default) or modern
#   --groups LIST      hackbench groups, one configuration each (default: 5,10)
#   --loops N          messages per sender and receiver (default: 300)
#   --fds N            senders (and receivers) per group (default: 20)
#   --datasize B       bytes per message (default: 100)
#   --mode M           socket (default) or pipe
#   --unit U           process (default) or thread
#   --rounds N         rounds; each boots every kernel once, in a shuffled order (default: 10)
#   --seed N           shuffle seed (default: from the clock; recorded)
#   --smp N --mem MIB --accel auto|kvm|tcg    passed to bench/boot.sh
#   --timeout S        limit per boot (default: 900)
#   --no-count         no perf stat counting runs
#   --no-profile       no perf record runs
#   --quick            a short plan for tests: head,tail, 1 round, groups 4, loops 50
#   --variant NAME=PATCH   build stock + PATCH as kernel NAME and add it to the plan
#   --out DIR          results directory (default: results/<run-id>)
#   --resume RUN-ID|DIR  finish an interrupted run: only the missing boots
#
# Round 1 also counts add_partial with perf stat in an untimed copy of each
# run, and profiles each kernel with perf record (also untimed).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
B=$SLUBBENCH_TOP/bench

kernels="slab stock head tail" profile=2007 groups="5 10" loops=300 fds=20 datasize=100
mode=socket unit=process rounds=10 seed='' smp='' mem=2048 accel=auto timeout=900
count=1 prof=1 out='' resume=''
user_variants=()
argv=("$@")

while [ $# -gt 0 ]; do
	case "$1" in
	--kernels) kernels=${2//,/ }; shift 2 ;;
	--profile) profile=$2; shift 2 ;;
	--groups) groups=${2//,/ }; shift 2 ;;
	--loops) loops=$2; shift 2 ;;
	--fds) fds=$2; shift 2 ;;
	--datasize) datasize=$2; shift 2 ;;
	--mode) mode=$2; shift 2 ;;
	--unit) unit=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--accel) accel=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--no-count) count=0; shift ;;
	--no-profile) prof=0; shift ;;
	--quick) kernels="head tail" rounds=1 groups=4 loops=50 prof=0; shift ;;
	--out) out=$2; shift 2 ;;
	--variant) user_variants+=("$2"); shift 2 ;;
	--resume) resume=$2; shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	*) die "unknown option '$1' (see ./run.sh bench --help)" ;;
	esac
done

# ---- resume: the saved plan, not the command line -----------------------
if [ -n "$resume" ]; then
	if [ -d "$resume" ]; then out=$resume; else out=$SLUBBENCH_TOP/results/$resume; fi
	[ -f "$out/plan.json" ] || die "no run to resume at $out (no plan.json)"
	eval "$(jq -r 'del(.command, .variants) | to_entries[] | "\(.key)=\(.value | @sh)"' "$out/plan.json")"
	mapfile -t user_variants < <(jq -r '.variants[]?' "$out/plan.json")
	say bench "resuming $(basename "$out")"
fi

for n in "$loops" "$fds" "$datasize" "$rounds" "$mem" "$timeout" ${smp:+"$smp"}; do
	[[ "$n" =~ ^[1-9][0-9]*$ ]] || die "'$n' is not a positive whole number"
done
for g in $groups; do [[ "$g" =~ ^[1-9][0-9]*$ ]] || die "groups: '$g' is not a positive whole number"; done
case "$mode" in socket | pipe) ;; *) die "--mode takes socket or pipe, not '$mode'" ;; esac
case "$unit" in process | thread) ;; *) die "--unit takes process or thread, not '$unit'" ;; esac
case "$profile" in 2007 | modern) ;; *) die "unknown profile '$profile': valid profiles are: 2007 modern" ;; esac
[ -n "$seed" ] || seed=$(date +%s)
[[ "$seed" =~ ^[0-9]+$ ]] || die "--seed takes a whole number"
[ -n "$smp" ] || { smp=$(nproc); [ "$smp" -ge 2 ] || smp=2; }

# A user variant (stock + a patch) joins the plan under its name.
vargs=()
for uv in ${user_variants[@]+"${user_variants[@]}"}; do
	name=${uv%%=*}
	file=${uv#*=}
	[ "$name" != "$uv" ] && [ -n "$name" ] || die "--variant takes NAME=PATCH, got '$uv'"
	[ -f "$file" ] || die "--variant $name: patch file '$file' does not exist"
	vargs+=(--variant "$name=$(realpath "$file")")
	case " $kernels " in *" $name "*) ;; *) kernels="$kernels $name" ;; esac
done

# Labels: a variant listed twice runs twice, as NAME and NAME.2 (A/A).
labels=()
declare -A variant_of=()
for k in $kernels; do
	l=$k i=1
	while [ -n "${variant_of[$l]:-}" ]; do i=$((i + 1)); l=$k.$i; done
	variant_of[$l]=$k
	labels+=("$l")
done
[ ${#labels[@]} -ge 1 ] || die "no kernels to run"
# shellcheck disable=SC2086
uniq_variants=$(printf '%s\n' $kernels | sort -u | tr '\n' ' ')

# ---- what the plan needs: kernels, root filesystem, parsers --------------
# shellcheck disable=SC2086
"$SLUBBENCH_TOP/kernels/build.sh" --profile "$profile" ${vargs[@]+"${vargs[@]}"} $uniq_variants
image=$("$SLUBBENCH_TOP/rootfs/build.sh" | tail -n1)
make -s -C "$B/src" >/dev/null || die "building the C tools failed (make -C bench/src)"

kdir_of() { kernel_dir "$1" "$profile"; }

# ---- the run directory ---------------------------------------------------
if [ -z "$out" ]; then
	run_id=$(date -u +%Y%m%d-%H%M%S)-$profile
	out=$SLUBBENCH_TOP/results/$run_id
fi
mkdir -p "$out/raw" "$out/kernels"
out=$(realpath "$out")
run_id=$(basename "$out")
configs=
for g in $groups; do configs+="$mode:$unit:$g:$loops:$fds:$datasize "; done
configs=${configs% }

if [ ! -f "$out/plan.json" ]; then
	jq -n --arg kernels "$kernels" --arg profile "$profile" --arg groups "$groups" \
		--arg loops "$loops" --arg fds "$fds" --arg datasize "$datasize" --arg mode "$mode" \
		--arg unit "$unit" --arg rounds "$rounds" --arg seed "$seed" --arg smp "$smp" \
		--arg mem "$mem" --arg accel "$accel" --arg timeout "$timeout" --arg count "$count" \
		--arg prof "$prof" --arg command "./run.sh bench ${argv[*]}" \
		--argjson variants "$(for uv in ${vargs[@]+"${vargs[@]}"}; do [ "$uv" = --variant ] || echo "$uv"; done | jq -R . | jq -s .)" \
		'{command: $command, variants: $variants, kernels: $kernels, profile: $profile, groups: $groups, loops: $loops, fds: $fds,
		  datasize: $datasize, mode: $mode, unit: $unit, rounds: $rounds, seed: $seed,
		  smp: $smp, mem: $mem, accel: $accel, timeout: $timeout, count: $count, prof: $prof}' \
		>"$out/plan.json"
fi
# The kernels' manifests, once: a resumed run must boot the very builds it
# started with (a rebuilt kernel has another build id: refuse to mix them).
for l in "${labels[@]}"; do
	km=$(kdir_of "${variant_of[$l]}")/manifest.json
	if [ -f "$out/kernels/$l.json" ]; then
		was=$(jq -r .build_id "$out/kernels/$l.json")
		now=$(jq -r .build_id "$km")
		[ "$was" = "$now" ] || die "kernel $l was rebuilt since run $(basename "$out") started (build id ${was:0:12} -> ${now:0:12}): its results would mix two builds; start a new run"
	else
		cp "$km" "$out/kernels/$l.json"
	fi
done
cp "$(dirname "$image")/manifest.json" "$out/rootfs.json"

# The code that runs the plan: its state when the bench starts (a later
# edit to, say, the report script does not change what was measured).
git_state=$(git -C "$SLUBBENCH_TOP" describe --always --dirty 2>/dev/null || echo unknown)

# write_manifest STATUS: the run's provenance (rewritten at each status change).
write_manifest() {
	local cpu cores memkb qemu accel_used
	cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)
	cores=$(nproc)
	memkb=$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)
	qemu=$(qemu-system-x86_64 --version | head -n1)
	accel_used=$(cat "$out"/raw/*/boot-info 2>/dev/null | sed -n 's/^accel=//p' | sort -u | tr '\n' ' ' || true)
	local boots failed
	boots=$(find "$out/raw" -name 'done' | wc -l)
	failed=$(grep -L '^result=finished' "$out"/raw/*/boot-info 2>/dev/null | wc -l || true)
	jq -n --arg id "$run_id" --arg status "$1" --arg date "$(date -u +%FT%TZ)" \
		--arg cmd "$(jq -r .command "$out/plan.json")" --arg cpu "$cpu" --argjson cores "$cores" \
		--argjson memkb "$memkb" --arg host_kernel "$(uname -r)" --arg qemu "$qemu" \
		--arg accel "${accel_used% }" --arg git "$git_state" \
		--argjson boots "$boots" --argjson failed "$failed" \
		--argjson expected $((rounds * ${#labels[@]})) \
		--slurpfile plan "$out/plan.json" --slurpfile rootfs "$out/rootfs.json" \
		--argjson kernels "$(for l in "${labels[@]}"; do jq --arg l "$l" '{($l): .}' "$out/kernels/$l.json"; done | jq -s 'add')" \
		--arg configs "$configs" \
		'{run_id: $id, status: $status, updated: $date, command: $cmd, slubbench_git: $git,
		  host: {cpu: $cpu, cores: $cores, mem_kb: $memkb, kernel: $host_kernel},
		  qemu: $qemu, accel: $accel, plan: ($plan[0] + {configs: ($configs | split(" "))}),
		  boots: {expected: $expected, done: $boots, failed: $failed},
		  kernels: $kernels, rootfs: $rootfs[0]}' >"$out/manifest.json.tmp"
	mv "$out/manifest.json.tmp" "$out/manifest.json"
}

# join_csv: the run's CSVs from every boot's fragments (idempotent).
join_csv() {
	local f hdr
	for f in hackbench counters crosscheck; do
		case "$f" in
		hackbench) hdr=kernel,profile,round,config,kind,mode,unit,groups,fds,loops,datasize,seconds,status ;;
		counters) hdr=kernel,profile,round,config,kind,source,cache,counter,value ;;
		crosscheck) hdr=kernel,profile,round,config,cache,tracepoint,slub_stats,difference,relative,verdict ;;
		esac
		{
			echo "$hdr"
			find "$out/raw" -name "$f.csv" -print0 | sort -z | xargs -0 -r cat
		} >"$out/$f.csv.tmp"
		mv "$out/$f.csv.tmp" "$out/$f.csv"
	done
	return 0
}

# publish_boot DIR: copy one finished boot's slabinfo snapshots, perf
# reports and console log to the run's top level (once per boot).
publish_boot() {
	local d=$1 b
	b=$(basename "$d")
	mkdir -p "$out/slabinfo" "$out/perf" "$out/logs"
	[ -f "$d/slabinfo-before.txt" ] && cp "$d/slabinfo-before.txt" "$out/slabinfo/$b-before.txt"
	[ -f "$d/slabinfo-after.txt" ] && cp "$d/slabinfo-after.txt" "$out/slabinfo/$b-after.txt"
	[ -d "$d/perf" ] && { mkdir -p "$out/perf/$b"; cp "$d"/perf/*.txt "$out/perf/$b/" 2>/dev/null || true; }
	[ -f "$d/serial.log" ] && cp "$d/serial.log" "$out/logs/$b-serial.log"
	return 0
}

interrupted() {
	trap - INT TERM
	say bench "interrupted: keeping what was measured"
	join_csv
	write_manifest incomplete
	say bench "results so far in $out (status incomplete); finish with: ./run.sh bench --resume $run_id"
	exit 130
}
trap interrupted INT TERM

write_manifest running
total=$((rounds * ${#labels[@]}))
done_n=$(find "$out/raw" -name 'done' | wc -l)
say bench "run $run_id: ${#labels[@]} kernels x $rounds rounds, configs: $configs (seed $seed) -> $out"
# ETA: round 1 (counting and profiling) and later rounds timed apart
secs_first=0 n_first=0 secs_rest=0 n_rest=0
for r in $(seq 1 "$rounds"); do
	# This round's order: a shuffle seeded by the run's seed and the round.
	mapfile -t order < <(printf '%s\n' "${labels[@]}" | shuf --random-source=<(yes "$seed.$r"))
	for l in "${order[@]}"; do
		d=$out/raw/r$(printf '%02d' "$r")-$l
		[ -f "$d/done" ] && continue
		rm -rf "$d" && mkdir -p "$d"
		c1=$count p1=$prof
		[ "$r" -eq 1 ] || { c1=0; p1=0; }
		{
			printf 'SB_CONFIGS=%q\nSB_WARMUP=1\nSB_COUNT=%s\nSB_PROFILE=%s\n' "$configs" "$c1" "$p1"
			cat "$B/guest-plan.sh"
		} >"$d/plan-in.sh"
		eta=
		if [ $((n_first + n_rest)) -gt 0 ]; then
			left_first=0
			[ "$r" -eq 1 ] && left_first=$((${#labels[@]} - n_first))
			left_rest=$((total - done_n - left_first))
			avg_first=$((n_first > 0 ? secs_first / n_first : secs_rest / n_rest))
			avg_rest=$((n_rest > 0 ? secs_rest / n_rest : avg_first / 3))
			left_s=$((left_first * avg_first + left_rest * avg_rest))
			eta=", about $((left_s / 60))m$(printf '%02d' $((left_s % 60)))s left"
		fi
		t_boot=$(date +%s)
		say bench "round $r/$rounds: $l (boot $((done_n + 1))/$total$eta)"
		rc=0
		"$B/boot.sh" --smp "$smp" --mem "$mem" --accel "$accel" --timeout "$timeout" \
			--out "$d" --plan "$d/plan-in.sh" "$(kdir_of "${variant_of[$l]}")" 2>>"$d/boot.err" || rc=$?
		if [ "$rc" -ne 0 ]; then
			say bench "  $l failed ($(tail -n1 "$d/boot.err")); the run goes on"
		elif ! grep -qx "build_id=$(jq -r .build_id "$out/kernels/$l.json")" "$d/guest-info"; then
			# never count a run of another kernel as this one's
			sed -i 's/^result=.*/result=wrong-kernel/' "$d/boot-info"
			say bench "  $l: the guest booted another build than the manifest's; its runs are marked wrong-kernel"
		fi
		"$B/collect.sh" "$d" "$l" "$profile" "$r" || say bench "  collecting $l's output failed (see $d/collect.log)"
		publish_boot "$d"
		touch "$d/done"
		done_n=$((done_n + 1))
		if [ "$r" -eq 1 ]; then
			secs_first=$((secs_first + $(date +%s) - t_boot)) n_first=$((n_first + 1))
		else
			secs_rest=$((secs_rest + $(date +%s) - t_boot)) n_rest=$((n_rest + 1))
		fi
		join_csv
		write_manifest running
	done
done
trap - INT TERM
join_csv
failed=$(grep -L '^result=finished' "$out"/raw/*/boot-info 2>/dev/null | wc -l || true)
write_manifest complete
say bench "done: $done_n boots ($failed failed) in $(elapsed); results in $out"
echo "$out"
