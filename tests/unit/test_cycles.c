// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the cost model (src/stats/emulated/cycles.c): a hand-made access
 * stream through the cache model (emu/src/cachesim.c) on Clovertown's
 * shape, priced by hand. The expected values were computed with Python:
 *   g = 2.33; 100 * 1 + 14 + 2 * 115 * g + 29.5 * g + 77 * g + 112.5 * g
 *   = 1160.17; memory doubled: 1696.07; CPI doubled: 1260.17 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cachesim.h"
#include "cycles.h"

/* the counts of one access's result, as the plugin keeps them */
static void tally(unsigned r, double n[CY_N])
{
	n[CY_L2] += !!(r & CS_L2_HIT);
	n[CY_MEM] += !!(r & CS_MEMORY);
	n[CY_XDIE] += !!(r & CS_XFER_DIE);
	n[CY_XPKG] += !!(r & CS_XFER_PACKAGE);
	n[CY_XSOCK] += !!(r & CS_XFER_SOCKET);
}

static void stream(double n[CY_N])
{
	const struct machine *m = machine_find("clovertown");
	struct cachesim *cs = cachesim_new(8, 64u << 20, m->l1d_kib << 10, m->l1d_ways);

	assert_non_null(cs);
	assert_null(cachesim_set_machine(cs, m->cores_per_die, m->dies_per_socket, m->l2_kib << 10, m->l2_ways));
	tally(cachesim_access(cs, 0, 4096, false), n);   /* memory */
	tally(cachesim_access(cs, 0, 4096, false), n);   /* L1 hit: in the base CPI */
	tally(cachesim_access(cs, 1, 4096, false), n);   /* the die's L2 */
	tally(cachesim_access(cs, 0, 8192, true), n);    /* memory */
	tally(cachesim_access(cs, 1, 8192, false), n);   /* transfer, same die */
	tally(cachesim_access(cs, 2, 8192, false), n);   /* transfer, other die */
	tally(cachesim_access(cs, 0, 8192, true), n);    /* a hit: core 0 holds it */
	tally(cachesim_access(cs, 4, 8192, false), n);   /* transfer, other socket */
	n[CY_INSNS] = 100;
	cachesim_free(cs);
}

static void priced_by_hand(void **state)
{
	const struct machine *m = machine_find("clovertown");
	double n[CY_N] = { 0 }, part[CY_N], one[CY_N] = { 1, 1, 1, 1, 1, 1 }, scale[CY_N];
	struct prices p;

	(void)state;
	stream(n);
	assert_true(n[CY_MEM] == 2 && n[CY_L2] == 1 && n[CY_XDIE] == 1 && n[CY_XPKG] == 1 && n[CY_XSOCK] == 1);
	cycles_prices(m, NULL, &p);
	assert_float_equal(cycles_of(&p, n, part), 1160.17, 1e-9);
	assert_float_equal(part[CY_MEM], 2 * 115 * 2.33, 1e-9);
	cycles_prices(m, one, &p);
	assert_float_equal(cycles_of(&p, n, NULL), 1160.17, 1e-9);
	for (int i = 0; i < CY_N; i++)
		scale[i] = i == CY_MEM ? 2 : 1;
	cycles_prices(m, scale, &p);
	assert_float_equal(cycles_of(&p, n, NULL), 1696.07, 1e-9);
	for (int i = 0; i < CY_N; i++)
		scale[i] = i == CY_INSNS ? 2 : 1;
	cycles_prices(m, scale, &p);
	assert_float_equal(cycles_of(&p, n, NULL), 1260.17, 1e-9);
}

/* Every machine is one the cache model accepts, with positive prices */
static void machines_valid(void **state)
{
	(void)state;
	assert_null(machine_find("nonesuch"));
	assert_non_null(machine_find(MACHINE_DEFAULT));
	for (int i = 0; i < N_MACHINES; i++) {
		const struct machine *m = &MACHINES[i];
		struct cachesim *cs = cachesim_new(machine_cores(m), 1u << 20, m->l1d_kib << 10, m->l1d_ways);
		struct prices p;

		assert_non_null(cs);
		assert_null(cachesim_set_machine(cs, m->cores_per_die, m->dies_per_socket, m->l2_kib << 10, m->l2_ways));
		cachesim_free(cs);
		cycles_prices(m, NULL, &p);
		for (int j = 0; j < CY_N; j++)
			assert_true(p.c[j] > 0);
		assert_true(p.c[CY_XDIE] < p.c[CY_XPKG] && p.c[CY_XPKG] < p.c[CY_XSOCK]);
	}
}

/* A restated price replaces the table's, and only it; the stream priced by
 * hand again (Python: g = 2.33; 100 * 1.5 + 20 + 2 * 115 * g + 40 * g +
 * 77 * g + 112.5 * g = 1240.635); bad specs refused naming what was wrong */
static void restated_prices(void **state)
{
	const struct machine *m = machine_find("clovertown");
	struct restated r = { 0 };
	struct machine priced;
	struct prices p;
	double n[CY_N] = { 0 };
	char err[256];

	(void)state;
	assert_int_equal(price_parse(&r, "cpi=1.5", err, sizeof(err)), 0);
	assert_int_equal(price_parse(&r, "l2_cycles=20", err, sizeof(err)), 0);
	assert_int_equal(price_parse(&r, "transfer_die_ns=40", err, sizeof(err)), 0);
	machine_restated(&priced, m, &r);
	assert_float_equal(priced.cpi, 1.5, 0);
	assert_float_equal(priced.mem_ns, m->mem_ns, 0);
	assert_float_equal(priced.xfer_ns[1], m->xfer_ns[1], 0);
	assert_string_equal(priced.src_mem, m->src_mem);
	assert_non_null(strstr(priced.src_cpi, "given on the command line (cpi=1.5, was 1;"));
	assert_non_null(strstr(priced.src_xfer, "transfer_die_ns=40"));
	stream(n);
	cycles_prices(&priced, NULL, &p);
	assert_float_equal(cycles_of(&p, n, NULL), 1240.635, 1e-9);
	/* as stated without r */
	machine_restated(&priced, m, NULL);
	cycles_prices(&priced, NULL, &p);
	assert_float_equal(cycles_of(&p, n, NULL), 1160.17, 1e-9);

	static const char *const bad[][2] = {
		{ "cpi=0", "must be a decimal number above 0" },     { "cpi=-1", "must be a decimal number above 0" },
		{ "cpi=x", "must be a decimal number above 0" },     { "cpi=1e9", "at most 100000" },
		{ "cpi=nan", "must be a decimal number above 0" },   { "cpi=", "cpi needs a value" },
		{ "cpi", "cpi needs a value" },              { "ghz=3", "'ghz' is not a price: give cpi, l2_cycles" },
		{ "l2_cycles=14", "l2_cycles is given twice" }, { "=3", "'' is not a price" },
		{ "memory_ns=\n\n  0.5", "memory_ns=??  0.5: the price must be" },
		{ "memory_ns= 0.5", "must be a decimal number" }, { "memory_ns=0x10", "must be a decimal number" },
		{ "memory_ns=5e-324", "must be a decimal number" }, { "memory_ns=1e-400", "must be a decimal number" },
		{ "memory_ns=\033[31m", "memory_ns=?[31m: the price" }, { "\033]0;x=1", "'?]0;x' is not a price" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		assert_int_equal(price_parse(&r, bad[i][0], err, sizeof(err)), -1);
		if (!strstr(err, bad[i][1]))
			fail_msg("%s: '%s' does not say '%s'", bad[i][0], err, bad[i][1]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(priced_by_hand), cmocka_unit_test(machines_valid), cmocka_unit_test(restated_prices),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
