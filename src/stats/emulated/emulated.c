// SPDX-License-Identifier: GPL-2.0
/* The emulated counters' summaries: see emulated.h for each definition. */
#include "emulated.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "stats.h"
#include "emudata.h"
#include "emuratio.h"
#include "stats_groups.h"

#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

/* counts and their means: every digit (csv_setd keeps 6) */
static void set_count(struct csv_out *o, const char *name, double v)
{
	if (isnan(v))
		csv_setd(o, name, v);
	else
		csv_set(o, name, "%.12g", v);
}

static const char *const SUM_COLS[] = {
	"kernel", "config", "scope", "metric", "n", "mean", "min", "max", "spread_pct",
	"messages", "per_1000_messages", "vcpus", "baseline", "ratio", "lo", "hi", "bounds",
	"level", "family", "direction",
};

/* In the family Holm adjusts: every kernel's instructions, misses,
 * transfers and modelled cycles, all code counted, against the baseline
 * (emulated.h); accesses and where misses were served from are not. */
static int in_family(int s, int m)
{
	return s == 0 && (m == M_INSN || m == M_MISS || m == M_XFER || m == M_CYCLES);
}

/* The kernel's boots x[0..n-1] against the baseline's y[0..nb-1]
 * (emu_ratio: ratio, lo, hi, bounds, level) into o */
static void set_ratio(struct csv_out *o, const double *x, size_t n, const double *y, size_t nb,
		      double level)
{
	struct emu_ratio q;

	if (emu_ratio(x, n, y, nb, level, &q))
		return;
	csv_setd(o, "ratio", q.ratio);
	csv_setd(o, "lo", q.lo);
	csv_setd(o, "hi", q.hi);
	/* named by what it is: Holm-adjusted (its level beside it), the plain
	 * 95% interval, or the range over every pair of boots */
	csv_set(o, "bounds", "%s", !q.ci ? "range" : fabs(q.level - 0.95) > 1e-12 ? "holm" : "ci95");
	/* the one reading of bounds against 1 (stats_interval_order) */
	csv_set(o, "direction", "%s", (const char *[]){ "below", "within", "above" }[1 + stats_interval_order(1, 1, q.lo, q.hi)]);
	if (q.ci)
		csv_setd(o, "level", q.level);
}

int emulated_summary(const char *epath, const char *hpath, const char *baseline, struct restated *rs)
{
	struct emu e;
	struct groups hb = { 0 };
	struct csv_out o;
	double x[MAXBOOTS], y[MAXBOOTS], *p, *adj, *lev;
	size_t nf = 0, f, family;

	emu_read(&e, epath, rs);
	groups_read_times(&hb, hpath);
	/* Holm's levels over the family first (emulated.h) */
	p = malloc((size_t)(e.kernels.n * e.configs.n * NM + 1) * sizeof(*p));
	adj = malloc((size_t)(e.kernels.n * e.configs.n * NM + 1) * sizeof(*adj));
	lev = malloc((size_t)(e.kernels.n * e.configs.n * NM + 1) * sizeof(*lev));
	if (!p || !adj || !lev)
		abort();
	for (unsigned k = 0; k < e.kernels.n; k++)
		for (unsigned c = 0; c < e.configs.n; c++)
			for (int m = 0; m < NM; m++) {
				size_t n = emu_values(&e, k, c, 0, m, x), nb;

				if (!n || !in_family(0, m))
					continue;
				nb = emu_baseline_values(&e, baseline, c, 0, m, y);
				p[nf++] = baseline && strcmp(e.kernels.s[k], baseline) && nb ? emu_welch_p(x, n, y, nb) : NAN;
			}
	family = stats_holm(p, nf, 0.05, adj, lev);
	f = 0;
	csv_out_header(&o, SUM_COLS, N(SUM_COLS));
	for (unsigned k = 0; k < e.kernels.n; k++)
		for (unsigned c = 0; c < e.configs.n; c++)
			for (int s = 0; s < NSCOPE; s++)
				for (int m = 0; m < NM; m++) {
					size_t n = emu_values(&e, k, c, s, m, x), nb = 0;
					struct group *t = groups_find(&hb, e.kernels.s[k], e.configs.s[c], 0);
					double mean, min, max, msgs = t ? t->messages : NAN, level = 0.95;

					if (!n)
						continue;
					if (in_family(s, m)) {
						if (!isnan(lev[f])) {
							level = lev[f];
							csv_set(&o, "family", "%zu", family);
						}
						f++;
					}
					emu_range(x, n, &mean, &min, &max);
					csv_set(&o, "kernel", "%s", e.kernels.s[k]);
					csv_set(&o, "config", "%s", e.configs.s[c]);
					csv_set(&o, "scope", "%s", SCOPES[s]);
					csv_set(&o, "metric", "%s", METRICS[m]);
					csv_set(&o, "n", "%zu", n);
					set_count(&o, "mean", mean);
					set_count(&o, "min", min);
					set_count(&o, "max", max);
					csv_setd(&o, "spread_pct", mean > 0 ? 100 * (max - min) / mean : NAN);
					csv_setd(&o, "messages", msgs);
					set_count(&o, "per_1000_messages", 1000 * mean / msgs);
					csv_setd(&o, "vcpus", t && t->vcpus ? t->vcpus : NAN);
					if (baseline) {
						csv_set(&o, "baseline", "%s", baseline);
						nb = emu_baseline_values(&e, baseline, c, s, m, y);
					}
					if (nb)
						set_ratio(&o, x, n, y, nb, level);
					csv_emit(&o);
				}
	free(p);
	free(adj);
	free(lev);
	groups_free(&hb);
	emu_free(&e);
	return 0;
}

static const double *cmp_base;
static int by_desc(const void *a, const void *b)
{
	double x = cmp_base[*(const size_t *)a], y = cmp_base[*(const size_t *)b];

	return x < y ? 1 : x > y ? -1 : 0;
}

/* the header: the identity, then each metric and its per 1000 messages,
 * then the smallest and largest boot's transfers per 1000 messages (the
 * chart's whiskers: the range over the boots with the cache model) */
static const char *top_cols[6 + 2 * NM + 2];
static char top_names[NM][64];

static int top_header(void)
{
	static const char *const id[] = { "kernel", "config", "function", "boots", "cache_boots", "messages" };
	int n = 0;

	for (int i = 0; i < N(id); i++)
		top_cols[n++] = id[i];
	for (int m = 0; m < NM; m++)
		top_cols[n++] = METRICS[m];
	for (int m = 0; m < NM; m++) {
		snprintf(top_names[m], sizeof(top_names[m]), "%s_per_1000_messages", METRICS[m]);
		top_cols[n++] = top_names[m];
	}
	top_cols[n++] = "transfers_per_1000_messages_min";
	top_cols[n++] = "transfers_per_1000_messages_max";
	return n;
}

/* the smallest and largest of kernel k's boots (configuration c, those
 * that counted transfers) in xf[f * nboots + b], into lo and hi; 0 if none */
static int boot_range(const struct emu *e, const double *xf, size_t f, size_t k, size_t c, double *lo, double *hi)
{
	int any = 0;

	for (size_t b = 0; b < e->nboots; b++) {
		double x = xf[f * e->nboots + b];

		if (e->boots[b].k != k || e->boots[b].c != c || !emu_counted(e, b, M_XFER))
			continue;
		if (!any || x < *lo)
			*lo = x;
		if (!any || x > *hi)
			*hi = x;
		any = 1;
	}
	return any;
}

int emulated_top(const char *epath, const char *hpath, const char *config, unsigned limit, struct restated *rs)
{
	struct emu e;
	struct groups hb = { 0 };
	char name[64];
	struct csv_out o;
	size_t nk, nf, c, *order;
	double *mean, *key, *xf;
	unsigned *nboots;
	char *keep;

	emu_read(&e, epath, rs);
	groups_read_times(&hb, hpath);
	for (c = 0; c < e.configs.n; c++)
		if (!strcmp(e.configs.s[c], config))
			break;
	if (c == e.configs.n)
		csv_die(NULL, 0, "%s: no emulated counts of configuration %s", epath, config);
	nk = e.kernels.n;
	nf = e.funcs.n;
	mean = calloc(nk * nf * NM, sizeof(*mean));
	key = calloc(nf, sizeof(*key));
	order = calloc(nf, sizeof(*order));
	keep = calloc(nf, 1);
	nboots = calloc(nk * NM, sizeof(*nboots));
	xf = calloc(nf * (e.nboots ? e.nboots : 1), sizeof(*xf));   /* each function's transfers by boot */
	if (!mean || !key || !order || !keep || !nboots || !xf)
		abort();
	/* each metric's mean over the boots that counted it (emudata.h) */
	for (size_t b = 0; b < e.nboots; b++)
		if (e.boots[b].c == c)
			for (int m = 0; m < NM; m++)
				nboots[e.boots[b].k * NM + m] += (unsigned)emu_counted(&e, b, m);
	for (size_t i = 0; i < e.n; i++) {
		const struct row *r = &e.rows[i];
		double *mk = &mean[((size_t)r->k * nf + r->f) * NM];

		if (r->c != c)
			continue;
		if (!isnan(r->v[M_XFER]))
			xf[(size_t)r->f * e.nboots + r->boot] += r->v[M_XFER];
		for (int m = 0; m < NM; m++)
			if (!nboots[r->k * NM + m])
				mk[m] = NAN;
			else if (!isnan(r->v[m]))
				mk[m] += r->v[m] / nboots[r->k * NM + m];
	}
	/* each kernel's first functions by transfers, by instructions and by
	 * modelled cycles (NAN when not counted: then none) */
	for (size_t k = 0; k < nk; k++)
		for (int m = 0; m < NM; m++) {
			if ((m != M_XFER && m != M_INSN && m != M_CYCLES) || (m == M_CYCLES && !e.machine))
				continue;
			for (size_t f = 0; f < nf; f++) {
				order[f] = f;
				key[f] = mean[(k * nf + f) * NM + m];
			}
			cmp_base = key;
			qsort(order, nf, sizeof(*order), by_desc);
			for (size_t i = 0; i < nf && i < limit; i++)
				if (key[order[i]] > 0)   /* NAN: never */
					keep[order[i]] = 1;
		}
	csv_out_header(&o, top_cols, top_header());
	for (size_t f = 0; f < nf; f++) {
		if (!keep[f])
			continue;
		for (size_t k = 0; k < nk; k++) {
			struct group *t = groups_find(&hb, e.kernels.s[k], config, 0);
			double msgs = t ? t->messages : NAN;

			if (!nboots[k * NM + M_INSN])
				continue;
			csv_set(&o, "kernel", "%s", e.kernels.s[k]);
			csv_set(&o, "config", "%s", config);
			csv_set(&o, "function", "%s", e.funcs.s[f]);
			csv_set(&o, "boots", "%u", nboots[k * NM + M_INSN]);
			csv_set(&o, "cache_boots", "%u", nboots[k * NM + M_ACC]);
			csv_setd(&o, "messages", msgs);
			for (int m = 0; m < NM; m++) {
				set_count(&o, METRICS[m], mean[(k * nf + f) * NM + m]);
				snprintf(name, sizeof(name), "%s_per_1000_messages", METRICS[m]);
				set_count(&o, name, 1000 * mean[(k * nf + f) * NM + m] / msgs);
			}
			{
				double lo = 0, hi = 0;
				int any = boot_range(&e, xf, f, k, c, &lo, &hi);

				set_count(&o, "transfers_per_1000_messages_min", any ? 1000 * lo / msgs : NAN);
				set_count(&o, "transfers_per_1000_messages_max", any ? 1000 * hi / msgs : NAN);
			}
			csv_emit(&o);
		}
	}
	free(mean);
	free(key);
	free(order);
	free(keep);
	free(nboots);
	free(xf);
	groups_free(&hb);
	emu_free(&e);
	return 0;
}
