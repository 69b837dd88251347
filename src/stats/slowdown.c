// SPDX-License-Identifier: GPL-2.0
/* slubstats slowdown: what the emulated counters cost in hackbench's own
 * time, see slowdown.h. */
#include "slowdown.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"

#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

double slowdown_ratio(double sum_emulated, size_t n_emulated, double sum_timed, size_t n_timed)
{
	if (!n_emulated || !n_timed || !(sum_timed > 0))
		return NAN;
	return (sum_emulated / (double)n_emulated) / (sum_timed / (double)n_timed);
}

int slowdown_print(const char *path, const char *config)
{
	static const char *const IN[] = { "kind", "status", "config", "seconds" };
	double sum[2] = { 0, 0 }, r;
	size_t n[2] = { 0, 0 };
	struct csv c;
	int col[4];

	csv_open_cols(&c, path, IN, N(IN), col);
	while (csv_next(&c)) {
		int k = !strcmp(c.fld[col[0]], "emulated") ? 0 : !strcmp(c.fld[col[0]], "timed") ? 1 : -1;

		if (k < 0 || strcmp(c.fld[col[1]], "ok") || strcmp(c.fld[col[2]], config))
			continue;
		sum[k] += csv_num(&c, col[3]);
		n[k]++;
	}
	csv_close(&c);
	r = slowdown_ratio(sum[0], n[0], sum[1], n[1]);
	if (!isnan(r))
		printf("%.1f\n", r);
	return 0;
}
