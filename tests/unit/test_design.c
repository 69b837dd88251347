// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the run order: Williams squares are balanced for position
 * and carry-over, seeded, different between rounds and between seeds, and
 * a longer plan starts with the shorter one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "design.h"

static void williams_balance(void **state)
{
	(void)state;
	for (size_t k = 2; k <= 7; k++) {
		size_t b = design_block(k), rounds = 2 * b, order[2 * 14 * 7];

		assert_int_equal(design_order(DESIGN_WILLIAMS, k, rounds, 42, order), 0);
		assert_int_equal(design_position_spread(order, k, rounds), 0);
		assert_int_equal(design_carryover_spread(order, k, rounds), 0);
		/* every round is a permutation of the kernels */
		for (size_t r = 0; r < rounds; r++) {
			size_t seen = 0;

			for (size_t p = 0; p < k; p++)
				seen |= (size_t)1 << order[r * k + p];
			assert_int_equal(seen, ((size_t)1 << k) - 1);
		}
	}
}

static void seeded(void **state)
{
	size_t a[8 * 4], b[8 * 4], c[12 * 4], same_rows = 0;

	(void)state;
	assert_int_equal(design_order(DESIGN_WILLIAMS, 4, 8, 7, a), 0);
	assert_int_equal(design_order(DESIGN_WILLIAMS, 4, 8, 7, b), 0);
	assert_memory_equal(a, b, sizeof(a));
	assert_int_equal(design_order(DESIGN_WILLIAMS, 4, 8, 8, b), 0);
	assert_memory_not_equal(a, b, sizeof(a));
	/* more rounds: the same first rounds */
	assert_int_equal(design_order(DESIGN_AUTO, 4, 12, 7, c), 0);
	assert_memory_equal(a, c, sizeof(a));
	/* the two squares are randomised apart: their rounds differ */
	for (size_t r = 0; r < 4; r++)
		same_rows += !memcmp(a + r * 4, a + (r + 4) * 4, 4 * sizeof(*a));
	assert_true(same_rows < 4);
}

static void counts(void **state)
{
	size_t order[10 * 4];

	(void)state;
	assert_int_equal(design_block(4), 4);
	assert_int_equal(design_block(3), 6);
	/* Williams alone refuses what it cannot balance; auto cuts the last
	 * square short, balanced over the complete squares */
	assert_int_equal(design_order(DESIGN_WILLIAMS, 4, 10, 1, order), -1);
	assert_int_equal(design_order(DESIGN_AUTO, 4, 10, 1, order), 0);
	assert_int_equal(design_position_spread(order, 4, 8), 0);
	assert_int_equal(design_order(DESIGN_RANDOM, 4, 10, 1, order), 0);
	assert_int_equal(design_order(DESIGN_AUTO, 0, 10, 1, order), -1);
	assert_int_equal(design_order(DESIGN_AUTO, 4, 0, 1, order), -1);
}

/* kernels at several vCPU counts: within each count, every kernel in every
 * position of its block equally often and after every other equally often;
 * every block in every place of the round equally often; one vCPU count is
 * the plain design */
static void nested(void **state)
{
	enum { K = 2, S = 4 };
	size_t b = design_nested_block(K, S), rounds = 2 * b, order[2 * 4 * K * S];
	size_t plain[2 * 4 * K], one[2 * 4 * K];

	(void)state;
	assert_int_equal(b, 4);
	assert_int_equal(design_nested_block(3, 2), 6);
	assert_int_equal(design_nested_block(2, 1), 2);
	assert_int_equal(design_nested(DESIGN_WILLIAMS, K, S, rounds, 5, order), 0);
	for (size_t j = 0; j < S; j++) {
		size_t sub[2 * 4 * K], blocks[2 * 4 * S];

		for (size_t r = 0; r < rounds; r++) {
			size_t p = 0;

			for (size_t q = 0; q < K * S; q++) {
				size_t u = order[r * K * S + q];

				if (u / K == j)
					sub[r * K + p++] = u % K;
				if (q % K == 0)
					blocks[r * S + q / K] = u / K;
				/* a block holds one vCPU count */
				assert_int_equal(u / K, order[r * K * S + q - q % K] / K);
			}
			assert_int_equal(p, K);
		}
		assert_int_equal(design_position_spread(sub, K, rounds), 0);
		assert_int_equal(design_carryover_spread(sub, K, rounds), 0);
		assert_int_equal(design_position_spread(blocks, S, rounds), 0);
	}
	assert_int_equal(design_nested(DESIGN_WILLIAMS, K, S, 6, 5, order), -1);
	assert_int_equal(design_nested(DESIGN_AUTO, K, S, 6, 5, order), 0);
	assert_int_equal(design_nested(DESIGN_AUTO, K, 1, 8, 5, one), 0);
	assert_int_equal(design_order(DESIGN_AUTO, K, 8, 5, plain), 0);
	assert_memory_equal(one, plain, sizeof(plain));
	assert_int_equal(design_nested(DESIGN_AUTO, K, 0, 8, 5, one), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(williams_balance),
		cmocka_unit_test(seeded),
		cmocka_unit_test(counts),
		cmocka_unit_test(nested),
	};

	return cmocka_run_group_tests_name("design", tests, NULL, NULL);
}
