// SPDX-License-Identifier: GPL-2.0
/* The residuals behind position and drift: see residuals.h. */
#include "residuals.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_start(const void *pa, const void *pb)
{
	const struct rboot *a = pa, *b = pb;
	int c = strcmp(a->start, b->start);

	if (c)
		return c;
	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	if (a->position != b->position)
		return a->position < b->position ? -1 : 1;
	return strcmp(a->kernel, b->kernel);
}

size_t residuals(struct rboot *b, size_t nb, const struct rtime *t, size_t nt, struct resid *out)
{
	size_t n = 0;

	qsort(b, nb, sizeof(*b), by_start);
	for (size_t i = 0; i < nb; i++) {
		double sum = 0, x = NAN;
		size_t k = 0;

		for (size_t j = 0; j < nt; j++) {
			if (strcmp(t[j].kernel, b[i].kernel))
				continue;
			sum += log(t[j].seconds);
			k++;
			if (t[j].round == b[i].round)
				x = t[j].seconds;   /* the last such row */
		}
		if (isnan(x))
			continue;
		out[n].number = i + 1;
		out[n].position = b[i].position;
		out[n].kernel = b[i].kernel;
		out[n].r = log(x) - sum / (double)k;
		n++;
	}
	return n;
}

int drift_summary(const struct resid *r, size_t n, double *pos, size_t *npos, long *maxp, double half[2])
{
	double h[2] = { 0, 0 };
	size_t nh[2] = { 0, 0 };

	if (n < 2)
		return -1;
	*maxp = 0;
	for (size_t p = 0; p < RES_MAXPOS; p++) {
		pos[p] = 0;
		npos[p] = 0;
	}
	for (size_t i = 0; i < n; i++) {
		if (r[i].position < 1 || r[i].position > RES_MAXPOS)
			return -1;
		pos[r[i].position - 1] += r[i].r;
		npos[r[i].position - 1]++;
		if (r[i].position > *maxp)
			*maxp = r[i].position;
		/* the first half: boots 1..floor(n / 2) of the residuals */
		h[2 * (i + 1) > n] += r[i].r;
		nh[2 * (i + 1) > n]++;
	}
	for (long p = 0; p < *maxp; p++)
		pos[p] = npos[p] ? expm1(pos[p] / (double)npos[p]) : 0;
	for (int j = 0; j < 2; j++)
		half[j] = expm1(h[j] / (double)nh[j]);
	return 0;
}
