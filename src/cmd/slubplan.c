// SPDX-License-Identifier: GPL-2.0
/* slubplan: the boot order of a slubbench run, as CSV.
 *
 *   slubplan --kernels A,B,... --rounds N --seed S [--design D] [--smp LIST]
 *
 * D is auto (default: Williams squares, the last one cut short when N is
 * not a multiple of the square), williams (whole squares only: another
 * round count is refused) or random (an independent shuffle per round).
 * LIST: vCPU counts (e.g. 2,4,8), a factor of the plan: every round boots
 * every kernel at every count, one count's block after another
 * (design_nested). Prints "round,position,kernel,square,vcpus" (rounds and
 * positions from 1; vcpus empty without --smp). A plan of more rounds
 * starts with the plan of fewer. --block prints the rounds of one balanced
 * square instead (1 for a random design).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "design.h"

#define MAXK 64
#define MAXS 16

static void usage(FILE *f)
{
	fputs("usage: slubplan --kernels A,B,... --rounds N --seed S [--design auto|williams|random]\n"
	      "                [--smp N,N,...]\n"
	      "       slubplan --kernels A,B,... [--smp N,N,...] [--design D] --block\n",
	      f);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "kernels", required_argument, NULL, 'k' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "design", required_argument, NULL, 'd' },
		{ "smp", required_argument, NULL, 'S' },
		{ "block", no_argument, NULL, 'B' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	char *names[MAXK], *list = NULL, *slist = NULL, *smp[MAXS] = { "" };
	size_t k = 0, s = 0, rounds = 0, *order, b;
	unsigned long long seed = 0;
	int have_seed = 0, block_only = 0, c;
	enum design_kind kind = DESIGN_AUTO;
	const char *dname = "auto";

	cli_prog = "slubplan";
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 'k':
			list = optarg;
			break;
		case 'r':
			rounds = cli_uint("--rounds", optarg, 1, 100000);
			break;
		case 's':
			seed = cli_uint("--seed", optarg, 0, ~0ULL);
			have_seed = 1;
			break;
		case 'd':
			dname = optarg;
			if (!strcmp(optarg, "auto"))
				kind = DESIGN_AUTO;
			else if (!strcmp(optarg, "williams"))
				kind = DESIGN_WILLIAMS;
			else if (!strcmp(optarg, "random"))
				kind = DESIGN_RANDOM;
			else
				cli_die("--design", "takes auto|williams|random, not '%s'", optarg);
			break;
		case 'S':
			slist = optarg;
			break;
		case 'B':
			block_only = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			cli_bad_option(c, argv);
		}
	}
	if (optind < argc)
		cli_die("unexpected argument", "'%s' (see slubplan --help)", argv[optind]);
	if (!list || !*list)
		cli_die("--kernels", "needs at least one kernel");
	for (char *save = NULL, *t = strtok_r(list, ",", &save); t;
	     t = strtok_r(NULL, ",", &save)) {
		if (k == MAXK)
			cli_die("--kernels", "more than %d kernels", MAXK);
		names[k++] = t;
	}
	for (char *save = NULL, *t = slist ? strtok_r(slist, ",", &save) : NULL; t;
	     t = strtok_r(NULL, ",", &save)) {
		if (s == MAXS)
			cli_die("--smp", "more than %d vCPU counts", MAXS);
		cli_uint("--smp", t, 1, 4096);
		for (size_t j = 0; j < s; j++)
			if (!strcmp(smp[j], t))
				cli_die("--smp", "lists %s twice", t);
		smp[s++] = t;
	}
	if (slist && !s)
		cli_die("--smp", "needs at least one vCPU count");
	if (!s)
		s = 1;
	b = design_nested_block(k, s);
	if (block_only) {
		/* the rounds one balanced square takes (what --precision adds) */
		printf("%zu\n", kind == DESIGN_RANDOM ? 1 : b);
		return 0;
	}
	if (!rounds)
		cli_die("--rounds", "is missing");
	if (!have_seed)
		cli_die("--seed", "is missing (a plan must be repeatable)");
	if (kind == DESIGN_WILLIAMS && rounds % b)
		cli_die("--rounds",
			"%zu cannot balance %zu kernels%s in Williams squares: use a multiple of %zu (%zu, %zu, %zu, ...), or --design auto",
			rounds, k, s > 1 ? " at several vCPU counts" : "", b, b, 2 * b, 3 * b);
	if (kind == DESIGN_AUTO && rounds % b && k * s > 1) {
		if (rounds < b)
			fprintf(stderr,
				"slubplan: warning: %zu rounds are less than one Williams square of %zu kernels (%zu rounds): positions are not balanced (use %zu, %zu, ... rounds)\n",
				rounds, k, b, b, 2 * b);
		else
			fprintf(stderr,
				"slubplan: warning: %zu rounds are not a multiple of %zu: rounds %zu-%zu are an incomplete Williams square, so positions are balanced in rounds 1-%zu only (use %zu, %zu, ... rounds for full balance)\n",
				rounds, b, rounds - rounds % b + 1, rounds, rounds - rounds % b,
				b * (rounds / b), b * (rounds / b + 1));
	}
	order = malloc(rounds * k * s * sizeof(*order));
	if (!order)
		cli_die("out of memory", "(%zu rounds)", rounds);
	if (design_nested(kind, k, s, rounds, seed, order))
		cli_die("--design", "%s cannot make this plan", dname);
	printf("round,position,kernel,square,vcpus\n");
	for (size_t r = 0; r < rounds; r++)
		for (size_t p = 0; p < k * s; p++) {
			size_t u = order[r * k * s + p];

			printf("%zu,%zu,%s,%zu,%s\n", r + 1, p + 1, names[u % k],
			       kind == DESIGN_RANDOM ? 0 : r / b + 1, smp[u / k]);
		}
	free(order);
	return 0;
}
