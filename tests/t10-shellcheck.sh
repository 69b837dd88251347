#!/usr/bin/env bash
# group: full
# Every shell script in the project is shellcheck-clean, with SC2154 (a
# global read but never set) on in each: a sourced file declares its inputs.
# A file whose verdict rests on the same files as one that passed before
# is not checked again (the check store, with SLUBBENCH_REUSE_CHECKS=1).
. "$(dirname "$0")/lib.sh"
# shellcheck source=tests/checkstore.sh
. "$TOP/tests/checkstore.sh"
cd "$TOP"
# results/ holds runs' data (a plan copied into a run is data, not code)
mapfile -t files < <(git ls-files '*.sh' run.sh .ci/run rootfs/guest/init 2>/dev/null | grep -v '^results/' | sort -u)
[ ${#files[@]} -gt 5 ] || fail "found only ${#files[@]} shell scripts (not a git checkout?)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lint_keys . "${files[@]}" >"$tmp/keys" || fail "lint_keys failed"
[ "$(cut -d' ' -f2 "$tmp/keys")" = "$(printf '%s\n' "${files[@]}")" ] || fail "lint_keys did not key each file once, in order"
S=$(check_store)
todo=()
declare -A key_of=()
while read -r k f; do
	key_of[$f]=$k
	checkstore_on && store_fetch "$S" "$k" "$tmp" || todo+=("$f")
done <"$tmp/keys"
t0=$EPOCHREALTIME
[ ${#todo[@]} = 0 ] || shellcheck -x "${todo[@]}"
if checkstore_on && [ ${#todo[@]} -gt 0 ]; then
	each=$(awk -v a="$t0" -v b="$EPOCHREALTIME" -v n=${#todo[@]} 'BEGIN { printf "%.2f", (b - a) / n }')
	for f in "${todo[@]}"; do
		store_put "$S" "$CHECKSTORE_MB" "${key_of[$f]}" "shellcheck -x passed $f" "$tmp" "$each"
	done
fi
ok "shellcheck: ${#files[@]} scripts clean (${#todo[@]} checked, $((${#files[@]} - ${#todo[@]})) passed before on the same files: the check store)"

# The store's key of a file changes with every file it sources, at any
# depth, and only with those: in a copy, a line more in lib/text.sh
# (sourced by lib/common.sh, sourced by tests/lib.sh) changes t09's key and
# common.sh's, and leaves those of files that source none of them.
mkdir -p "$tmp/copy"
tar -cf - "${files[@]}" .shellcheckrc | tar -xf - -C "$tmp/copy"
echo '# one more line' >>"$tmp/copy/lib/text.sh"
lint_keys "$tmp/copy" "${files[@]}" >"$tmp/keys2" || fail "lint_keys failed on a copy"
changed=$(LC_ALL=C join -j2 -o 0,1.1,2.1 <(LC_ALL=C sort -k2 "$tmp/keys") <(LC_ALL=C sort -k2 "$tmp/keys2") | awk '$2 != $3 { print $1 }')
for f in lib/text.sh lib/common.sh tests/lib.sh tests/t09-variance.sh; do
	grep -qx "$f" <<<"$changed" || fail "$f's key did not change with lib/text.sh"
done
for f in bench/stall.sh rootfs/guest/init lib/store.sh; do
	! grep -qx "$f" <<<"$changed" || fail "$f's key changed with lib/text.sh, which it does not source"
done
ok "a file's key changes with each file it sources at any depth ($(wc -l <<<"$changed") of ${#files[@]} with lib/text.sh), not with others"
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
