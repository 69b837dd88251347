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
		free((void *)cs->l2[v].tags);
		free((void *)cs->l2[v].stamp);
	}
	free((void *)cs->dir);
	free(cs);
}

const char *cachesim_set_machine(struct cachesim *cs, unsigned cores_per_die, unsigned dies_per_socket,
				 unsigned l2_bytes, unsigned l2_ways)
{
	unsigned d, dies;

	if (cores_per_die < 1 || cores_per_die > CS_MAX_VCPUS || dies_per_socket < 1 || dies_per_socket > CS_MAX_VCPUS)
		return "cores per die and dies per socket must be 1 to 16";
	if (l2_bytes && (l2_ways < 1 || l2_ways > CS_MAX_WAYS))
		return "L2 ways must be 1 to 32";
	if (l2_bytes && (l2_bytes % (l2_ways << CS_LINE_SHIFT) || !pow2(l2_bytes / (l2_ways << CS_LINE_SHIFT))))
		return "L2 size / (ways * 64) must be a power of two";
	if (cs->cores_per_die)
		return "the machine is set once";
	cs->cores_per_die = cores_per_die;
	cs->dies_per_socket = dies_per_socket;
	if (!l2_bytes)
		return NULL;
	cs->l2_ways = l2_ways;
	cs->l2_sets = l2_bytes / (l2_ways << CS_LINE_SHIFT);
	dies = (cs->vcpus + cores_per_die - 1) / cores_per_die;
	for (d = 0; d < dies; d++) {
		cs->l2[d].tags = calloc((size_t)cs->l2_sets * l2_ways, sizeof(*cs->l2[d].tags));
		cs->l2[d].stamp = calloc((size_t)cs->l2_sets * l2_ways, sizeof(*cs->l2[d].stamp));
		if (!cs->l2[d].tags || !cs->l2[d].stamp)
			return "no memory for the L2";
	}
	return NULL;
}

/* Look line up in a die's L2; bring it in when absent. True if present. */
static bool l2_touch(struct cachesim *cs, unsigned die, uint64_t line)
{
	struct cs_l2 *c = &cs->l2[die];
	size_t base = (size_t)(line & (cs->l2_sets - 1)) * cs->l2_ways;
	uint64_t tag = line + 1, now = atomic_fetch_add_explicit(&c->clock, 1, memory_order_relaxed) + 1;
	unsigned w, victim = 0;
	uint64_t oldest = UINT64_MAX;

	for (w = 0; w < cs->l2_ways; w++) {
		uint64_t st = atomic_load_explicit(&c->stamp[base + w], memory_order_relaxed);

		if (atomic_load_explicit(&c->tags[base + w], memory_order_relaxed) == tag) {
			atomic_store_explicit(&c->stamp[base + w], now, memory_order_relaxed);
			return true;
		}
		if (st < oldest) {
			oldest = st;
			victim = w;
		}
	}
	atomic_store_explicit(&c->tags[base + victim], tag, memory_order_relaxed);
	atomic_store_explicit(&c->stamp[base + victim], now, memory_order_relaxed);
	return false;
}

/* the class of a transfer to vcpu from the line's last writer */
static unsigned xfer_class(const struct cachesim *cs, unsigned vcpu, unsigned writer)
{
	unsigned cpd = cs->cores_per_die ? cs->cores_per_die : 1;
	unsigned cps = cpd * (cs->cores_per_die ? cs->dies_per_socket : 1);

	if (vcpu / cpd == writer / cpd)
		return CS_XFER_DIE;
	return vcpu / cps == writer / cps ? CS_XFER_PACKAGE : CS_XFER_SOCKET;
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
	if (l1_touch(cs, vcpu, line) && coherent)
		return 0;
	r = CS_MISS;
	if (transfer)
		return r | CS_TRANSFER | xfer_class(cs, vcpu, writer - 1);
	if (cs->l2_sets && l2_touch(cs, vcpu / cs->cores_per_die, line))
		return r | CS_L2_HIT;
	return r | CS_MEMORY;
}
