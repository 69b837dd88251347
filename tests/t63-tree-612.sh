#!/usr/bin/env bash
# group: full vm network
# A 6.12 kernel end to end (Debian bookworm-backports' linux-source-6.12,
# kernels/fetch-source.sh, kernels/patches-6.12): head@6.12 and tail@6.12
# built and run by a short bench (--tree 6.12). The run records each
# kernel's tree, package, release and build id, the guest booted that very
# build, the report's provenance names them, and SLUB's statistics show the
# mechanism: head adds more slabs to the partial lists than tail (the
# counting mode: seeded, the same counts on any host), and every insertion
# goes to the end its patch says (perf, round 0).
. "$(dirname "$0")/lib.sh"
require_vm
require_qemu10
"$TOP/kernels/build.sh" --tree 6.12 head tail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=$tmp/r
"$TOP/bench/run.sh" --quick --tree 6.12 --rounds 1 --groups 10 --loops 100 --emulated-counters 0 --emulated-instructions 1 \
	--seed 1 --out "$R" >"$tmp/bench.log" 2>&1 || { tail -n 20 "$tmp/bench.log"; fail "the 6.12 bench failed"; }
"$TOP/report/report.sh" "$R" >>"$tmp/bench.log" 2>&1 || { tail -n 20 "$tmp/bench.log"; fail "the 6.12 run's report failed"; }
ver=$(cat "$(tree_fetched 6.12)/version")
for k in head tail; do
	m=$(jq -c --arg k "$k@6.12" '.kernels[$k]' "$R/manifest.json")
	[ "$(jq -r '.tree + " " + .source_package + " " + .source_version' <<<"$m")" = "6.12 linux-source-6.12 $ver" ] ||
		fail "$k@6.12: tree, package, version: $m"
	[[ "$(jq -r .kernel_release <<<"$m")" == 6.12.* ]] || fail "$k@6.12: release $(jq -r .kernel_release <<<"$m")"
	[ "$(jq -r .build_id <<<"$m")" = "$(jq -r .build_id "$(kernel_dir "$k@6.12" 2007)/manifest.json")" ] ||
		fail "$k@6.12: the run's build id is not the built kernel's"
	# the report's lines folded at 78 columns, joined again; the version taken literally
	line="$k@6.12: linux-source-6.12 $ver slub 2007, build id $(jq -r '.build_id[0:12]' <<<"$m")"
	grep -qF -- "$line" <<<"$(tr -s ' \n' '  ' <"$R/report.txt")" || fail "the report's provenance has no '$line'"
	ok "$k@6.12: the report's provenance names its tree, version and build id"
done
# every boot finished: bench/boot.sh checks that the guest ran the build id it was given
[ "$(csv_rows "$R/boots.csv" result | sort -u)" = finished ] || fail "a boot did not finish: $(cat "$R/boots.csv")"
ok "head@6.12 and tail@6.12: release $(jq -r '.kernels["head@6.12"].kernel_release' "$R/manifest.json"), the guest booted each kernel's own build"

ap() { csv_get "$R/mechanism-emulated.csv" per_1000_messages kernel="$1@6.12" cache=all counter=add_partial; }
h=$(ap head) t=$(ap tail)
echo "add_partial per 1000 messages, counting mode, seed 1, hackbench -g 10 -l 100: head@6.12 $h, tail@6.12 $t"
awk -v h="$h" -v t="$t" 'BEGIN { exit !(t > 0 && h >= 1.25 * t) }' || fail "head@6.12 ($h) does not add at least 1.25x as many as tail@6.12 ($t)"
ok "6.12's mechanism: head adds $h slabs per 1000 messages to the partial lists, tail $t"
pos() { csv_get "$R/mechanism.csv" per_1000_messages kernel="$1@6.12" cache=all counter="add_partial_$2"; }
[ "$(pos head tail)" = 0 ] && [ "$(pos tail head)" = 0 ] && awk -v a="$(pos head head)" -v b="$(pos tail tail)" 'BEGIN { exit !(a > 0 && b > 0) }' ||
	fail "insertions not all at the patch's end: head@6.12 $(pos head head)/$(pos head tail), tail@6.12 $(pos tail head)/$(pos tail tail) (head/tail)"
ok "every insertion at the end its patch says (perf: head@6.12 at the head, tail@6.12 at the tail)"
