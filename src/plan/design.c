// SPDX-License-Identifier: GPL-2.0
/* Balanced run orders: Williams squares with a seeded relabelling, on
 * GSL's Mersenne Twister (no hand-made PRNG).
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "design.h"

size_t design_block(size_t k)
{
	return k % 2 ? 2 * k : k;
}

/* splitmix64: one well-mixed 64-bit word from (seed, stream), so that each
 * square's generator is independent of how many squares came before. */
static unsigned long long mix(unsigned long long seed, unsigned long long stream)
{
	unsigned long long z = seed + 0x9e3779b97f4a7c15ULL * (stream + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static gsl_rng *rng_for(unsigned long long seed, unsigned long long stream)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	if (!r)
		abort();
	gsl_rng_set(r, (unsigned long)(mix(seed, stream) & 0xffffffffUL));
	return r;
}

/* One randomised Williams square: rows[i * k + p], design_block(k) rows. */
static void williams_square(size_t k, gsl_rng *r, size_t *rows)
{
	size_t nrows = design_block(k), first[k], label[k], rowperm[nrows];

	/* the standard first row 0, 1, k-1, 2, k-2, ... */
	for (size_t p = 0, lo = 1, hi = k - 1; p < k; p++) {
		if (p == 0)
			first[p] = 0;
		else if (p % 2)
			first[p] = lo++;
		else
			first[p] = hi--;
	}
	for (size_t i = 0; i < k; i++)
		label[i] = i;
	gsl_ran_shuffle(r, label, k, sizeof(*label));
	for (size_t i = 0; i < nrows; i++)
		rowperm[i] = i;
	gsl_ran_shuffle(r, rowperm, nrows, sizeof(*rowperm));
	for (size_t i = 0; i < nrows; i++) {
		size_t row = rowperm[i], base = row % k, mirror = row >= k;

		for (size_t p = 0; p < k; p++) {
			size_t q = mirror ? k - 1 - p : p;

			rows[i * k + p] = label[(first[q] + base) % k];
		}
	}
}

int design_order(enum design_kind kind, size_t k, size_t rounds,
		 unsigned long long seed, size_t *order)
{
	size_t b = design_block(k);

	if (k < 1 || rounds < 1)
		return -1;
	if (kind == DESIGN_WILLIAMS && rounds % b)
		return -1;
	if (kind == DESIGN_RANDOM) {
		for (size_t r = 0; r < rounds; r++) {
			gsl_rng *g = rng_for(seed, r);

			for (size_t p = 0; p < k; p++)
				order[r * k + p] = p;
			gsl_ran_shuffle(g, order + r * k, k, sizeof(*order));
			gsl_rng_free(g);
		}
		return 0;
	}
	for (size_t sq = 0; sq * b < rounds; sq++) {
		size_t rows[b * k], n = rounds - sq * b < b ? rounds - sq * b : b;
		gsl_rng *g = rng_for(seed, sq);

		williams_square(k, g, rows);
		gsl_rng_free(g);
		memcpy(order + sq * b * k, rows, n * k * sizeof(*order));
	}
	return 0;
}

static size_t spread(const size_t *count, size_t n)
{
	size_t lo = count[0], hi = count[0];

	for (size_t i = 1; i < n; i++) {
		if (count[i] < lo)
			lo = count[i];
		if (count[i] > hi)
			hi = count[i];
	}
	return hi - lo;
}

size_t design_position_spread(const size_t *order, size_t k, size_t rounds)
{
	size_t count[k * k];

	memset(count, 0, sizeof(count));
	for (size_t r = 0; r < rounds; r++)
		for (size_t p = 0; p < k; p++)
			count[order[r * k + p] * k + p]++;
	return spread(count, k * k);
}

size_t design_carryover_spread(const size_t *order, size_t k, size_t rounds)
{
	size_t count[k * k], n = 0, pairs[k * k];

	if (k < 2)
		return 0;
	memset(count, 0, sizeof(count));
	for (size_t r = 0; r < rounds; r++)
		for (size_t p = 1; p < k; p++)
			count[order[r * k + p - 1] * k + order[r * k + p]]++;
	/* ordered pairs of different kernels only */
	for (size_t i = 0; i < k; i++)
		for (size_t j = 0; j < k; j++)
			if (i != j)
				pairs[n++] = count[i * k + j];
	return spread(pairs, n);
}

size_t design_nested_block(size_t k, size_t s)
{
	size_t a = design_block(k), b = s > 1 ? design_block(s) : 1, x = a, y = b;

	while (y) {
		size_t t = x % y;

		x = y;
		y = t;
	}
	return a / x * b;
}

int design_nested(enum design_kind kind, size_t k, size_t s, size_t rounds,
		  unsigned long long seed, size_t *order)
{
	size_t *outer, *inner;
	int rc = 0;

	if (s < 1)
		return -1;
	if (s == 1)
		return design_order(kind, k, rounds, seed, order);
	if (kind == DESIGN_WILLIAMS && rounds % design_nested_block(k, s))
		return -1;
	outer = malloc(rounds * s * sizeof(*outer));
	inner = malloc(rounds * k * s * sizeof(*inner));
	if (!outer || !inner)
		abort();
	/* the blocks' order, then each block's kernels, each from a seed of
	 * its own (stream 0: the blocks; stream j + 1: block j's kernels) */
	rc |= design_order(kind == DESIGN_WILLIAMS ? DESIGN_AUTO : kind, s, rounds,
			   mix(seed, 1000000), outer);
	for (size_t j = 0; j < s; j++)
		rc |= design_order(kind == DESIGN_WILLIAMS ? DESIGN_AUTO : kind, k, rounds,
				   mix(seed, 1000001 + j), inner + j * rounds * k);
	for (size_t r = 0; r < rounds && !rc; r++)
		for (size_t q = 0; q < s; q++) {
			size_t j = outer[r * s + q];

			for (size_t p = 0; p < k; p++)
				order[r * k * s + q * k + p] = j * k + inner[j * rounds * k + r * k + p];
		}
	free(outer);
	free(inner);
	return rc ? -1 : 0;
}
