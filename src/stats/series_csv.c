// SPDX-License-Identifier: GPL-2.0
/* series.csv (lib/rundir.sh's SERIES_HDR, bench/collect.sh) read into
 * runs of samples, and the twins' comparison from counters.csv:
 *   slubstats series SERIES_CSV            each sample with its rates
 *   slubstats series SERIES_CSV --summary  each run summarised
 *   slubstats series SERIES_CSV --baseline K   each kernel over its series
 *       boots: the spread of the runs' median list lengths, and against
 *       K's boots of the same seeds, paired: slabs added per ms, and the
 *       median list length (95% CI)
 *   slubstats perturbation COUNTERS_CSV --caches LIST
 *       each series boot's counts against its twin's (the emulated boot of
 *       the same kernel and seed), paired by seed */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "series.h"
#include "stats.h"
#include "stats_groups.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

struct run {
	char kernel[CSV_NAME_MAX + 1], config[32], cache[96];
	long round, window;
	double vcpus;
	struct series_point *p;
	unsigned *seen; /* the quantities each sample has (bits) */
	size_t n, cap;
};

struct cost {
	char kernel[CSV_NAME_MAX + 1];
	long round;
	double ns;
};

struct series {
	struct run *r;
	size_t n;
	struct cost *c;
	size_t nc;
	/* the runs by key (open addressing, indices + 1, 0 empty): a row
	 * finds its run in constant time however many runs a file has */
	size_t *slot, nslot;
};

static void *grow(void *p, size_t n, size_t size)
{
	p = realloc(p, n * size);
	if (!p)
		abort();
	return p;
}

/* a run's key's hash */
static size_t key_hash(const char *k, long round, const char *config, long window, const char *cache)
{
	const char *parts[] = { k, config, cache };

	return csv_key_hash(parts, N(parts), (size_t)round * 1099511628211ULL ^ (size_t)window);
}

static int run_is(const struct run *r, const char *k, long round, const char *config, long window,
		  const char *cache)
{
	return r->round == round && r->window == window && !strcmp(r->kernel, k) && !strcmp(r->config, config) &&
	       !strcmp(r->cache, cache);
}

/* the table of runs at twice their count, filled again */
static void slots_grow(struct series *s)
{
	free(s->slot);
	s->nslot = s->nslot ? 2 * s->nslot : 1024;
	s->slot = calloc(s->nslot, sizeof(*s->slot));
	if (!s->slot)
		abort();
	for (size_t i = 0; i < s->n; i++) {
		struct run *r = &s->r[i];
		size_t h = key_hash(r->kernel, r->round, r->config, r->window, r->cache) & (s->nslot - 1);

		while (s->slot[h])
			h = (h + 1) & (s->nslot - 1);
		s->slot[h] = i + 1;
	}
}

static struct run *run_of(struct series *s, const char *k, long round, const char *config,
			  long window, const char *cache)
{
	struct run *r;
	size_t h;

	if (2 * (s->n + 1) > s->nslot)
		slots_grow(s);
	h = key_hash(k, round, config, window, cache) & (s->nslot - 1);
	for (; s->slot[h]; h = (h + 1) & (s->nslot - 1))
		if (run_is(&s->r[s->slot[h] - 1], k, round, config, window, cache))
			return &s->r[s->slot[h] - 1];
	s->slot[h] = s->n + 1;
	s->r = grow(s->r, s->n + 1, sizeof(*s->r));
	r = memset(&s->r[s->n++], 0, sizeof(*r));
	snprintf(r->kernel, sizeof(r->kernel), "%s", k);
	snprintf(r->config, sizeof(r->config), "%s", config);
	snprintf(r->cache, sizeof(r->cache), "%s", cache);
	r->round = round;
	r->window = window;
	return r;
}

/* the bit of quantity q, and where its value goes (0: partial, 1: added,
 * 2: taken); -1 for a quantity not read here */
static int quantity_of(const char *q, unsigned *bit)
{
	static const char *const TAKEN[] = { "alloc_from_partial", "free_remove_partial" };

	*bit = 1;
	if (!strcmp(q, "partial"))
		return 0;
	for (int i = 0; i < ADD_PARTIAL_NPARTS; i++) {
		*bit <<= 1;
		if (!strcmp(q, ADD_PARTIAL_PARTS[i]))
			return 1;
	}
	for (size_t i = 0; i < N(TAKEN); i++) {
		*bit <<= 1;
		if (!strcmp(q, TAKEN[i]))
			return 2;
	}
	return -1;
}

/* a value at time t: added to the run's last sample when that is at t
 * (series_read refuses a quantity twice there), else to a new sample */
static void run_add(struct run *r, double t, unsigned bit, int slot, double v)
{
	struct series_point *p;

	if (!r->n || r->p[r->n - 1].t_ms != t) {
		if (r->n == r->cap) {
			r->cap = r->cap ? 2 * r->cap : 64;
			r->p = grow(r->p, r->cap, sizeof(*r->p));
			r->seen = grow(r->seen, r->cap, sizeof(*r->seen));
		}
		r->p[r->n] = (struct series_point){ .t_ms = t };
		r->seen[r->n++] = 0;
	}
	p = &r->p[r->n - 1];
	r->seen[r->n - 1] |= bit;
	*(slot == 0 ? &p->partial : slot == 1 ? &p->added : &p->taken) += v;
}

static void series_read(struct series *s, const char *path)
{
	static const char *const IN[] = { "kernel", "round", "config", "window", "vcpus",
					  "time_ms", "cache", "quantity", "value" };
	struct csv c;
	int k[N(IN)];

	csv_open_cols(&c, path, IN, N(IN), k);
	while (csv_next(&c)) {
		const char *kernel = c.fld[k[0]], *cache = c.fld[k[6]], *q = c.fld[k[7]];
		long round = (long)csv_num(&c, k[1]);
		double v = csv_num(&c, k[8]), t = csv_num(&c, k[5]);
		unsigned bit;
		int slot;

		if (!strcmp(q, "sample_ns")) {
			s->c = grow(s->c, s->nc + 1, sizeof(*s->c));
			snprintf(s->c[s->nc].kernel, sizeof(s->c[0].kernel), "%s", kernel);
			s->c[s->nc].round = round;
			s->c[s->nc++].ns = v;
			continue;
		}
		if ((slot = quantity_of(q, &bit)) < 0)
			continue;
		struct run *r = run_of(s, kernel, round, c.fld[k[2]], (long)csv_num(&c, k[3]), cache);
		if (r->n && t < r->p[r->n - 1].t_ms)
			csv_die(&c, c.lineno, "time_ms %g comes after %g in the same run: samples go in time order", t,
				r->p[r->n - 1].t_ms);
		if (r->n && r->p[r->n - 1].t_ms == t && (r->seen[r->n - 1] & bit))
			csv_die(&c, c.lineno, "a second %s at time_ms %g of the same run: a duplicated row", q, t);
		r->vcpus = *c.fld[k[4]] ? csv_num(&c, k[4]) : NAN;
		run_add(r, t, bit, slot, v);
	}
	csv_close(&c);
}

static double cost_of(const struct series *s, const char *kernel, long round)
{
	for (size_t i = 0; i < s->nc; i++)
		if (s->c[i].round == round && !strcmp(s->c[i].kernel, kernel))
			return s->c[i].ns;
	return NAN;
}

static void set_key(struct csv_out *o, const struct run *r)
{
	csv_set(o, "kernel", "%s", r->kernel);
	csv_set(o, "round", "%ld", r->round);
	csv_set(o, "config", "%s", r->config);
	csv_set(o, "window", "%ld", r->window);
	csv_set(o, "cache", "%s", r->cache);
}

static const char *const POINT_COLS[] = {
	"kernel", "round", "config", "window", "cache", "time_ms", "partial", "added_per_ms", "taken_per_ms",
};
static const char *const SUM_COLS[] = {
	"kernel", "round", "config", "window", "cache", "vcpus", "samples", "duration_ms", "partial_median",
	"partial_mean", "partial_max", "added_per_ms", "taken_per_ms", "sample_ns", "sampler_share_pct",
};

static void kernels_print(struct series *s, const char *baseline);

int series_print(const char *path, int summary, const char *baseline)
{
	struct series s = { 0 };
	struct csv_out o;

	series_read(&s, path);
	if (baseline) {
		kernels_print(&s, baseline);
		summary = 2; /* nothing more printed: the loop below frees */
	}
	if (summary < 2)
		csv_out_header(&o, summary ? SUM_COLS : POINT_COLS, summary ? N(SUM_COLS) : N(POINT_COLS));
	for (size_t i = 0; i < s.n; i++) {
		struct run *r = &s.r[i];
		struct series_summary m;

		if (summary == 2) {
			/* printed by kernels_print */
		} else if (!summary) {
			double *a = grow(NULL, r->n, sizeof(*a)), *t = grow(NULL, r->n, sizeof(*t));

			series_rates(r->p, r->n, a, t);
			for (size_t j = 0; j < r->n; j++) {
				set_key(&o, r);
				csv_setd(&o, "time_ms", r->p[j].t_ms);
				csv_setd(&o, "partial", r->p[j].partial);
				csv_setd(&o, "added_per_ms", a[j]);
				csv_setd(&o, "taken_per_ms", t[j]);
				csv_emit(&o);
			}
			free(a);
			free(t);
		} else if (!series_summarise(r->p, r->n, &m)) {
			double ns = cost_of(&s, r->kernel, r->round);

			set_key(&o, r);
			csv_setd(&o, "vcpus", r->vcpus);
			csv_set(&o, "samples", "%zu", m.samples);
			csv_setd(&o, "duration_ms", m.duration_ms);
			csv_setd(&o, "partial_median", m.partial_median);
			csv_setd(&o, "partial_mean", m.partial_mean);
			csv_setd(&o, "partial_max", m.partial_max);
			csv_setd(&o, "added_per_ms", m.added_per_ms);
			csv_setd(&o, "taken_per_ms", m.taken_per_ms);
			csv_setd(&o, "sample_ns", ns);
			csv_setd(&o, "sampler_share_pct", series_share_pct(m.samples, ns, m.duration_ms, r->vcpus));
			csv_emit(&o);
		}
		free(r->p);
		free(r->seen);
	}
	free(s.r);
	free(s.c);
	free(s.slot);
	return 0;
}

static const char *const KERNEL_COLS[] = {
	"kernel", "config", "window", "cache", "boots", "partial_mean", "partial_mean_min",
	"partial_mean_max", "added_per_ms", "baseline", "pairs", "added_ratio", "added_ratio_lo",
	"added_ratio_hi", "partial_ratio", "partial_ratio_lo", "partial_ratio_hi",
};

/* A run's group: kernel, configuration, window and cache (rounds apart). */
static int group_cmp(const struct run *a, const struct run *b)
{
	int c = strcmp(a->kernel, b->kernel);

	if (!c)
		c = strcmp(a->config, b->config);
	if (!c)
		c = (a->window > b->window) - (a->window < b->window);
	if (!c)
		c = strcmp(a->cache, b->cache);
	return c;
}

static const struct run *sort_base;

/* by group, then by round (unique within a group: run_of) */
static int by_group(const void *x, const void *y)
{
	const struct run *a = &sort_base[*(const size_t *)x], *b = &sort_base[*(const size_t *)y];
	int c = group_cmp(a, b);

	return c ? c : (a->round > b->round) - (a->round < b->round);
}

/* each run's summary, once */
struct sums {
	struct series_summary *m;
	int *ok;
};

/* The groups of the sorted runs: order[glo[g]..ghi[g]) is group g, by
 * round, and gof[i] the group of run i. */
struct groups_of {
	size_t *glo, *ghi, *gof, n;
};

static void groups_of_make(const struct series *s, const size_t *order, struct groups_of *g)
{
	size_t cap = s->n + 1;

	g->glo = grow(NULL, cap, sizeof(*g->glo));
	g->ghi = grow(NULL, cap, sizeof(*g->ghi));
	g->gof = grow(NULL, cap, sizeof(*g->gof));
	g->n = 0;
	for (size_t p = 0; p < s->n; p++) {
		if (!p || group_cmp(&s->r[order[p - 1]], &s->r[order[p]]))
			g->glo[g->n++] = p;
		g->ghi[g->n - 1] = p + 1;
		g->gof[order[p]] = g->n - 1;
	}
}

/* the group of kernel k with r's configuration, window and cache: its
 * runs order[*lo..*hi); 0 when there is none */
static int group_find(const struct series *s, const size_t *order, const struct groups_of *g,
		      const struct run *r, const char *k, size_t *lo, size_t *hi)
{
	struct run key = *r;
	size_t a = 0, b = s->n;

	snprintf(key.kernel, sizeof(key.kernel), "%s", k);
	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (group_cmp(&s->r[order[mid]], &key) < 0)
			a = mid + 1;
		else
			b = mid;
	}
	if (a == s->n || group_cmp(&s->r[order[a]], &key))
		return 0;
	*lo = a;
	*hi = g->ghi[g->gof[order[a]]];
	return 1;
}

/* the paired values of runs [a0, a1) and [b0, b1) of order[] (each by
 * round) from the same rounds where all four are > 0 (a list of 0 slabs
 * has no ratio), merged in one pass: the mean length over time (len = 1)
 * or slabs added per ms; the count, the same for both */
static size_t pair_runs(const struct series *s, const size_t *order, const struct sums *m, size_t a0, size_t a1,
			size_t b0, size_t b1, int len, double *x, double *y)
{
	size_t n = 0;

	while (a0 < a1 && b0 < b1) {
		size_t i = order[a0], j = order[b0];
		long ra = s->r[i].round, rb = s->r[j].round;

		if (ra != rb) {
			ra < rb ? a0++ : b0++;
			continue;
		}
		a0++, b0++;
		if (!m->ok[i] || !m->ok[j])
			continue;
		const struct series_summary *u = &m->m[i], *v = &m->m[j];

		/* both measures of both runs, or the round is not a pair */
		if (u->partial_mean > 0 && v->partial_mean > 0 && u->added_per_ms > 0 && v->added_per_ms > 0) {
			x[n] = len ? u->partial_mean : u->added_per_ms;
			y[n++] = len ? v->partial_mean : v->added_per_ms;
		}
	}
	return n;
}

/* Each kernel, configuration, window and cache, in the order of its first
 * run in the file: its runs' spread, and against the baseline's runs of the
 * same rounds, paired. Linear but for the sort: a file of many runs reports
 * in seconds. */
static void kernels_print(struct series *s, const char *baseline)
{
	struct csv_out o;
	size_t cap = s->n + 1;
	size_t *order = grow(NULL, cap, sizeof(*order));
	char *done = calloc(cap, 1);
	struct groups_of g;
	struct sums m = { grow(NULL, cap, sizeof(*m.m)), grow(NULL, cap, sizeof(*m.ok)) };
	double *ma = grow(NULL, cap, sizeof(*ma)), *aa = grow(NULL, cap, sizeof(*aa));
	double *x = grow(NULL, cap, sizeof(*x)), *y = grow(NULL, cap, sizeof(*y));

	if (!done)
		abort();
	for (size_t i = 0; i < s->n; i++) {
		order[i] = i;
		m.ok[i] = !series_summarise(s->r[i].p, s->r[i].n, &m.m[i]);
	}
	sort_base = s->r;
	qsort(order, s->n, sizeof(*order), by_group);
	groups_of_make(s, order, &g);
	csv_out_header(&o, KERNEL_COLS, N(KERNEL_COLS));
	for (size_t i = 0; i < s->n; i++) {
		struct run *r = &s->r[i];
		size_t lo = g.glo[g.gof[i]], hi = g.ghi[g.gof[i]], b0, b1, n = 0;
		struct summary sm;

		/* once per group: at its first run in the file */
		if (done[g.gof[i]])
			continue;
		done[g.gof[i]] = 1;
		for (size_t j = lo; j < hi; j++)
			if (m.ok[order[j]]) {
				ma[n] = m.m[order[j]].partial_mean;
				aa[n++] = m.m[order[j]].added_per_ms;
			}
		if (!n)
			continue;
		stats_summary(ma, n, &sm);
		csv_set(&o, "kernel", "%s", r->kernel);
		csv_set(&o, "config", "%s", r->config);
		csv_set(&o, "window", "%ld", r->window);
		csv_set(&o, "cache", "%s", r->cache);
		csv_set(&o, "boots", "%zu", n);
		csv_setd(&o, "partial_mean", sm.median);
		csv_setd(&o, "partial_mean_min", sm.min);
		csv_setd(&o, "partial_mean_max", sm.max);
		csv_setd(&o, "added_per_ms", stats_geomean(aa, n));
		csv_set(&o, "baseline", "%s", baseline);
		if (strcmp(r->kernel, baseline) && group_find(s, order, &g, r, baseline, &b0, &b1)) {
			size_t pairs = pair_runs(s, order, &m, lo, hi, b0, b1, 0, x, y);

			csv_set(&o, "pairs", "%zu", pairs);
			csv_set_paired_ratio(&o, "added_ratio", x, y, pairs);
			pair_runs(s, order, &m, lo, hi, b0, b1, 1, x, y);
			csv_set_paired_ratio(&o, "partial_ratio", x, y, pairs);
		}
		csv_emit(&o);
	}
	free(order), free(done), free(m.m), free(m.ok), free(ma), free(aa), free(x), free(y);
	free(g.glo), free(g.ghi), free(g.gof);
}

static const char *const PERT_COLS[] = {
	"kernel", "config", "cache", "counter", "pairs", "ratio", "ratio_lo", "ratio_hi",
};

int series_perturbation(const char *counters, const char *caches)
{
	struct groups with = { 0 }, without = { 0 };
	struct csv_out o;

	groups_read_counters(&with, counters, caches, "series");
	groups_read_counters(&without, counters, caches, "emulated");
	groups_derive(&with);
	groups_derive(&without);
	csv_out_header(&o, PERT_COLS, N(PERT_COLS));
	for (size_t i = 0; i < with.n; i++) {
		struct group *g = &with.g[i];
		struct group *b = groups_find_counter(&without, g->kernel, g->config, g->cache, g->counter, "emulated");
		struct pairs pr;
		size_t n;

		if (!b || !(n = groups_pair(g, b, &pr)))
			continue;
		csv_set(&o, "kernel", "%s", g->kernel);
		csv_set(&o, "config", "%s", g->config);
		csv_set(&o, "cache", "%s", g->cache);
		csv_set(&o, "counter", "%s", g->counter);
		csv_set(&o, "pairs", "%zu", n);
		/* one pair: its ratio, no interval */
		if (n == 1)
			csv_setd(&o, "ratio", pr.a[0] / pr.b[0]);
		else
			csv_set_paired_ratio(&o, "ratio", pr.a, pr.b, n);
		pairs_free(&pr);
		csv_emit(&o);
	}
	groups_free(&with);
	groups_free(&without);
	return 0;
}
