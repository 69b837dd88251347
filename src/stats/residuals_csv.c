// SPDX-License-Identifier: GPL-2.0
/* slubstats residuals and drift: the CSV side of residuals.h. */
#include "residuals.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boots.h"
#include "csv.h"

static void print_drift(const struct resid *r, size_t n)
{
	static double pos[RES_MAXPOS];
	static size_t npos[RES_MAXPOS];
	double half[2];
	size_t nh[2] = { n / 2, n - n / 2 };
	long maxp;

	puts("part,index,boots,change");
	if (drift_summary(r, n, pos, npos, &maxp, half))
		return;
	for (long p = 0; p < maxp; p++)
		printf("position,%ld,%zu,%.6f\n", p + 1, npos[p], pos[p]);
	for (int j = 0; j < 2; j++)
		printf("half,%d,%zu,%.6f\n", j + 1, nh[j], half[j]);
}

/* the residuals behind position and drift (residuals.h) of configuration
 * config, the boots of vcpus vCPUs (NULL, or a boots.csv older than the
 * column: every timed boot): "number position kernel residual" a line */
int residuals_print(const char *hpath, const char *bpath, const char *config, const char *vcpus, int drift)
{
	struct csv c;
	struct rboot *b = NULL;
	struct rtime *t = NULL;
	struct resid *out;
	size_t nb = 0, nt = 0, n, nrows, row = 0;
	unsigned char *used = boots_used(bpath, &nrows);
	int k[6], kv;
	static const char *const BIN[] = { "kind", "start_utc", "round", "position", "kernel" };
	static const char *const HIN[] = { "kind", "status", "config", "round", "kernel", "seconds" };

	csv_open_cols(&c, bpath, BIN, 5, k);
	kv = vcpus ? csv_col_opt(&c, "vcpus") : -1;
	while (csv_next(&c)) {
		/* an attempt set aside has no times of its own (boots.h) */
		if (row >= nrows || !used[row++] || strcmp(c.fld[k[0]], "timed") ||
		    (kv >= 0 && strcmp(c.fld[kv], vcpus)))
			continue;
		b = realloc(b, (nb + 1) * sizeof(*b));
		if (!b)
			abort();
		snprintf(b[nb].start, sizeof(b[nb].start), "%s", c.fld[k[1]]);
		b[nb].round = (long)csv_num(&c, k[2]);
		b[nb].position = (long)csv_num(&c, k[3]);
		if (strlen(c.fld[k[4]]) >= RES_NAME)
			csv_die(&c, c.lineno, "kernel '%.20s...' is longer than %d characters", c.fld[k[4]], RES_NAME - 1);
		snprintf(b[nb].kernel, sizeof(b[nb].kernel), "%s", c.fld[k[4]]);
		nb++;
	}
	csv_close(&c);
	csv_open_cols(&c, hpath, HIN, 6, k);
	while (csv_next(&c)) {
		if (strcmp(c.fld[k[0]], "timed") || strcmp(c.fld[k[1]], "ok") || strcmp(c.fld[k[2]], config))
			continue;
		t = realloc(t, (nt + 1) * sizeof(*t));
		if (!t)
			abort();
		if (strlen(c.fld[k[4]]) >= RES_NAME)
			csv_die(&c, c.lineno, "kernel '%.20s...' is longer than %d characters", c.fld[k[4]], RES_NAME - 1);
		snprintf(t[nt].kernel, sizeof(t[nt].kernel), "%s", c.fld[k[4]]);
		t[nt].round = (long)csv_num(&c, k[3]);
		t[nt].seconds = csv_num(&c, k[5]);
		if (!(t[nt].seconds > 0))
			csv_die(&c, c.lineno, "seconds '%s' is not a time", c.fld[k[5]]);
		nt++;
	}
	csv_close(&c);
	out = calloc(nb ? nb : 1, sizeof(*out));
	if (!out)
		abort();
	n = residuals(b, nb, t, nt, out);
	if (drift)
		print_drift(out, n);
	else
		for (size_t i = 0; i < n; i++)
			printf("%zu %ld %s %.6f\n", out[i].number, out[i].position, out[i].kernel, out[i].r);
	free(out);
	free(used);
	free(b);
	free(t);
	return 0;
}
