// SPDX-License-Identifier: GPL-2.0
/* slubstats crosscheck: the tracepoint against the SLUB statistics. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slubstats_cmds.h"

static const char *const XC_COLS[] = {
	"kernel", "profile", "round", "config", "cache", "tracepoint", "slub_stats",
	"difference", "relative", "verdict",
};

/* The tracepoint against the SLUB statistics, per cache, in each counting
 * run: slub:add_partial events (perf) = add_partial (groups_derive's sum). */

int cmd_crosscheck(const char *path)
{
	struct groups gs = { 0 };
	struct csv c;
	struct csv_out o;
	struct counter_cols k;

	/* the counting runs' counters, both sources, the SLUB statistics
	 * filed as "timed" so that groups_derive sums them the one way it knows */
	csv_open(&c, path);
	groups_counter_cols(&c, &k);
	csv_out_header(&o, XC_COLS, N(XC_COLS));
	while (csv_next(&c)) {
		struct group *g;
		long r = groups_replicate(&c, k.round, k.window);

		if (strcmp(c.fld[k.kind], "count") || !strcmp(c.fld[k.cache], "all") ||
		    (strcmp(c.fld[k.source], "slub") && strcmp(c.fld[k.source], "perf")))
			continue;
		g = groups_add_counter(&gs, c.fld[k.kernel], c.fld[k.config], c.fld[k.cache],
				       c.fld[k.counter], !strcmp(c.fld[k.source], "slub") ? "timed" : "perf");
		snprintf(g->mode, sizeof(g->mode), "%s", c.fld[k.profile]);
		groups_add(g, csv_num(&c, k.value), r);
	}
	csv_close(&c);
	groups_derive(&gs);
	for (size_t i = 0; i < gs.n; i++) {
		struct group *h = &gs.g[i], *t, *s;

		if (strcmp(h->kind, "perf") || strcmp(h->counter, "add_partial_head"))
			continue;
		t = groups_find_counter(&gs, h->kernel, h->config, h->cache, "add_partial_tail", "perf");
		s = groups_find_counter(&gs, h->kernel, h->config, h->cache, "add_partial", "timed");
		for (size_t k = 0; k < h->n; k++) {
			double tp = h->v[k], st = 0, d, rel;

			long jt = t ? groups_index(t, h->round[k]) : -1;
			long js = s ? groups_index(s, h->round[k]) : -1;

			tp += jt >= 0 ? t->v[jt] : 0;
			st += js >= 0 ? s->v[js] : 0;
			d = tp - st;
			rel = st > 0 ? d / st : (d == 0 ? 0 : 1);
			csv_set(&o, "kernel", "%s", h->kernel);
			csv_set(&o, "profile", "%s", h->mode);
			csv_set(&o, "round", "%ld", h->round[k]);
			csv_set(&o, "config", "%s", h->config);
			csv_set(&o, "cache", "%s", h->cache);
			csv_set(&o, "tracepoint", "%.0f", tp);
			csv_set(&o, "slub_stats", "%.0f", st);
			csv_set(&o, "difference", "%.0f", d);
			csv_set(&o, "relative", "%.6f", rel);
			csv_set(&o, "verdict", "%s", fabs(rel) <= 0.01 ? "agree" : "disagree");
			csv_emit(&o);
		}
	}
	groups_free(&gs);
	return 0;
}
