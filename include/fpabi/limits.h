/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every capacity limit of the engine, the shared memory and the tracee,
 * in one place.  A step list is checked against them when it is built
 * (steps_check(), src/plan/steps.c), for hand-written cases and generated
 * lists alike; nothing fills an array past them.
 */
#ifndef FPABI_LIMITS_H
#define FPABI_LIMITS_H

/* signals a list takes (a slot each in the shared memory's header) */
#define FPABI_MAX_SIGNALS	4
/* dumps (STORE, and each signal's handler entry, exec's and a child's) */
#define FPABI_MAX_DUMPS		12
/* observations checked at the end: a dump each, and per signal its frame
 * and its handler's entry, and a nesting handler's dump after the inner
 * signal */
#define FPABI_MAX_OBS		(FPABI_MAX_DUMPS + 2 * FPABI_MAX_SIGNALS)
/* spins the tracer waits on (PREEMPT, INTERRUPT, GROUPSTOP,
 * MIGRATE_RUNNING: shm_hdr.spin[]) */
#define FPABI_MAX_SPINS		8
/* clones (FORK steps), each with its child's own event list */
#define FPABI_MAX_CHILDREN	4
/* threads: the tracee has one thread stack and one tid to wait on */
#define FPABI_MAX_THREADS	1
/* the tracee moving itself (SC_MIGRATE_SELF: one CPU mask each) */
#define FPABI_MAX_SELF_MIGRATIONS 4
/* blocking pipe reads (one pipe and one writer helper a run) */
#define FPABI_MAX_PIPE_READS	1
/* events in a signal handler's lists: entry 4, exit 8 */
#define FPABI_SIG_ENTRY_EVS	4
#define FPABI_SIG_EVS		12
/* events in a clone child's list */
#define FPABI_CHILD_EVS		4
/* bytes a handler may copy of its frame (SIGFRAME_MAXSZ on arm64) */
#define FPABI_FRAME_CAP		(256 * 1024)
/* a case's syscall parameters (SYSCALL(0) takes each in turn) */
#define FPABI_MAX_PARAMS	8
/* variants of one arch the plan crosses a case with */
#define FPABI_MAX_VARIANTS	16
/* layouts one run may move through (a VL change makes a new one) */
#define FPABI_MAX_LAYOUTS	48
/* images an open expectation (EXP_ONE_OF) draws from */
#define FPABI_MAX_ONEOF		4
/* findings a run keeps (it counts the rest) */
#define FPABI_MAX_FINDINGS	8
/* scenario preconditions an arch defines (fpabi/precond.h) */
#define FPABI_MAX_PRECONDS	8
/* runs of an instance whose event was not proven */
#define FPABI_ATTEMPTS		5
/* the least of the instance's --timeout left for another attempt (ms) */
#define FPABI_RETRY_MIN_MS	1000

#endif
