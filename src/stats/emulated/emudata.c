// SPDX-License-Identifier: GPL-2.0
/* The emulated counters of a run, read: see emudata.h. */
#include "emudata.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "stats_groups.h"

const char *const METRICS[NM] = {
	"instructions", "accesses", "misses", "transfers", "l2_hits", "memory",
	"transfers_die", "transfers_package", "transfers_socket", "cycles",
};
const char *const SCOPES[NSCOPE] = { "all", "kernel", "user" };

static size_t hash_str(const char *s)
{
	size_t h = 1469598103934665603u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211u;
	return h;
}

size_t intern(struct names *t, const char *s)
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

void names_free(struct names *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->hash);
}

/* emulated.csv's columns read: the identity, then the counts by METRICS
 * order (the first NREQUIRED required, the rest optional) */
enum { E_KERNEL, E_ROUND, E_CONFIG, E_FUNCTION, E_N };
static const char *const EMU_IN[E_N] = { "kernel", "round", "config", "function" };

/* the run's one machine (the column, empty before the machine model) */
static void read_machine(struct emu *e, const struct csv *c, int col, struct restated *r)
{
	const char *name = col >= 0 ? c->fld[col] : "";
	const struct machine *m = *name ? machine_find(name) : NULL;

	if (*name && !m)
		csv_die(c, c->lineno, "machine '%s' is not one of emu/src/machines.h", name);
	if (c->lineno > 2 && m != e->machine)
		csv_die(c, c->lineno, "machine '%s' where earlier rows had '%s': one run, one machine", name,
			e->machine ? e->machine->name : "");
	if (m && !e->machine) {
		machine_restated(&e->priced, m, r);
		cycles_prices(&e->priced, NULL, &e->prices);
	}
	e->machine = m;
}

void emu_read(struct emu *e, const char *path, struct restated *rs)
{
	struct csv c;
	int col[E_N], kc[NCOUNT], kw, km;

	memset(e, 0, sizeof(*e));
	csv_open_cols(&c, path, EMU_IN, E_N, col);
	csv_cols(&c, METRICS, NREQUIRED, kc);
	for (int m = NREQUIRED; m < NCOUNT; m++)
		kc[m] = csv_col_opt(&c, METRICS[m]);
	kw = csv_col_opt(&c, "window");
	km = csv_col_opt(&c, "machine");
	while (csv_next(&c)) {
		struct row r;
		long round = groups_replicate(&c, col[E_ROUND], kw);
		const char *fn = c.fld[col[E_FUNCTION]];
		double n[CY_N];
		size_t b;
		int scope;

		read_machine(e, &c, km, rs);
		r.k = (unsigned)intern(&e->kernels, c.fld[col[E_KERNEL]]);
		r.c = (unsigned)intern(&e->configs, c.fld[col[E_CONFIG]]);
		if (e->kernels.n > MAXK || e->configs.n > MAXC)
			csv_die(&c, c.lineno, "more than %d kernels or %d configurations", MAXK, MAXC);
		r.f = (unsigned)intern(&e->funcs, fn);
		for (int m = 0; m < NCOUNT; m++) {
			if (kc[m] < 0 || !c.fld[kc[m]][0]) {
				if (m < NREQUIRED)
					csv_die(&c, c.lineno, "%s is empty", METRICS[m]);
				r.v[m] = NAN;
				continue;
			}
			r.v[m] = csv_num(&c, kc[m]);
			if (!(r.v[m] >= 0))
				csv_die(&c, c.lineno, "%s '%s' is not a count", METRICS[m], c.fld[kc[m]]);
		}
		/* the cache model's first three counts come together, or none */
		if (isnan(r.v[M_ACC]) != isnan(r.v[M_MISS]) || isnan(r.v[M_ACC]) != isnan(r.v[M_XFER]))
			csv_die(&c, c.lineno, "accesses, misses and transfers: give all three or none (cache=off)");
		/* the cycles of the row: every count the model prices, on the machine */
		n[CY_INSNS] = r.v[M_INSN];
		n[CY_L2] = r.v[M_L2];
		n[CY_MEM] = r.v[M_MEM];
		n[CY_XDIE] = r.v[M_XDIE];
		n[CY_XPKG] = r.v[M_XPKG];
		n[CY_XSOCK] = r.v[M_XSOCK];
		r.v[M_CYCLES] = e->machine ? cycles_of(&e->prices, n, NULL) : NAN;
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
		} else {
			for (int m = 0; m < NCOUNT; m++)
				if (isnan(r.v[m]) != !emu_counted(e, b, m))
					csv_die(&c, c.lineno,
						"%s is %s here and %s in this window's earlier rows: a window is counted whole or not at all",
						METRICS[m], isnan(r.v[m]) ? "empty" : "counted",
						isnan(r.v[m]) ? "counted" : "empty");
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

void emu_free(struct emu *e)
{
	names_free(&e->kernels);
	names_free(&e->configs);
	names_free(&e->funcs);
	free(e->rows);
}

int emu_counted(const struct emu *e, size_t b, int m)
{
	return !isnan(e->boots[b].sum[0][m]);
}

static int by_value(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

size_t emu_values(const struct emu *e, unsigned k, unsigned c, int s, int m, double *out)
{
	size_t n = 0;

	for (size_t b = 0; b < e->nboots; b++)
		if (e->boots[b].k == k && e->boots[b].c == c && emu_counted(e, b, m))
			out[n++] = e->boots[b].sum[s][m];
	/* ascending: the boots' values are unpaired, and summed in one order
	 * they give the same figures whatever order the rows came in */
	qsort(out, n, sizeof(*out), by_value);
	return n;
}

size_t emu_baseline_values(const struct emu *e, const char *baseline, unsigned c, int s, int m, double *y)
{
	for (unsigned bk = 0; baseline && bk < e->kernels.n; bk++)
		if (!strcmp(e->kernels.s[bk], baseline))
			return emu_values(e, bk, c, s, m, y);
	return 0;
}
