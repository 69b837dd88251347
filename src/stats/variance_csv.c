// SPDX-License-Identifier: GPL-2.0
/* slubstats variance: reads studies/variance.sh's variance.csv, writes one
 * row per condition (pinned 0/1) and strategy. See variance.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csv.h"
#include "variance.h"

#define MAXB 1000
#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

static const char *const VAR_COLS[] = {
	"pinned", "strategy", "boots", "seconds_per_boot", "sd_boot", "sd_lo",
	"sd_hi", "pairs", "aa_ratio", "aa_lo", "aa_hi", "aa_sd",
	"precision_per_minute", "rounds_2pct", "minutes_2pct", "rounds_3pct",
	"beta", "r", "within_sd", "between_sd", "boot_share", "first_ratio",
	"first_lo", "first_hi", "vs_unpinned_p",
};

/* Boots of path go after offset: boot k of a second run is offset + k. */
static long read_boots(const char *path, struct vboot *b, int *seen, long offset)
{
	long last = offset;
	static const char *const names[] = { "boot", "pinned", "boot_seconds", "measure", "seconds" };
	int k[5];
	struct csv c;

	csv_open_cols(&c, path, names, 5, k);
	while (csv_next(&c)) {
		double id = csv_num(&c, k[0]), v = csv_num(&c, k[4]);
		const char *m = c.fld[k[3]];
		struct vboot *x;
		int r;

		if (id < 1 || id != floor(id) || id + (double)offset >= MAXB)
			csv_die(&c, c.lineno, "boot %g: boots are numbered 1, 2, ... (at most %d in all)", id, MAXB - 1);
		id += (double)offset;
		if (id > (double)last)
			last = (long)id;
		if (!(v > 0))
			csv_die(&c, c.lineno, "seconds %g: a time must be > 0", v);
		x = &b[(int)id];
		x->boot = (long)id;
		x->pinned = csv_num(&c, k[1]) != 0;
		x->bsecs = csv_num(&c, k[2]);
		seen[(int)id] = 1;
		if (!strcmp(m, "cal-loop"))
			x->cal_loop = v;
		else if (!strcmp(m, "cal-pipe"))
			x->cal_pipe = v;
		else if (sscanf(m, "run%d", &r) == 1 && r >= 1 && r <= VAR_MAXREP) {
			x->run[r - 1] = v;
			if (r > x->nrun)
				x->nrun = r;
		} else
			csv_die(&c, c.lineno, "measure '%s': cal-loop, cal-pipe or run1..run%d", m, VAR_MAXREP);
	}
	csv_close(&c);
	return last;
}

static void emit(struct csv_out *o, int pinned, enum vstrategy s,
		 const struct vresult *r, double ref, double p)
{
	double l2 = log(1.02), l3 = log(1.03), k = 1.96 * sqrt(2) * r->sd_boot;
	double n2 = ceil(pow(k / l2, 2)), n3 = ceil(pow(k / l3, 2));

	csv_set(o, "pinned", "%d", pinned);
	csv_set(o, "strategy", "%s", vstrategy_name[s]);
	csv_set(o, "boots", "%zu", r->boots);
	csv_setd(o, "seconds_per_boot", r->cost);
	csv_setd(o, "sd_boot", r->sd_boot);
	csv_setd(o, "sd_lo", r->sd_lo);
	csv_setd(o, "sd_hi", r->sd_hi);
	csv_set(o, "pairs", "%zu", r->pairs);
	csv_setd(o, "aa_ratio", r->aa_ratio);
	csv_setd(o, "aa_lo", r->aa_lo);
	csv_setd(o, "aa_hi", r->aa_hi);
	csv_setd(o, "aa_sd", r->aa_sd);
	csv_setd(o, "precision_per_minute", ref / (r->sd_boot * r->sd_boot * r->cost));
	csv_setd(o, "rounds_2pct", n2);
	csv_setd(o, "minutes_2pct", n2 * 2 * r->cost / 60);
	csv_setd(o, "rounds_3pct", n3);
	csv_setd(o, "beta", r->beta);
	csv_setd(o, "r", r->r);
	csv_setd(o, "within_sd", r->within_sd);
	csv_setd(o, "between_sd", r->between_sd);
	csv_setd(o, "boot_share", isnan(r->between_sd) ? NAN :
		 pow(r->between_sd, 2) / (pow(r->between_sd, 2) + pow(r->within_sd, 2)));
	csv_setd(o, "first_ratio", r->first_ratio);
	csv_setd(o, "first_lo", r->first_lo);
	csv_setd(o, "first_hi", r->first_hi);
	csv_setd(o, "vs_unpinned_p", p);
	csv_emit(o);
}

int variance_summary(char **paths, int npaths)
{
	const char *path = paths[0];
	long offset = 0;
	static struct vboot all[MAXB];
	static int seen[MAXB];
	struct vboot *cond[2];
	struct vresult res[2][V_NSTRAT];
	size_t n[2] = { 0, 0 };
	struct csv_out o;
	double ref = NAN;
	int nrun = 0;

	for (int f = 0; f < npaths; f++)
		offset = read_boots(paths[f], all, seen, offset);
	for (int p = 0; p < 2; p++) {
		cond[p] = calloc(MAXB, sizeof(struct vboot));
		if (!cond[p])
			abort();
	}
	for (int i = 1; i < MAXB; i++) {
		if (!seen[i])
			continue;
		if (!all[i].cal_loop || !all[i].cal_pipe || all[i].nrun < 2)
			cli_die(path, "boot %d lacks a calibration or has fewer than 2 runs", i);
		for (int j = 0; j < all[i].nrun; j++)
			if (!all[i].run[j])
				cli_die(path, "boot %d has no run%d", i, j + 1);
		if (nrun && all[i].nrun != nrun)
			cli_die(path, "boot %d has %d runs, others %d: every boot the same", i, all[i].nrun, nrun);
		nrun = all[i].nrun;
		cond[all[i].pinned][n[all[i].pinned]++] = all[i];
	}
	for (int p = 0; p < 2; p++)
		for (int s = 0; s < V_NSTRAT; s++)
			variance_strategy(cond[p], n[p], (enum vstrategy)s, &res[p][s]);
	if (n[0] >= 4)
		ref = pow(res[0][V_FIRST].sd_boot, 2) * res[0][V_FIRST].cost;
	else if (n[1] >= 4)
		ref = pow(res[1][V_FIRST].sd_boot, 2) * res[1][V_FIRST].cost;
	else
		cli_die(path, "fewer than 4 boots in each condition: nothing to estimate");
	csv_out_header(&o, VAR_COLS, N(VAR_COLS));
	for (int p = 0; p < 2; p++)
		for (int s = 0; s < V_NSTRAT; s++) {
			double fp = NAN;

			if (n[p] < 4)
				continue;
			if (p == 1 && n[0] >= 4) {
				double d0 = (double)n[0] - 1, d1 = (double)n[1] - 1;

				if (s == V_CAL_LOOP || s == V_CAL_PIPE)
					d0--, d1--;
				fp = variance_f_p(res[1][s].sd_boot, d1, res[0][s].sd_boot, d0);
			}
			emit(&o, p, (enum vstrategy)s, &res[p][s], ref, fp);
		}
	free(cond[0]);
	free(cond[1]);
	return 0;
}
