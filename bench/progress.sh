# shellcheck shell=bash
# The bench's progress, sourced by bench/run.sh: how long the boots left
# will take, each kind at its own pace.
# shellcheck disable=SC2154 # out: run.sh's

# The bench's ETA: each kind of boot at its own pace, for they differ
# several-fold; one average over all of them once said "about 38 min left"
# with 19 to go. The kinds: count (round 0), emulated (counting mode with
# the cache model), instructions (counting mode, instructions alone:
# --emulated-instructions) and timed. PACE_SECS/PACE_N: wall seconds and
# boots of each kind so far (J boots at once: their wave's seconds).
declare -A PACE_SECS=() PACE_N=()
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
	PACE_SECS[$1]=$((${PACE_SECS[$1]:-0} + $2)) PACE_N[$1]=$((${PACE_N[$1]:-0} + $3))
}
# pace_kind KIND SEED: the pace's kind of a boot (emulated: by its seed)
pace_kind() {
	if [ "$1" = emulated ] && instructions_only "$2"; then echo instructions; else echo "$1"; fi
}
# eta_note: ", about XmYYs left": the boots not yet done of each kind at
# its pace (a kind not seen yet at its prior, scaled); nothing before the
# first boot ends. Uses run.sh's expected_boots, expected_emulated,
# expected_cache, n0.
eta_note() {
	local k left=0 seen=0 prior=0 todo e_all=0 e_cache=0 f seed
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
	for k in "${!PACE_N[@]}"; do seen=$((seen + PACE_SECS[$k])) prior=$((prior + PACE_N[$k] * PRIOR_SECS[$k])); done
	[ "$prior" -gt 0 ] || return 0
	for k in count emulated instructions series timed; do
		todo=$((want[$k] - done_n[$k]))
		[ "$todo" -gt 0 ] || continue
		if [ "${PACE_N[$k]:-0}" -gt 0 ]; then left=$((left + todo * PACE_SECS[$k] / PACE_N[$k])); else left=$((left + todo * PRIOR_SECS[$k] * seen / prior)); fi
	done
	echo ", about $((left / 60))m$(printf '%02d' $((left % 60)))s left"
}
