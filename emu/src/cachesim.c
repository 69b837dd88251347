// SPDX-License-Identifier: GPL-2.0
/* cachesim: see cachesim.h for the model and its rule. */
#include "cachesim.h"

#include <stdlib.h>

static bool pow2(uint64_t x) { return x && !(x & (x - 1)); }

const char *cachesim_check(unsigned vcpus, uint64_t mem_bytes, unsigned l1_bytes, unsigned ways)
{
	if (vcpus < 1 || vcpus > CS_MAX_VCPUS)
		return "vCPUs must be 1 to 16";
	if (mem_bytes < (1u << CS_LINE_SHIFT) || mem_bytes > (UINT64_C(1) << 40))
		return "memory must be 64 bytes to 1 TiB";
	if (ways < 1 || ways > CS_MAX_WAYS)
		return "L1 ways must be 1 to 32";
	if (l1_bytes % (ways << CS_LINE_SHIFT) || !pow2(l1_bytes / (ways << CS_LINE_SHIFT)))
		return "L1 size / (ways * 64) must be a power of two";
	return NULL;
}

struct cachesim *cachesim_new(unsigned vcpus, uint64_t mem_bytes, unsigned l1_bytes, unsigned ways)
{
	struct cachesim *cs;
	unsigned v;

	if (cachesim_check(vcpus, mem_bytes, l1_bytes, ways))
		return NULL;
	cs = calloc(1, sizeof(*cs));
	if (!cs)
		return NULL;
	cs->vcpus = vcpus;
	cs->ways = ways;
	cs->sets = l1_bytes / (ways << CS_LINE_SHIFT);
	while ((1u << cs->set_shift) < cs->sets)
		cs->set_shift++;
	cs->lines = mem_bytes >> CS_LINE_SHIFT;
	/* calloc: the OS maps pages of the directory only when touched. */
	cs->dir = calloc(cs->lines, sizeof(*cs->dir));
	if (!cs->dir)
		goto fail;
	for (v = 0; v < vcpus; v++) {
		cs->l1[v].tags = calloc((size_t)cs->sets * ways, sizeof(uint64_t));
		cs->l1[v].stamp = calloc((size_t)cs->sets * ways, sizeof(uint64_t));
		if (!cs->l1[v].tags || !cs->l1[v].stamp)
			goto fail;
	}
	return cs;
fail:
	cachesim_free(cs);
	return NULL;
}

void cachesim_free(struct cachesim *cs)
{
	unsigned v;

	if (!cs)
		return;
	for (v = 0; v < CS_MAX_VCPUS; v++) {
		free(cs->l1[v].tags);
		free(cs->l1[v].stamp);
	}
	free((void *)cs->dir);
	free(cs);
}

/* Look line up in vcpu's L1; bring it in (LRU victim) when absent.
 * True if it was present. */
static bool l1_touch(struct cachesim *cs, unsigned vcpu, uint64_t line)
{
	struct cs_l1 *c = &cs->l1[vcpu];
	size_t base = (size_t)(line & (cs->sets - 1)) * cs->ways;
	uint64_t tag = line + 1;
	unsigned w, victim = 0;

	c->clock++;
	for (w = 0; w < cs->ways; w++) {
		if (c->tags[base + w] == tag) {
			c->stamp[base + w] = c->clock;
			return true;
		}
		if (c->stamp[base + w] < c->stamp[base + victim])
			victim = w;
	}
	c->tags[base + victim] = tag;
	c->stamp[base + victim] = c->clock;
	return false;
}

unsigned cachesim_access(struct cachesim *cs, unsigned vcpu, uint64_t addr, bool store)
{
	uint64_t line = addr >> CS_LINE_SHIFT;
	uint32_t me = 1u << vcpu, old, new, writer;
	bool coherent, transfer;
	unsigned r = 0;

	if (line >= cs->lines || vcpu >= cs->vcpus)
		return CS_UNMODELLED;
	old = atomic_load_explicit(&cs->dir[line], memory_order_relaxed);
	do {
		writer = old >> 16;   /* 0: never written; else vCPU + 1 */
		coherent = old & me;
		transfer = !coherent && writer && writer != vcpu + 1;
		new = store ? (me | (vcpu + 1) << 16) : (old | me);
	} while (new != old &&
		 !atomic_compare_exchange_weak_explicit(&cs->dir[line], &old, new,
							memory_order_relaxed, memory_order_relaxed));
	if (!l1_touch(cs, vcpu, line) || !coherent)
		r |= CS_MISS;
	if (transfer)
		r |= CS_TRANSFER;
	return r;
}
