// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the report's statistics. Expected values come from SciPy
 * 1.10.1 (Debian bookworm's python3-scipy), computed independently with:
 *   a = [10.66, 9.8, 11.2, 10.1, 12.0, 10.9, 11.5, 9.9]
 *   b = [8.74, 9.1, 8.2, 9.6, 8.9, 8.5, 9.3, 10.2]
 *   stats.ttest_ind(a, b, equal_var=False)     -> t 4.701348400441469, p 0.000384608982977494
 *   stats.mannwhitneyu(a, b, alternative='two-sided', method='asymptotic',
 *                      use_continuity=True)    -> U 61.0, p 0.002761604417827473
 *   np.mean(a), np.std(a, ddof=1)              -> 10.7575, 0.7932888143
 *   mean -+ stats.t.ppf(0.975, 7) * sd / sqrt(8) -> 10.09429395 .. 11.42070605
 *   np.median(a)                               -> 10.78
 *   np.percentile(a, 25), np.percentile(a, 75) -> 10.05, 11.275
 *   with ties: c = [1, 2, 2, 3, 3, 3], d = [2, 3, 4, 4, 5]
 *   mannwhitneyu(c, d, ...)                    -> U 5.5, p 0.08871369199677616
 *   ttest_ind(c, d, equal_var=False)           -> t -2.079267489625414, p 0.07554866205539645
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stats.h"

static const double A[] = { 10.66, 9.8, 11.2, 10.1, 12.0, 10.9, 11.5, 9.9 };
static const double B[] = { 8.74, 9.1, 8.2, 9.6, 8.9, 8.5, 9.3, 10.2 };
static const double C[] = { 1, 2, 2, 3, 3, 3 };
static const double D[] = { 2, 3, 4, 4, 5 };

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
	close_to(stats_welch(C, 6, D, 5, &t, NULL), 0.07554866205539645, 1e-12);
	close_to(t, -2.079267489625414, 1e-12);
	assert_true(isnan(stats_welch(A, 1, B, 8, NULL, NULL)));
	assert_true(isnan(stats_welch(C + 3, 3, C + 3, 3, NULL, NULL))); /* no variance */
}

static void mann_whitney(void **state)
{
	double u;

	(void)state;
	close_to(stats_mann_whitney(A, 8, B, 8, &u), 0.002761604417827473, 1e-12);
	close_to(u, 61.0, 0);
	close_to(stats_mann_whitney(C, 6, D, 5, &u), 0.08871369199677616, 1e-12);
	close_to(u, 5.5, 0);
	assert_true(isnan(stats_mann_whitney(C + 3, 3, C + 3, 3, NULL))); /* all tie */
}

static void bootstrap(void **state)
{
	double lo, hi, lo2, hi2, twice[8];

	(void)state;
	assert_int_equal(stats_bootstrap_ratio(A, 8, B, 8, 42, 2000, &lo, &hi), 0);
	/* the point estimate, 10.78 / 9.0, lies inside its interval */
	assert_true(lo < 10.78 / 9.0 && 10.78 / 9.0 < hi);
	assert_true(lo > 1.0); /* the samples do not overlap much */
	/* same seed, same interval; another seed, another */
	assert_int_equal(stats_bootstrap_ratio(A, 8, B, 8, 42, 2000, &lo2, &hi2), 0);
	assert_true(lo == lo2 && hi == hi2);
	/* a sample against itself: the interval holds 1; against itself
	 * doubled, it holds 2 and not 1 */
	for (int i = 0; i < 8; i++)
		twice[i] = 2 * B[i];
	assert_int_equal(stats_bootstrap_ratio(B, 8, B, 8, 1, 2000, &lo, &hi), 0);
	assert_true(lo < 1.0 && 1.0 < hi);
	assert_int_equal(stats_bootstrap_ratio(twice, 8, B, 8, 1, 2000, &lo, &hi), 0);
	assert_true(lo < 2.0 && 2.0 < hi && lo > 1.0);
	assert_int_equal(stats_bootstrap_ratio(B + 7, 1, B + 6, 1, 1, 500, &lo, &hi), 0);
	close_to(lo, 10.2 / 9.3, 1e-12);
	close_to(hi, 10.2 / 9.3, 1e-12);
	{
		static const double zero[] = { 0, 0 };

		assert_int_equal(stats_bootstrap_ratio(A, 8, zero, 2, 1, 100, &lo, &hi), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(summary),
		cmocka_unit_test(welch),
		cmocka_unit_test(mann_whitney),
		cmocka_unit_test(bootstrap),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
