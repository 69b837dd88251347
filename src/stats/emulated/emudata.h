/* The emulated counters of a run as slubstats reads them (emulated.csv):
 * rows per kernel function, summed into replicates (a boot's window of a
 * configuration) per scope and metric. Read by emulated.c (summary, top)
 * and emucycles.c (the cost model's breakdown and sensitivity). */
#ifndef SLUBBENCH_EMUDATA_H
#define SLUBBENCH_EMUDATA_H

#include <stddef.h>

#include "cycles.h"

/* the metrics: the plugin's counts (emulated.csv's columns; the five after
 * transfers are empty in runs made before the machine model, and all but
 * instructions in a boot counted without the cache model, cache=off), then
 * the modelled cycles (cycles.h, on the run's machine; not a column). A
 * metric is counted in every row of a boot or in none of them. */
enum { M_INSN, M_ACC, M_MISS, M_XFER, M_L2, M_MEM, M_XDIE, M_XPKG, M_XSOCK, M_CYCLES, NM };
#define NCOUNT M_CYCLES
#define NREQUIRED 1
extern const char *const METRICS[NM];
#define NSCOPE 3
extern const char *const SCOPES[NSCOPE];   /* all, kernel, user */
#define MAXK 32
#define MAXC 16
#define MAXBOOTS 1024

/* names, interned in order of first appearance */
struct names {
	char **s;
	size_t n, cap;
	size_t *hash;   /* open addressing: index + 1, 0 empty */
	size_t hcap;
};
size_t intern(struct names *t, const char *s);
void names_free(struct names *t);

struct row {
	unsigned k, c, f, boot;
	double v[NM];   /* NAN: not counted */
};

/* a replicate: one boot's run of one configuration (its window) */
struct boot {
	unsigned k, c;
	long round;     /* groups_replicate's key: the round and the window */
	double sum[NSCOPE][NM];   /* NAN: the metric was not counted */
};

struct emu {
	struct names kernels, configs, funcs;
	struct row *rows;
	size_t n, cap;
	struct boot boots[MAXBOOTS];
	size_t nboots;
	const struct machine *machine;   /* NULL: no machine recorded, no cycles */
	struct machine priced;           /* the machine with the user's restated prices */
	struct prices prices;            /* priced's */
};

/* Read path into e (dies on bad input, naming the line); the machine's
 * prices restated by r (NULL: as the table states them) */
void emu_read(struct emu *e, const char *path, struct restated *r);
void emu_free(struct emu *e);
/* whether replicate b counted metric m */
int emu_counted(const struct emu *e, size_t b, int m);
/* the values of kernel k, configuration c, scope s, metric m of the
 * replicates that counted it, into out; how many (0: none did). */
size_t emu_values(const struct emu *e, unsigned k, unsigned c, int s, int m, double *out);
/* the same of the baseline kernel (0 without one in the run) */
size_t emu_baseline_values(const struct emu *e, const char *baseline, unsigned c, int s, int m, double *y);

#endif
