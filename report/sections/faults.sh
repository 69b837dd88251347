# shellcheck shell=bash
# Faults, sourced by report/text.sh inside its output: each boot
# attempt that did not finish, what it ended in, whether it was booted
# again, and a panic's first console line (the first FAULTS_SHOWN: a
# report stays readable, and fast, however many a boots.csv holds).
FAULTS_SHOWN=40
if [ -s "$R/boots.csv" ] && csv_has "$R/boots.csv" attempt; then
	# a boot's vCPUs are part of its name in a plan of several counts
	tag=
	[ "$SEVERAL_VCPUS" = 0 ] || tag=vcpus
	faults=$(csv_rows "$R/boots.csv" round kernel kind attempt result ${tag:-kind} | awk -F'|' '$5 != "finished"' | sort -t'|' -k1,1n -k2,2 -k4,4n)
	if [ -n "$faults" ]; then
		echo "Faults: boots that did not finish (the intervals pair only the rounds"
		echo "in which both kernels ran):"
		# the first FAULTS_SHOWN in the report, every one in boots.csv
		n=$(wc -l <<<"$faults")
		if [ "$n" -gt "$FAULTS_SHOWN" ]; then
			echo "  (the first $FAULTS_SHOWN of $n attempts; every one is in boots.csv)"
			faults=$(head -n "$FAULTS_SHOWN" <<<"$faults")
		fi
		while IFS='|' read -r r k kind a res v; do
			base=$(boot_name "$r" "$k" "$kind" "${tag:+$v}")
			log=$R/logs/$base.a$a-serial.log fate="booted again"
			if [ ! -f "$log" ]; then log=$R/logs/$base-serial.log fate="kept as failed"; fi
			transient "$res" || fate="kept, a finding (never retried)"
			printf '  round %s, %s (%s%s), attempt %s: %s; %s\n' "$r" "$k" "$kind" "${tag:+, $v vCPUs}" "$a" "$res" "$fate" |
				wrap
			if [ "$res" = panic ] && [ -f "$log" ]; then
				grep -m1 -aE "$PANIC_RE" "$log" | tr -cd '[:print:]' |
					cut -c1-70 | sed 's/^/    console: /'
				echo
			fi
		done <<<"$faults"
		echo
	fi
fi
