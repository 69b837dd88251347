// SPDX-License-Identifier: GPL-2.0
/* slubstats windows: how a study's window totals vary within a boot and
 * between boots (studies/emu-measure-summary.sh), see windows.h. */
#include "windows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "stats.h"

#define N(a) ((int)(sizeof(a) / sizeof(*(a))))
#define NM 3

static const char *const METRIC[NM] = { "instructions", "misses", "transfers" };
static const char *const WIN_COLS[] = {
	"kernel", "metric", "boots", "windows", "mean", "within_cov_pct", "between_cov_pct",
};

/* one window of one boot: its totals over vCPUs and functions */
struct cell {
	char kernel[72], config[16];
	long round;
	double t[NM];
};

static int by_kernel(const void *pa, const void *pb)
{
	const struct cell *a = pa, *b = pb;
	int c = strcmp(a->kernel, b->kernel);

	return c ? c : (a->round > b->round) - (a->round < b->round);
}

static size_t find_cell(struct cell **cs, size_t *n, const struct csv *c, const int *col)
{
	long round = (long)csv_num(c, col[1]);
	size_t i;

	for (i = 0; i < *n; i++)
		if (cs[0][i].round == round && !strcmp(cs[0][i].kernel, c->fld[col[0]]) &&
		    !strcmp(cs[0][i].config, c->fld[col[2]]))
			return i;
	if (strlen(c->fld[col[0]]) >= sizeof(cs[0][i].kernel) || strlen(c->fld[col[2]]) >= sizeof(cs[0][i].config))
		csv_die(c, c->lineno, "kernel or config too long");
	*cs = realloc(*cs, (*n + 1) * sizeof(**cs));
	if (!*cs)
		abort();
	memset(&cs[0][i], 0, sizeof(cs[0][i]));
	snprintf(cs[0][i].kernel, sizeof(cs[0][i].kernel), "%s", c->fld[col[0]]);
	snprintf(cs[0][i].config, sizeof(cs[0][i].config), "%s", c->fld[col[2]]);
	cs[0][i].round = round;
	(*n)++;
	return i;
}

/* the window totals of an emulated.csv, one cell a (kernel, round, config),
 * sorted by kernel then round; *n of them */
static struct cell *read_cells(const char *path, size_t *n)
{
	static const char *const IN[] = { "kernel", "round", "config", "instructions", "misses", "transfers" };
	struct cell *cs = NULL;
	struct csv c;
	int col[6];

	*n = 0;
	csv_open_cols(&c, path, IN, N(IN), col);
	while (csv_next(&c)) {
		size_t i = find_cell(&cs, n, &c, col);

		for (int m = 0; m < NM; m++)
			if (*c.fld[col[3 + m]])
				cs[i].t[m] += csv_num(&c, col[3 + m]);
	}
	csv_close(&c);
	if (cs)
		qsort(cs, *n, sizeof(*cs), by_kernel);
	return cs;
}

int windows_summary(const char *path)
{
	struct csv_out o;
	size_t n;
	struct cell *cs = read_cells(path, &n);

	csv_out_header(&o, WIN_COLS, N(WIN_COLS));
	for (size_t a = 0, b; a < n; a = b) {
		double *x = malloc(n * sizeof(*x));
		size_t *g = malloc(n * sizeof(*g)), ng = 0;

		if (!x || !g)
			abort();
		for (b = a; b < n && !strcmp(cs[b].kernel, cs[a].kernel); b++) {
			ng += b == a || cs[b].round != cs[b - 1].round;
			g[b - a] = ng - 1;
		}
		for (int m = 0; m < NM; m++) {
			double mean = 0, within, between;

			for (size_t i = a; i < b; i++)
				x[i - a] = cs[i].t[m];
			csv_set(&o, "kernel", "%s", cs[a].kernel);
			csv_set(&o, "metric", "%s", METRIC[m]);
			csv_set(&o, "boots", "%zu", ng);
			csv_set(&o, "windows", "%zu", b - a);
			if (!stats_within_between(x, g, b - a, ng, &mean, &within, &between)) {
				csv_set(&o, "within_cov_pct", "%.6f", 100 * within);
				csv_set(&o, "between_cov_pct", "%.6f", 100 * between);
			}
			csv_set(&o, "mean", "%.1f", mean);
			csv_emit(&o);
		}
		free(x);
		free(g);
	}
	free(cs);
	return 0;
}
