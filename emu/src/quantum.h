/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The counting mode's quantum: a bound on how many instructions the
 * running vCPU executes before the next takes its turn. QEMU's icount
 * round-robin runs one vCPU at a time and leaves a turn only at a timer
 * deadline (up to milliseconds), HLT, PAUSE or a kick; slubquantum kicks
 * the running vCPU after every Q instructions executed since its last kick,
 * so no vCPU runs more than Q instructions before another does. A turn
 * that ends earlier (HLT, PAUSE, a timer) does not restart the count: the
 * plugin cannot tell which vCPU runs without reading registers, and needs
 * not to, since the bound holds all the same. Plain data, no I/O.
 */
#ifndef SLUBBENCH_QUANTUM_H
#define SLUBBENCH_QUANTUM_H

#include <stdint.h>

/* The largest quantum taken (instructions); 0 stands for none (infinite). */
#define QUANTUM_MAX UINT64_C(1000000000)

struct quantum {
	uint64_t q;    /* instructions between kicks; 0: never kick */
	uint64_t used; /* instructions since the last kick */
};

/* quantum_spend: a block of n instructions ran; 1 when the quantum is spent
 * with it (end the running vCPU's turn now; the count starts again), else 0. */
static inline int quantum_spend(struct quantum *s, uint64_t n)
{
	if (!s->q)
		return 0;
	s->used += n;
	if (s->used < s->q)
		return 0;
	s->used = 0;
	return 1;
}

/* quantum_parse: "inf" (0: no quantum) or a whole number from 1 to
 * QUANTUM_MAX, no sign, no leading zero; 0 on success, -1 otherwise. */
static inline int quantum_parse(const char *s, uint64_t *q)
{
	uint64_t v = 0;

	if (s[0] == 'i' && s[1] == 'n' && s[2] == 'f' && !s[3]) {
		*q = 0;
		return 0;
	}
	if (*s < '1' || *s > '9')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
		if (v > QUANTUM_MAX)
			return -1;
	}
	*q = v;
	return 0;
}

#endif
