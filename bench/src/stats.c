// SPDX-License-Identifier: GPL-2.0
/* Statistics for slubbench's report, on GSL's distribution functions and
 * random numbers (no hand-written special functions).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double *sorted_copy(const double *x, size_t n)
{
	double *c = malloc(n * sizeof(*c));

	if (!c)
		abort();
	memcpy(c, x, n * sizeof(*c));
	qsort(c, n, sizeof(*c), cmp_double);
	return c;
}

static double median_sorted(const double *c, size_t n)
{
	return n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
}

double stats_median(const double *x, size_t n)
{
	double *c = sorted_copy(x, n), m = median_sorted(c, n);

	free(c);
	return m;
}

static void mean_var(const double *x, size_t n, double *mean, double *var)
{
	double m = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		m += x[i];
	m /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	*mean = m;
	*var = n > 1 ? ss / (double)(n - 1) : NAN;
}

static double quantile_sorted(const double *c, size_t n, double p)
{
	double h = (double)(n - 1) * p, f = floor(h);
	size_t i = (size_t)f;

	return i + 1 < n ? c[i] + (h - f) * (c[i + 1] - c[i]) : c[i];
}

void stats_summary(const double *x, size_t n, struct summary *s)
{
	double *c = sorted_copy(x, n), var;

	s->n = n;
	s->min = c[0];
	s->max = c[n - 1];
	s->median = median_sorted(c, n);
	s->q1 = quantile_sorted(c, n, 0.25);
	s->q3 = quantile_sorted(c, n, 0.75);
	mean_var(x, n, &s->mean, &var);
	s->sd = sqrt(var);
	s->cov_pct = 100 * s->sd / s->mean;
	if (n >= 2) {
		double h = gsl_cdf_tdist_Pinv(0.975, (double)(n - 1)) * s->sd /
			   sqrt((double)n);

		s->ci_lo = s->mean - h;
		s->ci_hi = s->mean + h;
	} else {
		s->ci_lo = s->ci_hi = NAN;
	}
	free(c);
}

double stats_welch(const double *a, size_t na, const double *b, size_t nb,
		   double *t, double *df)
{
	double ma, va, mb, vb, sa, sb, tt, d;

	if (t)
		*t = NAN;
	if (df)
		*df = NAN;
	if (na < 2 || nb < 2)
		return NAN;
	mean_var(a, na, &ma, &va);
	mean_var(b, nb, &mb, &vb);
	sa = va / (double)na;
	sb = vb / (double)nb;
	if (sa + sb == 0)
		return NAN;
	tt = (ma - mb) / sqrt(sa + sb);
	d = (sa + sb) * (sa + sb) /
	    (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1));
	if (t)
		*t = tt;
	if (df)
		*df = d;
	return 2 * gsl_cdf_tdist_Q(fabs(tt), d);
}

struct ranked {
	double v;
	int from_a;
};

static int cmp_ranked(const void *a, const void *b)
{
	return cmp_double(&((const struct ranked *)a)->v,
			  &((const struct ranked *)b)->v);
}

double stats_mann_whitney(const double *a, size_t na, const double *b,
			  size_t nb, double *u)
{
	size_t n = na + nb, i = 0;
	struct ranked *r;
	double ra = 0, ties = 0, u1, mu, sigma, z;

	if (u)
		*u = NAN;
	if (na < 1 || nb < 1)
		return NAN;
	r = malloc(n * sizeof(*r));
	if (!r)
		abort();
	for (size_t k = 0; k < na; k++)
		r[k] = (struct ranked){ a[k], 1 };
	for (size_t k = 0; k < nb; k++)
		r[na + k] = (struct ranked){ b[k], 0 };
	qsort(r, n, sizeof(*r), cmp_ranked);
	/* average ranks over ties, 1-based */
	while (i < n) {
		size_t j = i;
		double rank, t;

		while (j + 1 < n && r[j + 1].v == r[i].v)
			j++;
		rank = ((double)i + (double)j) / 2 + 1;
		t = (double)(j - i + 1);
		ties += t * t * t - t;
		for (size_t k = i; k <= j; k++)
			if (r[k].from_a)
				ra += rank;
		i = j + 1;
	}
	free(r);
	u1 = ra - (double)na * ((double)na + 1) / 2;
	if (u)
		*u = u1;
	mu = (double)na * (double)nb / 2;
	sigma = sqrt((double)na * (double)nb / 12 *
		     (((double)n + 1) - ties / ((double)n * ((double)n - 1))));
	if (!(sigma > 0))
		return NAN;
	z = (fabs(u1 - mu) - 0.5) / sigma;
	if (z < 0)
		z = 0;
	return fmin(1.0, 2 * gsl_cdf_ugaussian_Q(z));
}

int stats_bootstrap_ratio(const double *a, size_t na, const double *b,
			  size_t nb, unsigned long seed, size_t reps,
			  double *lo, double *hi)
{
	gsl_rng *rng;
	double *ra, *rb, *ratio;
	int rc = 0;

	if (na < 1 || nb < 1 || reps < 1)
		return -1;
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	ra = malloc(na * sizeof(*ra));
	rb = malloc(nb * sizeof(*rb));
	ratio = malloc(reps * sizeof(*ratio));
	if (!rng || !ra || !rb || !ratio)
		abort();
	gsl_rng_set(rng, seed);
	for (size_t k = 0; k < reps && !rc; k++) {
		double mb;

		for (size_t i = 0; i < na; i++)
			ra[i] = a[gsl_rng_uniform_int(rng, na)];
		for (size_t i = 0; i < nb; i++)
			rb[i] = b[gsl_rng_uniform_int(rng, nb)];
		mb = stats_median(rb, nb);
		if (mb == 0)
			rc = -1;
		else
			ratio[k] = stats_median(ra, na) / mb;
	}
	if (!rc) {
		qsort(ratio, reps, sizeof(*ratio), cmp_double);
		/* percentile interval: the 2.5% and 97.5% order statistics */
		*lo = ratio[(size_t)floor(0.025 * (double)(reps - 1))];
		*hi = ratio[(size_t)ceil(0.975 * (double)(reps - 1))];
	}
	free(ratio);
	free(rb);
	free(ra);
	gsl_rng_free(rng);
	return rc;
}
