// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "stats.h"
#include "stats_groups.h"

#define COPY(dst, src) snprintf((dst), sizeof(dst), "%s", (src))

double groups_messages(double groups, double fds, double loops)
{
	return groups * fds * fds * loops;
}

/* a group's key's hash */
static size_t key_hash(const char *kernel, const char *config, const char *cache, const char *counter,
		       const char *kind)
{
	const char *parts[] = { kernel, config, cache, counter, kind };

	return csv_key_hash(parts, sizeof(parts) / sizeof(parts[0]), 0);
}

static void key_insert(struct groups *gs, size_t i)
{
	const struct group *g = &gs->g[i];
	size_t s = key_hash(g->kernel, g->config, g->cache, g->counter, g->kind) & (gs->nslot - 1);

	while (gs->slot[s])
		s = (s + 1) & (gs->nslot - 1);
	gs->slot[s] = i + 1;
}

/* a new group, zeroed, in the key index once its key is set (keyed) */
static struct group *grow(struct groups *gs)
{
	if (gs->n == gs->cap) {
		gs->cap = gs->cap ? 2 * gs->cap : 16;
		gs->g = realloc(gs->g, gs->cap * sizeof(*gs->g));
		if (!gs->g)
			abort();
	}
	memset(&gs->g[gs->n], 0, sizeof(*gs->g));
	return &gs->g[gs->n++];
}

/* the last group made, its key set, into the index (kept at most half
 * full: made again when the groups double) */
static void keyed(struct groups *gs)
{
	if (2 * gs->n > gs->nslot) {
		free(gs->slot);
		gs->nslot = gs->nslot ? 2 * gs->nslot : 64;
		while (2 * gs->n > gs->nslot)
			gs->nslot *= 2;
		gs->slot = calloc(gs->nslot, sizeof(*gs->slot));
		if (!gs->slot)
			abort();
		for (size_t i = 0; i < gs->n; i++)
			key_insert(gs, i);
		return;
	}
	key_insert(gs, gs->n - 1);
}

static struct group *key_find(const struct groups *gs, const char *kernel, const char *config, const char *cache,
			      const char *counter, const char *kind)
{
	if (!gs->nslot)
		return NULL;
	for (size_t s = key_hash(kernel, config, cache, counter, kind) & (gs->nslot - 1); gs->slot[s];
	     s = (s + 1) & (gs->nslot - 1)) {
		struct group *g = &gs->g[gs->slot[s] - 1];

		if (!strcmp(g->kernel, kernel) && !strcmp(g->config, config) && !strcmp(g->cache, cache) &&
		    !strcmp(g->counter, counter) && !strcmp(g->kind, kind))
			return g;
	}
	return NULL;
}

/* a run's group (hackbench.csv's: no cache, counter or kind) */
struct group *groups_find(struct groups *gs, const char *kernel, const char *config,
			  int create)
{
	struct group *g = key_find(gs, kernel, config, "", "", "");

	if (g || !create)
		return g;
	g = grow(gs);
	COPY(g->kernel, kernel);
	COPY(g->config, config);
	keyed(gs);
	return g;
}

struct group *groups_find_counter(struct groups *gs, const char *kernel,
				  const char *config, const char *cache,
				  const char *counter, const char *kind)
{
	return key_find(gs, kernel, config, cache, counter, kind);
}

struct group *groups_add_counter(struct groups *gs, const char *kernel,
					  const char *config, const char *cache,
					  const char *counter, const char *kind)
{
	struct group *g = groups_find_counter(gs, kernel, config, cache, counter, kind);

	if (g)
		return g;
	g = grow(gs);
	COPY(g->kernel, kernel);
	COPY(g->config, config);
	COPY(g->cache, cache);
	COPY(g->counter, counter);
	COPY(g->kind, kind);
	keyed(gs);
	return g;
}

static size_t slot_of(long r, size_t nslot)
{
	return (size_t)(((unsigned long long)r * 0x9E3779B97F4A7C15ull) >> 17) & (nslot - 1);
}

long groups_index(const struct group *g, long r)
{
	if (!g->nslot)
		return -1;
	for (size_t s = slot_of(r, g->nslot); g->slot[s]; s = (s + 1) & (g->nslot - 1))
		if (g->round[g->slot[s] - 1] == r)
			return (long)(g->slot[s] - 1);
	return -1;
}

static void index_insert(struct group *g, size_t k)
{
	size_t s = slot_of(g->round[k], g->nslot);

	while (g->slot[s])
		s = (s + 1) & (g->nslot - 1);
	g->slot[s] = k + 1;
}

/* keep the index at most half full: rebuilt when the rows double */
static void index_grow(struct group *g)
{
	if (2 * (g->n + 1) <= g->nslot)
		return;
	free(g->slot);
	g->nslot = g->nslot ? 2 * g->nslot : 64;
	g->slot = calloc(g->nslot, sizeof(*g->slot));
	if (!g->slot)
		abort();
	for (size_t k = 0; k < g->n; k++)
		index_insert(g, k);
}

void groups_add(struct group *g, double v, long r)
{
	long k = groups_index(g, r);

	if (k >= 0) {
		g->v[k] += v;
		return;
	}
	index_grow(g);
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 16;
		g->v = realloc(g->v, g->cap * sizeof(*g->v));
		g->round = realloc(g->round, g->cap * sizeof(*g->round));
		if (!g->v || !g->round)
			abort();
	}
	g->v[g->n] = v;
	g->round[g->n] = r;
	index_insert(g, g->n++);
}

static double at(struct groups *gs, const struct group *base, const char *counter, long r)
{
	struct group *g = groups_find_counter(gs, base->kernel, base->config, base->cache,
					      counter, base->kind);

	/* SLUB shows only counters that moved: a missing one is 0 */
	long k = g ? groups_index(g, r) : -1;

	return k >= 0 ? g->v[k] : 0;
}

const char *const ADD_PARTIAL_PARTS[ADD_PARTIAL_NPARTS] = {
	"free_add_partial", "deactivate_to_head", "deactivate_to_tail",
};

void groups_derive(struct groups *gs)
{
	size_t n0 = gs->n;

	for (size_t i = 0; i < n0; i++) {
		/* the SLUB statistics' kinds: the timed runs, the emulated boots,
		 * the series boots (their twins with the sampler) */
		if (strcmp(gs->g[i].counter, "alloc_fastpath") ||
		    (strcmp(gs->g[i].kind, "timed") && strcmp(gs->g[i].kind, "emulated") &&
		     strcmp(gs->g[i].kind, "series")))
			continue;
		for (size_t k = 0; k < gs->g[i].n; k++) {
			struct group base = gs->g[i], *d;
			long r = base.round[k];
			double ap = 0, visits;

			for (int p = 0; p < ADD_PARTIAL_NPARTS; p++)
				ap += at(gs, &base, ADD_PARTIAL_PARTS[p], r);
			visits = at(gs, &base, "alloc_from_partial", r);

			d = groups_add_counter(gs, base.kernel, base.config, base.cache,
						 "add_partial", base.kind);
			groups_add(d, ap, r);
			if (visits == 0)
				continue;
			d = groups_add_counter(gs, base.kernel, base.config, base.cache,
						 "objects_per_partial_visit", base.kind);
			groups_add(d, (at(gs, &base, "alloc_fastpath", r) + at(gs, &base, "alloc_slowpath", r)) /
				       visits, r);
		}
	}
}

static const long *sort_rounds;

static int by_round(const void *x, const void *y)
{
	long a = sort_rounds[*(const size_t *)x], b = sort_rounds[*(const size_t *)y];

	return (a > b) - (a < b);
}

/* the pairs in round order: every sum over them (a ratio, its interval) the
 * same whatever order the rows came in (a merged run's shards, say) */
static void pairs_by_round(struct pairs *p)
{
	size_t *ix = malloc((p->n ? p->n : 1) * sizeof(*ix));
	double *a = malloc((p->n ? p->n : 1) * sizeof(double)), *b = malloc((p->n ? p->n : 1) * sizeof(double));
	double *d = malloc((p->n ? p->n : 1) * sizeof(double));
	long *r = malloc((p->n ? p->n : 1) * sizeof(long));

	if (!ix || !a || !b || !d || !r)
		abort();
	for (size_t i = 0; i < p->n; i++)
		ix[i] = i;
	sort_rounds = p->round;
	qsort(ix, p->n, sizeof(*ix), by_round);
	for (size_t i = 0; i < p->n; i++) {
		a[i] = p->a[ix[i]];
		b[i] = p->b[ix[i]];
		d[i] = p->d[ix[i]];
		r[i] = p->round[ix[i]];
	}
	free(p->a);
	free(p->b);
	free(p->d);
	free(p->round);
	p->a = a;
	p->b = b;
	p->d = d;
	p->round = r;
	free(ix);
}

size_t groups_pair(const struct group *a, const struct group *b, struct pairs *p)
{
	size_t cap = a->n < b->n ? a->n : b->n;

	p->n = 0;
	p->a = malloc((cap ? cap : 1) * sizeof(double));
	p->b = malloc((cap ? cap : 1) * sizeof(double));
	p->d = malloc((cap ? cap : 1) * sizeof(double));
	p->round = malloc((cap ? cap : 1) * sizeof(long));
	if (!p->a || !p->b || !p->d || !p->round)
		abort();
	for (size_t i = 0; i < a->n; i++) {
		long j = groups_index(b, a->round[i]);

		if (j >= 0 && a->v[i] > 0 && b->v[j] > 0) {
			p->a[p->n] = a->v[i];
			p->b[p->n] = b->v[j];
			p->d[p->n] = log(a->v[i]) - log(b->v[j]);
			p->round[p->n] = a->round[i];
			p->n++;
		}
	}
	pairs_by_round(p);
	return p->n;
}

void pairs_free(struct pairs *p)
{
	free(p->a);
	free(p->b);
	free(p->d);
	free(p->round);
	p->a = p->b = p->d = NULL;
	p->round = NULL;
}

double groups_geomean(const struct group *g)
{
	return g->n ? stats_geomean(g->v, g->n) : NAN;
}

void groups_free(struct groups *gs)
{
	for (size_t i = 0; i < gs->n; i++) {
		free(gs->g[i].v);
		free(gs->g[i].round);
		free(gs->g[i].slot);
	}
	free(gs->g);
	free(gs->slot);
	*gs = (struct groups){ 0 };
}
