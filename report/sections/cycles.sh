# shellcheck shell=bash
# The cost model in the report, sourced by report/text.sh: what the
# emulated counts would cost on a stated 2007 machine (emulated-cycles.csv,
# slubstats emulated-cycles; the machine table emu/src/machines.h, through
# slubstats machines). A model, labelled as one; every price with its
# source. Defines cycles_headline and cycles_section; both print nothing
# for a run counted before the machine model.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline emulated_mode kernels main main_vcpus prices

# ec_set VAR KERNEL KIND NAME [FACTOR] FIELD: one value of
# emulated-cycles.csv (the model's cycles table; no FACTOR: the row without
# one) into VAR; ec prints it
ec_set() {
	if [ $# -eq 6 ]; then
		model_set "$1" cycles "$6" "$2" "$main" "$3" "$4" "$5"
	else
		model_set "$1" cycles "$5" "$2" "$main" "$3" "$4" ""
	fi
}
ec() { model_print ec_set "$@"; }
# cycles_machine FIELD: the run's machine's FIELD (slubstats machines,
# the prices restated as given; the model's machines table)
model_load machines <("$S" machines ${prices[@]+"${prices[@]}"}) name
# (CYCLES_MACHINE: the machine's name, read once); cycles_text FIELD: the
# same with its ';' as ','
CYCLES_MACHINE=
[ ! -s "$R/emulated-cycles.csv" ] || CYCLES_MACHINE=$(csv_get "$R/emulated-cycles.csv" machine)
cm_set() { model_set "$1" machines "$2" "$CYCLES_MACHINE"; }
cycles_machine() { model_print cm_set "$@"; }
cycles_text() {
	local v
	cm_set v "$1"
	printf '%s\n' "${v//;/,}"
}
# sens_range KERNEL: the smallest and largest ratio over every price halved
# and doubled, "lo..hi"
sens_range() {
	csv_rows "$R/emulated-cycles.csv" kernel config kind value | awk -F'|' -v k="$1" -v c="$main" '
		$1 == k && $2 == c && $3 == "sensitivity" { if (lo == "" || $4 < lo) lo = $4; if (hi == "" || $4 > hi) hi = $4 }
		END { if (lo != "") printf "%.3f..%.3f", lo, hi }'
}

# restated_said: "; prices restated: cpi=2, ..." when --price was given
restated_said() {
	local i s=
	for ((i = 1; i < ${#prices[@]}; i += 2)); do s+="${s:+, }${prices[i]}"; done
	[ -z "$s" ] || echo "; prices restated on the command line: $s"
}

cycles_headline() {
	[ -s "$R/emulated-cycles.csv" ] || return 0
	local k r lo hi v regime="MTTCG, the vCPUs in parallel (the host's load moves them)"
	# a price only of counts from a schedule like parallel vCPUs'
	if [ "$emulated_mode" = det ]; then
		v=${main_vcpus:-${MF[smp]}}
		if ! det_quantum_multi "$RUN_QUANTUM" "$v"; then
			echo "  Modelled cycles: not in the headline. The counting mode ran $([ "$RUN_QUANTUM" = inf ] && echo "with no quantum (a vCPU runs until a timer, HLT or PAUSE ends its turn)" || echo "at --quantum $RUN_QUANTUM") at $v vCPUs, a schedule the quantum study did not find like parallel vCPUs' (it did at --quantum $DET_QUANTUM_MULTI and below at $DET_QUANTUM_MULTI_VCPUS vCPUs, the one count it could compare: docs/findings/quantum.md); see Modelled cycles." | wrap
			return 0
		fi
		regime="the counting mode at --quantum $RUN_QUANTUM and $v vCPUs, a schedule the quantum study found like parallel vCPUs'"
	fi
	wrapln "  Modelled cycles per message against $baseline, on the $(cycles_machine name) model ($(cycles_machine cores) cores$(restated_said); a model of what the counts would cost, not measured time; counts from $regime; see Modelled cycles):"
	for k in "${kernels[@]}"; do
		[ "$k" != "$baseline" ] || continue
		r=$(ev "$k" all cycles ratio) lo=$(ev "$k" all cycles lo) hi=$(ev "$k" all cycles hi)
		[ -n "$r" ] || continue
		printf '  %s: x%.3f (%s %.3f..%.3f); every price halved or doubled: %s\n' "$k" "$r" \
			"$([ "$(ev "$k" all cycles bounds)" = range ] && echo "range" || echo "95% CI, Holm")" "$lo" "$hi" "$(sens_range "$k")" | wrap
	done
}

# sensitivity_table: each kernel's ratio to the baseline with one price
# halved / doubled, four kernels a block (80 columns)
sensitivity_table() {
	echo "Sensitivity: the ratio to $baseline with one price halved / doubled:"
	local k p ks=() row
	for k in "${kernels[@]}"; do
		[ "$k" != "$baseline" ] && [ -n "$(ec "$k" sensitivity as-stated 1 value)" ] && ks+=("$k")
	done
	# a name over 13 characters makes every column a number, the names
	# listed above the table
	local i j numbered=0 head a b v vals
	for k in "${ks[@]}"; do [ "${#k}" -le 13 ] || numbered=1; done
	if [ "$numbered" = 1 ]; then
		for i in "${!ks[@]}"; do printf '  [%d] %s\n' "$((i + 1))" "${ks[i]}"; done
	fi
	for ((i = 0; i < ${#ks[@]}; i += 4)); do
		row=$(printf '  %-18s' price)
		for ((j = i; j < i + 4 && j < ${#ks[@]}; j++)); do
			head=${ks[j]}
			[ "$numbered" = 0 ] || head="[$((j + 1))]"
			row+=$(printf ' %13s' "$head")
		done
		echo "$row"
		row=$(printf '  %-18s' "as stated")
		for ((j = i; j < i + 4 && j < ${#ks[@]}; j++)); do
			row+=$(printf ' %13.3f' "$(ec "${ks[j]}" sensitivity as-stated 1 value)")
		done
		echo "$row"
		for p in $CYCLE_PARTS; do
			row=$(printf '  %-18s' "$([ "$p" = base ] && echo "base CPI" || echo "$p")")
			vals=()
			for ((j = i; j < i + 4 && j < ${#ks[@]}; j++)); do
				ec_set a "${ks[j]}" sensitivity "$p" 0.5 value
				ec_set b "${ks[j]}" sensitivity "$p" 2 value
				vals+=("$a" "$b")
			done
			echo "$row$(awk 'BEGIN { for (i = 1; i < ARGC; i += 2) printf " %13s", sprintf("%.3f/%.3f", ARGV[i], ARGV[i + 1]) }' "${vals[@]}")"
		done
	done
}

cycles_section() {
	[ -s "$R/emulated-cycles.csv" ] || return 0
	local k p line f
	echo "Modelled cycles (a model, not a measurement): the emulated counts priced on"
	wrapln "$(cycles_text desc)."
	wrapln "vCPU i is core i (the first cores: 2 vCPUs share a die). Each instruction costs the base CPI (which covers L1 hits); an L1 miss costs what served it: the die's shared L2, memory, or a transfer from a core of the same die, the other die, or the other socket:"
	wrapln "  base CPI $(cycles_machine cpi): $(cycles_text source_cpi)"
	wrapln "  L2 $(cycles_machine l2_cycles) cycles: $(cycles_text source_l2)"
	wrapln "  memory $(cycles_machine memory_ns) ns at $(cycles_machine ghz) GHz: $(cycles_text source_memory)"
	wrapln "  transfers $(cycles_machine transfer_die_ns) / $(cycles_machine transfer_package_ns) / $(cycles_machine transfer_socket_ns) ns (same die / other die / other socket): $(cycles_text source_transfers)"
	echo
	echo "Where the cycles go, per 1000 messages (mean over ${unit:-boot}s):"
	printf '  %-9s %10s %10s %10s %10s %10s %10s\n' kernel base l2 memory xfer_die xfer_pkg xfer_sock
	for k in "${kernels[@]}"; do
		[ -n "$(ec "$k" part base value)" ] || continue
		vals=()
		for p in $CYCLE_PARTS; do
			ec_set v "$k" part "$p" value
			vals+=("$v")
		done
		printf '  %-9s%s\n' "$k" "$(awk 'BEGIN { for (i = 1; i < ARGC; i++) printf " %10.0f", ARGV[i] }' "${vals[@]}")"
	done | long_names 9
	line="  Spin-waiting (queued spinlock slow path and _raw_spin_lock*), share of the cycles:"
	for k in "${kernels[@]}"; do
		f=$(ec "$k" spin cycles_share value)
		[ -z "$f" ] || line+=$(awk -v k="$k" -v f="$f" 'BEGIN { printf " %s %.1f%%;", k, 100 * f }')
	done
	wrapln "${line%;}"
	echo
	sensitivity_table
	for k in "${kernels[@]}"; do
		[ "$k" != "$baseline" ] || continue
		local r lo hi
		r=$(ev "$k" all cycles ratio) lo=$(ev "$k" all cycles lo) hi=$(ev "$k" all cycles hi)
		[ -n "$r" ] || continue
		awk -v k="$k" -v b="$baseline" -v r="$r" -v lo="$lo" -v hi="$hi" -v s="$(sens_range "$k")" -v v="$main_vcpus" \
			-v d="$(ev "$k" all cycles direction)" 'BEGIN {
			if (v == "") v = "the run" sprintf("%c", 39) "s"
			split(s, x, /\.\./)
			w = d == "above" ? "more cycles than " b : d == "below" ? "fewer cycles than " b : "no detectable difference from " b
			where = x[2] + 0 < 2 ? "below both" : x[1] + 0 >= 3.3 ? "at or above both" : x[1] + 0 >= 2 ? "at or above 2x" : "across 2x"
			printf "  %s: %s, x%.3f (%.3f..%.3f; every price halved or doubled: %s) at %s vCPUs.", k, w, r, lo, hi, s, v
			# the slowdowns of 2007 and 3.1-rc1 are costs: set beside a
			# ratio only where the model finds a cost (its interval above 1)
			if (d == "above")
				printf " For comparison: LWN (2007) reported hackbench up to 2x slower under SLUB than SLAB, and 3.1-rc1 the same bug as -70%% (about 3.3x the time); this modelled ratio, with every price halved or doubled, stays %s.", where
			printf "\n" }' | wrap
	done
	echo
}
