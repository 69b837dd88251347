// SPDX-License-Identifier: GPL-2.0
/* The CSV side of stats_groups.h: a run's hackbench.csv and counters.csv
 * read into groups (the arithmetic on them is stats_groups.c's). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "stats.h"
#include "stats_groups.h"

#define COPY(dst, src) snprintf((dst), sizeof(dst), "%s", (src))

/* hackbench.csv's columns that groups_read_times reads */
enum { T_KERNEL, T_ROUND, T_CONFIG, T_KIND, T_STATUS, T_SECONDS, T_MODE, T_UNIT,
       T_GROUPS, T_LOOPS, T_FDS, T_DATASIZE, T_N };
static const char *const TIMES_IN[T_N] = {
	"kernel", "round", "config", "kind", "status", "seconds", "mode", "unit",
	"groups", "loops", "fds", "datasize",
};

void groups_read_times(struct groups *gs, const char *path)
{
	struct csv c;
	int k[T_N];

	int kv, kt, kw;

	csv_open_cols(&c, path, TIMES_IN, T_N, k);
	kv = csv_col_opt(&c, "vcpus");
	kt = csv_col_opt(&c, "timing");
	kw = csv_col_opt(&c, "window");
	while (csv_next(&c)) {
		struct group *g;
		long r;
		double v;

		if (strcmp(c.fld[k[T_KIND]], "timed"))
			continue;
		r = groups_replicate(&c, k[T_ROUND], kw);
		g = groups_find(gs, c.fld[k[T_KERNEL]], c.fld[k[T_CONFIG]], 1);
		if (c.fld[k[T_MODE]][0] && !g->key_config[0]) {
			COPY(g->mode, c.fld[k[T_MODE]]);
			COPY(g->unit, c.fld[k[T_UNIT]]);
			g->groups = csv_num(&c, k[T_GROUPS]);
			g->loops = csv_num(&c, k[T_LOOPS]);
			g->fds = csv_num(&c, k[T_FDS]);
			g->datasize = csv_num(&c, k[T_DATASIZE]);
			g->messages = groups_messages(g->groups, g->fds, g->loops);
			snprintf(g->key_config, sizeof(g->key_config), "%s/%s/g%g/l%g/f%g/d%g",
				 g->mode, g->unit, g->groups, g->loops, g->fds, g->datasize);
		}
		if (kv >= 0 && c.fld[kv][0]) {
			v = csv_num(&c, kv);
			if (g->vcpus && g->vcpus != v)
				csv_die(&c, c.lineno, "%s %s ran at %g vCPUs here, at %g before: one configuration, one machine",
					g->kernel, g->config, v, g->vcpus);
			g->vcpus = v;
		}
		if (kt >= 0 && !strcmp(c.fld[kt], "oversubscribed"))
			g->oversubscribed = 1;
		if (strcmp(c.fld[k[T_STATUS]], "ok")) {
			g->failed++;
			continue;
		}
		v = csv_num(&c, k[T_SECONDS]);
		if (!(v > 0))
			csv_die(&c, c.lineno, "seconds '%s' is not a positive time", c.fld[k[T_SECONDS]]);
		if (groups_index(g, r) >= 0)
			csv_die(&c, c.lineno, "a second timed run of %s %s in round %ld",
				g->kernel, g->config, r);
		groups_add(g, v, r);
	}
	csv_close(&c);
}

static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && *p;) {
		size_t l = strcspn(p, ",");

		if (l == n && !strncmp(p, name, n))
			return 1;
		p += l + (p[l] == ',');
	}
	return 0;
}

long groups_replicate(const struct csv *c, int round_col, int window_col)
{
	double r = csv_num(c, round_col), w = window_col < 0 ? 1 : csv_num(c, window_col);

	if (!(r >= 0 && r < GROUPS_ROUND_SPAN && r == floor(r)))
		csv_die(c, c->lineno, "round '%s' is not a whole number under %ld", c->fld[round_col],
			GROUPS_ROUND_SPAN);
	if (!(w >= 1 && w <= GROUPS_MAX_WINDOW && w == floor(w)))
		csv_die(c, c->lineno, "window '%s' is not a whole number from 1 to %d", c->fld[window_col],
			GROUPS_MAX_WINDOW);
	return (long)r + ((long)w - 1) * GROUPS_ROUND_SPAN;
}

void groups_counter_cols(const struct csv *c, struct counter_cols *cc)
{
	cc->kernel = csv_col(c, "kernel");
	cc->profile = csv_col(c, "profile");
	cc->round = csv_col(c, "round");
	cc->window = csv_col_opt(c, "window");
	cc->config = csv_col(c, "config");
	cc->kind = csv_col(c, "kind");
	cc->source = csv_col(c, "source");
	cc->cache = csv_col(c, "cache");
	cc->counter = csv_col(c, "counter");
	cc->value = csv_col(c, "value");
}

void groups_read_counters(struct groups *gs, const char *path, const char *caches, const char *slub_kind)
{
	struct csv c;
	struct counter_cols k;

	csv_open(&c, path);
	groups_counter_cols(&c, &k);
	while (csv_next(&c)) {
		const char *cache = c.fld[k.cache], *kind = c.fld[k.kind];
		int slub = !strcmp(c.fld[k.source], "slub");
		long r = groups_replicate(&c, k.round, k.window);
		double v = csv_num(&c, k.value);

		/* the counts alone: SLUB's statistics and perf's events (not the
		 * guest's context switches or a knob's read-back value) */
		if (!slub && strcmp(c.fld[k.source], "perf"))
			continue;

		/* SLUB statistics from the runs of slub_kind, perf's from the
		 * counting runs (with the timed runs' only: both under MTTCG) */
		if (slub ? strcmp(kind, slub_kind) : strcmp(kind, "count") || strcmp(slub_kind, "timed"))
			continue;
		if (!strcmp(cache, "all") || listed(caches, cache))
			groups_add(groups_add_counter(gs, c.fld[k.kernel], c.fld[k.config], cache,
						      c.fld[k.counter], kind),
				   v, r);
		/* perf counts "all" itself; SLUB's are summed here */
		if (slub && strcmp(cache, "all"))
			groups_add(groups_add_counter(gs, c.fld[k.kernel], c.fld[k.config], "all",
						      c.fld[k.counter], kind),
				   v, r);
	}
	csv_close(&c);
}

double groups_config_messages(const char *path, const char *kernel, const char *config)
{
	struct csv c;
	int k[T_N];
	double m = NAN;

	csv_open_cols(&c, path, TIMES_IN, T_N, k);
	while (csv_next(&c))
		if (!strcmp(c.fld[k[T_KERNEL]], kernel) && !strcmp(c.fld[k[T_CONFIG]], config) &&
		    c.fld[k[T_MODE]][0]) {
			m = groups_messages(csv_num(&c, k[T_GROUPS]), csv_num(&c, k[T_FDS]), csv_num(&c, k[T_LOOPS]));
			break;
		}
	csv_close(&c);
	return m;
}

void csv_set_paired_ratio(struct csv_out *o, const char *col, const double *a, const double *b, size_t n)
{
	struct ratio r;
	char name[64];

	if (n < 2 || stats_paired_ratio(a, b, n, 0.95, &r))
		return;
	csv_setd(o, col, r.ratio);
	snprintf(name, sizeof(name), "%s_lo", col);
	csv_setd(o, name, r.lo);
	snprintf(name, sizeof(name), "%s_hi", col);
	csv_setd(o, name, r.hi);
}
