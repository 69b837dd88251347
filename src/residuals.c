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
