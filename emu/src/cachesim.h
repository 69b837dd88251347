/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cachesim: per-vCPU set-associative L1 data caches over a coherence
 * directory of 64-byte lines. Plain C, no QEMU, no I/O.
 *
 * The rule (what a "transfer" is):
 *   Each line has a directory word: the vCPU that last wrote it, and the set
 *   of vCPUs that have seen that write ("sharers"). An access by vCPU c:
 *     - is coherent if c is a sharer; a store makes c the only sharer and the
 *       last writer, a load adds c to the sharers;
 *     - is a TRANSFER if it is not coherent and the line's last writer is
 *       another vCPU: the line (or its newest value) has to come from another
 *       vCPU's cache. This is what perf c2c calls a HITM on hardware.
 *     - is a MISS if it is not coherent, or the line is not in c's L1
 *       (capacity or conflict); every transfer is also a miss.
 *   So a line written alternately by two vCPUs N times gives N - 1 transfers,
 *   and a reader of a line another vCPU keeps writing gives one transfer per
 *   write it observes.
 *
 * Where a miss is served from (cachesim_set_machine, the cost model's
 * needs): vCPU i is core i of a machine of dies of cores_per_die cores that
 * share one L2, dies_per_socket dies a socket. A transfer is classed by
 * the distance from the line's last writer: the same die, another die of
 * the same socket (package), or another socket. Any other miss looks in
 * the die's shared L2 (set-associative, LRU, filled by every miss of the
 * die's cores; a line another core has written since is a transfer first,
 * as above): an L2 hit, or a memory access. Without a machine, every vCPU
 * is a socket of its own and there is no L2: each miss that is not a
 * transfer is a memory access.
 *
 * Concurrency: QEMU's MTTCG runs each vCPU in its own thread, so accesses
 * arrive concurrently. Each vCPU's L1 is touched only by that vCPU's thread.
 * The directory is an array of 32-bit words, one per line of guest RAM, each
 * updated by one compare-and-swap: every access to a line is atomic with
 * respect to every other access to that line, so the transfer count is the
 * one of some serial order of the accesses. A die's L2 is shared by its
 * cores' threads: its tags and stamps are atomic words read and written
 * without locks, so under MTTCG two cores racing on one set may pick
 * victims as no serial LRU would (a hit or miss, never a torn line). Under
 * icount one thread runs every vCPU and there is no race.
 */
#ifndef CACHESIM_H
#define CACHESIM_H
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define CS_LINE_SHIFT 6
#define CS_MAX_VCPUS 16
#define CS_MAX_WAYS 32

struct cs_l1 {
	uint64_t *tags;    /* sets * ways; 0 = empty, else line number + 1 */
	uint64_t *stamp;   /* LRU: last-use stamp per way */
	uint64_t clock;
};

struct cs_l2 {
	_Atomic uint64_t *tags;    /* sets * ways; 0 = empty, else line number + 1 */
	_Atomic uint64_t *stamp;
	_Atomic uint64_t clock;
};

struct cachesim {
	unsigned vcpus, sets, ways, set_shift;
	uint64_t lines;            /* lines of modelled memory */
	_Atomic uint32_t *dir;     /* per line: sharers (bits 0-15), last writer + 1 (bits 16-23) */
	struct cs_l1 l1[CS_MAX_VCPUS];
	/* the machine: cores per die and dies per socket (0: none set), and
	 * each die's shared L2 */
	unsigned cores_per_die, dies_per_socket, l2_sets, l2_ways;
	struct cs_l2 l2[CS_MAX_VCPUS];
};

/* cachesim_access's result: CS_MISS for every miss, and with it exactly one
 * of CS_L2_HIT, CS_MEMORY, or CS_TRANSFER with one class bit */
enum {
	CS_MISS = 1, CS_TRANSFER = 2, CS_UNMODELLED = 4, CS_L2_HIT = 8, CS_MEMORY = 16,
	CS_XFER_DIE = 32, CS_XFER_PACKAGE = 64, CS_XFER_SOCKET = 128,
};

/* Geometry check, without allocating: NULL if fine, else why not. */
const char *cachesim_check(unsigned vcpus, uint64_t mem_bytes, unsigned l1_bytes, unsigned ways);
/* NULL on bad geometry (see cachesim_check) or no memory. */
struct cachesim *cachesim_new(unsigned vcpus, uint64_t mem_bytes, unsigned l1_bytes, unsigned ways);
void cachesim_free(struct cachesim *cs);
/* The machine (see above): cores_per_die and dies_per_socket >= 1, an L2
 * per die of l2_bytes (0: none) and l2_ways ways. NULL if set, else why
 * not (the geometry, or more vCPUs than a socket count of 8 allows). */
const char *cachesim_set_machine(struct cachesim *cs, unsigned cores_per_die, unsigned dies_per_socket,
				 unsigned l2_bytes, unsigned l2_ways);
/* One access by vcpu to physical address addr: a mask of CS_MISS,
 * CS_TRANSFER, or CS_UNMODELLED for an address beyond the modelled memory. */
unsigned cachesim_access(struct cachesim *cs, unsigned vcpu, uint64_t addr, bool store);

#endif
