// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the emulated counters' core (emu/src): the cache model on
 * synthetic access streams whose answers are known, its coherence rule
 * (cachesim.h), and the System.map lookup. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cachesim.h"
#include "symmap.h"

#define L1 (32 * 1024)
#define WAYS 8
#define MEM (64u << 20)

static uint64_t run(struct cachesim *cs, unsigned vcpu, uint64_t from, uint64_t bytes,
		    uint64_t step, bool store, unsigned mask)
{
	uint64_t n = 0, a;

	for (a = from; a < from + bytes; a += step)
		n += !!(cachesim_access(cs, vcpu, a, store) & mask);
	return n;
}

/* A sweep of the L1's size misses once per line, then hits; a sweep of
 * twice its size misses on every line, every time (LRU). */
static void sequential_sweep(void **state)
{
	struct cachesim *cs = cachesim_new(1, MEM, L1, WAYS);

	(void)state;
	assert_non_null(cs);
	assert_int_equal(run(cs, 0, 0, L1, 8, false, CS_MISS), L1 / 64);
	assert_int_equal(run(cs, 0, 0, L1, 8, false, CS_MISS), 0);
	assert_int_equal(run(cs, 0, 1 << 20, 2 * L1, 8, false, CS_MISS), 2 * L1 / 64);
	assert_int_equal(run(cs, 0, 1 << 20, 2 * L1, 8, false, CS_MISS), 2 * L1 / 64);
	assert_int_equal(run(cs, 0, 1 << 20, 2 * L1, 8, false, CS_TRANSFER), 0);
	cachesim_free(cs);
}

/* Lines one set apart (sets * 64 bytes) all land in one set: WAYS of them
 * fit, WAYS + 1 cycled through an LRU set always miss. */
static void one_set_stride(void **state)
{
	struct cachesim *cs = cachesim_new(1, MEM, L1, WAYS);
	uint64_t stride = L1 / WAYS, r;

	(void)state;
	assert_int_equal(run(cs, 0, 0, WAYS * stride, stride, false, CS_MISS), WAYS);
	for (r = 0; r < 10; r++)
		assert_int_equal(run(cs, 0, 0, WAYS * stride, stride, false, CS_MISS), 0);
	/* the new line evicts the oldest; from then on each evicts the next */
	assert_int_equal(run(cs, 0, 0, (WAYS + 1) * stride, stride, false, CS_MISS), 1);
	for (r = 0; r < 10; r++)
		assert_int_equal(run(cs, 0, 0, (WAYS + 1) * stride, stride, false, CS_MISS), WAYS + 1);
	cachesim_free(cs);
}

/* One line written alternately by two vCPUs N times: N - 1 transfers and
 * N misses (the first is cold). */
static void alternate_writers(void **state)
{
	struct cachesim *cs = cachesim_new(2, MEM, L1, WAYS);
	unsigned t = 0, m = 0, i, r;

	(void)state;
	for (i = 0; i < 1000; i++) {
		r = cachesim_access(cs, i % 2, 4096 + 8 * (i % 8), true);
		t += !!(r & CS_TRANSFER);
		m += !!(r & CS_MISS);
	}
	assert_int_equal(t, 999);
	assert_int_equal(m, 1000);
	cachesim_free(cs);
}

/* A reader of a line another vCPU keeps writing: one transfer per write it
 * sees; the writer's next write is an upgrade, not a transfer. Repeated
 * reads of a seen write, and lines never written, move nothing. */
static void reader_and_writer(void **state)
{
	struct cachesim *cs = cachesim_new(3, MEM, L1, WAYS);
	unsigned t = 0, i;

	(void)state;
	for (i = 0; i < 500; i++) {
		t += !!(cachesim_access(cs, 0, 8192, true) & CS_TRANSFER);
		t += !!(cachesim_access(cs, 1, 8192, false) & CS_TRANSFER);
		t += !!(cachesim_access(cs, 1, 8200, false) & CS_TRANSFER);
	}
	assert_int_equal(t, 500);
	/* vCPU 2 reads it once: one transfer; again: none */
	assert_int_equal(cachesim_access(cs, 2, 8192, false), CS_MISS | CS_TRANSFER | CS_XFER_SOCKET);
	assert_int_equal(cachesim_access(cs, 2, 8192, false), 0);
	/* read-only sharing of a never-written line */
	assert_int_equal(run(cs, 0, 1 << 20, 4096, 8, false, CS_TRANSFER), 0);
	assert_int_equal(run(cs, 1, 1 << 20, 4096, 8, false, CS_TRANSFER), 0);
	assert_int_equal(run(cs, 2, 1 << 20, 4096, 8, false, CS_TRANSFER), 0);
	cachesim_free(cs);
}

/* The machine: 8 cores, 2 a die sharing an L2, 2 dies a socket (Clovertown's
 * shape; a 16 KiB 4-way L2, a 1 KiB 2-way L1 so that sizes are small). */
static struct cachesim *clovertown(void)
{
	struct cachesim *cs = cachesim_new(8, MEM, 1024, 2);

	assert_non_null(cs);
	assert_null(cachesim_set_machine(cs, 2, 2, 16 * 1024, 4));
	return cs;
}

/* A line one core read is an L2 hit for the other core of its die and a
 * memory access for a core of another die; a sweep larger than the L1 but
 * inside the L2 hits in L2 the second time. */
static void shared_l2(void **state)
{
	struct cachesim *cs = clovertown();

	(void)state;
	assert_int_equal(cachesim_access(cs, 0, 4096, false), CS_MISS | CS_MEMORY);
	assert_int_equal(cachesim_access(cs, 0, 4096, false), 0);
	assert_int_equal(cachesim_access(cs, 1, 4096, false), CS_MISS | CS_L2_HIT);
	assert_int_equal(cachesim_access(cs, 2, 4096, false), CS_MISS | CS_MEMORY);
	assert_int_equal(cachesim_access(cs, 3, 4096, false), CS_MISS | CS_L2_HIT);
	assert_int_equal(run(cs, 4, 1 << 20, 8192, 64, false, CS_MEMORY), 128);
	assert_int_equal(run(cs, 4, 1 << 20, 8192, 64, false, CS_L2_HIT), 128);
	assert_int_equal(run(cs, 5, 1 << 20, 8192, 64, false, CS_L2_HIT), 128);
	/* twice the L2 (LRU): every line from memory, every time */
	assert_int_equal(run(cs, 6, 2 << 20, 32768, 64, false, CS_MEMORY), 512);
	assert_int_equal(run(cs, 6, 2 << 20, 32768, 64, false, CS_MEMORY), 512);
	cachesim_free(cs);
}

/* A line written by core 0 comes to core 1 (same die) as a die transfer,
 * to core 2 (other die, same socket) as a package transfer and to core 4
 * (other socket) as a socket transfer: never an L2 hit, however the L2
 * holds it. Every miss is served from exactly one place. */
static void transfer_classes(void **state)
{
	struct cachesim *cs = clovertown();
	unsigned classes = CS_XFER_DIE | CS_XFER_PACKAGE | CS_XFER_SOCKET;

	(void)state;
	assert_int_equal(cachesim_access(cs, 0, 8192, true), CS_MISS | CS_MEMORY);
	assert_int_equal(cachesim_access(cs, 1, 8192, false), CS_MISS | CS_TRANSFER | CS_XFER_DIE);
	/* core 0 still holds the line: its store is a hit (the model prices no
	 * invalidation, only the transfer the next reader sees) */
	assert_int_equal(cachesim_access(cs, 0, 8192, true), 0);
	assert_int_equal(cachesim_access(cs, 2, 8192, false), CS_MISS | CS_TRANSFER | CS_XFER_PACKAGE);
	assert_int_equal(cachesim_access(cs, 0, 8192, true), 0);
	assert_int_equal(cachesim_access(cs, 4, 8192, false), CS_MISS | CS_TRANSFER | CS_XFER_SOCKET);
	assert_int_equal(cachesim_access(cs, 7, 8192, true), CS_MISS | CS_TRANSFER | CS_XFER_SOCKET);
	assert_int_equal(cachesim_access(cs, 6, 8192, false), CS_MISS | CS_TRANSFER | CS_XFER_DIE);
	for (unsigned i = 0; i < 20000; i++) {
		unsigned r = cachesim_access(cs, (i * 7) % 8, 64 * ((i * 13) % 700), i % 3 == 0);
		unsigned n = !!(r & CS_L2_HIT) + !!(r & CS_MEMORY) + !!(r & CS_TRANSFER);

		assert_int_equal(n, !!(r & CS_MISS));
		assert_int_equal(!!(r & classes), !!(r & CS_TRANSFER));
		assert_true((r & classes) == 0 || ((r & classes) & ((r & classes) - 1)) == 0);
	}
	cachesim_free(cs);
}

/* Bad geometry is refused, addresses past the memory are not modelled. */
static void geometry(void **state)
{
	struct cachesim *cs;

	(void)state;
	assert_null(cachesim_check(16, MEM, L1, WAYS));
	assert_null(cachesim_check(1, MEM, 48 * 1024, 12));   /* a modern 48 KiB 12-way L1d */
	assert_non_null(cachesim_check(17, MEM, L1, WAYS));
	assert_non_null(cachesim_check(0, MEM, L1, WAYS));
	assert_non_null(cachesim_check(2, MEM, L1, 0));
	assert_non_null(cachesim_check(2, MEM, 3 * 64 * 8, 8));   /* 3 sets */
	assert_non_null(cachesim_check(2, 0, L1, WAYS));
	assert_null(cachesim_new(2, MEM, 1000, WAYS));
	cs = cachesim_new(2, MEM, L1, WAYS);
	assert_int_equal(cachesim_access(cs, 0, MEM, true), CS_UNMODELLED);
	assert_int_equal(cachesim_access(cs, 2, 0, true), CS_UNMODELLED);
	assert_non_null(cachesim_set_machine(cs, 0, 2, 0, 0));
	assert_non_null(cachesim_set_machine(cs, 2, 2, 3 * 64 * 16, 16));
	assert_non_null(cachesim_set_machine(cs, 2, 2, 4 << 20, 0));
	assert_null(cachesim_set_machine(cs, 2, 2, 4 << 20, 16));   /* Clovertown's 4 MiB 16-way */
	assert_non_null(cachesim_set_machine(cs, 2, 2, 4 << 20, 16));   /* once */
	cachesim_free(cs);
}

/* Under concurrency (vCPU threads, as MTTCG runs them): two threads that
 * take strict turns writing one line give exactly 2M - 1 transfers. */
#define M 20000
static struct cachesim *shared;
static atomic_uint turn;
static atomic_uint transfers;

static void *turns(void *arg)
{
	unsigned me = (unsigned)(uintptr_t)arg, i, t = 0;

	for (i = me; i < 2 * M; i += 2) {
		while (atomic_load(&turn) != i)
			;
		t += !!(cachesim_access(shared, me, 640, true) & CS_TRANSFER);
		/* private lines, touched concurrently: never a transfer */
		t += !!(cachesim_access(shared, me, 1 << 20 | (uint64_t)me << 12 | (i & 63) << 6, true) & CS_TRANSFER);
		atomic_store(&turn, i + 1);
	}
	atomic_fetch_add(&transfers, t);
	return NULL;
}

static void concurrent_turns(void **state)
{
	pthread_t th[2];
	uintptr_t i;

	(void)state;
	shared = cachesim_new(2, MEM, L1, WAYS);
	for (i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&th[i], NULL, turns, (void *)i), 0);
	for (i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(atomic_load(&transfers), 2 * M - 1);
	cachesim_free(shared);
}

static const char map[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81000000 T _text\n"
	"ffffffff81000100 t helper\n"
	"ffffffff81000180 d some_data\n"
	"ffffffff81000200 T ___slab_alloc\n"
	"ffffffff81000300 W weak_fn\n"
	"ffffffff81000400 T _etext\n"
	"ffffffff82000000 D init_task\n";

static long find(const struct symmap *m, uint64_t a, const char *want)
{
	long i = symmap_find(m, a);

	if (want)
		assert_string_equal(m->syms[i].name, want);
	return i;
}

static void symbols(void **state)
{
	struct symmap m;
	const char *why = NULL;

	(void)state;
	assert_int_equal(symmap_parse(&m, map, sizeof(map) - 1, &why), 0);
	assert_int_equal(m.n, 6);   /* text symbols only */
	find(&m, 0xffffffff81000000, "_text");   /* aliases: the last by name */
	find(&m, 0xffffffff810000ff, "_text");
	find(&m, 0xffffffff81000100, "helper");
	find(&m, 0xffffffff810001ff, "helper");   /* data symbols are not functions */
	find(&m, 0xffffffff81000250, "___slab_alloc");
	find(&m, 0xffffffff81000300, "weak_fn");
	assert_int_equal(find(&m, 0xffffffff81000400, NULL), -1);   /* _etext and on */
	assert_int_equal(find(&m, 0xffffffff80ffffff, NULL), -1);
	symmap_free(&m);
	assert_int_equal(symmap_parse(&m, "not a map\n", 10, &why), -1);
	assert_non_null(why);
	assert_int_equal(symmap_parse(&m, "ffffffff82000000 D x\n", 21, &why), -1);
	assert_string_equal(why, "no text symbols");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sequential_sweep), cmocka_unit_test(one_set_stride),
		cmocka_unit_test(alternate_writers), cmocka_unit_test(reader_and_writer),
		cmocka_unit_test(geometry), cmocka_unit_test(concurrent_turns),
		cmocka_unit_test(shared_l2), cmocka_unit_test(transfer_classes),
		cmocka_unit_test(symbols),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
