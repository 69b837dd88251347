# shellcheck shell=bash
# The host's load during one boot: how much CPU everything else on the host
# used while the boot ran. Sourced after lib/common.sh. Under MTTCG what
# runs in the guest depends on it (a busy host cut head's add_partial count
# by 38% here), so every boot records it and the report warns about it.
#
#   hostload_start    before QEMU starts
#   hostload_stop     after it ended: sets HOSTLOAD_CPUS (the host's CPUs)
#                     and HOSTLOAD_OTHER, the host CPUs' busy time less this
#                     shell's children's (QEMU's) CPU time, divided by the
#                     wall time: the number of cores kept busy by other work
#                     (0.00 quiet; about 1.00 beside one busy loop)

# _host_busy: jiffies of busy time of all CPUs together (/proc/stat: user,
# nice, system, irq, softirq, steal; guest time is inside user).
_host_busy() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 + $9; exit }' /proc/stat; }

# _children_cpu FILE: this shell's waited-for children's user + system
# seconds. times runs in this shell, never in a $(...) subshell (whose
# children are not QEMU), and writes to FILE.
_children_cpu() {
	times >"$1"
	awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } print s }' "$1"
}

hostload_start() {
	_hl_busy0=$(_host_busy)
	_hl_times=$(mktemp)
	_children_cpu "$_hl_times" >"$_hl_times.0"
	_hl_child0=$(cat "$_hl_times.0")
	_hl_t0=$(date +%s.%N)
}

hostload_stop() {
	local busy child t1 hz
	busy=$(_host_busy)
	_children_cpu "$_hl_times" >"$_hl_times.1"
	child=$(cat "$_hl_times.1")
	rm -f "$_hl_times" "$_hl_times.0" "$_hl_times.1"
	t1=$(date +%s.%N)
	hz=$(getconf CLK_TCK)
	# shellcheck disable=SC2034
	HOSTLOAD_CPUS=$(nproc --all)
	# shellcheck disable=SC2034
	HOSTLOAD_OTHER=$(awk -v b0="$_hl_busy0" -v b1="$busy" -v c0="$_hl_child0" -v c1="$child" \
		-v t0="$_hl_t0" -v t1="$t1" -v hz="$hz" 'BEGIN {
			w = t1 - t0; if (w <= 0) { print "0.00"; exit }
			o = ((b1 - b0) / hz - (c1 - c0)) / w; if (o < 0) o = 0
			printf "%.2f\n", o }')
}
