#!/usr/bin/env bash
# Run the measurement plan over kernel variants and write results/<run-id>/.
#
# Usage: bench/run.sh [OPTIONS]      (--opt VALUE and --opt=VALUE alike)
# @OPTIONS@
#
# The default plan was chosen from A/A runs: most of the variance is from
# one boot to the next, so shorter runs in more boots buy more precision
# per minute (docs/method.md, "The default plan"; what its boots took: the
# Boots line of results/reference's report).
#
# The order: the counting mode's boots (the mechanism on screen once the
# first seed's are done, again when all are), round 0, the timed rounds. A
# new run builds SLAB's kernel only after the first seed's counting boots
# of the others (it has no add_partial() to show).
#
# Timed boots (rounds 1..N) only time: warm-up, then each configuration's
# hackbench once, SLUB statistics read between runs. Counting (perf stat of
# slub:add_partial) and profiling (perf record) run in round 0, a boot of
# their own per kernel, whose times are never used; so do the emulated
# counters (boots eNN-KERNEL, under TCG with the plugin).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"
# shellcheck source=bench/runlib.sh
. "$SLUBBENCH_TOP/bench/runlib.sh"
# shellcheck source=bench/planlib.sh
. "$SLUBBENCH_TOP/bench/planlib.sh"
# shellcheck source=bench/between.sh
. "$SLUBBENCH_TOP/bench/between.sh"
# shellcheck source=bench/progress.sh
. "$SLUBBENCH_TOP/bench/progress.sh"

# shellcheck source=bench/runopts.sh
. "$SLUBBENCH_TOP/bench/runopts.sh"
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
argv=("$@")
parse_opts "$@"
[ -z "$resume" ] || read_saved_plan
# after a resumed plan is loaded: a plan.json is held to the command line's rules
check_opts
default_opts

# A user variant (stock + a patch) joins the plan under its name.
vargs=()
for uv in ${user_variants[@]+"${user_variants[@]}"}; do
	name=${uv%%=*} file=${uv#*=}
	[ "$name" != "$uv" ] && [ -n "$name" ] || die "--variant takes NAME=PATCH, got '$uv'"
	opt_name --variant "$name" >/dev/null
	[ -f "$file" ] || die "--variant $name: patch file '$file' does not exist"
	vargs+=(--variant "$name=$(realpath "$file")")
	case " $kernels " in *" $name "*) ;; *) kernels="$kernels $name" ;; esac
done
apply_tree

set_labels
[ ${#labels[@]} -ge 1 ] || die "no kernels to run"
[ -z "$knob_caches" ] || [ ${#knob_of[@]} -gt 0 ] || die "--knob-caches goes with --slub-knob or a preset kernel (2.6.23)"
baseline=$(pick_baseline "${labels[@]}")
configs=
for g in $groups; do configs+="$mode:$unit:$g:$loops:$fds:$datasize "; done
configs=${configs% }
build_tools all
if [ -n "$machine" ]; then
	machine_cores=$(csv_get <("$TOOLS_BIN/slubstats" machines) cores name="$machine")
	[ -n "$machine_cores" ] ||
		die "--machine $machine is not a machine of emu/src/machines.h: use one of $(csv_rows <("$TOOLS_BIN/slubstats" machines) name | paste -sd, -)"
	# the plugin models a vCPU a core: counts above the machine's cores
	# get no emulated boots, and the plan says so
	EMU_MAX_VCPUS=$machine_cores
fi

# a new run never writes into another's directory (its rows would mix)
if [ -z "$resume" ] && [ "$dry" = 0 ] && [ -n "$out" ] && [ -e "$out/plan.json" ]; then
	die "$out already holds a run: give another --out, or finish that one with --resume $(run_ref "$out")"
fi
block=$(plan_block)
# a resumed --precision run had added squares: plan up to its last round
if [ -n "$resume" ] && [ -d "$out/raw" ]; then
	last=$(find "$out/raw" -maxdepth 1 -name 'r*-*' -printf '%f\n' | sed -n 's/^r0*\([0-9][0-9]*\)-.*/\1/p' | sort -n | tail -n1)
	[ -z "$last" ] || [ "$last" -le "$rounds" ] || rounds=$((last + (block - last % block) % block))
fi
sched=$(schedule "$rounds") || exit 1
design_used=$design
[ "$design" != auto ] || design_used=williams
[ "$dry" = 0 ] || { print_plan "$sched"; exit 0; }

# ---- what the plan needs: kernels, root filesystem -----------------------
# (each step's wall time, for the last line: where a run's time went)
t_step=$EPOCHSECONDS
# build_kernels LABEL...: their kernels built (or found built), each
# checked to fit the guest
build_kernels() {
	local l x uniq
	uniq=$(for l in "$@"; do echo "${variant_of[$l]}"; done | sort -u | tr '\n' ' ')
	# shellcheck disable=SC2086
	"$SLUBBENCH_TOP/kernels/build.sh" --profile "$profile" ${tree_name:+--tree "$tree_name"} ${vargs[@]+"${vargs[@]}"} $uniq
	for l in "$@"; do
		for x in $smp; do guest_fits "$(kernel_dir "${variant_of[$l]}" "$profile")" "$x" "${mem:-$(default_mem "$x")}"; done
	done
}
# A new run with counting-mode boots builds SLAB's kernels last, after the
# first seed's counting boots of the others: SLAB has no add_partial() for
# the first figure, and its build is a full one of its own (the SLUB
# kernels share one build directory), so the mechanism is on screen a
# build sooner from an empty cache.
first_labels=("${labels[@]}") later_labels=() kernels_pending=
if [ -z "$resume" ] && [ "$(emulated_boots)" -gt 0 ]; then
	first_labels=() later_labels=()
	for l in "${labels[@]}"; do
		if variant_is_slab "${variant_of[$l]}"; then later_labels+=("$l"); else first_labels+=("$l"); fi
	done
	[ ${#first_labels[@]} -gt 0 ] || { first_labels=("${labels[@]}") later_labels=(); }
	kernels_pending=${later_labels[*]}
fi
build_kernels "${first_labels[@]}"
t_kernels=$((EPOCHSECONDS - t_step)) t_step=$EPOCHSECONDS
image=$("$SLUBBENCH_TOP/rootfs/build.sh" | tail -n1)
if [ "$(emulated_boots)" -gt 0 ]; then
	if [ "$accel" = kvm ]; then
		say bench "warning: --accel kvm: no emulated counters or series boots (they need TCG)"
		no_emulated
	fi
	if [ "$emulated_mode" = det ] && ! "$SLUBBENCH_TOP/emu/fetch-qemu.sh" >/dev/null; then
		say bench "warning: no QEMU 10 (above): the emulated counters run under MTTCG with the host's QEMU, and their counts move with the host's load"
		emulated_mode=mttcg
		[ "$series" = 0 ] || { say bench "warning: no series boots (--series): they run in the counting mode"; series=0; }
	fi
	eq=system
	[ "$emulated_mode" = mttcg ] || eq=10
	if [ "$(emulated_boots)" -gt 0 ] && ! "$SLUBBENCH_TOP/emu/build.sh" --qemu "$eq" >/dev/null; then
		say bench "warning: the slubcount plugin could not be built (above): running without emulated counters$([ "$series" = 0 ] || echo " or series boots (each is the twin of an emulated boot)")"
		no_emulated
	fi
	[ "$emulated_mode" = mttcg ] || "$SLUBBENCH_TOP/rootfs/initramfs.sh" >/dev/null
fi
t_guest=$((EPOCHSECONDS - t_step))

# ---- the run directory ---------------------------------------------------
if [ -z "$out" ]; then out=$SLUBBENCH_TOP/results/$(date -u +%Y%m%d-%H%M%S)-$profile; fi
mkdir -p "$out/raw" "$out/kernels"
out=$(realpath "$out")
run_id=$(opt_name "run id (the directory's name)" "$(basename "$out")")
if [ ! -f "$out/plan.json" ]; then
	args=()
	for k in $PLAN_KEYS; do args+=(--arg "$k" "${!k}"); done
	jq -n "${args[@]}" --arg command "./run.sh bench ${argv[*]}" --arg plan_file "$PLAN_FILE" --arg plan_file_sha256 "$PLAN_FILE_SHA256" \
		--argjson variants "$(for uv in ${vargs[@]+"${vargs[@]}"}; do [ "$uv" = --variant ] || echo "$uv"; done | jq -R . | jq -s .)" \
		"{command: \$command, variants: \$variants, $(for k in $PLAN_KEYS; do printf '%s: $%s, ' "$k" "$k"; done | sed 's/, $//')}
		+ if \$plan_file == \"\" then {} else {plan_file: \$plan_file, plan_file_sha256: \$plan_file_sha256} end" \
		>"$out/plan.json.tmp"
	mv "$out/plan.json.tmp" "$out/plan.json"
fi
# record_kernels LABEL...: their kernels' manifests in the run, once: a
# resumed run must boot the very builds it started with (a rebuilt kernel
# has another build id: refuse to mix them).
record_kernels() {
	local l km was now
	for l in "$@"; do
		km=$(kernel_dir "${variant_of[$l]}" "$profile")/manifest.json
		if [ -f "$out/kernels/$l.json" ]; then
			was=$(jq -r .build_id "$out/kernels/$l.json")
			now=$(jq -r .build_id "$km")
			[ "$was" = "$now" ] || die "kernel $l was rebuilt since run $run_id started (build id ${was:0:12} -> ${now:0:12}): its results would mix two builds; start a new run"
		else
			# a knob's level is part of the kernel it labels (the manifest's knob)
			jq --arg knob "${knob_of[$l]:-}" 'if $knob == "" then . else . + {knob: $knob} end' "$km" >"$out/kernels/$l.json"
		fi
	done
}
record_kernels "${first_labels[@]}"
cp "$(dirname "$image")/manifest.json" "$out/rootfs.json"
git_state=$(git -C "$SLUBBENCH_TOP" describe --always --dirty 2>/dev/null || echo unknown)

interrupted() {
	trap - INT TERM
	say bench "interrupted: keeping what was measured"
	join_csv
	write_manifest incomplete interrupted
	say bench "results so far in $out (status incomplete); finish with: ./run.sh bench --resume $(run_ref "$out")"
	exit 130
}
trap interrupted INT TERM
[ "$retry_failed" = 0 ] || retry_failed

emu_smp=$(emulated_smp)
if [ "$(emulated_boots)" -gt 0 ] && [ -z "$emu_smp" ]; then
	say bench "warning: no emulated counters (nor series boots): the plugin models at most $EMU_MAX_VCPUS vCPUs, the cores of its machine (--smp ${smp// /,})"
	no_emulated
fi
nk=${#labels[@]} ns=$(wc -w <<<"$smp")
n0=0
{ [ "$count" = 1 ] || [ "$prof" = 1 ]; } && in_shard 0 && n0=$((nk * ns))
expected_emulated=$(($(shard_count "$(emulated_boots)" 1) * nk * $(wc -w <<<"$emu_smp")))
expected_cache=$(($(shard_count "$emulated" 1) * nk * $(wc -w <<<"$emu_smp")))   # of them, with the cache model
expected_series=$(($(shard_count "$series" 1) * nk * $(wc -w <<<"$emu_smp")))
expected_boots=$((n0 + expected_emulated + expected_series + $(shard_count "$rounds") * nk * ns))
write_manifest running
say bench "run $run_id: ${#labels[@]} kernels x $rounds rounds ($design_used, seed $seed), configs: $configs, vCPUs: ${smp// /,} -> $out"
max_secs=
[ -z "$max_time" ] || max_secs=$(duration_secs "$max_time")
t_start=$EPOCHSECONDS

# the counting mode first, so that the mechanism is on screen minutes in
# (after the first seed's boots); then round 0 (perf under MTTCG). Neither
# is timed, and a counting-mode boot's counts do not depend on the host:
# several at once.
mapfile -t emu_boots < <(counting_mode_boots)
emu_jobs=1
[ "$emulated_mode" != det ] || emu_jobs=$jobs
if [ ${#later_labels[@]} -gt 0 ]; then
	# the first seed's counting boots of the kernels built, then the rest
	mapfile -t early < <(first_seed_boots "${first_labels[*]}" ${emu_boots[@]+"${emu_boots[@]}"})
	boots_at_once "$emu_jobs" ${early[@]+"${early[@]}"}
	t_step=$EPOCHSECONDS
	say bench "the first figure's boots are done: now the kernels it does not need (${later_labels[*]})"
	build_kernels "${later_labels[@]}"
	record_kernels "${later_labels[@]}"
	kernels_pending=
	t_later=$((EPOCHSECONDS - t_step)) t_kernels=$((t_kernels + t_later)) t_start=$((t_start + t_later))
	write_manifest running
fi
boots_at_once "$emu_jobs" ${emu_boots[@]+"${emu_boots[@]}"}
[ "${#emu_boots[@]}" = 0 ] || first_figure || say bench "warning: no first figure (the report will have the mechanism)"
if [ "$n0" -gt 0 ]; then
	i=0
	for x in $smp; do
		for l in "${labels[@]}"; do i=$((i + 1)); boot_planned 0 "$i" "$l" count "$x" </dev/null; done
	done
fi
r=1
while :; do
	while IFS=, read -r -u 3 rr pos l _ x; do
		[ "$rr" = "$r" ] && in_shard "$r" && boot_planned "$r" "$pos" "$l" timed "$x" </dev/null
	done 3<<<"$(tail -n +2 <<<"$sched")"
	current_intervals
	if [ "$r" -ge "$rounds" ]; then
		step=$((block - rounds % block))
		stop=$(stop_reason "$rounds" "$step" $((EPOCHSECONDS - t_start)))
		[ -z "$stop" ] || break
		rounds=$((rounds + step))
		expected_boots=$((expected_boots + step * nk * ns))
		sched=$(schedule "$rounds") || exit 1
		say bench "widest 95% half-width ${MAX_HALFWIDTH:-n/a}% > $precision%: $step more rounds"
	fi
	partial_report "$r"
	r=$((r + 1))
done
trap - INT TERM
join_csv
failed=$(boots_failed) && write_manifest complete "$stop"
say bench "done: $(find "$out/raw" -name "done" | wc -l) boots ($failed failed) in $(elapsed), stopped on $stop; results in $out"
say bench "where the time went: kernels ${t_kernels}s, root filesystem and QEMU ${t_guest}s, boots $((EPOCHSECONDS - t_start))s (each kind: the report's Boots line)"
echo "$out"
