/* A run merged from shards (bench/merge.sh): each host a block. */
#ifndef SLUBBENCH_HOSTS_H
#define SLUBBENCH_HOSTS_H

/* slubstats hosts HACKBENCH_CSV BOOTS_CSV [--baseline K]: per kernel,
 * configuration and host (boots.csv's host of each round's timed boots),
 * the ratio to the baseline paired by round within that host with its 95%
 * interval; and the host x kernel interaction: one-way analysis of
 * variance of the per-round log ratios across the hosts, its p-value on
 * every row of the comparison, and its reading, "interaction": the hosts
 * "disagree" when p < HOSTS_ALPHA, else "agree" (empty without a p). A
 * round timed on two hosts is refused. */
#define HOSTS_ALPHA 0.05
int hosts_summary(const char *hpath, const char *bpath, const char *baseline);

#include <stddef.h>

#include "csv.h"
#define HOSTS_MAXH 64
#define HOSTS_MAXR 100000
struct pairs;

/* the host of each round (boots.csv's timed boots) */
struct round_hosts {
	char name[HOSTS_MAXH][CSV_NAME_MAX + 1];
	int of_round[HOSTS_MAXR + 1]; /* host index + 1; 0: no timed boot */
	size_t n;
};
/* Round round ran on host name: 0, or -1 a round outside 1..HOSTS_MAXR
 * (or not whole), -2 a host past HOSTS_MAXH, -3 the round already ran on
 * another host (a round stays on one host). */
int round_hosts_add(struct round_hosts *rh, double round, const char *name);
/* Keeps pr's pairs whose round has a host, host[k] the host of pair k;
 * returns how many hosts have a pair. */
size_t hosted_pairs(struct pairs *pr, const struct round_hosts *rh, size_t *host);
/* The interaction's reading: "disagree" when p < HOSTS_ALPHA, "agree",
 * or NULL without a p. */
const char *hosts_agreement(double p);

#endif
