// SPDX-License-Identifier: GPL-2.0
/* slubparse: the command-line face of the parsers.
 *
 *   slubparse slabinfo  [FILE]
 *   slubparse slubstat  [FILE]
 *   slubparse hackbench [FILE]
 *   slubparse perfstat  FILE LABEL...
 *
 * CSV on stdout; on malformed input "slubparse: FILE: line N: ..." on
 * stderr and exit status 1 (2 for bad usage).
 */
#include <stdio.h>
#include <string.h>

#include "parse.h"

static int usage(void)
{
	fputs("usage: slubparse slabinfo|slubstat|hackbench [FILE]\n"
	      "       slubparse perfstat FILE LABEL...\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	struct parse_err err = { "" };
	const char *what, *name = "-";
	FILE *in = stdin;
	int rc;

	if (argc < 2)
		return usage();
	what = argv[1];
	if (argc > 2 && strcmp(argv[2], "-") != 0) {
		name = argv[2];
		in = fopen(name, "r");
		if (!in) {
			perror(name);
			return 1;
		}
	}
	if (!strcmp(what, "slabinfo") && argc <= 3)
		rc = parse_slabinfo(in, stdout, &err);
	else if (!strcmp(what, "slubstat") && argc <= 3)
		rc = parse_slubstat(in, stdout, &err);
	else if (!strcmp(what, "hackbench") && argc <= 3)
		rc = parse_hackbench(in, stdout, &err);
	else if (!strcmp(what, "perfstat") && argc >= 3)
		rc = parse_perfstat(in, stdout, (const char *const *)argv + 3,
				    (size_t)(argc - 3), &err);
	else
		return usage();
	if (in != stdin)
		fclose(in);
	if (rc) {
		fprintf(stderr, "slubparse: %s: %s: %s\n", what, name, err.msg);
		return 1;
	}
	return 0;
}
