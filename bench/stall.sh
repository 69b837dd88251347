# shellcheck shell=bash
# A stalled boot, noticed in a minute rather than at the timeout: QEMU alive
# but its vCPUs asleep (a boot once stopped after SeaBIOS with both vCPU
# threads on a futex after 2 s of CPU, and waited out its 900 s). A guest of
# slubbench's never idles that long: from power-on to power-off it boots,
# runs its plan or is counted, so QEMU's CPU time keeps growing. Sourced by
# bench/boot.sh.

# STALL_SECS: a boot whose QEMU gains less than STALL_CPU_SECS of CPU in
# this many seconds of wall time is stalled (SLUBBENCH_STALL_SECS)
STALL_SECS=${SLUBBENCH_STALL_SECS:-60}
STALL_CPU_SECS=1
[[ "$STALL_SECS" =~ ^[1-9][0-9]{0,5}$ ]] || die "SLUBBENCH_STALL_SECS takes a whole number of seconds, not '$STALL_SECS'"

# proc_tree_ticks PID: the CPU time in clock ticks of PID and its children
# (timeout(1) and the QEMU it runs), 0 for a process gone
proc_tree_ticks() {
	local p t=0 v
	for p in "$1" $(cat /proc/"$1"/task/*/children 2>/dev/null); do
		# utime and stime: fields 14 and 15, counted after the ")" that ends
		# the command's name
		v=$(sed 's/.*) //' /proc/"$p"/stat 2>/dev/null | awk '{ print $12 + $13 }') || v=0
		t=$((t + ${v:-0}))
	done
	echo "$t"
}

# watch_stall PID OUT: wait for PID (timeout(1) running QEMU) and return its
# status; when it stalls, kill it and its children and write OUT/stall
# (bench/boot-result.sh names the result "stall"). Each second is a
# sleep waited for together with PID, so that a boot's end is seen when
# it comes, not up to a second later.
watch_stall() {
	local pid=$1 out=$2 hz last now t=0 since=0 rc=0 p sp ended
	hz=$(getconf CLK_TCK)
	last=$(proc_tree_ticks "$pid")
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1 &
		sp=$! ended=''
		wait -n -p ended "$pid" "$sp" || rc=$?
		if [ "$ended" = "$pid" ]; then
			kill "$sp" 2>/dev/null || true
			wait "$sp" 2>/dev/null || true
			return "$rc"
		fi
		rc=0
		t=$((t + 1))
		[ $((t % 5)) = 0 ] || continue
		now=$(proc_tree_ticks "$pid")
		if [ $((now - last)) -ge $((STALL_CPU_SECS * hz)) ]; then
			last=$now since=$t
		elif [ $((t - since)) -ge "$STALL_SECS" ]; then
			printf 'after_seconds=%s\nquiet_seconds=%s\ncpu_seconds=%s\n' "$t" "$((t - since))" "$((now / hz))" >"$out/stall"
			# shellcheck disable=SC2013 # the children file is a list of pids
			for p in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
			kill -KILL "$pid" 2>/dev/null || true
			break
		fi
	done
	wait "$pid" || rc=$?
	return "$rc"
}
