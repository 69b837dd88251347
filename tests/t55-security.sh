#!/usr/bin/env bash
# group: full security
# A results directory is untrusted input. Hostile copies of a run, each
# made here from the test fixture: report, compare and --resume refuse
# every one with one line naming the file and the rule, and the payload's
# canary file never appears. The untouched run still reports.
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/fixtures.sh
. "$TOP/tests/fixtures.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
canary=$tmp/canary
payload="tcg'; system(\"touch $canary\"); z='x"
mkrun "$tmp/good" 4
"$TOP/report/report.sh" "$tmp/good" 2>/dev/null || fail "the untouched fixture does not report"
rm -f "$tmp"/good/{summary,mechanism}.csv

# hostile NAME: a fresh copy of the fixture in $tmp/NAME (a plain directory name)
hostile() { rm -rf "${tmp:?}/$1"; cp -r "$tmp/good" "$tmp/$1"; H=$tmp/$1; }
# refused WHAT PATTERN CMD...: CMD fails with one line matching PATTERN; no canary
refused() {
	local what=$1 pat=$2
	shift 2
	expect_fail "$@"
	[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "$what: not one line: $OUT"
	contains "$OUT" "$pat" "$what: refused"
	[ ! -e "$canary" ] || fail "$what: the payload ran"
}

for field in accel qemu status updated command slubbench_git host.cpu host.kernel plan.profile rootfs.suite; do
	hostile manifest
	jq --arg v "$payload" --arg f "$field" 'setpath($f | split("."); $v)' "$tmp/good/manifest.json" >"$H/manifest.json"
	refused "manifest $field" "manifest.json: field $field breaks its rule" "$TOP/report/report.sh" "$H"
done
hostile "q'x"
refused "a quote in the directory name" "is not a valid run id" "$TOP/report/report.sh" "$H"
hostile kname
awk -F, -v OFS=, -v c="$canary" 'NR == 2 { $1 = "head$(touch " c ")" } { print }' "$tmp/good/hackbench.csv" >"$H/hackbench.csv"
refused "shell in a CSV kernel name" "hackbench.csv: line 2: kernel .* breaks the rule" "$TOP/report/report.sh" "$H"
hostile cname
awk -F, -v OFS=, -v c="$canary" 'NR == 2 { $7 = "x\";system(\"touch " c "\");\"" } { print }' "$tmp/good/counters.csv" >"$H/counters.csv"
refused "awk in a CSV cache name" "counters.csv: line 2: " "$TOP/report/report.sh" "$H"
hostile fname
{
	echo "kernel,profile,round,config,vcpu,function,instructions,accesses,misses,transfers"
	echo "head,2007,1,c1,0,x\$(touch $canary),1,1,0,0"
} >"$H/emulated.csv"
refused "shell in an emulated function name" "emulated.csv: line 2: function .* breaks the rule" "$TOP/report/report.sh" "$H"
hostile fcount
{
	echo "kernel,profile,round,config,vcpu,function,instructions,accesses,misses,transfers"
	echo "head,2007,1,c1,0,__slab_free,1e999,1,0,0"
} >"$H/emulated.csv"
refused "a count that is not a whole number" "emulated.csv: line 2: instructions .* breaks the rule uint" "$TOP/report/report.sh" "$H"
hostile link
mkdir -p "$H/raw" && ln -s /etc/passwd "$H/raw/x"
refused "a symbolic link" "raw/x is a symbolic link" "$TOP/report/report.sh" "$H"
hostile big
truncate -s 1G "$H/boots.csv"
refused "a 1 GB sparse CSV" "boots.csv is larger than 64 MiB" "$TOP/report/report.sh" "$H"
hostile nul
printf 'head,2007,1,c1,timed,socket,process,5,20,300,100,1.0\000,ok\n' >>"$H/hackbench.csv"
refused "a NUL byte in a CSV" "hackbench.csv: a NUL byte" "$TOP/report/report.sh" "$H"
hostile seconds
sed -i '2s/,[0-9.]*,ok$/,fast,ok/' "$H/hackbench.csv"
refused "a non-numeric seconds" "hackbench.csv: line 2: seconds \"fast\" breaks the rule" "$TOP/report/report.sh" "$H"
hostile column
sed -i '1s/seconds/sec;onds/' "$H/hackbench.csv"
refused "an unknown column" 'unknown column "sec;onds"' "$TOP/report/report.sh" "$H"
refused "compare with a hostile run" 'unknown column "sec;onds"' "$TOP/report/compare.sh" "$tmp/good" "$H"
# class 5: one reading of each file. A second column of one name (slubstats
# read the first, the shell helpers the last) and rows for a kernel the
# manifest does not list (they would join the Holm family) are refused.
hostile dupcol
awk -F, -v OFS=, '{ print $0, (NR == 1 ? "seconds" : "0.001") }' "$tmp/good/hackbench.csv" >"$H/hackbench.csv"
refused "a duplicated column" 'hackbench.csv: line 1: column "seconds" appears twice' "$TOP/report/report.sh" "$H"
refused "compare with a duplicated column" 'column "seconds" appears twice' "$TOP/report/compare.sh" "$tmp/good" "$H"
# class 6: compare prints add_partial per message from the run's checked
# counters, never from its mechanism.csv (the report's output: not checked)
hostile mech
printf 'kernel,config,messages,vcpus,cache,counter,per_1000_messages\n\033[2Jhead,c1,1,2,all,add_partial,424242\n' >"$H/mechanism.csv"
out=$("$TOP/report/compare.sh" "$tmp/good" "$H" 2>&1) || fail "compare with a made-up mechanism.csv failed: $out"
! grep -q $'\033\|424242' <<<"$out" || fail "compare printed a run's own mechanism.csv: $out"
grep -qE '^head +([0-9]+ +)?[0-9.e+]+ +[0-9.]+ +[0-9.]+$' <<<"$out" || fail "compare gave no add_partial per message from the counters: $out"
ok "compare: add_partial per message from the checked counters, a made-up mechanism.csv (escape, 424242) not printed"
hostile unlisted
awk -F, -v OFS=, 'NR == 2 { print; $1 = "ghost" } { print }' "$tmp/good/hackbench.csv" >"$H/hackbench.csv"
refused "a row for a kernel the manifest does not list" 'hackbench.csv: line 3: a row for kernel "ghost", which the manifest does not list' "$TOP/report/report.sh" "$H"

# --resume reads plan.json's known keys, each checked as its option is.
for kv in "kernels|head tail;touch $canary|--kernels: .* is not a valid name" \
	"loops|300\$(touch $canary)|--loops needs a positive whole number" \
	"seed|1\`touch $canary\`|--seed needs a whole number" \
	"mode|socket'; touch $canary; '|--mode takes socket\|pipe"; do
	hostile resume
	k=${kv%%|*} rest=${kv#*|}
	jq -n --arg k "$k" --arg v "${rest%%|*}" '{kernels: "head tail", rounds: "2", seed: "1"} + {($k): $v}' >"$H/plan.json"
	refused "--resume with $k from plan.json" "${rest#*|}" "$TOP/bench/run.sh" --resume "$H"
done

# A FIFO, a device or a hard link to a file elsewhere: refused before
# anything reads or writes it (a timeout fails the test rather than hang).
echo "secret: the first line" >"$tmp/outside"
for kind in fifo device hardlink; do
	hostile "$kind"
	jq -n '{kernels: "head tail", rounds: "2", seed: "1"}' >"$H/plan.json"
	case "$kind" in
	fifo) rm -f "$H/crosscheck.csv"; mkfifo "$H/crosscheck.csv"; pat="crosscheck.csv is not a regular file" ;;
	device) mknod "$H/plots/times.png.new" c 1 5 2>/dev/null || { mkfifo "$H/plots/times.png.new"; }; pat="times.png.new is not a regular file" ;;
	hardlink) rm -f "$H/plots/drift.log"; ln "$tmp/outside" "$H/plots/drift.log"; pat="drift.log has another hard link" ;;
	esac
	refused "a $kind in the run" "$pat" timeout 20 "$TOP/report/report.sh" "$H"
	refused "a $kind in a resumed run" "$pat" timeout 20 "$TOP/bench/run.sh" --dry-run --resume "$H"
done
[ "$(cat "$tmp/outside")" = "secret: the first line" ] || fail "the file outside the run was written"
! grep -rq "secret" "$tmp"/hardlink/report.txt 2>/dev/null || fail "the outside file's text reached the report"

# A patch inside the run (plan.json's variants) is never applied: --resume
# wants each variant given again; "*" as kernels is refused, not globbed.
hostile variant
mkdir -p "$H/raw"
printf -- '--- a/x\n+++ b/x\n' >"$H/raw/evil.patch"
jq -n --arg p "$H/raw/evil.patch" '{kernels: "head tail evil", rounds: "2", seed: "1", variants: ["evil=" + $p]}' >"$H/plan.json"
refused "--resume of a run with a recorded variant" "made with --variant evil=PATCH: give it again with --resume \(a patch is never taken from a run directory\)" \
	"$TOP/bench/run.sh" --dry-run --resume "$H"
refused "--resume with a variant the run was not made with" "--variant other: run variant was not made with it" \
	"$TOP/bench/run.sh" --dry-run --resume "$H" --variant "evil=$H/raw/evil.patch" --variant "other=$H/raw/evil.patch"
hostile glob
jq -n '{kernels: "*", rounds: "2", seed: "1"}' >"$H/plan.json"
touch "$tmp/glob/head"
refused "--resume with kernels '*'" "--kernels: '\*' is not a valid name" "$TOP/bench/run.sh" --dry-run --resume "$H"

# Options that would do harm or nothing: one line each, nothing removed
mkdir -p "$tmp/cache/keep"
for c in "clean --help|usage: ./run.sh clean" "clean x|clean takes no arguments, not 'x'" "bogus|unknown command 'bogus'" \
	"bench --resume |--resume needs a run id or directory" "bench --dry-run --groups |--groups needs at least one group count" \
	"bench --dry-run --kernels |--kernels needs at least one kernel" "emu-measure --kernels |--kernels needs at least one kernel" \
	"emu-measure --settings |--settings needs at least one setting"; do
	cmd=${c%%|*}
	read -r -a words <<<"$cmd"
	[ "${cmd: -1}" != " " ] || words+=("")
	OUT=$(SLUBBENCH_CACHE=$tmp/cache "$TOP/run.sh" "${words[@]}" 2>&1) || true
	[ "$(grep -c . <<<"$OUT")" = 1 ] || fail "./run.sh $cmd: not one line: $OUT"
	contains "$OUT" "${c#*|}" "./run.sh $cmd: one line"
	[ -d "$tmp/cache/keep" ] || fail "./run.sh $cmd removed the cache"
done

# a Slurm dry run creates nothing
"$TOP/run.sh" slurm submit --dry-run --shards 2 --results "$tmp/slurm-dry" -- --quick >/dev/null 2>&1 || fail "slurm submit --dry-run failed"
[ ! -e "$tmp/slurm-dry" ] || fail "slurm submit --dry-run created $tmp/slurm-dry"
ok "slurm submit --dry-run creates no results directory"

for f in report.txt plots/times.png; do [ -s "$tmp/good/$f" ] || fail "the good run lost $f"; done
"$TOP/report/report.sh" "$tmp/good" 2>/dev/null || fail "the untouched fixture no longer reports"
ok "the untouched run still reports"
refusals_said
