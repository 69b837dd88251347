/* Which rows of boots.csv a run uses: the one owner of the rule.
 *
 * A boot is (round, kernel, kind, vcpus). It may have several attempts:
 * one set aside (a transient fault, a hung boot) is booted again, and only
 * its last attempt's data are in the run's other CSVs. Every reader of
 * boots.csv, C or shell (lib/rundir.sh's boot_attempts calls slubstats
 * used), takes its rows through boots_used. */
#ifndef SLUBBENCH_BOOTS_H
#define SLUBBENCH_BOOTS_H

#include <stddef.h>

struct boot_attempt {
	const char *round, *kernel, *kind, *vcpus; /* the boot */
	long attempt;                              /* 1, 2, ... */
};

/* used[i] = 1 when row i is its boot's attempt with the highest number,
 * else 0. O(n log n); no I/O. Returns -1, or the index of a row that
 * repeats another's boot and attempt (a duplicated row: used is then not
 * to be trusted). */
long boots_last_attempts(const struct boot_attempt *a, size_t n, unsigned char *used);

/* The used flag of every data row of the boots.csv at path, in file order
 * (*n rows; every row is used in a run older than the attempt column).
 * Dies in one line on an attempt that is not a whole number from 1, and
 * on a row that repeats another's boot and attempt. */
unsigned char *boots_used(const char *path, size_t *n);

#endif
