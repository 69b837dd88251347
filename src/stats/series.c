// SPDX-License-Identifier: GPL-2.0
/* The partial list over time: rates and a run's summary (series.h). */
#include <math.h>
#include <stdlib.h>

#include "series.h"
#include "stats.h"

void series_rates(const struct series_point *p, size_t n, double *added, double *taken)
{
	for (size_t i = 0; i < n; i++) {
		double dt = i ? p[i].t_ms - p[i - 1].t_ms : 0;

		added[i] = dt > 0 ? (p[i].added - p[i - 1].added) / dt : NAN;
		taken[i] = dt > 0 ? (p[i].taken - p[i - 1].taken) / dt : NAN;
	}
}

int series_summarise(const struct series_point *p, size_t n, struct series_summary *s)
{
	double *len, dur;

	if (n < 2 || (dur = p[n - 1].t_ms - p[0].t_ms) <= 0)
		return -1;
	len = malloc(n * sizeof(*len));
	if (!len)
		abort();
	s->partial_max = 0;
	for (size_t i = 0; i < n; i++) {
		len[i] = p[i].partial;
		if (len[i] > s->partial_max)
			s->partial_max = len[i];
	}
	s->partial_median = stats_median(len, n);
	s->partial_mean = 0;
	for (size_t i = 1; i < n; i++)
		s->partial_mean += (p[i].t_ms - p[i - 1].t_ms) * (p[i].partial + p[i - 1].partial) / 2;
	s->partial_mean /= dur;
	free(len);
	s->samples = n;
	s->duration_ms = dur;
	s->added_per_ms = (p[n - 1].added - p[0].added) / dur;
	s->taken_per_ms = (p[n - 1].taken - p[0].taken) / dur;
	return 0;
}

double series_share_pct(size_t samples, double sample_ns, double duration_ms, double vcpus)
{
	if (!(sample_ns > 0) || !(duration_ms > 0) || !(vcpus > 0))
		return NAN;
	return 100.0 * (double)samples * sample_ns / (duration_ms * 1e6 * vcpus);
}
