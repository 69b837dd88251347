// SPDX-License-Identifier: GPL-2.0
/* perf stat -x, output: one line per counter,
 *   VALUE,UNIT,EVENT,RUNTIME,PERCENT,...
 * with comment lines (#) and blank lines between. A counter perf could
 * not read (<not counted>, <not supported>) is an error: never a zero.
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int parse_perfstat(FILE *in, FILE *out, const char *const *labels,
		   size_t nlabels, struct parse_err *err)
{
	char *buf = NULL;
	size_t cap = 0, idx = 0;
	long len, lineno = 0;
	bool nul;
	int rc = 0;

	while ((len = parse_getline(&buf, &cap, in, &nul)) >= 0) {
		char *f[4] = { NULL }, *p = buf;
		unsigned long long v;
		int n = 0;

		lineno++;
		if (nul) {
			rc = parse_fail(err, lineno, "NUL byte in text");
			break;
		}
		if (len == 0 || buf[0] == '#')
			continue;
		/* split on commas, keeping empty fields */
		while (n < 4) {
			f[n++] = p;
			p = strchr(p, ',');
			if (!p)
				break;
			*p++ = '\0';
		}
		if (n < 3) {
			rc = parse_fail(err, lineno, "not a perf stat -x, line");
			break;
		}
		if (f[0][0] == '<') {
			rc = parse_fail(err, lineno, "%s: %s", f[2], f[0]);
			break;
		}
		if (!parse_u64(f[0], &v)) {
			rc = parse_fail(err, lineno, "count '%.20s' is not a whole number", f[0]);
			break;
		}
		if (idx >= nlabels) {
			rc = parse_fail(err, lineno, "more counters than the %zu labels given",
					nlabels);
			break;
		}
		if (strchr(f[2], '"')) {
			rc = parse_fail(err, lineno, "quote in event name");
			break;
		}
		if (idx == 0)
			fputs("label,event,count\n", out);
		fprintf(out, "%s,%s,%llu\n", labels[idx], f[2], v);
		idx++;
	}
	if (!rc && idx != nlabels)
		rc = parse_fail(err, 0, "%zu counters, %zu labels given", idx, nlabels);
	free(buf);
	return rc;
}
