// SPDX-License-Identifier: GPL-2.0
/* rt-tests hackbench output:
 *   Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)
 *   Each sender will pass 300 messages of 100 bytes
 *   Time: 9.604
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int parse_hackbench(FILE *in, FILE *out, struct parse_err *err)
{
	char *buf = NULL, mode[16];
	size_t cap = 0;
	long len, lineno = 0;
	bool nul, have_run = false, have_pass = false, have_time = false;
	unsigned int groups = 0, fds = 0, tasks = 0, loops = 0, datasize = 0;
	double secs = 0;
	int rc = 0;

	while ((len = parse_getline(&buf, &cap, in, &nul)) >= 0) {
		char tail;

		lineno++;
		if (nul) {
			rc = parse_fail(err, lineno, "NUL byte in text");
			break;
		}
		if (strncmp(buf, "Running in ", 11) == 0) {
			if (sscanf(buf,
				   "Running in %15s mode with %u groups using %u file descriptors each (== %u tasks%c",
				   mode, &groups, &fds, &tasks, &tail) != 5 ||
			    tail != ')' ||
			    (strcmp(mode, "process") && strcmp(mode, "threaded"))) {
				rc = parse_fail(err, lineno, "unreadable 'Running in' line");
				break;
			}
			if (groups == 0 || fds == 0 || fds % 2) {
				rc = parse_fail(err, lineno, "%u groups of %u descriptors",
						groups, fds);
				break;
			}
			have_run = true;
		} else if (strncmp(buf, "Each sender will pass ", 22) == 0) {
			if (sscanf(buf, "Each sender will pass %u messages of %u bytes%c",
				   &loops, &datasize, &tail) != 2) {
				rc = parse_fail(err, lineno, "unreadable 'Each sender' line");
				break;
			}
			have_pass = true;
		} else if (strncmp(buf, "Time: ", 6) == 0) {
			char *end;

			secs = strtod(buf + 6, &end);
			if (end == buf + 6 || *end != '\0' || !isfinite(secs) ||
			    secs < 0) {
				rc = parse_fail(err, lineno, "unreadable time '%.20s'", buf + 6);
				break;
			}
			have_time = true;
		}
	}
	if (!rc && !have_run)
		rc = parse_fail(err, 0, "no 'Running in ... mode' line (did hackbench start?)");
	else if (!rc && !have_pass)
		rc = parse_fail(err, 0, "no 'Each sender will pass' line");
	else if (!rc && !have_time)
		rc = parse_fail(err, 0, "no 'Time:' line (hackbench did not finish)");
	if (!rc) {
		/* "unit": slubbench's word for process or thread (its "mode"
		 * is socket or pipe) */
		fputs("unit,groups,fds,loops,datasize,seconds\n", out);
		fprintf(out, "%s,%u,%u,%u,%u,%.3f\n", strcmp(mode, "threaded") ? "process" : "thread",
			groups, fds / 2,
			loops, datasize, secs);
	}
	free(buf);
	return rc;
}
