# shellcheck shell=bash
# Position and drift, sourced by report/text.sh inside its output (from
# report.sh's DRIFT, slubstats drift: src/stats/residuals.c): each timed boot's
# main-configuration time against its kernel's geometric mean, averaged by
# position in the round and by half of the run. A design that balances
# positions keeps these effects out of the ratios; this shows how large
# they were.
if [ "$(grep -c . <<<"$DRIFT")" -gt 1 ]; then
	echo "Position and drift, main configuration (each timed boot against its"
	echo "kernel's geometric mean; balanced positions keep these out of the ratios):"
	line="  by position:"
	while IFS='|' read -r i change; do
		line+=$(printf ' %s: %+.1f%%' "$i" "$(awk -v c="$change" 'BEGIN { print 100 * c }')")
	done < <(csv_rows <(echo "$DRIFT") part index change | sed -n 's/^position|//p')
	wrapln "$line"
	mapfile -t halves < <(csv_rows <(echo "$DRIFT") part change | sed -n 's/^half|//p')
	printf '  first half of the boots %+.1f%%, second half %+.1f%% (run order)\n\n' \
		"$(awk -v c="${halves[0]}" 'BEGIN { print 100 * c }')" "$(awk -v c="${halves[1]}" 'BEGIN { print 100 * c }')" | wrap
fi
