# shellcheck shell=bash
# The bench's progress, sourced by bench/run.sh: how long the boots left
# will take, each kind at its own pace.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g out kernels_pending

# The bench's ETA: each kind of boot at its own pace, for they differ
# several-fold; one average over all of them once said "about 38 min left"
# with 19 to go. The kinds: count (round 0), emulated (counting mode with
# the cache model), instructions (counting mode, instructions alone:
# --emulated-instructions) and timed. PACE_SECS/PACE_N: wall seconds and
# boots of each kind so far (J boots at once: their wave's seconds);
# PACE_LIST: each boot's seconds, whose median prices the boots left (one
# slow boot, a retry or a busy minute, moves a mean, not a median).
declare -A PACE_SECS=() PACE_N=() PACE_LIST=()
# PRIOR_SECS: a boot's wall seconds of each kind before any has been seen:
# the default plan on this project's 2-core machine (a run of it on
# 2026-12-05: round-0 boots 13-23 s; counting-mode boots two at a time, per
# boot of wall time, 40 s with the cache model and 20 s without; timed
# boots 7-15 s), scaled by how fast this run's boots so far went against
# theirs.
# A series boot (counting mode, no plugin): 22 s alone (2026-12-05), about
# 12 s of wall time two at a time.
declare -A PRIOR_SECS=([count]=19 [emulated]=40 [instructions]=20 [timed]=10 [series]=12)
# paced KIND SECONDS N: N boots of KIND took SECONDS of wall time
paced() {
	local i
	PACE_SECS[$1]=$((${PACE_SECS[$1]:-0} + $2)) PACE_N[$1]=$((${PACE_N[$1]:-0} + $3))
	for ((i = 0; i < $3; i++)); do PACE_LIST[$1]+=" $(($2 / $3))"; done
}
# pace_median KIND: the median of its boots' seconds (the lower of two middles)
pace_median() {
	tr ' ' '\n' <<<"${PACE_LIST[$1]}" | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
# pace_kind KIND SEED: the pace's kind of a boot (emulated: by its seed)
pace_kind() {
	if [ "$1" = emulated ] && instructions_only "$2"; then echo instructions; else echo "$1"; fi
}
# eta_note: ", about XmYYs left": the boots not yet done of each kind at
# its median pace (a kind not seen yet at its prior, scaled by the
# median boot's pace against its own prior), and the kernels still to
# build, named (kernels_pending: SLAB's, after the first figure; a build's
# time is not known before it); nothing before the first boot ends. Uses
# run.sh's expected_boots, expected_emulated, expected_cache, n0.
eta_note() {
	local k s left=0 pace todo e_all=0 e_cache=0 f seed
	# the counting-mode boots done, by their seed (raw/eNN-...)
	while IFS= read -r f; do
		[ -n "$f" ] || continue
		seed=${f%/done} seed=${seed##*/e} seed=${seed%%-*}
		e_all=$((e_all + 1))
		instructions_only $((10#$seed)) || e_cache=$((e_cache + 1))
	done <<<"$(find "$out/raw" -path '*/e[0-9]*/done')"
	local -A want=([count]=$n0 [emulated]=$expected_cache [instructions]=$((expected_emulated - expected_cache))
		[timed]=$((expected_boots - n0 - expected_emulated - ${expected_series:-0})) [series]=${expected_series:-0})
	local -A done_n=([count]=$(find "$out/raw" -path '*/r00-*/done' | wc -l) [emulated]=$e_cache [instructions]=$((e_all - e_cache))
		[series]=$(find "$out/raw" -path '*/s[0-9]*/done' | wc -l))
	done_n[timed]=$(($(find "$out/raw" -name "done" | wc -l) - done_n[count] - e_all - done_n[series]))
	[ "${#PACE_N[@]}" -gt 0 ] || return 0
	# the host's pace: the median, over the boots so far, of a boot's
	# seconds against its kind's prior (in thousandths)
	pace=$(for k in "${!PACE_LIST[@]}"; do for s in ${PACE_LIST[$k]}; do echo $((s * 1000 / PRIOR_SECS[$k])); done; done |
		sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	for k in count emulated instructions series timed; do
		todo=$((want[$k] - done_n[$k]))
		[ "$todo" -gt 0 ] || continue
		if [ "${PACE_N[$k]:-0}" -gt 0 ]; then left=$((left + todo * $(pace_median "$k"))); else left=$((left + todo * PRIOR_SECS[$k] * pace / 1000)); fi
	done
	echo ", about $((left / 60))m$(printf '%02d' $((left % 60)))s left${kernels_pending:+ and the build of $kernels_pending}"
}
