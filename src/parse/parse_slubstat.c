// SPDX-License-Identifier: GPL-2.0
/* SLUB statistics (CONFIG_SLUB_STATS): each line is a stat file's content
 * prefixed with its cache and counter, as the guest collects them:
 *   skbuff_head_cache free_add_partial 1320660 C0=660330 C1=660330
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int parse_slubstat(FILE *in, FILE *out, struct parse_err *err)
{
	char *buf = NULL, *save;
	size_t cap = 0;
	long len, lineno = 0;
	bool nul;
	int rc = 0, rows = 0;

	while ((len = parse_getline(&buf, &cap, in, &nul)) >= 0) {
		char *cache, *counter, *total, *t;
		unsigned long long sum = 0, v, tot;

		lineno++;
		if (nul) {
			rc = parse_fail(err, lineno, "NUL byte in text");
			break;
		}
		if (len == 0)
			continue;
		cache = strtok_r(buf, " \t", &save);
		counter = strtok_r(NULL, " \t", &save);
		total = strtok_r(NULL, " \t", &save);
		if (!cache || !counter || !total) {
			rc = parse_fail(err, lineno, "want CACHE COUNTER TOTAL [Cn=v ...]");
			break;
		}
		if (!parse_u64(total, &tot)) {
			rc = parse_fail(err, lineno, "total '%.20s' is not a number", total);
			break;
		}
		if (strchr(cache, ',') || strchr(counter, ',') || strchr(cache, '"')) {
			rc = parse_fail(err, lineno, "comma or quote in a name");
			break;
		}
		while ((t = strtok_r(NULL, " \t", &save))) {
			char *eq = strchr(t, '=');
			unsigned long long cpu;

			if (t[0] != 'C' || !eq) {
				rc = parse_fail(err, lineno, "'%.20s' is not Cn=v", t);
				break;
			}
			*eq = '\0';
			if (!parse_u64(t + 1, &cpu) || !parse_u64(eq + 1, &v)) {
				rc = parse_fail(err, lineno, "bad per-CPU value in C%.10s", t + 1);
				break;
			}
			if (sum + v < sum) {
				rc = parse_fail(err, lineno, "per-CPU values overflow");
				break;
			}
			sum += v;
		}
		if (rc)
			break;
		/* SLUB prints only the CPUs with a non-zero count. */
		if (sum != tot) {
			rc = parse_fail(err, lineno, "total %llu is not the sum of the CPUs' %llu",
					tot, sum);
			break;
		}
		if (rows++ == 0)
			fputs("cache,counter,value\n", out);
		fprintf(out, "%s,%s,%llu\n", cache, counter, tot);
	}
	if (!rc && rows == 0)
		rc = parse_fail(err, lineno, "no counters");
	free(buf);
	return rc;
}
