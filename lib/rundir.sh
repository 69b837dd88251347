# shellcheck shell=bash
# A results directory is untrusted input (published reports, shards from
# other hosts): check_run_dir reads and checks one before report, compare
# or --resume uses anything in it. Sourced after lib/common.sh.

# Limits: no file in a run is larger (the reference run's largest is ~1 MB).
RUN_FILE_MAX_MB=64
# the longest line a run's CSV may have (slubbench's are under 300)
RUN_LINE_MAX=4096

# RUN_CSVS: the run's CSVs, each joined from the boots' fragments (and the
# shards') under its writer's header: hackbench, counters, emulated (below),
# crosscheck (slubstats crosscheck's), series (below), boots (BOOTS_HDR).
# shellcheck disable=SC2034 # read by bench/runlib.sh and bench/merge.sh
RUN_CSVS="hackbench counters crosscheck emulated series boots"
# BOOTS_HDR: one row per boot attempt (bench/runlib.sh's boot_fragment).
# boot_attempts (below) tells a boot's last attempt from those set aside.
# shellcheck disable=SC2034
BOOTS_HDR=round,position,kernel,vcpus,kind,attempt,host,start_utc,wall_seconds,result,seed,host_load

# The headers of the per-boot CSVs, written by bench/collect.sh (and, in
# the same format, by studies/emu-measure.sh); readers look columns up by name.
# "window" is the run's place in its boot: an emulated-counters boot runs
# each configuration W times (bench --emulated-windows W), each run one
# plugin window, 1..W; a timed or counting run is window 1. A replicate is
# (round, window); runs older than the column are window 1.
# shellcheck disable=SC2034
HACKBENCH_HDR=kernel,profile,round,config,window,kind,mode,unit,groups,fds,loops,datasize,vcpus,host_cpus,timing,seconds,status
# shellcheck disable=SC2034
COUNTERS_HDR=kernel,profile,round,config,window,vcpus,kind,source,cache,counter,value
# A series boot's samples (bench/run.sh --series), a row a value: time_ms is
# guest time since the run's sampler started; quantity is the sysfs file
# read (partial: the list's length, in slabs; the others, SLUB statistics
# counted since the run began); one row a boot, cache "all", quantity
# sample_ns, time_ms 0: what one sample cost alone, in guest ns.
# A bisect's boots (bisect/run.sh), a row each: the step (how many of the
# series' changes its kernel has), the variant built and its build id, the
# boot of the step and its seed, the metric per 1000 messages (empty when
# the boot gave none) and how the boot ended.
# shellcheck disable=SC2034
BISECT_HDR=step,variant,build_id,boot,seed,value,result
# shellcheck disable=SC2034
SERIES_HDR=kernel,profile,round,config,window,vcpus,time_ms,cache,quantity,value
# The plugin's counts, in its order (emu/src/slubcount.c): where each L1
# miss was served from (the die's L2, memory, a transfer of one of three
# distances) came with the machine model; older runs have only the first
# four (their other columns are empty).
EMULATED_METRICS="instructions accesses misses transfers l2_hits memory transfers_die transfers_package transfers_socket"
# The parts of the modelled cycles, in the order slubstats emulated-cycles
# writes them (src/stats/emulated/cycles.c, CY_PARTS; t53 checks the two agree)
# shellcheck disable=SC2034 # read by the report (report/sections/cycles.sh, report/plots.sh)
CYCLE_PARTS="base l2 memory transfer_die transfer_package transfer_socket"
# "machine": the machine the plugin modelled (emu/src/machines.h; empty
# before it had one)
# shellcheck disable=SC2034
EMULATED_HDR=kernel,profile,round,config,window,vcpus,machine,vcpu,function,${EMULATED_METRICS// /,}

# emulated_rows RAW PREFIX FIRST VCPUS [WINDOWS]: the rows of emulated.csv
# (no header) from the plugin's RAW output (window, vcpu, function,
# counts; the machine from RAW.info): "PREFIX,cN,W,VCPUS,MACHINE,..." where
# the plugin's window w (from 0) is configuration c(w / WINDOWS + FIRST),
# run (w % WINDOWS) + 1 of it: each configuration's WINDOWS runs (default
# 1) follow one another. PREFIX is "kernel,profile,round". Counts RAW does
# not have (an older plugin) are left empty. A kernel function under one in
# ten thousand of its vCPU's window in every count is counted in that
# vCPU's "[other]" row: every total stays exact and the file small at 16
# vCPUs (RAW keeps every function); "[user]", a scope of its own, is never
# folded.
emulated_rows() {
	local machine
	machine=$(sed -n 's/^machine=//p' "$1.info" 2>/dev/null || true)
	awk -F, -v pre="$2" -v first="$3" -v v="$4" -v nw="${5:-1}" -v mach="$machine" -v metrics="$EMULATED_METRICS" -v share=0.0001 '
		function out(w, c, f, vals) { printf "%s,c%d,%d,%s,%s,%s,%s%s\n", pre, int(w / nw) + first, w % nw + 1, v, mach, c, f, vals }
		NR == 1 { nm = split(metrics, name, " "); for (i = 1; i <= NF; i++) at[$i] = i; next }
		{
			n++; w[n] = $at["window"]; c[n] = $at["vcpu"]; f[n] = $at["function"]
			for (m = 1; m <= nm; m++) { x[n, m] = (name[m] in at) ? $at[name[m]] : ""; if (x[n, m] != "") tot[w[n], c[n], m] += x[n, m] }
		}
		END {
			for (r = 1; r <= n; r++) {
				keep = f[r] ~ /^\[/
				for (m = 1; m <= nm; m++) if (x[r, m] != "" && x[r, m] > 0 && x[r, m] >= share * tot[w[r], c[r], m]) keep = 1
				vals = ""; for (m = 1; m <= nm; m++) vals = vals "," x[r, m]
				if (keep) { out(w[r], c[r], f[r], vals); continue }
				k = w[r] SUBSEP c[r]
				if (!(k in cnt)) order[++no] = k
				cnt[k]++; for (m = 1; m <= nm; m++) if (x[r, m] != "") { o[k, m] += x[r, m]; has[k, m] = 1 }
			}
			for (j = 1; j <= no; j++) { split(order[j], y, SUBSEP)
				vals = ""; for (m = 1; m <= nm; m++) vals = vals "," (has[order[j], m] ? sprintf("%.0f", o[order[j], m]) : "")
				out(y[1], y[2], "[other]", vals) } }' "$1"
}

# csv_row HEADER NAME=VALUE...: one row of HEADER's columns, each value
# given under its column's name, in any order: a name HEADER lacks, or a
# column left without a value, stops the writer (a new column is written
# everywhere or nowhere, never a row shifted by one).
csv_row() {
	local hdr=$1 a col _row=()
	shift
	local -A val=()
	for a in "$@"; do
		col=${a%%=*}
		[[ ",$hdr," == *",$col,"* ]] || die "csv_row: no column '$col' in $hdr"
		val[$col]=${a#*=}
	done
	local IFS=,
	for col in $hdr; do
		[[ -v "val[$col]" ]] || die "csv_row: no value for column '$col' of $hdr"
		_row+=("${val[$col]}")
	done
	printf '%s\n' "${_row[*]}"
}

# The rule each CSV column must follow; a column not listed is refused.
# (awk regular expressions; "num" is a number, "unum" one of 0 or above,
# "uint" a whole number without a leading zero, "pos" one from 1; a "?"
# after a rule: or empty. FILE:COLUMN: the rule in the file of that name,
# over COLUMN's own: a bisect's boot that failed has no value.)
# setting, rep, boot_seconds, hackbench_seconds: the boots.csv of a study
# (studies/emu-measure.sh) from before it wrote the bench's.
RUN_COLUMN_RULES='
kernel name
cache name
host name
profile ^(2007|modern)$
round uint
position uint
attempt pos
config ^c[0-9]+$
window ^[1-9][0-9]?$
kind ^(timed|count|emulated|series)$
vcpu uint
vcpus pos?
host_cpus pos?
timing ^(real|oversubscribed|)$
function ^\[?[A-Za-z0-9_.]+\]?$
instructions uint
accesses uint?
misses uint?
transfers uint?
l2_hits uint?
memory uint?
transfers_die uint?
transfers_package uint?
transfers_socket uint?
machine ^([a-z][a-z0-9]*)?$
mode ^(socket|pipe|)$
unit ^(process|thread|)$
groups pos?
fds pos?
loops pos?
datasize uint?
seconds unum?
status word
result word
source ^(slub|perf|proc|knob|sched)$
counter ^[a-z_]+$
quantity ^[a-z_]+$
step uint
variant name
build_id ^[0-9a-f]*$
boot uint
time_ms uint
value unum
steps.csv:value unum?
tracepoint num
slub_stats num
difference num
relative num
verdict ^(agree|disagree)$
start_utc ^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z$
wall_seconds uint
seed uint?
host_load unum?
setting word
rep uint
boot_seconds uint
hackbench_seconds num
'

# The checks of a run directory read as untrusted input: check_csv,
# check_manifest, check_run_dir.
# shellcheck source=lib/rundir-checks.sh
. "$SLUBBENCH_TOP/lib/rundir-checks.sh"

# transient RESULT: a boot's result (bench/boot-result.sh) that is a fault
# of the run (QEMU killed, not started, hung), not a finding about the
# kernel (a panic, another build): the bench retries it (the one retry
# policy: bench/runlib.sh boots again, the report's Faults says so).
transient() {
	case "$1" in killed-* | launcher-error | timeout | stall | not-run) return 0 ;; esac
	return 1
}

# host_name: this host, as boots.csv and the manifest name it (a shard's
# host is a block when shards are merged).
host_name() {
	local h
	h=$(uname -n)
	[[ "$h" =~ $NAME_RE ]] || h=host
	echo "$h"
}

# boot_name ROUND LABEL KIND [VCPUS]: a boot's directory under raw/, and its
# logs' prefix: rNN-LABEL, eNN-LABEL for an emulated-counters boot and
# sNN-LABEL for a series boot (NN: its seed); rNN-vVCPUS-LABEL in a plan of
# several vCPU counts.
boot_name() {
	local p=r
	[ "$3" != emulated ] || p=e
	[ "$3" != series ] || p=s
	printf '%s%02d-%s%s\n' "$p" "$1" "${4:+v$4-}" "$2"
}

# run_ref DIR: how ./run.sh finds the run DIR again (bench --resume,
# report): its run id when DIR is results/ID of this checkout, else DIR's
# path (run_dir_of's inverse).
run_ref() {
	local d
	d=$(realpath -m -- "$1")
	case "$d" in
	"$SLUBBENCH_TOP/results/"*/*) echo "$d" ;;
	"$SLUBBENCH_TOP/results/"?*) echo "${d#"$SLUBBENCH_TOP/results/"}" ;;
	*) echo "$d" ;;
	esac
}

# run_dir_of ARG: a run given as a directory (a path), or as a run id
# under results/.
run_dir_of() {
	case "$1" in
	*/* | . | ..) echo "$1" ;;
	*)
		[ ! -d "$1" ] || { echo "$1"; return 0; }
		local id
		id=$(opt_name "run id" "$1") || exit 1
		echo "$SLUBBENCH_TOP/results/$id"
		;;
	esac
}

# gp_set PROG NAME VALUE: " NAME='VALUE';" added to the gnuplot program in
# the variable PROG, VALUE single-quoted (only '' is special there); in this
# shell, with no command substitution.
gp_set() {
	local -n _gp_prog=$1
	_gp_prog+=" $2='${3//\'/\'\'}';"
}

# boot_attempts FILE COLUMN...: the rows of boots.csv FILE as csv_rows
# gives COLUMNs, each led by 1 for its boot's last attempt (whose data is
# used) or 0 for an attempt set aside and booted again. The rule has one
# owner, src/stats/boots.c (slubstats used), which the C readers share.
boot_attempts() {
	local f=$1 used
	shift
	used=$("$TOOLS_BIN/slubstats" used "$f") || return 1
	[ "$#" -gt 0 ] || { printf '%s\n' "$used"; return 0; }
	paste -d'|' <(printf '%s\n' "$used") <(csv_rows "$f" "$@")
}
