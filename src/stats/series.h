/* The partial list over time (bench/run.sh --series): one run's samples
 * of one cache's partial list, and what the report reads from them. No
 * I/O here (series_csv.c reads series.csv). */
#ifndef SLUBBENCH_SERIES_H
#define SLUBBENCH_SERIES_H

#include <stddef.h>

/* One sample: guest ms since the sampler started, the list's length in
 * slabs, and since the run began the slabs added to the list (add_partial,
 * stats_groups.h's ADD_PARTIAL_PARTS) and taken off it (alloc_from_partial:
 * by an allocation; free_remove_partial: emptied and freed). */
struct series_point {
	double t_ms, partial, added, taken;
};

struct series_summary {
	size_t samples;
	double duration_ms;     /* last sample's time less the first's */
	double partial_median, partial_max;
	/* the length over time: the trapezoids between samples over the
	 * duration (samples come when the sampler gets a vCPU, not evenly) */
	double partial_mean;
	double added_per_ms, taken_per_ms; /* over the whole run */
};

/* The rates between sample i - 1 and sample i (per ms of guest time) into
 * added[i], taken[i]; sample 0, or one no later than the one before, has
 * none (NAN). */
void series_rates(const struct series_point *p, size_t n, double *added, double *taken);

/* The run's summary; -1 when it has fewer than 2 samples or no duration. */
int series_summarise(const struct series_point *p, size_t n, struct series_summary *s);

/* The sampler's share of the vCPUs' time in percent: samples taken, each
 * costing sample_ns (measured alone), over duration_ms on vcpus vCPUs;
 * NAN when an input is missing. */
double series_share_pct(size_t samples, double sample_ns, double duration_ms, double vcpus);

/* series_csv.c: the subcommands (slubstats series, perturbation) */
int series_print(const char *path, int summary, const char *baseline);
int series_perturbation(const char *counters, const char *caches);

#endif
