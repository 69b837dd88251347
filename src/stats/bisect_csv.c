// SPDX-License-Identifier: GPL-2.0
/* steps.csv (lib/rundir.sh's BISECT_HDR, bisect/run.sh: a boot a row) read
 * into the bisect's state (bisect.h):
 *   slubstats bisect STEPS_CSV --steps N [--factor F] [--max-boots M] [--end-boots E]
 *       each step measured: its boots, values, geometric mean and verdict
 *   ... --state
 *       what to do next: "state,next,lo,hi,good_edge,bad_edge,direction"
 *       (state: ends, ends-failed, no-regression, bisecting, found, bounded) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "csv.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define BISECT_MAX_STEPS 4096
#define BISECT_MAX_BOOTS 64

struct step {
	double v[BISECT_MAX_BOOTS];
	size_t n, failed;
};

static const char *const VERDICT[] = { "", "good", "bad", "unclear", "skip" };

static void read_steps(const char *path, struct step *s, int nsteps)
{
	static const char *const IN[] = { "step", "value", "result" };
	struct csv c;
	int k[N(IN)];

	csv_open_cols(&c, path, IN, N(IN), k);
	while (csv_next(&c)) {
		double st = csv_num(&c, k[0]);
		struct step *p;

		if (st < 0 || st >= nsteps || st != floor(st))
			csv_die(&c, c.lineno, "step %g is not one of 0..%d", st, nsteps - 1);
		p = &s[(int)st];
		if (p->n + p->failed >= BISECT_MAX_BOOTS)
			csv_die(&c, c.lineno, "more than %d boots of step %g", BISECT_MAX_BOOTS, st);
		if (!strcmp(c.fld[k[2]], "finished") && *c.fld[k[1]]) {
			double x = csv_num(&c, k[1]);

			/* the verdicts compare logarithms: a count of 0 or below has none */
			if (!(x > 0) || !isfinite(x))
				csv_die(&c, c.lineno, "value %s is not above 0: a bisect compares counts on the log scale (choose a metric this change moves from a non-zero count)", c.fld[k[1]]);
			p->v[p->n++] = x;
		} else
			p->failed++;
	}
	csv_close(&c);
}

static double geomean(const double *v, size_t n)
{
	double s = 0;

	for (size_t i = 0; i < n; i++)
		s += log(v[i]);
	return n ? exp(s / (double)n) : NAN;
}

int bisect_print(const char *path, int nsteps, double factor, size_t max_boots, size_t end_boots, int state)
{
	struct step *s;
	enum bisect_verdict *v;
	struct bisect_ends e = { 0 };
	const char *what = "bisecting";
	int next = -1, lo = 0, hi = nsteps - 1, last = nsteps - 1, have_ends;

	if (nsteps < 2 || nsteps > BISECT_MAX_STEPS) {
		fprintf(stderr, "slubstats: bisect: --steps %d: 2 to %d steps (0 and at least one change)\n", nsteps,
			BISECT_MAX_STEPS);
		return 2;
	}
	s = calloc((size_t)nsteps, sizeof(*s));
	v = calloc((size_t)nsteps, sizeof(*v));
	if (!s || !v)
		abort();
	read_steps(path, s, nsteps);
	/* the ends first: end_boots values each (a boot that gave none
	 * counts against max_boots) */
	if (s[0].n < end_boots && s[0].n + s[0].failed < max_boots)
		what = "ends", next = 0;
	else if (s[last].n < end_boots && s[last].n + s[last].failed < max_boots)
		what = "ends", next = last;
	else if (!s[0].n || !s[last].n)
		what = "ends-failed";
	have_ends = !bisect_ends(s[0].v, s[0].n, s[last].v, s[last].n, factor, &e);
	if (next < 0 && !strcmp(what, "bisecting") && !have_ends)
		what = "no-regression";
	if (have_ends) {
		v[0] = BV_GOOD, v[last] = BV_BAD;
		for (int i = 1; i < last; i++)
			v[i] = bisect_step(&e, s[i].v, s[i].n, s[i].failed, max_boots);
		if (!strcmp(what, "bisecting")) {
			next = bisect_next(v, nsteps, &lo, &hi);
			if (next < 0)
				what = hi == lo + 1 ? "found" : "bounded";
		}
	}
	if (state) {
		printf("state,next,lo,hi,good_edge,bad_edge,direction\n%s,", what);
		if (next >= 0)
			printf("%d", next);
		printf(",%d,%d,", lo, hi);
		if (have_ends)
			printf("%.6g,%.6g,%s", e.good_edge, e.bad_edge, e.up ? "up" : "down");
		else
			printf(",,");
		printf("\n");
	} else {
		printf("step,boots,failed,values,geomean,verdict\n");
		for (int i = 0; i < nsteps; i++) {
			if (!s[i].n && !s[i].failed)
				continue;
			printf("%d,%zu,%zu,", i, s[i].n + s[i].failed, s[i].failed);
			for (size_t j = 0; j < s[i].n; j++)
				printf("%s%.6g", j ? " " : "", s[i].v[j]);
			printf(",");
			if (s[i].n)
				printf("%.6g", geomean(s[i].v, s[i].n));
			/* ends that do not differ are ends, neither good nor bad */
			printf(",%s\n", have_ends ? VERDICT[v[i]] : i == 0 || i == last ? "end" : "");
		}
	}
	free(s);
	free(v);
	return 0;
}
