/* Numbers as slubbench's inputs write them: one grammar for every reader. */
#ifndef SLUBBENCH_NUM_H
#define SLUBBENCH_NUM_H

#include <stddef.h>

/* num_decimal S V: S is a plain decimal number ("-"? digits, "." digits,
 * "e"/"E" and a signed exponent), nothing before or after it, finite, and
 * either 0 or normal (nothing that underflows or is subnormal: halving
 * 5e-324 gives 0). Then *v and 0;
 * else -1 and *v untouched. No whitespace, hex, inf or nan. */
int num_decimal(const char *s, double *v);

/* num_shown DST N SRC MAX: at most MAX bytes of SRC into DST (size N) for a
 * one-line message, each byte outside printable ASCII written as '?'. */
const char *num_shown(char *dst, size_t n, const char *src, size_t max);

#endif
