// SPDX-License-Identifier: GPL-2.0
/* slubstats mechanism: the SLUB statistics per kernel, configuration,
 * cache and counter, per 1000 messages, paired against the baseline. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slubstats_cmds.h"

static const char *const MECH_COLS[] = {
	"kernel", "config", "messages", "vcpus", "cache", "counter", "n", "median", "min",
	"max", "per_1000_messages", "mean", "sd", "baseline", "ratio", "ratio_lo",
	"ratio_hi",
};

/* pairs_baseline LIST KERNEL: KERNEL's baseline in LIST ("K:B,K:B"), or
 * NULL; copied into buf */
static const char *pairs_baseline(const char *list, const char *kernel, char *buf, size_t len)
{
	size_t kl = strlen(kernel);
	const char *p = list;

	while (p && *p) {
		const char *end = strchr(p, ','), *colon = strchr(p, ':');
		size_t bl;

		if (!end)
			end = p + strlen(p);
		if (colon && colon < end && (size_t)(colon - p) == kl && !strncmp(p, kernel, kl)) {
			bl = (size_t)(end - colon - 1);
			if (bl == 0 || bl >= len)
				return NULL;
			memcpy(buf, colon + 1, bl);
			buf[bl] = 0;
			return buf;
		}
		p = *end ? end + 1 : NULL;
	}
	return NULL;
}

int cmd_mechanism(const char *cpath, const char *hpath, const char *caches,
		  const char *baseline, const char *pairs, const char *kind)
{
	struct groups gs = { 0 }, hb = { 0 };
	char own[128];
	struct csv_out o;

	groups_read_times(&hb, hpath);
	groups_read_counters(&gs, cpath, caches, kind);
	groups_derive(&gs);
	csv_out_header(&o, MECH_COLS, N(MECH_COLS));
	for (size_t i = 0; i < gs.n; i++) {
		struct group *g = &gs.g[i], *t = groups_find(&hb, g->kernel, g->config, 0), *b;
		struct summary s;
		struct pairs pr;
		/* a run without timed boots (a bisect's): from any run's row */
		double msgs = t ? t->messages : groups_config_messages(hpath, g->kernel, g->config);
		/* a ratio per visit is not a count: no per-message figure */
		int per_msg = strcmp(g->counter, "objects_per_partial_visit") != 0;

		csv_set(&o, "kernel", "%s", g->kernel);
		csv_set(&o, "config", "%s", g->config);
		csv_setd(&o, "messages", msgs);
		csv_setd(&o, "vcpus", t && t->vcpus ? t->vcpus : NAN);
		csv_set(&o, "cache", "%s", g->cache);
		csv_set(&o, "counter", "%s", g->counter);
		csv_set(&o, "n", "%zu", g->n);
		stats_summary(g->v, g->n, &s);
		csv_setd(&o, "median", s.median);
		csv_setd(&o, "min", s.min);
		csv_setd(&o, "max", s.max);
		csv_setd(&o, "per_1000_messages", per_msg ? 1000 * s.median / msgs : NAN);
		csv_setd(&o, "mean", s.mean);
		csv_setd(&o, "sd", s.sd);
		const char *base = pairs ? pairs_baseline(pairs, g->kernel, own, sizeof(own)) : baseline;

		if (base) {
			csv_set(&o, "baseline", "%s", base);
			b = groups_find_counter(&gs, base, g->config, g->cache, g->counter, g->kind);
			if (b && b != g && groups_pair(g, b, &pr) >= 2) {
				csv_set_paired_ratio(&o, "ratio", pr.a, pr.b, pr.n);
				pairs_free(&pr);
			}
		}
		csv_emit(&o);
	}
	groups_free(&gs);
	groups_free(&hb);
	return 0;
}
