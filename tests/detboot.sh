# shellcheck shell=bash
# Counting-mode boots of head for t61 and t66 (sourced after tests/lib.sh):
# the bench's own guest plan as an emulated-counters boot runs it, a boot
# with it, and what a boot counted, in one text.
# Inputs: the caller's globals read here (t10's shellcheck sees them):
declare -g TOP
# shellcheck source=lib/detboot.sh
. "$TOP/lib/detboot.sh"

# det_require: skip unless head can be booted in the counting mode here
# (a VM host, QEMU 10), and build head and the plugins if they are not
det_require() {
	require_vm
	require_qemu10
	"$TOP/kernels/build.sh" head >/dev/null
	"$TOP/emu/build.sh" --qemu 10 >/dev/null
}
# det_plan DIR: DIR/plan.sh, the plan every boot of det runs
# (lib/detboot.sh's det_quick_plan)
det_plan() { det_quick_plan "$1/plan.sh"; }
# det DIR SEED NAME [BOOT-OPTION...]: head booted in the counting mode
# with DIR/plan.sh, into DIR/NAME (its log DIR/NAME.log)
det() {
	local d=$1 seed=$2 name=$3
	shift 3
	"$TOP/bench/boot.sh" --det "$seed" --counters "$@" --timeout 600 --out "$d/$name" --plan "$d/plan.sh" head >"$d/$name.log" 2>&1 ||
		fail "seed $seed ($name): boot failed: $(tail -n 3 "$d/$name.log")"
}
# counts DIR: what the boot counted, in one text (the plugin's CSV, the
# SLUB statistics, hackbench's output with its virtual time, the context
# switches, and the quantum plugin's counts of the schedule if it ran)
counts() {
	cat "$1/emulated-raw.csv" "$1/c1-emulated-w1.slubstat" "$1/c1-emulated-w1.txt" "$1/c1-emulated-w1.ctxt"
	[ ! -e "$1/quantum-raw.csv" ] || cat "$1/quantum-raw.csv"
}
