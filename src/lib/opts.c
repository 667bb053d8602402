// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Strict parsing of every command's numeric option values: base 10 or
 * 0x, range-checked, and an error naming the option and the value for
 * trailing junk, a sign, overflow or anything out of range.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/opts.h"
#include "fpabi/util.h"

const char *fpabi_cmd_name = "fpabi";

void usage_error(const char *fmt, ...)
{
	char why[1024];
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	fprintf(stderr, "fpabi: %s\nTry '%s --help'.\n", why, fpabi_cmd_name);
	exit(fpabi_setup_status(why));
}

static int digit(int c, unsigned base)
{
	int d = isdigit(c) ? c - '0' :
		isxdigit(c) ? tolower(c) - 'a' + 10 : 99;

	return d < (int)base ? d : -1;
}

/*
 * The number at the start of s, up to the first character of stop (or
 * the end): 0 with *v, or -1 with why (a static string).
 */
static int scan(const char *s, const char *stop, unsigned long long max,
		unsigned long long *v, const char **end, const char **why)
{
	unsigned base = 10;
	const char *p = s;
	unsigned long long x = 0;
	int d;

	*why = NULL;
	if (*p == '-') {
		*why = "negative numbers are refused";
		return -1;
	}
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	if (digit((unsigned char)*p, base) < 0) {
		*why = *s ? "not a number (decimal, or 0x and hex digits)" :
			"empty";
		return -1;
	}
	for (; (d = digit((unsigned char)*p, base)) >= 0; p++) {
		if ((unsigned)d > max || x > (max - (unsigned)d) / base) {
			*why = "out of range";
			return -1;
		}
		x = x * base + (unsigned)d;
	}
	if (*p && !(stop && strchr(stop, *p))) {
		*why = "trailing characters after the number";
		return -1;
	}
	*v = x;
	*end = p;
	return 0;
}

int parse_uint(const char *s, const char *stop, unsigned long long max,
	       unsigned long long *v, const char **end)
{
	const char *why;

	return scan(s, stop, max, v, end, &why);
}

unsigned long long opt_uint(const char *opt, const char *s,
			    unsigned long long min, unsigned long long max)
{
	unsigned long long v;
	const char *end, *why;

	if (scan(s, NULL, max, &v, &end, &why) < 0)
		usage_error("%s '%s': %s (want %llu to %llu)", opt, s, why,
			    min, max);
	if (v < min)
		usage_error("%s '%s': out of range (want %llu to %llu)", opt,
			    s, min, max);
	return v;
}

void opt_shard(const char *s, unsigned *shard, unsigned *nshards)
{
	char i[16], n[16];
	const char *slash = strchr(s, '/');

	if (!slash || (size_t)(slash - s) >= sizeof(i) ||
	    strlen(slash + 1) >= sizeof(n))
		bad_usage("--shard is I/N (e.g. 2/3), got '%s'", s);
	memcpy(i, s, (size_t)(slash - s));
	i[slash - s] = 0;
	strcpy(n, slash + 1);
	*nshards = opt_uint("--shard's N", n, 1, 1000000);
	*shard = opt_uint("--shard's I", i, 1, *nshards);
}

double opt_real(const char *opt, const char *s, double min, double max)
{
	const char *p = s;
	double v;

	/* digits, optionally a point and digits: no sign, exponent, inf
	 * or nan, which strtod() would take */
	while (isdigit((unsigned char)*p))
		p++;
	if (p > s && *p == '.' && isdigit((unsigned char)p[1]))
		for (p++; isdigit((unsigned char)*p); p++)
			;
	if (p == s || *p)
		usage_error("%s '%s': %s (want %g to %g)", opt, s,
			    *s == '-' ? "negative numbers are refused" :
			    !*s ? "empty" : p == s ? "not a number" :
			    "trailing characters after the number", min, max);
	errno = 0;
	v = strtod(s, NULL);
	if (errno || v < min || v > max)
		usage_error("%s '%s': out of range (want %g to %g)", opt, s,
			    min, max);
	return v;
}

uint64_t opt_seed(const char *opt, const char *s)
{
	return opt_uint(opt, s, 0, FPABI_SEED_MAX);
}

void bad_usage(const char *fmt, ...)
{
	char why[1024];
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	fprintf(stderr, "fpabi: %s\nTry 'fpabi --help'.\n", why);
	exit(fpabi_setup_status(why));
}
