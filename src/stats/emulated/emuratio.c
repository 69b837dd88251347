// SPDX-License-Identifier: GPL-2.0
/* The emulated counters' boot-to-boot arithmetic: see emuratio.h. */
#include "emuratio.h"

#include <math.h>

#include "emulated.h"
#include "stats.h"

void emu_range(const double *x, size_t n, double *mean, double *min, double *max)
{
	*mean = 0;
	*min = INFINITY;
	*max = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		*mean += x[i] / (double)n;
		*min = fmin(*min, x[i]);
		*max = fmax(*max, x[i]);
	}
}

double emu_welch_p(const double *x, size_t n, const double *y, size_t nb)
{
	struct ratio q;

	for (size_t i = 0; i < n; i++)
		if (!(x[i] > 0))
			return NAN;
	for (size_t j = 0; j < nb; j++)
		if (!(y[j] > 0))
			return NAN;
	if (n < EMU_CI_MIN || nb < EMU_CI_MIN || stats_unpaired_ratio(x, n, y, nb, 0.95, &q))
		return NAN;
	return q.p;
}

int emu_ratio(const double *x, size_t n, const double *y, size_t nb, double level, struct emu_ratio *out)
{
	double lx = 0, ly = 0, lo = INFINITY, hi = -INFINITY;
	struct ratio q;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < nb; j++) {
			if (!(x[i] > 0) || !(y[j] > 0))
				return -1;
			lo = fmin(lo, x[i] / y[j]);
			hi = fmax(hi, x[i] / y[j]);
		}
	if (!n || !nb)
		return -1;
	for (size_t i = 0; i < n; i++)
		lx += log(x[i]) / (double)n;
	for (size_t j = 0; j < nb; j++)
		ly += log(y[j]) / (double)nb;
	out->ratio = exp(lx - ly);
	if (n >= EMU_CI_MIN && nb >= EMU_CI_MIN && !stats_unpaired_ratio(x, n, y, nb, level, &q)) {
		out->lo = q.lo;
		out->hi = q.hi;
		out->ci = 1;
		out->level = level;
	} else {
		out->lo = lo;
		out->hi = hi;
		out->ci = 0;
		out->level = NAN;
	}
	return 0;
}
