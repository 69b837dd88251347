# shellcheck shell=bash
# report.txt and report.md, sourced by report/report.sh (R, M, kernels,
# baseline, main, main_desc, sv, mv_). Every verdict and '*' comes from one
# interval: summary.csv's ci_lo..ci_hi (paired by round, Holm-adjusted).
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g main_desc
T=$R/report.txt.tmp
# The report's number formats, as awk functions (AWK_FMT, for a table's
# one awk) and as commands of one value: pct V, a ratio as a change; f3 V;
# fci V, an interval's end in at most 6 characters; fp V, a p-value
AWK_FMT='
function pct(v) { return v == "" ? "n/a" : sprintf("%+.1f%%", 100 * (v - 1)) }
function f3(v) { return v == "" ? "n/a" : sprintf("%.3f", v) }
function fci(v) { return sprintf(v < 10 ? "%.3f" : v < 100 ? "%.2f" : v < 1000 ? "%.1f" : "%.3g", v) }
function fp(v) { return v == "" ? "n/a" : v < 0.0001 ? "<0.0001" : sprintf("%.4f", v) }'
pct() { awk -v v="$1" "$AWK_FMT"' BEGIN { print pct(v) }'; }
f3() { awk -v v="$1" "$AWK_FMT"' BEGIN { print f3(v) }'; }
fci() { awk -v v="$1" "$AWK_FMT"' BEGIN { print fci(v) }'; }
fp() { awk -v v="$1" "$AWK_FMT"' BEGIN { print fp(v) }'; }
# fit_page: every line at most 80 columns: a longer one (a long label or
# symbol from the run) is folded, each piece but the last ending in a
# backslash, never inside a UTF-8 character; slubbench's own lines all fit
# (t50 checks that its reports fold nothing)
fit_page() {
	LC_ALL=C awk '{ line = $0
		while (length(line) > 80) {
			cut = 79; while (cut > 60 && substr(line, cut + 1, 1) ~ /[\200-\277]/) cut--
			print substr(line, 1, cut) "\\"; line = "  " substr(line, cut + 1) }
		print line }'
}
# shellcheck source=report/sections/cycles.sh
. "$SLUBBENCH_TOP/report/sections/cycles.sh"
# shellcheck source=report/sections/series.sh
. "$SLUBBENCH_TOP/report/sections/series.sh"
# shellcheck source=report/sections/cost.sh
. "$SLUBBENCH_TOP/report/sections/cost.sh"
# the Holm family's size (slubstats times decides it: summary.csv's family)
family=$(csv_rows "$R/summary.csv" family | awk '$0 != "" && v == "" { v = $0 } END { print v + 0 }')
# a run older than the vcpus column: its one count, from the plan
old_cpus=${MF[old_cpus]}
rounds_run=${MF[rounds_run]}
design=${MF[design]}
accel=${MF[accel]}

headline() { # KERNEL: one line against the baseline
	local k=$1 ratio v ap apl aph ep epl eph epn where=""
	local pairs lo hi
	sv_set ratio "$k" "$main" ratio
	sv_set v "$k" "$main" verdict
	sv_set pairs "$k" "$main" pairs
	[ -n "$ratio" ] || { echo "  $k: ${v:-no comparable runs} (paired by round: $pairs rounds)"; return; }
	sv_set lo "$k" "$main" ci_lo
	sv_set hi "$k" "$main" ci_hi
	mv_set ap "$k" "$main" all add_partial ratio
	mv_set apl "$k" "$main" all add_partial ratio_lo
	mv_set aph "$k" "$main" all add_partial ratio_hi
	me_set ep "$k" "$main" all add_partial ratio
	me_set epl "$k" "$main" all add_partial ratio_lo
	me_set eph "$k" "$main" all add_partial ratio_hi
	me_set epn "$k" "$main" all add_partial n
	[ -z "$ep" ] || where=" in the timed boots (MTTCG: moves with the host's load)"
	local nums aps='' eps='' what="emulated counters' boots"
	nums=$(awk -v r="$ratio" -v lo="$lo" -v hi="$hi" "$AWK_FMT"' BEGIN { printf "%s (ratio %s, CI %s..%s", pct(r), f3(r), f3(lo), f3(hi) }')
	[ -z "$ap" ] || printf -v aps '; add_partial calls per message x%.2f (95%% CI %.2f..%.2f)%s' "$ap" "${apl:-0}" "${aph:-0}" "$where"
	[ "$emulated_mode" != det ] || what="counting mode, which the host does not move"
	[ -z "$ep" ] || printf -v eps '; x%.2f (95%% CI %.2f..%.2f) in the %s (%s boots per kernel, paired by seed)' "$ep" "${epl:-0}" "${eph:-0}" "$what" "$epn"
	printf '  %s: %s, %s, %s pairs)%s%s\n' "$k" "$v" "$nums" "$pairs" "$aps" "$eps"
}

{
	echo "slubbench: SLUB add_partial() head vs tail insertion, hackbench"
	wrapln "run ${MF[run_id]} (${MF[status]}${MF[stop_note]}), ${MF[updated]}"
	[ "${MF[status]}" = complete ] ||
		wrapln "PARTIAL: ${MF[boots_done]} of ${MF[boots_expected]} boots so far; every figure below is of those alone"
	echo
	wrapln "Headline: hackbench time against $baseline, main configuration"
	wrapln "  $main_desc"
	wrapln "  Ratio of geometric means, paired by round; CI: its interval,"
	wrapln "  Holm-adjusted over the run's $family comparisons (family-wise 95%)."
	for k in "${kernels[@]}"; do
		[ "$k" = "$baseline" ] || headline "$k" | wrap
	done
	# the host's load during the timed boots whose times are used (a boot's
	# last attempt; those set aside and booted again said apart)
	if [ -s "$R/boots.csv" ] && csv_has "$R/boots.csv" host_load; then
		boot_attempts "$R/boots.csv" kind host_load | awk -F'|' '$2 == "timed" && $3 != "" {
				if (!$1) { a++; if ($3 > am) am = $3; next }
				n++; if ($3 > m) m = $3; if ($3 >= 0.25) busy++ }
			END {
				if (busy) printf "  WARNING: other work kept up to %.2f host cores busy during %d of %d timed boots: under MTTCG what runs in the guest, its times and its counts move with that load (boots.csv, host_load).\n", m, busy, n
				else if (n) printf "  Host: quiet during every timed boot (other work at most %.2f cores; boots.csv, host_load).\n", m
				if (a) printf "  Set aside and booted again: %d timed boot%s (other work up to %.2f cores during %s); %s times are not used.\n", a, (a > 1 ? "s" : ""), am, (a > 1 ? "them" : "it"), (a > 1 ? "their" : "its") }' | wrap
	fi
	cycles_headline
	if [ "$SEVERAL_VCPUS" = 1 ]; then
		lines=$(for k in "${kernels[@]}"; do
			[ "$k" != "$baseline" ] || continue
			line="  $k:"
			while read -r v c; do
				r=$(mv_ "$k" "$c" all add_partial ratio)
				[ -z "$r" ] || line+=$(printf ' %s: x%.2f (%.2f..%.2f),' "$v" "$r" "$(mv_ "$k" "$c" all add_partial ratio_lo)" "$(mv_ "$k" "$c" all add_partial ratio_hi)")
			done <<<"$SCALING"
			[ "$line" = "  $k:" ] || echo "${line%,}"
		done)
		if [ -n "$lines" ]; then
			wrapln "  add_partial calls per message against $baseline, by vCPUs (exact counts;"
			wrapln "  paired by round, 95% CI; see Scaling):"
			wrap <<<"$lines"
		fi
	fi
	if [ -s "$R/emulated-summary.csv" ]; then
		q=$RUN_QUANTUM
		[ "$emulated_mode" != det ] || [ "$q" != inf ] || wrapln "  Emulated counters in the counting mode (the host does not move them), where one vCPU runs at a time: lines bounce between vCPUs only when the vCPUs take turns, so these transfers are not a parallel machine's (see Emulated counters; --emulated-mode mttcg counts under MTTCG)."
		[ "$emulated_mode" != det ] || [ "$q" = inf ] || wrapln "  Emulated counters in the counting mode (the host does not move them), one vCPU at a time for at most $q instructions a turn (--quantum $q): how close that schedule comes to parallel vCPUs, the schedule table says (Emulated counters)."
		wrapln "  Emulated counters per message against $baseline (exact counts of what ran;"
		wrapln "  ratio of geometric means over boots; CI Holm-adjusted as below, with 3"
		wrapln "  boots or more per kernel, else the range over every pair of boots,"
		wrapln "  marked 'r'):"
		hl_r='' hl_lo='' hl_hi='' hl_b=''
		for k in "${kernels[@]}"; do
			# instructions always; misses and transfers where the cache
			# model counted them (not with --emulated-counters 0)
			ev_set hl_r "$k" all instructions ratio
			[ "$k" != "$baseline" ] && [ -n "$hl_r" ] || continue
			line="  $k:"
			for m in instructions misses transfers; do
				ev_set hl_r "$k" all "$m" ratio
				[ -n "$hl_r" ] || continue
				ev_set hl_lo "$k" all "$m" lo
				ev_set hl_hi "$k" all "$m" hi
				ev_set hl_b "$k" all "$m" bounds
				hl_mark=''
				[ "$hl_b" != range ] || hl_mark=' r'
				printf -v hl_cell ' %s x%.3f (%.3f..%.3f%s),' "$m" "$hl_r" "$hl_lo" "$hl_hi" "$hl_mark"
				line+=$hl_cell
			done
			wrapln "${line%,}"
		done
	fi
	echo
	case "$design" in
	williams) order="a Williams order (seed ${MF[seed]}): in each complete square every kernel stands in every position equally often, and right after every other kernel equally often" ;;
	random) order="an independent seeded random order per round (seed ${MF[seed]})" ;;
	*) order="the order recorded in boots.csv ($design design)" ;;
	esac
	each="every kernel once"
	[ "$SEVERAL_VCPUS" = 0 ] || each="every kernel at every vCPU count once (a block of each count's kernels, the blocks in a balanced order too)"
	echo "Design: $rounds_run timed rounds; each boots $each, in $order. Timed boots only time; counting and profiling ran in round 0, boots of their own, never timed$( [ -s "$R/emulated.csv" ] && echo "; so did the emulated counters (boots eNN)")." | wrap
	mem=${MF[mem]}
	wrapln "vCPUs: ${MF[smp_list]}; memory: ${mem:-the default for each vCPU count}${mem:+ MiB}; accel $accel; host cores: ${MF[host_cores]}. '*': the interval excludes 1; 'o': oversubscribed, more vCPUs than host cores, so the wall time is not the kernel's alone."
	cost_section
	echo
	echo "Times (seconds), every configuration, against $baseline:"
	echo
	printf '  %-9s %6s %4s %4s %8s %8s %6s %8s %15s\n' kernel groups cpus n geomean median "cov%" change "CI (Holm)"
	printf '  %-9s %6s %4s %4s %8s %8s %6s %8s %15s\n' --------- ------ ---- ---- -------- -------- ------ -------- ---------------
	csv_rows "$R/summary.csv" vcpus kernel groups n geomean median cov_pct ratio ci_lo ci_hi verdict failed timing |
		sort -t'|' -s -k1,1n | awk -F'|' -v base="$baseline" -v old="$old_cpus" "$AWK_FMT"'
		{ k = $2; mark = ($11 == "slower" || $11 == "faster") ? "*" : " "
			printf "  %-9s %6s %4s %4s %8s %8s %6s %7s%s %15s %s\n", k, $3, ($1 != "" ? $1 : old), $4, f3($5), f3($6),
				($7 == "" ? "-" : sprintf("%.1f", $7)), (k "" == base "" ? "base" : pct($8)), mark,
				($9 == "" ? "-" : fci($9) ".." fci($10)), ($13 == "oversubscribed" ? "o" : "")
			if (($12 == "" ? "0" : $12) != "0") printf "  %-9s %6s %4s runs failed\n", "", "", $12 }' | long_names 9
	echo
	echo "Checks (never the basis of a verdict): paired t p-value, Holm-adjusted;"
	echo "Wilcoxon signed-rank p, Holm-adjusted; whether the two decisions agree."
	echo
	printf '  %-9s %6s %4s %10s %10s %10s %10s\n' kernel groups cpus t_p holm_p wilcoxon wilc_holm
	csv_rows "$R/summary.csv" vcpus kernel groups t_p holm_p wilcoxon_p wilcoxon_holm_p check |
		sort -t'|' -s -k1,1n | awk -F'|' -v old="$old_cpus" "$AWK_FMT"'
		$4 != "" { printf "  %-9s %6s %4s %10s %10s %10s %10s  %s\n", $2, $3, ($1 != "" ? $1 : old), fp($4), fp($5), fp($6), fp($7), $8 }' |
		long_names 9
	echo
	# shellcheck source=report/sections/position.sh
	. "$SLUBBENCH_TOP/report/sections/position.sh"
	# shellcheck source=report/sections/mechanism.sh
	. "$SLUBBENCH_TOP/report/sections/mechanism.sh"
	# shellcheck source=report/sections/knobs.sh
	. "$SLUBBENCH_TOP/report/sections/knobs.sh"
	# shellcheck source=report/sections/emulated.sh
	. "$SLUBBENCH_TOP/report/sections/emulated.sh"
	cycles_section
	series_section
	# shellcheck source=report/sections/scaling.sh
	. "$SLUBBENCH_TOP/report/sections/scaling.sh"
	# shellcheck source=report/sections/hosts.sh
	. "$SLUBBENCH_TOP/report/sections/hosts.sh"
	# shellcheck source=report/sections/faults.sh
	. "$SLUBBENCH_TOP/report/sections/faults.sh"
	echo "Warnings:"
	warned=0
	warn() { echo "  - $*" | wrap; warned=1; }
	[ "$accel" = kvm ] || warn "Emulated (TCG) timings: no real caches, no real lock contention; only ratios measured side by side in one run mean anything. The counts of add_partial and of SLUB's slow paths are exact all the same."
	st=${MF[status]}
	[ "$st" = complete ] || warn "The run is $st: ${MF[boots_done]} of ${MF[boots_expected]} boots."
	nf=${MF[boots_failed]}
	[ "$nf" = 0 ] || warn "$nf boots failed for good (see Faults; their serial logs are in logs/)."
	# attempts booted again (boots.csv: an attempt below its boot's last):
	# those that ended in a transient fault, and finished ones set aside
	read -r nr ns < <(boot_attempts "$R/boots.csv" result 2>/dev/null | awk -F'|' '
		!$1 { if ($2 == "finished") s++; else r++ } END { print r + 0, s + 0 }')
	[ "${nr:-0}" = 0 ] || warn "$nr boot attempts ended in a transient fault and were booted again (see Faults)."
	[ "${ns:-0}" = 0 ] || warn "$ns finished boot attempts were set aside and booted again (their data is not used; the host's load line above says why, for timed boots)."
	minp=$(csv_rows "$R/summary.csv" pairs verdict | awk -F'|' '$2 != "baseline" { p = $1 + 0; if (m == "" || p < m) m = p } END { print m + 0 }')
	[ "$minp" -ge 2 ] || warn "Some comparison has fewer than 2 rounds with both kernels: no interval."
	[ "$minp" -lt 2 ] || [ "$minp" -ge 8 ] || warn "$minp pairs per comparison: small; more rounds narrow the intervals."
	case "${MF[stop_reason]}" in
	precision* | max*) warn "The run stopped when its intervals were narrow enough (or at a limit): optional stopping makes the nominal 95% a little optimistic." ;;
	esac
	[ -z "$HOSTS_DISAGREE" ] || warn "Hosts disagree on $HOSTS_DISAGREE: the pooled ratio averages machines that differ (see Hosts)."
	mr=${MF[shards_missing]}
	[ -z "$mr" ] || warn "Merged without shard $mr: rounds $(jq -r '.shards.missing_rounds | map(tostring) | join(", ")' "$M") are missing; the intervals use the rounds that came."
	[ -z "${MF[boot_command]}" ] || warn "Boots were simulated by ${MF[boot_command]}: these numbers test slubbench, not a kernel."
	if [ "${MF[slab_and_slub]}" = true ]; then
		warn "SLUB kernels are built with CONFIG_SLUB_STATS=y (the counts come from it); slab has no such statistics, so a slab-against-SLUB ratio includes their cost. Time the nostats variant against tail to measure it on this host."
	fi
	[ "$warned" = 1 ] || echo "  none"
	echo
	echo "Provenance:"
	# the host, QEMU, guest and slubbench; each shard's host; each kernel
	jq -r --arg q "${MF[qemu]}" --arg m "$emulated_mode" '("  host: \(.host.cpu), \(.host.cores) cores, \(.host.mem_kb / 1048576 | floor) GiB, Linux \(.host.kernel)",
		"  \(.qemu) (timed boots)",
		(.qemu_boots // [] | map(select(. != $q)) | .[] | "  \(.) (\(if $m == "det" then "the counting mode'"'"'s boots" else "other boots" end))"),
		"  guest: Debian \(.rootfs.suite), rt-tests \(.rootfs.packages["rt-tests"]), linux-perf \(.rootfs.packages["linux-perf"]), procps \(.rootfs.packages["procps"])",
		"  slubbench \(.slubbench_git)"),
		(.hosts // [] | .[] | "  shard \(.shard): host \(.name), \(.cpu), \(.cores) cores (\(.status))"),
		($ARGS.positional[] as $k | .kernels[$k] | "  \($k): \(if (.tree // "6.1") != "6.1" then "\(.source_package) " else "" end)\(.source_version) \(.allocator) \(.profile), build id \(.build_id[0:12]), patches \(if (.patches | length) == 0 then "none" else ([.patches[].file | .[0:4]] | join("+")) end)\(if (.knob // "") != "" then ", knob \(.knob) (set in the guest)" else "" end)")' "$M" --args "${kernels[@]}" | wrap
	echo
	echo "Reproduce:"
	# rebuilt from the checked plan.json (bench/plan-command.sh), never the
	# recorded command; a word too long for a line is split with a
	# backslash-newline at column 0, which the shell joins again
	if cmd=$("$TOP/bench/plan-command.sh" "$R" 2>/dev/null); then
		awk '{
			line = "  " $1
			for (i = 2; i <= NF; i++) {
				w = $i
				if (length(line) + 1 + length(w) > 76) { print line " \\"; line = "    " }
				else line = line " "
				while (length(line) + length(w) > 78) { cut = 78 - length(line); print line substr(w, 1, cut) "\\"; line = ""; w = substr(w, cut + 1) }
				line = line w
			}
			print line }' <<<"$cmd"
		# the named plan it was made from (bench --plan), when the run says
		jq -r '[.plan_file // "", .plan_file_sha256 // ""] | map(tostring) | join(" ")' "$R/plan.json" 2>/dev/null |
			while read -r pf ps; do
				[[ "$pf" =~ $PLAN_FILE_RE ]] && [[ "$ps" =~ ^[0-9a-f]{64}$ ]] || continue
				wrapln "  (from --plan $pf, sha256 ${ps:0:16}, and the command line)"
			done
	else
		echo "  (the run has no plan.json that passes its checks: its command is not known)"
	fi
	where=$R
	case "$R" in "$SLUBBENCH_TOP/results/"*) where=${R#"$SLUBBENCH_TOP/results/"} ;; esac
	[ ${#where} -le 60 ] || where="DIR   (DIR: this report's directory)"
	echo "  ./run.sh report $where$REPORT_ARGS"
} | sed 's/ *$//' | term_safe | fit_page >"$T"
mv "$T" "$R/report.txt"

{
	echo "# slubbench report: ${MF[run_id]}"
	echo
	echo '```'
	cat "$R/report.txt"
	echo '```'
	echo
	for c in times ratios drift add_partial slowpath emulated cycles series scaling; do
		[ -f "$R/plots/$c.png" ] && printf '![%s](plots/%s.png)\n\n' "$c" "$c"
	done
	echo "Data: [summary.csv](summary.csv), [mechanism.csv](mechanism.csv), [hackbench.csv](hackbench.csv),"
	echo "[counters.csv](counters.csv), [crosscheck.csv](crosscheck.csv), [boots.csv](boots.csv), [manifest.json](manifest.json)."
	[ ! -s "$R/hosts.csv" ] || echo "Hosts: [hosts.csv](hosts.csv)."
	[ ! -s "$R/series-summary.csv" ] || echo "Series: [series.csv](series.csv), [series-summary.csv](series-summary.csv), [perturbation.csv](perturbation.csv)."
	[ ! -s "$R/emulated.csv" ] || echo "Emulated counters: [emulated.csv](emulated.csv), [emulated-summary.csv](emulated-summary.csv), [emulated-top.csv](emulated-top.csv)."
	[ ! -s "$R/emulated-cycles.csv" ] || echo "Modelled cycles: [emulated-cycles.csv](emulated-cycles.csv)."
} >"$R/report.md.tmp"
mv "$R/report.md.tmp" "$R/report.md"
