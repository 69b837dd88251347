/* slubbench statistics: descriptive, intervals and two-sample tests. */
#ifndef SLUBBENCH_STATS_H
#define SLUBBENCH_STATS_H

#include <stddef.h>

struct summary {
	size_t n;
	double min, median, mean, sd, cov_pct, max;
	/* quartiles, linear interpolation between order statistics (as numpy's
	 * default, R's type 7) */
	double q1, q3;
	/* 95% CI of the mean: mean -+ t(0.975, n-1) * sd / sqrt(n); NAN if n < 2 */
	double ci_lo, ci_hi;
};

/* Descriptive statistics of x[0..n-1] (n >= 1; x is not changed). */
void stats_summary(const double *x, size_t n, struct summary *s);

/* Median of x[0..n-1] (n >= 1; x is not changed). */
double stats_median(const double *x, size_t n);

/* Welch's two-sided t-test; returns the p-value, NAN if either n < 2 or
 * both variances are 0. *t and *df (may be NULL) get the statistic. */
double stats_welch(const double *a, size_t na, const double *b, size_t nb,
		   double *t, double *df);

/* Mann-Whitney U two-sided test, normal approximation with tie and
 * continuity corrections; returns the p-value (NAN if either n < 1 or all
 * values tie). *u (may be NULL) gets U of sample a. */
double stats_mann_whitney(const double *a, size_t na, const double *b,
			  size_t nb, double *u);

/* Percentile bootstrap 95% CI of median(a) / median(b): reps resamples
 * of each sample with replacement, from a generator seeded with seed.
 * Returns 0, or -1 if a median of b is 0 or n < 1. */
int stats_bootstrap_ratio(const double *a, size_t na, const double *b,
			  size_t nb, unsigned long seed, size_t reps,
			  double *lo, double *hi);

#endif
