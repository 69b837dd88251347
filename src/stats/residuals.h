/* The residuals behind the report's position table and drift chart: each
 * timed boot of the main configuration, in the order the boots ran, as its
 * log time minus its kernel's mean log time. Plain C, no I/O. */
#ifndef SLUBBENCH_RESIDUALS_H
#define SLUBBENCH_RESIDUALS_H

#include <stddef.h>

#define RES_NAME 72

/* a timed boot (boots.csv): when it started, its round, its place in the
 * round, its kernel (run label) */
struct rboot {
	char start[40];
	long round, position;
	char kernel[RES_NAME];
};
/* a successful timed run of the main configuration (hackbench.csv) */
struct rtime {
	char kernel[RES_NAME];
	long round;
	double seconds;
};
/* one boot's residual: its number in run order (from 1, counting every
 * timed boot, those without a time too), position, kernel, residual */
struct resid {
	size_t number;
	long position;
	const char *kernel;   /* points into the boots */
	double r;
};

/* Sorts b by start time (then round, position, kernel) and writes into out
 * (room for nb) the residual of each boot with a time: log seconds of its
 * kernel's run of its round (the last such row) minus the mean log seconds
 * of all that kernel's runs. Returns how many. */
size_t residuals(struct rboot *b, size_t nb, const struct rtime *t, size_t nt, struct resid *out);

/* The position and drift summary of r[0..n-1] (run order), as changes
 * exp(mean residual) - 1: pos[p - 1] of the boots in position p, for p in
 * 1..*maxp (the largest position; 0 where a position has none, npos[p - 1]
 * boots), and half[0], half[1] of the first floor(n / 2) boots and of the
 * rest. Room for RES_MAXPOS positions. Returns -1 when n < 2 or a position
 * is outside 1..RES_MAXPOS (nothing to show), else 0. */
#define RES_MAXPOS 256
int drift_summary(const struct resid *r, size_t n, double *pos, size_t *npos, long *maxp, double half[2]);

/* slubstats residuals|drift HACKBENCH_CSV BOOTS_CSV --config C [--vcpus V]
 * (residuals_csv.c): the residuals a line, or with drift their summary */
int residuals_print(const char *hpath, const char *bpath, const char *config, const char *vcpus, int drift);

#endif
