// SPDX-License-Identifier: GPL-2.0
/* Each host a block, the arithmetic: see hosts.h (the CSV side is
 * hosts_csv.c). */
#include "hosts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stats_groups.h"

int round_hosts_add(struct round_hosts *rh, double round, const char *name)
{
	size_t h;

	if (!(round >= 1 && round <= HOSTS_MAXR && round == floor(round)))
		return -1;
	for (h = 0; h < rh->n; h++)
		if (!strcmp(rh->name[h], name))
			break;
	if (h == rh->n) {
		if (rh->n == HOSTS_MAXH)
			return -2;
		snprintf(rh->name[rh->n++], sizeof(rh->name[0]), "%s", name);
	}
	if (rh->of_round[(int)round] && rh->of_round[(int)round] != (int)h + 1)
		return -3;
	rh->of_round[(int)round] = (int)h + 1;
	return 0;
}

size_t hosted_pairs(struct pairs *pr, const struct round_hosts *rh, size_t *host)
{
	size_t m = 0, used = 0;
	int seen[HOSTS_MAXH] = { 0 };

	for (size_t j = 0; j < pr->n; j++) {
		long r = pr->round[j];

		if (r < 1 || r > HOSTS_MAXR || !rh->of_round[r])
			continue;
		pr->a[m] = pr->a[j];
		pr->b[m] = pr->b[j];
		pr->d[m] = pr->d[j];
		host[m] = (size_t)rh->of_round[r] - 1;
		used += !seen[host[m]];
		seen[host[m++]] = 1;
	}
	pr->n = m;
	return used;
}


const char *hosts_agreement(double p)
{
	return isnan(p) ? NULL : p < HOSTS_ALPHA ? "disagree" : "agree";
}
