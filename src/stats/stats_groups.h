/* Values of a run's CSVs grouped by kernel, configuration (and counter),
 * each with the round it came from, so that kernels pair by round. */
#ifndef SLUBBENCH_STATS_GROUPS_H
#define SLUBBENCH_STATS_GROUPS_H

#include <stddef.h>

#include "csv.h"

struct group {
	char kernel[CSV_NAME_MAX + 1], config[32], kind[16];
	/* hackbench: the configuration itself ("socket/process/g10/l300/f20/d100") */
	char key_config[128], mode[16], unit[16];
	double groups, loops, fds, datasize, messages;
	/* the machine it ran on: vCPUs (0: not recorded, a run older than the
	 * column), and whether any timed run's wall time was oversubscribed
	 * (hackbench.csv's "timing", decided by bench/collect.sh) */
	double vcpus;
	int oversubscribed;
	/* counters */
	char cache[96], counter[64];
	double *v;
	long *round;
	size_t n, cap, failed;
	/* rounds' index: open addressing, slot = index + 1 (0: empty), so that
	 * a round is found in constant time however many rows a run has */
	size_t *slot, nslot;
};

struct groups {
	struct group *g;
	size_t n, cap;
	/* the groups by key (kernel, config, cache, counter, kind): open
	 * addressing, slot = index + 1 (0: empty), so that a row finds its
	 * group in constant time however many groups a file makes */
	size_t *slot, nslot;
};

struct pairs {
	double *a, *b, *d; /* d = ln a - ln b */
	long *round;       /* the round of each pair */
	size_t n;
};

/* counters.csv's columns, looked up by name once per file. */
struct csv;
struct counter_cols {
	int kernel, profile, round, window, config, kind, source, cache, counter, value;
};
void groups_counter_cols(const struct csv *c, struct counter_cols *cc);
/* The replicate of the current row, the key kernels pair on: its round, and
 * for an emulated boot's runs its window (lib/rundir.sh: W runs of each
 * configuration a boot, 1..W; window_col -1, a file older than the column:
 * window 1). Window 1 is the round itself; window w is
 * round + (w - 1) x GROUPS_ROUND_SPAN (rounds under the span). */
#define GROUPS_ROUND_SPAN 1000000L
#define GROUPS_MAX_WINDOW 99
long groups_replicate(const struct csv *c, int round_col, int window_col);

/* hackbench.csv: timed runs with status ok; other statuses count as failed. */
void groups_read_times(struct groups *gs, const char *path);
/* counters.csv: SLUB statistics of timed runs, perf events of counting
 * runs; per cache in the comma-separated list caches, and "all" summed. */
/* SLUB statistics of the runs of one kind ("timed": the timed rounds, under
 * MTTCG; "emulated": the counting-mode boots), and with "timed" perf's
 * events of the counting runs. */
void groups_read_counters(struct groups *gs, const char *path, const char *caches, const char *slub_kind);
/* Derived per round from SLUB statistics, defined here alone:
 *   add_partial = free_add_partial + deactivate_to_head + deactivate_to_tail
 *   objects_per_partial_visit = (alloc_fastpath + alloc_slowpath) / alloc_from_partial */
void groups_derive(struct groups *gs);
/* add_partial's parts, the one definition (groups_derive, series_csv.c) */
#define ADD_PARTIAL_NPARTS 3
extern const char *const ADD_PARTIAL_PARTS[ADD_PARTIAL_NPARTS];
/* The messages of a configuration's run from its first hackbench.csv row
 * of any kind (a run with no timed boot: a bisect's); NAN when none. */
double groups_config_messages(const char *path, const char *kernel, const char *config);
/* The paired ratio of a over b (n pairs, at least 2) with its 95% interval
 * into o's columns col, col_lo and col_hi; nothing with fewer pairs. */
struct csv_out;
void csv_set_paired_ratio(struct csv_out *o, const char *col, const double *a, const double *b, size_t n);
/* hackbench messages of one run: groups x fds senders x fds receivers x loops */
double groups_messages(double groups, double fds, double loops);

struct group *groups_find(struct groups *gs, const char *kernel, const char *config,
			  int create);
struct group *groups_find_counter(struct groups *gs, const char *kernel,
				  const char *config, const char *cache,
				  const char *counter, const char *kind);
/* The counter group (made if need be), and one round's value added to a
 * group (values of one round are summed). */
struct group *groups_add_counter(struct groups *gs, const char *kernel,
				 const char *config, const char *cache,
				 const char *counter, const char *kind);
void groups_add(struct group *g, double v, long round);
/* the index of round r in g, or -1 */
long groups_index(const struct group *g, long r);
/* Values of a and b from the same rounds (both > 0); returns the count. */
size_t groups_pair(const struct group *a, const struct group *b, struct pairs *p);
void pairs_free(struct pairs *p);
double groups_geomean(const struct group *g);
void groups_free(struct groups *gs);

#endif
