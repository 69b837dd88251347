// SPDX-License-Identifier: GPL-2.0
/* /proc/slabinfo, version 2.1, as SLUB and SLAB print it. */
#include <stdlib.h>
#include <string.h>

#include "parse.h"

#define NFIELDS 16

int parse_slabinfo(FILE *in, FILE *out, struct parse_err *err)
{
	char *buf = NULL, *tok[NFIELDS + 1], *save;
	size_t cap = 0;
	long len, lineno = 0;
	bool nul;
	int rc = 0, rows = 0;

	while ((len = parse_getline(&buf, &cap, in, &nul)) >= 0) {
		unsigned long long v[8];
		int n = 0;
		/* fields holding numbers: 1-5 and 13-14 (see below) */
		static const int num_at[7] = { 1, 2, 3, 4, 5, 13, 14 };

		lineno++;
		if (nul) {
			rc = parse_fail(err, lineno, "NUL byte in text");
			break;
		}
		if (lineno == 1) {
			if (strcmp(buf, "slabinfo - version: 2.1") != 0) {
				rc = parse_fail(err, 1, "not /proc/slabinfo 2.1: '%.40s'", buf);
				break;
			}
			continue;
		}
		if (buf[0] == '#' || len == 0)
			continue;
		/* name active num objsize objperslab pagesperslab : tunables
		 * limit batch shared : slabdata active_slabs num_slabs avail
		 */
		for (char *t = strtok_r(buf, " \t", &save); t;
		     t = strtok_r(NULL, " \t", &save)) {
			if (n == NFIELDS + 1) {
				n++;
				break;
			}
			tok[n++] = t;
		}
		if (n != NFIELDS) {
			rc = parse_fail(err, lineno, "%d fields, want %d", n,
					NFIELDS);
			break;
		}
		if (strcmp(tok[6], ":") || strcmp(tok[7], "tunables") ||
		    strcmp(tok[11], ":") || strcmp(tok[12], "slabdata")) {
			rc = parse_fail(err, lineno,
					"no ': tunables ... : slabdata' columns");
			break;
		}
		for (int i = 0; i < 7; i++) {
			if (!parse_u64(tok[num_at[i]], &v[i])) {
				rc = parse_fail(err, lineno,
						"field %d is not a number: '%.20s'",
						num_at[i] + 1, tok[num_at[i]]);
				break;
			}
		}
		if (rc)
			break;
		if (v[0] > v[1]) {
			rc = parse_fail(err, lineno,
					"%llu active objects of %llu", v[0], v[1]);
			break;
		}
		if (rows++ == 0)
			fputs("cache,active_objs,num_objs,objsize,objperslab,pagesperslab,active_slabs,num_slabs\n",
			      out);
		fprintf(out, "%s,%llu,%llu,%llu,%llu,%llu,%llu,%llu\n", tok[0],
			v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
	}
	if (!rc && lineno == 0)
		rc = parse_fail(err, 0, "empty input");
	else if (!rc && rows == 0)
		rc = parse_fail(err, lineno, "no caches listed");
	free(buf);
	return rc;
}
