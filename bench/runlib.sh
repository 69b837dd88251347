# shellcheck shell=bash disable=SC2034
# The bench's bookkeeping, sourced by bench/run.sh: one boot end to end,
# the run's CSVs joined from every boot's fragments, the manifest.
# Uses planlib.sh.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g accel configs count design_used emulated_mode emulated_windows expected_boots git_state labels mem \
	out prof profile retries rounds run_id series series_interval smp timeout variant_of
# shellcheck source=bench/bootlib.sh
. "$SLUBBENCH_TOP/bench/bootlib.sh"

# boot_fragment DIR ROUND POSITION LABEL VCPUS KIND ATTEMPT HOST START WALL
# RESULT SEED HOST_LOAD: DIR/boots.csv. SEED: the counting mode's (empty
# under MTTCG); HOST_LOAD: other work's cores busy during the boot
# (lib/hostload.sh; empty when the boot did not run).
boot_fragment() {
	local d=$1
	shift
	{
		echo "$BOOTS_HDR"
		(IFS=,; echo "$*")
	} >"$d/boots.csv.tmp"
	mv "$d/boots.csv.tmp" "$d/boots.csv"
}

# join_csv: the run's CSVs from every boot's fragments, each with the header
# its writer gave it (idempotent; written through a temporary file). One
# find for all, one awk a CSV: a run of a hundred boots joins after every
# boot, and a process a fragment made that quadratic.
join_csv() {
	local f x bad raw=$out/raw names=() all=() frags=()
	# (./ before a relative path: awk takes "NAME=..." for an assignment)
	[[ "$raw" == /* ]] || raw=./$raw
	for f in $RUN_CSVS; do names+=(-o -name "$f.csv"); done
	mapfile -t all < <(find "$raw" \( "${names[@]:1}" \) | sort)
	for f in $RUN_CSVS; do
		frags=()
		for x in ${all[@]+"${all[@]}"}; do [ "${x##*/}" != "$f.csv" ] || frags+=("$x"); done
		[ ${#frags[@]} -gt 0 ] || continue
		# the first fragment's header, then every fragment's rows; a
		# fragment with another header, or none, is named and stops it
		bad=$(awk 'FNR == 1 { seen[FILENAME] = 1; if (++n == 1) { hdr = $0; print; next }
				if ($0 != hdr) { bad = FILENAME; exit 1 } next }
			{ print }
			END { if (bad == "") for (i = 1; i < ARGC; i++) if (!(ARGV[i] in seen)) { bad = ARGV[i]; break }
				if (bad != "") { print bad > "/dev/stderr"; exit 1 } }' "${frags[@]}" 2>&1 >"$out/$f.csv.tmp") ||
			die "$bad: header differs from ${frags[0]}'s (fragments of two versions?)"
		mv "$out/$f.csv.tmp" "$out/$f.csv"
	done
}

# publish_boot DIR: one finished boot's slabinfo snapshots, perf reports and
# console log at the run's top level.
publish_boot() {
	local d=$1 b
	b=$(basename "$d")
	mkdir -p "$out/slabinfo" "$out/perf" "$out/logs"
	[ -f "$d/slabinfo-before.txt" ] && cp "$d/slabinfo-before.txt" "$out/slabinfo/$b-before.txt"
	[ -f "$d/slabinfo-after.txt" ] && cp "$d/slabinfo-after.txt" "$out/slabinfo/$b-after.txt"
	[ -d "$d/perf" ] && { mkdir -p "$out/perf/$b"; cp "$d"/perf/*.txt "$out/perf/$b/" 2>/dev/null || true; }
	[ -f "$d/serial.log" ] && cp "$d/serial.log" "$out/logs/$b-serial.log"
	return 0
}

# boot_dir ROUND LABEL KIND VCPUS: where one boot's raw output goes.
boot_dir() {
	echo "$out/raw/$(boot_name "$1" "$2" "$3" "$(smp_tag "$4")")"
}

# attempt_boot DIR ROUND POSITION LABEL KIND VCPUS ATTEMPT: one attempt: boot,
# collect, and the boot's row of boots.csv; BOOT_RESULT: its result.
attempt_boot() {
	local d=$1 r=$2 pos=$3 l=$4 kind=$5 x=$6 attempt=$7 start t0 emu=() limit copts=
	rm -rf "$d" && mkdir -p "$d"
	limit=${timeout:-$(default_timeout "$x")}
	[ "$kind" != emulated ] || emu=(--counters)
	[ "$kind" != emulated ] || [ -n "$timeout" ] || limit=$(emulated_timeout "$x" $((emulated_windows * $(wc -w <<<"$configs"))))
	[ "$kind" != emulated ] || [ "$emulated_mode" != det ] || emu+=(--det "$r")
	# a series boot: the counting mode without the plugin
	[ "$kind" != series ] || { emu=(--det "$r"); [ -n "$timeout" ] || limit=$(emulated_timeout "$x" $((emulated_windows * $(wc -w <<<"$configs")))); }
	[ "$kind" != emulated ] || copts=$(counters_opts "$r")
	# the counting mode's schedule: every emulated boot counts it; a boot
	# without the counters (series) takes the quantum plugin only to end turns
	[ "$kind" != emulated ] || [ "$emulated_mode" != det ] || emu+=(--quantum "$quantum")
	[ "$kind" != series ] || [ "$quantum" = inf ] || emu+=(--quantum "$quantum")
	[ -z "$copts" ] || emu+=(--counters-opts "$copts")
	start=$(date -u +%FT%TZ)
	t0=$EPOCHSECONDS
	guest_plan "$d/plan-in.sh" "$kind" "$x" "$l"
	boot_kernel "$d" "$l" "$r" "$profile" "$(kernel_dir "${variant_of[$l]}" "$profile")" \
		"$(jq -r .build_id "$out/kernels/$l.json")" --smp "$x" --mem "${mem:-$(default_mem "$x")}" \
		--timeout "$limit" --accel "$accel" ${emu[@]+"${emu[@]}"}
	boot_fragment "$d" "$r" "$pos" "$l" "$x" "$kind" "$attempt" "$(host_name)" "$start" $((EPOCHSECONDS - t0)) "$BOOT_RESULT" \
		"$(sed -n 's/^det_seed=//p' "$d/boot-info" 2>/dev/null || true)" "$(sed -n 's/^host_other_cpu=//p' "$d/boot-info" 2>/dev/null || true)"
}

# boot_planned ROUND POSITION LABEL KIND VCPUS: a boot of the plan, unless
# done, with progress
# and an ETA from the boots so far (stops the run when the disk is full).
# Uses run.sh's rounds and emulated, and eta_note's paces.
boot_planned() {
	local r=$1 pos=$2 l=$3 kind=$4 x=$5 t0 eta='' what
	[ -f "$(boot_dir "$r" "$l" "$kind" "$x")/done" ] && return 0
	local free
	free=$(df -Pm "$out" | awk 'NR == 2 { print $4 }')
	if [ "$free" -lt 64 ]; then
		join_csv || true
		write_manifest incomplete "disk full" || true
		die "disk full: $out has $free MiB free (a boot needs about 64); free space, then: ./run.sh bench --resume $out"
	fi
	eta=$(eta_note)
	what="round $r/$rounds, position $pos"
	[ "$kind" != emulated ] || what="emulated counters $r/$(emulated_boots)"
	[ "$kind" != series ] || what="series $r/$series"
	say bench "$what: $l ($kind, $x vCPUs$eta)"
	t0=$EPOCHSECONDS
	boot_with_retries "$r" "$pos" "$l" "$kind" "$x"
	paced "$(pace_kind "$kind" "$r")" $((EPOCHSECONDS - t0)) 1
	join_csv
	write_manifest running
}

# paced_wave SECONDS KIND...: a wave of boots at once took SECONDS; each
# kind is given its share by its number of boots.
paced_wave() {
	local s=$1 k
	shift
	local -A of=()
	for k in "$@"; do of[$k]=$((${of[$k]:-0} + 1)); done
	for k in "${!of[@]}"; do paced "$k" $((s * of[$k] / $#)) "${of[$k]}"; done
}

# boots_at_once J "ROUND POSITION LABEL KIND VCPUS"...: those boots, J at a
# time (each in its own directory; the run's CSVs and manifest joined after
# each wave), with progress and an ETA as boot_planned gives them.
boots_at_once() {
	local j=$1 b r pos l kind x n=0 t0 tw pids=() wave=()
	shift
	[ "$j" -gt 1 ] || {
		for b in "$@"; do
			read -r r pos l kind x <<<"$b"
			boot_planned "$r" "$pos" "$l" "$kind" "$x" </dev/null
			early_figure "$@"
		done
		return 0
	}
	t0=$EPOCHSECONDS tw=$t0
	for b in "$@"; do
		read -r r pos l kind x <<<"$b"
		[ -f "$(boot_dir "$r" "$l" "$kind" "$x")/done" ] && continue
		if [ "$kind" = series ]; then
			say bench "series $r/$series: $l (counting mode, seed $r, the partial lists every $series_interval ms, $x vCPUs; $j at a time$(eta_note))"
		else
			say bench "emulated counters $r/$(emulated_boots): $l (counting mode, seed $r, $(emulated_tier "$r"), $x vCPUs; $j at a time$(eta_note))"
		fi
		boot_with_retries "$r" "$pos" "$l" "$kind" "$x" </dev/null &
		pids+=($!)
		wave+=("$(pace_kind "$kind" "$r")")
		n=$((n + 1))
		if [ ${#pids[@]} -ge "$j" ]; then
			wait "${pids[@]}" || true
			paced_wave $((EPOCHSECONDS - tw)) "${wave[@]}"
			tw=$EPOCHSECONDS
			pids=() wave=()
			join_csv
			write_manifest running
			early_figure "$@"
		fi
	done
	[ ${#pids[@]} -eq 0 ] || wait "${pids[@]}" || true
	[ "$n" -eq 0 ] || {
		say bench "  $n counting-mode boots in $((EPOCHSECONDS - t0)) s, $j at a time"
		join_csv
		write_manifest running
		# (a last wave of fewer than j boots)
		early_figure "$@"
	}
}

# set_aside DIR: keep a failed attempt as DIR.aN (its console and its row
# of boots.csv, none of its data), so that DIR can be booted again.
set_aside() {
	local d=$1 n=1
	while [ -e "$d.a$n" ]; do n=$((n + 1)); done
	mv "$d" "$d.a$n"
	rm -f "$d.a$n"/{hackbench,counters,crosscheck,emulated}.csv "$d.a$n/done"
	publish_boot "$d.a$n"
}

# boot_with_retries ROUND POSITION LABEL KIND VCPUS: attempt_boot until it ends in something
# other than a transient fault, or the retries are spent; collect, publish,
# done.
boot_with_retries() {
	local r=$1 pos=$2 l=$3 kind=$4 x=$5 d attempt result
	d=$(boot_dir "$r" "$l" "$kind" "$x")
	attempt=$(($(find "$out/raw" -maxdepth 1 -name "$(basename "$d").a*" | wc -l) + 1))
	while :; do
		attempt_boot "$d" "$r" "$pos" "$l" "$kind" "$x" "$attempt"
		result=$BOOT_RESULT
		transient "$result" && [ "$attempt" -le "$retries" ] || break
		say bench "  $l: $result, a fault of the run, not of the kernel: attempt $((attempt + 1)) of $((retries + 1))"
		set_aside "$d"
		attempt=$((attempt + 1))
	done
	publish_boot "$d"
	touch "$d/done"
}

# retry_failed: set aside every finished boot that ended in a transient
# fault, so that the run boots it again (--resume --retry-failed).
retry_failed() {
	local d
	for d in "$out"/raw/[res][0-9]*-*; do
		[ -f "$d/done" ] && [ -f "$d/boots.csv" ] || continue
		transient "$(csv_get "$d/boots.csv" result)" || continue
		say bench "retrying $(basename "$d") ($(csv_get "$d/boots.csv" result))"
		set_aside "$d"
	done
}

# write_manifest STATUS [STOP_REASON]: the run's provenance, rewritten at
# each status change through a temporary file.
write_manifest() {
	local accel_used done_n failed retried boots_json='[]' l kfiles=() klabels=()
	host_facts
	# every QEMU that ran a boot (the counting mode's is QEMU 10)
	local qemus
	qemus=$( { cat "$out"/raw/*/boot-info 2>/dev/null || true; } | sed -n 's/^qemu_version=//p' | sort -u | jq -R . | jq -s -c .)
	accel_used=$(cat "$out"/raw/*/boot-info 2>/dev/null | sed -n 's/^accel=//p' | sort -u | tr '\n' ' ' || true)
	done_n=$(find "$out/raw" -name "done" | wc -l)
	failed=$(boots_failed)
	retried=$(find "$out/raw" -maxdepth 1 -name '[res][0-9]*-*.a[0-9]*' | wc -l)
	# (the kernels built so far: SLAB's come after the first figure)
	for l in "${labels[@]}"; do [ ! -f "$out/kernels/$l.json" ] || { klabels+=("$l"); kfiles+=("$out/kernels/$l.json"); }; done
	[ -s "$out/boots.csv" ] && boots_json=$(jq -R -s 'split("\n") | map(select(length > 0) | split(","))
		| .[0] as $h | .[1:] | map([$h, .] | transpose | map({(.[0]): .[1]}) | add)' "$out/boots.csv")
	jq -n --arg id "$run_id" --arg status "$1" --arg stop "${2:-}" --arg date "$(date -u +%FT%TZ)" \
		--arg cmd "$(jq -r .command "$out/plan.json")" --arg cpu "${HOST_FACT[cpu]}" --argjson cores "${HOST_FACT[cores]}" \
		--argjson memkb "${HOST_FACT[memkb]}" --arg host_kernel "${HOST_FACT[kernel]}" --arg qemu "${HOST_FACT[qemu]}" \
		--arg host_name "${HOST_FACT[name]}" --arg accel "${accel_used% }" --arg git "$git_state" --arg boot_cmd "${SLUBBENCH_BOOT:-}" \
		--argjson "done" "$done_n" --argjson failed "$failed" --argjson expected "$expected_boots" \
		--argjson retried "$retried" --argjson qemus "$qemus" --arg emulated_mode "$emulated_mode" \
		--argjson list "$boots_json" \
		--slurpfile plan "$out/plan.json" --slurpfile rootfs "$out/rootfs.json" \
		--argjson kernels "$(jq -s -c '[$ARGS.positional, .] | transpose | map({(.[0]): .[1]}) | add' "${kfiles[@]}" --args "${klabels[@]}")" \
		--arg configs "$configs" --arg design "$design_used" --argjson rounds "$rounds" \
		'{run_id: $id, status: $status, stop_reason: $stop, updated: $date, command: $cmd, slubbench_git: $git,
		  host: {name: $host_name, cpu: $cpu, cores: $cores, mem_kb: $memkb, kernel: $host_kernel},
		  qemu: $qemu, qemu_boots: $qemus, emulated_mode: $emulated_mode, accel: $accel, boot_command: $boot_cmd,
		  plan: ($plan[0] + {configs: ($configs | split(" ")), design: $design, rounds_run: $rounds}),
		  boots: {expected: $expected, done: $done, failed: $failed, retried: $retried, list: $list},
		  kernels: $kernels, rootfs: $rootfs[0]}' >"$out/manifest.json.tmp"
	mv "$out/manifest.json.tmp" "$out/manifest.json"
}

# host_facts: HOST_FACT[cpu memkb qemu cores kernel name], this host's, read
# once a run (the manifest is written again at every boot)
declare -gA HOST_FACT=()
host_facts() {
	[ ${#HOST_FACT[@]} -eq 0 ] || return 0
	HOST_FACT[cpu]=$(sed -n '/^model name/{s/^model name[[:space:]]*: //p;q}' /proc/cpuinfo)
	HOST_FACT[memkb]=$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)
	HOST_FACT[qemu]=$(qemu-system-x86_64 --version 2>/dev/null | head -n1 || echo unknown)
	HOST_FACT[cores]=$(nproc)
	HOST_FACT[kernel]=$(uname -r)
	HOST_FACT[name]=$(host_name)
}

# boots_failed: finished boots (every attempt spent) that did not finish well.
boots_failed() {
	local d n=0
	for d in "$out"/raw/[res][0-9]*-*; do
		[ -f "$d/done" ] || continue
		grep -qx 'result=finished' "$d/boot-info" 2>/dev/null || n=$((n + 1))
	done
	echo "$n"
}
