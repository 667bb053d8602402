// SPDX-License-Identifier: GPL-2.0-or-later
/* Small helpers shared by the tracer: errors, allocation, hashing. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "fpabi/util.h"

int fpabi_verbose;
int fpabi_bail_out;
static pid_t main_pid;
int (*fpabi_die_hook)(const char *msg);

int fpabi_setup_status(const char *why)
{
	/* (a forked child's status is its parent's to read: always 2) */
	if (!fpabi_bail_out || (main_pid && getpid() != main_pid))
		return 2;
	printf("Bail out! %s\n", why);
	fflush(stdout);
	return 1;
}

void die(const char *fmt, ...)
{
	int (*hook)(const char *msg) = fpabi_die_hook;
	char why[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	/* once: a report that cannot be written dies here again */
	fpabi_die_hook = NULL;
	/* the run's reports completed, its Bail out! written */
	if (hook && hook(why)) {
		fflush(stdout);
		fprintf(stderr, "fpabi: %s\n", why);
		exit(fpabi_bail_out ? 1 : 2);
	}
	fflush(stdout);
	fprintf(stderr, "fpabi: %s\n", why);
	exit(fpabi_setup_status(why));
}

void vlog(const char *fmt, ...)
{
	va_list ap;

	if (!fpabi_verbose)
		return;
	fputs("fpabi: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xzalloc(size_t n)
{
	void *p = xmalloc(n);

	memset(p, 0, n ? n : 1);
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

uint64_t hash_str(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

void hex_bytes(char *buf, size_t bufsz, const void *p, size_t len)
{
	const unsigned char *b = p;
	size_t i, n = 0, show = len > 32 ? 32 : len;

	/* little-endian words read most naturally as bytes in memory order */
	n += snprintf(buf + n, bufsz - n, "%s", "");
	for (i = 0; i < show && n + 3 < bufsz; i++)
		n += snprintf(buf + n, bufsz - n, "%02x", b[i]);
	if (show < len && n + 4 < bufsz)
		snprintf(buf + n, bufsz - n, "...");
}

unsigned kernel_version(void)
{
	struct utsname u;
	unsigned a = 0, b = 0, c = 0;

	if (uname(&u) < 0)
		return 0;
	sscanf(u.release, "%u.%u.%u", &a, &b, &c);
	return a << 16 | b << 8 | (c > 255 ? 255 : c);
}

static int output_reported;

void output_failed(const char *what, int err)
{
	output_reported = 1;
	fprintf(stderr, "fpabi: cannot write %s: %s\n", what,
		strerror(err ? err : EIO));
	exit(fpabi_bail_out ? 1 : 2);
}

/*
 * At exit: what stdout still buffers is written, and if any of it (or
 * anything before) could not be, the status is 2 with the reason on
 * stderr, whatever the command would have returned.
 */
static void close_stdout(void)
{
	int bad = ferror(stdout), e = errno;

	if (output_reported)
		return;
	if (fclose(stdout) == EOF) {
		bad = 1;
		e = errno;
	}
	if (bad) {
		fprintf(stderr, "fpabi: cannot write the output: %s\n",
			strerror(e ? e : EIO));
		_exit(fpabi_bail_out && getpid() == main_pid ? 1 : 2);
	}
}

void check_stdout_at_exit(void)
{
	main_pid = getpid();
	atexit(close_stdout);
}
