# shellcheck shell=bash
# Pinning QEMU's vCPU threads to host CPUs (bench/boot.sh --pin).

# cpu_list_expand "0-2,5": one CPU number a line.
cpu_list_expand() {
	local part
	for part in ${1//,/ }; do
		if [[ "$part" =~ ^([0-9]+)-([0-9]+)$ ]]; then
			seq "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
		elif [[ "$part" =~ ^[0-9]+$ ]]; then
			echo "$part"
		fi
	done
}

# pin_vcpus PID SMP: PID is the timeout(1) that runs QEMU. Waits (5 s at
# most) for QEMU's SMP vCPU threads, named "CPU i/TCG" or "CPU i/KVM"
# (QEMU's -name debug-threads=on), and pins thread i to the i-th CPU this
# process may use, modulo their number. Prints "vcpuI=TID:CPU" lines;
# fails when a thread was not found or not pinned.
pin_vcpus() {
	local tpid=$1 smp=$2 qpid='' t comm i found=0 tries
	local -a cpus tids
	mapfile -t cpus < <(cpu_list_expand "$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)")
	[ "${#cpus[@]}" -gt 0 ] || { echo "error: no CPU list in /proc/self/status"; return 1; }
	for ((tries = 0; tries < 100; tries++)); do
		[ -n "$qpid" ] || qpid=$(pgrep -P "$tpid" | head -n1 || true)
		if [ -n "$qpid" ]; then
			found=0
			tids=()
			for t in /proc/"$qpid"/task/*; do
				comm=$(cat "$t/comm" 2>/dev/null) || continue
				[[ "$comm" =~ ^CPU\ ([0-9]+)/(TCG|KVM)$ ]] || continue
				tids[BASH_REMATCH[1]]=${t##*/}
				found=$((found + 1))
			done
			[ "$found" -ge "$smp" ] && break
		fi
		sleep 0.05
	done
	[ "$found" -ge "$smp" ] || { echo "error: found $found of $smp vCPU threads of QEMU (pid ${qpid:-none})"; return 1; }
	for ((i = 0; i < smp; i++)); do
		taskset -pc "${cpus[i % ${#cpus[@]}]}" "${tids[i]}" >/dev/null || { echo "error: taskset failed for vCPU $i"; return 1; }
		echo "vcpu$i=${tids[i]}:${cpus[i % ${#cpus[@]}]}"
	done
}
