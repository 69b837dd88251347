/* Command-line helpers shared by slubbench's C tools: one message format. */
#ifndef SLUBBENCH_CLI_H
#define SLUBBENCH_CLI_H

#include <stdarg.h>

/* cli_say(FMT, ...): the message to stderr, each byte outside printable
 * ASCII written as '?' (what a message quotes from its input cannot move
 * the terminal); cli_vsay the same from a va_list. */
void cli_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_vsay(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* cli_die("--rounds", "needs a value"): prints "PROG: error: --rounds
 * needs a value" (the shell scripts' format), exits 1. cli_prog names PROG. */
extern const char *cli_prog;
void cli_die(const char *what, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* The error for getopt_long's answer c (':' a missing value, else an
 * unknown option), naming the option as argv has it. */
void cli_bad_option(int c, char **argv) __attribute__((noreturn));

/* A whole number in [min, max], or cli_die naming the option. */
unsigned long long cli_uint(const char *opt, const char *arg,
			    unsigned long long min, unsigned long long max);

/* A number (decimal) in [min, max], or cli_die naming the option. */
double cli_double(const char *opt, const char *arg, double min, double max);

#endif
