// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "num.h"

const char *cli_prog = "slubbench";

void cli_vsay(const char *fmt, va_list ap)
{
	char msg[1024], shown[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	fputs(num_shown(shown, sizeof(shown), msg, sizeof(msg)), stderr);
}

void cli_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_vsay(fmt, ap);
	va_end(ap);
}

void cli_die(const char *what, const char *fmt, ...)
{
	va_list ap;

	cli_say("%s: error: %s ", cli_prog, what);
	va_start(ap, fmt);
	cli_vsay(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void cli_bad_option(int c, char **argv)
{
	if (c == ':')
		cli_die(argv[optind - 1], "needs a value");
	cli_die("unknown option", "'%s' (see %s --help)", argv[optind - 1], cli_prog);
}

unsigned long long cli_uint(const char *opt, const char *arg,
			    unsigned long long min, unsigned long long max)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (!arg || arg[0] < '0' || arg[0] > '9')
		cli_die(opt, "needs a whole number, not '%s'", arg ? arg : "");
	v = strtoull(arg, &end, 10);
	if (errno || *end)
		cli_die(opt, "needs a whole number, not '%s'", arg);
	if (v < min || v > max)
		cli_die(opt, "%s is out of range: use %llu..%llu", arg, min, max);
	return v;
}

double cli_double(const char *opt, const char *arg, double min, double max)
{
	char shown[48];
	double v;

	if (!arg || arg[0] == '-' || num_decimal(arg, &v))
		cli_die(opt, "needs a number such as 1.5, not '%s'", num_shown(shown, sizeof(shown), arg ? arg : "", 40));
	if (v < min || v > max)
		cli_die(opt, "%s is out of range: use %g..%g", arg, min, max);
	return v;
}
