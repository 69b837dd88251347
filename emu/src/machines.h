/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machines the cost model prices the emulated counts on: one table,
 * read by the plugin (the topology and caches it models, emu/src) and by
 * slubstats (the latencies, src/stats/emulated/cycles.c). Plain data, no I/O.
 *
 * vCPU i is core i: cores fill a die, dies a socket, sockets the machine;
 * a run of fewer vCPUs than cores takes the first ones (2 vCPUs: one die).
 * Each latency is what one event costs beyond the base CPI (which covers
 * L1 hits), with its source; "assumed" marks a figure no source gave.
 */
#ifndef SLUBBENCH_MACHINES_H
#define SLUBBENCH_MACHINES_H

struct machine {
	const char *name, *desc;
	double ghz;
	unsigned cores_per_die, dies_per_socket, sockets;
	unsigned l1d_kib, l1d_ways, l2_kib, l2_ways;   /* the L2 shared by a die */
	double cpi;            /* base cycles per instruction (an assumption) */
	double l2_cycles;      /* an L1 miss served by the die's L2 */
	double mem_ns;         /* an L1 miss served by memory */
	double xfer_ns[3];     /* a transfer from a core of the same die, the other
				* die of the socket, another socket (one way) */
	/* where each price comes from (each under 128 characters) */
	const char *src_cpi, *src_l2, *src_mem, *src_xfer;
};

static const struct machine MACHINES[] = {
	{
		.name = "clovertown",
		.desc = "2 x Xeon E5345 (Clovertown, 2.33 GHz, from late 2006): 8 cores, 2 a die sharing a 4 MiB L2, 2 dies a socket",
		.ghz = 2.33, .cores_per_die = 2, .dies_per_socket = 2, .sockets = 2,
		.l1d_kib = 32, .l1d_ways = 8, .l2_kib = 4096, .l2_ways = 16,
		.cpi = 1.0, .l2_cycles = 14, .mem_ns = 115,
		.xfer_ns = { 29.5, 77, 112.5 },
		.src_cpi = "assumed (Core 2 retires up to 4 a cycle; 1 is a round figure, see the sensitivity)",
		.src_l2 = "X-bit labs, Core 2 Extreme QX6850 (the same 65 nm core), CPU-Z: 14 cycles",
		.src_mem = "AnandTech, Xeon E5345 review (anandtech.com/show/2386), its memory latency",
		.src_xfer = "the same, Cache2Cache round trips 59/154/225 ns, halved (one way)",
	},
	{
		.name = "harpertown",
		.desc = "2 x Xeon E5472 (Harpertown, 3.0 GHz, late 2007): 8 cores, 2 a die sharing a 6 MiB L2, 2 dies a socket",
		.ghz = 3.0, .cores_per_die = 2, .dies_per_socket = 2, .sockets = 2,
		.l1d_kib = 32, .l1d_ways = 8, .l2_kib = 6144, .l2_ways = 24,
		.cpi = 1.0, .l2_cycles = 15, .mem_ns = 115,
		.xfer_ns = { 29.5, 77, 112.5 },
		.src_cpi = "assumed, as for clovertown",
		.src_l2 = "X-bit labs, Core 2 Extreme QX9650 (the same 45 nm core), CPU-Z: 15 cycles",
		.src_mem = "assumed clovertown's (the same front-side bus design): not measured",
		.src_xfer = "assumed clovertown's (the same front-side bus design): not measured",
	},
	{
		.name = "tigerton",
		.desc = "4 x Xeon X7350 (Tigerton, 2.93 GHz, late 2007): 16 cores, 2 a die sharing a 4 MiB L2, 2 dies a socket",
		.ghz = 2.93, .cores_per_die = 2, .dies_per_socket = 2, .sockets = 4,
		.l1d_kib = 32, .l1d_ways = 8, .l2_kib = 4096, .l2_ways = 16,
		.cpi = 1.0, .l2_cycles = 14, .mem_ns = 115,
		.xfer_ns = { 29.5, 77, 112.5 },
		.src_cpi = "assumed, as for clovertown",
		.src_l2 = "clovertown's: Hexus, Tigerton first look (hexus.net 9809), says it is the same 65 nm dice",
		.src_mem = "assumed clovertown's (FB-DIMM behind the chipset, a front-side bus a socket): not measured",
		.src_xfer = "assumed clovertown's (a socket's two dies share its bus, sockets meet at the chipset): not measured",
	},
};

#define N_MACHINES ((int)(sizeof(MACHINES) / sizeof(MACHINES[0])))
#define MACHINE_DEFAULT "clovertown"

static inline const struct machine *machine_find(const char *name)
{
	for (int i = 0; i < N_MACHINES; i++) {
		const char *a = MACHINES[i].name, *b = name;

		while (*a && *a == *b)
			a++, b++;
		if (!*a && !*b)
			return &MACHINES[i];
	}
	return 0;
}

static inline unsigned machine_cores(const struct machine *m)
{
	return m->cores_per_die * m->dies_per_socket * m->sockets;
}

#endif
