#!/usr/bin/env bash
# group: quick
# Every shell script in the project is shellcheck-clean.
. "$(dirname "$0")/lib.sh"
cd "$TOP"
# results/ holds runs' data (a plan copied into a run is data, not code)
mapfile -t files < <(git ls-files '*.sh' run.sh .ci/run rootfs/guest/init 2>/dev/null | grep -v '^results/' | sort -u)
[ ${#files[@]} -gt 5 ] || fail "found only ${#files[@]} shell scripts (not a git checkout?)"
shellcheck -x "${files[@]}"
ok "shellcheck: ${#files[@]} scripts clean"
