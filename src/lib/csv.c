// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csv.h"
#include "num.h"

void csv_die(const struct csv *c, long line, const char *fmt, ...)
{
	va_list ap;

	cli_say("%s: %s: ", cli_prog, c && c->path ? c->path : "-");
	if (line > 0)
		cli_say("line %ld: ", line);
	va_start(ap, fmt);
	cli_vsay(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static int split(char *s, char **f)
{
	int n = 0;

	for (;;) {
		if (n == CSV_MAXF)
			return -1;
		f[n++] = s;
		s = strchr(s, ',');
		if (!s)
			return n;
		*s++ = '\0';
	}
}

int csv_next(struct csv *c)
{
	ssize_t len = getline(&c->line, &c->cap, c->f);

	if (len < 0)
		return 0;
	c->lineno++;
	if ((size_t)len != strlen(c->line))
		csv_die(c, c->lineno, "a NUL byte");
	if (len > 0 && c->line[len - 1] == '\n')
		c->line[--len] = '\0';
	c->nfld = split(c->line, c->fld);
	if (c->nfld != c->nhdr)
		csv_die(c, c->lineno, "%d fields, the header has %d", c->nfld, c->nhdr);
	return 1;
}

void csv_open(struct csv *c, const char *path)
{
	memset(c, 0, sizeof(*c));
	c->path = path;
	c->f = fopen(path, "r");
	if (!c->f)
		csv_die(c, 0, "cannot open it");
	if (getline(&c->line, &c->cap, c->f) < 0)
		csv_die(c, 1, "empty file: no header");
	c->lineno = 1;
	c->line[strcspn(c->line, "\n")] = '\0';
	c->hdrbuf = strdup(c->line);
	if (!c->hdrbuf)
		csv_die(c, 0, "out of memory");
	c->nhdr = split(c->hdrbuf, c->hdr);
	if (c->nhdr < 0)
		csv_die(c, 1, "too many columns");
}

int csv_col_opt(const struct csv *c, const char *name)
{
	for (int i = 0; i < c->nhdr; i++)
		if (!strcmp(c->hdr[i], name))
			return i;
	return -1;
}

int csv_col(const struct csv *c, const char *name)
{
	for (int i = 0; i < c->nhdr; i++)
		if (!strcmp(c->hdr[i], name))
			return i;
	csv_die(c, 1, "no column '%s'", name);
}

void csv_cols(const struct csv *c, const char *const *names, int n, int *cols)
{
	for (int i = 0; i < n; i++)
		cols[i] = csv_col(c, names[i]);
}

void csv_open_cols(struct csv *c, const char *path, const char *const *names, int n, int *cols)
{
	csv_open(c, path);
	csv_cols(c, names, n, cols);
}

double csv_num(const struct csv *c, int i)
{
	double v;

	if (num_decimal(c->fld[i], &v))
		csv_die(c, c->lineno, "%s '%s' is not a decimal number", c->hdr[i], c->fld[i]);
	return v;
}

void csv_close(struct csv *c)
{
	fclose(c->f);
	free(c->line);
	free(c->hdrbuf);
}

void csv_out_header(struct csv_out *o, const char *const *names, int n)
{
	memset(o, 0, sizeof(*o));
	o->names = names;
	o->n = n;
	for (int i = 0; i < n; i++)
		printf("%s%s", i ? "," : "", names[i]);
	putchar('\n');
}

static int out_col(const struct csv_out *o, const char *name)
{
	for (int i = 0; i < o->n; i++)
		if (!strcmp(o->names[i], name))
			return i;
	fprintf(stderr, "%s: bug: no output column '%s'\n", cli_prog, name);
	abort();
}

void csv_set(struct csv_out *o, const char *name, const char *fmt, ...)
{
	va_list ap;
	int i = out_col(o, name);

	va_start(ap, fmt);
	vsnprintf(o->val[i], sizeof(o->val[i]), fmt, ap);
	va_end(ap);
}

const char *csv_fmt_double(double v, char buf[32])
{
	/* the shortest decimal that reads back as v: whoever prints it rounds
	 * once, from the full value */
	if (v == floor(v) && fabs(v) < 1e15) {   /* a whole number: all its digits */
		snprintf(buf, 32, "%.0f", v);
		return buf;
	}
	for (int p = 6; p <= 17; p++) {
		snprintf(buf, 32, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

void csv_setd(struct csv_out *o, const char *name, double v)
{
	char buf[32];

	if (isnan(v))
		o->val[out_col(o, name)][0] = '\0';
	else
		csv_set(o, name, "%s", csv_fmt_double(v, buf));
}

void csv_emit(struct csv_out *o)
{
	for (int i = 0; i < o->n; i++) {
		printf("%s%s", i ? "," : "", o->val[i]);
		o->val[i][0] = '\0';
	}
	putchar('\n');
}

size_t csv_key_hash(const char *const *parts, size_t n, size_t x)
{
	size_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++)
		for (const char *p = parts[i];; p++) {
			h = (h ^ (unsigned char)*p) * 1099511628211ULL;
			if (!*p)
				break;
		}
	return (h ^ x) * 1099511628211ULL;
}
