// SPDX-License-Identifier: GPL-2.0
/* One grammar for numbers: see num.h. */
#include "num.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

static const char *digits(const char *p)
{
	while (*p >= '0' && *p <= '9')
		p++;
	return p;
}

int num_decimal(const char *s, double *v)
{
	const char *p = s, *q;
	int n = 0;
	double x;

	if (*p == '-')
		p++;
	q = digits(p);
	n += q - p;
	p = q;
	if (*p == '.') {
		q = digits(++p);
		n += q - p;
		p = q;
	}
	if (!n)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		q = digits(p);
		if (q == p)
			return -1;
		p = q;
	}
	if (*p)
		return -1;
	errno = 0;
	x = strtod(s, NULL);
	if (errno == ERANGE || !isfinite(x) || (x != 0 && fabs(x) < DBL_MIN))
		return -1;
	*v = x;
	return 0;
}

const char *num_shown(char *dst, size_t n, const char *src, size_t max)
{
	size_t i;

	if (!n)
		return dst;
	for (i = 0; i + 1 < n && i < max && src[i]; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? src[i] : '?';
	dst[i] = 0;
	return dst;
}
