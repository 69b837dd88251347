# shellcheck shell=bash disable=SC2034
# The bench's options, declared once: sourced by bench/runopts.sh. Each
# option is one entry of BENCH_OPTIONS, from which come the settings'
# defaults, the parser, the checks of the command line and of --resume's
# plan.json (set_opt), the plan's keys (PLAN_KEYS: plan.json and the
# "Reproduce" command) and --help. An entry is a line
#   FLAG [ARG] | ACTION | DEFAULT | CHECK | GROUP
# then its help, lines that begin with a tab:
#   ACTION   the setting it sets, a variable (with ARG: to the value, as
#            CHECK returns it); KEY=VALUE (a switch: that value); or
#            @FUNCTION, called with the value if the option takes one
#   DEFAULT  the setting's default (once, where the setting is declared)
#   CHECK    "FUNCTION [ARG...]", called as FUNCTION FLAG VALUE ARG...: the
#            value as it is to be kept, or one line and exit (lib/opts.sh's
#            opt_*, or a check_* of bench/runopts.sh)
#   GROUP    plan (a setting of the plan, saved in plan.json) or run (how
#            this invocation runs: never saved)
# Adding an option is adding an entry (and a check_* if no opt_* fits).
# The settings the table sets, named here for shellcheck, which cannot see
# through printf -v (t03 checks this list is the table's, no more, no less).
declare kernels profile groups loops fds datasize mode unit rounds design seed smp mem accel timeout count prof \
	emulated emulated_instructions emulated_mode emulated_windows quantum machine precision max_rounds max_time \
	retries shard slub_knob knob_caches series series_interval tree_opt jobs out dry resume retry_failed \
	partial_reports
BENCH_OPTIONS=$(
	cat <<EOF
--kernels LIST | kernels | slab stock head tail | check_kernels | plan
	variants, comma- or space-separated (default: slab,stock,head,tail);
	a name twice is an A/A run (the second is labelled NAME.2);
	2.6.23: a preset, head with min_partial=2 (--slub-knob)
--profile P | profile | 2007 | opt_choice 2007 modern | plan
	2007 (default) or modern
--groups LIST | groups | 10 | check_groups | plan
	hackbench groups, one configuration each (default: 10)
--loops N | loops | 150 | opt_uint | plan
	messages per sender and receiver (default: 150)
--fds N | fds | 20 | opt_uint | plan
	senders (and receivers) per group (default: 20)
--datasize B | datasize | 100 | opt_uint | plan
	bytes per message (default: 100)
--mode M | mode | socket | opt_choice socket pipe | plan
	socket (default) or pipe
--unit U | unit | process | opt_choice process thread | plan
	process (default) or thread
--rounds N | rounds | 12 | opt_uint | plan
	timed rounds; each boots every kernel once (default: 12)
--design D | design | auto | opt_choice auto williams random | plan
	auto (default): Williams squares, each kernel in each position
	equally often, and after each other kernel equally often, the last
	square cut short if N is not a multiple of it; williams: whole
	squares only; random: an independent seeded shuffle per round
--seed N | seed | | check_seed | plan
	the order's seed (default: from the clock; recorded)
--smp LIST | smp | | check_smp | plan
	vCPUs, one count or several (e.g. 2,4,8,16: a factor of the plan,
	every round boots every kernel at every count; default: the host's
	cores, at least 2); a count above the host's cores is run, but its
	wall times are marked oversubscribed
--mem MIB | mem | | opt_uint | plan
	guest memory (default: 2048, or 1024 + 128 per vCPU)
--accel A | accel | auto | opt_choice auto kvm tcg | plan
	auto (default), kvm or tcg: passed to bench/boot.sh
--timeout S | timeout | | opt_uint | plan
	limit per boot (default: 600 + 150 per vCPU)
--no-count | count=0 | 1 | opt_choice 0 1 | plan
	no perf stat counting of slub:add_partial (round 0)
--no-profile | prof=0 | 1 | opt_choice 0 1 | plan
	no perf record (round 0)
--emulated-counters N | emulated | 3 | opt_count | plan
	boots per kernel under the slubcount plugin (emu/): exact
	instructions, L1d misses and cache-line transfers of each
	configuration's run, and its SLUB statistics, untimed (default: 3,
	the fewest that give a 95% interval; 0: none; left out with a
	warning when the plugin cannot be built)
--emulated-instructions N | emulated_instructions | 9 | opt_count | plan
	N more such boots per kernel (seeds after the emulated counters')
	that count instructions alone, without the cache model (cache=off):
	about half an emulated-counters boot's time here; their instructions
	and SLUB statistics join the others', the cache counts and modelled
	cycles come from the emulated-counters boots alone (default: 9; 0:
	none)
--no-emulated-counters | @no_emulated | | | plan
	no boot under the plugin at all (nor series boots)
--emulated-mode M | emulated_mode | det | opt_choice det mttcg | plan
	det (default): those boots in the counting mode (bench/boot.sh
	--det, QEMU 10 under icount, boot e of every kernel with seed e):
	their counts do not move with the host; mttcg: under MTTCG with the
	host's QEMU (and what runs when QEMU 10 cannot be fetched, with a
	warning)
--emulated-windows W | emulated_windows | 1 | check_windows | plan
	each configuration's run W times in every emulated-counters boot,
	one plugin window each, each a replicate (default: 1; at most 16;
	+200 s a window)
--quantum Q | quantum | $DET_QUANTUM_DEFAULT | det_quantum | plan
	the counting mode's schedule: from the plan's start no vCPU runs
	more than Q instructions before another's turn (1 to 10^9, or inf:
	icount's turns alone; default $DET_QUANTUM_DEFAULT, lib/detboot.sh)
--machine NAME | machine | | check_machine | plan
	the machine the emulated counters model and the report prices
	(emu/src/machines.h: clovertown, the default, harpertown, or
	tigerton with 16 cores; bin/slubstats machines); vCPU counts above
	its cores get no emulated boots
--precision P% | precision | | check_precision | plan
	add whole squares until every comparison's 95% CI half-width is at
	most P% (or --max-rounds/--max-time)
--max-rounds N | max_rounds | 64 | opt_uint | plan
	with --precision: stop there (default: 64)
--max-time T | max_time | | check_duration | plan
	with --precision: no new square after T (e.g. 45m, 1h30m)
--retries N | retries | 2 | opt_count | plan
	boot again, up to N times, a boot that QEMU could not start, that
	was killed by a signal or that hung (default: 2); a panic or another
	build is a finding, never retried; every attempt is kept (raw/*.aN)
--shard I/N | shard | | check_shard | plan
	run shard I of N: the whole plan's balanced squares I, I+N, ...
	(whole rounds: every kernel at every vCPU count, so pairs stay on
	one host, and each shard balanced by itself), emulated boots I,
	I+N, ...; round 0 in shard 1; give every shard the same --seed;
	./run.sh merge joins them
--slub-knob NAME=V1,V2,... | slub_knob | | check_knob | plan
	a SLUB runtime knob as a factor: each kernel at each value, a label
	each (min_partial=2,5: head+mp2, head+mp5), balanced like kernels;
	set in the guest before the warm-up, read back into counters.csv
	(source knob); a value or cache the kernel refuses stops that boot
	(knob-refused). min_partial (0-1000), cpu_partial (0-10000, modern
	profile only); one knob a run
--knob-caches LIST | knob_caches | | check_caches | plan
	the caches the knob is set on (default: the hot caches)
--series N | series | 0 | opt_count | plan
	N series boots per kernel (default 0): the counting mode without
	the plugin, seeds 1..N, each the twin of the emulated boot of its
	seed but for a sampler of the hot caches' partial lists (length,
	slabs added and taken) in each run: series.csv, the report's
	"partial list over time" and what the sampler cost
--series-interval MS | series_interval | 20 | check_interval | plan
	the sampler's interval in guest ms (default 20; 10 to 1000)
--quick | @quick | | | plan
	a short plan for tests: head,tail, 2 rounds, groups 4, loops 50,
	one emulated-counters boot per kernel
--plan FILE | @read_plan_file | | | run
	a named plan (plans/NAME.conf): its lines are plan options, one a
	line with its value as on the command line, '#' comments; read as
	data and checked as the command line is; the command line may add
	options, not give one of the file's again; the run records the
	file's name and sha256, and its report says them
--variant NAME=PATCH | @add_variant | | | run
	build stock + PATCH as kernel NAME and add it to the plan (given
	again with --resume: a patch is never taken from a run directory)
--tree T | tree_opt | | opt_any | run
	kernels named without @TREE are tree T's: 6.12, or a user's
	[NAME=]DIR (kernels/build.sh --help; no slab from 6.8)
--jobs J | jobs | | check_jobs | run
	counting-mode boots at once (default: the host's cores; each takes
	one); timed boots always run alone
--no-partial-reports | partial_reports=0 | 1 | | run
	write no report between rounds (by default, after each timed round
	that more follow, report.txt and report.md are made of what is
	measured so far and marked partial: what Ctrl-C leaves)
--out DIR | out | | opt_any | run
	results directory (default: results/<run-id>)
--dry-run | dry=1 | 0 | | run
	print the plan, boot by boot, and build or boot nothing
--resume RUN | resume | | opt_nonempty | run
	finish an interrupted run (a run id or directory): only the missing
	boots
--retry-failed | retry_failed=1 | 0 | | run
	with --resume: boot again the boots that ended in a transient fault
	once their retries were spent
-h, --help | @bench_usage | | | run
	this help
EOF
)

# The table, read once: for each flag its action, argument and group
# (OPT_*), for each setting its default, check and the flag that takes its
# value (FLAG_OF, CHECK_OF), the flag of each KEY=VALUE or @FUNCTION
# action (SWITCH_OF);
# PLAN_KEYS in the table's order.
declare -A OPT_ACTION=() OPT_GROUP=() OPT_ARG=() FLAG_OF=() CHECK_OF=() SWITCH_OF=()
PLAN_KEYS=''
while IFS='|' read -r f a d c g; do
	[[ "$f" != $'\t'* ]] || continue
	read -r f arg <<<"$f"
	flags=$f
	if [[ "$f" == *, ]]; then flags="${f%,} $arg" arg=''; fi
	read -r a <<<"$a"
	read -r d <<<"$d" || true
	read -r c <<<"$c" || true
	read -r g <<<"$g"
	for x in $flags; do OPT_ACTION[$x]=$a OPT_GROUP[$x]=$g OPT_ARG[$x]=$arg; done
	k=${a%%=*}
	if [[ "$k" == @* ]]; then SWITCH_OF[$a]=$f; continue; fi
	if [ -n "$c" ]; then CHECK_OF[$k]=$c; fi
	if [ -n "$arg" ]; then FLAG_OF[$k]=$f; fi
	if [[ "$a" == *=* ]]; then SWITCH_OF[$a]=$f; fi
	printf -v "$k" %s "$d"
	if [ "$g" = plan ] && [[ " $PLAN_KEYS " != *" $k "* ]]; then PLAN_KEYS+="${PLAN_KEYS:+ }$k"; fi
done <<<"$BENCH_OPTIONS"
unset f a d c g x k arg flags
user_variants=() plan_variants=()

# set_opt KEY VALUE: one setting, checked by its table's CHECK; the command
# line and --resume's plan.json both come through here.
set_opt() {
	local k=$1 v=$2 check
	[ -n "${CHECK_OF[$k]:-}" ] || die "bug: unknown setting $k"
	read -r -a check <<<"${CHECK_OF[$k]}"
	opt_check "$k" "${check[0]}" "${FLAG_OF[$k]:-$k}" "$v" "${check[@]:1}"
}

# set_opt_at PREFIX SUFFIX KEY VALUE: set_opt, its refusal said as
# "PREFIX<the check's words>SUFFIX" (a plan file's line, a saved plan).
set_opt_at() {
	DIE_BEFORE=$1 DIE_AFTER=$2
	set_opt "$3" "$4"
	DIE_BEFORE='' DIE_AFTER=''
}

# parse_opts ARG...: the command line, into the settings; GIVEN[KEY]: the
# settings it gave.
declare -A GIVEN=()
parse_opts() {
	local a
	while [ $# -gt 0 ]; do
		a=${OPT_ACTION[$1]:-}
		[ -n "$a" ] || die "unknown option '$1' (see ./run.sh bench --help)"
		if [ -n "${OPT_ARG[$1]}" ]; then
			need_val "$@"
			if [[ "$a" == @* ]]; then "${a#@}" "$2"; else from_plan_check "$1" "$a"; set_opt "$a" "$2"; GIVEN[$a]=1; fi
			shift 2
		else
			if [[ "$a" == @* ]]; then "${a#@}"; else from_plan_check "$1" "${a%%=*}"; printf -v "${a%%=*}" %s "${a#*=}"; GIVEN[${a%%=*}]=1; fi
			shift
		fi
	done
}

# bench_usage: bench/run.sh's header with its "@OPTIONS@" line made from the
# table: each flag with its argument, then its help filled to 80 columns
# from column 22; exit 0.
bench_usage() {
	local line
	awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$SLUBBENCH_TOP/bench/run.sh" |
		while IFS= read -r line; do
			[ "$line" = "@OPTIONS@" ] || { printf '%s\n' "$line"; continue; }
			awk -F'|' '
				function flush(   n, w, i, l, out) {
					if (o == "") return
					n = split(h, w, " "); l = o
					for (i = 1; i <= n; i++) {
						if (length(l) + 1 + length(w[i]) > 80 && length(l) > 21) { print l; l = sprintf("%21s", "") w[i]; continue }
						l = l (length(l) == 21 || substr(l, length(l)) == " " ? "" : " ") w[i]
					}
					print l; o = ""; h = ""
				}
				/^\t/ { sub(/^\t/, ""); h = h " " $0; next }
				{ flush(); gsub(/^ +| +$/, "", $1); o = "  " $1; o = length(o) < 20 ? sprintf("%-21s", o) : o "  " }
				END { flush() }' <<<"$BENCH_OPTIONS"
		done
	exit 0
}
