// SPDX-License-Identifier: GPL-2.0
/* slubstats: the numbers of slubbench's report, from a run's tidy CSVs.
 *
 *   slubstats times HACKBENCH_CSV [--baseline K] [--seed N] [--reps N]
 *       per kernel and configuration: n, min, median, mean, sd, CoV, max,
 *       95% CI of the mean (Student t, with sqrt(n)); against the baseline
 *       kernel: ratio of medians with a bootstrap 95% CI, %change and its
 *       direction, Welch's t and Mann-Whitney U p-values, significance.
 *   slubstats mechanism COUNTERS_CSV HACKBENCH_CSV
 *       per kernel, configuration, cache (skbuff_head_cache, kmalloc-512,
 *       and "all" caches summed) and counter: median over rounds, and per
 *       1000 hackbench messages (groups x fds x fds x loops).
 *
 * CSV on stdout. Bad input: "slubstats: FILE: line N: ..." and exit 1.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

#define MAXF 32
#define MAXK 64

static const char *cur_file;

static void die(long line, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

static void die(long line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "slubstats: %s: ", cur_file ? cur_file : "-");
	if (line > 0)
		fprintf(stderr, "line %ld: ", line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die(0, "out of memory");
	return p;
}

/* ---- a tiny CSV reader: no quoting (the parsers never write any) ------- */

struct csv {
	FILE *f;
	char *line;
	size_t cap;
	long lineno;
	char *hdr[MAXF], *fld[MAXF];
	int nhdr, nfld;
	char *hdrbuf;
};

static int split(char *s, char **f)
{
	int n = 0;

	for (;;) {
		if (n == MAXF)
			return -1;
		f[n++] = s;
		s = strchr(s, ',');
		if (!s)
			return n;
		*s++ = '\0';
	}
}

static int csv_next(struct csv *c)
{
	ssize_t len = getline(&c->line, &c->cap, c->f);

	if (len < 0)
		return 0;
	c->lineno++;
	if (len > 0 && c->line[len - 1] == '\n')
		c->line[--len] = '\0';
	c->nfld = split(c->line, c->fld);
	if (c->nfld != c->nhdr)
		die(c->lineno, "%d fields, the header has %d", c->nfld, c->nhdr);
	return 1;
}

static void csv_open(struct csv *c, const char *path)
{
	memset(c, 0, sizeof(*c));
	cur_file = path;
	c->f = fopen(path, "r");
	if (!c->f)
		die(0, "cannot open it");
	if (getline(&c->line, &c->cap, c->f) < 0)
		die(1, "empty file: no header");
	c->lineno = 1;
	c->line[strcspn(c->line, "\n")] = '\0';
	c->hdrbuf = strdup(c->line);
	c->nhdr = split(c->hdrbuf, c->hdr);
	if (c->nhdr < 0)
		die(1, "too many columns");
}

static int col(struct csv *c, const char *name)
{
	for (int i = 0; i < c->nhdr; i++)
		if (!strcmp(c->hdr[i], name))
			return i;
	die(1, "no column '%s'", name);
}

static void csv_close(struct csv *c)
{
	fclose(c->f);
	free(c->line);
	free(c->hdrbuf);
}

static double num(struct csv *c, int i)
{
	char *end;
	double v = strtod(c->fld[i], &end);

	if (end == c->fld[i] || *end || !isfinite(v))
		die(c->lineno, "%s '%s' is not a number", c->hdr[i], c->fld[i]);
	return v;
}

/* ---- groups of values ---------------------------------------------------- */

struct group {
	char key[256];
	char kernel[64], config[64], info[192];
	double *v;
	long *round;
	size_t n, cap, failed;
	double messages;
};

struct groups {
	struct group *g;
	size_t n;
	char kernels[MAXK][64];
	int nk;
};

static struct group *find(struct groups *gs, const char *key)
{
	for (size_t i = 0; i < gs->n; i++)
		if (!strcmp(gs->g[i].key, key))
			return &gs->g[i];
	gs->g = xrealloc(gs->g, (gs->n + 1) * sizeof(*gs->g));
	memset(&gs->g[gs->n], 0, sizeof(*gs->g));
	snprintf(gs->g[gs->n].key, sizeof(gs->g[gs->n].key), "%s", key);
	return &gs->g[gs->n++];
}

static void add(struct group *g, double v, long round)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 16;
		g->v = xrealloc(g->v, g->cap * sizeof(*g->v));
		g->round = xrealloc(g->round, g->cap * sizeof(*g->round));
	}
	g->v[g->n] = v;
	g->round[g->n++] = round;
}

static void note_kernel(struct groups *gs, const char *k)
{
	for (int i = 0; i < gs->nk; i++)
		if (!strcmp(gs->kernels[i], k))
			return;
	if (gs->nk == MAXK)
		die(0, "more than %d kernels", MAXK);
	snprintf(gs->kernels[gs->nk++], 64, "%s", k);
}

static void pnum(double v)
{
	if (isnan(v))
		fputs(",", stdout);
	else
		printf(",%.6g", v);
}

/* ---- times ------------------------------------------------------------------ */

static int cmd_times(const char *path, const char *baseline, unsigned long seed,
		     size_t reps)
{
	struct csv c;
	struct groups gs = { 0 };
	int ck, cc, ckind, cst, csec, cmode, cunit, cg, cl, cf, cd;
	char key[256];

	csv_open(&c, path);
	ck = col(&c, "kernel");
	cc = col(&c, "config");
	ckind = col(&c, "kind");
	cst = col(&c, "status");
	csec = col(&c, "seconds");
	cmode = col(&c, "mode");
	cunit = col(&c, "unit");
	cg = col(&c, "groups");
	cl = col(&c, "loops");
	cf = col(&c, "fds");
	cd = col(&c, "datasize");
	while (csv_next(&c)) {
		struct group *g;

		if (strcmp(c.fld[ckind], "timed"))
			continue;
		note_kernel(&gs, c.fld[ck]);
		snprintf(key, sizeof(key), "%s|%s", c.fld[ck], c.fld[cc]);
		g = find(&gs, key);
		snprintf(g->kernel, sizeof(g->kernel), "%s", c.fld[ck]);
		snprintf(g->config, sizeof(g->config), "%s", c.fld[cc]);
		if (c.fld[cmode][0])
			snprintf(g->info, sizeof(g->info), "%s,%s,%s,%s,%s,%s",
				 c.fld[cmode], c.fld[cunit], c.fld[cg], c.fld[cl],
				 c.fld[cf], c.fld[cd]);
		if (strcmp(c.fld[cst], "ok")) {
			g->failed++;
			continue;
		}
		add(g, num(&c, csec), 0);
	}
	csv_close(&c);
	if (gs.n == 0)
		die(0, "no timed runs");

	printf("kernel,config,mode,unit,groups,loops,fds,datasize,n,failed,min,q1,median,q3,mean,sd,cov_pct,max,ci95_lo,ci95_hi,"
	       "baseline,ratio,ratio_ci_lo,ratio_ci_hi,change_pct,direction,welch_t,welch_df,welch_p,mwu_u,mwu_p,significant,note\n");
	for (size_t i = 0; i < gs.n; i++) {
		struct group *g = &gs.g[i], *b;
		struct summary s;
		double t, df, u, pw, pu, lo = NAN, hi = NAN, ratio;
		const char *note = "";

		printf("%s,%s,%s,%zu,%zu", g->kernel, g->config,
		       g->info[0] ? g->info : ",,,,,", g->n, g->failed);
		if (g->n == 0) {
			printf(",,,,,,,,,,,%s,,,,,,,,,,,,no successful runs\n", baseline);
			continue;
		}
		stats_summary(g->v, g->n, &s);
		pnum(s.min);
		pnum(s.q1);
		pnum(s.median);
		pnum(s.q3);
		pnum(s.mean);
		pnum(s.sd);
		pnum(s.cov_pct);
		pnum(s.max);
		pnum(s.ci_lo);
		pnum(s.ci_hi);
		snprintf(key, sizeof(key), "%s|%s", baseline, g->config);
		b = NULL;
		for (size_t j = 0; j < gs.n; j++)
			if (!strcmp(gs.g[j].key, key))
				b = &gs.g[j];
		printf(",%s", baseline);
		if (!b || b->n == 0) {
			printf(",,,,,,,,,,,,no baseline runs\n");
			continue;
		}
		if (b == g) {
			printf(",1,,,0,baseline,,,,,,,\n");
			continue;
		}
		ratio = s.median / stats_median(b->v, b->n);
		if (stats_bootstrap_ratio(g->v, g->n, b->v, b->n, seed, reps, &lo, &hi))
			lo = hi = NAN;
		pw = stats_welch(g->v, g->n, b->v, b->n, &t, &df);
		pu = stats_mann_whitney(g->v, g->n, b->v, b->n, &u);
		if (g->n < 3 || b->n < 3) {
			pw = pu = NAN;
			note = "n<3: no p-value";
		}
		pnum(ratio);
		pnum(lo);
		pnum(hi);
		pnum(100 * (ratio - 1));
		printf(",%s", ratio > 1 ? "slower" : ratio < 1 ? "faster" : "same");
		pnum(t);
		pnum(df);
		pnum(pw);
		pnum(u);
		pnum(pu);
		printf(",%s,%s\n",
		       !isnan(lo) && g->n >= 3 && b->n >= 3 && (lo > 1 || hi < 1) ? "yes" : "no",
		       note);
	}
	return 0;
}

/* ---- mechanism ------------------------------------------------------------- */

static const char *const CACHES[] = { "skbuff_head_cache", "kmalloc-512" };

/* value of counter in round r (SLUB shows only counters that moved: a
 * missing one is 0) */
static double at(struct groups *gs, const struct group *base, const char *counter,
		 long r)
{
	char key[256];
	const char *cache = base->info;
	size_t cl = strcspn(cache, ",");

	snprintf(key, sizeof(key), "%s|%s|%.*s|%s|timed", base->kernel, base->config,
		 (int)cl, cache, counter);
	for (size_t i = 0; i < gs->n; i++) {
		if (strcmp(gs->g[i].key, key))
			continue;
		for (size_t k = 0; k < gs->g[i].n; k++)
			if (gs->g[i].round[k] == r)
				return gs->g[i].v[k];
	}
	return 0;
}

/* Derived, per round, from the SLUB statistics of the timed runs:
 *   add_partial = free_add_partial + deactivate_to_head + deactivate_to_tail
 *   objects_per_partial_visit = (alloc_fastpath + alloc_slowpath) / alloc_from_partial
 */
static void derive(struct groups *gs)
{
	size_t n0 = gs->n;

	for (size_t i = 0; i < n0; i++) {
		char key[256], cache[96];
		struct group *d, *base;
		size_t n;

		if (!strstr(gs->g[i].key, "|alloc_fastpath|timed"))
			continue;
		snprintf(cache, sizeof(cache), "%.*s", (int)strcspn(gs->g[i].info, ","),
			 gs->g[i].info);
		for (int m = 0; m < 2; m++) {
			const char *name = m ? "objects_per_partial_visit" : "add_partial";

			snprintf(key, sizeof(key), "%s|%s|%s|%s|timed", gs->g[i].kernel,
				 gs->g[i].config, cache, name);
			d = find(gs, key); /* may move gs->g */
			base = &gs->g[i];
			snprintf(d->kernel, sizeof(d->kernel), "%s", base->kernel);
			snprintf(d->config, sizeof(d->config), "%s", base->config);
			snprintf(d->info, sizeof(d->info), "%s,%s", cache, name);
			n = base->n;
			for (size_t k = 0; k < n; k++) {
				long r = gs->g[i].round[k];
				double v;

				base = &gs->g[i];
				if (m == 0) {
					v = at(gs, base, "free_add_partial", r) +
					    at(gs, base, "deactivate_to_head", r) +
					    at(gs, base, "deactivate_to_tail", r);
				} else {
					double visits = at(gs, base, "alloc_from_partial", r);

					if (visits == 0)
						continue;
					v = (at(gs, base, "alloc_fastpath", r) +
					     at(gs, base, "alloc_slowpath", r)) / visits;
				}
				d = find(gs, key);
				add(d, v, r);
			}
		}
	}
}

static int cmd_mechanism(const char *cpath, const char *hpath)
{
	struct csv c;
	struct groups gs = { 0 }, msgs = { 0 };
	char key[256];
	int ck, cr, cc, ckind, csrc, ccache, cctr, cv;

	/* messages per kernel|round|config|kind, from the hackbench runs */
	csv_open(&c, hpath);
	{
		int hk = col(&c, "kernel"), hc = col(&c, "config"),
		    hg = col(&c, "groups"), hf = col(&c, "fds"),
		    hl = col(&c, "loops");

		while (csv_next(&c)) {
			if (!c.fld[hg][0])
				continue;
			/* a configuration's messages are the same in every run of it */
			snprintf(key, sizeof(key), "%s|%s", c.fld[hk], c.fld[hc]);
			struct group *g = find(&msgs, key);

			g->messages = num(&c, hg) * num(&c, hf) * num(&c, hf) * num(&c, hl);
		}
	}
	csv_close(&c);

	csv_open(&c, cpath);
	ck = col(&c, "kernel");
	cr = col(&c, "round");
	cc = col(&c, "config");
	ckind = col(&c, "kind");
	csrc = col(&c, "source");
	ccache = col(&c, "cache");
	cctr = col(&c, "counter");
	cv = col(&c, "value");
	while (csv_next(&c)) {
		const char *cache = c.fld[ccache], *kind = c.fld[ckind];
		long round = (long)num(&c, cr);
		double v = num(&c, cv);
		int wanted = !strcmp(cache, "all");
		struct group *g;

		/* SLUB statistics from the timed runs, perf's from the count runs */
		if (strcmp(c.fld[csrc], "slub") == 0 ? strcmp(kind, "timed") != 0
						       : strcmp(kind, "count") != 0)
			continue;
		for (size_t i = 0; i < sizeof(CACHES) / sizeof(*CACHES); i++)
			wanted |= !strcmp(cache, CACHES[i]);
		note_kernel(&gs, c.fld[ck]);
		for (int pass = 0; pass < 2; pass++) {
			const char *as = pass ? "all" : cache;

			if (pass == 0 && !wanted)
				continue;
			if (pass == 1 && (strcmp(c.fld[csrc], "slub") || !strcmp(cache, "all")))
				continue;
			snprintf(key, sizeof(key), "%s|%s|%s|%s|%s", c.fld[ck], c.fld[cc],
				 as, c.fld[cctr], kind);
			g = find(&gs, key);
			snprintf(g->kernel, sizeof(g->kernel), "%s", c.fld[ck]);
			snprintf(g->config, sizeof(g->config), "%s", c.fld[cc]);
			snprintf(g->info, sizeof(g->info), "%s,%s", as, c.fld[cctr]);
			/* sum per round: values of one round are added up */
			if (g->n && g->round[g->n - 1] == round)
				g->v[g->n - 1] += v;
			else {
				size_t k;

				for (k = 0; k < g->n && g->round[k] != round; k++)
					;
				if (k < g->n)
					g->v[k] += v;
				else
					add(g, v, round);
			}
		}
	}
	csv_close(&c);

	derive(&gs);
	printf("kernel,config,messages,cache,counter,n,median,min,max,per_1000_messages,mean,sd\n");
	for (size_t i = 0; i < gs.n; i++) {
		struct group *g = &gs.g[i], *m;
		struct summary s;
		double messages;

		snprintf(key, sizeof(key), "%s|%s", g->kernel, g->config);
		m = NULL;
		for (size_t j = 0; j < msgs.n; j++)
			if (!strcmp(msgs.g[j].key, key))
				m = &msgs.g[j];
		messages = m ? m->messages : NAN;
		stats_summary(g->v, g->n, &s);
		printf("%s,%s,%.0f,%s,%zu", g->kernel, g->config, messages, g->info, g->n);
		pnum(s.median);
		pnum(s.min);
		pnum(s.max);
		/* a ratio per visit is not a count: no per-message figure */
		pnum(m && !strstr(g->info, ",objects_per_partial_visit") ?
			     1000 * s.median / messages : NAN);
		pnum(s.mean);
		pnum(s.sd);
		putchar('\n');
	}
	return 0;
}

static int usage(void)
{
	fputs("usage: slubstats times HACKBENCH_CSV [--baseline K] [--seed N] [--reps N]\n"
	      "       slubstats mechanism COUNTERS_CSV HACKBENCH_CSV\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "times")) {
		const char *baseline = "tail";
		unsigned long seed = 1;
		size_t reps = 10000;

		for (int i = 3; i < argc; i++) {
			if (i + 1 >= argc)
				return usage();
			if (!strcmp(argv[i], "--baseline"))
				baseline = argv[++i];
			else if (!strcmp(argv[i], "--seed"))
				seed = strtoul(argv[++i], NULL, 10);
			else if (!strcmp(argv[i], "--reps"))
				reps = strtoul(argv[++i], NULL, 10);
			else
				return usage();
		}
		if (reps < 100)
			return usage();
		return cmd_times(argv[2], baseline, seed, reps);
	}
	if (argc == 4 && !strcmp(argv[1], "mechanism"))
		return cmd_mechanism(argv[2], argv[3]);
	return usage();
}
