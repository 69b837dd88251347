# shellcheck shell=bash disable=SC2034
# The bench's options, sourced by bench/run.sh: their table (bench/options.sh:
# each option, its setting, default, check and help, declared once), the
# checks no lib/opts.sh opt_* gives, the settings that only make sense
# together, and the saved plan.
# shellcheck source=lib/detboot.sh
. "$SLUBBENCH_TOP/lib/detboot.sh"
# shellcheck source=bench/options.sh
. "$SLUBBENCH_TOP/bench/options.sh"
# shellcheck source=bench/planfile.sh
. "$SLUBBENCH_TOP/bench/planfile.sh"
tree_name=''

# The checks of bench/options.sh's table: check_* OPT VALUE prints the
# value as it is kept, or fails with one line naming OPT. Each runs in a
# command substitution, which does not inherit errexit: every failure
# inside exits by itself.
check_kernels() { opt_list "$1" "$2" "one kernel (e.g. head,tail)" opt_name; }
check_groups() { opt_list "$1" "$2" "one group count (e.g. 10)" opt_uint; }
check_caches() { opt_list "$1" "$2" "one cache (e.g. skbuff_head_cache)" opt_name; }
check_seed() { [[ "$2" =~ ^[0-9]{1,19}$ ]] || die "$1 needs a whole number, not '$2'"; echo "$2"; }
# distinct_list OPT VALUE WHAT NONE CHECK...: VALUE's words (list_words),
# each as "CHECK... WORD" prints it, none twice ("OPT lists X twice: give
# each WHAT once"), space-separated; none at all: "OPT needs NONE".
distinct_list() {
	local opt=$1 v=$2 what=$3 none=$4 x out=''
	shift 4
	list_words "$v"
	for x in ${WORDS[@]+"${WORDS[@]}"}; do
		opt_check x "$@" "$x"
		case " $out " in *" $x "*) die "$opt lists $x twice: give each $what once" ;; esac
		out+="$x "
	done
	[ -n "$out" ] || die "$opt needs $none"
	echo "${out% }"
}
check_smp() { distinct_list "$1" "$2" "vCPU count" "a vCPU count, or a list such as 2,4,8" opt_uint "$1"; }
# uint_at_most OPT VALUE MAX WHAT: a positive whole number up to MAX, or
# "OPT VALUE is more than WHAT"
uint_at_most() {
	local x
	opt_check x opt_uint "$1" "$2"
	[ "$x" -le "$3" ] || die "$1 $x is more than $4"
	echo "$x"
}
check_windows() { uint_at_most "$1" "$2" "$EMU_MAX_WINDOWS" "the plugin's $EMU_MAX_WINDOWS windows a boot: use at most $EMU_MAX_WINDOWS"; }
# a name's form here; bench/run.sh checks it against the machine table
# (emu/src/machines.h, its one owner) once the tools are built
check_machine() {
	[[ "$2" =~ ^[a-z][a-z0-9_-]{0,31}$ ]] || die "$1 needs a machine's name such as clovertown (bin/slubstats machines), not '$2'"
	echo "$2"
}
check_jobs() { uint_at_most "$1" "$2" "$(nproc)" "this host's $(nproc) cores: each counting boot takes one"; }
# kept as the number (plan.json), given as P%
check_precision() {
	[[ "$2" =~ ^([0-9]+(\.[0-9]+)?)%$ ]] || die "$1 needs a percentage such as 2%, not '$2'"
	awk -v p="${2%\%}" 'BEGIN { exit !(p > 0 && p <= 50) }' || die "$1 $2 is out of range: use more than 0% and at most 50%"
	echo "${2%\%}"
}
check_shard() {
	[[ "$2" =~ ^([1-9][0-9]{0,3})/([1-9][0-9]{0,3})$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
		die "$1 takes I/N, shard I of N with 1 <= I <= N (e.g. 1/4), not '$2'"
	echo "$2"
}
check_duration() {
	[[ "$2" =~ ^([0-9]+h)?([0-9]+m)?([0-9]+s)?$ ]] && [ -n "$2" ] ||
		die "$1 needs a duration such as 45m, 1h30m or 90s, not '$2'"
	echo "$2"
}
check_interval() {
	local x
	opt_check x opt_uint "$1" "$2"
	[ "$x" -ge "$SERIES_MIN_MS" ] && [ "$x" -le "$SERIES_MAX_MS" ] ||
		die "$1 $x ms is out of range: use $SERIES_MIN_MS to $SERIES_MAX_MS ms (shorter: a sample takes about 1 ms of a vCPU; longer: a run of about 2 s gives too few samples)"
	echo "$x"
}
# one knob a run: a second --slub-knob on the command line is refused
check_knob() {
	[ -z "${GIVEN[slub_knob]:-}" ] || die "$1: one knob a run (already $slub_knob)"
	knob_spec "$2"
}
opt_any() { printf '%s\n' "$2"; }
opt_nonempty() { [ -n "$2" ] || die "$1 needs a run id or directory, not ''"; printf '%s\n' "$2"; }
# the actions of the table's @ entries
add_variant() { user_variants+=("$1"); }
quick() { kernels="head tail" rounds=2 groups=4 loops=50 prof=0 emulated=1 emulated_instructions=0; }

# SLUB's runtime knobs a plan may set (/sys/kernel/slab/CACHE/NAME) and the
# largest value each takes here: min_partial (empty slabs a node keeps) and
# cpu_partial (objects on per-CPU partial slabs: the modern profile only).
KNOB_MAX="min_partial=1000 cpu_partial=10000"
# knob_spec SPEC: NAME=V1,V2,... checked (a known knob, distinct whole
# numbers in its range), printed as NAME=V1,V2; else one line naming the
# allowed set.
knob_spec() {
	local name=${1%%=*} vals=${1#*=} max='' kv out='' names=''
	for kv in $KNOB_MAX; do
		names+="${names:+ or }${kv%%=*}"
		[ "${kv%%=*}" != "$name" ] || max=${kv#*=}
	done
	[[ "$1" == *=* ]] && [ -n "$max" ] || die "--slub-knob takes NAME=V1,V2,... with NAME $names, not '$1'"
	out=$(distinct_list "--slub-knob $name" "$vals" value "at least one value (e.g. $name=2,5)" knob_value "$name" "$max") || exit 1
	echo "$name=${out// /,}"
}
# knob_value NAME MAX X: X as a whole number from 0 to MAX (no leading zero)
knob_value() {
	[[ "$3" =~ ^[0-9]{1,9}$ ]] && [ "$3" -le "$2" ] || die "--slub-knob $1: '$3' is not a whole number from 0 to $2"
	echo $((10#$3))
}

# apply_tree: with --tree T, every kernel named without @TREE becomes T's
# (tree_name: T, a user's [NAME=]DIR registered here); the default kernels
# leave slab out where T has none, and say so; a slab asked for is refused.
apply_tree() {
	local k t out=''
	[ -z "$tree_opt" ] || tree_name=$(tree_resolve "$tree_opt")
	for k in $kernels; do
		# its tree (variant_tree, without a subshell a kernel)
		case "$k" in
		*@*) t=${k#*@} ;;
		*) t=${tree_name:-$DEFAULT_TREE}; [ "$t" = "$DEFAULT_TREE" ] || k+=@$t ;;
		esac
		tree_known "$t"
		if variant_is_slab "$k" && ! tree_has_slab "$(tree_kver "$t")"; then
			[ "$kernels" = "slab stock head tail" ] || die "--kernels $k: tree $t has no SLAB (removed in 6.8): leave it out"
			say bench "tree $t has no SLAB (removed in 6.8): the default kernels without slab"
			continue
		fi
		out+="$k "
	done
	kernels=${out% }
}

# check_opts: the settings that only make sense together.
check_opts() {
	[ -z "$max_time" ] || [ -n "$precision" ] || die "--max-time goes with --precision"
	[ "${slub_knob%%=*}" != cpu_partial ] || [ "$profile" = modern ] ||
		die "--slub-knob cpu_partial does nothing in the 2007 profile (no per-CPU partial slabs): use --profile modern, or min_partial"
	[ "$retry_failed" = 0 ] || [ -n "$resume" ] || die "--retry-failed goes with --resume"
	[ -z "$shard" ] || [ -z "$precision" ] ||
		die "--precision decides from every round's data: run it whole, not as --shard $shard"
	# a series boot is the twin of the emulated boot of its seed
	[ "$series" -le "$(emulated_boots)" ] ||
		die "--series $series needs as many counting-mode boots a kernel (seeds 1..$series, each a series boot's twin without the sampler): give --emulated-instructions $((series - emulated)) or fewer --series"
	# a quantum given under MTTCG (the default's is the counting mode's alone)
	[ -z "${GIVEN[quantum]:-}${FROM_PLAN[quantum]:-}" ] || [ "$emulated_mode" = det ] ||
		die "--quantum $quantum shapes the counting mode's schedule: drop --emulated-mode $emulated_mode (MTTCG runs the vCPUs in parallel)"
	[ "$series" = 0 ] || [ "$emulated_mode" = det ] ||
		die "--series runs in the counting mode: drop --emulated-mode $emulated_mode"
	# an emulated boot runs every configuration W times, one plugin window each
	list_words "$groups"
	local nw=$((emulated_windows * ${#WORDS[@]}))
	[ "$nw" -le "$EMU_MAX_WINDOWS" ] ||
		die "--emulated-windows $emulated_windows x ${#WORDS[@]} configurations is $nw windows a boot, more than the plugin's $EMU_MAX_WINDOWS: give fewer windows or groups"
	[ -z "$timeout" ] || [ "$(emulated_boots)" = 0 ] || [ "$timeout" -ge $((nw * EMU_WINDOW_MIN_SECONDS)) ] ||
		die "--timeout $timeout is too short for $nw emulated windows a boot (at least $EMU_WINDOW_MIN_SECONDS s each): give --timeout $((nw * EMU_WINDOW_MIN_SECONDS)) or more, or fewer --emulated-windows"
}

# emulated_boots: the counting-mode boots of each kernel (at each vCPU
# count): seeds 1..emulated with the cache model, then
# emulated_instructions more counting instructions alone (cache=off).
emulated_boots() { echo $((emulated + emulated_instructions)); }
# no_emulated: no boot under the plugin at all (and, as each is the twin of
# one, no series boot).
no_emulated() { emulated=0 emulated_instructions=0 series=0; }
# instructions_only SEED: whether the counting-mode boot of that seed
# counts instructions alone (the seeds after the cache model's)
instructions_only() { [ "$1" -gt "$emulated" ]; }
# emulated_tier SEED: what the plugin counts in that boot.
emulated_tier() { if instructions_only "$1"; then echo "instructions only"; else echo "cache model"; fi; }
# emulated_tiers: the same of the plan, for --dry-run.
emulated_tiers() {
	local t=''
	[ "$emulated" = 0 ] || t="$(seeds 1 "$emulated") with the cache model"
	[ "$emulated_instructions" = 0 ] || t+="${t:+, }$(seeds $((emulated + 1)) "$(emulated_boots)") instructions only"
	echo "$t"
}
# seeds A B: "seed A" or "seeds A-B".
seeds() { if [ "$1" = "$2" ]; then echo "seed $1"; else echo "seeds $1-$2"; fi; }
# counters_opts SEED: the plugin's arguments in that boot beyond boot.sh's.
counters_opts() {
	local o=''
	[ -z "$machine" ] || o=machine=$machine
	! instructions_only "$1" || o+="${o:+,}cache=off"
	echo "$o"
}

# ---- resume: the saved plan's known keys, checked as options are ---------
# (a shard's plan.json is the whole run's plan and its shard: bench/merge.sh
# compares the rest)
# (PLAN_KEYS: bench/options.sh's table) the defaults of the saved settings,
# before any option (plan_command)
declare -A PLAN_DEFAULT
for k in $PLAN_KEYS; do PLAN_DEFAULT[$k]=${!k}; done
# load_plan FILE: a saved plan's settings, each checked by set_opt; one line
# naming FILE and the setting when one breaks its rule.
load_plan() {
	local f=$1 k v
	jq -e 'type == "object"' "$f" >/dev/null 2>&1 || die "$f: not a JSON object; refusing this run"
	# runs made before a setting had none of what it adds
	emulated=0 emulated_instructions=0 quantum=inf
	# every key's value in one jq: a tab, line break or backslash in one
	# comes escaped (@tsv), which no setting's rule lets through
	while IFS=$'\t' read -r k v; do
		[ -n "$v" ] || continue
		[ "$k" != precision ] || v+=% # saved as the number (bench/run.sh)
		set_opt_at "$f: " "; refusing this run" "$k" "$v"
	done < <(jq -r --arg keys "$PLAN_KEYS" '. as $p | $keys | split(" ")[] | [., ($p[.] // "" | tostring)] | @tsv' "$f")
	# the variants' names only: a patch is never taken from a run directory
	jq -e '.variants // [] | type == "array"' "$f" >/dev/null || die "$f: variants is not a list; refusing this run"
	plan_variants=()
	while IFS= read -r v; do
		[[ "$v" =~ $NAME_RE ]] || die "$f: variant '$v' is not a valid name ($NAME_RULE); refusing this run"
		plan_variants+=("$v")
	done < <(jq -r '.variants // [] | .[] | tostring | split("=")[0]' "$f")
}
# plan_command RUN_ID: the command that makes the loaded plan again, from the
# checked settings (never a recorded command): each setting not its default
# (the quantum where the counting mode boots), variants by name, --out.
plan_command() {
	local k v cmd="./run.sh bench" name
	for k in $PLAN_KEYS; do
		v=${!k}
		[ "$v" != "${PLAN_DEFAULT[$k]}" ] || continue
		case "$k" in
		emulated | emulated_instructions) [ "$(emulated_boots)" = 0 ] || cmd+=" ${FLAG_OF[$k]} $v" ;;
		quantum) [ "$(emulated_boots)" = 0 ] || [ "$emulated_mode" != det ] || cmd+=" ${FLAG_OF[$k]} $v" ;;
		precision) cmd+=" ${FLAG_OF[$k]} $v%" ;;
		*)
			# a switch's value by the switch; a list comma-separated
			if [ -n "${SWITCH_OF[$k=$v]:-}" ]; then cmd+=" ${SWITCH_OF[$k=$v]}"; else cmd+=" ${FLAG_OF[$k]} ${v// /,}"; fi ;;
		esac
	done
	[ "$(emulated_boots)" != 0 ] || cmd+=" ${SWITCH_OF[@no_emulated]}"
	for name in ${plan_variants[@]+"${plan_variants[@]}"}; do cmd+=" --variant $name=PATCH"; done
	echo "$cmd --out results/$1"
}
# read_saved_plan: --resume's run directory (out) and its plan's settings.
read_saved_plan() {
	[ -z "$PLAN_FILE" ] || die "--plan and --resume: a run's plan is its plan.json; drop --plan"
	out=$(run_dir_of "$resume")
	[ -f "$out/plan.json" ] || die "no run to resume at $out (no plan.json)"
	check_run_dir "$out" plan.json >/dev/null
	load_plan "$out/plan.json"
	# A patch is never taken from a run directory (it would be applied and
	# built): each variant the run was made with is given again on the
	# command line; its build is then checked against the run's (build id).
	local name given
	for name in ${plan_variants[@]+"${plan_variants[@]}"}; do
		given=
		for x in ${user_variants[@]+"${user_variants[@]}"}; do [ "${x%%=*}" = "$name" ] && given=$x; done
		[ -n "$given" ] || die "run $(basename "$out") was made with --variant $name=PATCH: give it again with --resume (a patch is never taken from a run directory)"
	done
	for x in ${user_variants[@]+"${user_variants[@]}"}; do
		case " ${plan_variants[*]} " in *" ${x%%=*} "*) ;; *)
			die "--variant ${x%%=*}: run $(basename "$out") was not made with it (a resumed run keeps its kernels)" ;;
		esac
	done
	say bench "resuming $(basename "$out")"
}

# default_opts: what was left unsaid, decided and checked before anything
# is built.
default_opts() {
	local cpus
	cpus=$(nproc)
	[ -n "$seed" ] || seed=$EPOCHSECONDS
	[ -n "$smp" ] || { smp=$cpus; [ "$smp" -ge 2 ] || smp=2; }
	[ -n "$jobs" ] || jobs=$cpus
	# every vCPU count fits the guest kernel and memory, before anything is built
	local x
	for x in $smp; do guest_fits "$SLUBBENCH_TOP/kernels/-" "$x" "${mem:-$(default_mem "$x")}"; done
}

