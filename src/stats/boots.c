// SPDX-License-Identifier: GPL-2.0
/* Which rows of boots.csv a run uses: see boots.h. */
#include "boots.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csv.h"

static const struct boot_attempt *sort_base;

static int key_cmp(const struct boot_attempt *x, const struct boot_attempt *y)
{
	int c;

	if ((c = strcmp(x->round, y->round)) || (c = strcmp(x->kernel, y->kernel)) ||
	    (c = strcmp(x->kind, y->kind)) || (c = strcmp(x->vcpus, y->vcpus)))
		return c;
	return 0;
}

static int by_key(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	int c = key_cmp(&sort_base[a], &sort_base[b]);

	if (c)
		return c;
	/* then by attempt, then file order: a repeat sits next to its twin */
	if (sort_base[a].attempt != sort_base[b].attempt)
		return sort_base[a].attempt < sort_base[b].attempt ? -1 : 1;
	return a < b ? -1 : a > b;
}

long boots_last_attempts(const struct boot_attempt *a, size_t n, unsigned char *used)
{
	size_t *ix = malloc((n ? n : 1) * sizeof(*ix));
	long dup = -1;

	if (!ix)
		abort();
	for (size_t i = 0; i < n; i++)
		ix[i] = i;
	sort_base = a;
	qsort(ix, n, sizeof(*ix), by_key);
	for (size_t i = 0; i < n;) {
		size_t j = i, best = ix[i];

		for (; j < n && !key_cmp(&a[ix[i]], &a[ix[j]]); j++) {
			used[ix[j]] = 0;
			if (a[ix[j]].attempt > a[best].attempt)
				best = ix[j];
			if (j > i && dup < 0 && a[ix[j - 1]].attempt == a[ix[j]].attempt)
				dup = (long)ix[j];
		}
		used[best] = 1;
		i = j;
	}
	free(ix);
	return dup;
}

unsigned char *boots_used(const char *path, size_t *n)
{
	struct csv c;
	struct boot_attempt *a = NULL;
	char *keys = NULL;
	size_t cap = 0, len = 0, klen = 0, kcap = 0;
	unsigned char *used;
	int k[4], ka, kv;
	static const char *const IN[] = { "round", "kernel", "kind" };

	csv_open_cols(&c, path, IN, 3, k);
	kv = csv_col_opt(&c, "vcpus");
	ka = csv_col_opt(&c, "attempt");
	while (csv_next(&c)) {
		const char *f[4] = { c.fld[k[0]], c.fld[k[1]], c.fld[k[2]], kv >= 0 ? c.fld[kv] : "" };
		size_t need = 0;

		if (len == cap) {
			cap = cap ? 2 * cap : 256;
			a = realloc(a, cap * sizeof(*a));
			if (!a)
				abort();
		}
		for (int j = 0; j < 4; j++)
			need += strlen(f[j]) + 1;
		if (klen + need > kcap) {
			kcap = 2 * (klen + need) + 4096;
			keys = realloc(keys, kcap);
			if (!keys)
				abort();
		}
		/* offsets now, pointers once keys stops moving */
		a[len].round = (const char *)(uintptr_t)klen;
		for (int j = 0; j < 4; j++) {
			strcpy(keys + klen, f[j]);
			klen += strlen(f[j]) + 1;
		}
		a[len].attempt = 1;
		if (ka >= 0) {
			const char *v = c.fld[ka];
			char *end;
			long x = strtol(v, &end, 10);

			if (*v < '1' || *v > '9' || *end || x < 1)
				csv_die(&c, c.lineno, "attempt '%.20s' is not a whole number from 1", v);
			a[len].attempt = x;
		}
		len++;
	}
	csv_close(&c);
	for (size_t i = 0; i < len; i++) {
		const char *p = keys + (uintptr_t)a[i].round;

		a[i].round = p;
		p += strlen(p) + 1;
		a[i].kernel = p;
		p += strlen(p) + 1;
		a[i].kind = p;
		p += strlen(p) + 1;
		a[i].vcpus = p;
	}
	used = malloc(len ? len : 1);
	if (!used)
		abort();
	long dup = boots_last_attempts(a, len, used);

	if (dup >= 0) {
		cli_say("slubbench: error: %s: line %ld: a second row of round %s, %s, %s, attempt %ld: a duplicated row; refusing this run\n",
			path, dup + 2, a[dup].round, a[dup].kernel, a[dup].kind, a[dup].attempt);
		exit(1);
	}
	free(a);
	free(keys);
	*n = len;
	return used;
}
