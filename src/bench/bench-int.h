/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi bench's private parts: the hardware counters (bench-pmu.c) and
 * the workloads (bench-work.c), which bench.c measures and reports.
 */
#ifndef FPABI_BENCH_INT_H
#define FPABI_BENCH_INT_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "fpabi/bench.h"

struct pmu {
	int fd[4];		/* M_UCYC..M_KINS - 1 */
	bool ok;
	char why[200];		/* why not, when !ok */
};

/* Count for task pid (0: self) on any CPU, or for everything on cpu. */
void pmu_open(struct pmu *p, pid_t pid, int cpu);
void pmu_start(struct pmu *p);
/* The counts since pmu_start, scaled if multiplexed; NAN if never counted. */
void pmu_stop(struct pmu *p, double out[4]);
void pmu_close(struct pmu *p);

struct bctx {
	const struct bench_vec *v;
	const struct bench_regset *rs;	/* ptrace: the regset, or NULL */
	int cpu;			/* pinned workloads: the CPU */
	cpu_set_t saved;		/* the affinity to restore */
	pid_t child;
	int to[2], from[2];		/* trap-pipe: parent->child, back */
	volatile int *stop;		/* ctxsw: shared "stop" flag */
	void *buf;			/* ptrace: regset buffer */
};

struct workload {
	const char *name;
	unsigned bit;		/* BW_* */
	const char *op;		/* what one operation is */
	unsigned long iters;	/* default operations per sample */
	bool pinned;		/* two tasks on one CPU: count that CPU */
	int (*setup)(struct bctx *c, char *why, size_t n);
	void (*run)(struct bctx *c, unsigned long n);
	void (*teardown)(struct bctx *c);
};

/* syscall, signal, trap-pipe, ctxsw, ptrace */
#define BENCH_NWORKLOADS	5
extern const struct workload bench_workloads[BENCH_NWORKLOADS];

#endif
