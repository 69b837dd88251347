# shellcheck shell=bash
# Assertions for slubbench's tests: sourced by each tests/t*.sh.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
export TOP=$SLUBBENCH_TOP

fail() {
	echo "FAIL: $*" >&2
	exit 1
}
ok() {
	echo "ok: $*"
}
skip() {
	echo "$*"
	exit 77
}
# expect_fail CMD...: CMD must exit non-zero; its stderr+stdout in $OUT.
# Each call is one refused case: REFUSED counts them, REFUSED_MAX_MS keeps
# the longest (refusals_said prints both).
REFUSED=0 REFUSED_MAX_MS=0
expect_fail() {
	local rc=0 t0 ms
	t0=$(date +%s%N)
	OUT=$("$@" 2>&1) || rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	REFUSED=$((REFUSED + 1))
	[ "$ms" -le "$REFUSED_MAX_MS" ] || REFUSED_MAX_MS=$ms
	[ "$rc" -ne 0 ] || fail "expected failure from: $* (output: $OUT)"
}
# refusals_said: how many cases this test saw refused, and the slowest
refusals_said() {
	ok "$REFUSED hostile cases refused, the longest in $((REFUSED_MAX_MS / 1000)).$(printf '%03d' $((REFUSED_MAX_MS % 1000))) s"
}
# contains TEXT PATTERN WHAT: grep -E PATTERN in TEXT.
contains() {
	grep -qE -- "$2" <<<"$1" || fail "$3: no /$2/ in: $1"
	ok "$3"
}
# require_vm: skip (as xfstests' _notrun) unless this machine can build
# and boot the kernels: QEMU, root, the kernel tree's package.
require_vm() {
	command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is missing (./run.sh deps)"
	[ "$(id -u)" -eq 0 ] || skip "not root: the vm tests install packages and build images"
	[ -f "$KSRC_TARBALL" ] || skip "$KSRC_TARBALL is missing (./run.sh deps)"
}
# require_qemu10: skip unless Debian backports' QEMU 10 is fetched or can
# be (emu/fetch-qemu.sh): the counting mode (bench/boot.sh --det) needs it.
require_qemu10() {
	"$TOP/emu/fetch-qemu.sh" >/dev/null || skip "QEMU 10 could not be fetched from bookworm-backports (emu/fetch-qemu.sh)"
}
