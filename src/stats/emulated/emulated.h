/* The emulated counters of a run (emulated.csv, written by bench/collect.sh
 * from the slubcount plugin's output), summarised for the report. */
#ifndef SLUBBENCH_EMULATED_H
#define SLUBBENCH_EMULATED_H

struct restated;   /* cycles.h */

/* Per kernel, configuration, scope and metric, over the run's emulated
 * runs (CSV on stdout): a run is one boot's window of the configuration
 * (bench --emulated-windows W: W a boot), each a replicate ("boots" below
 * are these runs; n counts them). Defined here alone:
 *   scope     all (every instruction counted), kernel (kernel functions),
 *             user (user mode); each boot's value is summed over vCPUs
 *   metric    instructions, accesses, misses, transfers, and where the
 *             misses were served from: l2_hits, memory, transfers_die,
 *             transfers_package, transfers_socket (runs made before the
 *             machine model have none of these five: no rows), and cycles,
 *             modelled on the run's machine (emucycles.c, cycles.h)
 *   per_1000_messages   1000 x the mean over boots / the configuration's
 *             hackbench messages (from HACKBENCH_CSV)
 *   spread_pct   (max - min) / mean over the kernel's boots, in percent
 *   ratio     the ratio of geometric means over boots, kernel / baseline
 *   lo, hi, bounds, level   with EMU_CI_MIN boots or more of each: the
 *             interval of that ratio, Welch's on the logs (bounds "ci95"),
 *             at the level Holm's step-down procedure gives it (level):
 *             the family is every kernel's instructions, misses,
 *             transfers and cycles, scope all, in every configuration, so that "the
 *             interval excludes 1" holds family-wise at 95%; other rows
 *             are at a plain 95%; family: the family's size, on its rows;
 *             direction: where the bounds lie against 1 (above, below,
 *             or within: they hold 1);
 *             with fewer: the smallest and the largest ratio of one boot to
 *             one baseline boot, the boot-to-boot range, not an interval
 *             (bounds "range") */
#define EMU_CI_MIN 3
/* (Each of these three prices the counts with r's restated prices; NULL: as
 * the machine table states them.) */
int emulated_summary(const char *epath, const char *hpath, const char *baseline, struct restated *r);

/* The functions of configuration config that are among the limit first of
 * some kernel by transfers or by instructions, with every kernel's mean
 * per boot of each metric and the same per 1000 messages (CSV on stdout);
 * each metric's mean is over the boots that counted it: boots (all of the
 * kernel's) for instructions, cache_boots (those with the cache model) for
 * the rest. */
int emulated_top(const char *epath, const char *hpath, const char *config, unsigned limit, struct restated *r);

/* The modelled cycles (cycles.h) of each kernel and configuration, on the
 * run's machine (emulated.csv's "machine"; a run without one is refused):
 * CSV on stdout, rows of kind
 *   part         name base, l2, memory, transfer_die, transfer_package,
 *                transfer_socket: the cycles of that part, per 1000
 *                messages (mean over the runs)
 *   spin         name instructions: the spin-waiting functions'
 *                instructions per 1000 messages; cycles_share: their share
 *                of the modelled cycles
 *   sensitivity  (each kernel but the baseline) name as-stated, factor 1:
 *                the ratio of geometric means of cycles to the baseline's;
 *                name a part, factor 0.5 or 2: the same ratio with that
 *                part's price halved or doubled
 * Every figure is over the replicates with the cache model (a cache=off
 * boot has no cycles). The ratio's interval is emulated-summary's (metric
 * cycles). */
int emulated_cycles(const char *epath, const char *hpath, const char *baseline, struct restated *r);

#endif
