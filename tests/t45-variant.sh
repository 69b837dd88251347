#!/usr/bin/env bash
# group: full vm
# A user's own patch as a variant: ./run.sh --variant NAME=PATCH builds
# stock + PATCH, runs it beside the other kernels and reports it; bad
# --variant input is refused with a clear error before anything is built.
# (Timed boots only: the counting mode is t40's, t46's and t61's.)
. "$(dirname "$0")/lib.sh"
require_vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P=$TOP/tests/data/user-variant.patch

expect_fail "$TOP/run.sh" --variant "fix=$tmp/none.patch" --quick
contains "$OUT" "patch file '.*none.patch' does not exist" "missing patch file refused"
expect_fail "$TOP/run.sh" --variant "tail=$P" --quick
contains "$OUT" "clashes with a built-in variant" "a name that clashes refused"
expect_fail "$TOP/run.sh" --variant "nopatch" --quick
contains "$OUT" "--variant takes NAME=PATCH" "malformed --variant refused"

R=$tmp/run
"$TOP/run.sh" --quick --kernels tail --variant "dtail=$P" --rounds 1 --no-count --no-emulated-counters --out "$R" >"$tmp/log" 2>&1 ||
	{ tail -n 30 "$tmp/log"; fail "./run.sh --variant failed"; }
jq -e '.kernels.dtail.patches | map(.file) | . == ["0001-mm-slub-add-a-tracepoint-to-add_partial.patch", "user-variant.patch"]' \
	"$R/manifest.json" >/dev/null || fail "dtail is not stock + the patch: $(jq -c .kernels.dtail.patches "$R/manifest.json")"
[ "$(jq -r .kernels.dtail.build_id "$R/manifest.json")" != "$(jq -r .kernels.tail.build_id "$R/manifest.json")" ] ||
	fail "dtail booted tail's kernel"
grep -q '^dtail,2007,1,c1,1,timed,.*,ok$' "$R/hackbench.csv" || fail "no dtail run: $(cat "$R/hackbench.csv")"
grep -q '^  dtail: ' "$R/report.txt" || fail "dtail not in the report's headline"
grep -q 'Report: .*report.txt' "$tmp/log" || fail "./run.sh printed no report path"
grep -q '^Headline' "$tmp/log" || fail "./run.sh printed no headline"
ok "--variant dtail=PATCH built as stock + PATCH, measured and reported; headline printed"
