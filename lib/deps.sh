#!/usr/bin/env bash
# Install the Debian packages slubbench needs, only those missing.
# Usage: lib/deps.sh [--check] [--cluster]
#   --check     list what is missing, exit 1 if any
#   --cluster   also what the one-node Slurm test needs (slurm-wlm, munge):
#               installed by that test (tests/t70-slurm.sh), not by default
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/common.sh"

PACKAGES=(
	# the kernel tree and what builds it (rsync: copying a user's tree, kernels/treeprep.sh)
	linux-source-6.1 build-essential bc bison flex libelf-dev libssl-dev
	cpio xz-utils perl binutils util-linux procps rsync
	# root filesystem and guests (QEMU 10 is fetched privately: emu/fetch-qemu.sh)
	debootstrap e2fsprogs qemu-system-x86
	# analysis tools, tests and charts
	pkg-config libgsl-dev libjansson-dev libglib2.0-dev libcmocka-dev jq gnuplot-nox shellcheck
	# fuzzing the parsers (libFuzzer) and sanitizers
	clang libclang-rt-14-dev
)

# the one-node Slurm cluster of tests/t70-slurm.sh
CLUSTER_PACKAGES=(slurm-wlm munge)
check=0
for a in "$@"; do
	case "$a" in
	--check) check=1 ;;
	--cluster) PACKAGES+=("${CLUSTER_PACKAGES[@]}") ;;
	*) die "lib/deps.sh takes --check and --cluster, not '$a'" ;;
	esac
done

# one dpkg-query for them all (every command runs this check first; a
# query a package took half of a dry run's time); a package it does not
# know is missing
declare -A installed=()
while read -r p st; do
	[[ "$st" != ii* ]] || installed[$p]=1
done < <(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${PACKAGES[@]}" 2>/dev/null || true)
missing=()
for p in "${PACKAGES[@]}"; do
	[ -n "${installed[$p]:-}" ] || missing+=("$p")
done

if [ "$check" = 1 ]; then
	[ ${#missing[@]} -eq 0 ] && exit 0
	printf '%s\n' "${missing[@]}"
	exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
	say deps "all ${#PACKAGES[@]} packages installed"
	exit 0
fi
[ "$(id -u)" -eq 0 ] || die "packages missing (${missing[*]}): run as root, or 'sudo apt-get install -y ${missing[*]}'"
say deps "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null || die "apt-get update failed: check the host's apt sources"
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null ||
	die "apt-get install failed for: ${missing[*]}"
say deps "done"
