/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Every command's option values, parsed strictly in one place. */
#ifndef FPABI_OPTS_H
#define FPABI_OPTS_H

#include <stdint.h>

/* The largest seed: 48 bits, short enough to retype. */
#define FPABI_SEED_MAX	0xffffffffffffull

/* Longest --seconds of fuzz and stress: a week. */
#define FPABI_SECONDS_MAX	(7u * 86400u)

/* "fpabi", "fpabi stress", ...: named in the "Try 'CMD --help'" hint. */
extern const char *fpabi_cmd_name;

/* "fpabi: MESSAGE" and the hint on stderr, exit status 2. */
void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* "fpabi: msg", "Try 'fpabi --help'.", exit 2 */
void bad_usage(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));

/*
 * The value s of option opt: decimal digits, or 0x and hex digits, and
 * nothing else (no sign, no space, no suffix), from min to max.  Anything
 * else is a usage error naming opt, the value and what was wrong.
 */
unsigned long long opt_uint(const char *opt, const char *s,
			    unsigned long long min, unsigned long long max);

/* --shard I/N: 1 <= I <= N <= 1000000, else a usage error */
void opt_shard(const char *s, unsigned *shard, unsigned *nshards);

/* As opt_uint, for a decimal fraction (digits, optionally '.' digits). */
double opt_real(const char *opt, const char *s, double min, double max);

/* A seed: opt_uint from 0 to FPABI_SEED_MAX. */
uint64_t opt_seed(const char *opt, const char *s);

/*
 * A number inside a string the user wrote (a --replay step's argument):
 * as opt_uint, but returns -1 instead of exiting; *end is set past the
 * number, which ends at the first character of stop.
 */
int parse_uint(const char *s, const char *stop, unsigned long long max,
	       unsigned long long *v, const char **end);

#endif
