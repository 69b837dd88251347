# shellcheck shell=bash disable=SC2034
# Which QEMU runs a boot, and where each one lives: sourced after
# lib/common.sh. Two QEMUs:
#   system   the host's qemu-system-x86 (Debian bookworm: 7.2), as installed
#   10       Debian bookworm-backports' QEMU 10, fetched by emu/fetch-qemu.sh
#            into the cache and run from there (never installed on the host):
#            the one that boots an SMP guest under icount (the counting mode)
# Each has its own plugin header and its own build of the slubcount plugin.

# The backports packages, pinned: counts are byte-identical only for one
# QEMU build, so a newer one is a new reference, not a silent change.
QEMU10_VERSION=1:10.0.2+ds-2+deb13u1~bpo12+1
QEMU10_PACKAGES="qemu-system-x86 qemu-system-common qemu-system-data"
SEABIOS10_VERSION=1.16.3-2~bpo12+1

# qemu10_dir: where the extracted QEMU 10 lives (usr/bin, usr/share, the header).
qemu10_dir() { echo "$SLUBBENCH_CACHE/qemu/$(tr -c 'A-Za-z0-9.+~\n-' _ <<<"$QEMU10_VERSION")"; }

# qemu_available NAME: true when QEMU NAME can run here now.
qemu_available() {
	case "$1" in
	system) command -v qemu-system-x86_64 >/dev/null 2>&1 ;;
	10) [ -x "$(qemu10_dir)/usr/bin/qemu-system-x86_64" ] && [ -f "$(qemu10_dir)/.complete" ] ;;
	*) return 1 ;;
	esac
}

# qemu_select NAME: sets QEMU_BIN, QEMU_FW (firmware options), QEMU_ID (a
# name for file names and records) and QEMU_HEADER_DIR (its plugin header);
# fails with one line when NAME is not available.
qemu_select() {
	local v
	case "$1" in
	system)
		need_cmd qemu-system-x86_64 qemu-system-x86
		QEMU_BIN=$(command -v qemu-system-x86_64)
		QEMU_FW=()
		v=$(dpkg-query -W -f='${source:Version}' qemu-system-x86 2>/dev/null) || v=unknown
		QEMU_ID=system-$(tr -c 'A-Za-z0-9.+~\n-' _ <<<"$v")
		QEMU_HEADER_DIR=$SLUBBENCH_CACHE/emu/qemu-$(tr -c 'A-Za-z0-9.+~\n-' _ <<<"$v")
		;;
	10)
		qemu_available 10 || die "QEMU 10 is not fetched: run emu/fetch-qemu.sh (Debian bookworm-backports, into the cache)"
		local d
		d=$(qemu10_dir)
		QEMU_BIN=$d/usr/bin/qemu-system-x86_64
		QEMU_FW=(-L "$d/usr/share/qemu" -L "$d/usr/share/seabios")
		QEMU_ID=bpo-$(tr -c 'A-Za-z0-9.+~\n-' _ <<<"$QEMU10_VERSION")
		QEMU_HEADER_DIR=$d/include
		;;
	*) die "--qemu takes system or 10, not '$1'" ;;
	esac
	# shellcheck disable=SC2034
	QEMU_NAME=$1
}

# qemu_version_line: the selected QEMU's own first line of --version.
qemu_version_line() { "$QEMU_BIN" --version | head -n1; }

# qemu_kvm_usable BOOT_SH KDIR: /dev/kvm opens and a probe boot of KDIR by
# BOOT_SH (bench/boot.sh) under the selected QEMU reaches the runner in
# 30 s. The answer is cached per host kernel and QEMU version.
qemu_kvm_usable() {
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	local key probe_out rc cache
	key=$(printf '%s %s' "$(uname -r)" "$(qemu_version_line)" | sha256sum | cut -c1-12)
	cache=$SLUBBENCH_CACHE/accel-probe-$key
	if [ -f "$cache" ]; then
		[ "$(cat "$cache")" = kvm ]
		return
	fi
	say boot "probing KVM (a 30 s test boot)"
	probe_out=$(mktemp -d)
	rc=0
	"$1" --qemu "$QEMU_NAME" --accel kvm --smp 1 --mem 1024 --timeout 30 --out "$probe_out" "$2" -- true >/dev/null 2>&1 || rc=$?
	rm -rf "$probe_out"
	mkdir -p "$SLUBBENCH_CACHE"
	if [ "$rc" -eq 0 ]; then echo kvm >"$cache"; else echo tcg >"$cache"; fi
	[ "$rc" -eq 0 ]
}
