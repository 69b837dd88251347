// SPDX-License-Identifier: GPL-2.0
/*
 * slubcount: a QEMU TCG plugin that turns the emulator into exact counters.
 *
 * Per vCPU and per kernel function (from the booted build's System.map):
 * instructions executed, data accesses, L1d misses and cache-line transfers
 * between vCPUs, and where each miss was served from: the die's shared L2,
 * memory, or a transfer from a core of the same die, the other die of the
 * socket or another socket (the model and its rule: cachesim.h; the
 * machine: machines.h). User-mode code counts
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
 *                 function, instructions, accesses, misses, transfers,
 *                 l2_hits, memory, transfers_die, transfers_package,
 *                 transfers_socket (empty with cache=off: not counted);
 *                 PATH.info gets the settings and totals
 *   map=PATH      System.map of the booted kernel (else every kernel
 *                 instruction is "[kernel]")
 *   cache=on|off  model the caches (default on; off: instructions only)
 *   mem=MIB       guest RAM, the modelled physical memory (required with
 *                 cache=on; addresses beyond it are counted as unmodelled)
 *   machine=NAME  the machine modelled (machines.h; default clovertown):
 *                 its topology, L1d and shared L2; vCPU i is its core i,
 *                 so the guest may have no more vCPUs than it has cores
 *   l1d_kib=N, l1d_ways=N   the L1d of each vCPU (default: the machine's)
 *   window=marks|all   count between markers (default) or the whole run
 *                 (one window, 0)
 *   insns=cb|inline    how instructions are counted: a callback per
 *                 executed block (default; API version 1 has only this), or
 *                 inline per-vCPU adds into a scoreboard at the first
 *                 instruction of each function's run in the block, no
 *                 callback (API version 2 on: QEMU 8.2 and later). Not the
 *                 default: under icount QEMU 10.0.2's inline ops corrupt the
 *                 guest (a register of a rep stos changes; the guest oopses
 *                 in _printk), under MTTCG they run. The window is the same
 *                 in both: counted when the block (or run) starts.
 *   vcpu=index|regs    which vCPU ran an access: the index QEMU passes
 *                 (default), or (API version 2 on) the guest's own per-CPU
 *                 base read from its registers at each block. Under one TCG
 *                 thread (icount) QEMU 10.0.2 passes the index of the vCPU
 *                 that TRANSLATED the block, not of the one running it
 *                 (accel/tcg/plugin-gen.c, gen_cpu_index: a constant unless
 *                 CF_PARALLEL), and blocks are shared between vCPUs: every
 *                 per-vCPU count and the coherence model would be wrong.
 *                 With regs, the running vCPU is the one whose kernel
 *                 per-CPU area (gs_base in the kernel, k_gs_base in user
 *                 mode) is current, numbered in the order the vCPUs first
 *                 run with one (the boot CPU, then the others as they come
 *                 up: Linux's CPU numbers); before any has one, vCPU 0.
 *
 * Built against the qemu-plugin.h of the QEMU it is loaded into (API version
 * 1, QEMU 7.2; version 4, QEMU 10).
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "cachesim.h"
#include "machines.h"
#include "marker.h"
#include "symmap.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define F_USER 0
#define F_KERNEL 1
#define F_FIRST 2

struct fcount {
	uint64_t insns, accesses, misses, transfers, l2_hits, memory, xfer[3];
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
	const struct machine *machine;
	int cache, all;
	uint64_t mem_mib;
	unsigned l1d_kib, l1d_ways;
	int inline_insns, vcpu_regs;
} opt = { .cache = 1, .inline_insns = 0 };

static struct symmap syms;
static struct cachesim *sim;
#define MAX_WINDOWS 16
static struct fcount *counts[MAX_WINDOWS][CS_MAX_VCPUS];
static uint64_t unmodelled[CS_MAX_VCPUS];
static unsigned vcpus, nfuncs;
static atomic_int window = -1;   /* the open window, or -1: not counting */
static atomic_uint starts, stops;
static atomic_ulong translated;

#if QEMU_PLUGIN_VERSION >= 2
/* vcpu=regs: the vCPU running now (one TCG thread runs them in turn), told
 * by its kernel per-CPU base; bases[i] is vCPU i's. */
static struct qemu_plugin_register *reg_gs, *reg_kgs;
static GByteArray *regbuf;
static uint64_t bases[CS_MAX_VCPUS];
static unsigned nbases, cur_vcpu, unknown_bases;

static uint64_t read_reg(struct qemu_plugin_register *r)
{
	uint64_t v = 0;

	g_byte_array_set_size(regbuf, 0);
	if (qemu_plugin_read_register(r, regbuf) == 8)
		memcpy(&v, regbuf->data, 8);   /* x86: little-endian, as the host */
	return v;
}

#define KERNEL_HALF UINT64_C(0xffff800000000000)

static unsigned running_vcpu(void)
{
	uint64_t a, b, base;
	unsigned i;

	if (!reg_gs || !reg_kgs) {
		unknown_bases++;
		return 0;
	}
	/* In the kernel after swapgs (nearly every block of a measured run)
	 * GS holds the per-CPU base: one read. In user mode, and in the
	 * kernel's entry code before swapgs, it is the kernel's GS base MSR:
	 * of the two, the kernel address (a user's base lies below). */
	a = read_reg(reg_gs);
	base = a;
	if (a < KERNEL_HALF) {
		b = read_reg(reg_kgs);
		base = b > a ? b : a;
	}
	if (base < KERNEL_HALF)
		return 0;   /* no per-CPU area yet: the boot CPU */
	for (i = 0; i < nbases; i++)
		if (bases[i] == base)
			return i;
	if (nbases < vcpus) {
		bases[nbases] = base;
		return nbases++;
	}
	unknown_bases++;
	return 0;
}

static void vcpu_init(qemu_plugin_id_t id, unsigned int vcpu)
{
	GArray *regs = qemu_plugin_get_registers();
	unsigned i;

	(void)id;
	(void)vcpu;
	for (i = 0; i < regs->len; i++) {
		qemu_plugin_reg_descriptor *d = &g_array_index(regs, qemu_plugin_reg_descriptor, i);

		if (!strcmp(d->name, "gs_base"))
			reg_gs = d->handle;
		else if (!strcmp(d->name, "k_gs_base"))
			reg_kgs = d->handle;
	}
	g_array_free(regs, TRUE);
}
#endif

#if QEMU_PLUGIN_VERSION >= 2
/* insns=inline: per vCPU, one u64 per function, added to inline as each
 * block starts; a window's count is the difference between its two ends. */
static struct qemu_plugin_scoreboard *score;
static uint64_t *at_open[CS_MAX_VCPUS];

static uint64_t *score_of(unsigned v)
{
	return qemu_plugin_scoreboard_find(score, v);
}

/* Window w's instructions: what each vCPU's scoreboard gained since the
 * window opened (at_open NULL: since the start). */
static void close_inline(int w)
{
	unsigned v, f;

	for (v = 0; v < vcpus; v++) {
		const uint64_t *now = score_of(v);

		for (f = 0; f < nfuncs; f++)
			counts[w][v][f].insns += now[f] - (at_open[v] ? at_open[v][f] : 0);
	}
}

static void open_inline(void)
{
	unsigned v;

	for (v = 0; v < vcpus; v++)
		memcpy(at_open[v], score_of(v), nfuncs * sizeof(uint64_t));
}
#endif

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
		} else if (!strcmp(a, "machine")) {
			opt.machine = machine_find(v);
			if (!opt.machine)
				return bad(a, "is not a machine of machines.h (slubstats machines lists them)");
		} else if (!strcmp(a, "cache")) {
			if (!qemu_plugin_bool_parse(a, v, &b))
				return bad(a, "is on or off");
			opt.cache = b;
		} else if (!strcmp(a, "window")) {
			if (strcmp(v, "marks") && strcmp(v, "all"))
				return bad(a, "is marks or all");
			opt.all = !strcmp(v, "all");
		} else if (!strcmp(a, "insns")) {
			if (strcmp(v, "inline") && strcmp(v, "cb"))
				return bad(a, "is inline or cb");
			opt.inline_insns = !strcmp(v, "inline");
			if (opt.inline_insns && QEMU_PLUGIN_VERSION < 2)
				return bad(a, "inline needs plugin API version 2 (QEMU 8.2 or later): use cb");
		} else if (!strcmp(a, "vcpu")) {
			if (strcmp(v, "index") && strcmp(v, "regs"))
				return bad(a, "is index or regs");
			opt.vcpu_regs = !strcmp(v, "regs");
			if (opt.vcpu_regs && QEMU_PLUGIN_VERSION < 2)
				return bad(a, "regs needs plugin API version 2 (QEMU 8.2 or later): use index");
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
			return bad(a, "unknown argument (out, map, machine, cache, mem, l1d_kib, l1d_ways, window, insns, vcpu)");
		}
	}
	if (!opt.machine)
		opt.machine = machine_find(MACHINE_DEFAULT);
	if (!opt.l1d_kib)
		opt.l1d_kib = opt.machine->l1d_kib;
	if (!opt.l1d_ways)
		opt.l1d_ways = opt.machine->l1d_ways;
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
#if QEMU_PLUGIN_VERSION >= 2
	if (opt.vcpu_regs)
		vcpu = cur_vcpu = running_vcpu();
#endif
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
#if QEMU_PLUGIN_VERSION >= 2
	if (opt.vcpu_regs)
		vcpu = cur_vcpu;
#endif
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
	if (r & CS_L2_HIT)
		c->l2_hits++;
	if (r & CS_MEMORY)
		c->memory++;
	if (r & CS_XFER_DIE)
		c->xfer[0]++;
	if (r & CS_XFER_PACKAGE)
		c->xfer[1]++;
	if (r & CS_XFER_SOCKET)
		c->xfer[2]++;
}

static void on_mark(unsigned int vcpu, void *udata)
{
	unsigned w;

	(void)vcpu;
	if (opt.all)
		return;
#if QEMU_PLUGIN_VERSION >= 2
	if (opt.vcpu_regs)
		cur_vcpu = running_vcpu();
#endif
	if (udata) {
		w = atomic_fetch_add(&starts, 1);
		if (w < MAX_WINDOWS && !open_window((int)w)) {
#if QEMU_PLUGIN_VERSION >= 2
			if (opt.inline_insns)
				open_inline();
#endif
			atomic_store_explicit(&window, (int)w, memory_order_release);
		}
	} else {
		atomic_fetch_add(&stops, 1);
		int open = atomic_exchange_explicit(&window, -1, memory_order_acq_rel);
#if QEMU_PLUGIN_VERSION >= 2
		if (open >= 0 && opt.inline_insns)
			close_inline(open);
#endif
		(void)open;
	}
}

/* Callbacks that must tell the running vCPU read registers. */
static enum qemu_plugin_cb_flags regs_flag(void)
{
	return opt.vcpu_regs ? QEMU_PLUGIN_CB_R_REGS : QEMU_PLUGIN_CB_NO_REGS;
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
#if QEMU_PLUGIN_VERSION >= 2
			uint8_t d[8];

			if (qemu_plugin_insn_data(insn, d, sizeof(d)) != sizeof(d))
				continue;
#else
			const void *d = qemu_plugin_insn_data(insn);
#endif

			int m = mark_of(d);

			if (m)
				qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, regs_flag(), m > 0 ? (void *)1 : NULL);
		}
	}
#if QEMU_PLUGIN_VERSION >= 2
	if (opt.inline_insns) {
		size_t first = 0;

		for (i = 0; i < t->nruns; first += t->runs[i++].n)
			qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(
				qemu_plugin_tb_get_insn(tb, first), QEMU_PLUGIN_INLINE_ADD_U64,
				(qemu_plugin_u64){ score, t->runs[i].func * sizeof(uint64_t) }, t->runs[i].n);
		free(t);
		return;
	}
#endif
	qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, regs_flag(), t);
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
	fprintf(o, "window,vcpu,function,instructions,accesses,misses,transfers,l2_hits,memory,"
		"transfers_die,transfers_package,transfers_socket\n");
	for (v = 0; v < vcpus; v++)
		unm += unmodelled[v];
	for (w = 0; w < MAX_WINDOWS; w++)
		for (v = 0; v < vcpus; v++) {
			if (!counts[w][v])
				continue;
			for (f = 0; f < nfuncs; f++) {
				const struct fcount *c = &counts[w][v][f];

				if (!c->insns && !c->accesses)
					continue;
				fprintf(o, "%u,%u,%s,%" PRIu64, w, v, func_name(f), c->insns);
				if (opt.cache)
					fprintf(o, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
						",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", c->accesses, c->misses,
						c->transfers, c->l2_hits, c->memory, c->xfer[0], c->xfer[1],
						c->xfer[2]);
				else   /* not counted: empty, never 0 */
					fputs(",,,,,,,,\n", o);
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
		"machine=%s\ncache=%s\nl1d_kib=%u\nl1d_ways=%u\nmem_mib=%" PRIu64 "\nunmodelled_accesses=%" PRIu64
		"\ntranslated_blocks=%lu\ninsns=%s\nplugin_api=%d\nvcpu=%s\nvcpu_unknown_bases=%u\n",
		opt.all ? "all" : "marks", atomic_load(&starts), atomic_load(&stops), vcpus, syms.n,
		opt.machine->name, opt.cache ? "on" : "off", opt.l1d_kib, opt.l1d_ways, opt.mem_mib, unm,
		atomic_load(&translated), opt.inline_insns ? "inline" : "cb", QEMU_PLUGIN_VERSION,
		opt.vcpu_regs ? "regs" : "index",
#if QEMU_PLUGIN_VERSION >= 2
		unknown_bases
#else
		0u
#endif
		);
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
#if QEMU_PLUGIN_VERSION >= 2
	{
		int open = atomic_exchange(&window, -1);

		if (open >= 0 && opt.inline_insns)
			close_inline(open);
	}
#endif
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
		if (vcpus > machine_cores(opt.machine))
			return bad("machine", "has fewer cores than the guest has vCPUs: give a bigger machine or fewer vCPUs");
		sim = cachesim_new(vcpus, opt.mem_mib << 20, opt.l1d_kib << 10, opt.l1d_ways);
		if (!sim)
			return bad("slubcount", "out of memory for the cache model");
		why = cachesim_set_machine(sim, opt.machine->cores_per_die, opt.machine->dies_per_socket,
					   opt.machine->l2_kib << 10, opt.machine->l2_ways);
		if (why)
			return bad("machine", why);
	}
	nfuncs = (unsigned)syms.n + F_FIRST;
#if QEMU_PLUGIN_VERSION >= 2
	if (opt.inline_insns) {
		unsigned v;

		score = qemu_plugin_scoreboard_new(nfuncs * sizeof(uint64_t));
		for (v = 0; v < vcpus; v++)
			if (!(at_open[v] = calloc(nfuncs, sizeof(uint64_t))))
				return bad("slubcount", "out of memory for the counters");
	}
#endif
	if (opt.all) {
		if (open_window(0))
			return bad("slubcount", "out of memory for the counters");
		atomic_store(&window, 0);
	}
#if QEMU_PLUGIN_VERSION >= 2
	if (opt.vcpu_regs) {
		regbuf = g_byte_array_new();
		qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
	}
#endif
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
