# shellcheck shell=bash
# How each regime scheduled the guest, sourced by report/sections/emulated.sh
# inside its output: per 1000 messages of the main configuration, mean over
# boots, each kernel's guest context switches and IPIs (reschedule,
# function call) in the timed boots (MTTCG) and the emulated boots, and in
# the counting mode the turns its quantum ended, PAUSEs and the times the
# emulator found every vCPU idle
# (counters.csv: sources proc and sched) beside the cache model's transfers
# (emulated-summary.csv). A cache model's transfers are only as parallel as
# the schedule it saw: these say how parallel that was.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g baseline emulated_mode kernels main
quantum=$RUN_QUANTUM
msgs=$(sv "$baseline" "$main" messages)
sched=$(csv_rows "$R/counters.csv" kernel config kind source counter value | awk -F'|' -v c="$main" -v m="$msgs" '
	$2 == c && ($4 == "proc" || $4 == "sched") && ($3 == "timed" || $3 == "emulated") && m > 0 {
		k = $1 "|" $3 "|" $5; s[k] += $6; n[k]++ }
	END { for (k in s) printf "%s|%.1f\n", k, 1000 * s[k] / n[k] / m }')
if [ -n "$sched" ]; then
	regime="counting mode, quantum $quantum"
	[ "$emulated_mode" = det ] || regime="MTTCG, under the plugin"
	wrapln "The guest's schedule per 1000 messages ($main, mean over boots): timed boots (MTTCG, vCPUs in parallel) and emulated boots ($regime): context switches, reschedule and function-call IPIs; in the counting mode the turns the quantum ended, PAUSEs (each ends a turn) and the times every vCPU was idle; the cache model's transfers:"
	echo
	printf '  %-9s %-8s %7s %7s %7s %7s %6s %5s %9s\n' kernel boots "ctx sw" "IPI res" "IPI cal" "q. ends" PAUSE idle transfers
	# the figures by kernel|kind|counter ("-" where the run has none); one
	# awk formats every row (a transfers' figure as awk's double rounds it)
	declare -A sg=()
	mapfile -t lines <<<"$sched"
	for l in "${lines[@]}"; do sg[${l%|*}]=${l##*|}; done
	for k in "${kernels[@]}"; do
		for kind in timed emulated; do
			[ -n "${sg[$k|$kind|context_switches]-}" ] || continue
			xf=
			[ "$kind" != emulated ] || ev_set xf "$k" all transfers per_1000_messages
			row="$k|$kind"
			for c in context_switches ipi_reschedule ipi_call_function quantum_ends pauses halts; do
				row+="|${sg[$k|$kind|$c]:--}"
			done
			printf '%s|%s\n' "$row" "$xf"
		done
	done | awk -F'|' '{ printf "  %-9s %-8s %7s %7s %7s %7s %6s %5s %9s\n", $1, $2, $3, $4, $5, $6, $7, $8, ($9 == "" ? "-" : sprintf("%.1f", $9)) }' |
		long_names 9
	[ "$emulated_mode" != det ] || [ "$quantum" != inf ] || wrapln "  With no quantum the counting mode runs one vCPU until a timer, HLT or PAUSE ends its turn (up to milliseconds): a woken task waits for its vCPU's turn, so the guest schedules otherwise than on parallel CPUs, and the cache model's misses and transfers are those of that schedule (bench --quantum Q bounds a turn)."
fi
