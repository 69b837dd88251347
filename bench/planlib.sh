# shellcheck shell=bash
# The bench's plan, sourced by bench/run.sh: the order of the timed boots
# (bin/slubplan, the one owner of the design), the vCPU counts as a
# factor of the plan, and the plan as --dry-run prints it.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g block configs count design design_used emu_smp emulated_mode \
	emulated_windows jobs kernels labels max_rounds max_time precision prof profile rounds seed \
	series series_interval shard smp user_variants

# KERNEL_PRESETS: "NAME:VARIANT:KNOB=VALUE" each, a kernel label that boots
# VARIANT with the knob set (set_labels).
KERNEL_PRESETS="2.6.23:head:min_partial=2"

# set_labels: labels, one a kernel of the plan, and variant_of[LABEL]: a
# variant listed twice runs twice, as NAME and NAME.2 (A/A). With
# --slub-knob NAME=V1,V2 each kernel runs at each value, a label each
# (min_partial=2,5: head+mp2, head+mp5; knob_abbrev), and knob_of[LABEL] is
# NAME=V (the manifest and the report's provenance say it in full).
# A preset kernel is a variant with a knob of its own: 2.6.23 (2.6.23@TREE: of TREE), the "before"
# of 2007 with both halves of commit 76be8950 undone (head insertion, and
# MIN_PARTIAL back from 5 to 2).
# shellcheck disable=SC2034 # variant_of and knob_of: read by run.sh and runlib.sh
set_labels() {
	local k l i v p kl name variant knob abbrev
	local -A base=()
	labels=()
	declare -gA variant_of=() knob_of=()
	[ -z "$slub_knob" ] || abbrev=$(knob_abbrev)
	for k in $kernels; do
		l=$k i=1
		while [ -n "${base[$l]:-}" ]; do i=$((i + 1)); l=$k.$i; done
		base[$l]=1
		for p in $KERNEL_PRESETS; do
			IFS=: read -r name variant knob <<<"$p"
			# a preset of a tree (2.6.23@6.12): its variant of that tree
			[ "$name" = "${k%%@*}" ] || continue
			[[ "$k" != *@* ]] || variant+=@${k#*@}
			[ -z "$slub_knob" ] ||
				die "--slub-knob $slub_knob with the preset $k (which sets $knob itself): one knob a boot; run them apart"
			variant_of[$l]=$variant knob_of[$l]=$knob
			labels+=("$l")
			continue 2
		done
		if [ -z "$slub_knob" ]; then
			variant_of[$l]=$k
			labels+=("$l")
			continue
		fi
		list_words "${slub_knob#*=}"
		for v in "${WORDS[@]}"; do
			kl=$l+$abbrev$v
			variant_of[$kl]=$k knob_of[$kl]=${slub_knob%%=*}=$v
			labels+=("$kl")
		done
	done
}

# knob_cache_list [LABEL]: the caches a knob is set on (--knob-caches;
# default LABEL's hot caches)
knob_cache_list() { echo "${knob_caches:-$(label_caches "${1:-}")}"; }

# label_caches LABEL: the hot caches of LABEL's kernel, by its tree
# (tree_hot_caches); HOT_CACHES for what is not a kernel of the plan (a
# bisect's step, the plan's knob line).
label_caches() {
	local v=''
	[ -z "$1" ] || v=${variant_of[$1]:-}
	if [ -n "$v" ]; then tree_hot_caches "$(tree_kver "$(variant_tree "$v")")"; else echo "$HOT_CACHES"; fi
}

# knob_abbrev: the plan's knob in a label, its words' initials (min_partial:
# mp), so that labels fit the report's columns.
knob_abbrev() {
	local w out=''
	local IFS=_
	for w in ${slub_knob%%=*}; do out+=${w:0:1}; done
	echo "$out"
}

# plan_args: slubplan's description of this plan (kernels, vCPU counts, design).
plan_args() {
	printf '%s\n' --kernels "$(IFS=,; echo "${labels[*]}")" --smp "${smp// /,}" --design "$design"
}

# schedule ROUNDS: the timed rounds' order, "round,position,kernel,square,vcpus".
schedule() {
	local a
	mapfile -t a < <(plan_args)
	"$TOOLS_BIN/slubplan" "${a[@]}" --rounds "$1" --seed "$seed"
}

# plan_block: the rounds of one balanced square, what --precision adds at a
# time (1 for a random design).
plan_block() {
	local a
	mapfile -t a < <(plan_args)
	"$TOOLS_BIN/slubplan" "${a[@]}" --block
}

# several_smp: true when the plan has more than one vCPU count.
several_smp() {
	local -a w
	read -ra w <<<"$smp"
	[ "${#w[@]}" -gt 1 ]
}

# smp_tag VCPUS: what tells boots of VCPUS apart in names (raw/rNN-vV-LABEL):
# nothing when the plan has one vCPU count (names as they always were).
smp_tag() {
	several_smp && echo "$1" || true
}

# emulated_smp: the plan's vCPU counts the slubcount plugin can model.
emulated_smp() {
	local x
	for x in $smp; do [ "$x" -gt "$EMU_MAX_VCPUS" ] || printf '%s ' "$x"; done
}

# guest_plan FILE KIND VCPUS LABEL: the guest's plan for a timed,
# counting or emulated-counters boot at VCPUS of kernel LABEL (its knob, if
# any), written by bench/bootlib.sh's write_guest_plan. A timed boot only
# times: no perf in it, ever.
guest_plan() {
	local f=$1 kind=$2 x=$3 l=$4 set=()
	case "$kind" in
	count) set=(COUNT="$count" PROFILE="$prof") ;;
	emulated) set=(EMULATED=1 WINDOWS="$emulated_windows") ;;
	# an emulated boot's plan but for the sampler: the twin of its seed's
	series) set=(EMULATED=1 WINDOWS="$emulated_windows" SERIES="$series_interval") ;;
	*) set=(TIMED=1) ;;
	esac
	write_guest_plan "$f" CONFIGS="$configs" "${set[@]}" CACHES="$(label_caches "$l")" \
		FIRST_CONFIG="$(first_config "$x")" KNOB="${knob_of[$l]:-}" KNOB_CACHES="$(knob_cache_list "$l")"
}

# first_config VCPUS: the number of the first hackbench configuration of a
# boot at VCPUS: each vCPU count's configurations are numbered apart
# (c1.. for the first count, then on), as the machine is part of what ran.
first_config() {
	local i=0 x n
	n=$(wc -w <<<"$configs")
	for x in $smp; do
		[ "$x" = "$1" ] && { echo $((i * n + 1)); return 0; }
		i=$((i + 1))
	done
	die "bug: $1 vCPUs are not in the plan ($smp)"
}

# in_shard ROUND: ROUND (0: the counting round; an emulated repetition
# too) is this shard's: every round without --shard; with --shard I/N,
# the rounds of balanced squares I, I+N, I+2N, ... (plan_block rounds a
# square: each shard balanced on its own host), and round 0 in shard 1.
# Emulated repetitions go round-robin: I, I+N, ...
in_shard() {
	[ -n "$shard" ] || return 0
	local i=${shard%/*} n=${shard#*/} b=${2:-$block}
	if [ "$1" = 0 ]; then [ "$i" = 1 ]; else [ $((($1 - 1) / b % n)) = $((i - 1)) ]; fi
}

# shard_count N [BLOCK]: how many of rounds 1..N are this shard's.
shard_count() {
	local r c=0
	for ((r = 1; r <= $1; r++)); do in_shard "$r" "${2:-$block}" && c=$((c + 1)); done
	echo "$c"
}

# counting_mode_boots: this shard's emulated boots, then its series boots
# (--series: after the boots they are the twins of), "SEED POSITION LABEL
# KIND VCPUS" a line. Boot e of the kernels starts at kernel e (a cyclic
# order: each kernel in each position equally often over nk boots), so
# that under MTTCG no kernel always comes first. Uses emu_smp.
counting_mode_boots() {
	local kind e i k x last nk=${#labels[@]}
	for kind in emulated series; do
		last=$series
		[ "$kind" = series ] || last=$(emulated_boots)
		for ((e = 1; e <= last; e++)); do
			in_shard "$e" 1 || continue
			i=0
			for x in $emu_smp; do
				for ((k = 0; k < nk; k++)); do
					i=$((i + 1))
					echo "$e $i ${labels[(k + e - 1) % nk]} $kind $x"
				done
			done
		done
	done
}

# first_seed_boots "LABEL..." BOOT...: of counting_mode_boots' BOOTs
# ("ROUND POSITION LABEL KIND VCPUS", seed by seed), the first seed's
# emulated boots of those LABELs ("": of every label), in order
first_seed_boots() {
	local want=" $1 " b r l kind first=
	shift
	for b in "$@"; do
		read -r r _ l kind _ <<<"$b"
		[ "$kind" = emulated ] || continue
		first=${first:-$r}
		[ "$r" = "$first" ] || break
		case "$want" in "  " | *" $l "*) echo "$b" ;; esac
	done
}

# print_plan SCHEDULE: the plan, boot by boot (--dry-run).
print_plan() {
	local at='' cnt='' e n
	several_smp && at=" at each of ${smp// /, } vCPUs"
	echo "plan: ${#labels[@]} kernels x $rounds rounds ($design_used design, seed $seed); configs: $configs; vCPUs: ${smp// /, }"
	[ -z "$slub_knob" ] || echo "knob: ${slub_knob%%=*} = ${slub_knob#*=} (each kernel at each value, a label each), set in the guest on $(knob_cache_list) before the warm-up and read back"
	local l t trees=''
	for l in "${labels[@]}"; do
		t=${variant_of[$l]}
		case "$t" in *@*) t=${t#*@} ;; *) t=$DEFAULT_TREE ;; esac
		case " $trees " in *" $t "*) ;; *) trees+="$t " ;; esac
	done
	# the builds of each tree, when a plan has more than the default tree
	[ "$trees" = "$DEFAULT_TREE " ] || for t in $trees; do
		echo "tree $t: $(tree_desc "$t"): builds $(for l in "${labels[@]}"; do [ "$(variant_tree "${variant_of[$l]}")" = "$t" ] && echo "${variant_of[$l]}"; done | sort -u | tr '\n' ' ')($profile profile)"
	done
	for l in "${labels[@]}"; do
		[ -n "$slub_knob" ] || [ -z "${knob_of[$l]:-}" ] ||
			echo "kernel $l: ${variant_of[$l]} with ${knob_of[$l]} set in the guest on $(knob_cache_list "$l") (a preset)"
	done
	[ -z "$shard" ] || echo "shard $shard: timed rounds $(for ((r = 1; r <= rounds; r++)); do in_shard "$r" && printf '%s ' "$r"; done)(of $rounds), on this host"
	if { [ "$count" = 1 ] || [ "$prof" = 1 ]; } && in_shard 0; then
		[ "$count" = 1 ] && cnt="perf stat counting"
		[ "$count$prof" = 11 ] && cnt+=", "
		[ "$prof" = 1 ] && cnt+="perf record"
		echo "round 0 (untimed: $cnt): ${labels[*]}$at"
	fi
	n=$(shard_count "$(emulated_boots)" 1)
	if [ "$n" != 0 ]; then
		e=$(emulated_smp)
		e=${e% }
		echo "emulated counters (untimed, TCG + slubcount plugin): $n boot(s) each of ${labels[*]} ($(emulated_tiers))$([ "$emulated_windows" = 1 ] || echo ", $emulated_windows windows of each configuration a boot")$(several_smp && echo " at each of ${e// /, } vCPUs")$([ "$emulated_mode" = det ] && echo ", counting mode (QEMU 10, icount, boot e with seed e), $jobs at a time" || echo ", MTTCG")"
		[ "$e" = "$smp" ] || echo "  (none above $EMU_MAX_VCPUS vCPUs: the plugin models at most $EMU_MAX_VCPUS, the cores of its machine)"
	fi
	n=$(shard_count "$series" 1)
	[ "$n" = 0 ] || echo "series (untimed, counting mode, no plugin): $n boot(s) each of ${labels[*]} ($(seeds 1 "$series")), the hot caches' partial lists sampled every $series_interval ms in each run; each the twin of the emulated boot of its seed, but for the sampler"
	several_smp && echo "(each timed boot: KERNEL@VCPUS)"
	csv_rows <(echo "$1") round kernel vcpus | while IFS='|' read -r r k x; do ! in_shard "$r" || echo "$r|$k|$x"; done |
		awk -F'|' -v many="$(several_smp && echo 1)" '
		$1 != r { if (r) print line; r = $1; line = sprintf("round %s (timed):", r) }
		{ line = line " " $2 (many ? "@" $3 : "") } END { print line }'
	[ -z "$precision" ] || echo "then whole squares until every 95% CI half-width <= $precision% (at most $max_rounds rounds${max_time:+, no new square after $max_time})"
	# the report's Reproduce line, as the run's plan.json will give it
	local uv plan_variants=()
	for uv in ${user_variants[@]+"${user_variants[@]}"}; do plan_variants+=("${uv%%=*}"); done
	echo "reproduce: $(plan_command "$(basename "${out:-RUN-ID}")")"
	[ -z "$PLAN_FILE" ] || echo "plan file: $PLAN_FILE, sha256 $PLAN_FILE_SHA256"
}

# duration_secs T: a --max-time duration (1h30m, 45m, 90s) in seconds.
duration_secs() {
	awk -v t="$1" 'BEGIN { s = 0; m = t
		while (match(m, /^[0-9]+[hms]/)) { v = substr(m, 1, RLENGTH - 1); u = substr(m, RLENGTH, 1)
			s += v * (u == "h" ? 3600 : u == "m" ? 60 : 1); m = substr(m, RLENGTH + 1) } print s }'
}
