# shellcheck shell=bash disable=SC2034 # block, shard: read by planlib.sh's in_shard
# The merged run's manifest.json and merge.json, sourced by bench/merge.sh
# (out, ref, n, present, dir_of): which shards came, from which hosts,
# which rounds are missing, and the status that follows.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g count labels n out present prof ref rounds series smp

# The plan's arithmetic is bench/planlib.sh's, on the plan as --resume
# reads it (load_plan: checked in bench/merge.sh).
load_plan "$ref/plan.json"
set_labels
build_tools all
block=$(plan_block)
# shard_rounds I: the timed rounds of shard I/n, as bench/run.sh --shard
# runs them (whole balanced squares I, I+n, ...).
shard_rounds() {
	local r shard=$1/$n
	for ((r = 1; r <= rounds; r++)); do in_shard "$r" && printf '%s ' "$r"; done
	return 0
}
emu_boots=$(emulated_boots)
emu_smp=$(wc -w <<<"$(emulated_smp)")
missing='' missing_rounds='' missing_emulated=0 incomplete=''
for ((i = 1; i <= n; i++)); do
	if [ -z "${dir_of[$i]:-}" ]; then
		missing+="$i/$n "
		missing_rounds+=$(shard_rounds "$i")
		# its emulated-counters repetitions and series boots: i, i + n, ...
		for ((e = i; e <= emu_boots; e += n)); do missing_emulated=$((missing_emulated + 1)); done
		for ((e = i; e <= series; e += n)); do missing_emulated=$((missing_emulated + 1)); done
	elif [ "$(jq -r .status "${dir_of[$i]}/manifest.json")" != complete ]; then
		incomplete+="$i/$n "
	fi
done
missing=${missing% } incomplete=${incomplete% }
# round 0 (counting, profiling) is shard 1's
missing_round0=0
[ -n "${dir_of[1]:-}" ] || [ "$count$prof" = 00 ] || missing_round0=1
status=complete
stop="merged all $n shards"
if [ -n "$missing$incomplete" ]; then
	status=incomplete
	stop="merged $((n - $(wc -w <<<"$missing"))) of $n shards"
	mr=${missing_rounds% }
	[ -z "$missing" ] || stop+="; missing: shard ${missing// /, } (rounds ${mr// /, })"
	[ -z "$incomplete" ] || stop+="; not complete: shard ${incomplete// /, }"
	stop=${stop:0:290}
fi

manifests=()
for i in "${present[@]}"; do manifests+=("${dir_of[$i]}/manifest.json"); done
per_round=$((${#labels[@]} * $(wc -w <<<"$smp")))
boots_json='[]'
[ -s "$out/boots.csv" ] && boots_json=$(jq -R -s 'split("\n") | map(select(length > 0) | split(","))
	| .[0] as $h | .[1:] | map([$h, .] | transpose | map({(.[0]): .[1]}) | add)' "$out/boots.csv")
jq -s --arg id "${run_id:-$(basename "$out")}" --arg status "$status" --arg stop "$stop" \
	--argjson n "$n" --arg missing "$missing" --arg rounds_missing "${missing_rounds% }" \
	--argjson per_round "$per_round" --argjson list "$boots_json" \
	--argjson emu_missing "$((missing_emulated * ${#labels[@]} * emu_smp + missing_round0 * per_round))" \
	--slurpfile plan "$out/plan.json" '
	def nums: split(" ") | map(select(length > 0) | tonumber);
	.[0] + {run_id: $id, status: $status, stop_reason: $stop,
	  updated: (map(.updated) | max), command: $plan[0].command,
	  slubbench_git: (map(.slubbench_git) | unique | join(" ")),
	  hosts: map({shard: .plan.shard, name: .host.name, cpu: .host.cpu, cores: .host.cores, status}),
	  shards: {n: $n, present: map(.plan.shard), missing: ($missing | split(" ") | map(select(length > 0))),
	           missing_rounds: ($rounds_missing | nums)},
	  plan: (.[0].plan + {shard: "", rounds_run: (map(.plan.rounds_run) | max)}),
	  boots: {expected: ((map(.boots.expected) | add) + ($rounds_missing | nums | length) * $per_round + $emu_missing),
	          done: (map(.boots.done) | add), failed: (map(.boots.failed) | add),
	          retried: (map(.boots.retried // 0) | add), list: $list}}' "${manifests[@]}" >"$out/manifest.json.tmp"
mv "$out/manifest.json.tmp" "$out/manifest.json"
jq -n --argjson n "$n" --arg present "${present[*]}" --arg missing "$missing" '{shards: $n,
	merged: ($present | split(" ") | map(tonumber)), missing: ($missing | split(" ") | map(select(length > 0)))}' \
	>"$out/merge.json"
