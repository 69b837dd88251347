#!/usr/bin/env bash
# group: full
# Every shell script in the project is shellcheck-clean, with SC2154 (a
# global read but never set) on in each: a sourced file declares its inputs.
. "$(dirname "$0")/lib.sh"
cd "$TOP"
# results/ holds runs' data (a plan copied into a run is data, not code)
mapfile -t files < <(git ls-files '*.sh' run.sh .ci/run rootfs/guest/init 2>/dev/null | grep -v '^results/' | sort -u)
[ ${#files[@]} -gt 5 ] || fail "found only ${#files[@]} shell scripts (not a git checkout?)"
shellcheck -x "${files[@]}"
ok "shellcheck: ${#files[@]} scripts clean"
# No hidden inputs: SC2154 (a variable read but never set) stays on
# everywhere, so a global a sourced file reads must be declared in it
# (declare -g, its "Inputs:" line) and a misspelled one fails here.
off=$(grep -lE '^# shellcheck .*disable=[A-Z0-9,]*SC2154' "${files[@]}" || true)
[ -z "$off" ] || fail "SC2154 turned off in: $(tr '\n' ' ' <<<"$off")"
probe=$(mktemp --suffix=.sh)
# shellcheck disable=SC2016 # a script as text
printf '# shellcheck shell=bash\n# Inputs:\ndeclare -g out\necho "$out $misspelt"\n' >"$probe"
msg=$(shellcheck "$probe" 2>&1) && { rm -f "$probe"; fail "shellcheck passed a global never set"; }
rm -f "$probe"
grep -q 'misspelt is referenced but not assigned' <<<"$msg" && ! grep -q 'out is referenced' <<<"$msg" ||
	fail "shellcheck on an undeclared global: $msg"
ok "SC2154 on in every file: a global read but never set or declared fails (a probe's \$misspelt), a declared one passes"

# Small pieces (the guide): no shell file over 300 lines, no function over 80
# (a function is "NAME() {" at the start of a line up to the first "}" there).
long=$(for f in "${files[@]}"; do
	awk -v f="$f" 'END { if (NR > 300) print f ": " NR " lines" }
		/^[A-Za-z_][A-Za-z_0-9]*\(\) *\{ *$/ { name = $1; start = FNR }
		name != "" && /^\}/ { if (FNR - start > 80) print f ": " name " " FNR - start " lines"; name = "" }' "$f"
done)
[ -z "$long" ] || fail "too long (at most 300 lines a file, 80 a function): $(tr '\n' ';' <<<"$long")"
ok "every shell file at most 300 lines, every function at most 80"

# No pipe into "grep -q": under pipefail the writer dies of SIGPIPE when
# grep stops at its first match, and the pipeline fails though the line was
# there (t40 failed so on a series.csv over a pipe's 64 KiB). Give grep a
# here-string or the file, or test a header with csv_has.
piped=$(grep -nE '(^|[^|])\|[[:space:]]*grep[[:space:]]+-[a-zA-Z]*q' "${files[@]}" || true)
[ -z "$piped" ] || fail "a pipe into grep -q (SIGPIPE under pipefail): $(tr '\n' ';' <<<"$piped")"
ok "no pipe into grep -q in ${#files[@]} scripts"
