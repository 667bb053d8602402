/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The engine's stops (stops.c): the tracee driven from stop to stop with
 * ptrace, under the case's deadline.  Every call returns 0, or -1 with the
 * run broken, timed out or holding the finding of a tracee that died.
 */
#ifndef FPABI_ENGINE_STOPS_H
#define FPABI_ENGINE_STOPS_H

#include <signal.h>
#include <stdbool.h>
#include <sys/ptrace.h>
#include <time.h>

#include "engine.h"

/* The stops a step waits for, as (status >> 8) of waitpid(). */
#define STOP_BRK	SIGTRAP
#define STOP_SYSCALL	(SIGTRAP | 0x80)	/* PTRACE_O_TRACESYSGOOD */
#define STOP_SECCOMP	(SIGTRAP | PTRACE_EVENT_SECCOMP << 8)
#define STOP_INTERRUPT	(SIGTRAP | PTRACE_EVENT_STOP << 8)
#define STOP_GROUP	(SIGSTOP | PTRACE_EVENT_STOP << 8)
#define STOP_EXEC	(SIGTRAP | PTRACE_EVENT_EXEC << 8)
#define STOP_FORK	(SIGTRAP | PTRACE_EVENT_FORK << 8)
#define STOP_CLONE	(SIGTRAP | PTRACE_EVENT_CLONE << 8)

/* The watchdog's deadline: --timeout from the first attempt's start. */
void ctl_start_clock(struct engine *e);
/* Milliseconds to deadline (negative: passed). */
void ctl_deadline_in(struct timespec *t, long ms);
long ctl_ms_left(const struct timespec *deadline);
/* The case's deadline passed (timed_out set), or a signal came. */
bool ctl_deadline_passed(struct engine *e);
/* The tracee's next state change into *status, or -1 at the deadline. */
int ctl_wait_tracee(struct engine *e, int *status);
/* Wait for stop want (or alt, if not 0); see stops.c. */
int ctl_wait_stop(struct engine *e, int want, int alt);
/* Resume from a stop (with the signal of a signal-delivery stop). */
int ctl_resume(struct engine *e);
/* Resume with ptrace request req (PTRACE_SYSCALL), wait for stop want. */
int ctl_resume_to(struct engine *e, int req, int want);
/* Ask for PTRACE_O_* event stops too (EXEC, FORK_STOP), from a stop. */
int ctl_event_options(struct engine *e, int events);
/* The tracee spins at its k-th spin: 0, or -1 (stopped, died, 30 s, or
 * the deadline: timed_out set). */
int ctl_wait_spinning(struct engine *e, unsigned k);
/* S_INTERRUPT, S_GROUPSTOP: stop the tracee at its k-th spin. */
int ctl_stop_spinning(struct engine *e, unsigned k, bool group);
/* A FORK_STOP's event stop: the child is let go to run its list. */
int ctl_fork_stop(struct engine *e, unsigned sc);
/* After a refused sigreturn: the tracee is killed where it stands. */
void ctl_kill_refused(struct engine *e);

#endif
