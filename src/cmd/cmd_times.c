// SPDX-License-Identifier: GPL-2.0
/* slubstats times: the timed runs per kernel and configuration, and THE
 * estimand against the baseline (the ratio of geometric means paired by
 * round, Holm's level over the run's comparisons). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slubstats_cmds.h"

static const char *const TIMES_COLS[] = {
	"kernel", "config", "mode", "unit", "groups", "loops", "fds", "datasize",
	"messages", "vcpus", "timing", "n", "failed", "min", "q1", "median", "q3", "max", "mean", "sd",
	"cov_pct", "geomean", "baseline", "pairs", "ratio", "ci_lo", "ci_hi",
	"ci_level", "ci95_lo", "ci95_hi", "halfwidth_pct", "t_p", "holm_p",
	"wilcoxon_p", "wilcoxon_holm_p", "family", "verdict", "check", "note",
};

const char *verdict_of(const struct ratio *r)
{
	if (isnan(r->lo))
		return "too few pairs";
	switch (stats_interval_order(1, 1, r->lo, r->hi)) {
	case 1:
		return "slower";
	case -1:
		return "faster";
	}
	return "no detectable difference";
}

int cmd_times(const char *path, const char *baseline)
{
	struct groups gs = { 0 };
	struct csv_out o;
	size_t m, family;
	double *p, *wp, *adj, *wadj, *level;
	struct ratio *r95;

	groups_read_times(&gs, path);
	if (gs.n == 0)
		csv_die(NULL, 0, "%s: no timed runs", path);
	m = gs.n;
	p = calloc(m, sizeof(*p));
	wp = calloc(m, sizeof(*wp));
	adj = calloc(m, sizeof(*adj));
	wadj = calloc(m, sizeof(*wadj));
	level = calloc(m, sizeof(*level));
	r95 = calloc(m, sizeof(*r95));
	if (!p || !wp || !adj || !wadj || !level || !r95)
		abort();
	/* every comparison of the run first: Holm needs the whole family */
	for (size_t i = 0; i < m; i++) {
		struct group *g = &gs.g[i], *b = groups_find(&gs, baseline, g->config, 0);
		struct pairs pr;

		p[i] = wp[i] = NAN;
		if (!b || b == g)
			continue;
		if (groups_pair(g, b, &pr) < 2) {
			pairs_free(&pr);
			continue;
		}
		stats_paired_ratio(pr.a, pr.b, pr.n, 0.95, &r95[i]);
		p[i] = r95[i].p;
		wp[i] = stats_wilcoxon(pr.d, pr.n);
		pairs_free(&pr);
	}
	family = stats_holm(p, m, ALPHA, adj, level);
	stats_holm(wp, m, ALPHA, wadj, NULL);

	csv_out_header(&o, TIMES_COLS, N(TIMES_COLS));
	for (size_t i = 0; i < m; i++) {
		struct group *g = &gs.g[i], *b = groups_find(&gs, baseline, g->config, 0);
		struct summary s;
		struct ratio r;
		struct pairs pr;

		csv_set(&o, "kernel", "%s", g->kernel);
		csv_set(&o, "config", "%s", g->config);
		csv_set(&o, "mode", "%s", g->mode);
		csv_set(&o, "unit", "%s", g->unit);
		csv_setd(&o, "groups", g->groups);
		csv_setd(&o, "loops", g->loops);
		csv_setd(&o, "fds", g->fds);
		csv_setd(&o, "datasize", g->datasize);
		csv_setd(&o, "messages", g->messages);
		csv_setd(&o, "vcpus", g->vcpus ? g->vcpus : NAN);
		/* a wall time shared with more vCPUs than host cores is marked:
		 * its ratio is printed only with that mark */
		csv_set(&o, "timing", "%s",
			g->oversubscribed || (b && b->oversubscribed) ? "oversubscribed" : "real");
		csv_set(&o, "n", "%zu", g->n);
		csv_set(&o, "failed", "%zu", g->failed);
		csv_set(&o, "baseline", "%s", baseline);
		if (g->n) {
			stats_summary(g->v, g->n, &s);
			csv_setd(&o, "min", s.min);
			csv_setd(&o, "q1", s.q1);
			csv_setd(&o, "median", s.median);
			csv_setd(&o, "q3", s.q3);
			csv_setd(&o, "max", s.max);
			csv_setd(&o, "mean", s.mean);
			csv_setd(&o, "sd", s.sd);
			csv_setd(&o, "cov_pct", s.cov_pct);
			csv_setd(&o, "geomean", groups_geomean(g));
		}
		if (!b || !b->n) {
			csv_set(&o, "note", "no baseline runs");
		} else if (b == g) {
			csv_set(&o, "verdict", "baseline");
		} else if (isnan(p[i])) {
			csv_set(&o, "pairs", "%zu", groups_pair(g, b, &pr));
			pairs_free(&pr);
			csv_set(&o, "verdict", "too few pairs");
			csv_set(&o, "note", "fewer than 2 rounds with both kernels");
		} else {
			groups_pair(g, b, &pr);
			stats_paired_ratio(pr.a, pr.b, pr.n, level[i], &r);
			pairs_free(&pr);
			csv_set(&o, "pairs", "%zu", r.n);
			csv_setd(&o, "ratio", r.ratio);
			csv_setd(&o, "ci_lo", r.lo);
			csv_setd(&o, "ci_hi", r.hi);
			csv_set(&o, "ci_level", "%.6g", level[i]);
			csv_setd(&o, "ci95_lo", r95[i].lo);
			csv_setd(&o, "ci95_hi", r95[i].hi);
			csv_setd(&o, "halfwidth_pct",
				 100 * fmax(r95[i].hi / r.ratio - 1, 1 - r95[i].lo / r.ratio));
			csv_setd(&o, "t_p", p[i]);
			csv_setd(&o, "holm_p", adj[i]);
			csv_set(&o, "family", "%zu", family);
			csv_setd(&o, "wilcoxon_p", wp[i]);
			csv_setd(&o, "wilcoxon_holm_p", wadj[i]);
			csv_set(&o, "verdict", "%s", verdict_of(&r));
			csv_set(&o, "check", "%s",
				isnan(wadj[i]) ? "" :
				(wadj[i] < ALPHA) == (adj[i] < ALPHA) ? "agree" : "disagree");
		}
		csv_emit(&o);
	}
	free(p);
	free(wp);
	free(adj);
	free(wadj);
	free(level);
	free(r95);
	groups_free(&gs);
	return 0;
}
