/* Bisect on exact counts (./run.sh bisect): each step of an ordered list
 * of changes (step k: the first k applied) booted in the counting mode,
 * its metric per 1000 messages read against the good end (step 0) and
 * the bad end (step N). No I/O here (bisect_csv.c reads steps.csv). */
#ifndef SLUBBENCH_BISECT_H
#define SLUBBENCH_BISECT_H

#include <stddef.h>

enum bisect_verdict { BV_NONE, BV_GOOD, BV_BAD, BV_UNCLEAR, BV_SKIP };

/* The ends: the regression goes up (bad above good) or down; the edges
 * are the good end's value nearest the bad one's and the reverse; a value
 * within a quarter of the gap's logarithm of an edge is that end's
 * (BISECT_ZONE), the half between them unclear. */
#define BISECT_ZONE 0.25
struct bisect_ends {
	int up;
	double good_edge, bad_edge;
};

/* The ends from their values; -1 when they do not differ by factor (the
 * nearest values' ratio), or one has no value. */
int bisect_ends(const double *good, size_t ng, const double *bad, size_t nb, double factor,
		struct bisect_ends *e);

/* One value: BV_GOOD, BV_BAD or BV_UNCLEAR. */
enum bisect_verdict bisect_value(const struct bisect_ends *e, double v);

/* A step from its n values and the boots that gave none: every value
 * good, or every one bad, decides; none yet is BV_NONE; otherwise unclear,
 * and skipped once max_boots boots are spent. */
enum bisect_verdict bisect_step(const struct bisect_ends *e, const double *v, size_t n, size_t failed,
				size_t max_boots);

/* The step to measure next given every step's verdict (v[0..nsteps-1],
 * v[0] good and v[nsteps-1] bad as the ends): an unclear step first, else
 * the unmeasured step nearest the middle of (lo, hi), where lo is the last
 * good step below hi, the first bad step. Returns it, or -1 when none is
 * left: then *lo and *hi bound the first bad step (hi = lo + 1: found;
 * wider: the steps between were skipped). */
int bisect_next(const enum bisect_verdict *v, int nsteps, int *lo, int *hi);

/* bisect_csv.c: the subcommand (slubstats bisect) */
int bisect_print(const char *path, int nsteps, double factor, size_t max_boots, size_t end_boots, int state);

#endif
