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

double stats_geomean(const double *x, size_t n)
{
	double *c = sorted_copy(x, n), s = 0;

	for (size_t i = 0; i < n; i++)
		s += log(c[i]);
	free(c);
	return exp(s / (double)n);
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
	mean_var(c, n, &s->mean, &var); /* sorted: the same sums in any row order */
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

static double log_ratio_interval(double mean, double se, double df, double level,
				 struct ratio *r)
{
	double h = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, df) * se;

	r->ratio = exp(mean);
	r->lo = exp(mean - h);
	r->hi = exp(mean + h);
	r->df = df;
	if (se > 0) {
		r->t = mean / se;
		r->p = 2 * gsl_cdf_tdist_Q(fabs(r->t), df);
	} else {
		r->t = mean == 0 ? 0 : copysign(INFINITY, mean);
		r->p = mean == 0 ? 1 : 0;
	}
	return 0;
}

static void ratio_nan(struct ratio *r, size_t n)
{
	r->n = n;
	r->ratio = r->lo = r->hi = r->sd_log = r->t = r->df = r->p = NAN;
}

int stats_paired_ratio(const double *a, const double *b, size_t n,
		       double level, struct ratio *r)
{
	double *d, mean, var;

	ratio_nan(r, n);
	if (n < 2)
		return -1;
	d = malloc(n * sizeof(*d));
	if (!d)
		abort();
	for (size_t i = 0; i < n; i++) {
		if (!(a[i] > 0) || !(b[i] > 0)) {
			free(d);
			return -1;
		}
		d[i] = log(a[i]) - log(b[i]);
	}
	mean_var(d, n, &mean, &var);
	free(d);
	r->sd_log = sqrt(var);
	return log_ratio_interval(mean, r->sd_log / sqrt((double)n), (double)(n - 1),
				  level, r);
}

int stats_unpaired_ratio(const double *a, size_t na, const double *b,
			 size_t nb, double level, struct ratio *r)
{
	double *la, *lb, ma, va, mb, vb, sa, sb, df;

	ratio_nan(r, na < nb ? na : nb);
	if (na < 2 || nb < 2)
		return -1;
	la = malloc(na * sizeof(*la));
	lb = malloc(nb * sizeof(*lb));
	if (!la || !lb)
		abort();
	for (size_t i = 0; i < na; i++)
		la[i] = a[i] > 0 ? log(a[i]) : NAN;
	for (size_t i = 0; i < nb; i++)
		lb[i] = b[i] > 0 ? log(b[i]) : NAN;
	mean_var(la, na, &ma, &va);
	mean_var(lb, nb, &mb, &vb);
	free(la);
	free(lb);
	if (isnan(ma) || isnan(mb))
		return -1;
	sa = va / (double)na;
	sb = vb / (double)nb;
	df = sa + sb > 0 ? (sa + sb) * (sa + sb) /
				   (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1))
			 : (double)(na + nb - 2);
	return log_ratio_interval(ma - mb, sqrt(sa + sb), df, level, r);
}

struct absrank {
	double a;
	int pos;
};

static int cmp_absrank(const void *x, const void *y)
{
	return cmp_double(&((const struct absrank *)x)->a, &((const struct absrank *)y)->a);
}

/* Exact two-sided p of the signed-rank statistic: the number of the 2^n
 * sign patterns whose positive-rank sum is at most min(W+, W-). */
static double wilcoxon_exact(size_t n, double wplus)
{
	size_t max = n * (n + 1) / 2, w = (size_t)fmin(wplus, (double)max - wplus);
	double *count = calloc(max + 1, sizeof(*count)), tail = 0;

	if (!count)
		abort();
	count[0] = 1;
	for (size_t k = 1; k <= n; k++)
		for (size_t s = max; s >= k; s--)
			count[s] += count[s - k];
	for (size_t s = 0; s <= w; s++)
		tail += count[s];
	free(count);
	return fmin(1.0, 2 * tail / ldexp(1.0, (int)n));
}

double stats_wilcoxon(const double *d, size_t n)
{
	struct absrank *r = malloc((n ? n : 1) * sizeof(*r));
	size_t m = 0, i = 0;
	double wplus = 0, ties = 0, mu, sigma;
	int tied = 0;

	if (!r)
		abort();
	for (size_t k = 0; k < n; k++)
		if (d[k] != 0)
			r[m++] = (struct absrank){ fabs(d[k]), d[k] > 0 };
	if (m == 0) {
		free(r);
		return NAN;
	}
	qsort(r, m, sizeof(*r), cmp_absrank);
	while (i < m) {
		size_t j = i;
		double rank, t;

		while (j + 1 < m && r[j + 1].a == r[i].a)
			j++;
		rank = ((double)i + (double)j) / 2 + 1;
		t = (double)(j - i + 1);
		if (t > 1)
			tied = 1;
		ties += t * t * t - t;
		for (size_t k = i; k <= j; k++)
			if (r[k].pos)
				wplus += rank;
		i = j + 1;
	}
	free(r);
	if (m <= 50 && !tied && m == n)
		return wilcoxon_exact(m, wplus);
	mu = (double)m * ((double)m + 1) / 4;
	sigma = sqrt((double)m * ((double)m + 1) * (2 * (double)m + 1) / 24 - ties / 48);
	if (!(sigma > 0))
		return NAN;
	return fmin(1.0, 2 * gsl_cdf_ugaussian_Q(fabs(wplus - mu) / sigma));
}

struct pidx {
	double p;
	size_t i;
};

static int cmp_pidx(const void *x, const void *y)
{
	const struct pidx *a = x, *b = y;

	if (a->p != b->p)
		return (a->p > b->p) - (a->p < b->p);
	return (a->i > b->i) - (a->i < b->i);
}

size_t stats_holm(const double *p, size_t m, double alpha, double *adj,
		  double *level)
{
	struct pidx *s = malloc((m ? m : 1) * sizeof(*s));
	size_t n = 0, kept = 0;
	double run = 0;

	if (!s)
		abort();
	for (size_t i = 0; i < m; i++) {
		adj[i] = NAN;
		if (level)
			level[i] = NAN;
		if (!isnan(p[i]))
			s[n++] = (struct pidx){ p[i], i };
	}
	qsort(s, n, sizeof(*s), cmp_pidx);
	for (size_t j = 0; j < n; j++) {
		size_t step;

		run = fmax(run, fmin(1.0, (double)(n - j) * s[j].p));
		adj[s[j].i] = run;
		if (!kept && !(s[j].p < alpha / (double)(n - j)))
			kept = j + 1;
		step = kept ? kept - 1 : j;
		if (level)
			level[s[j].i] = 1 - alpha / (double)(n - step);
	}
	free(s);
	return n;
}

double stats_anova_p(const double *x, const size_t *g, size_t n, size_t k)
{
	double *sum = calloc(k, sizeof(*sum)), grand = 0, ssb = 0, ssw = 0, p = NAN;
	size_t *cnt = calloc(k, sizeof(*cnt)), groups = 0;

	if (!sum || !cnt)
		abort();
	for (size_t i = 0; i < n; i++) {
		sum[g[i]] += x[i];
		cnt[g[i]]++;
		grand += x[i];
	}
	grand /= n ? (double)n : 1;
	for (size_t j = 0; j < k; j++)
		if (cnt[j]) {
			double m = sum[j] / cnt[j];

			groups++;
			ssb += cnt[j] * (m - grand) * (m - grand);
		}
	for (size_t i = 0; i < n; i++) {
		double m = sum[g[i]] / cnt[g[i]];

		ssw += (x[i] - m) * (x[i] - m);
	}
	if (groups >= 2 && n > groups) {
		double df1 = groups - 1, df2 = n - groups;

		p = ssw > 0 ? gsl_cdf_fdist_Q(ssb / df1 / (ssw / df2), df1, df2) : (ssb > 0 ? 0 : 1);
	}
	free(sum);
	free(cnt);
	return p;
}

int stats_interval_order(double lo1, double hi1, double lo2, double hi2)
{
	if (lo2 > hi1)
		return 1;
	if (hi2 < lo1)
		return -1;
	return 0;
}

int stats_within_between(const double *x, const size_t *g, size_t n, size_t ng,
			 double *mean, double *within, double *between)
{
	double *s = calloc(ng ? ng : 1, sizeof(*s)), *q = calloc(ng ? ng : 1, sizeof(*q));
	size_t *m = calloc(ng ? ng : 1, sizeof(*m));
	double bs = 0, bq = 0, wss = 0, mu;
	size_t wdf = 0;
	int rc = -1;

	if (!s || !q || !m)
		abort();
	for (size_t i = 0; i < n; i++) {
		s[g[i]] += x[i];
		q[g[i]] += x[i] * x[i];
		m[g[i]]++;
	}
	for (size_t j = 0; j < ng; j++) {
		double mj;

		if (!m[j])
			goto out;
		mj = s[j] / (double)m[j];
		bs += mj;
		bq += mj * mj;
		wss += q[j] - (double)m[j] * mj * mj;
		wdf += m[j] - 1;
	}
	mu = ng ? bs / (double)ng : 0;
	if (mu == 0)
		goto out;
	*mean = mu;
	*between = ng > 1 ? sqrt(fmax(0, bq - (double)ng * mu * mu) / (double)(ng - 1)) / mu : 0;
	*within = wdf ? sqrt(fmax(0, wss) / (double)wdf) / mu : 0;
	rc = 0;
out:
	free(s);
	free(q);
	free(m);
	return rc;
}
