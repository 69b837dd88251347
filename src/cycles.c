// SPDX-License-Identifier: GPL-2.0
/* Modelled cycles: see cycles.h. */
#include "cycles.h"

#include <stddef.h>

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
