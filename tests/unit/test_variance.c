// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the variance experiment's statistics (src/stats/variance.c).
 * Expected values from SciPy 1.10.1 / NumPy, computed independently by
 * tests/unit/variance_expected.py on the eight boots below. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "variance.h"

/* tests/unit/variance_expected.py prints these */
#define SD_FIRST 0.073672843111572
#define SD_FIRST_LO 0.0487105793362785
#define SD_FIRST_HI 0.149944281433408
#define AA_FIRST 1.01694162760068
#define AA_FIRST_LO 0.818617492329998
#define AA_FIRST_HI 1.26331318795009
#define AA_FIRST_SD 0.136334155873873
#define COST_FIRST 7.77875
#define COST_MEAN 15.65375
#define COST_CAL 9.8125
#define SD_MEAN 0.0634329949942094
#define SD_DROP 0.0586618572119733
#define WITHIN 0.030883569355561
#define BETWEEN 0.0608753910477965
#define FIRST_RATIO 1.03739099278
#define FIRST_LO 1.02110315407758
#define FIRST_HI 1.05393864234339
#define CAL_BETA 1.10308689845901
#define CAL_R 0.955907107777599
#define CAL_SD 0.0233689516878687
#define CAL_AA 1.00020207301792
#define CAL_AA_LO 0.909580315980407
#define CAL_AA_HI 1.09985250262485
#define CAL_AA_SD 0.0436857942197461
#define F_P 0.228582249727443

static const double RUN[8][3] = {
	{ 4.0, 3.8, 3.9 }, { 4.4, 4.1, 4.3 }, { 3.7, 3.6, 3.8 }, { 4.1, 4.0, 3.9 },
	{ 4.6, 4.2, 4.4 }, { 3.9, 3.9, 3.7 }, { 4.2, 4.0, 4.1 }, { 3.8, 3.7, 3.6 },
};
static const double CL[8] = { 2.00, 2.15, 1.90, 2.05, 2.30, 1.95, 2.00, 1.92 };
static const double CP[8] = { 2.5, 2.6, 2.4, 2.7, 2.8, 2.5, 2.6, 2.4 };
static const double BS[8] = { 20, 21, 19, 20, 22, 20, 21, 19 };

static void boots(struct vboot *b)
{
	for (int i = 0; i < 8; i++) {
		b[i] = (struct vboot){ .boot = i + 1, .bsecs = BS[i], .cal_loop = CL[i],
				       .cal_pipe = CP[i], .nrun = 3 };
		for (int j = 0; j < 3; j++)
			b[i].run[j] = RUN[i][j];
	}
}

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

/* strategy s on the eight boots above */
static struct vresult run(enum vstrategy s)
{
	struct vboot b[8];
	struct vresult r;

	boots(b);
	assert_int_equal(variance_strategy(b, 8, s, &r), 0);
	return r;
}

static void test_first(void **state)
{
	struct vresult r = run(V_FIRST);

	(void)state;
	NEAR(r.sd_boot, SD_FIRST);
	NEAR(r.sd_lo, SD_FIRST_LO);
	NEAR(r.sd_hi, SD_FIRST_HI);
	assert_int_equal(r.pairs, 4);
	NEAR(r.aa_ratio, AA_FIRST);
	NEAR(r.aa_lo, AA_FIRST_LO);
	NEAR(r.aa_hi, AA_FIRST_HI);
	NEAR(r.aa_sd, AA_FIRST_SD);
	NEAR(r.cost, COST_FIRST);
	NEAR(r.within_sd, WITHIN);
	NEAR(r.between_sd, BETWEEN);
	NEAR(r.first_ratio, FIRST_RATIO);
	NEAR(r.first_lo, FIRST_LO);
	NEAR(r.first_hi, FIRST_HI);
	assert_true(isnan(r.beta));
}

static void test_runs(void **state)
{
	struct vresult r = run(V_MEAN), d = run(V_DROP_FIRST);

	(void)state;
	NEAR(r.sd_boot, SD_MEAN);
	NEAR(r.cost, COST_MEAN);
	assert_true(isnan(r.within_sd));
	NEAR(d.sd_boot, SD_DROP);
	NEAR(d.cost, COST_MEAN);
}

static void test_calibrated(void **state)
{
	struct vresult r = run(V_CAL_LOOP);

	(void)state;
	NEAR(r.beta, CAL_BETA);
	NEAR(r.r, CAL_R);
	NEAR(r.sd_boot, CAL_SD);
	NEAR(r.aa_ratio, CAL_AA);
	NEAR(r.aa_lo, CAL_AA_LO);
	NEAR(r.aa_hi, CAL_AA_HI);
	NEAR(r.aa_sd, CAL_AA_SD);
	NEAR(r.cost, COST_CAL);
}

/* A time that is exactly a power of its calibration leaves no residual. */
static void test_perfect_covariate(void **state)
{
	struct vboot b[8];
	struct vresult r;

	(void)state;
	boots(b);
	for (int i = 0; i < 8; i++)
		b[i].run[0] = 3 * pow(b[i].cal_pipe, 1.5);
	assert_int_equal(variance_strategy(b, 8, V_CAL_PIPE, &r), 0);
	NEAR(r.beta, 1.5);
	NEAR(r.r, 1);
	assert_true(r.sd_boot < 1e-9);
	assert_true(r.aa_sd < 1e-9);
	assert_int_equal(variance_strategy(b, 8, V_FIRST, &r), 0);
	assert_true(r.sd_boot > 0.01);
}

static void test_too_few(void **state)
{
	struct vboot b[8];
	struct vresult r;

	(void)state;
	boots(b);
	assert_int_equal(variance_strategy(b, 3, V_FIRST, &r), -1);
	assert_true(isnan(r.sd_boot));
	b[0].nrun = 1;
	assert_int_equal(variance_strategy(b, 8, V_FIRST, &r), -1);
}

static void test_f(void **state)
{
	(void)state;
	NEAR(variance_f_p(0.05, 7, 0.08, 9), F_P);
	NEAR(variance_f_p(0.1, 10, 0.1, 10), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first),
		cmocka_unit_test(test_runs),
		cmocka_unit_test(test_calibrated),
		cmocka_unit_test(test_perfect_covariate),
		cmocka_unit_test(test_too_few),
		cmocka_unit_test(test_f),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
