# shellcheck shell=bash
# A knob alone, sourced by report/text.sh inside its output: for each kernel
# of the run booted with a SLUB knob (--slub-knob, or a preset such as
# 2.6.23) whose very build also ran without one (report.sh's KNOB_PAIRS),
# the knob's own effect: its counts per message against that kernel, paired
# (the model's knob_vs; the run's own ratios are all against the baseline).
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g main
if [ -n "$KNOB_PAIRS" ]; then
	echo "A knob alone: each kernel booted with a SLUB knob against the same build"
	echo "without it, per message, paired (by round in the timed boots, by seed in"
	echo "the counting mode; 95% CI):"
	lo='' r='' hi=''
	while read -r k v knob; do
		line="  $k/$v ($knob):"
		for kind in emulated timed; do
			what="timed boots"
			[ "$kind" = timed ] || what="counting mode"
			for counter in add_partial free_slab; do
				model_set lo knob_vs ratio_lo "$kind" "$k" "$main" all "$counter"
				[ -n "$lo" ] || continue
				model_set r knob_vs ratio "$kind" "$k" "$main" all "$counter"
				model_set hi knob_vs ratio_hi "$kind" "$k" "$main" all "$counter"
				printf -v part ' %s (%s) x%.2f (%.2f..%.2f);' "$counter" "$what" "$r" "$lo" "$hi"
				line+=$part
			done
		done
		wrapln "${line%;}"
	done <<<"$KNOB_PAIRS"
	echo
fi
