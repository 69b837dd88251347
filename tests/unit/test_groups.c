// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the groups a run's CSVs are read into (src/stats/stats_groups.c:
 * the arithmetic alone, no file): rounds summed and found, pairing by
 * round, the derived counters, the geometric mean; and hosts.c's rounds
 * per host. Values by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "hosts.h"
#include "stats_groups.h"

/* one round's values are summed; a round is found after the index has
 * grown many times; an absent round is -1 */
static void rounds(void **state)
{
	struct groups gs = { 0 };
	struct group *g = groups_add_counter(&gs, "head", "c1", "all", "alloc_fastpath", "timed");

	(void)state;
	groups_add(g, 2, 7);
	groups_add(g, 3, 7);
	assert_int_equal(g->n, 1);
	assert_float_equal(g->v[groups_index(g, 7)], 5, 0);
	for (long r = 100; r < 5100; r++)
		groups_add(g, (double)r, r);
	assert_int_equal(g->n, 5001);
	assert_float_equal(g->v[groups_index(g, 4321)], 4321, 0);
	assert_float_equal(g->v[groups_index(g, 7)], 5, 0);
	assert_int_equal(groups_index(g, 99), -1);
	assert_ptr_equal(groups_find_counter(&gs, "head", "c1", "all", "alloc_fastpath", "timed"), g);
	assert_null(groups_find_counter(&gs, "head", "c1", "all", "alloc_fastpath", "emulated"));
	groups_free(&gs);
}

/* pairs: only the rounds both kernels have, with both values above 0, in
 * the first group's order; d the log ratio */
static void pairing(void **state)
{
	struct groups gs = { 0 };
	struct group *a = groups_find(&gs, "head", "c1", 1), *b;
	struct pairs p;

	(void)state;
	groups_add(a, 2, 1);
	groups_add(a, 4, 2);
	groups_add(a, 8, 3);
	groups_add(a, 1, 5);
	b = groups_find(&gs, "tail", "c1", 1);
	a = groups_find(&gs, "head", "c1", 0);
	groups_add(b, 1, 1);
	groups_add(b, 0, 2); /* not a time: round 2 is not paired */
	groups_add(b, 2, 3);
	groups_add(b, 9, 4); /* head has no round 4 */
	assert_int_equal(groups_pair(a, b, &p), 2);
	assert_int_equal(p.round[0], 1);
	assert_int_equal(p.round[1], 3);
	assert_float_equal(p.d[0], log(2.0), 1e-12);
	assert_float_equal(p.d[1], log(4.0), 1e-12);
	pairs_free(&p);
	/* geometric mean of 2, 4, 8, 1: 64^(1/4) */
	assert_float_equal(groups_geomean(a), pow(64.0, 0.25), 1e-12);
	assert_float_equal(groups_messages(10, 20, 300), 1200000, 0);
	groups_free(&gs);
}

/* add_partial = free_add_partial + deactivate_to_head + deactivate_to_tail
 * (a counter SLUB did not show counts 0); objects per partial visit =
 * (alloc_fastpath + alloc_slowpath) / alloc_from_partial, none where there
 * was no visit; count runs (perf's kind) derive nothing */
static void derived(void **state)
{
	struct groups gs = { 0 };
	struct group *g;

	(void)state;
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "alloc_fastpath", "timed"), 900, 1);
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "alloc_slowpath", "timed"), 100, 1);
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "alloc_from_partial", "timed"), 50, 1);
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "free_add_partial", "timed"), 40, 1);
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "deactivate_to_tail", "timed"), 2, 1);
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "alloc_fastpath", "timed"), 10, 2);
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "alloc_fastpath", "count"), 10, 1);
	groups_derive(&gs);
	g = groups_find_counter(&gs, "head", "c1", "all", "add_partial", "timed");
	assert_non_null(g);
	assert_float_equal(g->v[groups_index(g, 1)], 42, 0);
	assert_float_equal(g->v[groups_index(g, 2)], 0, 0);
	g = groups_find_counter(&gs, "head", "c1", "all", "objects_per_partial_visit", "timed");
	assert_non_null(g);
	assert_int_equal(g->n, 1);
	assert_float_equal(g->v[groups_index(g, 1)], 20, 1e-12);
	assert_null(groups_find_counter(&gs, "head", "c1", "all", "add_partial", "count"));
	/* a series boot's statistics derive the same way, under their kind */
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "alloc_fastpath", "series"), 5, 1);
	groups_add(groups_add_counter(&gs, "head", "c1", "all", "deactivate_to_head", "series"), 7, 1);
	groups_derive(&gs);
	g = groups_find_counter(&gs, "head", "c1", "all", "add_partial", "series");
	assert_non_null(g);
	assert_float_equal(g->v[groups_index(g, 1)], 7, 0);
	groups_free(&gs);
}

/* Hosts (hosts.c): a round stays on one host; pairs keep the rounds that
 * have a host, each with it; the interaction read at HOSTS_ALPHA */
static void hosts(void **state)
{
	static struct round_hosts rh;
	double a[] = { 2, 4, 8, 16 }, b[] = { 1, 1, 1, 1 }, d[] = { 0.1, 0.2, 0.3, 0.4 };
	long round[] = { 1, 2, 3, 4 };
	struct pairs pr = { a, b, d, round, 4 };
	size_t host[4];

	(void)state;
	assert_int_equal(round_hosts_add(&rh, 1, "amd"), 0);
	assert_int_equal(round_hosts_add(&rh, 2, "intel"), 0);
	assert_int_equal(round_hosts_add(&rh, 4, "amd"), 0);
	assert_int_equal(round_hosts_add(&rh, 4, "amd"), 0);
	assert_int_equal(round_hosts_add(&rh, 2, "amd"), -3);
	assert_int_equal(round_hosts_add(&rh, 0, "amd"), -1);
	assert_int_equal(round_hosts_add(&rh, 1.5, "amd"), -1);
	assert_int_equal(round_hosts_add(&rh, HOSTS_MAXR + 1, "amd"), -1);
	assert_int_equal(rh.n, 2);
	/* round 3 has no host: dropped */
	assert_int_equal(hosted_pairs(&pr, &rh, host), 2);
	assert_int_equal(pr.n, 3);
	assert_float_equal(pr.a[2], 16, 0);
	assert_float_equal(pr.d[2], 0.4, 0);
	assert_int_equal(host[0], 0);
	assert_int_equal(host[1], 1);
	assert_int_equal(host[2], 0);
	assert_string_equal(hosts_agreement(0.049), "disagree");
	assert_string_equal(hosts_agreement(0.05), "agree");
	assert_null(hosts_agreement(NAN));
	for (int i = 0; i < HOSTS_MAXH - 2; i++) {
		char name[16];

		snprintf(name, sizeof(name), "h%d", i);
		assert_int_equal(round_hosts_add(&rh, 10 + i, name), 0);
	}
	assert_int_equal(round_hosts_add(&rh, 9, "one-too-many"), -2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rounds),
		cmocka_unit_test(pairing),
		cmocka_unit_test(derived),
		cmocka_unit_test(hosts),
	};

	return cmocka_run_group_tests_name("groups", tests, NULL, NULL);
}
