/* What a run's boots cost in wall time, from boots.csv: per kind of boot,
 * how many (every attempt: one set aside and booted again took its time
 * too) and their wall seconds (in all, least, median, most); and the run's
 * span, from the first boot's start to the last one's end (boots run two at
 * a time overlap, so the span is less than the sum). The report's "Boots"
 * line; the kinds are lib/rundir.sh's (timed, count, emulated, series: t05
 * checks the two lists agree). */
#ifndef SLUBBENCH_COST_H
#define SLUBBENCH_COST_H
#include <stddef.h>

#define COST_KINDS 4
extern const char *const COST_KIND[COST_KINDS]; /* timed count emulated series */

struct cost_boot {
	int kind;        /* index into COST_KIND */
	long long start; /* seconds since the epoch (cost_utc) */
	double wall;     /* seconds, >= 0 */
};

struct cost_kind {
	size_t boots;
	double total, least, median, most; /* NAN without boots */
};

/* "YYYY-MM-DDTHH:MM:SSZ" as seconds since 1970-01-01T00:00:00Z in *t: 0,
 * or -1 for anything else (a field out of range, another form). */
int cost_utc(const char *s, long long *t);

/* per[k] for each kind k, and the span in *span (0 without boots). The
 * boots are reordered (by kind, then wall time). No I/O. */
void cost_summarise(struct cost_boot *b, size_t n, struct cost_kind per[COST_KINDS], double *span);

/* slubstats cost BOOTS_CSV: a row per kind with boots (COST_COLS), in
 * COST_KIND's order, then "run": every boot, and the span as its
 * boot_seconds. Dies in one line on a kind, time or wall it cannot read. */
int cost_print(const char *path);

#endif
