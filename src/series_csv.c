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
};

static void *grow(void *p, size_t n, size_t size)
{
	p = realloc(p, n * size);
	if (!p)
		abort();
	return p;
}

static struct run *run_of(struct series *s, const char *k, long round, const char *config,
			  long window, const char *cache)
{
	struct run *r;

	for (size_t i = s->n; i-- > 0;) {
		r = &s->r[i];
		if (r->round == round && r->window == window && !strcmp(r->kernel, k) &&
		    !strcmp(r->config, config) && !strcmp(r->cache, cache))
			return r;
	}
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

/* a value at time t: added to the run's last sample when that is at t and
 * lacks the quantity, else to a new sample */
static void run_add(struct run *r, double t, unsigned bit, int slot, double v)
{
	struct series_point *p;

	if (!r->n || r->p[r->n - 1].t_ms != t || (r->seen[r->n - 1] & bit)) {
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
	return 0;
}

static const char *const KERNEL_COLS[] = {
	"kernel", "config", "window", "cache", "boots", "partial_mean", "partial_mean_min",
	"partial_mean_max", "added_per_ms", "baseline", "pairs", "added_ratio", "added_ratio_lo",
	"added_ratio_hi", "partial_ratio", "partial_ratio_lo", "partial_ratio_hi",
};

/* the summaries of the runs like r (kernel k, same configuration, window
 * and cache), by round: the mean length over time in len[], slabs added
 * per ms in add[], each run's round in rounds[] */
static size_t runs_like(struct series *s, const struct run *r, const char *k, long *rounds,
			double *len, double *add)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++) {
		struct run *o = &s->r[i];
		struct series_summary m;

		if (strcmp(o->kernel, k) || strcmp(o->config, r->config) || o->window != r->window ||
		    strcmp(o->cache, r->cache) || series_summarise(o->p, o->n, &m))
			continue;
		rounds[n] = o->round;
		len[n] = m.partial_mean;
		add[n++] = m.added_per_ms;
	}
	return n;
}

/* the paired ratio of a over b where their rounds match, into o's columns */
static void set_paired(struct csv_out *o, const char *col, const long *ra, const double *a, size_t na,
		       const long *rb, const double *b, size_t nb, size_t *pairs)
{
	double *x = grow(NULL, na + 1, sizeof(*x)), *y = grow(NULL, na + 1, sizeof(*y));
	size_t n = 0;

	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			if (ra[i] == rb[j] && a[i] > 0 && b[j] > 0) {
				x[n] = a[i];
				y[n++] = b[j];
			}
	*pairs = n;
	csv_set_paired_ratio(o, col, x, y, n);
	free(x);
	free(y);
}

static void kernels_print(struct series *s, const char *baseline)
{
	struct csv_out o;
	size_t cap = s->n + 1;
	long *ra = grow(NULL, cap, sizeof(*ra)), *rb = grow(NULL, cap, sizeof(*rb));
	double *ma = grow(NULL, cap, sizeof(*ma)), *aa = grow(NULL, cap, sizeof(*aa));
	double *mb = grow(NULL, cap, sizeof(*mb)), *ab = grow(NULL, cap, sizeof(*ab));

	csv_out_header(&o, KERNEL_COLS, N(KERNEL_COLS));
	for (size_t i = 0; i < s->n; i++) {
		struct run *r = &s->r[i];
		size_t n, nb, pairs, first = 1;
		struct summary sm;

		/* once per kernel, configuration, window and cache: at its first run */
		for (size_t j = 0; j < i && first; j++)
			first = strcmp(s->r[j].kernel, r->kernel) || strcmp(s->r[j].config, r->config) ||
				s->r[j].window != r->window || strcmp(s->r[j].cache, r->cache);
		if (!first || !(n = runs_like(s, r, r->kernel, ra, ma, aa)))
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
		double la = 0;
		for (size_t j = 0; j < n; j++)
			la += log(aa[j]);
		csv_setd(&o, "added_per_ms", exp(la / (double)n));
		csv_set(&o, "baseline", "%s", baseline);
		if (strcmp(r->kernel, baseline) && (nb = runs_like(s, r, baseline, rb, mb, ab))) {
			set_paired(&o, "added_ratio", ra, aa, n, rb, ab, nb, &pairs);
			set_paired(&o, "partial_ratio", ra, ma, n, rb, mb, nb, &pairs);
			csv_set(&o, "pairs", "%zu", pairs);
		}
		csv_emit(&o);
	}
	free(ra), free(rb), free(ma), free(aa), free(mb), free(ab);
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
