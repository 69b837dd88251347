#!/usr/bin/env bash
# group: full
# ./run.sh merge on stored shards, made by splitting results/reference by
# whole squares as --shard I/2 would run it (rounds 1-4 and 9-12 on host
# alpha, 5-8 on beta; round 0 and emulated repetition 1 with shard 1): the
# merged statistics equal the unsplit run's; merging is idempotent and
# takes the shards in any order; each host is a block in the report; a
# missing shard is said, never hidden; shards of other plans, seeds or
# builds are refused, naming the difference.
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
REF=$TOP/results/reference
[ -s "$REF/hackbench.csv" ] || skip "no results/reference to split"
build_tools all
S=$TOOLS_BIN/slubstats

# mkshard I HOST: shard I/2 of the reference, its rows only.
mkshard() {
	local i=$1 h=$2 d=$tmp/shard$1 f
	mkdir -p "$d"
	cp -r "$REF/kernels" "$REF/rootfs.json" "$d/"
	jq --arg s "$i/2" '.shard = $s | .command = .command + " --shard " + $s' "$REF/plan.json" >"$d/plan.json"
	jq --arg s "$i/2" --arg h "$h" '.plan.shard = $s | .host.name = $h | .run_id = "shard\($s[0:1])"' "$REF/manifest.json" >"$d/manifest.json"
	for f in boots hackbench counters crosscheck emulated; do
		awk -F, -v OFS=, -v i="$i" -v h="$h" -v f="$f" '
			NR == 1 { for (c = 1; c <= NF; c++) col[$c] = c; add = f == "boots" && !("host" in col)
			  print $0 (add ? ",host" : ""); next }
			{ r = $(col["round"]); k = ("kind" in col) ? $(col["kind"]) : (f == "emulated" ? "emulated" : "count")
			  s = k == "count" || r == 0 ? 1 : k == "emulated" ? (r - 1) % 2 + 1 : int((r - 1) / 4) % 2 + 1
			  if (f == "boots" && !add) $(col["host"]) = h
			  if (s == i) print $0 (add ? "," h : "") }' "$REF/$f.csv" >"$d/$f.csv"
	done
	# its boots: one a round, kernel, kind and vCPU count (an attempt set
	# aside and booted again is a row, not a boot)
	local n rows
	n=$(boot_attempts "$d/boots.csv" | grep -c '^1')
	rows=$(($(wc -l <"$d/boots.csv") - 1))
	jq --argjson n "$n" --argjson r $((rows - n)) '.boots = {expected: $n, done: $n, failed: 0, retried: $r, list: []}' \
		"$d/manifest.json" >"$d/m.tmp" && mv "$d/m.tmp" "$d/manifest.json"
}
mkshard 1 alpha
mkshard 2 beta
[ "$(csv_rows "$tmp/shard2/hackbench.csv" round kind | awk -F'|' '$2 == "timed" { print $1 }' | sort -un | tr '\n' ' ')" = "5 6 7 8 " ] ||
	fail "the split: shard 2 should hold rounds 5-8"

"$TOP/run.sh" merge "$tmp/merged" "$tmp/shard2" "$tmp/shard1" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "merge failed"; }
for what in times mechanism; do
	case "$what" in
	times) a=$("$S" times "$REF/hackbench.csv" | sort); b=$("$S" times "$tmp/merged/hackbench.csv" | sort) ;;
	mechanism)
		a=$("$S" mechanism "$REF/counters.csv" "$REF/hackbench.csv" --caches skbuff_head_cache --baseline tail | sort)
		b=$("$S" mechanism "$tmp/merged/counters.csv" "$tmp/merged/hackbench.csv" --caches skbuff_head_cache --baseline tail | sort) ;;
	esac
	[ "$a" = "$b" ] || fail "merged $what differ from the unsplit run's: $(diff <(echo "$a") <(echo "$b") | head -5)"
done
[ "$("$S" emulated "$REF/emulated.csv" "$REF/hackbench.csv" --baseline tail | sort)" = \
	"$("$S" emulated "$tmp/merged/emulated.csv" "$tmp/merged/hackbench.csv" --baseline tail | sort)" ] ||
	fail "merged emulated counters differ"
ok "merged statistics (times, mechanism, emulated) equal the unsplit run's"
[ "$(jq -r .status "$tmp/merged/manifest.json")" = complete ] && [ "$(jq -r '.shards.present | join(" ")' "$tmp/merged/manifest.json")" = "1/2 2/2" ] ||
	fail "manifest: $(jq -c '{status, shards}' "$tmp/merged/manifest.json")"
[ "$(jq -r '.boots.done' "$tmp/merged/manifest.json")" = "$(jq -r '.boots.done' "$REF/manifest.json")" ] || fail "boots done"
ok "the merged manifest: complete, both shards, every boot"

"$TOP/run.sh" merge "$tmp/again" "$tmp/shard1" "$tmp/shard2" >/dev/null 2>&1 || fail "merge in the other order failed"
"$TOP/run.sh" merge "$tmp/merged" "$tmp/shard1" "$tmp/shard2" >/dev/null 2>&1 || fail "merging again failed"
diff -r -x manifest.json "$tmp/merged" "$tmp/again" >/dev/null || fail "the shards' order changed the merged run"
[ "$(jq -S 'del(.run_id)' "$tmp/merged/manifest.json")" = "$(jq -S 'del(.run_id)' "$tmp/again/manifest.json")" ] ||
	fail "the manifests differ by order"
ok "merging is idempotent and takes the shards in any order"

"$TOP/run.sh" report "$tmp/merged" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "report of the merged run failed"; }
sec=$(sed -n '/^Hosts:/,/^$/p; /^Hosts:/,/^Faults\|^Warnings/p' "$tmp/merged/report.txt")
grep -qE '^  head +[0-9-]+ +alpha +8 ' <<<"$sec" && grep -qE '^  head +[0-9-]+ +beta +4 ' <<<"$sec" ||
	fail "no per-host rows (alpha 8 pairs, beta 4): $sec"
[ "$(csv_rows "$tmp/merged/hosts.csv" kernel host interaction_p | awk -F'|' '$1 == "head" { print $3 }' | sort -u | wc -l)" = 1 ] ||
	fail "hosts.csv: one interaction p per comparison"
grep -q 'shard 2/2: host beta' "$tmp/merged/report.txt" || fail "provenance does not list the shards' hosts"
ok "the report: each host a block, its paired ratios, the interaction test, the hosts in the provenance"

"$TOP/run.sh" merge "$tmp/part" "$tmp/shard1" >/dev/null 2>&1 || fail "merge of one shard failed"
[ "$(jq -r .status "$tmp/part/manifest.json")" = incomplete ] &&
	[ "$(jq -r '.shards.missing_rounds | map(tostring) | join(" ")' "$tmp/part/manifest.json")" = "5 6 7 8" ] ||
	fail "a missing shard: $(jq -c '{status, stop_reason, shards}' "$tmp/part/manifest.json")"
"$TOP/run.sh" report "$tmp/part" >/dev/null 2>&1 || fail "report of a partial merge failed"
grep -q 'Merged without shard 2/2: rounds 5, 6, 7, 8 are missing' <<<"$(tr -s ' \n' ' ' <"$tmp/part/report.txt")" ||
	fail "the report hides the missing shard: $(sed -n '/^Warnings/,/^$/p' "$tmp/part/report.txt")"
ok "a missing shard: status incomplete, its rounds named in the manifest and the report"

# Bad input: shards of other plans or builds, duplicates, not shards.
cp -r "$tmp/shard2" "$tmp/seed2"
jq '.seed = "99"' "$tmp/shard2/plan.json" >"$tmp/seed2/plan.json"
expect_fail "$TOP/run.sh" merge "$tmp/x" "$tmp/shard1" "$tmp/seed2"
contains "$OUT" "differs from .*'s plan: seed is 99, not 20261203" "another seed is refused, naming it"
cp -r "$tmp/shard2" "$tmp/build2"
jq '.build_id = "ffff"' "$tmp/shard2/kernels/head.json" >"$tmp/build2/kernels/head.json"
expect_fail "$TOP/run.sh" merge "$tmp/x" "$tmp/shard1" "$tmp/build2"
contains "$OUT" "kernel head: build_id is ffff" "another build of a kernel is refused"
expect_fail "$TOP/run.sh" merge "$tmp/x" "$tmp/shard1" "$tmp/shard1"
contains "$OUT" "two shards are 1/2" "the same shard twice is refused"
expect_fail "$TOP/run.sh" merge "$tmp/x" "$REF"
contains "$OUT" "is not a shard" "a whole run is not a shard"
[ ! -e "$tmp/x" ] || fail "a refused merge wrote $tmp/x"
expect_fail "$TOP/run.sh" merge "$TOP" "$tmp/shard1"
contains "$OUT" "exists and is not a merge of shards" "merge never overwrites a directory it did not make"

# No data lost by merge: shards inside OUT, OUT inside a shard, and a merge
# that fails half-way each leave every directory as it was.
before=$(cd "$tmp/merged" && find . -type f -exec sha256sum {} + | sort | sha256sum)
cp -r "$tmp/shard1" "$tmp/merged/s1"
cp -r "$tmp/shard2" "$tmp/merged/s2"
before_in=$(cd "$tmp/merged" && find . -type f -exec sha256sum {} + | sort | sha256sum)
expect_fail "$TOP/run.sh" merge "$tmp/merged" "$tmp/merged/s1" "$tmp/merged/s2"
contains "$OUT" "is inside .*merged: a merge would replace its own shard" "shards inside OUT: refused"
[ "$(cd "$tmp/merged" && find . -type f -exec sha256sum {} + | sort | sha256sum)" = "$before_in" ] || fail "the refused merge changed $tmp/merged"
rm -rf "$tmp/merged/s1" "$tmp/merged/s2"
expect_fail "$TOP/run.sh" merge "$tmp/shard1/raw/m" "$tmp/shard1" "$tmp/shard2"
contains "$OUT" "is inside the shard .*shard1: give OUT elsewhere" "OUT inside a shard: refused"
[ ! -e "$tmp/shard1/raw/m" ] || fail "a refused merge left $tmp/shard1/raw/m"
cp -r "$tmp/shard2" "$tmp/hdr2"
# (a shard of an older version: one column fewer, found only when joining)
cut -d, -f1-11 "$tmp/shard2/boots.csv" >"$tmp/hdr2/boots.csv"
expect_fail "$TOP/run.sh" merge "$tmp/merged" "$tmp/shard1" "$tmp/hdr2"
contains "$OUT" "boots.csv: header differs from the other shards' boots.csv" "a shard whose header differs, found half-way"
[ "$(cd "$tmp/merged" && find . -type f -exec sha256sum {} + | sort | sha256sum)" = "$before" ] ||
	fail "a merge that failed ($OUT) changed the previous merge"
[ -z "$(find "$tmp" -maxdepth 1 -name '.merged.merge.*')" ] || fail "a failed merge left its temporary directory"
ok "a failed merge leaves the previous one whole, and no temporary directory"
# a shard plan the bench never writes (N of 20 digits) is refused at once
cp -r "$tmp/shard2" "$tmp/huge"
jq '.shard = "1/99999999999999999999"' "$tmp/shard2/plan.json" >"$tmp/huge/plan.json"
expect_fail timeout 20 "$TOP/run.sh" merge "$tmp/y" "$tmp/huge"
contains "$OUT" "is not a shard \(its plan has no --shard I/N with 1 <= I <= N < 10000" "a shard plan of 1/99999999999999999999: refused, no loop"
# its plan's settings pass the command line's checks: one line, no
# arithmetic error
cp -r "$tmp/shard2" "$tmp/abc"
jq '.rounds = "abc"' "$tmp/shard2/plan.json" >"$tmp/abc/plan.json"
expect_fail "$TOP/run.sh" merge "$tmp/z" "$tmp/abc"
contains "$OUT" "abc/plan.json: --rounds needs a positive whole number, not 'abc'; refusing this shard" "a plan with rounds \"abc\": one line naming it"
[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "more than one line: $OUT"
refusals_said
