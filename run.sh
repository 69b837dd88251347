#!/usr/bin/env bash
# slubbench: reproduce, measure and publish the 2007 SLUB add_partial()
# hackbench regression on Debian's linux-source-6.1.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
TOP=$SLUBBENCH_TOP

usage() {
	cat <<EOF
usage: ./run.sh [COMMAND] [OPTIONS]

Commands (default: all):
  all             deps, kernels, rootfs, bench and report: the whole job
  deps            install the Debian packages slubbench needs (only those missing)
  kernels [OPTS] [VARIANT...]
                  build kernel variants (default: all in kernels/variants)
                    --profile 2007|modern   per-CPU partial lists off (2007, default) or on
                    --variant NAME=PATCH    stock + PATCH as another variant
                    --list                  what each variant is made of
                    --check-patches         apply every variant's patches to pristine copies
  rootfs          build the guest root filesystem image
  bench [OPTS]    run the measurement plan, write results/<run-id>/
                  (see ./run.sh bench --help; --quick for a 2-minute check)
  boot [OPTS] VARIANT [-- COMMAND]
                  boot one built variant in QEMU and run COMMAND in the guest
                  (see bench/boot.sh --help)
  test            run the test suite (unit tests, then an end-to-end boot)
  clean           remove the cache ($SLUBBENCH_CACHE)

Environment:
  SLUBBENCH_CACHE   where sources, builds, images and logs go
                    (default \${XDG_CACHE_HOME:-\$HOME/.cache}/slubbench)
EOF
}

ensure_deps() {
	"$TOP/lib/deps.sh" --check >/dev/null || "$TOP/lib/deps.sh"
}

cmd=${1:-all}
[ $# -eq 0 ] || shift
case "$cmd" in
-h | --help | help) usage ;;
deps) "$TOP/lib/deps.sh" "$@" ;;
kernels) ensure_deps; exec "$TOP/kernels/build.sh" "$@" ;;
rootfs) ensure_deps; exec "$TOP/rootfs/build.sh" "$@" ;;
boot) ensure_deps; exec "$TOP/bench/boot.sh" "$@" ;;
bench) ensure_deps; exec "$TOP/bench/run.sh" "$@" ;;
test) ensure_deps; exec "$TOP/tests/run.sh" "$@" ;;
all)
	ensure_deps
	"$TOP/kernels/build.sh" "$@"
	"$TOP/rootfs/build.sh"
	;;
clean)
	say clean "removing $SLUBBENCH_CACHE"
	rm -rf "$SLUBBENCH_CACHE"
	;;
*)
	usage >&2
	die "unknown command '$cmd'"
	;;
esac
