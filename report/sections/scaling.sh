# shellcheck shell=bash
# Scaling, sourced by report/text.sh inside its output when the run
# has more than one vCPU count (report.sh's SCALING: "vcpus config" of the
# main configuration's hackbench at each count): each kernel against the
# baseline at each count, counts first (exact, whatever the host), the
# time last and marked where it was oversubscribed; then how the
# regression's mechanism grows, read off the intervals.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline emulated_mode kernels
if [ "$SEVERAL_VCPUS" = 1 ]; then
	GROWTH=$("$S" growth "$R/mechanism.csv" --from "$(head -n1 <<<"$SCALING" | cut -d' ' -f2)" --to "$(tail -n1 <<<"$SCALING" | cut -d' ' -f2)")
	# rci VALUE LO HI: "x1.23 (1.10..1.40)", or "-" without a value
	rci() { awk -v r="$1" -v l="$2" -v h="$3" 'BEGIN { if (r == "") print "-"; else if (l == "") printf "x%.2f", r; else printf "x%.2f (%.2f..%.2f)", r, l, h }'; }
	# mr KERNEL CONFIG COUNTER: mechanism.csv's paired ratio, 95% CI
	mr() { rci "$(mv_ "$1" "$2" all "$3" ratio)" "$(mv_ "$1" "$2" all "$3" ratio_lo)" "$(mv_ "$1" "$2" all "$3" ratio_hi)"; }
	# er KERNEL CONFIG METRIC: emulated-summary.csv's ratio, Holm CI or range
	er() {
		[ -s "$R/emulated-summary.csv" ] || { echo -; return; }
		rci "$(model_get emulated ratio "$1" "$2" all "$3")" "$(model_get emulated lo "$1" "$2" all "$3")" \
			"$(model_get emulated hi "$1" "$2" all "$3")"
	}
	# the counts with emulated boots that read SLUB's statistics ("vcpus
	# config" as SCALING), their growth, and PAUSEs per 1000 messages
	EMU_SCALING=$(while read -r v c; do [ -z "$(me_ "$baseline" "$c" all add_partial per_1000_messages)" ] || echo "$v $c"; done <<<"$SCALING")
	[ "$(wc -l <<<"$EMU_SCALING")" -ge 2 ] || EMU_SCALING=
	[ -z "$EMU_SCALING" ] ||
		EMU_GROWTH=$("$S" growth "$R/mechanism-emulated.csv" --from "$(head -n1 <<<"$EMU_SCALING" | cut -d' ' -f2)" --to "$(tail -n1 <<<"$EMU_SCALING" | cut -d' ' -f2)")
	# mer KERNEL CONFIG COUNTER: mechanism-emulated.csv's ratio paired by seed, 95% CI
	mer() { rci "$(me_ "$1" "$2" all "$3" ratio)" "$(me_ "$1" "$2" all "$3" ratio_lo)" "$(me_ "$1" "$2" all "$3" ratio_hi)"; }
	PAUSES=$(csv_rows "$R/counters.csv" kernel config kind source counter value | awk -F'|' '
		$3 == "emulated" && $4 == "sched" && $5 == "pauses" { s[$1 "|" $2] += $6; n[$1 "|" $2]++ }
		END { for (k in s) printf "%s|%.15g\n", k, s[k] / n[k] }')
	# pauses KERNEL CONFIG: PAUSEs per 1000 messages, mean over its emulated boots, or "-"
	pauses() {
		awk -F'|' -v k="$1" -v c="$2" -v m="$(sv "$1" "$2" messages)" '$1 == k && $2 == c && m > 0 { v = 1000 * $3 / m }
			END { if (v == "") print "-"; else printf "%.1f", v }' <<<"$PAUSES"
	}
	# growth_line KERNEL GROWTH_CSV COUNTS WHERE: the verdict on add_partial
	# from the first count of COUNTS to the last
	growth_line() {
		csv_rows <(echo "$2") kernel from_ratio to_ratio change | awk -F'|' -v k="$1" -v base="$baseline" -v where="$4" \
			-v v1="$(head -n1 <<<"$3" | cut -d' ' -f1)" -v v2="$(tail -n1 <<<"$3" | cut -d' ' -f1)" '$1 == k {
			if ($4 == "grows") w = "grows with the machine: the " v2 "-vCPU interval lies wholly above the " v1 "-vCPU one"
			else if ($4 == "shrinks") w = "shrinks with the machine: the " v2 "-vCPU interval lies wholly below the " v1 "-vCPU one"
			else w = "shows no detectable change from " v1 " to " v2 " vCPUs: the two intervals overlap"
			printf "  add_partial calls per message%s, %s/%s: x%.2f at %s vCPUs, x%.2f at %s; the mechanism %s.\n", where, k, base, $2, v1, $3, v2, w }' | wrap
	}
	echo "Scaling: each kernel against $baseline at each vCPU count, the main"
	echo "configuration's hackbench; ratios per message, paired by round with 95% CIs"
	echo "(SLUB statistics of the timed boots); emulated: ratio of geometric means,"
	echo "CI Holm-adjusted as in Emulated counters from 3 boots per kernel, else the"
	echo "range over every pair of boots."
	[ -z "$EMU_SCALING" ] || echo "(emu) add_partial and alloc_from_partial: the emulated boots' SLUB statistics, paired by $([ "$emulated_mode" = det ] && echo "seed (counting mode, quantum $RUN_QUANTUM)" || echo boot) with 95% CIs${PAUSES:+; PAUSEs: per 1000 messages, mean over those boots (the spin of lock waiters)}." | wrap
	echo "Counts do not depend on the host's speed;"
	echo "the time does ('o': oversubscribed)."
	for k in "${kernels[@]}"; do
		[ "$k" != "$baseline" ] || continue
		echo
		echo "  $k/$baseline:"
		# the timed boots' SLUB statistics, when some count has a ratio
		# (a run of one timed round pairs nothing)
		if [ -n "$(while read -r _ c; do mv_ "$k" "$c" all add_partial ratio; done <<<"$SCALING")" ]; then
			printf '  %5s %-21s %-21s %-21s\n' vCPUs "add_partial" "alloc_from_partial" "objects/partial visit"
			while read -r v c; do
				printf '  %5s %-21s %-21s %-21s\n' "$v" "$(mr "$k" "$c" add_partial)" "$(mr "$k" "$c" alloc_from_partial)" \
					"$(mr "$k" "$c" objects_per_partial_visit)"
			done <<<"$SCALING"
		fi
		printf '  %5s %-21s %-21s %-21s\n' vCPUs "instructions (emu)" "transfers (emu)" "time (Holm CI)"
		while read -r v c; do
			t=$(rci "$(sv "$k" "$c" ratio)" "$(sv "$k" "$c" ci_lo)" "$(sv "$k" "$c" ci_hi)")
			[ "$(sv "$k" "$c" timing)" != oversubscribed ] || t="$t o"
			printf '  %5s %-21s %-21s %-21s\n' "$v" "$(er "$k" "$c" instructions)" "$(er "$k" "$c" transfers)" "$t"
		done <<<"$SCALING"
		# the cost model at each count, when the run has it
		if [ -s "$R/emulated-cycles.csv" ]; then
			printf '  %5s %-21s\n' vCPUs "modelled cycles"
			while read -r v c; do printf '  %5s %-21s\n' "$v" "$(er "$k" "$c" cycles)"; done <<<"$SCALING"
			# where the difference comes from at each count: each part's
			# cycles per 1000 messages, the kernel's mean less the
			# baseline's, and the spin's share of each kernel's cycles
			wrapln "  $k less $baseline, modelled cycles per 1000 messages by part (k: thousands), and the spin's share:"
			printf '  %5s %7s %7s %7s %7s %7s %7s %s\n' vCPUs base l2 memory "x die" "x pkg" "x sock" "spin $k/$baseline"
			while read -r v c; do
				csv_rows "$R/emulated-cycles.csv" kernel config kind name value | awk -F'|' -v k="$k" -v b="$baseline" -v c="$c" -v v="$v" '
					$2 != c { next }
					$3 == "part" && ($1 == k || $1 == b) { d[$4] += ($1 == k ? $5 : -$5); seen = 1 }
					$3 == "spin" && $4 == "cycles_share" { sh[$1] = $5 }
					END { if (!seen) exit
						printf "  %5s", v
						split("base l2 memory transfer_die transfer_package transfer_socket", p, " ")
						for (i = 1; i <= 6; i++) printf " %+6.0fk", d[p[i]] / 1000
						printf " %.1f%%/%.1f%%\n", 100 * sh[k], 100 * sh[b] }'
			done <<<"$SCALING"
		fi
		# the counting mode's own mechanism and spin at each count, paired
		# by seed, when its boots read SLUB's statistics
		if [ -n "$EMU_SCALING" ]; then
			printf '  %5s %-21s %-21s %s\n' vCPUs "add_partial (emu)" "alloc_from_p. (emu)" "${PAUSES:+PAUSEs $k/$baseline}" | sed 's/ *$//'
			while read -r v c; do
				printf '  %5s %-21s %-21s %s\n' "$v" "$(mer "$k" "$c" add_partial)" "$(mer "$k" "$c" alloc_from_partial)" \
					"${PAUSES:+$(pauses "$k" "$c") / $(pauses "$baseline" "$c")}"
			done <<<"$EMU_SCALING" | sed 's/ *$//'
		fi
		# the growth, from the first and the last count's add_partial
		# intervals (the verdict: slubstats growth, src/stats/growth.c)
		growth_line "$k" "$GROWTH" "$SCALING" ""
		[ -z "$EMU_SCALING" ] || growth_line "$k" "$EMU_GROWTH" "$EMU_SCALING" " in the emulated boots"
	done
	echo
	wrapln "For comparison: in 2007 SLUB could \"cut performance [of hackbench] in half\""
	wrapln "(LWN), and the same head insertion came back in 3.1-rc1 at -70% (fixed by"
	wrapln "130655ef). Those were wall times on real multi-core hardware; the counts"
	wrapln "above are the mechanism itself, and emulated times are not real ones."
	echo
fi
