#!/usr/bin/env bash
# Run one plan as a Slurm job array of shards plus a merge job.
#
# Usage: bench/slurm/submit.sh --shards N --results DIR [OPTIONS] [-- BENCH-OPTIONS]
#                                       (./run.sh slurm submit ...)
#   --shards N       shards, one array task each (./run.sh bench --shard I/N)
#   --results DIR    where the shards (DIR/shard-I) and the merged run
#                    (DIR/merged, with its report) go: a directory every
#                    node can reach (a shared file system)
#   --partition P    the Slurm partition (default: the cluster's default)
#   --cpus N         CPUs per shard (default 2; QEMU runs a thread per vCPU)
#   --time T         each shard's time limit, as sbatch takes it (default 4:00:00)
#   --dry-run        print the sbatch commands and each shard's plan; submit nothing
#   BENCH-OPTIONS    ./run.sh bench's options (--kernels, --rounds, --smp, ...);
#                    --seed is chosen here when not given, so that every
#                    shard runs the same plan
#
# Each shard runs ./run.sh bench --shard I/N on its node: it builds the
# kernels and the root filesystem there (cached per host in
# SLUBBENCH_CACHE), and merge checks that every shard booted the same
# builds (build ids) and root filesystem. The merge job runs after every
# shard has ended, whether or not it succeeded (afterany), so a failed
# shard leaves the others usable and the merged report names its rounds
# as missing. Prints the two job ids.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../../lib/common.sh"
S=$SLUBBENCH_TOP/bench/slurm

shards='' results='' partition='' cpus=2 tlimit=4:00:00 dry=0
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--shards) need_val "$@"; shards=$(opt_uint --shards "$2"); shift 2 ;;
	--results) need_val "$@"; results=$2; shift 2 ;;
	--partition) need_val "$@"; partition=$(opt_name --partition "$2"); shift 2 ;;
	--cpus) need_val "$@"; cpus=$(opt_uint --cpus "$2"); shift 2 ;;
	--time)
		need_val "$@"
		[[ "$2" =~ ^([0-9]+-)?[0-9]+(:[0-9]{2}){0,2}$ ]] || die "--time takes sbatch's [D-]H[:MM[:SS]] or minutes, not '$2'"
		tlimit=$2; shift 2 ;;
	--dry-run) dry=1; shift ;;
	-h | --help) usage_from_header "$0" ;;
	--) shift; break ;;
	*) break ;;
	esac
done
bench=("$@")
[ -n "$shards" ] || die "--shards is missing: how many shards (array tasks)"
[ -n "$results" ] || die "--results is missing: a directory every node can reach"
for a in ${bench[@]+"${bench[@]}"}; do
	case "$a" in --shard | --shard=* | --out | --out=* | --resume | --resume=*)
		die "$a is set by the Slurm job itself: leave it out of the bench's options" ;;
	esac
done
seed=
for ((i = 0; i < ${#bench[@]}; i++)); do
	case "${bench[i]}" in --seed) seed=${bench[i + 1]:-} ;; --seed=*) seed=${bench[i]#--seed=} ;; esac
done
[ -n "$seed" ] || { seed=$EPOCHSECONDS; bench+=(--seed "$seed"); }
# the plan must make sense before anything is queued: shard 1's dry run
plan=$("$SLUBBENCH_TOP/bench/run.sh" --dry-run ${bench[@]+"${bench[@]}"} --shard "1/$shards") || exit 1
# a dry run creates nothing
[ "$dry" = 1 ] || mkdir -p "$results"
results=$(realpath -m "$results")

common=(--chdir "$SLUBBENCH_TOP" --export ALL)
[ -z "$partition" ] || common+=(--partition "$partition")
array=(sbatch --parsable "${common[@]}" --job-name slubbench-shard --array "1-$shards" --cpus-per-task "$cpus"
	--time "$tlimit" --output "$results/slurm-shard-%a.out" "$S/shard.sbatch" "$SLUBBENCH_TOP" "$shards" "$results"
	${bench[@]+"${bench[@]}"})
if [ "$dry" = 1 ]; then
	echo "$plan"
	printf '%q ' "${array[@]}"
	echo
	echo "sbatch --parsable ${common[*]} --job-name slubbench-merge --dependency afterany:JOBID --output $results/slurm-merge.out $S/merge.sbatch $SLUBBENCH_TOP $results"
	exit 0
fi
need_cmd sbatch slurm-client
job=$("${array[@]}") || die "sbatch refused the shards' job array (above)"
job=${job%%;*}
merge=$(sbatch --parsable "${common[@]}" --job-name slubbench-merge --dependency "afterany:$job" \
	--output "$results/slurm-merge.out" "$S/merge.sbatch" "$SLUBBENCH_TOP" "$results") ||
	die "sbatch refused the merge job (the shards, job $job, are queued: scancel $job)"
merge=${merge%%;*}
say slurm "shards: job array $job (1-$shards, seed $seed); merge: job $merge, after them; results in $results"
echo "$job $merge"
