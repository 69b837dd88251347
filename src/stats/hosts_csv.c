// SPDX-License-Identifier: GPL-2.0
/* Each host a block, the CSV side: see hosts.h. */
#include "hosts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boots.h"
#include "csv.h"
#include "stats.h"
#include "stats_groups.h"

#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

static const char *const HOST_COLS[] = {
	"kernel", "config", "vcpus", "host", "pairs", "ratio", "ci_lo", "ci_hi",
	"hosts", "interaction_p", "interaction",
};

static void read_hosts(struct round_hosts *rh, const char *path)
{
	struct csv c;
	int kr, kk, kh;
	size_t nrows, row = 0;
	unsigned char *used = boots_used(path, &nrows);

	memset(rh, 0, sizeof(*rh));
	csv_open(&c, path);
	kr = csv_col(&c, "round");
	kk = csv_col(&c, "kind");
	kh = csv_col_opt(&c, "host");
	if (kh < 0)
		csv_die(&c, 1, "no column 'host': a run from before hosts were recorded");
	while (csv_next(&c)) {
		double r = csv_num(&c, kr);
		int prev = r >= 1 && r <= HOSTS_MAXR ? rh->of_round[(int)r] : 0;

		if (row >= nrows || !used[row++] || strcmp(c.fld[kk], "timed"))
			continue;
		switch (round_hosts_add(rh, r, c.fld[kh])) {
		case -1:
			csv_die(&c, c.lineno, "round %g is out of range", r);
			break;
		case -2:
			csv_die(&c, c.lineno, "more than %d hosts", HOSTS_MAXH);
			break;
		case -3:
			csv_die(&c, c.lineno, "round %g was timed on two hosts (%s and %s): a round must stay on one host",
				r, rh->name[prev - 1], c.fld[kh]);
			break;
		}
	}
	csv_close(&c);
	free(used);
}

int hosts_summary(const char *hpath, const char *bpath, const char *baseline)
{
	static struct round_hosts rh;
	struct groups gs = { 0 };
	struct csv_out o;

	read_hosts(&rh, bpath);
	groups_read_times(&gs, hpath);
	csv_out_header(&o, HOST_COLS, N(HOST_COLS));
	for (size_t i = 0; i < gs.n; i++) {
		struct group *g = &gs.g[i], *b = groups_find(&gs, baseline, g->config, 0);
		struct pairs pr;
		size_t *host, used;
		double *a, *bb, p;

		if (!b || b == g)
			continue;
		groups_pair(g, b, &pr);
		host = malloc((pr.n + 1) * sizeof(*host));
		a = malloc((pr.n + 1) * sizeof(*a));
		bb = malloc((pr.n + 1) * sizeof(*bb));
		if (!host || !a || !bb)
			abort();
		used = hosted_pairs(&pr, &rh, host);
		p = stats_anova_p(pr.d, host, pr.n, rh.n);
		for (size_t h = 0; h < rh.n; h++) {
			size_t m = 0;
			struct ratio r;

			for (size_t j = 0; j < pr.n; j++)
				if (host[j] == h) {
					a[m] = pr.a[j];
					bb[m++] = pr.b[j];
				}
			if (!m)
				continue;
			csv_set(&o, "kernel", "%s", g->kernel);
			csv_set(&o, "config", "%s", g->config);
			csv_setd(&o, "vcpus", g->vcpus ? g->vcpus : NAN);
			csv_set(&o, "host", "%s", rh.name[h]);
			csv_set(&o, "pairs", "%zu", m);
			if (m >= 2 && !stats_paired_ratio(a, bb, m, 0.95, &r)) {
				csv_setd(&o, "ratio", r.ratio);
				csv_setd(&o, "ci_lo", r.lo);
				csv_setd(&o, "ci_hi", r.hi);
			} else {
				csv_setd(&o, "ratio", a[0] / bb[0]);
			}
			csv_set(&o, "hosts", "%zu", used);
			csv_setd(&o, "interaction_p", p);
			if (hosts_agreement(p))
				csv_set(&o, "interaction", "%s", hosts_agreement(p));
			csv_emit(&o);
		}
		free(host);
		free(a);
		free(bb);
		pairs_free(&pr);
	}
	groups_free(&gs);
	return 0;
}
