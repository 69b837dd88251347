/* Where a timed boot's variance comes from, and what narrows an A/A
 * interval per minute (studies/variance.sh). */
#ifndef SLUBBENCH_VARIANCE_H
#define SLUBBENCH_VARIANCE_H
#include <stddef.h>

#define VAR_MAXREP 16

/* One boot: its wall seconds, two calibrations and the timed runs, in s. */
struct vboot {
	long boot;
	int pinned;
	double bsecs, cal_loop, cal_pipe;
	double run[VAR_MAXREP];
	int nrun;
};

/* What a boot contributes, y_r = ln run r, x = ln calibration:
 *   V_FIRST       y_1: the bench's timed boot (warm-up, one run)
 *   V_MEAN        the mean of y_1..y_R: R runs per boot
 *   V_DROP_FIRST  the mean of y_2..y_R: the first run discarded
 *   V_CAL_LOOP    y_1 adjusted by cal-loop (x), a covariate: slope fitted
 *   V_CAL_PIPE    y_1 adjusted by cal-pipe */
enum vstrategy { V_FIRST, V_MEAN, V_DROP_FIRST, V_CAL_LOOP, V_CAL_PIPE, V_NSTRAT };
extern const char *const vstrategy_name[V_NSTRAT];

struct vresult {
	size_t boots, pairs;
	double cost;            /* mean wall seconds per boot of what it needs */
	double sd_boot;         /* sd of its per-boot value across boots (a
				 * residual sd, n - 2 df, when adjusted) */
	double sd_lo, sd_hi;    /* 95% chi-square interval of sd_boot */
	/* A/A: boots taken in order two by two (U P P U gives each condition
	 * pairs of neighbours); the ratio of the pair's two boots, its mean
	 * and 95% interval (adjusted: the paired analysis of covariance,
	 * n - 2 df), and the sd of a pair's log ratio */
	double aa_ratio, aa_lo, aa_hi, aa_sd;
	double beta, r;         /* adjusted: slope of y_1 on x and correlation */
	double within_sd;       /* sd of ln run within a boot (pooled) */
	double between_sd;      /* sd of the boot's own level: sqrt(var of the
				 * boots' mean ln run - within^2 / R), 0 if < 0 */
	double first_ratio, first_lo, first_hi; /* run 1 against runs 2..R */
};

/* b[0..n-1]: the boots of one condition, in boot order, each with the
 * same nrun >= 2. Returns -1 when n < 4. Fields that do not apply are NAN. */
int variance_strategy(const struct vboot *b, size_t n, enum vstrategy s,
		      struct vresult *r);

/* Two-sided p of the F test that two sds (df1, df2) are equal. */
double variance_f_p(double sd1, double df1, double sd2, double df2);

/* slubstats variance VARIANCE_CSV...: one row per condition and strategy;
 * several runs are pooled, each one's boots numbered after the last's. */
int variance_summary(char **paths, int npaths);
#endif
