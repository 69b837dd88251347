/* slubbench's run order: balanced, seeded designs (no I/O: unit-tested). */
#ifndef SLUBBENCH_DESIGN_H
#define SLUBBENCH_DESIGN_H

#include <stddef.h>

enum design_kind {
	DESIGN_WILLIAMS, /* complete Williams squares only */
	DESIGN_AUTO,     /* Williams squares, the last one cut short if need be */
	DESIGN_RANDOM,   /* an independent seeded permutation per round */
};

/* Rounds in one Williams square of k kernels: k when k is even, 2k when k
 * is odd (a square and its mirror image). */
size_t design_block(size_t k);

/* Fill order[r * k + p] (r < rounds, p < k) with the kernel index that
 * round r + 1 boots in position p + 1.
 *
 * A Williams square puts every kernel in every position once, and right
 * after every other kernel once. Each square gets its own seeded random
 * relabelling of the kernels and a random order of its rows; square b's
 * randomisation depends on (seed, b) alone, so a plan of more rounds
 * starts with the plan of fewer (precision mode adds whole squares).
 *
 * Returns 0; -1 for DESIGN_WILLIAMS when rounds is not a multiple of
 * design_block(k), or for k < 1 or rounds < 1. */
int design_order(enum design_kind kind, size_t k, size_t rounds,
		 unsigned long long seed, size_t *order);

/* Position balance of a plan: the largest minus the smallest number of
 * times any kernel stands in any position. 0 is perfect balance. */
size_t design_position_spread(const size_t *order, size_t k, size_t rounds);

/* Carry-over balance: the largest minus the smallest number of times any
 * kernel comes right after any other (within a round). */
size_t design_carryover_spread(const size_t *order, size_t k, size_t rounds);

/* Rounds in which a nested plan (design_nested) is balanced: the least
 * common multiple of the kernels' and the blocks' Williams squares. */
size_t design_nested_block(size_t k, size_t s);

/* A plan of k kernels at each of s machine sizes (vCPU counts): every
 * round boots every kernel at every size, one size after another (a
 * block). The blocks' order is a design of its own over the s sizes, and
 * each size's kernels follow a design of their own, so that within every
 * size, whose kernels are compared with each other, each kernel stands
 * in each position of the block equally often and after each other
 * kernel equally often. order[r * k * s + q] = j * k + i: round r + 1's
 * boot q + 1 is kernel i at size j. s == 1 is design_order itself (the
 * same plan for the same seed). Returns 0, or -1 as design_order does
 * (DESIGN_WILLIAMS: rounds a multiple of design_nested_block). */
int design_nested(enum design_kind kind, size_t k, size_t s, size_t rounds,
		  unsigned long long seed, size_t *order);

#endif
