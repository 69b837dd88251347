// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target for every parser: the first byte picks the parser, the
 * rest is its input. A parser must return 0 or -1 with a message, never
 * crash, hang, leak or read out of bounds (ASan/UBSan are on).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const labels[] = { "a.head", "a.tail", "b.head" };
	struct parse_err err = { "" };
	char *out = NULL;
	size_t outlen = 0;
	FILE *in, *o;
	int rc;

	if (size < 1)
		return 0;
	in = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
	if (!in)
		return 0;
	if (size == 1)
		fgetc(in); /* fmemopen needs size > 0: start at its end */
	o = open_memstream(&out, &outlen);
	if (!o) {
		fclose(in);
		return 0;
	}
	switch (data[0] % 4) {
	case 0:
		rc = parse_slabinfo(in, o, &err);
		break;
	case 1:
		rc = parse_slubstat(in, o, &err);
		break;
	case 2:
		rc = parse_hackbench(in, o, &err);
		break;
	default:
		rc = parse_perfstat(in, o, labels, 1 + data[0] / 4 % 3, &err);
		break;
	}
	fclose(o);
	fclose(in);
	if (rc != 0 && rc != -1)
		abort();
	if (rc == -1 && err.msg[0] == '\0')
		abort(); /* an error must say what was wrong */
	free(out);
	return 0;
}
