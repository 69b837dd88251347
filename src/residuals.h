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

#endif
