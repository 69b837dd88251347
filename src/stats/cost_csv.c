// SPDX-License-Identifier: GPL-2.0
/* slubstats cost: boots.csv in, a row per kind out (cost.h). */
#include "cost.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

static const char *const COST_COLS[] = { "kind", "boots", "boot_seconds", "least", "median", "most" };

static void emit(struct csv_out *o, const char *kind, size_t boots, double secs, const struct cost_kind *k)
{
	csv_set(o, "kind", "%s", kind);
	csv_set(o, "boots", "%zu", boots);
	csv_setd(o, "boot_seconds", secs);
	csv_setd(o, "least", k ? k->least : NAN);
	csv_setd(o, "median", k ? k->median : NAN);
	csv_setd(o, "most", k ? k->most : NAN);
	csv_emit(o);
}

int cost_print(const char *path)
{
	static const char *const IN[] = { "start_utc", "wall_seconds" };
	struct cost_boot *b = NULL;
	struct cost_kind per[COST_KINDS];
	size_t n = 0, cap = 0;
	struct csv c;
	struct csv_out o;
	int col[2], kc;
	double span;

	csv_open_cols(&c, path, IN, N(IN), col);
	kc = csv_col_opt(&c, "kind"); /* a run older than the column: timed boots only */
	while (csv_next(&c)) {
		const char *kind = kc >= 0 ? c.fld[kc] : "timed";
		int k = 0;

		while (k < COST_KINDS && strcmp(kind, COST_KIND[k]))
			k++;
		if (k == COST_KINDS)
			csv_die(&c, c.lineno, "kind '%.20s' is none of timed, count, emulated, series", kind);
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			b = realloc(b, cap * sizeof(*b));
			if (!b)
				abort();
		}
		b[n].kind = k;
		if (cost_utc(c.fld[col[0]], &b[n].start))
			csv_die(&c, c.lineno, "start_utc '%.30s' is not YYYY-MM-DDTHH:MM:SSZ", c.fld[col[0]]);
		b[n].wall = csv_num(&c, col[1]);
		if (!(b[n].wall >= 0) || b[n].wall > 1e7)
			csv_die(&c, c.lineno, "wall_seconds '%.30s' is not a time from 0", c.fld[col[1]]);
		n++;
	}
	csv_close(&c);
	cost_summarise(b, n, per, &span);
	csv_out_header(&o, COST_COLS, N(COST_COLS));
	for (int k = 0; k < COST_KINDS; k++)
		if (per[k].boots)
			emit(&o, COST_KIND[k], per[k].boots, per[k].total, &per[k]);
	emit(&o, "run", n, span, NULL);
	free(b);
	return 0;
}
