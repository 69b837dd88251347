// SPDX-License-Identifier: GPL-2.0
/* slubstats: the numbers of slubbench's report, from a run's tidy CSVs.
 *
 *   slubstats times HACKBENCH_CSV [--baseline K]
 *       per kernel and configuration: n, spread and geometric mean of the
 *       timed runs; against the baseline, THE estimand: the ratio of
 *       geometric means paired by round (per-round log ratios, Student t),
 *       its interval at the level that agrees with Holm's adjustment over
 *       every comparison of the run (family: how many), the verdict that
 *       interval gives, the plain 95% interval (for --precision), and
 *       Wilcoxon's signed-rank test as a check.
 *   slubstats mechanism COUNTERS_CSV HACKBENCH_CSV --caches LIST
 *                       [--baseline K | --pairs K:B,...] [--kind timed|emulated]
 *       per kernel, configuration, cache (each of LIST and "all" caches
 *       summed) and counter: median over rounds, per 1000 messages, and
 *       the paired ratio to the baseline with its 95% interval; the SLUB
 *       statistics of the timed rounds (default) or of the emulated
 *       counters' boots (paired by boot number: in the counting mode, by
 *       seed). --pairs K1:B1,K2:B2: each Ki against its own Bi
 *       (a kernel with a knob against its build without one), in one read;
 *       the kernels not named get no ratio.
 *   slubstats series SERIES_CSV [--summary | --baseline K]
 *       a series boot's samples of the partial lists with their rates, each
 *       run summarised, or each kernel over its boots against K (series.h)
 *   slubstats perturbation COUNTERS_CSV --caches LIST
 *       the series boots' counts against their twins' (series_csv.c)
 *   slubstats bisect STEPS_CSV --steps N [--factor F] [--max-boots M]
 *                    [--end-boots E] [--state]
 *       a bisect's steps and their verdicts, or what to boot next
 *       (bisect.h, bisect_csv.c)
 *   slubstats crosscheck COUNTERS_CSV
 *       per cache and counting run: slub:add_partial events (perf) against
 *       the add_partial sum of the SLUB statistics; agree within 1%.
 *   slubstats emulated EMULATED_CSV HACKBENCH_CSV [--baseline K]
 *       the emulated counters per kernel, configuration, scope and metric:
 *       mean over boots, spread, per 1000 messages, ratio to the baseline
 *       with the whole boot-to-boot range (emulated.h)
 *   slubstats emulated-top EMULATED_CSV HACKBENCH_CSV --config C [--limit N]
 *       the functions first by transfers, instructions or modelled cycles,
 *       every kernel's mean per boot and per 1000 messages
 *   slubstats emulated-cycles EMULATED_CSV HACKBENCH_CSV [--baseline K]
 *       the modelled cycles' parts, spin share and sensitivity (emulated.h)
 *   slubstats main-config SUMMARY_CSV
 *       the report's main configuration (mainconfig.h): its name, or exit
 *       1 when no configuration has a successful timed run
 *   slubstats residuals HACKBENCH_CSV BOOTS_CSV --config C [--vcpus V]
 *       each timed boot of configuration C (of V vCPUs) in run order: its
 *       log time minus its kernel's mean log time (residuals.h), the
 *       report's drift chart; "number position kernel residual" a line
 *   slubstats describe
 *       numbers on stdin, one a line: n, mean, sd, the 95% interval of the
 *       mean (Student t), min and max, as CSV (a study's summaries)
 *   slubstats used BOOTS_CSV
 *       a line a row of BOOTS_CSV: 1 for its boot's last attempt (whose
 *       data the run uses), 0 for one set aside (boots.h)
 *   slubstats cost BOOTS_CSV
 *       what the boots took: per kind, how many and their wall seconds (in
 *       all, least, median, most), and the run's span (cost.h)
 *   slubstats drift HACKBENCH_CSV BOOTS_CSV --config C [--vcpus V]
 *       the same residuals summarised (the report's position table): the
 *       change exp(mean) - 1 by position in the round and by half of the
 *       run, as CSV (part, index, boots, change)
 *   slubstats growth MECHANISM_CSV --from C1 --to C2 [--counter NAME]
 *       per kernel, a count's paired ratio (default add_partial) at C1 and
 *       C2 and whether it grows, shrinks or stays the same (growth.h)
 *   slubstats windows EMULATED_CSV
 *       a study's window totals: per kernel and metric, their coefficients
 *       of variation within a boot and between boots (windows.h)
 *   slubstats slowdown HACKBENCH_CSV --config C
 *       the emulated counters' cost: C's mean hackbench time in the
 *       emulated boots over the timed boots' (slowdown.h)
 *   slubstats machines
 *       the machines the cost model knows (emu/src/machines.h): name,
 *       cores, clock, caches and every price with its source
 *   --price NAME=VALUE (emulated, emulated-top, emulated-cycles, machines;
 *       repeatable): one of the model's prices restated, in the table's
 *       unit (cycles.h's PRICE_NAMES); its source then says so
 *   slubstats variance VARIANCE_CSV...
 *       studies/variance.sh's experiment: per condition (pinned or not) and
 *       strategy, the sd per boot, an A/A interval, the cost (variance.h)
 *   slubstats hosts HACKBENCH_CSV BOOTS_CSV [--baseline K]
 *       a run merged from shards: per host, the paired ratio to the
 *       baseline, and the host x kernel interaction (hosts.h)
 *   slubstats compare HACKBENCH_CSV_A HACKBENCH_CSV_B
 *       the same kernel and configuration in two runs: B's geometric mean
 *       over A's, unpaired (Welch on the logs), 95% interval.
 *
 * CSV on stdout, each header from one table of column names. Bad input:
 * "slubstats: FILE: line N: ..." and exit 1.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "num.h"
#include "csv.h"
#include "cycles.h"
#include "emulated.h"
#include "hosts.h"
#include "mainconfig.h"
#include "residuals.h"
#include "boots.h"
#include "cost.h"
#include "growth.h"
#include "windows.h"
#include "series.h"
#include "bisect.h"
#include "slowdown.h"
#include "variance.h"
#include "stats.h"
#include "stats_groups.h"

#include "slubstats_cmds.h"

/* The options, each a bit: a command takes the ones its entry allows. */
enum {
	O_BASELINE = 1 << 0, O_CACHES = 1 << 1, O_CONFIG = 1 << 2, O_LIMIT = 1 << 3,
	O_KIND = 1 << 4, O_PRICE = 1 << 5, O_VCPUS = 1 << 6, O_FROM = 1 << 7,
	O_TO = 1 << 8, O_COUNTER = 1 << 9, O_SUMMARY = 1 << 10, O_STEPS = 1 << 11,
	O_FACTOR = 1 << 12, O_MAX_BOOTS = 1 << 13, O_END_BOOTS = 1 << 14, O_STATE = 1 << 15,
	O_PAIRS = 1 << 16,
};
#define NOPTS 17

/* getopt_long's table; val is the option's bit's index (0 to NOPTS - 1), 'h' help */
static const struct option opts[] = {
	{ "baseline", required_argument, NULL, 0 },
	{ "caches", required_argument, NULL, 1 },
	{ "config", required_argument, NULL, 2 },
	{ "limit", required_argument, NULL, 3 },
	{ "kind", required_argument, NULL, 4 },
	{ "price", required_argument, NULL, 5 },
	{ "vcpus", required_argument, NULL, 6 },
	{ "from", required_argument, NULL, 7 },
	{ "to", required_argument, NULL, 8 },
	{ "counter", required_argument, NULL, 9 },
	{ "summary", no_argument, NULL, 10 },
	{ "steps", required_argument, NULL, 11 },
	{ "factor", required_argument, NULL, 12 },
	{ "max-boots", required_argument, NULL, 13 },
	{ "end-boots", required_argument, NULL, 14 },
	{ "state", no_argument, NULL, 15 },
	{ "pairs", required_argument, NULL, 16 },
	{ "help", no_argument, NULL, 'h' },
	{ 0 },
};

/* what a required option's absence says, by bit index */
static const char *const missing[NOPTS] = {
	[1] = "which caches to count apart",
	[2] = "which configuration (c1, c2, ...)",
	[7] = "the two configurations to compare (c1, c2, ...)",
	[8] = "the two configurations to compare (c1, c2, ...)",
	[11] = "how many steps (the changes and step 0)",
};

/* the command line, parsed: the options' values and the command's files */
struct args {
	const char *baseline, *pairs, *caches, *config, *kind, *vcpus, *from, *to, *counter;
	unsigned limit;
	int summary, steps, state;
	double factor;
	size_t max_boots, end_boots;
	struct restated *r;
	char **file;
	int nfiles;
};

static int run_times(const struct args *a) { return cmd_times(a->file[0], a->baseline ? a->baseline : "tail"); }
static int run_mechanism(const struct args *a)
{
	if (a->baseline && a->pairs)
		cli_die("--pairs", "and --baseline: give one (--pairs names each kernel's own baseline)");
	return cmd_mechanism(a->file[0], a->file[1], a->caches, a->baseline, a->pairs, a->kind);
}
static int run_compare(const struct args *a) { return cmd_compare(a->file[0], a->file[1]); }
static int run_hosts(const struct args *a)
{
	return hosts_summary(a->file[0], a->file[1], a->baseline ? a->baseline : "tail");
}
static int run_variance(const struct args *a) { return variance_summary(a->file, a->nfiles); }
static int run_crosscheck(const struct args *a) { return cmd_crosscheck(a->file[0]); }
static int run_series(const struct args *a) { return series_print(a->file[0], a->summary, a->baseline); }
static int run_perturbation(const struct args *a) { return series_perturbation(a->file[0], a->caches); }
static int run_bisect(const struct args *a)
{
	return bisect_print(a->file[0], a->steps, a->factor, a->max_boots, a->end_boots, a->state);
}
static int run_main_config(const struct args *a) { return cmd_main_config(a->file[0]); }
static int run_residuals(const struct args *a) { return residuals_print(a->file[0], a->file[1], a->config, a->vcpus, 0); }
static int run_drift(const struct args *a) { return residuals_print(a->file[0], a->file[1], a->config, a->vcpus, 1); }
static int run_used(const struct args *a)
{
	size_t n;
	unsigned char *u = boots_used(a->file[0], &n);

	for (size_t i = 0; i < n; i++)
		putchar(u[i] ? '1' : '0'), putchar('\n');
	free(u);
	return 0;
}
static int run_cost(const struct args *a) { return cost_print(a->file[0]); }
static int run_describe(const struct args *a) { (void)a; return cmd_describe(); }
static int run_growth(const struct args *a) { return growth_summary(a->file[0], a->from, a->to, a->counter); }
static int run_windows(const struct args *a) { return windows_summary(a->file[0]); }
static int run_slowdown(const struct args *a) { return slowdown_print(a->file[0], a->config); }
static int run_emulated(const struct args *a) { return emulated_summary(a->file[0], a->file[1], a->baseline, a->r); }
static int run_emulated_top(const struct args *a)
{
	return emulated_top(a->file[0], a->file[1], a->config, a->limit, a->r);
}
static int run_emulated_cycles(const struct args *a)
{
	return emulated_cycles(a->file[0], a->file[1], a->baseline, a->r);
}
static int run_machines(const struct args *a) { return machines_list(a->r); }

/* The commands, declared once: name, files (at least, at most), the
 * options it takes and those it needs, its usage after the name, and what
 * runs it. Usage, dispatch and the options' checks all come from here. */
static const struct command {
	const char *name;
	int min_files, max_files;
	unsigned takes, needs;
	const char *usage;
	int (*run)(const struct args *a);
} commands[] = {
	{ "times", 1, 1, O_BASELINE, 0, "HACKBENCH_CSV [--baseline K]", run_times },
	{ "mechanism", 2, 2, O_CACHES | O_BASELINE | O_PAIRS | O_KIND, O_CACHES,
	  "COUNTERS_CSV HACKBENCH_CSV --caches LIST [--baseline K | --pairs K:B,...] [--kind timed|emulated]", run_mechanism },
	{ "compare", 2, 2, 0, 0, "HACKBENCH_CSV_A HACKBENCH_CSV_B", run_compare },
	{ "hosts", 2, 2, O_BASELINE, 0, "HACKBENCH_CSV BOOTS_CSV [--baseline K]", run_hosts },
	{ "variance", 1, 4096, 0, 0, "VARIANCE_CSV...", run_variance },
	{ "crosscheck", 1, 1, 0, 0, "COUNTERS_CSV", run_crosscheck },
	{ "series", 1, 1, O_SUMMARY | O_BASELINE, 0, "SERIES_CSV [--summary | --baseline K]", run_series },
	{ "perturbation", 1, 1, O_CACHES, O_CACHES, "COUNTERS_CSV --caches LIST", run_perturbation },
	{ "bisect", 1, 1, O_STEPS | O_FACTOR | O_MAX_BOOTS | O_END_BOOTS | O_STATE, O_STEPS,
	  "STEPS_CSV --steps N [--factor F] [--max-boots M] [--end-boots E] [--state]", run_bisect },
	{ "main-config", 1, 1, 0, 0, "SUMMARY_CSV", run_main_config },
	{ "residuals", 2, 2, O_CONFIG | O_VCPUS, O_CONFIG, "HACKBENCH_CSV BOOTS_CSV --config C [--vcpus V]", run_residuals },
	{ "used", 1, 1, 0, 0, "BOOTS_CSV", run_used },
	{ "cost", 1, 1, 0, 0, "BOOTS_CSV", run_cost },
	{ "describe", 0, 0, 0, 0, "< NUMBERS", run_describe },
	{ "drift", 2, 2, O_CONFIG | O_VCPUS, O_CONFIG, "HACKBENCH_CSV BOOTS_CSV --config C [--vcpus V]", run_drift },
	{ "growth", 1, 1, O_FROM | O_TO | O_COUNTER, O_FROM | O_TO,
	  "MECHANISM_CSV --from C1 --to C2 [--counter NAME]", run_growth },
	{ "windows", 1, 1, 0, 0, "EMULATED_CSV", run_windows },
	{ "slowdown", 1, 1, O_CONFIG, O_CONFIG, "HACKBENCH_CSV --config C", run_slowdown },
	{ "emulated", 2, 2, O_BASELINE | O_PRICE, 0,
	  "EMULATED_CSV HACKBENCH_CSV [--baseline K] [--price NAME=VALUE]...", run_emulated },
	{ "emulated-top", 2, 2, O_CONFIG | O_LIMIT | O_PRICE, O_CONFIG,
	  "EMULATED_CSV HACKBENCH_CSV --config C [--limit N] [--price NAME=VALUE]...", run_emulated_top },
	{ "emulated-cycles", 2, 2, O_BASELINE | O_PRICE, 0,
	  "EMULATED_CSV HACKBENCH_CSV [--baseline K] [--price NAME=VALUE]...", run_emulated_cycles },
	{ "machines", 0, 0, O_PRICE, 0, "[--price NAME=VALUE]...", run_machines },
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(f, "%s slubstats %s %s\n", i ? "      " : "usage:", commands[i].name, commands[i].usage);
	fputs("  --price NAME=VALUE: restate one price of the cost model (cpi, l2_cycles, memory_ns,\n"
	      "                      transfer_die_ns, transfer_package_ns, transfer_socket_ns)\n",
	      f);
}

/* parse_option: one option's value into a, checked as the option says */
static void parse_option(struct args *a, int bit, const char *arg)
{
	static struct restated restated;
	char err[256];

	switch (bit) {
	case 0: a->baseline = arg; break;
	case 1: a->caches = arg; break;
	case 2: a->config = arg; break;
	case 3: a->limit = (unsigned)cli_uint("--limit", arg, 1, 1000); break;
	case 4:
		if (strcmp(arg, "timed") && strcmp(arg, "emulated"))
			cli_die("--kind", "takes timed or emulated, not '%s'", arg);
		a->kind = arg;
		break;
	case 5:
		if (price_parse(&restated, arg, err, sizeof(err)))
			cli_die("--price", "%s", err);
		a->r = &restated;
		break;
	case 6:
		cli_uint("--vcpus", arg, 1, 4096);
		a->vcpus = arg;
		break;
	case 7: a->from = arg; break;
	case 8: a->to = arg; break;
	case 9: a->counter = arg; break;
	case 10: a->summary = 1; break;
	case 11: a->steps = (int)cli_uint("--steps", arg, 2, 4096); break;
	case 12: a->factor = cli_double("--factor", arg, 1.01, 1000); break;
	case 13: a->max_boots = (size_t)cli_uint("--max-boots", arg, 1, 64); break;
	case 14: a->end_boots = (size_t)cli_uint("--end-boots", arg, 1, 64); break;
	case 15: a->state = 1; break;
	case 16: a->pairs = arg; break;
	}
}

int main(int argc, char **argv)
{
	struct args a = { .kind = "timed", .counter = "add_partial", .limit = 12, .factor = 1.5,
			  .max_boots = 3, .end_boots = 2 };
	const struct command *cmd = NULL;
	unsigned given = 0;
	char flag[32];
	int c;

	cli_prog = "slubstats";
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 0;
		}
		if (c < 0 || c >= NOPTS)
			cli_bad_option(c, argv);
		given |= 1u << c;
		parse_option(&a, c, optarg);
	}
	argv += optind;
	argc -= optind;
	for (size_t i = 0; argc && i < NCOMMANDS; i++)
		if (!strcmp(argv[0], commands[i].name))
			cmd = &commands[i];
	if (!cmd) {
		if (argc)
			cli_die("unknown command", "'%s' (see slubstats --help)", argv[0]);
		usage(stderr);
		return 2;
	}
	for (int b = 0; b < NOPTS; b++) {
		snprintf(flag, sizeof(flag), "--%s", opts[b].name);
		if ((given & ~cmd->takes) & (1u << b))
			cli_die(flag, "is not an option of slubstats %s: %s %s", cmd->name, cmd->name, cmd->usage);
		if ((cmd->needs & ~given) & (1u << b))
			cli_die(flag, "is missing: %s", missing[b]);
	}
	a.file = argv + 1;
	a.nfiles = argc - 1;
	if (a.nfiles < cmd->min_files || a.nfiles > cmd->max_files)
		cli_die(cmd->name, "takes %s", cmd->usage);
	return cmd->run(&a);
}
