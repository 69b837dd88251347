#!/usr/bin/env bash
# group: full
# The documentation's figures have one owner, the results (the README
# itself holds none; the findings are in docs/findings/): every cell of the
# table of results/reference (but the objects per slab, a derived median
# the report prints) is made again here from the committed CSVs, as the
# report formats them, and must be what the README says; so is every cell
# of its table of results/reference-2.6.23 (against tail, and against head
# as ./run.sh report --baseline head gives it). A rerun of a reference
# without its reading rewritten fails here (the findings that quote a
# report: t65). What is made again of a committed run comes from the
# check store when nothing it rests on changed (tests/checkstore.sh).
# docs/results-format.md gives
# each CSV's header as lib/rundir.sh writes it.
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
# shellcheck source=tests/checkstore.sh
. "$TOP/tests/checkstore.sh"
# DOCS: the README and every page under docs/, read as one text
DOCS=$(mktemp)
trap 'rm -f "$DOCS"' EXIT
# shellcheck disable=SC2094 # DOCS is a temporary file, not one of the pages read
cat "$DOCS" "$TOP"/docs/*.md "$TOP"/docs/findings/*.md >"$DOCS"
R=$TOP/results/reference
# the table: from its header line to the first line that is not a row
table=$(awk '/^\| kernel \| time \| interval \|/ { f = 1; next } f && !/^\|/ { exit } f && !/^\| ---/' "$DOCS")
[ "$(wc -l <<<"$table")" = 4 ] || fail "the README's reference table: $(wc -l <<<"$table") rows, want 4 (slab, stock, head, tail)"
base=$(csv_get "$R/summary.csv" baseline kernel=head config=c1)
# g FILE FIELD KEY=VALUE...: one value, or fail naming it
g() { csv_get "$@" || fail "$1: no $2 for ${*:3}"; }
# scaled N: 3.58 M, 49.1 k (three significant digits)
scaled() { awk -v v="$1" 'BEGIN { if (v >= 1e6) printf "%.2f M", v / 1e6; else if (v >= 1e3) printf "%.3g k", v / 1e3; else printf "%.1f", v }'; }
# ratio R LO HI FMT: x1.016 (0.996..1.035)
ratio() { awk -v r="$1" -v lo="$2" -v hi="$3" -v f="$4" 'BEGIN { printf "x" f " (" f ".." f ")", r, lo, hi }'; }
n=0
while IFS='|' read -r _ k time ci timed det _ insn miss xfer cyc _; do
	k=$(xargs <<<"$k")
	want=()
	S() { g "$R/summary.csv" "$1" kernel="$k" config=c1; }
	M() { g "$1" "$2" kernel="$k" config=c1 cache=all counter=add_partial; }
	E() { g "$R/emulated-summary.csv" "$2" kernel="$k" config=c1 scope=all metric="$1"; }
	if [ "$k" = "$base" ]; then
		want+=("$(printf '%.3f s' "$(S geomean)")" "(base)")
		want+=("$(printf '%.1f' "$(M "$R/mechanism.csv" per_1000_messages)")" "$(printf '%.1f' "$(M "$R/mechanism-emulated.csv" per_1000_messages)")")
		want+=("$(scaled "$(E instructions per_1000_messages)") per 1000 msgs")
		for m in misses transfers cycles; do want+=("$(scaled "$(E $m per_1000_messages)")"); done
	else
		want+=("$(awk -v r="$(S ratio)" 'BEGIN { printf "%+.1f%%", 100 * (r - 1) }')" "$(printf '%.3f..%.3f' "$(S ci_lo)" "$(S ci_hi)")")
		for f in mechanism mechanism-emulated; do
			if [ -z "$(csv_get "$R/$f.csv" ratio kernel="$k" config=c1 cache=all counter=add_partial 2>/dev/null)" ]; then
				want+=("(not SLUB)")
			else
				want+=("$(printf '%.1f: ' "$(M "$R/$f.csv" per_1000_messages)")$(ratio "$(M "$R/$f.csv" ratio)" "$(M "$R/$f.csv" ratio_lo)" "$(M "$R/$f.csv" ratio_hi)" %.2f | sed 's/^x\(.*\) (/\1x (/')")
			fi
		done
		for m in instructions misses transfers cycles; do want+=("$(ratio "$(E $m ratio)" "$(E $m lo)" "$(E $m hi)" %.3f)"); done
	fi
	got=()
	for c in "$time" "$ci" "$timed" "$det" "$insn" "$miss" "$xfer" "$cyc"; do got+=("$(xargs <<<"${c//−/-}")"); done
	for i in "${!want[@]}"; do
		[ "${got[$i]}" = "${want[$i]}" ] || fail "README, reference table, $k, column $((i + 1)) of 8 checked: '${got[$i]}', the results say '${want[$i]}'"
	done
	n=$((n + 1))
done <<<"$table"
ok "the README's reference table: $n rows, 8 figures each, as results/reference's CSVs give them"

# The table of results/reference-2.6.23 (what each half of the 2007 fix
# does): every figure made again from the committed run, against tail as
# committed and against head in a copy reported with --baseline head.
R2=$TOP/results/reference-2.6.23
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$DOCS"' EXIT
cp -r "$R2" "$tmp/head"
# (by today's code, or from the check store: tests/checkstore.sh)
code=$(code_key "$TOP")
# (every file the table below reads of it)
made="summary.csv mechanism.csv mechanism-emulated.csv"
err=$(remade "$tmp/head" "$made of reference-2.6.23 (--baseline head) by code $code
$(dir_sums "$R2")" "$made" "$TOP/run.sh" report "$tmp/head" --baseline head) || fail "reference-2.6.23 reported against head: $err"
t2=$(awk '/^\| against \| kernel \| time \|/ { f = 1; next } f && !/^\|/ { exit } f && !/^\| ---/' "$DOCS")
[ "$(wc -l <<<"$t2")" = 3 ] || fail "the README's 2.6.23 table: $(wc -l <<<"$t2") rows, want 3"
n=0
while IFS='|' read -r _ b k time det timed fs _; do
	b=$(xargs <<<"$b") k=$(xargs <<<"$k")
	D=$R2
	[ "$b" = tail ] || D=$tmp/head
	[ "$(g "$D/summary.csv" baseline kernel="$k" config=c1)" = "$b" ] || fail "2.6.23 table: $k is not against $b"
	S2() { g "$D/summary.csv" "$1" kernel="$k" config=c1; }
	M2() { g "$D/$1.csv" "$3" kernel="$k" config=c1 cache=all counter="$2"; }
	want=("$(awk -v r="$(S2 ratio)" -v lo="$(S2 ci_lo)" -v hi="$(S2 ci_hi)" 'BEGIN { printf "%+.1f%% (%.3f..%.3f)", 100 * (r - 1), lo, hi }')")
	for x in "mechanism-emulated add_partial" "mechanism add_partial" "mechanism-emulated free_slab"; do
		read -r f c <<<"$x"
		want+=("$(ratio "$(M2 "$f" "$c" ratio)" "$(M2 "$f" "$c" ratio_lo)" "$(M2 "$f" "$c" ratio_hi)" %.2f)")
	done
	got=()
	for c in "$time" "$det" "$timed" "$fs"; do got+=("$(xargs <<<"$c")"); done
	for i in "${!want[@]}"; do
		[ "${got[$i]}" = "${want[$i]}" ] || fail "README, 2.6.23 table, $k against $b, column $((i + 3)): '${got[$i]}', the results say '${want[$i]}'"
	done
	# the committed report says the knob's half itself (its section "A knob alone")
	if [ "$b" = head ]; then
		grep -qF "$k/$b (min_partial=2): add_partial (counting mode) ${want[1]}; free_slab (counting mode) ${want[3]}" <<<"$(tr '\n' ' ' <"$R2/report.txt" | tr -s ' ')" ||
			fail "results/reference-2.6.23/report.txt does not say $k/$b's add_partial ${want[1]} and free_slab ${want[3]} (A knob alone)"
	fi
	n=$((n + 1))
done <<<"$t2"
ok "the README's 2.6.23 table: $n rows, 4 figures each, as results/reference-2.6.23's CSVs give them"

# The table of results/reference-series (the partial list over time):
# every figure made again from the committed series.csv and
# perturbation.csv, and the sampler's share in the prose as the report says it.
R3=$TOP/results/reference-series
t3=$(awk '/^\| kernel \| list length, averaged over a run/ { f = 1; next } f && !/^\|/ { exit } f && !/^\| ---/' "$DOCS")
[ "$(wc -l <<<"$t3")" = 2 ] || fail "the README's series table: $(wc -l <<<"$t3") rows, want 2 (head, tail)"
"$TOOLS_BIN/slubstats" series "$R3/series.csv" --baseline tail >"$tmp/series-kernels.csv"
n=0
while IFS='|' read -r _ k len add vs_add vs_len pert _; do
	k=$(xargs <<<"$k")
	K() { g "$tmp/series-kernels.csv" "$1" kernel="$k" config=c1 window=1 cache=skbuff_head_cache; }
	P() { g "$R3/perturbation.csv" "$1" kernel="$k" config=c1 cache=all counter=add_partial; }
	want=("$(printf '%.0f (%.0f..%.0f)' "$(K partial_mean)" "$(K partial_mean_min)" "$(K partial_mean_max)")" "$(printf '%.1f' "$(K added_per_ms)")")
	if [ "$k" = tail ]; then
		want+=("(base)" "(base)")
	else
		want+=("$(ratio "$(K added_ratio)" "$(K added_ratio_lo)" "$(K added_ratio_hi)" %.2f)" "$(ratio "$(K partial_ratio)" "$(K partial_ratio_lo)" "$(K partial_ratio_hi)" %.2f)")
	fi
	want+=("$(ratio "$(P ratio)" "$(P ratio_lo)" "$(P ratio_hi)" %.3f)")
	got=()
	for c in "$len" "$add" "$vs_add" "$vs_len" "$pert"; do got+=("$(xargs <<<"$c")"); done
	for i in "${!want[@]}"; do
		[ "${got[$i]}" = "${want[$i]}" ] || fail "README, series table, $k, column $((i + 2)): '${got[$i]}', the results say '${want[$i]}'"
	done
	n=$((n + 1))
done <<<"$t3"
share=$(tr -s ' \n' '  ' <"$R3/report.txt" | sed -n "s/.*at most \([0-9.]*%\) of the vCPUs' time in a run.*/\1/p")
[ -n "$share" ] && grep -qF "at most $share of the vCPUs'" <<<"$(tr -s ' \n' '  ' <"$DOCS")" ||
	fail "the README does not give the sampler's share as results/reference-series/report.txt does (${share:-none})"
ok "the README's series table: $n rows, 5 figures each, and the sampler's share ($share), as results/reference-series gives them"

# The table of kernel trees (6.1's reference beside reference-6.12 and
# reference-6.12-modern): each row made again from its run's CSVs.
t4=$(awk '/^\| tree, profile \| run \|/ { f = 1; next } f && !/^\|/ { exit } f && !/^\| ---/' "$DOCS")
[ "$(wc -l <<<"$t4")" = 3 ] || fail "the README's trees table: $(wc -l <<<"$t4") rows, want 3"
n=0
while IFS='|' read -r _ tp run ah at ar tm _; do
	run=$(grep -o 'results/[a-z0-9.-]*/report\.txt' <<<"$run" | head -n1 | cut -d/ -f2)
	[ -d "$TOP/results/$run" ] || fail "README, trees table: no run '$run' in results/"
	case "$(xargs <<<"$tp")" in 6.1,*) h=head t=tail ;; *) h=head@6.12 t=tail@6.12 ;; esac
	A() { g "$TOP/results/$run/mechanism-emulated.csv" "$2" kernel="$1" config=c1 cache=all counter=add_partial; }
	T() { g "$TOP/results/$run/summary.csv" "$1" kernel="$h" config=c1; }
	want=("$(printf '%.1f' "$(A "$h" per_1000_messages)")" "$(printf '%.1f' "$(A "$t" per_1000_messages)")"
		"$(ratio "$(A "$h" ratio)" "$(A "$h" ratio_lo)" "$(A "$h" ratio_hi)" %.2f)"
		"$(awk -v r="$(T ratio)" -v lo="$(T ci_lo)" -v hi="$(T ci_hi)" -v n="$(T n)" 'BEGIN {
			printf "%s%+.1f%% (%.3f..%.3f), %d pairs", (lo <= 1 && hi >= 1) ? "no detectable difference, " : "", 100 * (r - 1), lo, hi, n }')")
	got=()
	for c in "$ah" "$at" "$ar" "$tm"; do got+=("$(xargs <<<"$c")"); done
	for i in "${!want[@]}"; do
		[ "${got[$i]}" = "${want[$i]}" ] || fail "README, trees table, $run, column $((i + 3)): '${got[$i]}', the results say '${want[$i]}'"
	done
	n=$((n + 1))
done <<<"$t4"
ok "the README's trees table: $n rows, 4 figures each, as each run's CSVs give them"

# The quantum study (docs/findings/quantum.md): each of its two runs'
# summaries (the study, and its quanta again for what a boot costs) is
# made again from its runs, byte for byte; every line the findings quote
# in a code block is a line of one of them (but a record's, which t65
# holds); and the quanta run twice gave the same counts (emulated.csv and
# the counting boots' counters).
quoted=$(awk '/^<!-- quoted from docs\/findings\/records\// { rec = 1 }
	/^```/ { if (f) rec = 0; f = !f; next } f && !rec' "$TOP/docs/findings/quantum.md")
[ "$(wc -l <<<"$quoted")" -ge 10 ] || fail "docs/findings/quantum.md quotes $(wc -l <<<"$quoted") lines of the summary, want its two tables"
# summarised RUN OUT: studies/quantum-summary.sh's summary of RUN into OUT
summarised() { "$TOP/studies/quantum-summary.sh" "$1" >"$2"; }
for RQ in "$TOP/results/reference-quantum" "$TOP/results/reference-quantum-cost" "$TOP/results/reference-quantum-8"; do
	q=$tmp/${RQ##*/}
	mkdir "$q"
	err=$(remade "$q" "summary.txt of ${RQ##*/} by code $code
$(dir_sums "$RQ")" summary.txt summarised "$RQ" "$q/summary.txt") || fail "studies/quantum-summary.sh on ${RQ#"$TOP"/}: $err"
	diff -u "$RQ/summary.txt" "$q/summary.txt" >&2 || fail "${RQ#"$TOP"/}/summary.txt made again differs"
done
while IFS= read -r line; do
	grep -qxF -- "$line" "$TOP/results/reference-quantum/summary.txt" "$TOP/results/reference-quantum-cost/summary.txt" ||
		fail "docs/findings/quantum.md quotes a line neither of the study's summaries holds: $line"
done <<<"$quoted"
for d in "$TOP"/results/reference-quantum-cost/q-*; do
	q=${d##*/}
	cmp -s "$d/emulated.csv" "$TOP/results/reference-quantum/$q/emulated.csv" ||
		fail "$q: the study's emulated.csv and its repetition's differ"
	diff <(csv_rows "$d/counters.csv" kernel round config window kind source cache counter value | grep '|emulated|' | sort) \
		<(csv_rows "$TOP/results/reference-quantum/$q/counters.csv" kernel round config window kind source cache counter value | grep '|emulated|' | sort) >&2 ||
		fail "$q: the counting boots' counters differ between the study and its repetition"
done
ok "the quantum study's two summaries made again from their runs, identical; the $(wc -l <<<"$quoted") lines the findings quote are theirs; the quanta run twice counted the same"

# The results format (docs/results-format.md) names each CSV's header as
# its one owner, lib/rundir.sh, writes it.
for h in BOOTS_HDR HACKBENCH_HDR COUNTERS_HDR BISECT_HDR SERIES_HDR EMULATED_HDR; do
	grep -qF "\`${!h}\`" "$TOP/docs/results-format.md" || fail "docs/results-format.md lacks $h as lib/rundir.sh writes it: ${!h}"
done
ok "docs/results-format.md gives every CSV header as lib/rundir.sh writes it"

# Every relative link of the README and docs/ leads to a file of the
# repository (a page or a run moved leaves no dangling link).
broken=$(cd "$TOP" && for f in README.md docs/*.md docs/findings/*.md; do
	{ grep -o '](\([^)#]*\))' "$f" || true; } | sed 's/^](//; s/)$//' | { grep -v '^[a-z]*://' || true; } | while read -r l; do
		[ -e "$(dirname "$f")/$l" ] || echo "$f: $l"
	done
done)
[ -z "$broken" ] || fail "links to nothing: $(tr '\n' ';' <<<"$broken")"
ok "every relative link of the README and docs/ leads to a file"
