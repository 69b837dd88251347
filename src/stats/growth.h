/* The report's scaling verdict: how a count's paired ratio to the baseline
 * changes from one configuration to another. */
#ifndef SLUBBENCH_GROWTH_H
#define SLUBBENCH_GROWTH_H

/* slubstats growth MECHANISM_CSV --from C1 --to C2 [--counter NAME]: per
 * kernel with an interval at both (cache "all"), the two ratios and their
 * 95% intervals, and the change: grows (C2's interval wholly above C1's),
 * shrinks (wholly below) or same (they overlap: no detectable change). */
int growth_summary(const char *path, const char *from, const char *to, const char *counter);

#endif
