// SPDX-License-Identifier: GPL-2.0
/* Modelled cycles: see cycles.h. */
#include "cycles.h"
#include "num.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const CY_COUNTS[CY_N] = {
	"instructions", "l2_hits", "memory", "transfers_die", "transfers_package", "transfers_socket",
};
const char *const CY_PARTS[CY_N] = { "base", "l2", "memory", "transfer_die", "transfer_package", "transfer_socket" };

void cycles_prices(const struct machine *m, const double scale[CY_N], struct prices *p)
{
	p->c[CY_INSNS] = m->cpi;
	p->c[CY_L2] = m->l2_cycles;
	p->c[CY_MEM] = m->mem_ns * m->ghz;
	for (int i = 0; i < 3; i++)
		p->c[CY_XDIE + i] = m->xfer_ns[i] * m->ghz;
	for (int i = 0; scale && i < CY_N; i++)
		p->c[i] *= scale[i];
}

double cycles_of(const struct prices *p, const double n[CY_N], double part[CY_N])
{
	double t = 0;

	for (int i = 0; i < CY_N; i++) {
		double x = n[i] * p->c[i];

		if (part)
			part[i] = x;
		t += x;
	}
	return t;
}

const char *const PRICE_NAMES[CY_N] = {
	"cpi", "l2_cycles", "memory_ns", "transfer_die_ns", "transfer_package_ns", "transfer_socket_ns",
};

int price_parse(struct restated *r, const char *spec, char *err, size_t n)
{
	const char *eq = strchr(spec, '=');
	size_t len = eq ? (size_t)(eq - spec) : strlen(spec);
	char shown[48];
	double v = 0;
	int i;

	for (i = 0; i < CY_N; i++)
		if (strlen(PRICE_NAMES[i]) == len && !strncmp(spec, PRICE_NAMES[i], len))
			break;
	if (i == CY_N) {
		snprintf(err, n, "'%s' is not a price: give cpi, l2_cycles, memory_ns, transfer_die_ns, "
			 "transfer_package_ns or transfer_socket_ns as NAME=VALUE", num_shown(shown, sizeof(shown), spec,
			 len > 40 ? 40 : len));
		return -1;
	}
	if (!eq || !eq[1]) {
		snprintf(err, n, "%s needs a value: %s=VALUE", PRICE_NAMES[i], PRICE_NAMES[i]);
		return -1;
	}
	if (num_decimal(eq + 1, &v) || !(v > 0) || v > PRICE_MAX) {
		snprintf(err, n, "%s=%s: the price must be a decimal number above 0 and at most %g", PRICE_NAMES[i],
			 num_shown(shown, sizeof(shown), eq + 1, 40), PRICE_MAX);
		return -1;
	}
	if (r->set[i]) {
		snprintf(err, n, "%s is given twice: give each price once", PRICE_NAMES[i]);
		return -1;
	}
	r->set[i] = 1;
	r->v[i] = v;
	return 0;
}

/* the source of a restated price: "given on the command line (NAME=V; the
 * table's X: SOURCE)" */
static const char *restated_src(char *buf, size_t n, const char *what, const char *table)
{
	snprintf(buf, n, "given on the command line (%s; the table's: %s)", what, table);
	return buf;
}

void machine_restated(struct machine *out, const struct machine *m, struct restated *r)
{
	char what[96] = "";
	size_t w = 0;

	*out = *m;
	if (!r)
		return;
	if (r->set[CY_INSNS]) {
		out->cpi = r->v[CY_INSNS];
		snprintf(what, sizeof(what), "cpi=%g, was %g", out->cpi, m->cpi);
		out->src_cpi = restated_src(r->src[0], sizeof(r->src[0]), what, m->src_cpi);
	}
	if (r->set[CY_L2]) {
		out->l2_cycles = r->v[CY_L2];
		snprintf(what, sizeof(what), "l2_cycles=%g, was %g", out->l2_cycles, m->l2_cycles);
		out->src_l2 = restated_src(r->src[1], sizeof(r->src[1]), what, m->src_l2);
	}
	if (r->set[CY_MEM]) {
		out->mem_ns = r->v[CY_MEM];
		snprintf(what, sizeof(what), "memory_ns=%g, was %g", out->mem_ns, m->mem_ns);
		out->src_mem = restated_src(r->src[2], sizeof(r->src[2]), what, m->src_mem);
	}
	what[0] = 0;
	for (int i = 0; i < 3; i++)
		if (r->set[CY_XDIE + i] && w < sizeof(what)) {
			out->xfer_ns[i] = r->v[CY_XDIE + i];
			w += (size_t)snprintf(what + w, sizeof(what) - w, "%s%s=%g", w ? ", " : "", PRICE_NAMES[CY_XDIE + i],
					      out->xfer_ns[i]);
		}
	if (w)
		out->src_xfer = restated_src(r->src[3], sizeof(r->src[3]), what, m->src_xfer);
}
