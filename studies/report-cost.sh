#!/usr/bin/env bash
# What a report costs at two commits: studies/report-cost.sh [--passes N]
# COMMIT_A COMMIT_B makes the report of every committed run (results/*
# with a report.txt; a bisect's with bisect/report.sh) with each commit's
# code, on copies, in N passes (default 2) whose order alternates (AB, BA,
# ...), so that a host getting slower or faster weighs on both alike. It
# prints one line a report (pass, commit, run, wall and CPU seconds: the
# report's own and its children's) and, for each commit, the CPU seconds
# of all its reports in each pass; then the ratio of B's to A's total.
# The host should be otherwise quiet. Nothing is written outside a
# temporary directory, which is removed.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

passes=2
split_opts "$@"
set -- "${ARGS[@]+"${ARGS[@]}"}"
while [ $# -gt 0 ]; do
	case "$1" in
	--passes) need_val "$@"; passes=$(opt_uint --passes "$2"); shift 2 ;;
	-h | --help) usage_from_header "$0" ;;
	-*) die "unknown option '$1' (see studies/report-cost.sh --help)" ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || die "usage: studies/report-cost.sh [--passes N] COMMIT_A COMMIT_B"
top=$SLUBBENCH_TOP
declare -A at=()
for c in "$1" "$2"; do
	at[$c]=$(git -C "$top" rev-parse --verify -q "$c^{commit}") || die "'$c' is not a commit of $top (git log names them)"
done
tmp=$(mktemp -d)
trap 'git -C "$top" worktree remove --force "$tmp/A" 2>/dev/null; git -C "$top" worktree remove --force "$tmp/B" 2>/dev/null; rm -rf "$tmp"' EXIT
git -C "$top" worktree add -q --detach "$tmp/A" "${at[$1]}"
git -C "$top" worktree add -q --detach "$tmp/B" "${at[$2]}"
# the runs both commits have, each with its report
mapfile -t runs < <(cd "$tmp/A/results" && for d in */; do d=${d%/}; [ -f "$d/report.txt" ] && [ -f "$tmp/B/results/$d/report.txt" ] && echo "$d"; done)
[ ${#runs[@]} -gt 0 ] || die "no committed run with a report at both commits"
# cost WHICH: each run reported with WHICH's code; a line each
cost() {
	local w=$1 r rep t0 t1
	for r in "${runs[@]}"; do
		rm -rf "$tmp/run" && cp -r "$tmp/$w/results/$r" "$tmp/run"
		rep=("$tmp/$w/run.sh" report)
		[ ! -f "$tmp/run/bisect.json" ] || rep=("$tmp/$w/bisect/report.sh")
		# (times in this shell, not a subshell: its second line is the
		# CPU time of the children this shell has waited for)
		t0=$EPOCHREALTIME
		times >"$tmp/c0"
		"${rep[@]}" "$tmp/run" >/dev/null 2>&1 || die "results/$r: no report with $w's code ($(git -C "$tmp/$w" rev-parse --short HEAD))"
		t1=$EPOCHREALTIME
		times >"$tmp/c1"
		awk -v w="$w" -v r="$r" -v a="$t0" -v b="$t1" 'function s(x) { sub(/s$/, "", x); split(x, m, "m"); return m[1] * 60 + m[2] }
			FNR == 2 { c[FILENAME == ARGV[1]] = s($1) + s($2) }
			END { printf "%s %s %.2f %.2f\n", w, r, b - a, c[0] - c[1] }' "$tmp/c0" "$tmp/c1"
	done
}
echo "studies/report-cost.sh: ${#runs[@]} runs, $passes passes; A $(git -C "$tmp/A" log -1 --format='%h %s'), B $(git -C "$tmp/B" log -1 --format='%h %s')"
echo "pass commit run wall_s cpu_s"
for ((p = 1; p <= passes; p++)); do
	order="A B"
	[ $((p % 2)) = 1 ] || order="B A"
	for w in $order; do cost "$w" | sed "s/^/$p /"; done
done | tee "$tmp/lines"
awk '{ cpu[$2] += $5; n[$2]++; cp[$1 " " $2] += $5 }
	END { for (k in cp) { split(k, q, " "); printf "pass %s, %s: %.1f s of CPU\n", q[1], q[2], cp[k] }
		printf "all passes: A %.1f s, B %.1f s of CPU; B/A %.2f\n", cpu["A"], cpu["B"], cpu["B"] / cpu["A"] }' "$tmp/lines" | sort
