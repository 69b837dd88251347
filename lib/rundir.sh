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
# crosscheck (slubstats crosscheck's), boots (BOOTS_HDR).
# shellcheck disable=SC2034 # read by bench/runlib.sh and bench/merge.sh
RUN_CSVS="hackbench counters crosscheck emulated boots"
# BOOTS_HDR: one row per boot attempt (bench/runlib.sh's boot_fragment).
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
# The plugin's counts, in its order (emu/src/slubcount.c): where each L1
# miss was served from (the die's L2, memory, a transfer of one of three
# distances) came with the machine model; older runs have only the first
# four (their other columns are empty).
EMULATED_METRICS="instructions accesses misses transfers l2_hits memory transfers_die transfers_package transfers_socket"
# The parts of the modelled cycles, in the order slubstats emulated-cycles
# writes them (src/cycles.c, CY_PARTS; t53 checks the two agree)
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

# The rule each CSV column must follow; a column not listed is refused.
# (awk regular expressions; "num" is a number, "uint" a whole number.)
RUN_COLUMN_RULES='
kernel name
cache name
host name
profile ^(2007|modern)$
round uint
position uint
attempt uint
config ^c[0-9]+$
window ^[1-9][0-9]?$
kind ^(timed|count|emulated)$
vcpu uint
vcpus uint?
host_cpus uint?
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
groups uint?
fds uint?
loops uint?
datasize uint?
seconds num?
status word
result word
source ^(slub|perf|proc)$
counter ^[a-z_]+$
value num
tracepoint num
slub_stats num
difference num
relative num
verdict ^(agree|disagree)$
start_utc ^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z$
wall_seconds uint
seed uint?
host_load num?
'

# check_csv FILE [KERNELS]: every column known and named once, every field
# following its rule, no NUL byte and, given KERNELS (the manifest's, space
# separated), no row for a kernel it does not list; else one line naming
# the file, line, column and rule.
check_csv() {
	local f=$1 kernels=${2:-}
	local m
	local rc=0
	LC_ALL=C grep -qaP '\x00' "$f" || rc=$?
	case "$rc" in
	0) die "$f: a NUL byte: not a slubbench CSV; refusing this run" ;;
	1) ;;
	*) die "$f: unreadable (grep exit $rc); refusing this run" ;;
	esac
	# a line longer than any slubbench writes, found before awk holds it
	m=$(LC_ALL=C wc -L <"$f") || die "$f: unreadable; refusing this run"
	[ "$m" -le "$RUN_LINE_MAX" ] || die "$f: a line of $m characters (at most $RUN_LINE_MAX): not a slubbench CSV; refusing this run"
	m=$(awk -F, -v rules="$RUN_COLUMN_RULES" -v file="$f" -v kernels="$kernels" '
		BEGIN {
			n = split(rules, line, "\n")
			for (i = 1; i <= n; i++) if (split(line[i], w, " ") == 2) rule[w[1]] = w[2]
			nk = split(kernels, w, " ")
			for (i = 1; i <= nk; i++) listed[w[i]] = 1
		}
		function bad(msg) { printf "%s: line %d: %s\n", file, NR, msg; exit 1 }
		NR == 1 {
			for (i = 1; i <= NF; i++) {
				if (!($i in rule)) bad("unknown column \"" substr($i, 1, 40) "\"")
				if ($i in seen) bad("column \"" $i "\" appears twice (readers would disagree on which one counts)")
				seen[$i] = 1; col[i] = $i
				if ($i == "kernel") kcol = i
			}
			nf = NF; next
		}
		{
			if (NF != nf) bad(NF " fields, the header has " nf)
			for (i = 1; i <= NF; i++) {
				r = rule[col[i]]; v = $i; opt = sub(/\?$/, "", r)
				if (opt && v == "") continue
				if (r == "name") ok = v ~ /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/ && length(v) <= 64
				else if (r == "uint") ok = v ~ /^[0-9]+$/ && length(v) <= 15
				else if (r == "num") ok = v ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && length(v) <= 30 && v + 0 < 1e15 && v + 0 > -1e15
				else if (r == "word") ok = v ~ /^[a-z][a-zA-Z0-9-]*$/
				else ok = v ~ r
				if (!ok) bad(col[i] " \"" substr(v, 1, 40) "\" breaks the rule " (r == "name" ? "[A-Za-z0-9_][A-Za-z0-9_.+-]*, at most 64" : r == "uint" ? "uint (at most 15 digits)" : r == "num" ? "num (under 1e15 in magnitude)" : r))
			}
			if (nk && kcol && !($kcol in listed)) bad("a row for kernel \"" substr($kcol, 1, 40) "\", which the manifest does not list (" kernels ")")
		}' "$f" 2>&1) || die "$(head -n1 <<<"$m"); refusing this run"
}

# The types of the manifest's fields that readers compute with (jq: the
# first field of the wrong type, as "PATH is not TYPE"; absent is allowed).
# shellcheck disable=SC2016 # jq's own variables
MANIFEST_TYPES='
def at(p): try getpath(p) catch {};
def typed(p; ok; what): at(p) as $v | if $v == null or ($v | ok) then empty else "\(p | map(tostring) | join(".")) is not \(what)" end;
def num: type == "number" and . >= 0 and . < 1e15;
def str: type == "string";
def strs: type == "array" and all(.[]; type == "string" or type == "number");
[ typed(["host"]; type == "object"; "an object"),
  typed(["host", "cores"]; num; "a number"),
  typed(["host", "mem_kb"]; num; "a number"),
  typed(["boots"]; type == "object"; "an object"),
  (["done", "expected", "failed", "retried"][] as $b | typed(["boots", $b]; num; "a number")),
  typed(["plan"]; type == "object"; "an object"),
  typed(["plan", "rounds_run"]; num or (type == "string" and test("^[0-9]{1,9}$")); "a number"),
  (["run_id", "status", "command", "updated", "accel", "qemu", "stop_reason", "boot_command", "emulated_mode", "slubbench_git"][] as $s | typed([$s]; str; "text")),
  typed(["qemu_boots"]; type == "array" and all(.[]; str); "a list of text"),
  typed(["hosts"]; type == "array" and all(.[]; type == "object"); "a list of objects"),
  typed(["shards"]; type == "object"; "an object"),
  typed(["shards", "missing"]; strs; "a list"),
  typed(["shards", "missing_rounds"]; type == "array" and all(.[]; num); "a list of numbers"),
  typed(["rootfs"]; type == "object"; "an object"),
  typed(["rootfs", "packages"]; type == "object"; "an object"),
  typed(["kernels"]; type == "object" and all(.[]; type == "object"); "an object of objects"),
  (at(["kernels"]) | if type == "object" then keys[] else empty end) as $k |
    ((["source_version", "allocator", "profile", "build_id"][] as $s | typed(["kernels", $k, $s]; str; "text")),
     typed(["kernels", $k, "patches"]; type == "array" and all(.[]; type == "object" and (.file | type) == "string"); "a list of patches (objects with a file)"))
] | first // empty
'

# check_manifest FILE: a JSON object whose names follow NAME_RE and whose
# text fields are printable, short, and free of quotes, backquotes, '$'
# and backslashes (no slubbench manifest has any).
check_manifest() {
	local f=$1 bad
	jq -e 'type == "object"' "$f" >/dev/null 2>&1 || die "$f: not a JSON object; refusing this run"
	bad=$(jq -r --arg re "$NAME_RE" '
		def name: type == "string" and test($re) and (test("\n") | not);
		def text: (type == "string" and (test("[[:cntrl:]\u0027\"`$\\\\]|\\p{Cf}") | not) and length <= 300) or type == "number" or type == "null" or type == "boolean";
		[ (if (.run_id | name) then empty else "run_id" end),
		  (.kernels // {} | keys[] | select(name | not) | "kernels key"),
		  (.plan.kernels // "" | tostring | split(" ")[] | select(length > 0) | select(name | not) | "plan.kernels"),
		  (.plan.seed // "0" | tostring | select(test("^[0-9]+$") | not) | "plan.seed"),
		  (.plan.smp // "1" | tostring | select(test("^[0-9]+( [0-9]+)*$") | not) | "plan.smp"),
		  (.plan.rounds // "1" | tostring | select(test("^[0-9]+$") | not) | "plan.rounds"),
		  (.boots.done, .boots.expected, .boots.failed | select(. != null and type != "number") | "boots"),
		  (paths(scalars) as $p | getpath($p) | select(text | not) | $p | map(tostring) | join(".")) ] | first // empty' "$f" 2>/dev/null) ||
		die "$f: unreadable JSON; refusing this run"
	[ -z "$bad" ] || die "$f: field $bad breaks its rule (names: $NAME_RE; text: printable, no quote, backquote, \$ or backslash, at most 300 characters); refusing this run"
	bad=$(jq -r "$MANIFEST_TYPES" "$f" 2>/dev/null) || die "$f: unreadable JSON; refusing this run"
	[ -z "$bad" ] || die "$f: field $bad; refusing this run"
}

# check_run_dir DIR FILE...: DIR holds a run that may be read: its name is
# a safe run id, nothing in it is a symbolic link or too large, the FILEs
# named exist, and every CSV and the manifest follow their rules. Prints
# DIR's real path.
check_run_dir() {
	local d=$1 f link big
	shift
	[ -d "$d" ] && [ ! -L "$d" ] || die "no run directory '$d' (a run id under results/, or a directory)"
	[[ "$(basename "$d")" =~ $NAME_RE ]] || die "'$(basename "$d")' is not a valid run id ($NAME_RE); rename the directory"
	link=$(find "$d" -type l -print -quit)
	[ -z "$link" ] || die "$link is a symbolic link: a run directory holds plain files only; refusing this run"
	# no FIFO, device or socket (reading one hangs or never ends), and no
	# file with a second hard link (writing it would write a file elsewhere)
	link=$(find "$d" ! -type f ! -type d -print -quit)
	[ -z "$link" ] || die "$link is not a regular file: a run directory holds plain files only; refusing this run"
	link=$(find "$d" -type f -links +1 -print -quit)
	[ -z "$link" ] || die "$link has another hard link: a run directory holds files of its own only; refusing this run"
	big=$(find "$d" -type f -size +"${RUN_FILE_MAX_MB}"M -print -quit)
	[ -z "$big" ] || die "$big is larger than ${RUN_FILE_MAX_MB} MiB: not a slubbench result; refusing this run"
	for f in "$@"; do
		[ -s "$d/$f" ] || die "$d/$f is missing: not a slubbench run directory (or the bench never ran a boot)"
	done
	# the kernels the manifest lists (an object: check_manifest): no CSV
	# may bring rows for another
	local kernels=
	[ ! -e "$d/manifest.json" ] || check_manifest "$d/manifest.json"
	[ ! -e "$d/manifest.json" ] || kernels=$(jq -r '.kernels // {} | keys | join(" ")' "$d/manifest.json")
	for f in "$d"/*.csv; do
		[ -e "$f" ] || continue
		case "$(basename "$f")" in summary.csv | mechanism.csv | mechanism-emulated.csv | emulated-summary.csv | emulated-top.csv | emulated-cycles.csv | hosts.csv) continue ;; esac # the report's own output
		check_csv "$f" "$kernels"
	done
	realpath "$d"
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
# logs' prefix: rNN-LABEL, or eNN-LABEL for an emulated-counters boot (NN:
# its repetition); rNN-vVCPUS-LABEL in a plan of several vCPU counts.
boot_name() {
	local p=r
	[ "$3" != emulated ] || p=e
	printf '%s%02d-%s%s\n' "$p" "$1" "${4:+v$4-}" "$2"
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

# gp_str VALUE: VALUE as a gnuplot single-quoted string (only '' is special there).
gp_str() {
	printf "'%s'" "${1//\'/\'\'}"
}
