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
  all [OPTS]      deps, kernels, rootfs, bench and report: the whole job;
                  takes the bench's options, e.g. --kernels, --profile,
                  --groups, --loops, --mode, --rounds, --smp, --mem, --accel,
                  --out, --quick, --variant NAME=PATCH (./run.sh bench --help)
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
  report RUN [--baseline K]
                  statistics, charts and report.txt/report.md of a run
  compare RUN-A RUN-B
                  the same kernels across two runs (e.g. two machines)
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
-*) ensure_deps; exec "$0" all "$cmd" "$@" ;;
test) ensure_deps; exec "$TOP/tests/run.sh" "$@" ;;
report) ensure_deps; exec "$TOP/bench/report.sh" "$@" ;;
compare) ensure_deps; exec "$TOP/bench/compare.sh" "$@" ;;
all)
	ensure_deps
	# bench builds what it needs (kernels, rootfs), then the report
	out=$("$TOP/bench/run.sh" "$@" | tail -n1)
	[ -d "$out" ] || die "the bench did not finish (see above)"
	"$TOP/bench/report.sh" "$out"
	echo
	sed -n '/^Headline/,/^$/p' "$out/report.txt"
	echo "Report: $out/report.txt (with charts: $out/report.md)"
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
