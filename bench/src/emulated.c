// SPDX-License-Identifier: GPL-2.0
/* The emulated counters' summaries: see emulated.h for each definition. */
#include "emulated.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "stats.h"
#include "stats_groups.h"

#define NM 4
#define NSCOPE 3
#define MAXK 32
#define MAXC 16
#define MAXBOOTS 1024
#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

static const char *const METRICS[NM] = { "instructions", "accesses", "misses", "transfers" };
static const char *const SCOPES[NSCOPE] = { "all", "kernel", "user" };

/* names, interned in order of first appearance */
struct names {
	char **s;
	size_t n, cap;
	size_t *hash;   /* open addressing: index + 1, 0 empty */
	size_t hcap;
};

static size_t hash_str(const char *s)
{
	size_t h = 1469598103934665603u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211u;
	return h;
}

static size_t intern(struct names *t, const char *s)
{
	size_t i, j;

	if (t->n * 2 >= t->hcap) {
		size_t cap = t->hcap ? 2 * t->hcap : 1024;
		size_t *h = calloc(cap, sizeof(*h));

		if (!h)
			abort();
		for (i = 0; i < t->n; i++) {
			for (j = hash_str(t->s[i]) & (cap - 1); h[j]; j = (j + 1) & (cap - 1))
				;
			h[j] = i + 1;
		}
		free(t->hash);
		t->hash = h;
		t->hcap = cap;
	}
	for (j = hash_str(s) & (t->hcap - 1); t->hash[j]; j = (j + 1) & (t->hcap - 1))
		if (!strcmp(t->s[t->hash[j] - 1], s))
			return t->hash[j] - 1;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->s = realloc(t->s, t->cap * sizeof(*t->s));
		if (!t->s)
			abort();
	}
	t->s[t->n] = strdup(s);
	if (!t->s[t->n])
		abort();
	t->hash[j] = ++t->n;
	return t->n - 1;
}

static void names_free(struct names *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->hash);
}

struct row {
	unsigned k, c, f, boot;
	double v[NM];
};

/* a replicate: one boot's run of one configuration (its window) */
struct boot {
	unsigned k, c;
	long round;     /* groups_replicate's key: the round and the window */
	double sum[NSCOPE][NM];
};

struct emu {
	struct names kernels, configs, funcs;
	struct row *rows;
	size_t n, cap;
	struct boot boots[MAXBOOTS];
	size_t nboots;
};

enum { E_KERNEL, E_ROUND, E_CONFIG, E_FUNCTION, E_INSN, E_ACC, E_MISS, E_XFER, E_N };
static const char *const EMU_IN[E_N] = {
	"kernel", "round", "config", "function", "instructions", "accesses", "misses", "transfers",
};

static void emu_read(struct emu *e, const char *path)
{
	struct csv c;
	int col[E_N], kw;

	memset(e, 0, sizeof(*e));
	csv_open(&c, path);
	csv_cols(&c, EMU_IN, E_N, col);
	kw = csv_col_opt(&c, "window");
	while (csv_next(&c)) {
		struct row r;
		long round = groups_replicate(&c, col[E_ROUND], kw);
		const char *fn = c.fld[col[E_FUNCTION]];
		size_t b;
		int scope;

		r.k = (unsigned)intern(&e->kernels, c.fld[col[E_KERNEL]]);
		r.c = (unsigned)intern(&e->configs, c.fld[col[E_CONFIG]]);
		if (e->kernels.n > MAXK || e->configs.n > MAXC)
			csv_die(&c, c.lineno, "more than %d kernels or %d configurations", MAXK, MAXC);
		r.f = (unsigned)intern(&e->funcs, fn);
		for (int m = 0; m < NM; m++) {
			r.v[m] = csv_num(&c, col[E_INSN + m]);
			if (!(r.v[m] >= 0))
				csv_die(&c, c.lineno, "%s '%s' is not a count", METRICS[m], c.fld[col[E_INSN + m]]);
		}
		for (b = 0; b < e->nboots; b++)
			if (e->boots[b].k == r.k && e->boots[b].c == r.c && e->boots[b].round == round)
				break;
		if (b == e->nboots) {
			if (b == MAXBOOTS)
				csv_die(&c, c.lineno, "more than %d emulated runs (boots x windows)", MAXBOOTS);
			memset(&e->boots[b], 0, sizeof(e->boots[b]));
			e->boots[b].k = r.k;
			e->boots[b].c = r.c;
			e->boots[b].round = round;
			e->nboots++;
		}
		r.boot = (unsigned)b;
		scope = !strcmp(fn, "[user]") ? 2 : 1;
		for (int m = 0; m < NM; m++) {
			e->boots[b].sum[0][m] += r.v[m];
			e->boots[b].sum[scope][m] += r.v[m];
		}
		if (e->n == e->cap) {
			e->cap = e->cap ? 2 * e->cap : 4096;
			e->rows = realloc(e->rows, e->cap * sizeof(*e->rows));
			if (!e->rows)
				abort();
		}
		e->rows[e->n++] = r;
	}
	csv_close(&c);
	if (!e->nboots)
		csv_die(NULL, 0, "%s: no emulated counts", path);
}

static void emu_free(struct emu *e)
{
	names_free(&e->kernels);
	names_free(&e->configs);
	names_free(&e->funcs);
	free(e->rows);
}

/* the boots' values of kernel k, configuration c, scope s, metric m */
static size_t values(const struct emu *e, unsigned k, unsigned c, int s, int m, double *out)
{
	size_t n = 0;

	for (size_t b = 0; b < e->nboots; b++)
		if (e->boots[b].k == k && e->boots[b].c == c)
			out[n++] = e->boots[b].sum[s][m];
	return n;
}

static void range(const double *x, size_t n, double *mean, double *min, double *max)
{
	*mean = 0;
	*min = INFINITY;
	*max = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		*mean += x[i] / (double)n;
		*min = fmin(*min, x[i]);
		*max = fmax(*max, x[i]);
	}
}

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
	"level",
};

/* In the family Holm adjusts: every kernel's instructions, misses and
 * transfers, all code counted, against the baseline (emulated.h). */
static int in_family(int s, int m)
{
	return s == 0 && m != 1;
}

/* Welch's two-sided p of the logs, when an interval is given (else NAN). */
static double welch_p(const double *x, size_t n, const double *y, size_t nb)
{
	struct ratio q;

	for (size_t i = 0; i < n; i++)
		if (!(x[i] > 0))
			return NAN;
	for (size_t j = 0; j < nb; j++)
		if (!(y[j] > 0))
			return NAN;
	if (n < EMU_CI_MIN || nb < EMU_CI_MIN || stats_unpaired_ratio(x, n, y, nb, 0.95, &q))
		return NAN;
	return q.p;
}

/* The kernel's boots x[0..n-1] against the baseline's y[0..nb-1]: see
 * emulated.h (ratio, lo, hi, bounds). */
static void set_ratio(struct csv_out *o, const double *x, size_t n, const double *y, size_t nb,
		      double level)
{
	double lx = 0, ly = 0, lo = INFINITY, hi = -INFINITY;
	struct ratio q;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < nb; j++) {
			if (!(x[i] > 0) || !(y[j] > 0))
				return;
			lo = fmin(lo, x[i] / y[j]);
			hi = fmax(hi, x[i] / y[j]);
		}
	for (size_t i = 0; i < n; i++)
		lx += log(x[i]) / (double)n;
	for (size_t j = 0; j < nb; j++)
		ly += log(y[j]) / (double)nb;
	csv_setd(o, "ratio", exp(lx - ly));
	if (n >= EMU_CI_MIN && nb >= EMU_CI_MIN && !stats_unpaired_ratio(x, n, y, nb, level, &q)) {
		csv_setd(o, "lo", q.lo);
		csv_setd(o, "hi", q.hi);
		csv_set(o, "bounds", "ci95");
		csv_set(o, "level", "%.6g", level);
	} else {
		csv_setd(o, "lo", lo);
		csv_setd(o, "hi", hi);
		csv_set(o, "bounds", "range");
	}
}

/* the boots of kernel k's baseline in the same configuration, scope and
 * metric into y; how many (0 without a baseline in the run) */
static size_t baseline_values(const struct emu *e, const char *baseline, unsigned c, int s, int m,
			      double *y)
{
	for (unsigned bk = 0; baseline && bk < e->kernels.n; bk++)
		if (!strcmp(e->kernels.s[bk], baseline))
			return values(e, bk, c, s, m, y);
	return 0;
}

int emulated_summary(const char *epath, const char *hpath, const char *baseline)
{
	struct emu e;
	struct groups hb = { 0 };
	struct csv_out o;
	double x[MAXBOOTS], y[MAXBOOTS], *p, *adj, *lev;
	size_t nf = 0, f;

	emu_read(&e, epath);
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
				size_t n = values(&e, k, c, 0, m, x), nb;

				if (!n || !in_family(0, m))
					continue;
				nb = baseline_values(&e, baseline, c, 0, m, y);
				p[nf++] = baseline && strcmp(e.kernels.s[k], baseline) && nb ? welch_p(x, n, y, nb) : NAN;
			}
	stats_holm(p, nf, 0.05, adj, lev);
	f = 0;
	csv_out_header(&o, SUM_COLS, N(SUM_COLS));
	for (unsigned k = 0; k < e.kernels.n; k++)
		for (unsigned c = 0; c < e.configs.n; c++)
			for (int s = 0; s < NSCOPE; s++)
				for (int m = 0; m < NM; m++) {
					size_t n = values(&e, k, c, s, m, x), nb = 0;
					struct group *t = groups_find(&hb, e.kernels.s[k], e.configs.s[c], 0);
					double mean, min, max, msgs = t ? t->messages : NAN, level = 0.95;

					if (!n)
						continue;
					if (in_family(s, m)) {
						if (!isnan(lev[f]))
							level = lev[f];
						f++;
					}
					range(x, n, &mean, &min, &max);
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
						nb = baseline_values(&e, baseline, c, s, m, y);
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

static const char *const TOP_COLS[] = {
	"kernel", "config", "function", "boots", "messages", "instructions", "accesses", "misses",
	"transfers", "instructions_per_1000_messages", "accesses_per_1000_messages",
	"misses_per_1000_messages", "transfers_per_1000_messages",
};

int emulated_top(const char *epath, const char *hpath, const char *config, unsigned limit)
{
	struct emu e;
	struct groups hb = { 0 };
	char name[64];
	struct csv_out o;
	size_t nk, nf, c, *order;
	double *mean, *key;
	unsigned *nboots;
	char *keep;

	emu_read(&e, epath);
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
	nboots = calloc(nk, sizeof(*nboots));
	if (!mean || !key || !order || !keep || !nboots)
		abort();
	for (size_t b = 0; b < e.nboots; b++)
		if (e.boots[b].c == c)
			nboots[e.boots[b].k]++;
	for (size_t i = 0; i < e.n; i++) {
		const struct row *r = &e.rows[i];

		if (r->c != c)
			continue;
		for (int m = 0; m < NM; m++)
			mean[((size_t)r->k * nf + r->f) * NM + m] += r->v[m] / nboots[r->k];
	}
	/* each kernel's first functions by transfers (m 3), by instructions (m 0) */
	for (size_t k = 0; k < nk; k++)
		for (int m = 0; m <= 3; m += 3) {
			for (size_t f = 0; f < nf; f++) {
				order[f] = f;
				key[f] = mean[(k * nf + f) * NM + m];
			}
			cmp_base = key;
			qsort(order, nf, sizeof(*order), by_desc);
			for (size_t i = 0; i < nf && i < limit; i++)
				if (key[order[i]] > 0)
					keep[order[i]] = 1;
		}
	csv_out_header(&o, TOP_COLS, N(TOP_COLS));
	for (size_t f = 0; f < nf; f++) {
		if (!keep[f])
			continue;
		for (size_t k = 0; k < nk; k++) {
			struct group *t = groups_find(&hb, e.kernels.s[k], config, 0);
			double msgs = t ? t->messages : NAN;

			if (!nboots[k])
				continue;
			csv_set(&o, "kernel", "%s", e.kernels.s[k]);
			csv_set(&o, "config", "%s", config);
			csv_set(&o, "function", "%s", e.funcs.s[f]);
			csv_set(&o, "boots", "%u", nboots[k]);
			csv_setd(&o, "messages", msgs);
			for (int m = 0; m < NM; m++) {
				set_count(&o, METRICS[m], mean[(k * nf + f) * NM + m]);
				snprintf(name, sizeof(name), "%s_per_1000_messages", METRICS[m]);
				set_count(&o, name, 1000 * mean[(k * nf + f) * NM + m] / msgs);
			}
			csv_emit(&o);
		}
	}
	free(mean);
	free(key);
	free(order);
	free(keep);
	free(nboots);
	groups_free(&hb);
	emu_free(&e);
	return 0;
}
