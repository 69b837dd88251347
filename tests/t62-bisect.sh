#!/usr/bin/env bash
# group: full vm
# ./run.sh bisect on the committed test series (tests/data/bisect: eight
# small changes, the fifth putting every partial slab at the head of the
# list): the culprit found in at most ceil(log2 8) = 3 steps after the
# ends, with its subject and a chart; an interrupted bisect (its rows cut
# after two steps) resumes at the third and finds the same; the series
# without the fifth change ends "no regression" with both ends' values;
# bad input refused in one line before anything is built.
. "$(dirname "$0")/lib.sh"
require_vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=$TOP/tests/data/bisect
B=$TOP/bisect/run.sh

printf '0001-Documentation-mm-slub-say-where-the-partial-slabs-ar.patch\nnope.patch\n' >"$tmp/missing.series"
cp "$D"/0001-*.patch "$tmp/"
for bad in "--series $tmp/missing.series|--series $tmp/missing.series, line 2: patch nope.patch is missing" \
	"--series $tmp/nothing|--series $tmp/nothing: no such file" \
	"--series $D/series --metric speed|--metric takes one of add_partial" \
	"--series $D/series --factor 1|--factor needs a number from 1.01 to 1000" \
	"--series $D/series --max-boots 1|--end-boots 2 and --max-boots 1" \
	"--series $D/series --seed x|--seed needs a whole number" "--metric add_partial|which changes\\? give --series FILE" \
	"--series $D/series --quantum 0|--quantum takes inf or a whole number of instructions from 1 to 1000000000, not .0."; do
	# shellcheck disable=SC2086
	expect_fail "$B" ${bad%%|*}
	contains "$OUT" "^slubbench: error: ${bad#*|}" "bad input: ${bad%%|*}"
	[ "$(wc -l <<<"$OUT")" = 1 ] || fail "more than one line for ${bad%%|*}: $OUT"
done
refusals_said

t0=$(date +%s)
"$B" --series "$D/series" --groups 4 --loops 50 --out "$tmp/a" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "bisect failed"; }
secs=$(($(date +%s) - t0))
R=$tmp/a/report.txt
grep -qx '  0005-mm-slub-add-partial-slabs-at-the-head-of-the-list.patch' <<<"$(grep -A1 '^Result: the first bad change is step 5 of 8:$' "$R")" ||
	fail "the culprit is not step 5: $(cat "$R")"
grep -qF '"mm/slub: add partial slabs at the head of the list"' "$R" || fail "no subject: $(cat "$R")"
steps=$(csv_rows "$tmp/a/steps.csv" step | sort -u | grep -cvxE '0|8')
[ "$steps" -le 3 ] || fail "$steps steps between the ends, more than ceil(log2 8) = 3: $(cat "$tmp/a/steps.csv")"
[ "$(csv_rows "$tmp/a/steps.csv" result | sort -u)" = finished ] || fail "a boot did not finish: $(cat "$tmp/a/steps.csv")"
[ -s "$tmp/a/plots/bisect.png" ] || fail "no chart"
nb=$(($(wc -l <"$tmp/a/steps.csv") - 1))
ok "the culprit, step 5, in $steps steps after the ends ($nb counting-mode boots, ${secs} s), its subject and a chart"
# every boot ran at the bench's default quantum, recorded and reported
q=$(. "$TOP/lib/detboot.sh" && echo "$DET_QUANTUM_DEFAULT")
[ "$(jq -r .quantum "$tmp/a/bisect.json")" = "$q" ] || fail "bisect.json's quantum is $(jq -r .quantum "$tmp/a/bisect.json"), not the default $q"
[ "$(cat "$tmp"/a/raw/*/boot-info | sed -n 's/^quantum=//p' | sort -u)" = "$q" ] ||
	fail "the boots' quanta: $(cat "$tmp"/a/raw/*/boot-info | sed -n 's/^quantum=//p' | sort | uniq -c)"
grep -q "quantum $q," "$R" || fail "the report does not name the quantum $q: $(head -5 "$R")"
ok "every boot of the bisect at the counting mode's default quantum ($q), in bisect.json, boot-info and the report"

# interrupted after the ends and two steps: the third is all that is left
rows=$(awk -F, 'NR == 1 { print; next } $1 == 0 || $1 == 8 { print; next } !($1 in s) && n < 2 { s[$1] = 1; n++ } $1 in s { print }' "$tmp/a/steps.csv")
cp -r "$tmp/a" "$tmp/b"
echo "$rows" >"$tmp/b/steps.csv"
rm -f "$tmp/b/report.txt"
kept=$(($(wc -l <"$tmp/b/steps.csv") - 1))
"$B" --resume "$tmp/b" --series "$D/series" >"$tmp/log2" 2>&1 || { cat "$tmp/log2"; fail "resume failed"; }
grep -q '^Result: the first bad change is step 5 of 8:$' "$tmp/b/report.txt" || fail "resumed: $(cat "$tmp/b/report.txt")"
[ "$(($(wc -l <"$tmp/b/steps.csv") - 1))" = "$nb" ] || fail "resumed: $(($(wc -l <"$tmp/b/steps.csv") - 1 - kept)) boots after $kept, want $((nb - kept))"
ok "a bisect cut after two steps resumes at the third ($((nb - kept)) boot) and finds step 5 again"
cp "$D/series-none" "$tmp/series-none"
cp "$D"/*.patch "$tmp/"
expect_fail "$B" --resume "$tmp/b" --series "$tmp/series-none"
contains "$OUT" "^slubbench: error: the patches of --series $tmp/series-none are not the changes $tmp/b began with: start a new bisect$" "resume with another series"
ok "--resume with another series is refused"

"$B" --series "$D/series-none" --groups 4 --loops 50 --end-boots 1 --out "$tmp/c" >"$tmp/log3" 2>&1 || { cat "$tmp/log3"; fail "bisect (no regression) failed"; }
grep -q '^Result: no regression: the ends do not differ by the factor 1.5' "$tmp/c/report.txt" || fail "no regression: $(cat "$tmp/c/report.txt")"
[ "$(csv_rows "$tmp/c/steps.csv" step | sort -u | tr '\n' ' ')" = "0 7 " ] || fail "no regression: steps $(csv_rows "$tmp/c/steps.csv" step | sort -u | tr '\n' ' ')"
grep -qE '^ +0 +end +[0-9.]+ +stock$' "$tmp/c/report.txt" && grep -qE '^ +7 +end +[0-9.]+ ' "$tmp/c/report.txt" ||
	fail "no regression: both ends' values not shown: $(cat "$tmp/c/report.txt")"
ok "the series without the culprit (one boot an end): no regression, after the ends alone, with both ends' values"
