// SPDX-License-Identifier: GPL-2.0
/*
 * slubquantum: a QEMU TCG plugin that gives the counting mode (icount, one
 * TCG thread running the vCPUs in turn) a fine, deterministic schedule.
 *
 * From the plan's start (the guest's begin marker, marker.h, or its first
 * window's start if it has none) to the end, every Q instructions executed
 * (quantum.h) it ends the running vCPU's turn
 * without moving the guest's clocks: qemu_plugin_update_ns(handle, 0) from
 * the time control queues work on the running vCPU, which kicks it out of
 * its execution loop; QEMU 10.0.2's round-robin loop then runs the next
 * vCPU (accel/tcg/tcg-accel-ops-rr.c), and the virtual clock, set only by
 * qtest, does not move (plugins/api-system.c). This relies on that QEMU's
 * behaviour: tests/t61-det.sh checks it on the pinned QEMU. Each turn so
 * ended costs QEMU about 20 us of host time (the clock's notification
 * wakes its main loop); the kernel's boot is no part of what is measured,
 * so it runs with icount's turns alone: two thirds of a short plan's turn
 * ends, and of its cost, were the boot's.
 *
 * Between the guest's markers (marker.h), window by window as slubcount
 * counts, it counts what shapes the schedule: instructions, the turns it
 * ended, PAUSE executions (each ends a turn under round-robin: QEMU's
 * helper_pause) and the times a vCPU went idle (HLT).
 *
 * Arguments (-plugin slubquantum.so,ARG=VALUE,...):
 *   q=N|inf     the quantum in instructions (1 to 10^9), or inf: count
 *               only, end no turn (required)
 *   out=PATH    the CSV written at exit (required): window, instructions,
 *               quantum_ends, pauses, halts; PATH.info: the settings
 *
 * Only one plugin may hold the time control: another that holds it, or a
 * QEMU without it (plugin API before version 3), is refused at install.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "marker.h"
#include "quantum.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MAX_WINDOWS 16

struct wcount {
	uint64_t insns, ends, pauses, halts;
};

/* One TCG thread runs every vCPU (icount): the callbacks never overlap. */
static struct quantum qs;
#if QEMU_PLUGIN_VERSION >= 3
static const void *time_handle;
#endif
static const char *out;
static struct wcount counts[MAX_WINDOWS];
static int window = -1;   /* the open window, or -1 */
static unsigned starts, stops;
static uint64_t ends_all;
static int begun;         /* the plan has begun: the quantum ends turns */
static uint64_t insns_begun;   /* instructions executed since it began */

static int bad(const char *what, const char *why)
{
	fprintf(stderr, "slubquantum: %s: %s\n", what, why);
	return -1;
}

static void tb_exec(unsigned int vcpu, void *udata)
{
	uint64_t n = (uint64_t)(uintptr_t)udata;

	(void)vcpu;
	if (window >= 0)
		counts[window].insns += n;
	if (!begun)
		return;
	insns_begun += n;
	if (!quantum_spend(&qs, n))
		return;
	ends_all++;
	if (window >= 0)
		counts[window].ends++;
#if QEMU_PLUGIN_VERSION >= 3
	qemu_plugin_update_ns(time_handle, 0);
#endif
}

static void on_pause(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	(void)udata;
	if (window >= 0)
		counts[window].pauses++;
}

static void on_idle(qemu_plugin_id_t id, unsigned int vcpu)
{
	(void)id;
	(void)vcpu;
	if (window >= 0)
		counts[window].halts++;
}

/* udata: MARK_BEGIN, MARK_START, or NULL (a window's stop) */
static char mark_begin_tag, mark_start_tag;
#define MARK_BEGIN ((void *)&mark_begin_tag)
#define MARK_START ((void *)&mark_start_tag)

static void on_mark(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	begun = 1;
	if (udata == MARK_BEGIN)
		return;
	if (udata == MARK_START) {
		window = starts < MAX_WINDOWS ? (int)starts : -1;
		starts++;
	} else {
		window = -1;
		stops++;
	}
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		size_t len = qemu_plugin_insn_size(insn);
		unsigned char d[8];

		if (len != 2 && len != 8)
			continue;
#if QEMU_PLUGIN_VERSION >= 2
		if (qemu_plugin_insn_data(insn, d, len) != len)
			continue;
#else
		memcpy(d, qemu_plugin_insn_data(insn), len);
#endif
		if (len == 2 && d[0] == 0xf3 && d[1] == 0x90)   /* pause */
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_pause, QEMU_PLUGIN_CB_NO_REGS, NULL);
		else if (len == 8 && (mark_of(d) || mark_is_begin(d)))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS,
							       mark_is_begin(d) ? MARK_BEGIN :
							       mark_of(d) > 0 ? MARK_START : NULL);
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)n);
}

/* Written through a temporary file and a rename: a reader sees all or none. */
static void at_exit(qemu_plugin_id_t id, void *p)
{
	size_t len = strlen(out) + 8;
	char *tmp = malloc(len), *info = malloc(len);
	FILE *o;

	(void)id;
	(void)p;
	if (!tmp || !info)
		goto out;
	snprintf(tmp, len, "%s.tmp", out);
	o = fopen(tmp, "w");
	if (!o)
		goto fail;
	fputs("window,instructions,quantum_ends,pauses,halts\n", o);
	for (unsigned w = 0; w < MAX_WINDOWS && w < starts; w++)
		fprintf(o, "%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", w, counts[w].insns,
			counts[w].ends, counts[w].pauses, counts[w].halts);
	if (fclose(o) || rename(tmp, out))
		goto fail;
	snprintf(info, len, "%s.info", out);
	o = fopen(tmp, "w");
	if (!o)
		goto fail;
	if (qs.q)
		fprintf(o, "quantum=%" PRIu64 "\n", qs.q);
	else
		fputs("quantum=inf\n", o);
	fprintf(o, "quantum_from=%s\ninstructions_from_begin=%" PRIu64 "\nmarks_start=%u\nmarks_stop=%u\n"
		"quantum_ends=%" PRIu64 "\nplugin_api=%d\n", begun ? "begin" : "never", insns_begun, starts, stops,
		ends_all, QEMU_PLUGIN_VERSION);
	if (fclose(o) || rename(tmp, info))
		goto fail;
	goto out;
fail:
	fprintf(stderr, "slubquantum: cannot write %s: %s\n", out, strerror(errno));
out:
	free(tmp);
	free(info);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	int have_q = 0;

	if (!info->system_emulation)
		return bad("slubquantum", "needs system emulation (qemu-system-*)");
	for (int i = 0; i < argc; i++) {
		char *v = strchr(argv[i], '=');

		if (!v)
			return bad(argv[i], "takes ARG=VALUE (q, out)");
		*v++ = '\0';
		if (!strcmp(argv[i], "q")) {
			if (quantum_parse(v, &qs.q))
				return bad("q", "is inf or a whole number of instructions from 1 to 1000000000");
			have_q = 1;
		} else if (!strcmp(argv[i], "out")) {
			out = v;
		} else {
			return bad(argv[i], "unknown argument (q, out)");
		}
	}
	if (!have_q || !out || !*out)
		return bad("slubquantum", "needs q=N|inf and out=PATH");
	if (qs.q) {
#if QEMU_PLUGIN_VERSION >= 3
		time_handle = qemu_plugin_request_time_control();
		if (!time_handle)
			return bad("q", "another plugin holds QEMU's time control: the quantum needs it");
#else
		return bad("q", "this QEMU's plugin API has no time control (version 3 on, QEMU 9): no quantum");
#endif
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_vcpu_idle_cb(id, on_idle);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
