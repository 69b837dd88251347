#!/usr/bin/env bash
# Join the shards of one plan into one run directory.
#
# Usage: bench/merge.sh OUT SHARD...      (./run.sh merge OUT SHARD...)
#   OUT     the merged run's directory (made anew each time: merging the
#           same shards again gives the same run). It is built beside OUT
#           and renamed into place only when every shard has been checked
#           and joined: a merge that fails leaves OUT as it was. No shard
#           may lie inside OUT, nor OUT inside a shard.
#   SHARD   a results directory of ./run.sh bench --shard I/N, from any
#           host, in any order; each is untrusted input, checked first
#
# The shards must be of one plan: the same plan.json but for its shard
# (seed, kernels, rounds, vCPUs, ...), the same kernel builds (build ids)
# and the same root filesystem (image key and packages); else the first
# difference is named and nothing is written. A shard missing or not
# complete is said in the merged manifest (status incomplete, the missing
# rounds) and in its report, never hidden. Each boot keeps its host
# (boots.csv), and the report treats the host as a block.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$(dirname "$0")/../lib/rundir.sh"
# set_opt and PLAN_KEYS: a shard's plan is checked as --resume checks one
# (sourced first: it sets the bench's defaults)
# shellcheck source=bench/runopts.sh
. "$(dirname "$0")/runopts.sh"
# shellcheck source=bench/planlib.sh
. "$(dirname "$0")/planlib.sh"

case "${1:-}" in -h | --help) usage_from_header "$0" ;; esac
[ $# -ge 2 ] || die "usage: ./run.sh merge OUT SHARD... (the shards' results directories)"
out=$1
shift
need_cmd jq jq
final=$(realpath -m "$out")
run_id=$(opt_name "run id (the directory's name)" "$(basename "$final")")
if [ -e "$final" ]; then
	[ -d "$final" ] && [ ! -L "$final" ] || die "$out exists and is not a directory: give a new directory"
	[ -f "$final/merge.json" ] || [ -z "$(ls -A "$final")" ] ||
		die "$out exists and is not a merge of shards: give a new directory"
fi

# ---- the shards, checked and put in order ---------------------------------
declare -A dir_of=()
n=
for a in "$@"; do
	d=$(check_run_dir "$(run_dir_of "$a")" plan.json manifest.json)
	case "$d/" in "$final/"*) die "$d is inside $out: a merge would replace its own shard; give OUT elsewhere" ;; esac
	case "$final/" in "$d/"*) die "$out is inside the shard $d: give OUT elsewhere" ;; esac
	s=$(jq -r '.shard // ""' "$d/plan.json")
	[[ "$s" =~ ^([1-9][0-9]{0,3})/([1-9][0-9]{0,3})$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
		die "$d is not a shard (its plan has no --shard I/N with 1 <= I <= N < 10000, as the bench writes): merge joins shards of one run"
	i=${BASH_REMATCH[1]}
	[ -z "$n" ] || [ "$n" = "${BASH_REMATCH[2]}" ] || die "$d is shard $s, the others are of $n shards: shards of one run share one N"
	n=${BASH_REMATCH[2]}
	[ -z "${dir_of[$i]:-}" ] || die "two shards are $i/$n: ${dir_of[$i]} and $d"
	dir_of[$i]=$d
done
mapfile -t present < <(printf '%s\n' "${!dir_of[@]}" | sort -n)
ref=${dir_of[${present[0]}]}
# its plan's settings pass the checks the command line and --resume pass
# (bench/runopts.sh's set_opt), each in a subshell: one line naming the
# file when one does not
msg=$( (load_plan "$ref/plan.json") 2>&1 >/dev/null) || true
msg=${msg#slubbench: error: }
[ -z "$msg" ] || die "${msg%; refusing this run}; refusing this shard"

# same_or_die WHAT A B JQ: the JSON the filter JQ takes from files A and B
# agree, else one line naming the first field that differs.
same_or_die() {
	local what=$1 a=$2 b=$3 f=$4 diff
	diff=$(jq -n -r --slurpfile x "$a" --slurpfile y "$b" "
		(\$x[0] | $f) as \$p | (\$y[0] | $f) as \$q |
		if \$p == \$q then empty else
		([(\$p | keys_unsorted? // [])[], (\$q | keys_unsorted? // [])[]] | unique |
		 map(select(\$p[.] != \$q[.])) | first // \"\") as \$k |
		if \$k == \"\" then \"differs\" else
		\"\(\$k) is \(\$q[\$k] | tostring | .[0:40]), not \(\$p[\$k] | tostring | .[0:40])\" end end")
	[ -z "$diff" ] || die "$b differs from $(dirname "$a")'s $what: $diff; shards of one run share one plan, builds and root filesystem"
}
for i in "${present[@]}"; do
	d=${dir_of[$i]}
	[ "$d" != "$ref" ] || continue
	same_or_die plan "$ref/plan.json" "$d/plan.json" 'del(.shard, .command)'
	same_or_die "root filesystem" "$ref/rootfs.json" "$d/rootfs.json" '{image_key, suite, packages}'
	for k in $(jq -r .kernels "$ref/plan.json"); do
		[ -f "$d/kernels/$k.json" ] || die "$d has no kernels/$k.json: not a shard of this plan"
		same_or_die "kernel $k" "$ref/kernels/$k.json" "$d/kernels/$k.json" '{build_id}'
	done
done

# ---- the merged directory, built beside OUT, renamed when whole ------------
mkdir -p "$(dirname "$final")"
out=$(mktemp -d "$(dirname "$final")/.$run_id.merge.XXXXXX")
trap 'rm -rf "$out"' EXIT
chmod u=rwx,go=rx "$out"
cp -r "$ref/kernels" "$out/kernels"
cp "$ref/rootfs.json" "$out/rootfs.json"
jq '.shard = "" | .command = (.command | sub("--shard[ =][0-9]+/"; "--shard I/"))' "$ref/plan.json" >"$out/plan.json"
for i in "${present[@]}"; do
	d=${dir_of[$i]}
	for sub in raw logs slabinfo perf; do
		[ -d "$d/$sub" ] || continue
		mkdir -p "$out/$sub"
		for e in "$d/$sub"/*; do
			[ -e "$e" ] || continue
			[ ! -e "$out/$sub/$(basename "$e")" ] || die "shards overlap: $sub/$(basename "$e") is in two of them"
			cp -r "$e" "$out/$sub/"
		done
	done
done
# the run's CSVs, each shard's rows in shard order under one header
for f in $RUN_CSVS; do
	hdr=
	for i in "${present[@]}"; do
		c=${dir_of[$i]}/$f.csv
		[ -s "$c" ] || continue
		if [ -z "$hdr" ]; then
			hdr=$(head -n1 "$c")
			echo "$hdr" >"$out/$f.csv.tmp"
		fi
		[ "$(head -n1 "$c")" = "$hdr" ] || die "$c: header differs from the other shards' $f.csv"
		tail -n +2 "$c" >>"$out/$f.csv.tmp"
	done
	[ ! -f "$out/$f.csv.tmp" ] || mv "$out/$f.csv.tmp" "$out/$f.csv"
done
# shellcheck source=bench/merge-manifest.sh
. "$SLUBBENCH_TOP/bench/merge-manifest.sh"
# into place: the previous merge (checked above) goes only now
rm -rf "$final"
mv "$out" "$final"
trap - EXIT
out=$final
say merge "$out: shards ${present[*]} of $n${missing:+ (missing: $missing)}; status $status"
echo "$out"
