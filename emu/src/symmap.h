/* SPDX-License-Identifier: GPL-2.0 */
/*
 * symmap: kernel text symbols from a System.map, and the function an address
 * is in. Plain C, no I/O: the caller hands in the file's text.
 */
#ifndef SYMMAP_H
#define SYMMAP_H
#include <stddef.h>
#include <stdint.h>

struct sym {
	uint64_t addr;
	char *name;
};

struct symmap {
	struct sym *syms;   /* text symbols (t, T, w, W), sorted by address */
	size_t n;
	uint64_t end;       /* _etext: addresses at or after it are in no function */
};

/* Parse System.map text ("ADDR TYPE NAME" lines). Returns 0, or -1 with
 * *why set when the text is not a System.map or has no text symbols. */
int symmap_parse(struct symmap *m, const char *text, size_t len, const char **why);
/* Index of the function holding addr, or -1; of aliases (one address,
 * several names), the last by name. */
long symmap_find(const struct symmap *m, uint64_t addr);
void symmap_free(struct symmap *m);

#endif
