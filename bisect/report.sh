#!/usr/bin/env bash
# A bisect's report: what each step measured and what it found, from the
# bisect's directory alone (checked first as the untrusted input it is).
#
# Usage: bisect/report.sh DIR
#
# Writes DIR/report.txt (at most 80 columns) and DIR/plots/bisect.png and
# .svg: the metric of every boot along the steps, the ends' edges marked.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
# shellcheck source=lib/rundir.sh
. "$SLUBBENCH_TOP/lib/rundir.sh"
# shellcheck source=lib/detboot.sh
. "$SLUBBENCH_TOP/lib/detboot.sh"

split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
dir=''
while [ $# -gt 0 ]; do
	case "$1" in
	-h | --help) usage_from_header "$0" ;;
	-*) die "unknown option '$1' (see bisect/report.sh --help)" ;;
	*) [ -z "$dir" ] || die "one bisect at a time"; dir=$1; shift ;;
	esac
done
[ -d "$dir" ] || die "no bisect at '$dir'"
# links, FIFOs, devices, second hard links and oversized files refused
# before anything in it is read or written
check_dir_files "$dir" "a bisect"
[ -f "$dir/bisect.json" ] && [ -f "$dir/steps.csv" ] || die "$dir is not a bisect's directory (no bisect.json and steps.csv)"
check_csv "$dir/steps.csv" >/dev/null
J=$dir/bisect.json
jq -e 'type == "object" and (.changes | type == "array") and (.changes | length) >= 1 and (.changes | length) <= 4095' "$J" >/dev/null 2>&1 ||
	die "$J: not a bisect's settings; refusing it"
# jv KEY: a setting, a number or a word (anything else refused)
jv() {
	local v
	v=$(jq -r --arg k "$1" '.[$k] | tostring' "$J")
	[[ "$v" =~ ^[A-Za-z0-9_.-]{1,40}$ ]] || die "$J: $1 '$(printf %q "$v")' is not a number or a word; refusing it"
	echo "$v"
}
n=$(jq '.changes | length' "$J")
mode=$(jv mode)
case "$mode" in
series | git) ;;
*) die "$J: mode '$mode' is neither series nor git; refusing it" ;;
esac
# commit KEY: the good or bad end's commit (40 hex digits, else refused)
commit() {
	local v
	v=$(jq -r --arg k "$1" '.[$k] | tostring' "$J")
	[[ "$v" =~ ^[0-9a-f]{40}$ ]] || die "$J: $1 '$(printf %q "${v:0:60}")' is not a commit id; refusing it"
	echo "$v"
}
nsteps=$((n + 1))
# every setting read once, each an assignment of its own: a refusal
# inside $(...) then ends the report (set -e), and none is read twice
metric=$(jv metric)
factor=$(jv factor)
tree=$(jv tree)
profile=$(jv profile)
# a bisect begun before the quantum had icount's turns alone
quantum=inf
[ "$(jq -r '.quantum // empty | tostring' "$J")" = "" ] || quantum=$(jv quantum)
det_quantum_ok "$quantum" || die "$J: quantum '$quantum' is not inf or a whole number from 1 to 1000000000; refusing it"
max_boots="" end_boots="" seed="" smp="" groups="" loops=""
for v in max_boots end_boots seed smp groups loops; do
	x=$(jv "$v")
	[[ "$x" =~ ^[0-9]{1,9}$ ]] || die "$J: $v '$x' is not a whole number; refusing it"
	printf -v "$v" %s "$x"
done
build_tools all
S=$TOOLS_BIN/slubstats
args=(--steps "$nsteps" --factor "$factor" --max-boots "$max_boots" --end-boots "$end_boots")
state=$("$S" bisect "$dir/steps.csv" "${args[@]}" --state | tail -n1)
IFS=, read -r what _ lo hi good_edge bad_edge direction <<<"$state"
table=$("$S" bisect "$dir/steps.csv" "${args[@]}")
# NAMES / SUBJECTS: the change each step adds (from the run: one line each,
# escaped), read in one pass of jq each (a call per row took minutes)
one_line='tostring | .[0:200] | gsub("[[:cntrl:]\u2028\u2029\u0085]|\\p{Cf}"; " ")'
mapfile -t NAMES < <(jq -r ".changes[] | (if type == \"object\" then .name else . end) | $one_line" "$J" | term_safe | cut -c1-72)
mapfile -t SUBJECTS < <(jq -r ".changes[] | (if type == \"object\" then .subject else . end) | $one_line" "$J" | term_safe)
[ "${#NAMES[@]}" = "$n" ] && [ "${#SUBJECTS[@]}" = "$n" ] || die "$J: its changes could not be read, one a line; refusing it"
name() { printf '%s\n' "${NAMES[$1 - 1]}"; }
subject() { printf '%s\n' "${SUBJECTS[$1 - 1]}"; }
if [ "$mode" = git ]; then
	good=$(commit good)
	bad=$(commit bad)
	tree_dir=$(jq -r '.tree_dir | tostring' "$J")
	[[ "$tree_dir" != *$'\n'* ]] && [ "${#tree_dir}" -le 4096 ] || die "$J: tree_dir is not one line of at most 4096 characters; refusing it"
	step0=${good:0:12}
	steps_are="Each step k boots the tree at the k-th commit after the good end ${good:0:12} on the first-parent line to ${bad:0:12}, as it is (no slubbench patch)."
	resume="--tree $(term_safe <<<"$tree_dir") --good ${good:0:12} --bad ${bad:0:12}"
else
	step0=stock$(tree_suffix "$tree")
	steps_are="Each step k boots stock + the first k patches of the series$([ "$tree" = "$DEFAULT_TREE" ] || echo " on tree $tree")."
	resume="--series SERIES"
fi
{
	echo "slubbench bisect: $n $([ "$mode" = git ] && echo commits || echo changes) ($metric per 1000 messages, counting mode)"
	echo "$(basename "$dir"), seeds from $seed, $smp vCPUs, quantum $quantum, hackbench -g $groups -l $loops, profile $profile" | wrap
	echo
	echo "$steps_are A value is good or bad within a quarter of the ends' gap (on the logarithms) of that end; a step is booted again (another seed) while its values are not all on one side, and skipped after $max_boots boots." | wrap
	echo
	printf '  %4s  %-10s %-28s %s\n' step verdict "values (per 1000 msgs)" change
	while IFS=, read -r k _ failed values _ verdict; do
		[ "$k" != step ] || continue
		# (no subshell a row: a bisect may have 4096 steps)
		c=$step0
		[ "$k" = 0 ] || c=${NAMES[k - 1]}
		values=${values:-none}
		[ "$failed" = 0 ] || values+=" ($failed failed)"
		printf -v row '  %4s  %-10s %-28s' "$k" "${verdict:-?}" "$values"
		# a change named too long for the line goes on a line of its own
		if [ $((${#row} + 1 + ${#c})) -le 80 ]; then echo "$row $c"; else printf '%s\n        %s\n' "$row" "$c"; fi
	done <<<"$table"
	echo
	case "$what" in
	found)
		echo "Result: the first bad change is step $hi of $n:"
		echo "  $(name "$hi")"
		echo "  \"$(subject "$hi")\"" | wrap
		echo "  good step $lo and bad step $hi differ in it alone; the ends' edges: good $good_edge, bad $bad_edge ($direction)." | wrap ;;
	bounded)
		echo "Result: the first bad change is one of steps $((lo + 1))..$hi: the steps between were skipped (see above)." | wrap ;;
	no-regression)
		echo "Result: no regression: the ends do not differ by the factor $factor (their values above)." | wrap ;;
	ends-failed)
		echo "Result: none: an end gave no value in $max_boots boots (see raw/)." | wrap ;;
	*)
		echo "Result: not finished ($what): go on with ./run.sh bisect --resume $dir $resume." | wrap ;;
	esac
	nb=$(($(wc -l <"$dir/steps.csv") - 1))
	echo "Boots: $nb in all, over $(($(grep -c . <<<"$table") - 1)) steps measured."
} | term_safe >"$dir/report.txt.tmp"
mv "$dir/report.txt.tmp" "$dir/report.txt"

# the chart: every boot's value at its step, the ends' edges
mkdir -p "$dir/plots"
csv_rows "$dir/steps.csv" step value | awk -F'|' '$2 != "" { print $1, $2 }' >"$dir/plots/bisect.dat"
if [ -s "$dir/plots/bisect.dat" ]; then
	for fmt in png svg; do
		prog="fmt='$fmt';"
		gp_set prog out "$dir/plots/bisect.$fmt"
		gp_set prog dat "$dir/plots/bisect.dat"
		gp_set prog dir "$SLUBBENCH_TOP/report/gp"
		gp_set prog title_text "$metric per 1000 messages along the series (each boot a point)"
		gp_set prog sub_text "$(basename "$dir")"
		gnuplot -e "$prog nsteps=$nsteps; good=${good_edge:-0}; bad=${bad_edge:-0}" "$SLUBBENCH_TOP/bisect/bisect.gp" ||
			die "gnuplot failed on bisect/bisect.gp"
	done
fi
rm -f "$dir/plots/bisect.dat"
cat "$dir/report.txt"
