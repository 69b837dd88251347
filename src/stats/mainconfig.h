/* The report's main configuration: of those with a timed run, one whose
 * wall times are real (not oversubscribed) if any, then the most messages,
 * then the fewest vCPUs; the first such row on a tie. Plain C, no I/O. */
#ifndef SLUBBENCH_MAINCONFIG_H
#define SLUBBENCH_MAINCONFIG_H

#include <stddef.h>

/* one row of summary.csv, as the choice reads it */
struct cfg_row {
	long n;             /* timed runs that succeeded */
	int real;           /* timing is not "oversubscribed" */
	double messages;    /* messages a run sends */
	unsigned vcpus;     /* 0: not recorded (a run older than the column) */
};

/* the index of the main configuration's row in r[0..n), or -1 when no row
 * has a timed run */
long main_config(const struct cfg_row *r, size_t n);

#endif
