// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the report's statistics. Expected values come from SciPy
 * 1.10.1 and statsmodels 0.13.5 (Debian bookworm's python3-scipy and
 * python3-statsmodels), computed independently with:
 *   a = [10.66, 9.8, 11.2, 10.1, 12.0, 10.9, 11.5, 9.9]
 *   b = [8.74, 9.1, 8.2, 9.6, 8.9, 8.5, 9.3, 10.2]
 *   np.mean(a), np.std(a, ddof=1)              -> 10.7575, 0.7932888143
 *   mean -+ stats.t.ppf(0.975, 7) * sd / sqrt(8) -> 10.09429395 .. 11.42070605
 *   np.median(a), np.percentile(a, [25, 75])   -> 10.78, 10.05, 11.275
 *   stats.ttest_ind(a, b, equal_var=False)     -> t 4.701348400441469, p 0.000384608982977494
 *   paired, d = log(a) - log(b):
 *     stats.ttest_1samp(d, 0)                  -> t 3.8707907523233924, p 0.006125420992190705
 *     exp(mean d)                              -> 1.1860873842704955
 *     exp(mean d -+ t.ppf(0.975, 7) sd/sqrt 8) -> 1.0686601217326956 .. 1.3164178717969512
 *     the same at 99%                          -> 1.016505373160799 .. 1.3839604986555116
 *     stats.wilcoxon(d)                        -> p 0.015625 (exact)
 *   unpaired on the logs (Welch):
 *     stats.ttest_ind(log a, log b, equal_var=False) -> p 0.0002986238254412501
 *     interval                                 -> 1.098544993024483 .. 1.2806059761398154, df 13.954372111212765
 *   stats.wilcoxon([1, -2, 2, 3, -3, 3, 4, 0]) -> p 0.26758390747028626 (zero dropped, ties: normal)
 *   multipletests([0.01, 0.04, 0.03, 0.005, 0.2], method="holm")
 *                                              -> [0.04, 0.09, 0.09, 0.025, 0.2]
 *   multipletests([0.03, 0.04], method="holm") -> [0.06, 0.06]
 *   stats.f_oneway([1, 2, 3], [4, 5, 6])       -> F 13.5, p 0.02131164112875672
 *   stats.f_oneway([.10, .12, .08, .11], [.02, .05, .01], [.09, .10])
 *                                              -> F 18.134883720930226, p 0.0028599877687634887
 * Intervals agree to 1e-9: GSL's t quantiles are good to about 1e-10.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "residuals.h"
#include "slowdown.h"
#include "cost.h"
#include "emuratio.h"
#include "mainconfig.h"
#include "series.h"
#include "bisect.h"
#include "stats.h"
#include "num.h"

static const double A[] = { 10.66, 9.8, 11.2, 10.1, 12.0, 10.9, 11.5, 9.9 };
static const double B[] = { 8.74, 9.1, 8.2, 9.6, 8.9, 8.5, 9.3, 10.2 };
static const double C[] = { 1, 2, 2, 3, 3, 3 };

#define close_to(x, want, tol) assert_true(fabs((x) - (want)) <= (tol))

static void summary(void **state)
{
	struct summary s;

	(void)state;
	stats_summary(A, 8, &s);
	assert_int_equal(s.n, 8);
	close_to(s.min, 9.8, 1e-12);
	close_to(s.max, 12.0, 1e-12);
	close_to(s.median, 10.78, 1e-12);
	close_to(s.q1, 10.05, 1e-12); /* np.percentile(a, 25) */
	close_to(s.q3, 11.275, 1e-12); /* np.percentile(a, 75) */
	close_to(s.mean, 10.7575, 1e-12);
	close_to(s.sd, 0.7932888143, 1e-9);
	close_to(s.cov_pct, 7.37428598, 1e-7);
	close_to(s.ci_lo, 10.09429395, 1e-7);
	close_to(s.ci_hi, 11.42070605, 1e-7);
	stats_summary(C, 5, &s); /* odd count: the middle value */
	close_to(s.median, 2, 0);
	stats_summary(A, 1, &s); /* one value: no interval */
	assert_true(isnan(s.ci_lo) && isnan(s.sd));
}

static void welch(void **state)
{
	double t, df;

	(void)state;
	close_to(stats_welch(A, 8, B, 8, &t, &df), 0.000384608982977494, 1e-12);
	close_to(t, 4.701348400441469, 1e-12);
	assert_true(isnan(stats_welch(A, 1, B, 8, NULL, NULL)));
	assert_true(isnan(stats_welch(C + 3, 3, C + 3, 3, NULL, NULL))); /* no variance */
}

static void paired(void **state)
{
	struct ratio r;
	static const double one[] = { 2.0, 2.0, 2.0 }, two[] = { 4.0, 4.0, 4.0 };

	(void)state;
	assert_int_equal(stats_paired_ratio(A, B, 8, 0.95, &r), 0);
	close_to(r.ratio, 1.1860873842704955, 1e-12);
	close_to(r.lo, 1.0686601217326956, 1e-9);
	close_to(r.hi, 1.3164178717969512, 1e-9);
	close_to(r.t, 3.8707907523233924, 1e-12);
	close_to(r.p, 0.006125420992190705, 1e-12);
	assert_int_equal(stats_paired_ratio(A, B, 8, 0.99, &r), 0);
	close_to(r.lo, 1.016505373160799, 1e-9);
	close_to(r.hi, 1.3839604986555116, 1e-9);
	/* a kernel against itself: ratio 1, p 1; twice as slow every round: 2, p 0 */
	assert_int_equal(stats_paired_ratio(B, B, 8, 0.95, &r), 0);
	close_to(r.ratio, 1, 1e-15);
	close_to(r.p, 1, 0);
	assert_int_equal(stats_paired_ratio(two, one, 3, 0.95, &r), 0);
	close_to(r.lo, 2, 1e-12);
	close_to(r.p, 0, 0);
	/* too few pairs, or a time that is not positive */
	assert_int_equal(stats_paired_ratio(A, B, 1, 0.95, &r), -1);
	assert_true(isnan(r.lo));
	assert_int_equal(stats_paired_ratio(C, B, 2, 0.95, &r), 0);
	{
		static const double bad[] = { 1.0, 0.0 };

		assert_int_equal(stats_paired_ratio(bad, B, 2, 0.95, &r), -1);
	}
}

static void unpaired(void **state)
{
	struct ratio r;

	(void)state;
	assert_int_equal(stats_unpaired_ratio(A, 8, B, 8, 0.95, &r), 0);
	close_to(r.ratio, 1.1860873842704949, 1e-12);
	close_to(r.lo, 1.098544993024483, 1e-9);
	close_to(r.hi, 1.2806059761398154, 1e-9);
	close_to(r.df, 13.954372111212765, 1e-9);
	close_to(r.p, 0.0002986238254412501, 1e-12);
	assert_int_equal(stats_unpaired_ratio(A, 1, B, 8, 0.95, &r), -1);
}

static void wilcoxon(void **state)
{
	double d[8];
	static const double ties[] = { 1, -2, 2, 3, -3, 3, 4, 0 };
	static const double zeros[] = { 0, 0, 0 };

	(void)state;
	for (int i = 0; i < 8; i++)
		d[i] = log(A[i]) - log(B[i]);
	close_to(stats_wilcoxon(d, 8), 0.015625, 1e-15);
	close_to(stats_wilcoxon(ties, 8), 0.26758390747028626, 1e-12);
	assert_true(isnan(stats_wilcoxon(zeros, 3)));
}

/* host x kernel interaction: the hosts' per-round log ratios compared */
static void anova(void **state)
{
	const double x[] = { 1, 2, 3, 4, 5, 6 };
	const size_t g[] = { 0, 0, 0, 1, 1, 1 };
	const double y[] = { .10, .12, .08, .11, .02, .05, .01, .09, .10 };
	/* group 1 of 4 is empty: left out */
	const size_t h[] = { 0, 0, 0, 0, 2, 2, 2, 3, 3 };

	(void)state;
	assert_true(fabs(stats_anova_p(x, g, 6, 2) - 0.02131164112875672) < 1e-9);
	assert_true(fabs(stats_anova_p(y, h, 9, 4) - 0.0028599877687634887) < 1e-9);
	/* one group: no test */
	assert_true(isnan(stats_anova_p(x, g, 3, 2)));
}

static void holm(void **state)
{
	static const double p[] = { 0.01, 0.04, 0.03, 0.005, 0.2 };
	static const double want[] = { 0.04, 0.09, 0.09, 0.025, 0.2 };
	static const double p2[] = { 0.03, NAN, 0.04 };
	double adj[5], level[5];

	(void)state;
	stats_holm(p, 5, 0.05, adj, level);
	for (int i = 0; i < 5; i++)
		close_to(adj[i], want[i], 1e-15);
	/* 0.005 and 0.01 rejected at steps 1 and 2; 0.03 kept at step 3, so
	 * it and every later p get that step's level */
	close_to(level[3], 1 - 0.05 / 5, 1e-15);
	close_to(level[0], 1 - 0.05 / 4, 1e-15);
	close_to(level[2], 1 - 0.05 / 3, 1e-15);
	close_to(level[1], 1 - 0.05 / 3, 1e-15);
	close_to(level[4], 1 - 0.05 / 3, 1e-15);
	/* rejected exactly when the interval at its level excludes the null:
	 * p < 1 - level */
	for (int i = 0; i < 5; i++)
		assert_true((adj[i] < 0.05) == (p[i] < 1 - level[i]));
	/* a NAN is no member of the family */
	stats_holm(p2, 3, 0.05, adj, level);
	close_to(adj[0], 0.06, 1e-15);
	close_to(adj[2], 0.06, 1e-15);
	assert_true(isnan(adj[1]) && isnan(level[1]));
	close_to(level[0], 1 - 0.05 / 2, 1e-15);
	close_to(level[2], 1 - 0.05 / 2, 1e-15);
}

/* The report's main configuration: real wall times before oversubscribed
 * ones, then more messages, then fewer vCPUs (0: not recorded), the first
 * row on a tie; none without a timed run */
static void main_configuration(void **state)
{
	const struct cfg_row none[] = { { 0, 1, 600000, 2 }, { 0, 1, 900000, 2 } };
	const struct cfg_row rows[] = {
		{ 4, 0, 900000, 8 },   /* oversubscribed: most messages, yet not main */
		{ 4, 1, 600000, 4 },
		{ 4, 1, 600000, 2 },   /* main: real, 600000, fewest vCPUs */
		{ 0, 1, 900000, 1 },   /* no timed run */
		{ 4, 1, 600000, 2 },   /* a tie: the first stays */
	};
	const struct cfg_row over[] = { { 3, 0, 600000, 16 }, { 3, 0, 600000, 8 } };
	const struct cfg_row old[] = { { 2, 1, 600000, 0 }, { 2, 1, 900000, 0 } };

	(void)state;
	assert_int_equal(main_config(none, 2), -1);
	assert_int_equal(main_config(rows, 0), -1);
	assert_int_equal(main_config(rows, 5), 2);
	assert_int_equal(main_config(over, 2), 1);
	assert_int_equal(main_config(old, 2), 1);
}

/* The residuals behind position and drift: boots sorted by start time,
 * numbered over every timed boot (one without a time keeps its number and
 * gives no line), each its log time minus its kernel's mean log time
 * (by hand: a's times 1 and e, mean log 1/2: -1/2 and +1/2; b alone: 0) */
static void position_residuals(void **state)
{
	struct rboot b[] = {
		{ "2026-12-05T10:00:05Z", 1, 2, "b" },
		{ "2026-12-05T10:00:09Z", 2, 1, "a" },
		{ "2026-12-05T10:00:01Z", 1, 1, "a" },
		{ "2026-12-05T10:00:07Z", 2, 2, "b" },   /* no time: a failed boot */
	};
	const struct rtime t[] = { { "a", 1, 1.0 }, { "b", 1, 2.0 }, { "a", 2, exp(1.0) } };
	struct resid out[4];
	size_t n;

	(void)state;
	n = residuals(b, 4, t, 3, out);
	assert_int_equal(n, 3);
	assert_int_equal(out[0].number, 1);
	assert_string_equal(out[0].kernel, "a");
	assert_int_equal(out[0].position, 1);
	assert_float_equal(out[0].r, -0.5, 1e-12);
	assert_int_equal(out[1].number, 2);
	assert_string_equal(out[1].kernel, "b");
	assert_float_equal(out[1].r, 0, 1e-12);
	assert_int_equal(out[2].number, 4);
	assert_string_equal(out[2].kernel, "a");
	assert_int_equal(out[2].position, 1);
	assert_float_equal(out[2].r, 0.5, 1e-12);
	assert_int_equal(residuals(b, 0, t, 3, out), 0);
}

/* Their summary by position and half (Python's math.expm1): positions 1
 * and 2 mean 0.15 and -0.05, halves 0 and 0.1; with 3 boots the first half
 * is boot 1 alone; one boot, or a position out of range, shows nothing. */
static void drift(void **state)
{
	const struct resid r[] = { { 1, 1, "a", 0.1 }, { 2, 2, "b", -0.1 }, { 3, 1, "a", 0.2 }, { 4, 2, "b", 0.0 } };
	const struct resid odd[] = { { 1, 1, "a", 0.3 }, { 2, 3, "b", 0.1 }, { 3, 1, "a", -0.1 } };
	const struct resid far[] = { { 1, 1, "a", 0.3 }, { 2, RES_MAXPOS + 1, "b", 0.1 } };
	static double pos[RES_MAXPOS];
	static size_t npos[RES_MAXPOS];
	double half[2];
	long maxp;

	(void)state;
	assert_int_equal(drift_summary(r, 4, pos, npos, &maxp, half), 0);
	assert_int_equal(maxp, 2);
	assert_int_equal(npos[0], 2);
	assert_float_equal(pos[0], 0.16183424272828312, 1e-12);
	assert_float_equal(pos[1], -0.04877057549928599, 1e-12);
	assert_float_equal(half[0], 0, 1e-12);
	assert_float_equal(half[1], 0.10517091807564763, 1e-12);
	assert_int_equal(drift_summary(odd, 3, pos, npos, &maxp, half), 0);
	assert_int_equal(maxp, 3);
	assert_int_equal(npos[1], 0);
	assert_float_equal(pos[1], 0, 1e-12);
	assert_float_equal(half[0], 0.3498588075760031, 1e-12);
	assert_float_equal(half[1], 0, 1e-12);
	assert_int_equal(drift_summary(r, 1, pos, npos, &maxp, half), -1);
	assert_int_equal(drift_summary(far, 2, pos, npos, &maxp, half), -1);
}

/* The scaling verdict's reading of two intervals: wholly above, wholly
 * below, touching or overlapping (no detectable change) */
static void interval_order(void **state)
{
	(void)state;
	assert_int_equal(stats_interval_order(2.2, 3.3, 4.5, 5.2), 1);
	assert_int_equal(stats_interval_order(4.5, 5.2, 2.2, 3.3), -1);
	assert_int_equal(stats_interval_order(2.2, 3.3, 3.3, 5.2), 0);
	assert_int_equal(stats_interval_order(2.2, 3.3, 1.0, 2.2), 0);
	assert_int_equal(stats_interval_order(2.2, 3.3, 2.5, 2.6), 0);
}

/* A study's windows within boots (by hand): boots {1, 3} and {5, 7}: boot
 * means 2 and 6, mean 4; between: sd(2, 6) / 4 = sqrt(8) / 4; within:
 * pooled sd sqrt(4 / 2) / 4; one boot: no between; an empty boot or a zero
 * mean: refused */
static void within_between(void **state)
{
	const double x[] = { 1, 3, 5, 7 }, zero[] = { 0, 0 };
	const size_t g[] = { 0, 0, 1, 1 }, one[] = { 0, 0, 0, 0 }, gap[] = { 0, 0, 2, 2 };
	double mean = -1, w = -1, b = -1;

	(void)state;
	assert_int_equal(stats_within_between(x, g, 4, 2, &mean, &w, &b), 0);
	assert_float_equal(mean, 4, 1e-12);
	assert_float_equal(b, sqrt(8.0) / 4, 1e-12);
	assert_float_equal(w, sqrt(2.0) / 4, 1e-12);
	assert_int_equal(stats_within_between(x, one, 4, 1, &mean, &w, &b), 0);
	assert_float_equal(b, 0, 1e-12);
	assert_float_equal(mean, 4, 1e-12);
	assert_int_equal(stats_within_between(x, gap, 4, 3, &mean, &w, &b), -1);
	assert_int_equal(stats_within_between(zero, g, 2, 1, &mean, &w, &b), -1);
}

/* The emulated counters' cost: mean 30 s over 3 emulated runs against
 * mean 2 s over 2 timed runs is 15; no runs of a kind: no ratio */
static void slowdown(void **state)
{
	(void)state;
	assert_float_equal(slowdown_ratio(90, 3, 4, 2), 15, 1e-12);
	assert_true(isnan(slowdown_ratio(90, 3, 0, 0)));
	assert_true(isnan(slowdown_ratio(0, 0, 4, 2)));
}

/* The emulated counters' ratio (emuratio.c) on tests/fixtures.sh's
 * mkemulated values: tail 800, 808, 792 against head 1.5 times as many;
 * SciPy 1.10.1 (stated there): Welch's on the logs p 9.8e-7, 95% interval
 * 1.4664..1.5344; with two boots each the range 1200/808..1212/800; a
 * value of 0 gives nothing */
static void emulated_ratio(void **state)
{
	const double head[] = { 1200, 1212, 1188 }, tail[] = { 800, 808, 792 }, zero[] = { 800, 0 };
	struct emu_ratio q;
	double mean, min, max;

	(void)state;
	assert_int_equal(emu_ratio(head, 3, tail, 3, 0.95, &q), 0);
	assert_true(q.ci);
	assert_float_equal(q.ratio, 1.5, 1e-12);
	assert_float_equal(q.lo, 1.4664, 5e-5);
	assert_float_equal(q.hi, 1.5344, 5e-5);
	assert_float_equal(emu_welch_p(head, 3, tail, 3), 9.8e-7, 0.05e-7);
	assert_int_equal(emu_ratio(head, 2, tail, 2, 0.95, &q), 0);
	assert_false(q.ci);
	assert_float_equal(q.lo, 1200.0 / 808, 1e-12);
	assert_float_equal(q.hi, 1212.0 / 800, 1e-12);
	assert_true(isnan(emu_welch_p(head, 2, tail, 2)));
	assert_int_equal(emu_ratio(head, 2, zero, 2, 0.95, &q), -1);
	emu_range(tail, 3, &mean, &min, &max);
	assert_float_equal(mean, 800, 1e-12);
	assert_float_equal(min, 792, 0);
	assert_float_equal(max, 808, 0);
}

/* The partial list over time (series.c), by hand: rates between samples
 * (none at the first, nor where time did not move), a run's summary (median
 * and max length, rates over the whole run), the sampler's share */
static void series(void **state)
{
	const struct series_point p[] = {
		{ 0, 4, 0, 0 }, { 20, 10, 100, 40 }, { 20, 12, 100, 40 }, { 250, 2, 1250, 1190 }, { 260, 3, 1260, 1195 },
	};
	double a[5], t[5];
	struct series_summary s;

	(void)state;
	series_rates(p, 5, a, t);
	assert_true(isnan(a[0]) && isnan(t[0]) && isnan(a[2]));
	assert_float_equal(a[1], 5, 1e-12);
	assert_float_equal(t[1], 2, 1e-12);
	assert_float_equal(a[3], 5, 1e-12);
	assert_float_equal(t[3], 5, 1e-12);
	assert_float_equal(a[4], 1, 1e-12);
	assert_int_equal(series_summarise(p, 5, &s), 0);
	assert_int_equal(s.samples, 5);
	assert_float_equal(s.duration_ms, 260, 0);
	assert_float_equal(s.partial_median, 4, 0);
	assert_float_equal(s.partial_max, 12, 0);
	assert_float_equal(s.added_per_ms, 1260.0 / 260, 1e-12);
	assert_float_equal(s.taken_per_ms, 1195.0 / 260, 1e-12);
	assert_int_equal(series_summarise(p, 1, &s), -1);
	assert_int_equal(series_summarise(p + 1, 2, &s), -1);
	/* 13 samples of 1 ms over 2281 ms on 2 vCPUs: 0.285% */
	assert_float_equal(series_share_pct(13, 1e6, 2281, 2), 1300.0 / 4562, 1e-9);
	assert_true(isnan(series_share_pct(13, NAN, 2281, 2)));
}

/* Bisect's decisions (bisect.c), on stored values: the ends (up, down,
 * too close, missing), a value's zone (a quarter of the log gap from each
 * edge), a step's verdict (all good, all bad, mixed, spent: skip), the next
 * step (the middle, an unclear one first, around skipped ones), and a
 * whole bisect of 8 changes finding the culprit in ceil(log2 8) = 3 steps */
static void bisect(void **state)
{
	const double good[] = { 100, 104 }, bad[] = { 250, 260 }, near[] = { 140 };
	struct bisect_ends e;
	enum bisect_verdict v[9] = { BV_GOOD, BV_NONE, BV_NONE, BV_NONE, BV_NONE, BV_NONE, BV_NONE, BV_NONE, BV_BAD };
	int lo, hi;

	(void)state;
	assert_int_equal(bisect_ends(good, 2, bad, 2, 1.5, &e), 0);
	assert_true(e.up);
	assert_float_equal(e.good_edge, 104, 0);
	assert_float_equal(e.bad_edge, 250, 0);
	assert_int_equal(bisect_ends(good, 2, near, 1, 1.5, &e), -1);
	assert_int_equal(bisect_ends(good, 0, bad, 2, 1.5, &e), -1);
	assert_int_equal(bisect_ends(bad, 2, good, 2, 1.5, &e), 0);
	assert_false(e.up);
	assert_int_equal(bisect_value(&e, 120), BV_BAD);
	assert_int_equal(bisect_ends(good, 2, bad, 2, 1.5, &e), 0);
	/* the gap 104..250: log 2.404, a quarter 1.245x: good to 129.5, bad from 200.8 */
	assert_int_equal(bisect_value(&e, 129), BV_GOOD);
	assert_int_equal(bisect_value(&e, 130), BV_UNCLEAR);
	assert_int_equal(bisect_value(&e, 200), BV_UNCLEAR);
	assert_int_equal(bisect_value(&e, 201), BV_BAD);
	assert_int_equal(bisect_step(&e, (double[]){ 101, 110 }, 2, 0, 3), BV_GOOD);
	assert_int_equal(bisect_step(&e, (double[]){ 240 }, 1, 1, 3), BV_BAD);
	assert_int_equal(bisect_step(&e, (double[]){ 101, 240 }, 2, 0, 3), BV_UNCLEAR);
	assert_int_equal(bisect_step(&e, (double[]){ 101, 240, 150 }, 3, 0, 3), BV_SKIP);
	assert_int_equal(bisect_step(&e, NULL, 0, 3, 3), BV_SKIP);
	assert_int_equal(bisect_step(&e, NULL, 0, 0, 3), BV_NONE);
	assert_int_equal(bisect_next(v, 9, &lo, &hi), 4);
	v[4] = BV_UNCLEAR;
	assert_int_equal(bisect_next(v, 9, &lo, &hi), 4);
	v[4] = BV_SKIP;
	assert_int_equal(bisect_next(v, 9, &lo, &hi), 3);
	v[3] = BV_BAD, v[4] = BV_NONE;
	assert_int_equal(bisect_next(v, 9, &lo, &hi), 1);
	assert_int_equal(hi, 3);
	v[1] = BV_GOOD, v[2] = BV_SKIP;
	assert_int_equal(bisect_next(v, 9, &lo, &hi), -1);
	assert_int_equal(lo, 1);
	assert_int_equal(hi, 3);
	/* 8 changes, the 5th turns head insertion on: 3 steps find it */
	for (int culprit = 1; culprit <= 8; culprit++) {
		enum bisect_verdict w[9] = { BV_GOOD };
		int steps = 0, s;

		for (int i = 1; i < 9; i++)
			w[i] = BV_NONE;
		w[8] = BV_BAD;
		while ((s = bisect_next(w, 9, &lo, &hi)) >= 0) {
			w[s] = bisect_value(&e, s >= culprit ? 255 : 102);
			steps++;
		}
		assert_int_equal(hi, culprit);
		assert_int_equal(lo, culprit - 1);
		assert_true(steps <= 3);
	}
}

/* One grammar for every number read: plain decimals, nothing around them,
 * nothing that is not finite, underflows or is subnormal. */
static void decimals(void **state)
{
	static const struct {
		const char *s;
		double v;
	} good[] = { { "0", 0 }, { "-0", 0 }, { "12", 12 }, { "1.5", 1.5 }, { ".5", .5 }, { "5.", 5 },
		     { "-2.5e3", -2500 }, { "1E-3", .001 }, { "2.2250738585072014e-308", 2.2250738585072014e-308 } };
	static const char *const bad[] = { "", "-", ".", "e3", "1e", "1e+", " 1", "1 ", "\n\n  0.5", "+1", "0x10",
					   "0x1p3", "inf", "nan", "1e309", "5e-324", "1e-400", "1,5", "--1", "1.2.3" };
	double v;

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		v = -1;
		if (num_decimal(good[i].s, &v))
			fail_msg("'%s' refused", good[i].s);
		assert_float_equal(v, good[i].v, 0);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 7;
		if (!num_decimal(bad[i], &v))
			fail_msg("'%s' taken as %g", bad[i], v);
		assert_float_equal(v, 7, 0);
	}
}

/* What boots cost (cost.c): times as date -u -d TIME +%s gives them; two
 * timed boots of 10 and 14 s from :00 and :20, three emulated of 100, 90
 * and 120 s from :00, :00 and :40 (median 100): the span is :00 to :160 */
static void boot_cost(void **state)
{
	static const struct { const char *s; long long t; } good[] = {
		{ "1970-01-01T00:00:00Z", 0 }, { "1969-12-31T23:59:59Z", -1 },
		{ "2026-12-05T17:03:19Z", 1796490199 }, { "2000-02-29T23:59:59Z", 951868799 },
		{ "2100-03-01T00:00:00Z", 4107542400 },
	};
	static const char *const bad[] = { "2026-12-05 17:03:19Z", "2026-12-05T17:03:19", "2026-13-01T00:00:00Z",
					   "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-12-05T24:00:00Z",
					   "2026-12-05T17:03:19Z ", "", "+026-12-05T17:03:19Z" };
	struct cost_boot b[] = { { 2, 1000, 100 }, { 0, 1000, 10 }, { 2, 1000, 90 }, { 0, 1020, 14 }, { 2, 1040, 120 } };
	struct cost_kind per[COST_KINDS];
	long long t;
	double span;

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(cost_utc(good[i].s, &t), 0);
		assert_true(t == good[i].t);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!cost_utc(bad[i], &t))
			fail_msg("'%s' taken as %lld", bad[i], t);
	cost_summarise(b, 5, per, &span);
	assert_float_equal(span, 160, 0);
	assert_int_equal(per[0].boots, 2);
	assert_float_equal(per[0].total, 24, 0);
	assert_float_equal(per[0].median, 12, 0);
	assert_float_equal(per[0].least, 10, 0);
	assert_float_equal(per[0].most, 14, 0);
	assert_int_equal(per[2].boots, 3);
	assert_float_equal(per[2].total, 310, 0);
	assert_float_equal(per[2].median, 100, 0);
	assert_int_equal(per[1].boots, 0);
	assert_true(isnan(per[1].median));
	cost_summarise(b, 0, per, &span);
	assert_float_equal(span, 0, 0);
	assert_int_equal(per[0].boots, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(decimals),
		cmocka_unit_test(summary),
		cmocka_unit_test(series),
		cmocka_unit_test(bisect),
		cmocka_unit_test(main_configuration),
		cmocka_unit_test(position_residuals),
		cmocka_unit_test(drift),
		cmocka_unit_test(interval_order),
		cmocka_unit_test(within_between),
		cmocka_unit_test(slowdown),
		cmocka_unit_test(boot_cost),
		cmocka_unit_test(emulated_ratio),
		cmocka_unit_test(welch),
		cmocka_unit_test(paired),
		cmocka_unit_test(unpaired),
		cmocka_unit_test(wilcoxon),
		cmocka_unit_test(holm),
		cmocka_unit_test(anova),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
