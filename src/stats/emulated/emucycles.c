// SPDX-License-Identifier: GPL-2.0
/* The cost model's view of a run's emulated counters: where each kernel's
 * modelled cycles go, how the ratio to the baseline moves when each price
 * is halved or doubled, and the share of spin-waiting. See emulated.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "emudata.h"
#include "emulated.h"
#include "stats_groups.h"

#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

/* the spin-waiting functions of list_lock and friends (x86-64, 6.1) */
static const char *const SPIN[] = {
	"native_queued_spin_lock_slowpath", "__pv_queued_spin_lock_slowpath", "queued_spin_lock_slowpath",
	"_raw_spin_lock", "_raw_spin_lock_irq", "_raw_spin_lock_irqsave", "_raw_spin_lock_bh",
};

static int is_spin(const char *f)
{
	for (int i = 0; i < N(SPIN); i++)
		if (!strcmp(f, SPIN[i]))
			return 1;
	return 0;
}

static const char *const CYC_COLS[] = {
	"kernel", "config", "machine", "kind", "name", "factor", "value", "baseline",
};

struct parts {
	double p[MAXBOOTS][CY_N];   /* each replicate's cycles by part, as stated */
	double spin_insns[MAXBOOTS], spin_cycles[MAXBOOTS];
};

/* whether replicate b is of kernel k in configuration c, with cycles */
static int mine(const struct emu *e, size_t b, unsigned k, unsigned c)
{
	return e->boots[b].k == k && e->boots[b].c == c && emu_counted(e, b, M_CYCLES);
}

/* the replicates of kernel k in configuration c, with every part scaled by
 * scale: their cycles into x; how many */
static size_t scaled(const struct emu *e, const struct parts *pt, unsigned k, unsigned c,
		     const double scale[CY_N], double *x)
{
	size_t n = 0;

	for (size_t b = 0; b < e->nboots; b++) {
		if (!mine(e, b, k, c))
			continue;
		x[n] = 0;
		for (int i = 0; i < CY_N; i++)
			x[n] += scale[i] * pt->p[b][i];
		n++;
	}
	return n;
}

static double geomean_ratio(const double *x, size_t n, const double *y, size_t nb)
{
	double lx = 0, ly = 0;

	for (size_t i = 0; i < n; i++)
		lx += log(x[i]) / (double)n;
	for (size_t j = 0; j < nb; j++)
		ly += log(y[j]) / (double)nb;
	return exp(lx - ly);
}

static void emit(struct csv_out *o, const struct emu *e, unsigned k, unsigned c, const char *kind,
		 const char *name, double factor, double value, const char *baseline)
{
	csv_set(o, "kernel", "%s", e->kernels.s[k]);
	csv_set(o, "config", "%s", e->configs.s[c]);
	csv_set(o, "machine", "%s", e->machine->name);
	csv_set(o, "kind", "%s", kind);
	csv_set(o, "name", "%s", name);
	csv_setd(o, "factor", factor);
	csv_setd(o, "value", value);
	if (baseline)
		csv_set(o, "baseline", "%s", baseline);
	csv_emit(o);
}

int emulated_cycles(const char *epath, const char *hpath, const char *baseline, struct restated *r)
{
	struct emu *e = malloc(sizeof(*e));
	struct parts *pt = calloc(1, sizeof(*pt));
	struct groups hb = { 0 };
	struct csv_out o;
	double x[MAXBOOTS], y[MAXBOOTS], one[CY_N];
	unsigned bk = 0;
	int have_base = 0;

	if (!e || !pt)
		abort();
	emu_read(e, epath, r);
	if (!e->machine)
		csv_die(NULL, 0, "%s: no machine recorded (counted before the machine model): no modelled cycles", epath);
	for (size_t i = 0; i < e->n; i++) {
		const struct row *r = &e->rows[i];
		double n[CY_N] = { r->v[M_INSN], r->v[M_L2], r->v[M_MEM], r->v[M_XDIE], r->v[M_XPKG], r->v[M_XSOCK] };
		double part[CY_N];

		cycles_of(&e->prices, n, part);
		for (int j = 0; j < CY_N; j++)
			pt->p[r->boot][j] += part[j];
		if (is_spin(e->funcs.s[r->f])) {
			pt->spin_insns[r->boot] += r->v[M_INSN];
			pt->spin_cycles[r->boot] += r->v[M_CYCLES];
		}
	}
	for (unsigned k = 0; baseline && k < e->kernels.n; k++)
		if (!strcmp(e->kernels.s[k], baseline)) {
			bk = k;
			have_base = 1;
		}
	groups_read_times(&hb, hpath);
	for (int i = 0; i < CY_N; i++)
		one[i] = 1;
	csv_out_header(&o, CYC_COLS, N(CYC_COLS));
	for (unsigned k = 0; k < e->kernels.n; k++)
		for (unsigned c = 0; c < e->configs.n; c++) {
			struct group *t = groups_find(&hb, e->kernels.s[k], e->configs.s[c], 0);
			double msgs = t ? t->messages : NAN, total = 0, si = 0, sc = 0;
			size_t n = 0, nb;

			for (size_t b = 0; b < e->nboots; b++)
				if (mine(e, b, k, c)) {
					n++;
					si += pt->spin_insns[b];
					sc += pt->spin_cycles[b];
					for (int i = 0; i < CY_N; i++)
						total += pt->p[b][i];
				}
			if (!n)
				continue;
			/* where the cycles go, per 1000 messages (mean over replicates) */
			for (int i = 0; i < CY_N; i++) {
				double s = 0;

				for (size_t b = 0; b < e->nboots; b++)
					if (mine(e, b, k, c))
						s += pt->p[b][i];
				emit(&o, e, k, c, "part", CY_PARTS[i], NAN, 1000 * s / (double)n / msgs, NULL);
			}
			emit(&o, e, k, c, "spin", "instructions", NAN, 1000 * si / (double)n / msgs, NULL);
			emit(&o, e, k, c, "spin", "cycles_share", NAN, total > 0 ? sc / total : NAN, NULL);
			if (!have_base || k == bk)
				continue;
			/* each price halved and doubled: the ratio of geometric means */
			n = scaled(e, pt, k, c, one, x);
			nb = scaled(e, pt, bk, c, one, y);
			if (!n || !nb)
				continue;
			emit(&o, e, k, c, "sensitivity", "as-stated", 1, geomean_ratio(x, n, y, nb), baseline);
			for (int i = 0; i < CY_N; i++)
				for (double f = 0.5; f <= 2; f *= 4) {
					double s[CY_N];

					for (int j = 0; j < CY_N; j++)
						s[j] = j == i ? f : 1;
					n = scaled(e, pt, k, c, s, x);
					nb = scaled(e, pt, bk, c, s, y);
					emit(&o, e, k, c, "sensitivity", CY_PARTS[i], f, geomean_ratio(x, n, y, nb), baseline);
				}
		}
	groups_free(&hb);
	emu_free(e);
	free(e);
	free(pt);
	return 0;
}
