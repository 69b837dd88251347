/* SPDX-License-Identifier: GPL-2.0 */
/* slubstats' subcommands whose entry lives in src/cmd/ (cmd_NAME.c each);
 * the others' entries are their modules' (series.h, bisect.h, ...). */
#ifndef SLUBSTATS_CMDS_H
#define SLUBSTATS_CMDS_H

#include "cli.h"
#include "csv.h"
#include "cycles.h"
#include "num.h"
#include "stats.h"
#include "stats_groups.h"

#define ALPHA 0.05
#define N(a) ((int)(sizeof(a) / sizeof(*(a))))

/* "slower", "faster", "no detectable difference" or "too few pairs": what
 * a ratio's interval says (times and compare) */
const char *verdict_of(const struct ratio *r);

int cmd_times(const char *path, const char *baseline);
int cmd_mechanism(const char *cpath, const char *hpath, const char *caches,
		  const char *baseline, const char *pairs, const char *kind);
int cmd_compare(const char *apath, const char *bpath);
int cmd_main_config(const char *path);
int cmd_crosscheck(const char *path);
int cmd_describe(void);
int machines_list(struct restated *r);

#endif
