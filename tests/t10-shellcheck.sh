#!/usr/bin/env bash
# group: full
# Every shell script in the project is shellcheck-clean.
. "$(dirname "$0")/lib.sh"
cd "$TOP"
# results/ holds runs' data (a plan copied into a run is data, not code)
mapfile -t files < <(git ls-files '*.sh' run.sh .ci/run rootfs/guest/init 2>/dev/null | grep -v '^results/' | sort -u)
[ ${#files[@]} -gt 5 ] || fail "found only ${#files[@]} shell scripts (not a git checkout?)"
shellcheck -x "${files[@]}"
ok "shellcheck: ${#files[@]} scripts clean"

# Small pieces (the guide): no shell file over 300 lines, no function over 80
# (a function is "NAME() {" at the start of a line up to the first "}" there).
long=$(for f in "${files[@]}"; do
	awk -v f="$f" 'END { if (NR > 300) print f ": " NR " lines" }
		/^[A-Za-z_][A-Za-z_0-9]*\(\) *\{ *$/ { name = $1; start = FNR }
		name != "" && /^\}/ { if (FNR - start > 80) print f ": " name " " FNR - start " lines"; name = "" }' "$f"
done)
[ -z "$long" ] || fail "too long (at most 300 lines a file, 80 a function): $(tr '\n' ';' <<<"$long")"
ok "every shell file at most 300 lines, every function at most 80"
