#!/usr/bin/env bash
# group: full
# The findings quote their runs. In docs/findings/*.md a code block right
# after a line "<!-- quoted from results/RUN/report.txt -->" holds lines of
# that report: each must be a line of the committed report and of the one
# today's code makes again from RUN's committed CSVs (./run.sh report on a
# copy; bisect/report.sh for a bisect's). A reading whose run was made
# again, or code that changed a quoted figure, fails here. A record of what
# something took (a suite's or a command's own output, committed as
# docs/findings/records/NAME.log) is quoted the same way: each quoted line
# must be one of the record's; a build record's build ids must be
# results/reference's. A duration of boots ("N boots in ...") is only
# quoted, never written by hand. Every interval in the prose of the
# README and docs/ is one that a run the page names gives. Also made again: the 16-vCPU axis's whole Scaling
# section, and the precision run's arithmetic from its summary.csv.
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/checkstore.sh
. "$TOP/tests/checkstore.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
F=$TOP/docs/findings
# FILE<TAB>RUN<TAB>LINE for every quoted line; a marker with no block after
# it, or another marker first, is an error
quotes=$(awk -v OFS='\t' '
	FNR == 1 { if (src != "") { print FILENAME_prev ": a quote marker with no code block after it" > "/dev/stderr"; bad = 1 } src = ""; inb = 0 }
	{ FILENAME_prev = FILENAME }
	/^<!-- quoted from (results\/[A-Za-z0-9._-]+\/(report|summary)\.txt|docs\/findings\/records\/[A-Za-z0-9._-]+\.log) -->$/ {
		if (src != "") { print FILENAME ":" FNR ": a quote marker with no code block after the one before" > "/dev/stderr"; bad = 1 }
		src = $4; next }
	/^```/ { if (inb) { inb = 0; src = "" } else if (src != "") inb = 1; next }
	inb { print FILENAME, src, $0 }
	END { exit bad }' "$F"/*.md) || fail "docs/findings: a quote marker without its block (above)"
[ -n "$quotes" ] || fail "docs/findings quotes no report"
mapfile -t srcs < <(cut -f2 <<<"$quotes" | sort -u)
for s in "${srcs[@]}"; do
	[ -f "$TOP/$s" ] || fail "docs/findings quotes $s, which is not committed"
done
# the reports made again (a study's summary.txt is made again by t58)
mapfile -t runs < <(grep '^results/.*/report\.txt$' < <(printf '%s\n' "${srcs[@]}") | sed 's,^results/,,; s,/report\.txt$,,')
# (by today's code, or from the check store: tests/checkstore.sh)
code=$(code_key "$TOP")
for run in "${runs[@]}"; do
	cp -r "$TOP/results/$run" "$tmp/$run"
	err=$(remade_report "$tmp/$run" "$code") || fail "results/$run reported again: $err"
done
n=0
while IFS=$'\t' read -r file s line; do
	grep -qxF -- "$line" "$TOP/$s" ||
		fail "${file#"$TOP"/} quotes a line $s does not hold: $line"
	n=$((n + 1))
	[[ "$s" == results/*/report.txt ]] || continue
	grep -qxF -- "$line" "$tmp/${s#results/}" ||
		fail "${file#"$TOP"/} quotes a line today's code does not make from ${s%/*}'s CSVs: $line"
done <<<"$quotes"
ok "docs/findings quotes $n lines of ${#srcs[@]} files (${srcs[*]}): each is the committed file's, and a report's is what today's code makes of its CSVs"

# What a run's boots took is its report's Boots line (from boots.csv):
# a findings page quotes it, never writes a duration of boots by hand
# (the prose of each page joined, so that a phrase broken over lines is seen)
hand=$(awk 'function check() { if (match(prose, /[0-9]+ boots in [0-9][^.;)]*/)) print f ": " substr(prose, RSTART, RLENGTH) }
	FNR == 1 { check(); prose = ""; inb = 0; f = FILENAME }
	/^```/ { inb = !inb; next }
	!inb { prose = prose " " $0 }
	END { check() }' "$F"/*.md)
[ -z "$hand" ] || fail "docs/findings gives a duration of boots outside a quote of its report's Boots line: $hand"
ok "docs/findings gives no duration of boots but in quotes of a report"

# Every interval (A..B) in the prose of the README, docs/ and
# docs/findings/ (outside code blocks and tables, which the checks above
# and t59 hold) is one that a run the page names gives: a .txt of
# results/NAME (named as results/NAME or `reference...`), or of
# "results/NAME/FILE.txt at COMMIT" as git has it; equal to the digits the
# prose gives (1.209 is 1.2090). An estimate written before its interval
# ("x5.70 (4.68..6.93)", "+15.0% (1.049..1.260)", "x1.163, 1.008..1.342")
# must stand beside that interval in the run's text: on its line or the
# line before (tests/estimate.awk).
# named_text PAGE: $tmp/src gets the text of the runs PAGE names (their
# .txt files); NAMED_RUNS: those runs
named_text() {
	local r p c
	: >"$tmp/src"
	NAMED_RUNS=()
	# shellcheck disable=SC2016 # the backquotes are markdown's
	for r in $(grep -oE 'results/[A-Za-z0-9._-]+|`reference[A-Za-z0-9._-]*`' "$1" | tr -d '`' | sed 's,^results/,,' | sort -u); do
		[ -d "$TOP/results/$r" ] || continue
		NAMED_RUNS+=("$r")
		find "$TOP/results/$r" -maxdepth 2 -name '*.txt' -not -path '*/raw/*' -exec cat {} + >>"$tmp/src"
	done
	while read -r p c; do
		git -C "$TOP" show "$c:$p" >>"$tmp/src" 2>/dev/null || fail "${1#"$TOP"/} names $p at $c, which git does not hold"
	done < <(tr '\n' ' ' <"$1" | grep -oE 'results/[A-Za-z0-9._-]+/[A-Za-z0-9._-]+\.txt`? +at +[0-9a-f]{7,40}' | tr -d '`' | sed 's/ \{1,\}at \{1,\}/ /')
}
nb=0 ni=0 ne=0
for f in "$F"/*.md "$TOP"/docs/*.md "$TOP"/README.md; do
	prose=$(awk '/^```/ { inb = !inb; next } !inb && !/^\|/' "$f" | tr '\n' ' ')
	mapfile -t ivs < <(grep -oE '[0-9]+\.[0-9]+\.\.[0-9]+\.[0-9]+' <<<"$prose" | sort -u)
	[ "${#ivs[@]}" -gt 0 ] || continue
	mapfile -t ests < <(tr -s ' ' <<<"$prose" |
		grep -oE '(^|[ (])[x+-]?[0-9]+\.[0-9]+%?( \(|, )([^()]{0,20}[ ,;:])?[0-9]+\.[0-9]+\.\.[0-9]+\.[0-9]+' | sed 's/^[ (]//' | sort -u)
	named_text "$f"
	for iv in "${ivs[@]}"; do
		awk -v iv="$iv" 'function dec(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
			BEGIN { split(iv, p, /\.\./); a = p[1]; b = p[2]; ta = 0.5 * 10 ^ -dec(a) + 1e-9; tb = 0.5 * 10 ^ -dec(b) + 1e-9 }
			{ s = $0; while (match(s, /[0-9]+(\.[0-9]+)?\.\.[0-9]+(\.[0-9]+)?/)) {
				split(substr(s, RSTART, RLENGTH), q, /\.\./); s = substr(s, RSTART + RLENGTH)
				if (q[1] - a <= ta && a - q[1] <= ta && q[2] - b <= tb && b - q[2] <= tb) { found = 1; exit } } }
			END { exit !found }' "$tmp/src" || fail "${f#"$TOP"/}: the interval $iv in its prose is none that the runs it names give"
		ni=$((ni + 1))
	done
	for e in "${ests[@]}"; do
		est=$(sed -E 's/^[x+-]?([0-9.]+).*/\1/' <<<"$e")
		awk -v iv="${e##*[ (]}" -v est="$est" -f "$TOP/tests/estimate.awk" "$tmp/src" ||
			fail "${f#"$TOP"/}: the estimate in '$e)' is not beside its interval in the runs it names"
		ne=$((ne + 1))
	done
	nb=$((nb + 1))
done
[ "$ni" -ge 20 ] && [ "$ne" -ge 20 ] || fail "only $ni intervals and $ne estimates in the docs' prose: the check reads nothing"
ok "each of the $ni intervals in the prose of $nb pages is one that a run the page names gives, and each of the $ne estimates before one stands beside it there"

# A record of kernel builds that names a kernel of results/reference
# (docs/findings/records/builds-*.log: "NAME: built in ..., build id ID")
# was made elsewhere and later: its build id must be the reference's, or
# the findings' "builds are reproducible across machines" would be false.
n=0
while read -r name id; do
	name=${name%:} name=${name%-2007}
	J=$TOP/results/reference/kernels/$name.json
	[ -f "$J" ] || continue
	[[ "$id" =~ ^[0-9a-f]{12,40}$ ]] || fail "a build record gives $name the build id '$id', not 12 to 40 hex digits"
	want=$(jq -r .build_id "$J")
	[[ "$want" == "$id"* ]] || fail "a build record gives $name the build id $id, results/reference's is $want"
	n=$((n + 1))
done < <(sed -n 's/^\[[0-9ms]* kernels\] \([^ ]*\) built in [0-9]*s, .*build id \([0-9a-f]*\) .*/\1 \2/p' "$F"/records/builds-*.log)
[ "$n" -ge 2 ] || fail "the build records name $n kernels of results/reference, want 2 at least"
ok "the build records' $n kernels of results/reference have its build ids (built on another machine, later)"

# The 16-vCPU axis (reference-scaling-16.md): the whole Scaling section
section() { sed -n '/^Scaling:/,/^For comparison/p' "$1"; }
R=$TOP/results/reference-scaling-16
[ -d "$tmp/reference-scaling-16" ] || fail "reference-scaling-16.md quotes nothing of its report"
[ "$(section "$R/report.txt" | wc -l)" -ge 10 ] || fail "results/reference-scaling-16: no Scaling section"
diff -u <(section "$R/report.txt") <(section "$tmp/reference-scaling-16/report.txt") >&2 ||
	fail "results/reference-scaling-16's Scaling section, made again from its CSVs, differs"
ok "results/reference-scaling-16's Scaling section is what its CSVs give"

# The precision run's arithmetic: a half-width shrinks as one over the
# square root of the rounds
P=$TOP/results/reference-precision
hw=$(csv_get "$P/summary.csv" halfwidth_pct kernel=head config=c1)
pairs=$(csv_get "$P/summary.csv" pairs kernel=head config=c1)
mins=$(jq -r .max_time "$P/plan.json")
[[ "$mins" =~ ^[0-9]+m$ ]] || fail "results/reference-precision/plan.json: max_time '$mins', not minutes"
mins=${mins%m}
want=$(awk -v h="$hw" -v n="$pairs" -v m="$mins" 'BEGIN { f = (h / 2) ^ 2; printf "(%.2f / 2)^2 = %.1f times the rounds, about %d: at the pace of this run (%d rounds in its %d minutes), about %d minutes", h, f, n * f + 0.5, n, m, int(m * f / 10 + 0.5) * 10 }')
grep -qF -- "$want" <<<"$(tr -s ' \n' '  ' <"$F/reference-precision.md")" ||
	fail "reference-precision.md does not say what its summary.csv gives: $want"
ok "reference-precision.md's arithmetic as its summary.csv gives it (half-width $(printf %.2f "$hw")%, $pairs pairs)"

# Every figure (a number with a decimal point, or a whole one of two
# digits or more: "1,209" is 1209; a figure of few digits is found in
# almost any run's text, so the check bites on longer ones) in the prose
# and tables of docs/findings/ is one that what the page names gives
# (tests/figure.awk), or the result of a sum the page shows ("35 × 60 × 2
# = 4200", worked again by tests/arith.awk):
# the text of its runs, its quotes and records, the CSVs of those runs it
# names by file name (`emulated-cycles.csv`), and "N M" or "N k" as
# millions or thousands of a count in that text. The four tables t59 makes
# again cell by cell from their runs' CSVs are its. Not figures: the kernel trees' names (6.1, 6.12,
# lib/trees.sh) and versions with two dots, dates and clock times, the
# digits inside a word (t40, 357ac20, 5m27s: a duration is quoted from a
# record, whose "10m21s" also gives 621), the levels 95% and 97.5%, and
# the precision page's arithmetic (checked above), and powers of ten
# (units: per 1000 messages, 1000000 microseconds a second). A figure only said
# elsewhere in the run, not beside its context, passes: this finds a
# figure no run gives, not one copied from the wrong line.
# page_figures PAGE: its figures, one a line, sorted
page_figures() {
	awk '/^```/ { inb = !inb; next } inb { next }
		/^\|/ { if (!intab) held = /^\| kernel \| time \| interval \|/ || /^\| against \| kernel \| time \|/ ||
				/^\| kernel \| list length, averaged over a run/ || /^\| tree, profile \| run \|/
			intab = 1; if (!held) print; next }
		{ intab = 0; print }' "$1" | tr '\n' ' ' |
		sed -E 's/[0-9]+(\.[0-9]+)?\.\.[0-9]+(\.[0-9]+)?/ /g; s/[0-9]+\.[0-9]+\.[0-9.]+/ /g
			s/[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9:]+Z?)?/ /g; s/[0-9]+:[0-9]{2}(:[0-9]{2})?/ /g
			s/([0-9]),([0-9]{3})\b/\1\2/g; s/([0-9]),([0-9]{3})\b/\1\2/g
			s/([ ,;:)])/\1 /g; s/\. /.  /g' |
		{ grep -oE '(^|[ (~x+-])([0-9]+\.[0-9]+( +M\b|%)?|[0-9]{2,}( +M\b|%|[ ,;:).]|$))' || true; } |
		sed -E 's/^[ (~x+-]//; s/ +M$/ M/; s/[ ,;:).]$//' |
		awk -v trees=" $DEB_TREES " '/%$/ { if ($0 == "95%" || $0 == "97.5%") next; sub(/%$/, "") }
			index(trees, " " $0 " ") || /^10+$/ { next } { print }' | sort -u
}
# (probes: what is a figure, and arithmetic that does not work out)
printf '%s\n' 'made on 2026-12-07 at 357ac20, 10:41: t40 took 1,209 s' '(x1.66, 5m27s, 6.1 and 6.1.192, 95%) and 12.5% of 3.41 M per 1000; 7 rounds.' >"$tmp/probe.md"
[ "$(page_figures "$tmp/probe.md" | LC_ALL=C sort | tr '\n' ' ')" = "1.66 12.5 1209 3.41 M " ] ||
	fail "page_figures: the probe's figures are '$(page_figures "$tmp/probe.md" | tr '\n' ' ')'"
[ "$(echo 'so 35 × 60 × 2 = 4200 s, and 7587 - 2424 - 1461 = 3702 s; 2 + 3 * 4 = 15' | awk -f "$TOP/tests/arith.awk" | tr '\n' ';')" = "ok 4200;ok 3702;bad 2 + 3 * 4 = 15 (gives 14);" ] ||
	fail "tests/arith.awk does not work the probe's sums out"
nfig=0 npage=0 narith=0
for f in "$F"/*.md; do
	named_text "$f"
	awk '/^```/ { inb = !inb; next } inb' "$f" >>"$tmp/src"
	mapfile -t recs < <(grep -oE 'records/[A-Za-z0-9._-]+\.log' "$f" | sort -u)
	for rec in ${recs[@]+"${recs[@]}"}; do cat "$F/$rec" >>"$tmp/src"; done
	[ "${f##*/}" != reference-precision.md ] || echo "$want" >>"$tmp/src"
	# the page's own arithmetic, worked again: its results are figures it gives
	awk '/^```/ { inb = !inb; next } !inb' "$f" | tr '\n' ' ' | awk -f "$TOP/tests/arith.awk" >"$tmp/arith"
	! grep -q '^bad ' "$tmp/arith" || fail "${f#"$TOP"/}: arithmetic that does not work out: $(sed -n 's/^bad //p' "$tmp/arith" | tr '\n' ';')"
	sed -n 's/^ok //p' "$tmp/arith" >>"$tmp/src"
	narith=$((narith + $(wc -l <"$tmp/arith")))
	csvs=()
	mapfile -t named < <(grep -oE '[a-z][a-z-]*\.csv' "$f" | sort -u)
	for c in ${named[@]+"${named[@]}"}; do
		for r in ${NAMED_RUNS[@]+"${NAMED_RUNS[@]}"}; do [ ! -f "$TOP/results/$r/$c" ] || csvs+=("$TOP/results/$r/$c"); done
	done
	page_figures "$f" >"$tmp/figs"
	[ -s "$tmp/figs" ] || continue
	miss=$(awk -f "$TOP/tests/figure.awk" "$tmp/figs" "$tmp/src" ${csvs[@]+csv=1 "${csvs[@]}"} | tr '\n' ';')
	[ -z "$miss" ] || fail "${f#"$TOP"/}: figures in its prose that nothing it names gives: $miss"
	nfig=$((nfig + $(wc -l <"$tmp/figs"))) npage=$((npage + 1))
done
[ "$nfig" -ge 100 ] || fail "only $nfig figures in docs/findings' prose: the check reads nothing"
ok "each of the $nfig figures in the prose and tables of $npage findings pages is one that the runs, quotes, records or CSVs it names give, or its own arithmetic ($narith sums, each worked again)"
