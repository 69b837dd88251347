/* A study's windows: the emulated counts' variation within a boot and
 * between boots (studies/emu-measure.sh --windows W). */
#ifndef SLUBBENCH_WINDOWS_H
#define SLUBBENCH_WINDOWS_H

/* slubstats windows EMULATED_CSV: each window's totals (a row's kernel,
 * round and config: the boot and its window), per kernel and metric
 * (instructions, misses, transfers): boots, windows, the mean of the boot
 * means and the coefficients of variation within a boot (pooled) and
 * between the boot means, in percent (stats_within_between); a metric that
 * was not counted has mean 0 and no coefficients. */
int windows_summary(const char *path);

#endif
