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

/* Geometric mean of x[0..n-1] (n >= 1, each > 0; x is not changed),
 * summed in sorted order: the same value whatever order the rows came in. */
double stats_geomean(const double *x, size_t n);

/* Median of x[0..n-1] (n >= 1; x is not changed). */
double stats_median(const double *x, size_t n);

/* Welch's two-sided t-test; returns the p-value, NAN if either n < 2 or
 * both variances are 0. *t and *df (may be NULL) get the statistic. */
double stats_welch(const double *a, size_t na, const double *b, size_t nb,
		   double *t, double *df);

/* A ratio of geometric means with its interval: exp(mean of log ratios)
 * and a Student t interval at the given level on the log scale. */
struct ratio {
	size_t n;          /* pairs (paired) or the smaller sample (unpaired) */
	double ratio;      /* exp(mean log ratio) */
	double lo, hi;     /* the interval at the level asked for */
	double sd_log;     /* sd of the log ratios (paired) */
	double t, df, p;   /* t statistic, degrees of freedom, two-sided p */
};

/* Paired: a[i] and b[i] measured in the same block (round). d = ln a - ln b;
 * ratio exp(mean d), interval exp(mean d -+ t(1 - (1-level)/2, n-1) sd/sqrt n),
 * p of the one-sample t-test of mean d = 0. Returns -1 (fields NAN) when
 * n < 2 or a value is not > 0. When every d is equal, the interval is the
 * point and p is 1 (d = 0) or 0. */
int stats_paired_ratio(const double *a, const double *b, size_t n,
		       double level, struct ratio *r);

/* Unpaired (two runs, two machines): Welch's interval on the logs. */
int stats_unpaired_ratio(const double *a, size_t na, const double *b,
			 size_t nb, double level, struct ratio *r);

/* Wilcoxon signed-rank two-sided p of d[0..n-1] (zeros dropped, as
 * SciPy's zero_method="wilcox"): exact when n <= 50 with no zero
 * and no ties, else the normal approximation with the tie correction and
 * no continuity correction (SciPy 1.10's defaults). NAN when no non-zero
 * value is left. */
double stats_wilcoxon(const double *d, size_t n);

/* Holm's step-down adjustment of m p-values (NAN entries are left out of
 * the family and stay NAN): adj[i] = max over j <= rank(i) of
 * min(1, (m - j + 1) p(j)).
 * level[i] gets the confidence level of the interval that agrees with
 * Holm's decision at alpha: 1 - alpha / (m - s + 1), where s is p[i]'s
 * rank, or the rank of the first p Holm kept if that comes earlier. The
 * interval at level[i] excludes the null exactly when adj[i] < alpha.
 * level may be NULL. Returns the family's size: how many p are not NAN. */
size_t stats_holm(const double *p, size_t m, double alpha, double *adj,
		  double *level);

/* One-way analysis of variance: the F test's p-value that the means of
 * the groups are equal; x[i] belongs to group g[i] < k (a group with no
 * member is left out). NAN with fewer than 2 groups or no degree of
 * freedom within them. */
double stats_anova_p(const double *x, const size_t *g, size_t n, size_t k);

/* Where a second interval [lo2, hi2] lies against a first [lo1, hi1]:
 * +1 wholly above it, -1 wholly below, 0 when they overlap (no detectable
 * change). The one reading of "grows" and "shrinks" (the report's scaling
 * verdict). */
int stats_interval_order(double lo1, double hi1, double lo2, double hi2);

/* Variation within and between groups (a study's windows within boots):
 * x[i] belongs to group g[i] in 0..ng-1, every group non-empty. *mean: the
 * mean of the group means; *within: the pooled within-group sd over *mean;
 * *between: the sd of the group means over *mean (coefficients of
 * variation; 0 where there are no degrees of freedom). Returns -1 (and
 * sets nothing) when a group is empty or *mean would be 0. */
int stats_within_between(const double *x, const size_t *g, size_t n, size_t ng,
			 double *mean, double *within, double *between);

#endif
