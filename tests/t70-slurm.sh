#!/usr/bin/env bash
# group: full cluster network
# A plan on a real one-node Slurm cluster made here: munged on a private
# socket, slurmctld and slurmd from a slurm.conf in a temporary directory
# (one node, 2 CPUs), all started by this test and stopped by PID. It
# submits a 2-shard --quick plan and its merge job (./run.sh slurm
# submit), waits, and checks the merged run: both shards, every round,
# the report. Boots are stubbed (SLUBBENCH_BOOT=tests/stub-boot.sh): this
# tests the spreading and merging, and says their overhead (it asserts
# no time: a busy host is slower); the shards'
# own boots are the bench's, tested elsewhere.
. "$(dirname "$0")/lib.sh"
require_vm
for k in head tail; do kernel_dir "$k" 2007 >/dev/null || skip "kernel $k (2007) is not built (the vm tests build it)"; done
"$TOP/lib/deps.sh" --cluster >/dev/null 2>&1 || skip "slurm-wlm and munge could not be installed (lib/deps.sh --cluster)"
tmp=$(mktemp -d)
pids=()
stop() {
	local p
	for p in ${pids[@]+"${pids[@]}"}; do kill "$p" 2>/dev/null || true; done
	for p in ${pids[@]+"${pids[@]}"}; do
		for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$p" 2>/dev/null || true
	done
	rm -rf "$tmp"
}
trap stop EXIT
# start NAME CMD...: a daemon in the foreground of a background job, its PID kept
start() {
	local name=$1
	shift
	"$@" >"$tmp/$name.out" 2>&1 &
	pids+=($!)
}

chmod 755 "$tmp" # munged wants its socket's directories searchable by all
mungekey --create --keyfile "$tmp/munge.key" >/dev/null 2>&1 || fail "mungekey failed"
start munged munged -F --socket "$tmp/munge.sock" --pid-file "$tmp/munged.pid" --log-file "$tmp/munged.log" \
	--seed-file "$tmp/munged.seed" --key-file "$tmp/munge.key"
node=$(hostname -s)
mkdir -p "$tmp/state" "$tmp/spool"
cat >"$tmp/slurm.conf" <<CONF
ClusterName=slubbench
SlurmctldHost=$node
SlurmUser=root
SlurmctldPort=6917
SlurmdPort=6918
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$node CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
for _ in $(seq 1 50); do [ -S "$tmp/munge.sock" ] && break; sleep 0.1; done
[ -S "$tmp/munge.sock" ] || fail "munged did not start: $(tail -n 3 "$tmp/munged.out")"
start slurmctld slurmctld -D -c -f "$SLURM_CONF"
start slurmd slurmd -D -f "$SLURM_CONF" -N "$node"
up=
for _ in $(seq 1 60); do
	[ "$(sinfo -h -n "$node" -o %T 2>/dev/null)" = idle ] && { up=1; break; }
	sleep 0.5
done
[ -n "$up" ] || fail "the one-node cluster did not come up: $(tail -n 5 "$tmp"/slurm*.log "$tmp"/*.out 2>/dev/null)"
ok "a one-node Slurm cluster (munged, slurmctld, slurmd) started by this test"

export SLUBBENCH_BOOT=$TOP/tests/stub-boot.sh
res=$tmp/results
t0=$(date +%s.%N)
jobs=$("$TOP/run.sh" slurm submit --shards 2 --cpus 1 --time 10 --results "$res" -- --quick --rounds 4 --seed 7 2>"$tmp/submit.err") ||
	fail "submit failed: $(cat "$tmp/submit.err")"
read -r array merge <<<"$(tail -n1 <<<"$jobs")"
[[ "$array" =~ ^[0-9]+$ ]] && [[ "$merge" =~ ^[0-9]+$ ]] || fail "submit printed '$jobs', not two job ids"
# a hang guard, not a bound on speed: on a cold cache beside a kernel
# build the shards and the merge took 300 s
for _ in $(seq 1 3600); do
	[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
	sleep 0.5
done
[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] || fail "jobs still queued after 1800 s (a hang): $(squeue)"
t1=$(date +%s.%N)
[ -s "$res/merged/report.txt" ] || fail "no merged report: $(cat "$res"/slurm-*.out 2>/dev/null | tail -n 20)"
M=$res/merged/manifest.json
[ "$(jq -r .status "$M")" = complete ] && [ "$(jq -r '.shards.present | join(" ")' "$M")" = "1/2 2/2" ] ||
	fail "merged manifest: $(jq -c '{status, stop_reason, shards}' "$M")"
[ "$(csv_rows "$res/merged/hackbench.csv" kind round | awk -F'|' '$1 == "timed" { print $2 }' | sort -u | tr '\n' ' ')" = "1 2 3 4 " ] ||
	fail "merged rounds: $(cat "$res/merged/hackbench.csv")"
grep -q '^Headline' "$res/merged/report.txt" || fail "merged report has no headline"
ok "2 shards and the merge job ran; the merged run holds rounds 1-4 and its report"
# overhead: the wall time from submit to the merged report, less the
# longer shard's own bench (its boots.csv start to its manifest's end)
bench=$(for i in 1 2; do
	s=$(csv_rows "$res/shard-$i/boots.csv" start_utc | sort | head -n1)
	e=$(jq -r .updated "$res/shard-$i/manifest.json")
	echo $(($(date -d "$e" +%s) - $(date -d "$s" +%s)))
done | sort -n | tail -n1)
total=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
over=$(awk -v t="$total" -v b="$bench" 'BEGIN { printf "%.1f", t - b }')
# measured and said, not asserted: a wall time moves with the host's load
ok "cluster: submit to merged report ${total} s, of which the longer shard's bench ${bench} s: overhead (submit, schedule, merge, report) ${over} s"
