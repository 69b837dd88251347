// SPDX-License-Identifier: GPL-2.0
/*
 * slubcount: a QEMU TCG plugin that turns the emulator into exact counters.
 *
 * Per vCPU and per kernel function (from the booted build's System.map):
 * instructions executed, data accesses, L1d misses and cache-line transfers
 * between vCPUs (the model and its rule: cachesim.h). User-mode code counts
 * as "[user]", kernel code outside System.map's text as "[kernel]".
 *
 * Counting is on only between the guest's markers (marker.h), so the
 * counters cover the measured run and nothing else. Each start marker opens
 * a new window (0, 1, ...; at most 16), counted apart: a guest that runs
 * several measured runs brackets each. Functions are given to
 * instructions when they are translated, not when they execute; instructions
 * are counted per translation block, so a block left early (an interrupt or
 * fault inside it) still counts whole, and the block holding the start
 * marker counts from the block after it.
 *
 * Arguments (-plugin slubcount.so,ARG=VALUE,...):
 *   out=PATH      the CSV to write at exit (required): window, vcpu,
 *                 function, instructions, accesses, misses, transfers;
 *                 PATH.info gets the settings and totals
 *   map=PATH      System.map of the booted kernel (else every kernel
 *                 instruction is "[kernel]")
 *   cache=on|off  model the caches (default on; off: instructions only)
 *   mem=MIB       guest RAM, the modelled physical memory (required with
 *                 cache=on; addresses beyond it are counted as unmodelled)
 *   l1d_kib=N, l1d_ways=N   the L1d of each vCPU (default 32 KiB, 8-way)
 *   window=marks|all   count between markers (default) or the whole run
 *                 (one window, 0)
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "cachesim.h"
#include "marker.h"
#include "symmap.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define F_USER 0
#define F_KERNEL 1
#define F_FIRST 2

struct fcount {
	uint64_t insns, accesses, misses, transfers;
};

struct run {
	uint32_t func, n;
};

struct tbinfo {
	uint32_t nruns;
	struct run runs[];
};

static struct {
	const char *out, *map;
	int cache, all;
	uint64_t mem_mib;
	unsigned l1d_kib, l1d_ways;
} opt = { .cache = 1, .l1d_kib = 32, .l1d_ways = 8 };

static struct symmap syms;
static struct cachesim *sim;
#define MAX_WINDOWS 16
static struct fcount *counts[MAX_WINDOWS][CS_MAX_VCPUS];
static uint64_t unmodelled[CS_MAX_VCPUS];
static unsigned vcpus, nfuncs;
static atomic_int window = -1;   /* the open window, or -1: not counting */
static atomic_uint starts, stops;
static atomic_ulong translated;
static const uint8_t mark_start[8] = MARK_BYTES(MARK_START_DISP);
static const uint8_t mark_stop[8] = MARK_BYTES(MARK_STOP_DISP);

/* Counters of window w, made when it opens (in the vCPU thread that
 * executes the start marker, before any callback can use them). */
static int open_window(int w)
{
	unsigned v;

	for (v = 0; v < vcpus; v++) {
		counts[w][v] = calloc(nfuncs, sizeof(struct fcount));
		if (!counts[w][v])
			return -1;
	}
	return 0;
}

static int bad(const char *arg, const char *why)
{
	fprintf(stderr, "slubcount: %s: %s\n", arg, why);
	return -1;
}

static int parse_uint(const char *arg, const char *v, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(v, &end, 10);
	if (!*v || *end || errno || v[0] == '-' || x < 1 || x > max)
		return bad(arg, "needs a whole number in range");
	*out = x;
	return 0;
}

static int parse_args(int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		char *a = argv[i], *v = strchr(a, '=');
		uint64_t x;
		bool b;

		if (!v)
			return bad(a, "arguments are NAME=VALUE");
		*v++ = '\0';
		if (!strcmp(a, "out")) {
			opt.out = v;
		} else if (!strcmp(a, "map")) {
			opt.map = v;
		} else if (!strcmp(a, "cache")) {
			if (!qemu_plugin_bool_parse(a, v, &b))
				return bad(a, "is on or off");
			opt.cache = b;
		} else if (!strcmp(a, "window")) {
			if (strcmp(v, "marks") && strcmp(v, "all"))
				return bad(a, "is marks or all");
			opt.all = !strcmp(v, "all");
		} else if (!strcmp(a, "mem")) {
			if (parse_uint(a, v, 1u << 20, &opt.mem_mib))
				return -1;
		} else if (!strcmp(a, "l1d_kib")) {
			if (parse_uint(a, v, 4096, &x))
				return -1;
			opt.l1d_kib = (unsigned)x;
		} else if (!strcmp(a, "l1d_ways")) {
			if (parse_uint(a, v, CS_MAX_WAYS, &x))
				return -1;
			opt.l1d_ways = (unsigned)x;
		} else {
			return bad(a, "unknown argument (out, map, cache, mem, l1d_kib, l1d_ways, window)");
		}
	}
	if (!opt.out || !*opt.out)
		return bad("out", "is required: out=PATH of the CSV to write");
	if (opt.cache && !opt.mem_mib)
		return bad("mem", "is required with cache=on: mem=<guest RAM in MiB>");
	return 0;
}

static int load_map(void)
{
	FILE *f = fopen(opt.map, "r");
	char *text = NULL;
	size_t len = 0, cap = 0, n;
	const char *why = NULL;
	int rc;

	if (!f)
		return bad(opt.map, strerror(errno));
	do {
		if (cap - len < 65536) {
			char *t = realloc(text, cap += 1 << 20);

			if (!t) {
				fclose(f);
				free(text);
				return bad(opt.map, "out of memory");
			}
			text = t;
		}
		n = fread(text + len, 1, cap - len, f);
		len += n;
	} while (n);
	fclose(f);
	rc = symmap_parse(&syms, text, len, &why);
	free(text);
	return rc ? bad(opt.map, why) : 0;
}

static uint32_t func_of(uint64_t vaddr)
{
	long i;

	if (vaddr < UINT64_C(0xffff800000000000))
		return F_USER;
	i = symmap_find(&syms, vaddr);
	return i < 0 ? F_KERNEL : (uint32_t)i + F_FIRST;
}

static void tb_exec(unsigned int vcpu, void *udata)
{
	const struct tbinfo *t = udata;
	int w = atomic_load_explicit(&window, memory_order_acquire);
	struct fcount *c;
	uint32_t i;

	if (w < 0)
		return;
	c = counts[w][vcpu];
	for (i = 0; i < t->nruns; i++)
		c[t->runs[i].func].insns += t->runs[i].n;
}

static void mem_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
	struct qemu_plugin_hwaddr *hw;
	int w = atomic_load_explicit(&window, memory_order_acquire);
	struct fcount *c;
	unsigned r;

	if (w < 0)
		return;
	hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (!hw || qemu_plugin_hwaddr_is_io(hw))
		return;
	c = &counts[w][vcpu][(uintptr_t)udata];
	r = cachesim_access(sim, vcpu, qemu_plugin_hwaddr_phys_addr(hw), qemu_plugin_mem_is_store(info));
	c->accesses++;
	if (r & CS_UNMODELLED)
		unmodelled[vcpu]++;
	if (r & CS_MISS)
		c->misses++;
	if (r & CS_TRANSFER)
		c->transfers++;
}

static void on_mark(unsigned int vcpu, void *udata)
{
	unsigned w;

	(void)vcpu;
	if (opt.all)
		return;
	if (udata) {
		w = atomic_fetch_add(&starts, 1);
		if (w < MAX_WINDOWS && !open_window((int)w))
			atomic_store_explicit(&window, (int)w, memory_order_release);
	} else {
		atomic_fetch_add(&stops, 1);
		atomic_store_explicit(&window, -1, memory_order_release);
	}
}

/* Each translation gets its own run table, never freed: QEMU gives no
 * callback when a block is dropped. A boot translates a few hundred
 * thousand blocks: tens of MB, for the life of one QEMU. */
static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;
	struct tbinfo *t = calloc(1, sizeof(*t) + n * sizeof(struct run));

	(void)id;
	if (!t)
		abort();
	atomic_fetch_add_explicit(&translated, 1, memory_order_relaxed);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint32_t f = func_of(qemu_plugin_insn_vaddr(insn));

		if (t->nruns && t->runs[t->nruns - 1].func == f)
			t->runs[t->nruns - 1].n++;
		else
			t->runs[t->nruns++] = (struct run){ f, 1 };
		if (opt.cache)
			qemu_plugin_register_vcpu_mem_cb(insn, mem_access, QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW, (void *)(uintptr_t)f);
		if (qemu_plugin_insn_size(insn) == 8) {
			const void *d = qemu_plugin_insn_data(insn);

			if (!memcmp(d, mark_start, 8))
				qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS, (void *)1);
			else if (!memcmp(d, mark_stop, 8))
				qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS, NULL);
		}
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS, t);
}

static const char *func_name(unsigned f)
{
	return f == F_USER ? "[user]" : f == F_KERNEL ? "[kernel]" : syms.syms[f - F_FIRST].name;
}

/* Written through a temporary file and a rename: a reader sees all or none. */
static void write_results(void)
{
	size_t len = strlen(opt.out) + 16;
	char *tmp = malloc(len), *info = malloc(len);
	uint64_t unm = 0;
	unsigned v, f, w;
	FILE *o;

	if (!tmp || !info)
		goto out;
	snprintf(tmp, len, "%s.tmp", opt.out);
	o = fopen(tmp, "w");
	if (!o)
		goto fail;
	fprintf(o, "window,vcpu,function,instructions,accesses,misses,transfers\n");
	for (v = 0; v < vcpus; v++)
		unm += unmodelled[v];
	for (w = 0; w < MAX_WINDOWS; w++)
		for (v = 0; v < vcpus; v++) {
			if (!counts[w][v])
				continue;
			for (f = 0; f < nfuncs; f++) {
				const struct fcount *c = &counts[w][v][f];

				if (c->insns || c->accesses)
					fprintf(o, "%u,%u,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
						w, v, func_name(f), c->insns, c->accesses, c->misses,
						c->transfers);
			}
		}
	if (fclose(o) || rename(tmp, opt.out))
		goto fail;
	snprintf(info, len, "%s.info", opt.out);
	snprintf(tmp, len, "%s.itmp", opt.out);
	o = fopen(tmp, "w");
	if (!o)
		goto fail;
	fprintf(o, "window=%s\nmarks_start=%u\nmarks_stop=%u\nvcpus=%u\nsymbols=%zu\n"
		"cache=%s\nl1d_kib=%u\nl1d_ways=%u\nmem_mib=%" PRIu64 "\nunmodelled_accesses=%" PRIu64
		"\ntranslated_blocks=%lu\n",
		opt.all ? "all" : "marks", atomic_load(&starts), atomic_load(&stops), vcpus, syms.n,
		opt.cache ? "on" : "off", opt.l1d_kib, opt.l1d_ways, opt.mem_mib, unm,
		atomic_load(&translated));
	if (fclose(o) || rename(tmp, info))
		goto fail;
	goto out;
fail:
	fprintf(stderr, "slubcount: cannot write %s: %s\n", opt.out, strerror(errno));
out:
	free(tmp);
	free(info);
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	(void)id;
	(void)p;
	write_results();
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *why;
	if (!info->system_emulation)
		return bad("slubcount", "needs system emulation (qemu-system-*)");
	if (parse_args(argc, argv))
		return -1;
	vcpus = (unsigned)info->system.max_vcpus;
	if (vcpus < 1 || vcpus > CS_MAX_VCPUS)
		return bad("slubcount", "counts 1 to 16 vCPUs");
	if (opt.map && load_map())
		return -1;
	if (opt.cache) {
		why = cachesim_check(vcpus, opt.mem_mib << 20, opt.l1d_kib << 10, opt.l1d_ways);
		if (why)
			return bad("l1d_kib/l1d_ways/mem", why);
		sim = cachesim_new(vcpus, opt.mem_mib << 20, opt.l1d_kib << 10, opt.l1d_ways);
		if (!sim)
			return bad("slubcount", "out of memory for the cache model");
	}
	nfuncs = (unsigned)syms.n + F_FIRST;
	if (opt.all) {
		if (open_window(0))
			return bad("slubcount", "out of memory for the counters");
		atomic_store(&window, 0);
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
