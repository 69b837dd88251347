// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int parse_fail(struct parse_err *err, long line, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (!err)
		return -1;
	if (line > 0)
		n = snprintf(err->msg, sizeof(err->msg), "line %ld: ", line);
	if (n < 0 || (size_t)n >= sizeof(err->msg))
		n = 0;
	va_start(ap, fmt);
	vsnprintf(err->msg + n, sizeof(err->msg) - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

bool parse_u64(const char *s, unsigned long long *v)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno == 0 && *end == '\0';
}

long parse_getline(char **buf, size_t *cap, FILE *in, bool *nul)
{
	size_t len = 0;
	int c;

	*nul = false;
	while ((c = getc(in)) != EOF) {
		if (len + 2 > *cap) {
			size_t ncap = *cap ? *cap * 2 : 256;
			char *nbuf = realloc(*buf, ncap);

			if (!nbuf)
				return -1;
			*buf = nbuf;
			*cap = ncap;
		}
		if (c == '\n')
			break;
		if (c == '\0')
			*nul = true;
		(*buf)[len++] = (char)c;
	}
	if (c == EOF && len == 0)
		return -1;
	(*buf)[len] = '\0';
	return (long)len;
}
