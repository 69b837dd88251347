#!/usr/bin/env bash
# slubbench: reproduce, measure and publish the 2007 SLUB add_partial()
# hackbench regression on Debian's linux-source-6.1 (and 6.12, or a user's tree).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
TOP=$SLUBBENCH_TOP

usage() {
	cat <<EOF
usage: ./run.sh [COMMAND] [OPTIONS]

Commands (default: all):
  all [OPTS]      deps, kernels, rootfs, bench and report: the whole job;
                  takes the bench's options (./run.sh bench --help, made
                  from bench/options.sh, where each is declared once)
  deps            install the Debian packages slubbench needs (only those missing)
  kernels [OPTS] [VARIANT[@TREE]...]
                  build kernel variants (default: all in kernels/variants
                  that the tree can build)
                    --tree T                the tree of variants named without @TREE:
                                            6.1 (default), 6.12 (bookworm-backports,
                                            fetched into the cache) or [NAME=]DIR, a
                                            user's kernel tree (copied, never written)
                    --profile 2007|modern   per-CPU partial lists off (2007, default) or on
                    --variant NAME=PATCH    stock + PATCH as another variant
                    --list                  what each variant is made of
                    --check-patches         apply every variant's patches to pristine copies
                                            (without --tree: of 6.1 and 6.12)
  rootfs          build the guest root filesystem image
  bench [OPTS]    run the measurement plan, write results/<run-id>/
                  (see ./run.sh bench --help; --dry-run shows the plan,
                  --quick is a 2-minute check, --smp 2,4,8 a vCPU axis,
                  --shard I/N one host's part of a plan)
  boot [OPTS] VARIANT [-- COMMAND]
                  boot one built variant in QEMU and run COMMAND in the guest
                  (see bench/boot.sh --help)
  report RUN [--baseline K]
                  statistics, charts and report.txt/report.md of a run
  compare RUN-A RUN-B
                  the same kernels across two runs (e.g. two machines)
  bisect --series FILE [OPTS]
                  find the change of a patch series that moves a SLUB count,
                  booting each step in the counting mode (bisect/run.sh --help)
  merge OUT SHARD...
                  join the shards of one plan (bench --shard I/N, from any
                  hosts) into one run; then ./run.sh report OUT
  slurm submit [OPTS]
                  run a plan as a Slurm job array of shards plus a merge
                  job (see bench/slurm/submit.sh --help)
  emu-measure [OPTS]
                  what the emulated counters cost and how repeatable they
                  are (see studies/emu-measure.sh --help)
  quantum-study [OPTS]
                  the counting mode's schedule against MTTCG's at each
                  quantum (studies/quantum.sh --help)
  variance [OPTS] where a timed boot's variance comes from: pinned and
                  unpinned boots, calibrations, several runs a boot, and
                  what each strategy buys per minute (studies/variance.sh --help)
  test [-j JOBS] [-x GROUP] [GROUP]...
                  run the test suite: the tiers unit (no VM, offline, 30 s
                  a test), smoke (a boot in each regime), full; network,
                  vm, cluster, security; all (default), or tests whose name
                  contains it; -x leaves a group out; -j runs JOBS tests at
                  once (default: the CPUs, at most 4) (tests/run.sh)
  clean           remove the cache ($SLUBBENCH_CACHE)

Environment (each recorded where it changes a measurement):
  SLUBBENCH_CACHE   where sources, builds, images and logs go
                    (default \${XDG_CACHE_HOME:-\$HOME/.cache}/slubbench)
  SLUBBENCH_MIRROR  Debian mirror for the guest and for what is fetched from
                    bookworm-backports (default: the host's apt sources)
  SLUBBENCH_QEMU_CPU, SLUBBENCH_APPEND   QEMU -cpu model and extra kernel
                    command line (in each boot's boot-info)
  SLUBBENCH_BOOT    a stand-in for bench/boot.sh (in the manifest; the
                    report warns that boots were simulated)
  KSRC_TARBALL      the kernel tree tarball (default: linux-source-6.1's)
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
report) ensure_deps; exec "$TOP/report/report.sh" "$@" ;;
compare) ensure_deps; exec "$TOP/report/compare.sh" "$@" ;;
bisect) ensure_deps; exec "$TOP/bisect/run.sh" "$@" ;;
merge) ensure_deps; exec "$TOP/bench/merge.sh" "$@" ;;
slurm)
	[ "${1:-}" = submit ] || die "usage: ./run.sh slurm submit [OPTIONS] (see bench/slurm/submit.sh --help)"
	shift
	exec "$TOP/bench/slurm/submit.sh" "$@" ;;
emu-measure) ensure_deps; exec "$TOP/studies/emu-measure.sh" "$@" ;;
variance) ensure_deps; exec "$TOP/studies/variance.sh" "$@" ;;
quantum-study) ensure_deps; exec "$TOP/studies/quantum.sh" "$@" ;;
all)
	ensure_deps
	for a in "$@"; do [ "$a" = --dry-run ] && exec "$TOP/bench/run.sh" "$@"; done
	# bench builds what it needs (kernels, rootfs), then the report
	out=$("$TOP/bench/run.sh" "$@") || die "the bench did not complete (see above)"
	out=$(tail -n1 <<<"$out")
	t=$EPOCHSECONDS
	"$TOP/report/report.sh" "$out"
	say report "made in $((EPOCHSECONDS - t))s"
	echo
	sed -n '/^Headline/,/^$/p' "$out/report.txt"
	echo "Report: $out/report.txt (with charts: $out/report.md)"
	;;
clean)
	# removes nothing unless called exactly as ./run.sh clean
	case "${1:-}" in
	"") ;;
	-h | --help) echo "usage: ./run.sh clean   (removes the cache, $SLUBBENCH_CACHE; takes no arguments)"; exit 0 ;;
	*) die "clean takes no arguments, not '$1' (./run.sh clean removes the cache, $SLUBBENCH_CACHE)" ;;
	esac
	say clean "removing $SLUBBENCH_CACHE"
	rm -rf "$SLUBBENCH_CACHE"
	;;
*)
	die "unknown command '$cmd' (./run.sh --help lists them)"
	;;
esac
