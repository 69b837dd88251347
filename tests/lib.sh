# shellcheck shell=bash
# Assertions for slubbench's tests: sourced by each tests/t*.sh.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
export TOP=$SLUBBENCH_TOP
checks=0

fail() {
	echo "FAIL: $*" >&2
	exit 1
}
ok() {
	checks=$((checks + 1))
	echo "ok: $*"
}
skip() {
	echo "$*"
	exit 77
}
# expect_fail CMD...: CMD must exit non-zero; its stderr+stdout in $OUT.
expect_fail() {
	local rc=0
	OUT=$("$@" 2>&1) || rc=$?
	[ "$rc" -ne 0 ] || fail "expected failure from: $* (output: $OUT)"
}
# contains TEXT PATTERN WHAT: grep -E PATTERN in TEXT.
contains() {
	grep -qE -- "$2" <<<"$1" || fail "$3: no /$2/ in: $1"
	ok "$3"
}
