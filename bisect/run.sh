#!/usr/bin/env bash
# Bisect an ordered list of kernel changes with exact counts as the oracle.
#
# Usage: ./run.sh bisect --series FILE [--tree TREE] [OPTIONS]
#        ./run.sh bisect --tree [NAME=]DIR --good REF --bad REF [OPTIONS]
#        ./run.sh bisect --resume DIR CHANGES   (go on where it stopped;
#                    CHANGES: --series FILE, or --tree DIR --good --bad)
#   --series FILE    a quilt series: patch files, one a line in order ('#'
#                    comments; paths relative to FILE's directory), each in
#                    git format-patch form, applying on top of stock and of
#                    the ones before it. Step k is stock + the first k: step
#                    0 (stock) is the good end, step N (all) the bad end
#   --tree TREE      the series' kernel tree (6.1, the default; 6.12; a
#                    tree registered before or [NAME=]DIR: lib/trees.sh)
#   --tree [NAME=]DIR --good REF --bad REF
#                    a git range instead: the commits of DIR's first-parent
#                    line after --good up to --bad (as git bisect
#                    --first-parent: a merge's change is found as the
#                    merge). Step k is the
#                    k-th commit after good as it is (no slubbench patch:
#                    the oracle is SLUB's own statistics), built from a
#                    clone in the cache (DIR's repository and checkout are
#                    never written to); a commit that does not build is
#                    skipped. At most 4095 commits
#   --metric M       the SLUB count per 1000 messages that tells steps apart
#                    (default add_partial; also alloc_from_partial,
#                    free_add_partial, free_remove_partial, free_slab,
#                    alloc_slab, alloc_slowpath, free_slowpath)
#   --factor F       the ends must differ by F at least, their nearest values
#                    compared (default 1.5); a step is good or bad when its
#                    every value lies within a quarter of the ends' gap (on
#                    the logarithms) of that end, else it is booted again
#   --end-boots N    boots of each end (default 2)
#   --max-boots N    boots of a step at most (default 3); a step still
#                    unclear then, or that cannot be built or booted, is
#                    skipped (as git bisect skip), and said
#   --seed S         the counting mode's first seed (default 1): a step's
#                    boot b runs with seed S + b - 1
#   --profile P      2007 (default) or modern
#   --groups N, --loops N   hackbench (default 10 and 150: the bench's)
#   --smp N          vCPUs (default 2)
#   --quantum Q      the counting mode's quantum: no vCPU runs more than Q
#                    instructions before the next takes its turn (default:
#                    the bench's, lib/detboot.sh; inf for icount's turns)
#   --out DIR        results directory (default results/bisect-<time>)
#   --dry-run        the series and the plan, building and booting nothing
#
# Each boot is one counting-mode boot (QEMU 10, icount, seeded: its counts
# do not move with the host) of the step's kernel, the bench's plan of an
# emulated boot without the plugin. Written as it goes into DIR: steps.csv
# (a boot a row), bisect.json (the settings and each change: a patch's
# sha256, a commit's id), raw/ (each boot), then report.txt and
# plots/bisect.png (bisect/report.sh). A change is never taken from DIR:
# --resume needs the series or the range again, and its changes must be
# those the bisect began with.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"
# shellcheck source=bisect/lib.sh
. "$SLUBBENCH_TOP/bisect/lib.sh"

split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
series_file='' metric=add_partial factor=1.5 end_boots=2 max_boots=3 seed=1 profile=2007 groups=10 loops=150
smp=2 quantum=$DET_QUANTUM_DEFAULT out='' resume='' dry=0 tree_opt='' good='' bad=''
while [ $# -gt 0 ]; do
	case "$1" in
	--series) need_val "$@"; series_file=$2; shift 2 ;;
	--tree) need_val "$@"; tree_opt=$2; shift 2 ;;
	--good) need_val "$@"; good=$2; shift 2 ;;
	--bad) need_val "$@"; bad=$2; shift 2 ;;
	--metric) need_val "$@"; metric=$(metric_ok "$2"); shift 2 ;;
	--factor) need_val "$@"; factor=$(factor_ok "$2"); shift 2 ;;
	--end-boots) need_val "$@"; end_boots=$(opt_uint --end-boots "$2"); shift 2 ;;
	--max-boots) need_val "$@"; max_boots=$(opt_uint --max-boots "$2"); shift 2 ;;
	--seed) need_val "$@"; det_seed_ok "$2" || die "--seed needs a whole number, not '$2'"; seed=$2; shift 2 ;;
	--profile) need_val "$@"; profile=$(opt_choice --profile "$2" 2007 modern); shift 2 ;;
	--groups) need_val "$@"; groups=$(opt_uint --groups "$2"); shift 2 ;;
	--loops) need_val "$@"; loops=$(opt_uint --loops "$2"); shift 2 ;;
	--smp) need_val "$@"; smp=$(opt_uint --smp "$2"); shift 2 ;;
	--quantum) need_val "$@"; quantum=$(det_quantum --quantum "$2"); shift 2 ;;
	--out) need_val "$@"; out=$2; shift 2 ;;
	--resume) need_val "$@"; resume=$2; shift 2 ;;
	--dry-run) dry=1; shift ;;
	-h | --help) usage_from_header "$0" ;;
	*) die "unknown option '$1' (see ./run.sh bisect --help)" ;;
	esac
done
mode=series
[ -z "$good$bad" ] || mode=git
if [ "$mode" = git ]; then
	[ -z "$series_file" ] || die "--series and --good/--bad: bisect a series or a git range, not both"
	[ -n "$good" ] && [ -n "$bad" ] || die "a git range needs both ends: --good REF and --bad REF (and --tree DIR)"
	[ -n "$tree_opt" ] || die "--good and --bad of which repository? give --tree DIR (a git kernel tree)"
else
	[ -n "$series_file" ] || die "which changes? give --series FILE (a quilt series of patches) or --tree DIR --good REF --bad REF (see ./run.sh bisect --help)"
fi
tree=$DEFAULT_TREE
if [ "$mode" = git ]; then
	read_range "$tree_opt" "$good" "$bad"
	tree=$RANGE_TREE
	what_desc="${#CHANGE_IDS[@]} commits of $RANGE_DIR (${GOOD:0:12}..${BAD:0:12}, first-parent)"
else
	read_series "$series_file"
	[ -z "$tree_opt" ] || tree=$(tree_resolve "$tree_opt")
	what_desc="${#PATCHES[@]} changes of $series_file$([ "$tree" = "$DEFAULT_TREE" ] || echo " on tree $tree")"
fi
[ -z "$resume" ] || resume_settings "$resume"
# the same bounds whether a setting came from the command line or a resumed bisect.json
[ "$max_boots" -le 64 ] && [ "$end_boots" -le "$max_boots" ] ||
	die "--end-boots $end_boots and --max-boots $max_boots: an end's boots are a step's, at most --max-boots (64 at most)"
[ "$smp" -le "$EMU_MAX_VCPUS" ] || die "--smp $smp: the counting mode runs at most $EMU_MAX_VCPUS vCPUs"
nsteps=$((${#CHANGE_IDS[@]} + 1))
safe_line "bisect: $what_desc; $metric per 1000 messages, ends $factor apart at least; $end_boots boots an end, at most $max_boots a step, seeds from $seed, quantum $quantum"
if [ "$dry" = 1 ]; then
	for ((k = 1; k < nsteps; k++)); do echo "step $k: ${CHANGE_NAMES[k - 1]}: ${CHANGE_SUBJECTS[k - 1]}" | term_safe; done
	echo "first: step 0 ($(step0_name)) and step $((nsteps - 1)) (${CHANGE_NAMES[nsteps - 2]}), $end_boots boots each; then about $(log2_up $((nsteps - 1))) steps"
	exit 0
fi

[ -n "$out" ] || out=${resume:-$SLUBBENCH_TOP/results/bisect-$(date -u +%Y%m%d-%H%M%S)}
[ -n "$resume" ] || [ ! -e "$out/bisect.json" ] || die "$out already holds a bisect: give another --out, or go on with $(resume_hint "$out")"
mkdir -p "$out/raw"
out=$(realpath "$out")
[ -f "$out/bisect.json" ] || write_settings "$out/bisect.json"
[ -f "$out/steps.csv" ] || echo "$BISECT_HDR" >"$out/steps.csv"
"$SLUBBENCH_TOP/emu/fetch-qemu.sh" >/dev/null || die "bisect boots in the counting mode, which needs QEMU 10 from bookworm-backports (see above)"
"$SLUBBENCH_TOP/rootfs/initramfs.sh" >/dev/null
build_tools all
S=$TOOLS_BIN/slubstats
[ "$mode" = series ] || range_prepare
t0=$EPOCHSECONDS
trap 'say bisect "interrupted: the boots so far are in $out/steps.csv; go on with $(resume_hint "$out")"; exit 130' INT TERM
while :; do
	IFS=, read -r what next lo hi _ < <("$S" bisect "$out/steps.csv" --steps "$nsteps" \
		--factor "$factor" --max-boots "$max_boots" --end-boots "$end_boots" --state | tail -n1)
	case "$what" in
	ends) ends_at_once ;;
	bisecting) boot_step "$next" ", about $(log2_up $((hi - lo))) steps left" ;;
	*) break ;;
	esac
done
trap - INT TERM
say bisect "$what after $((EPOCHSECONDS - t0)) s: $out"
"$SLUBBENCH_TOP/bisect/report.sh" "$out"
