// SPDX-License-Identifier: GPL-2.0
/* The variance experiment's statistics, free of I/O: see variance.h. */
#include "variance.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "stats.h"

const char *const vstrategy_name[V_NSTRAT] = {
	"first", "mean", "drop-first", "cal-loop", "cal-pipe",
};

static double mean_of(const double *x, size_t n)
{
	double m = 0;

	for (size_t i = 0; i < n; i++)
		m += x[i];
	return m / (double)n;
}

/* Least squares of y on x: slope, correlation, residual sd (n - 2 df). */
static void fit(const double *x, const double *y, size_t n, double *beta,
		double *r, double *sd)
{
	double mx = mean_of(x, n), my = mean_of(y, n), sxx = 0, sxy = 0, syy = 0, ss = 0;

	for (size_t i = 0; i < n; i++) {
		sxx += (x[i] - mx) * (x[i] - mx);
		sxy += (x[i] - mx) * (y[i] - my);
		syy += (y[i] - my) * (y[i] - my);
	}
	*beta = sxx > 0 ? sxy / sxx : 0;
	*r = sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : NAN;
	/* the residuals themselves: syy - beta sxy cancels badly */
	for (size_t i = 0; i < n; i++)
		ss += pow(y[i] - my - *beta * (x[i] - mx), 2);
	*sd = sqrt(ss / (double)(n - 2));
}

static double sd_of(const double *x, size_t n)
{
	double m = mean_of(x, n), ss = 0;

	for (size_t i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	return sqrt(ss / (double)(n - 1));
}

static double value(const struct vboot *b, enum vstrategy s)
{
	double v = 0;
	int i;

	switch (s) {
	case V_MEAN:
		for (i = 0; i < b->nrun; i++)
			v += log(b->run[i]);
		return v / b->nrun;
	case V_DROP_FIRST:
		for (i = 1; i < b->nrun; i++)
			v += log(b->run[i]);
		return v / (b->nrun - 1);
	default:
		return log(b->run[0]);
	}
}

static double covariate(const struct vboot *b, enum vstrategy s)
{
	return log(s == V_CAL_LOOP ? b->cal_loop : b->cal_pipe);
}

static double cost(const struct vboot *b, enum vstrategy s)
{
	double runs = 0, over;

	for (int i = 0; i < b->nrun; i++)
		runs += b->run[i];
	over = b->bsecs - runs - b->cal_loop - b->cal_pipe;
	switch (s) {
	case V_MEAN:
	case V_DROP_FIRST:
		return over + runs;
	case V_CAL_LOOP:
		return over + b->run[0] + b->cal_loop;
	case V_CAL_PIPE:
		return over + b->run[0] + b->cal_pipe;
	default:
		return over + b->run[0];
	}
}

/* The A/A pairs: d = y_a - y_b, adjusted by x when adj. */
static void aa(const double *y, const double *x, size_t n, int adj,
	       struct vresult *r)
{
	size_t m = n / 2;
	double *dy = malloc(m * sizeof(*dy)), *dx = malloc(m * sizeof(*dx));
	double mdy, mdx, sxx = 0, sxy = 0, ss = 0, beta = 0, delta, se, df, t;

	if (!dy || !dx)
		abort();
	for (size_t k = 0; k < m; k++) {
		dy[k] = y[2 * k] - y[2 * k + 1];
		dx[k] = adj ? x[2 * k] - x[2 * k + 1] : 0;
	}
	mdy = mean_of(dy, m);
	mdx = mean_of(dx, m);
	for (size_t k = 0; k < m; k++) {
		sxx += (dx[k] - mdx) * (dx[k] - mdx);
		sxy += (dx[k] - mdx) * (dy[k] - mdy);
	}
	if (adj && sxx > 0)
		beta = sxy / sxx;
	for (size_t k = 0; k < m; k++) {
		double e = dy[k] - mdy - beta * (dx[k] - mdx);

		ss += e * e;
	}
	df = (double)m - 1 - (adj ? 1 : 0);
	delta = mdy - beta * mdx;
	r->pairs = m;
	r->aa_sd = sqrt(ss / df);
	se = r->aa_sd * sqrt(1.0 / (double)m + (adj && sxx > 0 ? mdx * mdx / sxx : 0));
	t = gsl_cdf_tdist_Pinv(0.975, df);
	r->aa_ratio = exp(delta);
	r->aa_lo = exp(delta - t * se);
	r->aa_hi = exp(delta + t * se);
	free(dy);
	free(dx);
}

static void components(const struct vboot *b, size_t n, struct vresult *r)
{
	double *mb = malloc(n * sizeof(*mb)), *d = malloc(n * sizeof(*d));
	double ssw = 0, within2, vm;
	int R = b[0].nrun;
	struct ratio q;

	if (!mb || !d)
		abort();
	for (size_t i = 0; i < n; i++) {
		double rest = 0;

		mb[i] = value(&b[i], V_MEAN);
		for (int j = 0; j < R; j++)
			ssw += pow(log(b[i].run[j]) - mb[i], 2);
		for (int j = 1; j < R; j++)
			rest += log(b[i].run[j]);
		d[i] = log(b[i].run[0]) - rest / (R - 1);
	}
	within2 = ssw / (double)(n * (size_t)(R - 1));
	vm = pow(sd_of(mb, n), 2);
	r->within_sd = sqrt(within2);
	r->between_sd = sqrt(fmax(vm - within2 / R, 0));
	/* run 1 against the others: a one-sample interval of d */
	{
		double *one = malloc(n * sizeof(*one)), *ed = malloc(n * sizeof(*ed));

		if (!one || !ed)
			abort();
		for (size_t i = 0; i < n; i++) {
			one[i] = 1;
			ed[i] = exp(d[i]);
		}
		if (!stats_paired_ratio(ed, one, n, 0.95, &q)) {
			r->first_ratio = q.ratio;
			r->first_lo = q.lo;
			r->first_hi = q.hi;
		}
		free(one);
		free(ed);
	}
	free(mb);
	free(d);
}

int variance_strategy(const struct vboot *b, size_t n, enum vstrategy s,
		      struct vresult *r)
{
	double *y, *x, c = 0, df;
	int adj = s == V_CAL_LOOP || s == V_CAL_PIPE;

	*r = (struct vresult){ .boots = n };
	r->cost = r->sd_boot = r->sd_lo = r->sd_hi = NAN;
	r->aa_ratio = r->aa_lo = r->aa_hi = r->aa_sd = NAN;
	r->beta = r->r = r->within_sd = r->between_sd = NAN;
	r->first_ratio = r->first_lo = r->first_hi = NAN;
	if (n < 4 || b[0].nrun < 2)
		return -1;
	y = malloc(n * sizeof(*y));
	x = malloc(n * sizeof(*x));
	if (!y || !x)
		abort();
	for (size_t i = 0; i < n; i++) {
		y[i] = value(&b[i], s);
		x[i] = adj ? covariate(&b[i], s) : 0;
		c += cost(&b[i], s);
	}
	r->cost = c / (double)n;
	if (adj) {
		fit(x, y, n, &r->beta, &r->r, &r->sd_boot);
		df = (double)n - 2;
	} else {
		r->sd_boot = sd_of(y, n);
		df = (double)n - 1;
	}
	r->sd_lo = r->sd_boot * sqrt(df / gsl_cdf_chisq_Qinv(0.025, df));
	r->sd_hi = r->sd_boot * sqrt(df / gsl_cdf_chisq_Pinv(0.025, df));
	aa(y, x, n, adj, r);
	if (s == V_FIRST)
		components(b, n, r);
	free(y);
	free(x);
	return 0;
}

double variance_f_p(double sd1, double df1, double sd2, double df2)
{
	double f = sd1 * sd1 / (sd2 * sd2), p = gsl_cdf_fdist_P(f, df1, df2);

	return fmin(1, 2 * fmin(p, 1 - p));
}
