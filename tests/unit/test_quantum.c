// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the counting mode's quantum (emu/src/quantum.h) and the
 * markers' recognition (marker.h): when a turn is ended, what a quantum
 * may be, which bytes are a marker. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "marker.h"
#include "quantum.h"

/* blocks of 7 instructions with Q = 20: the turn ends with the third
 * block (21 >= 20), then the sixth (21 more), and so on */
static void ends_every_q(void **state)
{
	struct quantum q = { .q = 20 };
	int ends[12];

	(void)state;
	for (int i = 0; i < 12; i++)
		ends[i] = quantum_spend(&q, 7);
	for (int i = 0; i < 12; i++)
		assert_int_equal(ends[i], i % 3 == 2);
}

/* a block as long as the quantum ends the turn by itself; one longer
 * too, and the surplus is not carried into the next turn */
static void long_blocks(void **state)
{
	struct quantum q = { .q = 10 };

	(void)state;
	assert_true(quantum_spend(&q, 10));
	assert_true(quantum_spend(&q, 25));
	assert_false(quantum_spend(&q, 9));
	assert_true(quantum_spend(&q, 1));
}

/* no quantum (inf): never a kick, however much runs */
static void inf_never(void **state)
{
	struct quantum q = { .q = 0 };

	(void)state;
	for (int i = 0; i < 1000; i++)
		assert_false(quantum_spend(&q, UINT32_MAX));
}

static void parse(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_int_equal(quantum_parse("inf", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(quantum_parse("1", &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(quantum_parse("10000", &v), 0);
	assert_int_equal(v, 10000);
	assert_int_equal(quantum_parse("1000000000", &v), 0);
	assert_int_equal(v, 1000000000);
	const char *bad[] = { "", "0", "-5", "+5", "010", "1000000001", "99999999999999999999", "1e4", "5k", "inf ", "Inf", " 5" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		assert_int_equal(quantum_parse(bad[i], &v), -1);
}

static void markers(void **state)
{
	const unsigned char start[8] = MARK_BYTES(MARK_START_DISP), stop[8] = MARK_BYTES(MARK_STOP_DISP);
	const unsigned char nop[8] = { 0x0f, 0x1f, 0x84, 0x00, 0, 0, 0, 0 };
	unsigned char near[8] = MARK_BYTES(MARK_START_DISP);

	(void)state;
	near[7] ^= 1;
	assert_int_equal(mark_of(start), 1);
	assert_int_equal(mark_of(stop), -1);
	assert_int_equal(mark_of(nop), 0);
	assert_int_equal(mark_of(near), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ends_every_q), cmocka_unit_test(long_blocks), cmocka_unit_test(inf_never),
		cmocka_unit_test(parse), cmocka_unit_test(markers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
