// SPDX-License-Identifier: GPL-2.0
/* What a run's boots cost in wall time: see cost.h. */
#include "cost.h"

#include <math.h>
#include <stdlib.h>

const char *const COST_KIND[COST_KINDS] = { "timed", "count", "emulated", "series" };

/* days from 1970-01-01 to y-m-d (proleptic Gregorian; Hinnant's
 * days_from_civil) */
static long long days_from_civil(long long y, unsigned m, unsigned d)
{
	y -= m <= 2;
	long long era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + (long long)doe - 719468;
}

static int digits(const char *s, int n, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (unsigned)(s[i] - '0');
	}
	return 0;
}

int cost_utc(const char *s, long long *t)
{
	static const unsigned mdays[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	unsigned y, mo, d, h, mi, se;

	if (digits(s, 4, &y) || s[4] != '-' || digits(s + 5, 2, &mo) || s[7] != '-' || digits(s + 8, 2, &d) ||
	    s[10] != 'T' || digits(s + 11, 2, &h) || s[13] != ':' || digits(s + 14, 2, &mi) || s[16] != ':' ||
	    digits(s + 17, 2, &se) || s[19] != 'Z' || s[20])
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] || h > 23 || mi > 59 || se > 60)
		return -1;
	if (mo == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
		return -1;
	*t = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
	return 0;
}

static int by_kind_wall(const void *pa, const void *pb)
{
	const struct cost_boot *a = pa, *b = pb;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return a->wall < b->wall ? -1 : a->wall > b->wall;
}

void cost_summarise(struct cost_boot *b, size_t n, struct cost_kind per[COST_KINDS], double *span)
{
	double first = 0, last = 0;

	for (int k = 0; k < COST_KINDS; k++)
		per[k] = (struct cost_kind){ 0, 0, NAN, NAN, NAN };
	*span = 0;
	if (!n)
		return;
	qsort(b, n, sizeof(*b), by_kind_wall);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		struct cost_kind *c = &per[b[i].kind];

		for (; j < n && b[j].kind == b[i].kind; j++)
			c->total += b[j].wall;
		c->boots = j - i;
		c->least = b[i].wall;
		c->most = b[j - 1].wall;
		c->median = (b[i + (c->boots - 1) / 2].wall + b[i + c->boots / 2].wall) / 2;
		i = j;
	}
	first = (double)b[0].start, last = (double)b[0].start + b[0].wall;
	for (size_t i = 1; i < n; i++) {
		if ((double)b[i].start < first)
			first = (double)b[i].start;
		if ((double)b[i].start + b[i].wall > last)
			last = (double)b[i].start + b[i].wall;
	}
	*span = last - first;
}
