// SPDX-License-Identifier: GPL-2.0
/* slubstats growth: how a paired count ratio changes between two
 * configurations (the report's scaling verdict), from mechanism.csv. */
#include "growth.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "stats.h"

#define MAXK 64
#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

static const char *const GROWTH_COLS[] = {
	"kernel", "from_ratio", "from_lo", "from_hi", "to_ratio", "to_lo", "to_hi", "change",
};
/* stats_interval_order's answer, in words (+1, -1, 0) */
static const char *const CHANGE_WORD[] = { "shrinks", "same", "grows" };

struct kgrowth {
	char kernel[72];
	double r[2], lo[2], hi[2];
	int seen[2];
};

int growth_summary(const char *path, const char *from, const char *to, const char *counter)
{
	static struct kgrowth k[MAXK];
	static const char *const IN[] = { "kernel", "config", "cache", "counter", "ratio", "ratio_lo", "ratio_hi" };
	struct csv c;
	struct csv_out o;
	size_t nk = 0;
	int col[7];

	csv_open_cols(&c, path, IN, N(IN), col);
	while (csv_next(&c)) {
		int w = !strcmp(c.fld[col[1]], from) ? 0 : !strcmp(c.fld[col[1]], to) ? 1 : -1;
		size_t i;

		if (w < 0 || strcmp(c.fld[col[2]], "all") || strcmp(c.fld[col[3]], counter) || !*c.fld[col[5]])
			continue;
		for (i = 0; i < nk && strcmp(k[i].kernel, c.fld[col[0]]); i++)
			;
		if (i == nk) {
			if (nk == MAXK)
				csv_die(&c, c.lineno, "more than %d kernels", MAXK);
			if (strlen(c.fld[col[0]]) >= sizeof(k[i].kernel))
				csv_die(&c, c.lineno, "kernel '%.20s...' is too long", c.fld[col[0]]);
			memset(&k[i], 0, sizeof(k[i]));
			snprintf(k[i].kernel, sizeof(k[i].kernel), "%s", c.fld[col[0]]);
			nk++;
		}
		k[i].r[w] = csv_num(&c, col[4]);
		k[i].lo[w] = csv_num(&c, col[5]);
		k[i].hi[w] = csv_num(&c, col[6]);
		k[i].seen[w] = 1;
	}
	csv_close(&c);
	csv_out_header(&o, GROWTH_COLS, N(GROWTH_COLS));
	for (size_t i = 0; i < nk; i++) {
		if (!k[i].seen[0] || !k[i].seen[1])
			continue;
		csv_set(&o, "kernel", "%s", k[i].kernel);
		csv_setd(&o, "from_ratio", k[i].r[0]);
		csv_setd(&o, "from_lo", k[i].lo[0]);
		csv_setd(&o, "from_hi", k[i].hi[0]);
		csv_setd(&o, "to_ratio", k[i].r[1]);
		csv_setd(&o, "to_lo", k[i].lo[1]);
		csv_setd(&o, "to_hi", k[i].hi[1]);
		csv_set(&o, "change", "%s", CHANGE_WORD[1 + stats_interval_order(k[i].lo[0], k[i].hi[0], k[i].lo[1], k[i].hi[1])]);
		csv_emit(&o);
	}
	return 0;
}
