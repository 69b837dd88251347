// SPDX-License-Identifier: GPL-2.0
/* Bisect on exact counts: the decisions (bisect.h). */
#include <math.h>
#include <stdlib.h>

#include "bisect.h"

static double lo_of(const double *x, size_t n)
{
	double m = x[0];

	for (size_t i = 1; i < n; i++)
		m = x[i] < m ? x[i] : m;
	return m;
}

static double hi_of(const double *x, size_t n)
{
	double m = x[0];

	for (size_t i = 1; i < n; i++)
		m = x[i] > m ? x[i] : m;
	return m;
}

int bisect_ends(const double *good, size_t ng, const double *bad, size_t nb, double factor,
		struct bisect_ends *e)
{
	if (!ng || !nb || !(lo_of(good, ng) > 0) || !(lo_of(bad, nb) > 0))
		return -1;
	e->up = lo_of(bad, nb) > hi_of(good, ng);
	if (e->up) {
		e->good_edge = hi_of(good, ng);
		e->bad_edge = lo_of(bad, nb);
	} else {
		e->good_edge = lo_of(good, ng);
		e->bad_edge = hi_of(bad, nb);
	}
	/* the nearest values of the two ends, factor apart at least (and a
	 * good end above its bad end's values is a regression downwards) */
	if (e->up ? e->bad_edge < factor * e->good_edge : e->good_edge < factor * e->bad_edge)
		return -1;
	return 0;
}

enum bisect_verdict bisect_value(const struct bisect_ends *e, double v)
{
	/* on the logarithms, oriented so that bad is above good */
	double g = log(e->good_edge), b = log(e->bad_edge), x = v > 0 ? log(v) : -INFINITY;
	double zone = BISECT_ZONE * fabs(b - g);

	if (!e->up) {
		g = -g, b = -b, x = -x;
	}
	if (x <= g + zone)
		return BV_GOOD;
	if (x >= b - zone)
		return BV_BAD;
	return BV_UNCLEAR;
}

enum bisect_verdict bisect_step(const struct bisect_ends *e, const double *v, size_t n, size_t failed,
				size_t max_boots)
{
	size_t good = 0, bad = 0;

	for (size_t i = 0; i < n; i++) {
		enum bisect_verdict w = bisect_value(e, v[i]);

		good += w == BV_GOOD;
		bad += w == BV_BAD;
	}
	if (n && good == n)
		return BV_GOOD;
	if (n && bad == n)
		return BV_BAD;
	if (n + failed >= max_boots)
		return BV_SKIP;
	return n + failed ? BV_UNCLEAR : BV_NONE;
}

int bisect_next(const enum bisect_verdict *v, int nsteps, int *lo, int *hi)
{
	int best = -1;
	double mid;

	*hi = nsteps - 1;
	for (int i = 1; i < nsteps - 1; i++)
		if (v[i] == BV_BAD) {
			*hi = i;
			break;
		}
	*lo = 0;
	for (int i = 1; i < *hi; i++)
		if (v[i] == BV_GOOD)
			*lo = i;
	/* a step booted but unclear is booted again first */
	for (int i = *lo + 1; i < *hi; i++)
		if (v[i] == BV_UNCLEAR)
			return i;
	mid = (*lo + *hi) / 2.0;
	for (int i = *lo + 1; i < *hi; i++)
		if (v[i] == BV_NONE && (best < 0 || fabs(i - mid) < fabs(best - mid)))
			best = i;
	return best;
}
