// SPDX-License-Identifier: GPL-2.0
/* slubstats compare: one kernel and configuration in two runs, unpaired. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slubstats_cmds.h"

static const char *const CMP_COLS[] = {
	"kernel", "config", "a_n", "a_geomean", "b_n", "b_geomean", "ratio",
	"ci_lo", "ci_hi", "verdict",
};

int cmd_compare(const char *apath, const char *bpath)
{
	struct groups a = { 0 }, b = { 0 };
	struct csv_out o;
	int found = 0;

	groups_read_times(&a, apath);
	groups_read_times(&b, bpath);
	csv_out_header(&o, CMP_COLS, N(CMP_COLS));
	for (size_t i = 0; i < a.n; i++) {
		struct group *ga = &a.g[i], *gb = groups_find(&b, ga->kernel, ga->config, 0);
		struct ratio r;

		/* the same configuration on as many vCPUs (when both say),
		 * not just the same label */
		if (!gb || strcmp(ga->key_config, gb->key_config) ||
		    (ga->vcpus && gb->vcpus && ga->vcpus != gb->vcpus))
			continue;
		found = 1;
		csv_set(&o, "kernel", "%s", ga->kernel);
		csv_set(&o, "config", "%s", ga->key_config);
		csv_set(&o, "a_n", "%zu", ga->n);
		csv_set(&o, "b_n", "%zu", gb->n);
		csv_setd(&o, "a_geomean", groups_geomean(ga));
		csv_setd(&o, "b_geomean", groups_geomean(gb));
		if (!stats_unpaired_ratio(gb->v, gb->n, ga->v, ga->n, 0.95, &r)) {
			csv_setd(&o, "ratio", r.ratio);
			csv_setd(&o, "ci_lo", r.lo);
			csv_setd(&o, "ci_hi", r.hi);
			csv_set(&o, "verdict", "%s", verdict_of(&r));
		} else {
			csv_set(&o, "verdict", "too few runs");
		}
		csv_emit(&o);
	}
	groups_free(&a);
	groups_free(&b);
	if (!found)
		cli_die("compare:", "the two runs have no kernel and configuration in common");
	return 0;
}
