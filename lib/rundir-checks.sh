# shellcheck shell=bash
# The checks of a results directory, untrusted input (published reports,
# shards from other hosts), against the rules lib/rundir.sh owns
# (RUN_COLUMN_RULES, NAME_RE): sourced by lib/rundir.sh, never run.

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
			for (i = 1; i <= n; i++) if (split(line[i], w, " ") == 2 && w[1] !~ /:/) rule[w[1]] = w[2]
			# the rule of a column in one file (FILE:COLUMN) over its own
			base = file; sub(/.*\//, "", base)
			for (i = 1; i <= n; i++) if (split(line[i], w, " ") == 2 && index(w[1], base ":") == 1) rule[substr(w[1], length(base) + 2)] = w[2]
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
				if (r == "name") ok = v ~ /^[A-Za-z0-9_][A-Za-z0-9_.+@-]*$/ && length(v) <= 64
				else if (r == "uint") ok = v ~ /^(0|[1-9][0-9]*)$/ && length(v) <= 15
				else if (r == "pos") ok = v ~ /^[1-9][0-9]*$/ && length(v) <= 15
				else if (r == "unum") ok = v ~ /^[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && length(v) <= 30 && v + 0 < 1e15
				else if (r == "num") ok = v ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && length(v) <= 30 && v + 0 < 1e15 && v + 0 > -1e15
				else if (r == "word") ok = v ~ /^[a-z][a-zA-Z0-9-]*$/
				else ok = v ~ r
				if (!ok) bad(col[i] " \"" substr(v, 1, 40) "\" breaks the rule " (r == "name" ? "[A-Za-z0-9_][A-Za-z0-9_.+@-]*, at most 64" : r == "uint" ? "uint (at most 15 digits, no leading zero)" : r == "pos" ? "a whole number from 1 (at most 15 digits)" : r == "unum" ? "unum (0 or above, under 1e15)" : r == "num" ? "num (under 1e15 in magnitude)" : r))
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
    ((["source_package", "source_version", "tree", "tree_git", "allocator", "profile", "build_id", "knob"][] as $s | typed(["kernels", $k, $s]; str; "text")),
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
		def text: (type == "string" and (test("[[:cntrl:]\u0027\"`$\\\\\u2028\u2029]|\\p{Cf}") | not) and length <= 300) or type == "number" or type == "null" or type == "boolean";
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

# check_dir_files DIR [WHAT]: the rules every directory the project reads
# or writes from a run keeps (a run, a study, a bisect: WHAT, default "a
# run"): DIR itself no link; nothing in it a symbolic link, a FIFO, device
# or socket (reading one hangs or never ends), a file with a second hard
# link (writing it would write a file elsewhere) or larger than the cap.
check_dir_files() {
	local d=$1 what=${2:-a run} link
	[ -d "$d" ] && [ ! -L "$d" ] || die "no directory '$d' for $what (a symbolic link is refused too)"
	link=$(find "$d" -type l -print -quit)
	[ -z "$link" ] || die "$link is a symbolic link: $what's directory holds plain files only; refusing it"
	link=$(find "$d" ! -type f ! -type d -print -quit)
	[ -z "$link" ] || die "$link is not a regular file: $what's directory holds plain files only; refusing it"
	link=$(find "$d" -type f -links +1 -print -quit)
	[ -z "$link" ] || die "$link has another hard link: $what's directory holds files of its own only; refusing it"
	# a directory where the project reads or writes a file (report.txt,
	# steps.csv, a .tmp): refused here, not met later as a raw error
	link=$(find "$d" -mindepth 1 -type d \( -name '*.csv' -o -name '*.txt' -o -name '*.md' -o -name '*.json' -o -name '*.tmp' \
		-o -name '*.png' -o -name '*.svg' -o -name '*.dat' -o -name '*.log' -o -name '*.gp' \) -print -quit)
	[ -z "$link" ] || die "$link is a directory where $what has a file; refusing it"
	link=$(find "$d" -type f -size +"${RUN_FILE_MAX_MB}"M -print -quit)
	[ -z "$link" ] || die "$link is larger than ${RUN_FILE_MAX_MB} MiB: not a slubbench result; refusing it"
}

# check_run_dir DIR FILE...: DIR holds a run that may be read: its name is
# a safe run id, its files keep check_dir_files' rules, the FILEs named
# exist, and every CSV and the manifest follow their rules. Prints DIR's
# real path.
check_run_dir() {
	local d=$1 f
	shift
	[ -d "$d" ] && [ ! -L "$d" ] || die "no run directory '$d' (a run id under results/, or a directory)"
	[[ "$(basename "$d")" =~ $NAME_RE ]] || die "'$(basename "$d")' is not a valid run id ($NAME_RE); rename the directory"
	check_dir_files "$d"
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
		# the report's own output, and a study's (spread.csv: slubstats emulated's)
		case "$(basename "$f")" in summary.csv | mechanism.csv | mechanism-emulated.csv | emulated-summary.csv | emulated-top.csv | emulated-cycles.csv | hosts.csv | series-summary.csv | perturbation.csv | spread.csv) continue ;; esac
		check_csv "$f" "$kernels"
	done
	realpath "$d"
}
