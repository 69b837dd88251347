/* Modelled cycles: the emulated counts priced on a machine of
 * emu/src/machines.h. A model, not a measurement: every constant is the
 * machine table's, with its source there. Plain C, no I/O. */
#ifndef SLUBBENCH_CYCLES_H
#define SLUBBENCH_CYCLES_H

#include <stddef.h>

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

/* Prices restated by the user (slubstats --price NAME=VALUE, ./run.sh
 * report --price): each named as slubstats machines names it, in the
 * machine table's unit (PRICE_NAMES, in CY_ order: cpi, l2_cycles,
 * memory_ns, transfer_die_ns, transfer_package_ns, transfer_socket_ns) */
extern const char *const PRICE_NAMES[CY_N];
#define PRICE_MAX 100000.0   /* a price above this is refused as a typo */
struct restated {
	int set[CY_N];
	double v[CY_N];
	char src[4][320];   /* the sources machine_restated writes */
};
/* price_parse R SPEC: SPEC ("NAME=VALUE") into r; 0, or -1 with a one-line
 * message in err[n] naming what was wrong and what is allowed */
int price_parse(struct restated *r, const char *spec, char *err, size_t n);
/* machine_restated: *out is *m with r's prices (r may be NULL) in place of
 * its own, and each restated price's source saying so (out's source
 * strings live in r) */
void machine_restated(struct machine *out, const struct machine *m, struct restated *r);
/* cycles of counts n[CY_N] at prices p: sum of n[i] x c[i]; the parts in
 * part[CY_N] when not NULL */
double cycles_of(const struct prices *p, const double n[CY_N], double part[CY_N]);

#endif
