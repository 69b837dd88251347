// SPDX-License-Identifier: GPL-2.0
/* slubstats describe: numbers on stdin summarised. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slubstats_cmds.h"

/* slubstats describe: numbers on stdin (one a line, each a finite
 * number) summarised as one CSV row; a line that is not one is refused. */
int cmd_describe(void)
{
	static const char *const COLS[] = { "n", "mean", "sd", "ci_lo", "ci_hi", "min", "max" };
	char line[128];
	double *x = NULL;
	size_t n = 0, cap = 0;
	struct summary sm;
	struct csv_out o;

	while (fgets(line, sizeof(line), stdin)) {
		double v;

		line[strcspn(line, "\n")] = '\0';
		if (num_decimal(line, &v)) {
			cli_say("slubstats: describe: line %zu: '%.40s' is not a decimal number\n", n + 1, line);
			return 1;
		}
		if (n == cap && !(x = realloc(x, (cap = cap ? 2 * cap : 64) * sizeof(*x))))
			abort();
		x[n++] = v;
	}
	csv_out_header(&o, COLS, 7);
	if (n) {
		stats_summary(x, n, &sm);
		csv_set(&o, "n", "%zu", n);
		csv_setd(&o, "mean", sm.mean);
		csv_setd(&o, "sd", sm.sd);
		csv_setd(&o, "ci_lo", sm.ci_lo);
		csv_setd(&o, "ci_hi", sm.ci_hi);
		csv_setd(&o, "min", sm.min);
		csv_setd(&o, "max", sm.max);
		csv_emit(&o);
	}
	free(x);
	return 0;
}
