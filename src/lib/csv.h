/* A small CSV reader and writer for slubbench's tidy CSVs: no quoting (no
 * writer ever emits a comma inside a field), columns looked up by name. */
#ifndef SLUBBENCH_CSV_H
#define SLUBBENCH_CSV_H

#include <stdio.h>

#define CSV_MAXF 48
/* the longest name (a kernel's, a host's) a run may hold: lib/opts.sh's
 * NAME_RE allows 64 characters; a buffer for one is CSV_NAME_MAX + 1 */
#define CSV_NAME_MAX 64
/* the longest value a row written has (a machine's restated source is the longest) */
#define CSV_VAL_MAX 384

struct csv {
	FILE *f;
	const char *path;
	char *line;
	size_t cap;
	long lineno;
	char *hdr[CSV_MAXF], *fld[CSV_MAXF];
	int nhdr, nfld;
	char *hdrbuf;
};

/* Errors: "PROG: FILE: line N: ..." on stderr, exit 1 (cli_prog names PROG). */
void csv_die(const struct csv *c, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));
void csv_open(struct csv *c, const char *path);
int csv_next(struct csv *c);            /* 1: a row in c->fld; 0: end */
int csv_col(const struct csv *c, const char *name); /* or die */
/* a column that older runs do not have: its index, or -1 */
int csv_col_opt(const struct csv *c, const char *name);
/* cols[i] = csv_col(c, names[i]) for i < n */
void csv_cols(const struct csv *c, const char *const *names, int n, int *cols);
/* csv_open, then csv_cols: the file's columns by name, or die */
void csv_open_cols(struct csv *c, const char *path, const char *const *names, int n, int *cols);
double csv_num(const struct csv *c, int i);         /* or die */
void csv_close(struct csv *c);

/* Rows written from one table of column names: the writer owns its header. */
struct csv_out {
	const char *const *names;
	int n;
	char val[CSV_MAXF][CSV_VAL_MAX];
};
void csv_out_header(struct csv_out *o, const char *const *names, int n);
void csv_set(struct csv_out *o, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* v as the shortest decimal (at least 6 significant digits) that reads
 * back as v exactly, a whole number with all its digits: a CSV's numbers
 * are rounded by their reader, once */
const char *csv_fmt_double(double v, char buf[32]);
void csv_setd(struct csv_out *o, const char *name, double v); /* NAN: empty */
void csv_emit(struct csv_out *o); /* prints the row, then clears it */

/* FNV-1a over n strings (each with its end) and, after them, x: a key's
 * hash for the readers' open-addressing indexes (series runs, counter
 * groups) */
size_t csv_key_hash(const char *const *parts, size_t n, size_t x);

#endif
