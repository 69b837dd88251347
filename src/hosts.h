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

#endif
