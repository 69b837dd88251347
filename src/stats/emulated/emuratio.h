/* The emulated counters' boot-to-boot arithmetic (emulated.c writes it;
 * emulated.h defines each column). Plain C, no I/O. */
#ifndef SLUBBENCH_EMURATIO_H
#define SLUBBENCH_EMURATIO_H
#include <stddef.h>

/* mean, smallest and largest of x[0..n-1] */
void emu_range(const double *x, size_t n, double *mean, double *min, double *max);

/* Welch's two-sided p on the logs of x against y, when an interval is
 * given (EMU_CI_MIN values or more of each, all above 0), else NAN */
double emu_welch_p(const double *x, size_t n, const double *y, size_t nb);

/* the ratio of geometric means of x over y and its bounds: with
 * EMU_CI_MIN values or more of each, Welch's interval on the logs at level
 * (ci 1); else the smallest and largest x[i] / y[j], the range (ci 0) */
struct emu_ratio {
	double ratio, lo, hi, level;
	int ci;
};
/* -1 (nothing set) when either is empty or a value is not above 0 */
int emu_ratio(const double *x, size_t n, const double *y, size_t nb, double level, struct emu_ratio *out);

#endif
