# shellcheck shell=bash
# The bench's plan, run in the guest by slubbench-init in /job (the host's
# boot directory). bench/run.sh puts the settings first:
#   SB_CONFIGS   "mode:unit:groups:loops:fds:datasize ..." (mode socket|pipe,
#                unit process|thread), one hackbench configuration each
#   SB_WARMUP    1: one untimed short hackbench before anything is measured
#   SB_TIMED     1: a timed boot: each configuration's hackbench once, and
#                nothing else (no perf at all)
#   SB_COUNT     1: a counting boot: each configuration under perf stat
#                counting slub:add_partial (head/tail, per cache), untimed
#   SB_PROFILE   1: in a counting boot, perf record of cpu-clock and of
#                add_partial at the end
#   SB_EMULATED  1: an emulated-counters boot (bench/boot.sh --counters):
#                each configuration's hackbench SB_WINDOWS times (default
#                1) between sbmark's markers (one plugin window each, in
#                order: c1's runs, then c2's), nothing else
#   SB_CACHES    caches whose add_partial events perf counts apart
#   SB_FIRST_CONFIG  the number of the first configuration (default 1): a
#                plan at several vCPU counts numbers each count's
#                configurations apart, as the machine is part of what ran
#   SB_KNOB      NAME=VALUE (--slub-knob): written to /sys/kernel/slab/C/NAME
#                for each cache C of SB_KNOB_CACHES (default SB_CACHES; a cache
#                the kernel lacks is refused) before the warm-up, and read back
#                into knobs.txt ("cache name wanted got"; got "refused" when the
#                write failed); a knob not set ends the plan (exit 3)
#   SB_SERIES    MS (a series boot, bench/run.sh --series): in each emulated
#                run, a sampler reads the hot caches' partial-list length
#                and SLUB statistics every MS ms of guest time (0: none)
# A boot times, counts or is emulated: a plan asking for two is refused.
#
# Files, each written as soon as it is known (a crash keeps the earlier ones):
#   slabinfo-before.txt, slabinfo-after.txt     /proc/slabinfo
#   cN-timed.txt       hackbench output of configuration N's timed run
#   cN-timed.slubstat  SLUB statistics of that run ("cache counter value")
#   cN-count.txt, cN-count.perfstat (+ .labels), cN-count.slubstat
#   cN-emulated-wK.txt hackbench output of the emulated-counters run K
#   cN-emulated-wK.slubstat  SLUB statistics of that run
#   cN-series-wK.txt   a series boot's samples of that run: "ms cache file
#                      value", ms since the sampler started, value the file's
#                      first field (SERIES_FILES); the last one after hackbench
#   series-cost.txt    "samples ns": the guest time of SERIES_COST samples
#                      taken back to back before the warm-up (a series boot)
#   cN-timed.ctxt, cN-emulated-wK.ctxt   the guest's context switches during
#                      the run (/proc/stat ctxt): how the emulator's
#                      scheduling of vCPUs shaped the run (icount or MTTCG)
#   cN-timed.ipi, cN-emulated-wK.ipi   "RES CAL": the reschedule and
#                      function-call IPIs of the run, all CPUs (/proc/interrupts)
#   perf/              profiles and their reports
#   progress           one line per finished step
set -u
SB_CONFIGS=${SB_CONFIGS:?} SB_WARMUP=${SB_WARMUP:-1} SB_TIMED=${SB_TIMED:-1}
SB_COUNT=${SB_COUNT:-0} SB_PROFILE=${SB_PROFILE:-0} SB_CACHES=${SB_CACHES:?}
SB_EMULATED=${SB_EMULATED:-0} SB_FIRST_CONFIG=${SB_FIRST_CONFIG:-1} SB_WINDOWS=${SB_WINDOWS:-1}
SB_KNOB=${SB_KNOB:-} SB_KNOB_CACHES=${SB_KNOB_CACHES:-$SB_CACHES} SB_SERIES=${SB_SERIES:-0}
if [ "$SB_TIMED" = 1 ] && [ "$SB_COUNT$SB_PROFILE$SB_EMULATED" != 000 ]; then
	echo "error: a timed boot only times: SB_COUNT, SB_PROFILE and SB_EMULATED must be 0" >&2
	exit 2
fi
if [ "$SB_EMULATED" = 1 ] && [ "$SB_COUNT$SB_PROFILE" != 00 ]; then
	echo "error: an emulated-counters boot counts nothing else: SB_COUNT and SB_PROFILE must be 0" >&2
	exit 2
fi

[ "$SB_EMULATED" = 0 ] || sbmark begin # the counting mode's quantum starts here (slubquantum.c)

COUNTERS="alloc_fastpath alloc_slowpath free_fastpath free_slowpath free_frozen
free_add_partial free_remove_partial alloc_from_partial alloc_slab alloc_refill
alloc_node_mismatch free_slab cpuslab_flush deactivate_full deactivate_empty
deactivate_to_head deactivate_to_tail deactivate_remote_frees deactivate_bypass
order_fallback cmpxchg_double_fail cmpxchg_double_cpu_fail cpu_partial_alloc
cpu_partial_free cpu_partial_node cpu_partial_drain"

slub=0
[ -e /sys/kernel/slab/kmalloc-64/alloc_fastpath ] && slub=1
echo "slub_stats=$slub" >progress

step() { echo "$*" >>progress; sync; }

# ctxt: the guest's context switches since boot.
ctxt() {
	local k v
	while read -r k v; do [ "$k" = ctxt ] && { echo "$v"; return; }; done </proc/stat
}

# ipis: "RES CAL", the guest's reschedule and function-call interrupts
# since boot, summed over its CPUs; ipi_delta BEFORE: those since BEFORE.
ipis() {
	local name rest x n res=0 cal=0
	while read -r name rest; do
		case "$name" in
		RES: | CAL:)
			n=0
			for x in $rest; do [[ "$x" =~ ^[0-9]+$ ]] || break; n=$((n + x)); done
			if [ "$name" = RES: ]; then res=$n; else cal=$n; fi ;;
		esac
	done </proc/interrupts
	echo "$res $cal"
}
ipi_delta() {
	local a b c d
	read -r a b <<<"$1"
	read -r c d <<<"$(ipis)"
	echo "$((c - a)) $((d - b))"
}

# SLUB statistics: reset all to 0, and read those that moved. Shell builtins
# only: no process per file.
slub_reset() {
	local d c
	for d in /sys/kernel/slab/*/; do
		[ -L "${d%/}" ] && continue
		for c in $COUNTERS; do echo 0 >"$d$c"; done
	done
}
slub_read() {
	local d c v name
	for d in /sys/kernel/slab/*/; do
		[ -L "${d%/}" ] && continue
		name=${d%/}
		name=${name##*/}
		for c in $COUNTERS; do
			read -r v <"$d$c"
			[ "${v%% *}" = 0 ] && continue
			echo "$name $c $v"
		done
	done
}

# The partial list over time (SB_SERIES): each sample reads, per hot cache,
# the list's length (sysfs "partial": n->nr_partial, no lock taken) and the
# statistics that add to it and take from it. Shell builtins only; the
# sampler sleeps in "read -t" on a pipe nobody writes (one process, once).
SERIES_FILES="partial free_add_partial deactivate_to_head deactivate_to_tail alloc_from_partial free_remove_partial"
series_sample() {
	local c q v
	for c in $SB_CACHES; do
		for q in $SERIES_FILES; do
			v=
			read -r v _ <"/sys/kernel/slab/$c/$q" || v=
			echo "$1 $c $q $v"
		done
	done
}
# series_now T0: a sample at the ms since T0 (an $EPOCHREALTIME without its
# dot; no command substitution: no process a sample)
series_now() {
	local t=${EPOCHREALTIME/./}
	series_sample $(((t - $1) / 1000))
}
# series_loop T0 FD: a sample every SB_SERIES ms until killed
series_loop() {
	local s
	printf -v s '%d.%03d' $((SB_SERIES / 1000)) $((SB_SERIES % 1000))
	while :; do
		series_now "$1"
		read -r -t "$s" -u "$2" _
	done
}

# hackbench_args CONFIG: the command line of one configuration.
hackbench_args() {
	local mode unit groups loops fds size
	IFS=: read -r mode unit groups loops fds size <<<"$1"
	HB=(hackbench -g "$groups" -l "$loops" -f "$fds" -s "$size")
	[ "$mode" = pipe ] && HB+=(-p)
	[ "$unit" = thread ] && HB+=(-T)
	return 0
}

cat /proc/slabinfo >slabinfo-before.txt
step "slabinfo-before"

if [ -n "$SB_KNOB" ]; then
	knob_ok=1
	for c in $SB_KNOB_CACHES; do
		got=refused
		if echo "${SB_KNOB#*=}" >"/sys/kernel/slab/$c/${SB_KNOB%%=*}" 2>/dev/null; then
			read -r got <"/sys/kernel/slab/$c/${SB_KNOB%%=*}" || got=refused
		fi
		echo "$c ${SB_KNOB%%=*} ${SB_KNOB#*=} $got" >>knobs.txt
		[ "$got" = "${SB_KNOB#*=}" ] || knob_ok=0
	done
	step "knob ${SB_KNOB} ok=$knob_ok"
	if [ "$knob_ok" = 0 ]; then
		echo "error: ${SB_KNOB} was not set as asked (knobs.txt)" >&2
		exit 3
	fi
fi

# the sampler's clock: a pipe whose writer never writes (a coprocess: the
# initramfs has no /dev/fd for a process substitution; its descriptor
# copied, as bash closes a coprocess's own in a subshell)
if [ "$SB_SERIES" -gt 0 ]; then
	coproc TICK { exec sleep infinity; }
	exec {tick}<&"${TICK[0]}"
	# what one sample costs, alone: guest time (under icount, instructions)
	SERIES_COST=20
	t0=${EPOCHREALTIME/./}
	for ((i = 0; i < SERIES_COST; i++)); do series_sample 0 >/dev/null; done
	echo "$SERIES_COST $(((${EPOCHREALTIME/./} - t0) * 1000))" >series-cost.txt
	step "series cost"
fi

if [ "$SB_WARMUP" = 1 ]; then
	hackbench -g 4 -l 50 >warmup.txt 2>&1
	step "warmup rc=$?"
fi

n=$((SB_FIRST_CONFIG - 1))
for cfg in $SB_CONFIGS; do
	n=$((n + 1))
	hackbench_args "$cfg"
	echo "${HB[*]}" >"c$n-command"
	echo "$cfg" >"c$n-config"

	if [ "$SB_TIMED" = 1 ]; then
		[ "$slub" = 1 ] && slub_reset
		i0=$(ipis)
		x0=$(ctxt)
		"${HB[@]}" >"c$n-timed.txt" 2>&1
		rc=$?
		echo $(($(ctxt) - x0)) >"c$n-timed.ctxt"
		ipi_delta "$i0" >"c$n-timed.ipi"
		[ "$slub" = 1 ] && slub_read >"c$n-timed.slubstat"
		step "c$n timed rc=$rc"
	fi

	w=0
	while [ "$SB_EMULATED" = 1 ] && [ "$w" -lt "$SB_WINDOWS" ]; do
		w=$((w + 1))
		[ "$slub" = 1 ] && slub_reset
		i0=$(ipis)
		x0=$(ctxt)
		if [ "$SB_SERIES" -gt 0 ]; then
			t0=${EPOCHREALTIME/./}
			series_loop "$t0" "$tick" >"c$n-series-w$w.txt" &
			sampler=$!
		fi
		sbmark run "${HB[@]}" >"c$n-emulated-w$w.txt" 2>&1
		rc=$?
		if [ "$SB_SERIES" -gt 0 ]; then
			kill "$sampler"
			wait "$sampler" 2>/dev/null
			series_now "$t0" >>"c$n-series-w$w.txt"
		fi
		echo $(($(ctxt) - x0)) >"c$n-emulated-w$w.ctxt"
		ipi_delta "$i0" >"c$n-emulated-w$w.ipi"
		[ "$slub" = 1 ] && slub_read >"c$n-emulated-w$w.slubstat"
		step "c$n emulated window $w rc=$rc"
	done

	if [ "$SB_COUNT" = 1 ] && [ "$slub" = 1 ]; then
		ev=(-e slub:add_partial --filter 'tail == 0' -e slub:add_partial --filter 'tail == 1')
		labels="all.head all.tail"
		for c in $SB_CACHES; do
			ev+=(-e slub:add_partial --filter "name == \"$c\" && tail == 0")
			ev+=(-e slub:add_partial --filter "name == \"$c\" && tail == 1")
			labels="$labels $c.head $c.tail"
		done
		echo "$labels" >"c$n-count.labels"
		slub_reset
		perf stat -a -x, -o "c$n-count.perfstat" "${ev[@]}" -- "${HB[@]}" >"c$n-count.txt" 2>&1
		rc=$?
		slub_read >"c$n-count.slubstat"
		step "c$n count rc=$rc"
	fi
done

cat /proc/slabinfo >slabinfo-after.txt
step "slabinfo-after"

if [ "$SB_PROFILE" = 1 ]; then
	mkdir -p perf
	# kernel symbols from the build's vmlinux when the host shares it
	# (bench/boot.sh does), else from this kernel's /proc/kallsyms
	ksyms=(--kallsyms /proc/kallsyms)
	[ -f /kernel/vmlinux ] && ksyms=(-k /kernel/vmlinux)
	echo "kernel symbols: ${ksyms[*]}" >perf/symbols.txt
	hackbench_args "${SB_CONFIGS%% *}"
	perf record -q -a -g -F 999 -m 1024 -e cpu-clock -o /tmp/cpu.data -- "${HB[@]}" >perf/cpu-hackbench.txt 2>&1
	step "record cpu-clock rc=$?"
	perf report "${ksyms[@]}" -i /tmp/cpu.data --stdio --no-children --sort symbol -F overhead,sym \
		-g none --percent-limit 0.5 >perf/cpu-report.txt 2>perf/cpu-report.err
	step "report cpu-clock rc=$?"
	if [ "$slub" = 1 ]; then
		# One sample per 16 events, and a larger buffer: every event would
		# overrun perf's buffers under emulation.
		perf record -q -a -g -c 16 -m 1024 -e slub:add_partial -o /tmp/ap.data -- "${HB[@]}" \
			>perf/ap-hackbench.txt 2>&1
		# The sample's symbol is where the inlined add_partial() ran: its caller.
		step "record add_partial rc=$?"
		perf report "${ksyms[@]}" -i /tmp/ap.data --stdio --no-children --sort symbol -F overhead,sym -g none \
			>perf/add_partial-callers.txt 2>perf/add_partial-callers.err
		perf report "${ksyms[@]}" -i /tmp/ap.data --stdio --no-children --sort symbol -F overhead,sym \
			-g caller,2,callee,function,percent --max-stack 6 \
			>perf/add_partial-callchains.txt 2>>perf/add_partial-callers.err
		step "report add_partial rc=$?"
	fi
fi
step "done"
