// SPDX-License-Identifier: GPL-2.0
#include "symmap.h"

#include <stdlib.h>
#include <string.h>

static int by_addr(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return strcmp(x->name, y->name);   /* aliases: one fixed order */
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int symmap_parse(struct symmap *m, const char *text, size_t len, const char **why)
{
	const char *p = text, *end = text + len;
	size_t cap = 0;

	memset(m, 0, sizeof(*m));
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *q = p, *name;
		uint64_t addr = 0;
		int digits = 0, h;
		char type;

		if (!eol)
			eol = end;
		while (q < eol && (h = hexval(*q)) >= 0 && digits < 16) {
			addr = addr << 4 | (uint64_t)h;
			q++;
			digits++;
		}
		if (digits != 16 || eol - q < 4 || q[0] != ' ' || q[2] != ' ') {
			*why = "a line is not 'ADDRESS TYPE NAME' with a 16-digit address";
			goto bad;
		}
		type = q[1];
		name = q + 3;
		if (strchr("tTwW", type)) {
			if (m->n == cap) {
				struct sym *s;

				cap = cap ? 2 * cap : 4096;
				s = realloc(m->syms, cap * sizeof(*s));
				if (!s) {
					*why = "out of memory";
					goto bad;
				}
				m->syms = s;
			}
			m->syms[m->n].addr = addr;
			m->syms[m->n].name = strndup(name, (size_t)(eol - name));
			if (!m->syms[m->n].name) {
				*why = "out of memory";
				goto bad;
			}
			if ((size_t)(eol - name) == 6 && !memcmp(name, "_etext", 6))
				m->end = addr;
			m->n++;
		}
		p = eol + 1;
	}
	if (!m->n) {
		*why = "no text symbols";
		goto bad;
	}
	qsort(m->syms, m->n, sizeof(*m->syms), by_addr);
	if (!m->end)
		m->end = m->syms[m->n - 1].addr + 1;
	return 0;
bad:
	symmap_free(m);
	return -1;
}

long symmap_find(const struct symmap *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n;

	if (!m->n || addr < m->syms[0].addr || addr >= m->end)
		return -1;
	while (hi - lo > 1) {   /* last symbol with syms[i].addr <= addr */
		size_t mid = lo + (hi - lo) / 2;

		if (m->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return (long)lo;
}

void symmap_free(struct symmap *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->syms[i].name);
	free(m->syms);
	memset(m, 0, sizeof(*m));
}
