# shellcheck shell=bash
# The bench's progress, sourced by bench/run.sh: how long the boots left
# will take, each kind at its own pace.
# shellcheck disable=SC2154 # out: run.sh's

# The bench's ETA: each kind of boot at its own pace, for they differ
# several-fold (a timed boot ~10 s, a round-0 one ~20 s, a counting-mode
# one ~100 s of a core, J at a time); one average over all of them once
# said "about 38 min left" with 19 to go. PACE_SECS/PACE_N: wall seconds
# and boots of each kind so far (J boots at once: their wave's seconds).
declare -A PACE_SECS=() PACE_N=()
# paced KIND SECONDS N: N boots of KIND took SECONDS of wall time
paced() {
	PACE_SECS[$1]=$((${PACE_SECS[$1]:-0} + $2)) PACE_N[$1]=$((${PACE_N[$1]:-0} + $3))
}
# eta_note: ", about XmYYs left": the boots not yet done of each kind at
# its pace (a kind not seen yet at the pace of all seen); nothing before
# the first boot ends. Uses run.sh's expected_boots, expected_emulated, n0.
eta_note() {
	local k left=0 all_s=0 all_n=0 todo
	local -A want=([count]=$n0 [emulated]=$expected_emulated [timed]=$((expected_boots - n0 - expected_emulated)))
	local -A done_n=([count]=$(find "$out/raw" -path '*/r00-*/done' | wc -l) [emulated]=$(find "$out/raw" -path '*/e[0-9]*/done' | wc -l))
	done_n[timed]=$(($(find "$out/raw" -name "done" | wc -l) - done_n[count] - done_n[emulated]))
	for k in "${!PACE_N[@]}"; do all_s=$((all_s + PACE_SECS[$k])) all_n=$((all_n + PACE_N[$k])); done
	[ "$all_n" -gt 0 ] || return 0
	for k in count emulated timed; do
		todo=$((want[$k] - done_n[$k]))
		[ "$todo" -gt 0 ] || continue
		if [ "${PACE_N[$k]:-0}" -gt 0 ]; then left=$((left + todo * PACE_SECS[$k] / PACE_N[$k])); else left=$((left + todo * all_s / all_n)); fi
	done
	echo ", about $((left / 60))m$(printf '%02d' $((left % 60)))s left"
}
