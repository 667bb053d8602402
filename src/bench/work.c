// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench's workloads: a syscall, a signal round trip, a pipe round
 * trip and a sched_yield between two tasks on one CPU, a ptrace stop with
 * a regset read; each touches the vector registers through the arch's
 * variant (src/arch/<arch>/bench.c) around every operation.
 */
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench-int.h"
#include "fpabi/util.h"

static void touch(const struct bench_vec *v)
{
	if (v->touch)
		v->touch();
}

static void prepare(const struct bench_vec *v)
{
	if (v->prepare)
		v->prepare();
}

static int syscall_setup(struct bctx *c, char *why, size_t n)
{
	(void)why, (void)n;
	prepare(c->v);
	return 0;
}

static void syscall_run(struct bctx *c, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		syscall(SYS_getpid);
	}
}

static volatile unsigned long signals_seen;

static void on_usr1(int sig)
{
	(void)sig;
	signals_seen++;
}

static int signal_setup(struct bctx *c, char *why, size_t n)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	if (sigaction(SIGUSR1, &sa, NULL)) {
		snprintf(why, n, "sigaction: %s", strerror(errno));
		return -1;
	}
	prepare(c->v);
	return 0;
}

static void signal_run(struct bctx *c, unsigned long n)
{
	pid_t pid = getpid(), tid = syscall(SYS_gettid);
	unsigned long seen = signals_seen;

	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		syscall(SYS_tgkill, pid, tid, SIGUSR1);
	}
	if (signals_seen - seen != n)
		die("signal: %lu signals sent, %lu handled", n,
		    signals_seen - seen);
}

static void signal_teardown(struct bctx *c)
{
	(void)c;
	signal(SIGUSR1, SIG_DFL);
}

/* Pin this task to the CPU it is on; children inherit it. */
static int pin(struct bctx *c, char *why, size_t n)
{
	cpu_set_t one;

	c->cpu = sched_getcpu();
	if (c->cpu < 0 || sched_getaffinity(0, sizeof(c->saved), &c->saved)) {
		snprintf(why, n, "sched_getcpu/getaffinity: %s", strerror(errno));
		return -1;
	}
	CPU_ZERO(&one);
	CPU_SET(c->cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one)) {
		snprintf(why, n, "cannot pin to CPU %d: %s", c->cpu,
			 strerror(errno));
		return -1;
	}
	return 0;
}

static void unpin(struct bctx *c)
{
	sched_setaffinity(0, sizeof(c->saved), &c->saved);
}

static void reap(struct bctx *c)
{
	if (c->child > 0) {
		kill(c->child, SIGKILL);
		waitpid(c->child, NULL, 0);
		c->child = 0;
	}
}

/* child of trap-pipe: echo each byte back, touching the registers first */
static void __attribute__((noreturn)) pipe_child(struct bctx *c)
{
	char b;

	close(c->to[1]);
	close(c->from[0]);
	prepare(c->v);
	while (read(c->to[0], &b, 1) == 1) {
		touch(c->v);
		if (write(c->from[1], &b, 1) != 1)
			break;
	}
	_exit(0);
}

static int pipe_setup(struct bctx *c, char *why, size_t n)
{
	if (pin(c, why, n))
		return -1;
	if (pipe(c->to) || pipe(c->from)) {
		snprintf(why, n, "pipe: %s", strerror(errno));
		unpin(c);
		return -1;
	}
	c->child = fpabi_fork();
	if (c->child < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		unpin(c);
		return -1;
	}
	if (!c->child)
		pipe_child(c);
	close(c->to[0]);
	close(c->from[1]);
	prepare(c->v);
	return 0;
}

static void pipe_run(struct bctx *c, unsigned long n)
{
	char b = 'x';

	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		if (write(c->to[1], &b, 1) != 1 || read(c->from[0], &b, 1) != 1)
			die("trap-pipe: the partner process is gone");
	}
}

static void pipe_teardown(struct bctx *c)
{
	close(c->to[1]);
	close(c->from[0]);
	reap(c);
	unpin(c);
}

static int ctxsw_setup(struct bctx *c, char *why, size_t n)
{
	c->stop = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c->stop == MAP_FAILED) {
		snprintf(why, n, "mmap: %s", strerror(errno));
		return -1;
	}
	if (pin(c, why, n) || (c->child = fpabi_fork()) < 0) {
		if (!why[0])
			snprintf(why, n, "fork: %s", strerror(errno));
		if (c->child < 0)
			unpin(c);
		munmap((void *)c->stop, 4096);
		return -1;
	}
	if (!c->child) {
		prepare(c->v);
		while (!*c->stop) {
			touch(c->v);
			sched_yield();
		}
		_exit(0);
	}
	prepare(c->v);
	return 0;
}

static void ctxsw_run(struct bctx *c, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		sched_yield();
	}
}

static void ctxsw_teardown(struct bctx *c)
{
	*c->stop = 1;
	waitpid(c->child, NULL, 0);
	c->child = 0;
	munmap((void *)c->stop, 4096);
	unpin(c);
}

static int wait_stop(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st))
		return -1;
	return 0;
}

static int read_regset(struct bctx *c)
{
	struct iovec iov = { c->buf, c->rs->size };

	return ptrace(PTRACE_GETREGSET, c->child, (void *)(uintptr_t)c->rs->type,
		      &iov);
}

static int ptrace_setup(struct bctx *c, char *why, size_t n)
{
	if (pin(c, why, n))
		return -1;
	c->child = fpabi_fork();
	if (c->child < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		unpin(c);
		return -1;
	}
	if (!c->child) {
		pid_t self = getpid();

		if (ptrace(PTRACE_TRACEME, 0, 0, 0))
			_exit(1);
		prepare(c->v);
		for (;;) {
			touch(c->v);
			syscall(SYS_tgkill, self, self, SIGTRAP);
		}
	}
	if (wait_stop(c->child)) {
		snprintf(why, n, "the tracee did not stop (PTRACE_TRACEME refused?)");
		reap(c);
		unpin(c);
		return -1;
	}
	if (c->rs) {
		c->buf = xzalloc(c->rs->size);
		if (read_regset(c) < 0) {
			snprintf(why, n, "PTRACE_GETREGSET %s: %s", c->rs->name,
				 strerror(errno));
			free(c->buf);
			reap(c);
			unpin(c);
			return -1;
		}
	}
	return 0;
}

/* one operation: the tracee stopped; read the regset; let it stop again */
static void ptrace_run(struct bctx *c, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		if (c->rs && read_regset(c) < 0)
			die("ptrace: PTRACE_GETREGSET %s: %s", c->rs->name,
			    strerror(errno));
		if (ptrace(PTRACE_CONT, c->child, 0, 0) || wait_stop(c->child))
			die("ptrace: the tracee did not stop again");
	}
}

static void ptrace_teardown(struct bctx *c)
{
	reap(c);
	free(c->buf);
	unpin(c);
}

const struct workload bench_workloads[BENCH_NWORKLOADS] = {
	{ "syscall", BW_SYSCALL, "one getpid", 100000, false,
	  syscall_setup, syscall_run, NULL },
	{ "signal", BW_SIGNAL, "tgkill of SIGUSR1 to self, handler, sigreturn",
	  20000, false, signal_setup, signal_run, signal_teardown },
	{ "trap-pipe", BW_TRAP_PIPE, "a pipe round trip between two "
	  "processes on one CPU, each touching the registers", 10000, true,
	  pipe_setup, pipe_run, pipe_teardown },
	{ "ctxsw", BW_CTXSW, "sched_yield to the other of two processes on "
	  "one CPU, both with live registers", 10000, true,
	  ctxsw_setup, ctxsw_run, ctxsw_teardown },
	{ "ptrace", BW_PTRACE, "a signal-delivery stop and PTRACE_CONT, plus "
	  "the regset read the ID names", 5000, true, ptrace_setup, ptrace_run, ptrace_teardown },
};
