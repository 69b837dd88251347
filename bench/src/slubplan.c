// SPDX-License-Identifier: GPL-2.0
/* slubplan: the boot order of a slubbench run, as CSV.
 *
 *   slubplan --kernels A,B,... --rounds N --seed S [--design D]
 *
 * D is auto (default: Williams squares, the last one cut short when N is
 * not a multiple of the square), williams (whole squares only: another
 * round count is refused) or random (an independent shuffle per round).
 * Prints "round,position,kernel,square" (rounds and positions from 1).
 * A plan of more rounds starts with the plan of fewer.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "design.h"

#define MAXK 64

static void usage(FILE *f)
{
	fputs("usage: slubplan --kernels A,B,... --rounds N --seed S [--design auto|williams|random]\n",
	      f);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "kernels", required_argument, NULL, 'k' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "design", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	char *names[MAXK], *list = NULL;
	size_t k = 0, rounds = 0, *order, b;
	unsigned long long seed = 0;
	int have_seed = 0, c;
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
	if (!rounds)
		cli_die("--rounds", "is missing");
	if (!have_seed)
		cli_die("--seed", "is missing (a plan must be repeatable)");
	for (char *save = NULL, *t = strtok_r(list, ",", &save); t;
	     t = strtok_r(NULL, ",", &save)) {
		if (k == MAXK)
			cli_die("--kernels", "more than %d kernels", MAXK);
		names[k++] = t;
	}
	b = design_block(k);
	if (kind == DESIGN_WILLIAMS && rounds % b)
		cli_die("--rounds",
			"%zu cannot balance %zu kernels in Williams squares: use a multiple of %zu (%zu, %zu, %zu, ...), or --design auto",
			rounds, k, b, b, 2 * b, 3 * b);
	if (kind == DESIGN_AUTO && rounds % b && k > 1) {
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
	order = malloc(rounds * k * sizeof(*order));
	if (!order)
		cli_die("out of memory", "(%zu rounds)", rounds);
	if (design_order(kind, k, rounds, seed, order))
		cli_die("--design", "%s cannot make this plan", dname);
	printf("round,position,kernel,square\n");
	for (size_t r = 0; r < rounds; r++)
		for (size_t p = 0; p < k; p++)
			printf("%zu,%zu,%s,%zu\n", r + 1, p + 1, names[order[r * k + p]],
			       kind == DESIGN_RANDOM ? 0 : r / b + 1);
	free(order);
	return 0;
}
