/* What the emulated counters cost in hackbench's own time: the mean time
 * of a configuration's runs in the emulated boots against the timed boots'
 * (every kernel's; the report's emulated section). */
#ifndef SLUBBENCH_SLOWDOWN_H
#define SLUBBENCH_SLOWDOWN_H
#include <stddef.h>

/* (sum_emulated / n_emulated) / (sum_timed / n_timed); NAN without runs of
 * either kind or a timed mean of 0 */
double slowdown_ratio(double sum_emulated, size_t n_emulated, double sum_timed, size_t n_timed);

/* slubstats slowdown HACKBENCH_CSV --config C: that ratio over the
 * successful runs of configuration C, to one decimal; nothing without it */
int slowdown_print(const char *path, const char *config);

#endif
