/* Modelled cycles: the emulated counts priced on a machine of
 * emu/src/machines.h. A model, not a measurement: every constant is the
 * machine table's, with its source there. Plain C, no I/O. */
#ifndef SLUBBENCH_CYCLES_H
#define SLUBBENCH_CYCLES_H

#include "machines.h"

/* What the model prices, as the plugin counts it (emulated.csv) */
enum { CY_INSNS, CY_L2, CY_MEM, CY_XDIE, CY_XPKG, CY_XSOCK, CY_N };
extern const char *const CY_COUNTS[CY_N];   /* the emulated.csv columns */
extern const char *const CY_PARTS[CY_N];    /* the parts of the cycles: base, l2, ... */

/* The price of each count in cycles: the machine's, each ns latency at
 * its clock, and each multiplied by scale[i] (1 = as stated) */
struct prices {
	double c[CY_N];
};
void cycles_prices(const struct machine *m, const double scale[CY_N], struct prices *p);
/* cycles of counts n[CY_N] at prices p: sum of n[i] x c[i]; the parts in
 * part[CY_N] when not NULL */
double cycles_of(const struct prices *p, const double n[CY_N], double part[CY_N]);

#endif
