// SPDX-License-Identifier: GPL-2.0
/* The report's main configuration: see mainconfig.h. */
#include "mainconfig.h"

/* whether a is a better main configuration than b */
static int better(const struct cfg_row *a, const struct cfg_row *b)
{
	if (a->real != b->real)
		return a->real > b->real;
	if (a->messages != b->messages)
		return a->messages > b->messages;
	return a->vcpus < b->vcpus;
}

long main_config(const struct cfg_row *r, size_t n)
{
	long best = -1;

	for (size_t i = 0; i < n; i++)
		if (r[i].n > 0 && (best < 0 || better(&r[i], &r[best])))
			best = (long)i;
	return best;
}
