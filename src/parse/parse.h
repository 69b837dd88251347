/* slubbench parsers: raw guest output in, tidy CSV out.
 *
 * Each parser reads a whole input stream and writes CSV rows (with a header
 * line) to out. On malformed input it writes nothing more, puts
 * "line N: what was wrong" in err and returns -1; it never crashes and
 * never reports a missing value as 0.
 */
#ifndef SLUBBENCH_PARSE_H
#define SLUBBENCH_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define PARSE_ERR_MAX 256

struct parse_err {
	char msg[PARSE_ERR_MAX];
};

/* /proc/slabinfo (version 2.1) -> cache,active_objs,num_objs,objsize,
 * objperslab,pagesperslab,active_slabs,num_slabs */
int parse_slabinfo(FILE *in, FILE *out, struct parse_err *err);

/* Lines "CACHE COUNTER TOTAL [C0=n C1=n ...]" (a SLUB stat file, prefixed
 * with its cache and counter) -> cache,counter,value. TOTAL must equal the
 * sum of the per-CPU values. */
int parse_slubstat(FILE *in, FILE *out, struct parse_err *err);

/* rt-tests hackbench output -> mode,unit,groups,fds,loops,datasize,seconds */
int parse_hackbench(FILE *in, FILE *out, struct parse_err *err);

/* perf stat -x, output -> label,event,count. labels[i] names the i-th
 * counter line (nlabels of them; the input must have exactly that many). */
int parse_perfstat(FILE *in, FILE *out, const char *const *labels,
		   size_t nlabels, struct parse_err *err);

/* Helpers shared by the parsers (parse_util.c). */
int parse_fail(struct parse_err *err, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool parse_u64(const char *s, unsigned long long *v);
/* Reads one line (without its newline) into a growing buffer; returns its
 * length, or -1 at end of input. A NUL byte inside a line sets *nul. */
long parse_getline(char **buf, size_t *cap, FILE *in, bool *nul);

#endif
