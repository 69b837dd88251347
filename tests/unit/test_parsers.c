// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the parsers, on outputs captured from the built kernels
 * (tests/data/, from a head-2007 guest: see tests/data/README) and on
 * broken variants of them. Expected values are read off the fixture files
 * by eye (the lines are quoted beside each check).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "parse.h"

#ifndef DATA
#define DATA "tests/data"
#endif

/* run: parse text with fn (a small adapter), CSV into *out (malloc'd). */
typedef int (*parser)(FILE *, FILE *, struct parse_err *);

static int run(parser fn, const char *text, size_t len, char **out,
	       struct parse_err *err)
{
	FILE *in = fmemopen((void *)text, len, "r");
	size_t outlen = 0;
	FILE *o;
	int rc;

	assert_non_null(in);
	o = open_memstream(out, &outlen);
	assert_non_null(o);
	rc = fn(in, o, err);
	fclose(o);
	fclose(in);
	return rc;
}

static char *slurp(const char *name, size_t *len)
{
	char path[512];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "%s/%s", DATA, name);
	f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* parse_fixture: fn's CSV for a file of tests/data (malloc'd); must parse. */
static char *parse_fixture(parser fn, const char *name)
{
	struct parse_err err = { "" };
	size_t len;
	char *text = slurp(name, &len), *out = NULL;

	if (run(fn, text, len, &out, &err) != 0)
		fail_msg("%s: %s", name, err.msg);
	free(text);
	return out;
}

/* expect_output: fn parses text (len bytes) into exactly want. */
static void expect_output(parser fn, const char *text, size_t len, const char *want)
{
	struct parse_err err = { "" };
	char *out = NULL;

	assert_int_equal(run(fn, text, len, &out, &err), 0);
	assert_string_equal(out, want);
	free(out);
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ---- slabinfo ---------------------------------------------------------- */

static void slabinfo_real(void **state)
{
	char *out = parse_fixture(parse_slabinfo, "slabinfo-slub.txt");

	(void)state;
	/* 151 lines: version, header, 149 caches; plus our CSV header */
	assert_int_equal(count_lines(out), 150);
	/* skbuff_head_cache     32     96    256   16    1 : tunables 0 0 0 : slabdata 6 6 0 */
	assert_non_null(strstr(out, "\nskbuff_head_cache,32,96,256,16,1,6,6\n"));
	/* kmalloc-512 252 288 512 16 2 : ... : slabdata 18 18 0 */
	assert_non_null(strstr(out, "\nkmalloc-512,252,288,512,16,2,18,18\n"));
	free(out);
}

static void slabinfo_slab_allocator(void **state)
{
	/* SLAB prints non-zero tunables and shared counts */
	static const char t[] =
		"slabinfo - version: 2.1\n"
		"# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab> : tunables <limit> <batchcount> <sharedfactor> : slabdata <active_slabs> <num_slabs> <sharedavail>\n"
		"skbuff_head_cache    105    105    256   15    1 : tunables  120   60    8 : slabdata      7      7      0\n";

	(void)state;
	expect_output(parse_slabinfo, t, sizeof(t) - 1,
		      "cache,active_objs,num_objs,objsize,objperslab,pagesperslab,active_slabs,num_slabs\n"
		      "skbuff_head_cache,105,105,256,15,1,7,7\n");
}

static void expect_error(parser fn, const char *text, const char *want)
{
	struct parse_err err = { "" };
	char *out = NULL;

	assert_int_equal(run(fn, text, strlen(text), &out, &err), -1);
	if (!strstr(err.msg, want))
		fail_msg("error '%s' does not say '%s'", err.msg, want);
	free(out);
}

static const char SI_HDR[] = "slabinfo - version: 2.1\n# name <active_objs> ...\n";

static void slabinfo_errors(void **state)
{
	char buf[512];

	(void)state;
	expect_error(parse_slabinfo, "", "empty input");
	expect_error(parse_slabinfo, "slabinfo - version: 1.1\n", "line 1: not /proc/slabinfo 2.1");
	expect_error(parse_slabinfo, SI_HDR, "no caches listed");
	snprintf(buf, sizeof(buf), "%sx 1 2 3 4 5 : tunables 0 0 0 : slabdata 1 1\n", SI_HDR);
	expect_error(parse_slabinfo, buf, "line 3: 15 fields, want 16");
	snprintf(buf, sizeof(buf), "%sx 1 2a 3 4 5 : tunables 0 0 0 : slabdata 1 1 0\n", SI_HDR);
	expect_error(parse_slabinfo, buf, "line 3: field 3 is not a number");
	snprintf(buf, sizeof(buf), "%sx 1 2 3 4 5 : tunables 0 0 0 : slabdata -1 1 0\n", SI_HDR);
	expect_error(parse_slabinfo, buf, "line 3: field 14 is not a number");
	snprintf(buf, sizeof(buf), "%sx 9 2 3 4 5 : tunables 0 0 0 : slabdata 1 1 0\n", SI_HDR);
	expect_error(parse_slabinfo, buf, "line 3: 9 active objects of 2");
	snprintf(buf, sizeof(buf), "%sx 1 2 3 4 5 ; tunables 0 0 0 : slabdata 1 1 0\n", SI_HDR);
	expect_error(parse_slabinfo, buf, "line 3: no ': tunables");
	snprintf(buf, sizeof(buf), "%sx 1 2 3 4 5 : tunables 0 0 0 : slabdata 1 1 0 9 9\n", SI_HDR);
	expect_error(parse_slabinfo, buf, "want 16");
	snprintf(buf, sizeof(buf), "%sx 1 99999999999999999999999 3 4 5 : tunables 0 0 0 : slabdata 1 1 0\n", SI_HDR);
	expect_error(parse_slabinfo, buf, "field 3 is not a number");
}

static void slabinfo_nul(void **state)
{
	static const char t[] = "slabinfo - version: 2.1\nx\0y 1 2 3 4 5 : tunables 0 0 0 : slabdata 1 1 0\n";
	struct parse_err err = { "" };
	char *out = NULL;

	(void)state;
	assert_int_equal(run(parse_slabinfo, t, sizeof(t) - 1, &out, &err), -1);
	assert_string_equal(err.msg, "line 2: NUL byte in text");
	free(out);
}

/* ---- SLUB statistics ------------------------------------------------------ */

static void slubstat_real(void **state)
{
	char *out = parse_fixture(parse_slubstat, "slubstat.txt");

	(void)state;
	assert_int_equal(count_lines(out), 333 + 1);
	/* skbuff_head_cache free_add_partial 79901 C0=36972 C1=42929 */
	assert_non_null(strstr(out, "\nskbuff_head_cache,free_add_partial,79901\n"));
	free(out);
}

static void slubstat_errors(void **state)
{
	(void)state;
	expect_error(parse_slubstat, "", "no counters");
	expect_error(parse_slubstat, "a b\n", "line 1: want CACHE COUNTER TOTAL");
	expect_error(parse_slubstat, "a b x\n", "line 1: total 'x' is not a number");
	expect_error(parse_slubstat, "a b 3 C0=1 C1=1\n", "line 1: total 3 is not the sum of the CPUs' 2");
	expect_error(parse_slubstat, "a b 3 C0=3\na b 2 X1=2\n", "line 2: 'X1=2' is not Cn=v");
	expect_error(parse_slubstat, "a b 2 C=2\n", "line 1: bad per-CPU value");
	expect_error(parse_slubstat, "a b 2 C0=-2\n", "line 1: bad per-CPU value");
	expect_error(parse_slubstat, "a,b c 1 C0=1\n", "comma or quote");
	expect_error(parse_slubstat,
		     "a b 1 C0=18446744073709551615 C1=2\n", "overflow");
}

static void slubstat_zero_no_cpus(void **state)
{
	static const char t[] = "a free_slab 0\n";

	(void)state;
	expect_output(parse_slubstat, t, sizeof(t) - 1, "cache,counter,value\na,free_slab,0\n");
}

/* ---- hackbench ------------------------------------------------------------ */

static void hackbench_real(void **state)
{
	char *out = parse_fixture(parse_hackbench, "hackbench.txt");

	(void)state;
	/* Running in process mode with 10 groups using 40 file descriptors
	 * each (== 400 tasks) / Each sender will pass 100 messages of 100
	 * bytes / Time: 10.749
	 */
	assert_string_equal(out, "unit,groups,fds,loops,datasize,seconds\n"
				 "process,10,20,100,100,10.749\n");
	free(out);
}

static void hackbench_threaded(void **state)
{
	static const char t[] =
		"Running in threaded mode with 2 groups using 8 file descriptors each (== 16 tasks)\n"
		"Each sender will pass 5 messages of 64 bytes\n"
		"Time: 0.010\n";

	(void)state;
	expect_output(parse_hackbench, t, sizeof(t) - 1,
		      "unit,groups,fds,loops,datasize,seconds\nthread,2,4,5,64,0.010\n");
}

static void hackbench_errors(void **state)
{
	static const char run_line[] =
		"Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)\n";
	static const char pass[] = "Each sender will pass 100 messages of 100 bytes\n";
	char buf[512];

	(void)state;
	expect_error(parse_hackbench, "", "did hackbench start?");
	snprintf(buf, sizeof(buf), "%s%s", run_line, pass);
	expect_error(parse_hackbench, buf, "no 'Time:' line");
	snprintf(buf, sizeof(buf), "%s%sTime: abc\n", run_line, pass);
	expect_error(parse_hackbench, buf, "line 3: unreadable time 'abc'");
	snprintf(buf, sizeof(buf), "%s%sTime: 1.5s\n", run_line, pass);
	expect_error(parse_hackbench, buf, "line 3: unreadable time");
	snprintf(buf, sizeof(buf), "%s%sTime: nan\n", run_line, pass);
	expect_error(parse_hackbench, buf, "line 3: unreadable time");
	snprintf(buf, sizeof(buf), "%sTime: 1.0\n", run_line);
	expect_error(parse_hackbench, buf, "no 'Each sender will pass' line");
	expect_error(parse_hackbench,
		     "Running in magic mode with 10 groups using 40 file descriptors each (== 400 tasks)\n",
		     "line 1: unreadable 'Running in' line");
	expect_error(parse_hackbench,
		     "Running in process mode with 0 groups using 40 file descriptors each (== 0 tasks)\n",
		     "line 1: 0 groups of 40 descriptors");
	expect_error(parse_hackbench, "Each sender will pass many messages\n", "line 1: unreadable 'Each sender'");
}

/* ---- perf stat -------------------------------------------------------------- */

static const char *const LABELS[] = { "all.head", "all.tail",
				      "skbuff_head_cache.head", "skbuff_head_cache.tail",
				      "kmalloc-512.head", "kmalloc-512.tail" };

static int perfstat6(FILE *in, FILE *out, struct parse_err *err)
{
	return parse_perfstat(in, out, LABELS, 6, err);
}

static int perfstat2(FILE *in, FILE *out, struct parse_err *err)
{
	return parse_perfstat(in, out, LABELS, 2, err);
}

static void perfstat_real(void **state)
{
	struct parse_err err = { "" };
	size_t len;
	char *text, *out = parse_fixture(perfstat6, "perfstat.csv");

	(void)state;
	/* 161511,,slub:add_partial,...  0,,...  79901,,...  0  80257  0 */
	assert_string_equal(out, "label,event,count\n"
				 "all.head,slub:add_partial,161511\n"
				 "all.tail,slub:add_partial,0\n"
				 "skbuff_head_cache.head,slub:add_partial,79901\n"
				 "skbuff_head_cache.tail,slub:add_partial,0\n"
				 "kmalloc-512.head,slub:add_partial,80257\n"
				 "kmalloc-512.tail,slub:add_partial,0\n");
	free(out);
	/* more counters than labels */
	text = slurp("perfstat.csv", &len);
	assert_int_equal(run(perfstat2, text, len, &out, &err), -1);
	assert_string_equal(err.msg, "line 5: more counters than the 2 labels given");
	free(out);
	free(text);
}

static void perfstat_errors(void **state)
{
	(void)state;
	expect_error(perfstat2, "# started\n\n", "0 counters, 2 labels given");
	expect_error(perfstat2, "<not counted>,,slub:add_partial,0,0.00,,\n", "line 1: slub:add_partial: <not counted>");
	expect_error(perfstat2, "<not supported>,,cycles,0,0.00,,\n", "<not supported>");
	expect_error(perfstat2, "12.5,,x,1,100,,\n", "line 1: count '12.5' is not a whole number");
	expect_error(perfstat2, "12\n", "line 1: not a perf stat -x, line");
	expect_error(perfstat2, "1,,x,1,100,,\n", "1 counters, 2 labels given");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(slabinfo_real),
		cmocka_unit_test(slabinfo_slab_allocator),
		cmocka_unit_test(slabinfo_errors),
		cmocka_unit_test(slabinfo_nul),
		cmocka_unit_test(slubstat_real),
		cmocka_unit_test(slubstat_errors),
		cmocka_unit_test(slubstat_zero_no_cpus),
		cmocka_unit_test(hackbench_real),
		cmocka_unit_test(hackbench_threaded),
		cmocka_unit_test(hackbench_errors),
		cmocka_unit_test(perfstat_real),
		cmocka_unit_test(perfstat_errors),
	};

	return cmocka_run_group_tests_name("parsers", tests, NULL, NULL);
}
