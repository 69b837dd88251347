// SPDX-License-Identifier: GPL-2.0
/* slubstats main-config: the report's main configuration. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mainconfig.h"
#include "slubstats_cmds.h"

/* summary.csv's main configuration (mainconfig.h), its name on stdout;
 * 1 when no configuration has a successful timed run */
int cmd_main_config(const char *path)
{
	struct csv c;
	struct cfg_row *r = NULL;
	char **name = NULL;
	size_t n = 0;
	int kc, kn, km, kt, kv;
	long best;

	csv_open(&c, path);
	kc = csv_col(&c, "config");
	kn = csv_col(&c, "n");
	km = csv_col(&c, "messages");
	kt = csv_col(&c, "timing");
	kv = csv_col_opt(&c, "vcpus");
	while (csv_next(&c)) {
		r = realloc(r, (n + 1) * sizeof(*r));
		name = realloc(name, (n + 1) * sizeof(*name));
		if (!r || !name)
			abort();
		r[n].n = c.fld[kn][0] ? (long)csv_num(&c, kn) : 0;
		r[n].real = strcmp(c.fld[kt], "oversubscribed") != 0;
		r[n].messages = c.fld[km][0] ? csv_num(&c, km) : 0;
		r[n].vcpus = kv >= 0 && c.fld[kv][0] ? (unsigned)csv_num(&c, kv) : 0;
		name[n] = strdup(c.fld[kc]);
		if (!name[n])
			abort();
		n++;
	}
	csv_close(&c);
	best = main_config(r, n);
	if (best >= 0)
		printf("%s\n", name[best]);
	for (size_t i = 0; i < n; i++)
		free(name[i]);
	free(name);
	free(r);
	return best >= 0 ? 0 : 1;
}
