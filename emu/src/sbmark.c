// SPDX-License-Identifier: GPL-2.0
/*
 * sbmark: brackets a measured run with the markers slubcount counts between
 * (marker.h). Static, so it runs in any guest.
 *
 *   sbmark begin              the begin marker: the plan starts here (the
 *                             quantum's turns end from here on, slubquantum)
 *   sbmark run CMD [ARG...]   start marker, run CMD, stop marker; CMD's status
 *   sbmark loop N             between the markers, N iterations of a loop of
 *                             exactly 2 instructions ("dec; jnz")
 *   sbmark pingpong N         two threads, pinned to CPUs 0 and 1, take turns
 *                             writing one cache line, N writes in all
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "marker.h"

#define STR2(x) #x
#define STR(x) STR2(x)

static __attribute__((noinline)) void mark_start(void)
{
	__asm__ volatile("nopl " STR(MARK_START_DISP) "(%%rax,%%rax,1)" ::: "memory");
}

static __attribute__((noinline)) void mark_stop(void)
{
	__asm__ volatile("nopl " STR(MARK_STOP_DISP) "(%%rax,%%rax,1)" ::: "memory");
}

static __attribute__((noinline)) void mark_begin(void)
{
	__asm__ volatile("nopl " STR(MARK_BEGIN_DISP) "(%%rax,%%rax,1)" ::: "memory");
}

static void usage(void)
{
	fprintf(stderr, "usage: sbmark begin | sbmark run CMD [ARG...] | sbmark loop N | sbmark pingpong N\n");
	exit(2);
}

static uint64_t count_arg(const char *s)
{
	char *end;
	unsigned long long n;

	errno = 0;
	n = strtoull(s, &end, 10);
	if (!*s || *end || errno || s[0] == '-' || n < 1 || n > UINT64_C(1) << 40) {
		fprintf(stderr, "sbmark: '%s' is not a count from 1 to 2^40\n", s);
		exit(2);
	}
	return n;
}

static int run(char **argv)
{
	pid_t pid;
	int st;

	mark_start();
	pid = fork();
	if (pid < 0) {
		mark_stop();
		perror("sbmark: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "sbmark: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	mark_stop();
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void loop(uint64_t n)
{
	mark_start();
	__asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(n) : : "cc");
	mark_stop();
}

static struct {
	_Alignas(64) _Atomic uint64_t turn;   /* the line the threads pass */
	_Alignas(64) atomic_int go;
	uint64_t writes;
} pp;

static void *player(void *arg)
{
	uint64_t me = (uintptr_t)arg, i;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET((int)me, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sbmark: sched_setaffinity");
		exit(1);
	}
	/* pause, as the kernel's cpu_relax(): under one TCG thread (icount)
	 * it hands the host thread to the next vCPU at once, instead of
	 * spinning out the vCPU's whole time slice. */
	while (!atomic_load(&pp.go))
		__builtin_ia32_pause();
	for (i = me; i < pp.writes; i += 2) {
		while (atomic_load_explicit(&pp.turn, memory_order_acquire) != i)
			__builtin_ia32_pause();
		atomic_store_explicit(&pp.turn, i + 1, memory_order_release);
	}
	return NULL;
}

static int pingpong(uint64_t n)
{
	pthread_t t[2];
	uintptr_t i;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		fprintf(stderr, "sbmark: pingpong needs 2 CPUs\n");
		return 1;
	}
	pp.writes = n;
	for (i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, player, (void *)i)) {
			fprintf(stderr, "sbmark: pthread_create failed\n");
			return 1;
		}
	usleep(100000);   /* both pinned and waiting */
	mark_start();
	atomic_store(&pp.go, 1);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	mark_stop();
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "begin")) {
		mark_begin();
		return 0;
	}
	if (argc < 3)
		usage();
	if (!strcmp(argv[1], "run"))
		return run(argv + 2);
	if (argc != 3)
		usage();
	if (!strcmp(argv[1], "loop")) {
		loop(count_arg(argv[2]));
		return 0;
	}
	if (!strcmp(argv[1], "pingpong"))
		return pingpong(count_arg(argv[2]));
	usage();
	return 2;
}
