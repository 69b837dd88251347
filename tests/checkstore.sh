# shellcheck shell=bash
# The check store (lib/store.sh, at check_store): checks of the test suite
# whose verdict is a function of files, kept by the sha256 of those files,
# as kernel builds and counting-mode boots are: shellcheck's verdict on a
# file that passed (t10), and what today's code makes again of a committed
# run (t65's reports, t59's summaries). Used with SLUBBENCH_REUSE_CHECKS=1, which
# tests/run.sh sets; a test run alone checks everything.
# Sourced by tests that use it, after tests/lib.sh.

# CHECKSTORE_MB: the store's size cap; the least recently used entries go first
CHECKSTORE_MB=${SLUBBENCH_REUSE_CHECKS_MB:-256}
store_cap_check SLUBBENCH_REUSE_CHECKS_MB "$CHECKSTORE_MB"
checkstore_on() { store_switch SLUBBENCH_REUSE_CHECKS; }

# lint_keys ROOT FILE...: "KEY FILE" a line, each FILE a shell file under
# ROOT named from there; KEY the sha256 of all that shellcheck's verdict
# on FILE rests on: shellcheck's version, ROOT/.shellcheckrc, FILE's name,
# and the name and sha256 of FILE and of each file it sources, at any
# depth. A file is taken to source every file of the list whose path ends
# in a path ending in .sh on one of its lines that source a path made of
# variables (. "$TOP/lib/x.sh", source "$d/x.sh") or hold a "shellcheck
# source=X" directive; such a line naming no .sh file makes it rest on
# them all (a literal path sourced, as /etc/os-release, is none of the
# list's). More than shellcheck follows is harmless: a key changes more
# often.
lint_keys() {
	local root=$1 d
	shift
	d=$(mktemp -d)
	(
		cd "$root"
		{
			shellcheck --version | sed -n 's/^version: /shellcheck /p'
			echo "rc $(sha256sum <.shellcheckrc | cut -d' ' -f1)"
		} >"$d/head"
		sha256sum -- "$@" >"$d/sums"
		awk -v d="$d" '
			FILENAME == d "/head" { head = head $0 "\n"; next }
			FILENAME == d "/sums" { p = substr($0, 67); sum[p] = $1
				files[++n] = p; next }
			FNR == 1 { f = FILENAME }
			/^[ \t]*#/ && !/^[ \t]*# *shellcheck[ \t].*source=/ { next }
			/shellcheck[ \t].*source=|(^|[;&|(]|then|do|else)[ \t]*(\.|source)[ \t]+"?\$/ {
				line = $0; k = 0
				while (match(line, /[A-Za-z0-9_.\/-]+\.sh/)) {
					b = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH); k++
					while (sub(/^(\.\.?)?\//, "", b)) ;
					for (j = 1; j <= n; j++)
						if (files[j] == b || substr(files[j], length(files[j]) - length(b)) == "/" b) dep[f] = dep[f] " " files[j]
				}
				if (!k) all[f] = 1
			}
			END {
				for (i = 1; i <= n; i++) {
					f = files[i]; delete seen; delete todo; t = 0
					todo[++t] = f; seen[f] = 1
					while (t > 0) {
						g = todo[t--]
						if (g in all) for (j = 1; j <= n; j++) seen[files[j]] = 1
						c = split(dep[g], e, " ")
						for (j = 1; j <= c; j++) if (!(e[j] in seen)) { seen[e[j]] = 1; todo[++t] = e[j] }
					}
					out = d "/k" i
					printf "%sfile %s\n", head, f >out
					for (j = 1; j <= n; j++) if (files[j] in seen) print sum[files[j]], files[j] >out
					close(out)
					print i, f >(d "/names")
				}
			}' "$d/head" "$d/sums" "$@"
	) || { rm -rf "$d"; return 1; }
	# KEY FILE, in the order given
	(cd "$d" && sha256sum k*) | awk 'NR == FNR { name[$1] = substr($0, length($1) + 2); next }
		{ key[substr($2, 2)] = $1 } END { for (i = 1; i in key; i++) print key[i], name[i] }' "$d/names" -
	rm -rf "$d"
}

# code_key ROOT: the sha256 of what a report made by ROOT's code rests on
# besides its run's files: every file of ROOT that git tracks or would
# (untracked but not ignored) outside docs/, tests/ and results/ (the
# scripts, src/, the kernels' lists), the versions of the compiler and of
# the tools the report runs, and the locale
code_key() {
	{
		(cd "$1" && git ls-files -z --cached --others --exclude-standard -- ':!docs' ':!tests' ':!results' |
			xargs -0 sha256sum --)
		cc --version | sed -n 1p
		awk -W version 2>&1 | sed -n 1p
		jq --version
		gnuplot --version
		bash --version | sed -n 1p
		sort --version | sed -n 1p
		echo "LC_ALL=${LC_ALL:-} LANG=${LANG:-} LC_NUMERIC=${LC_NUMERIC:-}"
	} | sha256sum | cut -d' ' -f1
}

# dir_sums DIR: the sha256 and name of every file under DIR, in one order
dir_sums() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum --); }

# remade DIR TEXT FILES CMD...: DIR gets FILES (names in DIR, one word
# each, space-separated) as CMD makes them (its output to stderr, which
# is DIR.err); with the store on, FILES made before for the same TEXT
# (all that they rest on: the inputs' dir_sums, the code's key, the
# command) are fetched instead. Fails with CMD's last line of error.
remade() {
	local dir=$1 text=$2 files=$3 key t0
	shift 3
	key=$(sha256sum <<<"$text" | cut -d' ' -f1)
	# shellcheck disable=SC2086 # FILES: a list of names
	! checkstore_on || ! store_fetch "$(check_store)" "$key" "$dir" $files || return 0
	t0=$EPOCHREALTIME
	"$@" >/dev/null 2>"$dir.err" || { tail -n1 "$dir.err"; return 1; }
	# shellcheck disable=SC2086
	! checkstore_on ||
		store_put "$(check_store)" "$CHECKSTORE_MB" "$key" "$text" "$dir" "$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" $files
}

# remade_report DIR CODEKEY [ARG...]: DIR (a copy of a committed run,
# named as the run) gets report.txt as the code of CODEKEY makes it
# (./run.sh report DIR ARG...; bisect/report.sh for a bisect's), or from
# the store (remade). (A report names the directory it was made in, on
# its Reproduce line: a fetched one names the directory it was first made
# in, a temporary one, which no line of a committed report can be.)
remade_report() {
	local dir=$1 code=$2 rep=("$TOP/run.sh" report)
	shift 2
	[ ! -f "$dir/bisect.json" ] || rep=("$TOP/bisect/report.sh")
	remade "$dir" "report.txt of ${dir##*/} ($*) by code $code
$(dir_sums "$dir")" report.txt "${rep[@]}" "$dir" "$@"
}
