#!/usr/bin/env bash
# group: unit security
# A study's directory (studies/emu-measure.sh) is in the bench's formats
# and read as untrusted input: every committed study passes check_run_dir;
# the summary of each study with a run-info is made again byte for byte
# from its CSVs (a golden file: the committed summary.txt); a study whose
# boots.csv has a column no writer makes, or whose run-info names an
# unknown setting or a command that is not hackbench, is refused in one
# line, and a host name with an escape sequence is printed escaped.
. "$(dirname "$0")/lib.sh"
# shellcheck source=lib/rundir.sh
. "$TOP/lib/rundir.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for d in "$TOP"/results/reference-emulated-*/; do
	d=${d%/}
	check_run_dir "$d" boots.csv emulated.csv hackbench.csv >/dev/null
	n=$((n + 1))
	[ -f "$d/run-info" ] || continue
	cp -r "$d" "$tmp/"
	"$TOP/studies/emu-measure-summary.sh" "$tmp/$(basename "$d")" >"$tmp/summary.txt" 2>"$tmp/err" ||
		fail "$(basename "$d"): $(cat "$tmp/err")"
	diff -u "$d/summary.txt" "$tmp/summary.txt" >&2 || fail "$(basename "$d"): summary.txt made again differs"
	ok "$(basename "$d"): summary.txt made again, identical"
done
[ "$n" -ge 3 ] || fail "found $n committed studies, want 3"
ok "$n committed studies pass check_run_dir"

s=$tmp/reference-emulated-windows-det
cp -r "$s" "$tmp/bad1"
sed -i '1s/$/,evil/; 2,$s/$/,1/' "$tmp/bad1/boots.csv"
expect_fail "$TOP/studies/emu-measure-summary.sh" "$tmp/bad1"
contains "$OUT" 'boots.csv: line 1: unknown column "evil"' "a study's boots.csv with an unknown column refused"
cp -r "$s" "$tmp/bad2"
sed -i 's/^settings=.*/settings=det x;id/' "$tmp/bad2/run-info"
expect_fail "$TOP/studies/emu-measure-summary.sh" "$tmp/bad2"
contains "$OUT" "setting takes plain\|.*not 'x;id'" "an unknown setting in run-info refused"
cp -r "$s" "$tmp/bad3"
sed -i 's/^hackbench=.*/hackbench=rm -rf \//' "$tmp/bad3/run-info"
expect_fail "$TOP/studies/emu-measure-summary.sh" "$tmp/bad3"
contains "$OUT" "is not a hackbench command" "a run-info command that is not hackbench refused"
cp -r "$s" "$tmp/esc"
sed -i "s/^host=.*/host=$(printf '\033')[31mred/" "$tmp/esc/run-info"
out=$("$TOP/studies/emu-measure-summary.sh" "$tmp/esc")
contains "$(grep '^host:' <<<"$out")" '^host: \\e\[31mred$' "a host name's escape sequence printed escaped"
refusals_said
