# shellcheck shell=bash
# The bisect's pieces, sourced by bisect/run.sh after lib/common.sh and
# lib/rundir.sh: the changes (a series read and checked here, a git range
# in bisect/gitrange.sh), the settings saved and read back, one step's
# boot (build, boot, collect, its value, its row).
#
# The changes, whichever their kind: CHANGE_NAMES (a patch's file name, a
# commit's abbreviation), CHANGE_IDS (a patch's sha256, a commit's id: what
# a resumed bisect must find again) and CHANGE_SUBJECTS, oldest first.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g end_boots groups loops max_boots mode nsteps series_file smp
# shellcheck source=bisect/gitrange.sh
. "$SLUBBENCH_TOP/bisect/gitrange.sh"
# shellcheck source=lib/detboot.sh
. "$SLUBBENCH_TOP/lib/detboot.sh"
# shellcheck source=bench/bootlib.sh
. "$SLUBBENCH_TOP/bench/bootlib.sh"

# The counts a bisect may tell steps apart by (SLUB's statistics in the
# counting mode, per 1000 messages; add_partial as src/stats/stats_groups.c sums it)
BISECT_METRICS="add_partial alloc_from_partial free_add_partial free_remove_partial free_slab alloc_slab alloc_slowpath free_slowpath"

# metric_ok M: a metric of BISECT_METRICS, or fail naming them.
metric_ok() {
	case " $BISECT_METRICS " in *" $1 "*) echo "$1" ;; *) die "--metric takes one of ${BISECT_METRICS// /, }, not '$1'" ;; esac
}

# factor_ok F: a factor the ends must differ by (1.01 to 1000), or fail.
factor_ok() {
	[[ "$1" =~ ^[0-9]{1,4}(\.[0-9]{1,6})?$ ]] && awk -v f="$1" 'BEGIN { exit !(f >= 1.01 && f <= 1000) }' ||
		die "--factor needs a number from 1.01 to 1000 such as 1.5, not '$1'"
	echo "$1"
}

# log2_up N: how many halvings leave one of N (ceil(log2 N)).
log2_up() { local n=$1 s=0; while [ "$n" -gt 1 ]; do n=$(((n + 1) / 2)) s=$((s + 1)); done; echo "$s"; }

# patch_subject FILE: its Subject (a folded header unfolded), less "[PATCH n/m] ".
patch_subject() {
	awk '/^Subject: / { s = $0; f = 1; next } f && /^[ \t]/ { s = s $0; next } f { exit } END {
		sub(/^Subject: (\[[^]]*\] )?/, "", s); gsub(/[ \t]+/, " ", s); print s }' "$1"
}

# read_series FILE: PATCHES (paths) and the changes they are, in order;
# one line naming what is wrong with FILE, before anything runs.
read_series() {
	local f=$1 dir line n=0
	[ -f "$f" ] || die "--series $f: no such file (a quilt series: patch file names, one a line)"
	dir=$(dirname "$f")
	PATCHES=() CHANGE_NAMES=() CHANGE_IDS=() CHANGE_SUBJECTS=()
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%%#*}
		line=${line//[[:space:]]/}
		[ -n "$line" ] || continue
		[[ "$line" =~ ^[A-Za-z0-9_.+/-]{1,200}$ ]] || die "--series $f, line $n: '$line' is not a patch file name"
		[ -f "$dir/$line" ] || die "--series $f, line $n: patch $line is missing (no $dir/$line)"
		grep -q '^+++ ' "$dir/$line" || die "--series $f, line $n: $line is not a patch (no +++ line)"
		PATCHES+=("$(realpath "$dir/$line")") CHANGE_NAMES+=("$line") CHANGE_IDS+=("$(sha256 "$dir/$line")")
		CHANGE_SUBJECTS+=("$(patch_subject "$dir/$line")")
	done <"$f"
	[ ${#PATCHES[@]} -ge 1 ] || die "--series $f names no patch"
	[ ${#PATCHES[@]} -le 1000 ] || die "--series $f names ${#PATCHES[@]} patches: at most 1000"
}

# step0_name: what step 0 is (the series' stock, the range's good commit).
step0_name() { if [ "$mode" = git ]; then echo "${GOOD:0:12}"; else echo stock; fi; }

# write_settings FILE: the bisect's settings and its changes.
write_settings() {
	jq -n --arg mode "$mode" --arg tree "$tree" --arg series "$series_file" --arg tree_dir "${RANGE_DIR:-}" \
		--arg good "${GOOD:-}" --arg bad "${BAD:-}" --arg metric "$metric" --arg factor "$factor" --argjson end_boots "$end_boots" \
		--argjson max_boots "$max_boots" --argjson seed "$seed" --arg profile "$profile" --argjson groups "$groups" \
		--argjson loops "$loops" --argjson smp "$smp" --arg quantum "$quantum" --arg git "$(git -C "$SLUBBENCH_TOP" describe --always --dirty 2>/dev/null || echo unknown)" \
		--argjson changes "$(for i in "${!CHANGE_IDS[@]}"; do jq -n --arg n "${CHANGE_NAMES[i]}" --arg s "${CHANGE_IDS[i]}" \
			--arg t "${CHANGE_SUBJECTS[i]}" '{name: $n, id: $s, subject: $t}'; done | jq -s .)" \
		'{mode: $mode, tree: $tree, series: $series, tree_dir: $tree_dir, good: $good, bad: $bad, metric: $metric,
		  factor: $factor, end_boots: $end_boots, max_boots: $max_boots, seed: $seed, profile: $profile, groups: $groups,
		  loops: $loops, smp: $smp, quantum: $quantum, slubbench_git: $git, changes: $changes}' >"$1.tmp"
	mv "$1.tmp" "$1"
}

# resume_settings DIR: the settings of DIR's bisect, each checked as its
# option is (DIR is untrusted input); its changes must be those given
# again (--series FILE, or --tree DIR --good --bad), its tree one known.
resume_settings() {
	local j=$1/bisect.json k v
	check_dir_files "$1" "a bisect"
	jq -e 'type == "object" and (.changes | type == "array")' "$j" >/dev/null 2>&1 || die "$j: not a bisect's settings; refusing it"
	# a bisect begun before the quantum had icount's turns alone
	quantum=inf
	for k in mode tree metric factor end_boots max_boots seed profile groups loops smp quantum; do
		v=$(jq -r --arg k "$k" '.[$k] | tostring' "$j")
		[ "$k" != quantum ] || [ "$v" != null ] || continue
		case "$k" in
		mode) [ "$v" = "$mode" ] || die "$1 bisects $(printf %q "$v"), not a $mode: give it again as it began (see its bisect.json)" ;;
		tree) [ "$mode" = git ] || { [[ "$v" =~ ^[a-z0-9][a-z0-9_.-]{0,31}$ ]] || die "$j: tree '$(printf %q "$v")' is not a tree's name"; tree_known "$v"; tree=$v; } ;;
		metric) metric=$(metric_ok "$v") ;;
		factor) factor=$(factor_ok "$v") ;;
		profile) profile=$(opt_choice "$j: profile" "$v" 2007 modern) ;;
		seed) det_seed_ok "$v" || die "$j: seed '$v' is not a whole number"; seed=$v ;;
		quantum) quantum=$(det_quantum "$j: quantum" "$v") ;;
		*)
			# an assignment of its own: a refusal inside $(...) ends the run
			v=$(opt_uint "$j: $k" "$v")
			printf -v "$k" %s "$v" ;;
		esac
	done
	[ "$(jq -r '.changes | map(if type == "object" then .id | tostring else "" end) | join(" ")' "$j" 2>/dev/null)" = "${CHANGE_IDS[*]}" ] ||
		die "$(changes_desc) are not the changes $1 began with: start a new bisect"
	check_csv "$1/steps.csv" >/dev/null
}

# changes_desc: the changes given, in words (for messages).
changes_desc() {
	if [ "$mode" = git ]; then echo "the commits of $GOOD..$BAD in $RANGE_DIR"; else echo "the patches of --series $series_file"; fi
}

# resume_hint DIR: the command that goes on with the bisect in DIR.
resume_hint() {
	if [ "$mode" = git ]; then
		echo "./run.sh bisect --resume $1 --tree $RANGE_DIR --good $GOOD --bad $BAD"
	else
		echo "./run.sh bisect --resume $1 --series $series_file"
	fi
}

# step_variant K: the kernel of step K, built if need be (series: stock +
# the first K patches, named by their content, on the series' tree; git:
# the tree at the step's commit); STEP_VARIANT, or fail.
step_variant() {
	local k=$1 list='' i
	[ "$mode" = series ] || { range_step_variant "$k"; return; }
	STEP_VARIANT=stock$(tree_suffix "$tree")
	if [ "$k" -gt 0 ]; then
		for ((i = 0; i < k; i++)); do list+="${list:+,}${PATCHES[i]}"; done
		STEP_VARIANT=bs-$(printf '%s\n' "${CHANGE_IDS[@]:0:k}" | sha256sum | cut -c1-12)$(tree_suffix "$tree")
		"$SLUBBENCH_TOP/kernels/build.sh" --profile "$profile" --variant "$STEP_VARIANT=$list" "$STEP_VARIANT" >&2 || return 1
	else
		"$SLUBBENCH_TOP/kernels/build.sh" --profile "$profile" "$STEP_VARIANT" >&2 || return 1
	fi
}

# boots_of K: the boots step K has had (its rows of steps.csv); values_of
# K: those that gave a value
boots_of() { csv_rows "$out/steps.csv" step | grep -cx "$1" || true; }
values_of() { csv_rows "$out/steps.csv" step result value | grep -c "^$1|finished|." || true; }

# build_step K: step K's kernel (STEP_VARIANT), or its remaining boots
# written as failed (a step that does not build is skipped) and fail.
build_step() {
	local k=$1 b
	step_variant "$k" && return 0
	for ((b = $(boots_of "$k") + 1; b <= max_boots; b++)); do
		csv_row "$BISECT_HDR" step="$k" variant="$STEP_VARIANT" build_id= boot="$b" seed= value= result=build-failed
	done >>"$out/steps.csv"
	say bisect "  step $k does not build: skipped"
	return 1
}

# boot_one K B VARIANT: boot B of step K (seed S + B - 1) of the built
# VARIANT, collected, its value read; its row appended to steps.csv in one
# write (boots of the ends run at once).
boot_one() {
	local k=$1 b=$2 v=$3 s d kd id value='' result what caches
	s=$((seed + b - 1))
	d=$out/raw/step$(printf %04d "$k")-b$b
	what=$(step0_name)
	[ "$k" = 0 ] || what=${CHANGE_NAMES[k - 1]}
	say bisect "step $k/$((nsteps - 1)) ($what): boot $b, seed $s${4:-}"
	kd=$(kernel_dir "$v" "$profile")
	id=$(jq -r .build_id "$kd/manifest.json")
	rm -rf "$d" && mkdir -p "$d"
	# a counting-mode boot of one configuration, one window, no knob; the
	# guest's hot caches are its tree's
	caches=$(tree_hot_caches "$(tree_kver "$(variant_tree "$v")")")
	write_guest_plan "$d/plan-in.sh" CONFIGS="socket:process:$groups:$loops:20:100" EMULATED=1 \
		CACHES="$caches" KNOB_CACHES="$caches"
	SAY_AS=bisect boot_kernel "$d" step "$b" "$profile" "$kd" "$id" --smp "$smp" --mem "$(default_mem "$smp")" \
		--timeout "$(emulated_timeout "$smp" 1)" --det "$s" --quantum "$quantum"
	result=$BOOT_RESULT
	if [ "$result" = finished ] && [ -s "$d/counters.csv" ]; then
		value=$("$S" mechanism "$d/counters.csv" "$d/hackbench.csv" --caches "${HOT_CACHES// /,}" --kind emulated |
			csv_get /dev/stdin per_1000_messages kernel=step config=c1 cache=all counter="$metric" 2>/dev/null || true)
		[ -n "$value" ] || result=no-value
	fi
	csv_row "$BISECT_HDR" step="$k" variant="$v" build_id="$id" boot="$b" seed="$s" value="$value" result="$result" >>"$out/steps.csv"
	say bisect "  step $k, boot $b: $metric per 1000 messages ${value:-none} ($result)"
}

# boot_step K NOTE: one more boot of step K.
boot_step() {
	build_step "$1" || return 0
	boot_one "$1" "$(($(boots_of "$1") + 1))" "$STEP_VARIANT" "$2"
}

# ends_at_once: each end's missing values, the host's cores at a time (a
# counting-mode boot takes one core, and its counts do not depend on what
# runs beside it), within its max_boots.
ends_at_once() {
	local k b last pids=() j
	j=$(nproc)
	for k in 0 $((nsteps - 1)); do
		build_step "$k" || continue
		last=$(($(boots_of "$k") + end_boots - $(values_of "$k")))
		[ "$last" -le "$max_boots" ] || last=$max_boots
		for ((b = $(boots_of "$k") + 1; b <= last; b++)); do
			boot_one "$k" "$b" "$STEP_VARIANT" &
			pids+=($!)
			[ ${#pids[@]} -lt "$j" ] || { wait "${pids[@]}" || true; pids=(); }
		done
	done
	[ ${#pids[@]} -eq 0 ] || wait "${pids[@]}" || true
}
