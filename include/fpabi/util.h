/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers shared by the tracer: errors, allocation, hashing. */
#ifndef FPABI_UTIL_H
#define FPABI_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a) (((x) + (a) - 1) / (a) * (a))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

extern int fpabi_verbose;

/* Set by --format kselftest: setup errors are "Bail out!" and status 1. */
extern int fpabi_bail_out;
/* The status of a setup error (why): 2, or with fpabi_bail_out, in the
 * main process, 1 after "Bail out! why" on stdout (kselftest's rule). */
int fpabi_setup_status(const char *why);
/* Print "fpabi: msg" to stderr and exit with fpabi_setup_status(msg). */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* called once with die()'s message before it exits: 1 when it wrote
 * the TAP's Bail out! and completed the run's reports, or NULL */
extern int (*fpabi_die_hook)(const char *msg);
/* s as a JSON string: quoted, escaped by esc_json() (src/lib/escape.c) */
void json_write_str(FILE *f, const char *s);
/* Print to stderr only with --verbose. */
void vlog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xzalloc(size_t n);
char *xstrdup(const char *s);

/* splitmix64: a fast 64-bit mixer, used for seeds and canary checks */
static inline uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* The next number of the splitmix64 sequence whose state is *s */
static inline uint64_t mix64_next(uint64_t *s)
{
	uint64_t x = *s;

	*s += 0x9e3779b97f4a7c15ULL;
	return mix64(x);
}

/* FNV-1a over a string, for per-case seeds derived from the case ID */
uint64_t hash_str(const char *s);

/* "0x0011223344556677..." of len bytes (at most 64 shown) into buf */
void hex_bytes(char *buf, size_t bufsz, const void *p, size_t len);

/*
 * fork(), and in the child PR_SET_PDEATHSIG(SIGKILL) with the check that
 * the parent is still there: every process the runner makes dies with it.
 */
pid_t fpabi_fork(void);

/*
 * The tracee's end: SIGKILL to its process group and to it, then reaped,
 * with every traced task of its group that died beside it (see proc.c).
 */
void fpabi_kill_reap(pid_t pid);

/* Field k (0-2) of /proc/PID/schedstat: the task's time on a CPU in ns
 * (sum_exec_runtime, up to date for a running task), its time waiting to
 * run, its arrivals on a CPU; -1 if it cannot be read. */
long long fpabi_schedstat(pid_t pid, unsigned k);

/* Dies (exit status 2) unless path is fpabi's tracee of this shm ABI. */
void fpabi_check_tracee(const char *path);

/* At exit, a write error on stdout makes the status 2 (and says so). */
void check_stdout_at_exit(void);
/* "fpabi: cannot write WHAT: strerror(err)", exit status 2. */
void output_failed(const char *what, int err) __attribute__((noreturn));

/* Kernel version as major*65536 + minor*256 + patch, from uname(2). */
unsigned kernel_version(void);

#endif
