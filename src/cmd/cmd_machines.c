// SPDX-License-Identifier: GPL-2.0
/* slubstats machines: the machine table (emu/src/machines.h) as CSV,
 * each price with its source, restated by --price. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slubstats_cmds.h"

static const char *const MACH_COLS[] = {
	"name", "cores", "ghz", "cores_per_die", "dies_per_socket", "sockets", "l1d_kib", "l1d_ways",
	"l2_kib", "l2_ways", "cpi", "l2_cycles", "memory_ns", "transfer_die_ns", "transfer_package_ns",
	"transfer_socket_ns", "desc", "source_cpi", "source_l2", "source_memory", "source_transfers",
};

/* a text field: commas become ';' (CSV without quoting) */
static void set_text(struct csv_out *o, const char *name, const char *v)
{
	char text[CSV_VAL_MAX], *p;

	snprintf(text, sizeof(text), "%s", v);
	for (p = text; *p; p++)
		*p = *p == ',' ? ';' : *p;
	csv_set(o, name, "%s", text);
}

/* the machine table, as CSV (a text field's commas become ';') */
int machines_list(struct restated *r)
{
	struct csv_out o;

	csv_out_header(&o, MACH_COLS, N(MACH_COLS));
	for (int i = 0; i < N_MACHINES; i++) {
		struct machine priced, *m = &priced;

		machine_restated(&priced, &MACHINES[i], r);

		csv_set(&o, "name", "%s", m->name);
		csv_set(&o, "cores", "%u", machine_cores(m));
		csv_setd(&o, "ghz", m->ghz);
		csv_set(&o, "cores_per_die", "%u", m->cores_per_die);
		csv_set(&o, "dies_per_socket", "%u", m->dies_per_socket);
		csv_set(&o, "sockets", "%u", m->sockets);
		csv_set(&o, "l1d_kib", "%u", m->l1d_kib);
		csv_set(&o, "l1d_ways", "%u", m->l1d_ways);
		csv_set(&o, "l2_kib", "%u", m->l2_kib);
		csv_set(&o, "l2_ways", "%u", m->l2_ways);
		csv_setd(&o, "cpi", m->cpi);
		csv_setd(&o, "l2_cycles", m->l2_cycles);
		csv_setd(&o, "memory_ns", m->mem_ns);
		csv_setd(&o, "transfer_die_ns", m->xfer_ns[0]);
		csv_setd(&o, "transfer_package_ns", m->xfer_ns[1]);
		csv_setd(&o, "transfer_socket_ns", m->xfer_ns[2]);
		set_text(&o, "desc", m->desc);
		set_text(&o, "source_cpi", m->src_cpi);
		set_text(&o, "source_l2", m->src_l2);
		set_text(&o, "source_memory", m->src_mem);
		set_text(&o, "source_transfers", m->src_xfer);
		csv_emit(&o);
	}
	return 0;
}
