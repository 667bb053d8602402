/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The engine's control part (control.c): the tracee under ptrace and the
 * scheduler.  Every call returns 0, or -1 with the run broken, timed out
 * or holding the finding of a tracee that died.
 */
#ifndef FPABI_ENGINE_CONTROL_H
#define FPABI_ENGINE_CONTROL_H

#include <signal.h>
#include <stdbool.h>
#include <sys/ptrace.h>

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

void ctl_start_clock(struct engine *e);
/* died.c: how a tracee ended, as text ("killed by signal 9 (Killed)") */
const char *ctl_status_text(int status, char *buf, size_t n);
/* At a signal-delivery stop passed on: note a sender outside fpabi. */
void ctl_note_sender(struct engine *e, int status);
/* The tracee died (status) when: a finding, or broken if from outside. */
void ctl_tracee_died(struct engine *e, int status, const char *when);
/* The first CPU this process may run on: where competitors meet. */
int ctl_first_cpu(void);
/* Start the tracee (and the case's competitor), seize it, tell it to go. */
int ctl_spawn_tracee(struct engine *e);
/* Wait for stop want (or alt, if not 0); see control.c. */
int ctl_wait_stop(struct engine *e, int want, int alt);
int ctl_resume(struct engine *e);
/* Resume to the next syscall stop (entry, then exit). */
int ctl_syscall_stop(struct engine *e);
/* Ask for PTRACE_O_* event stops too (EXEC, FORK_STOP), from a stop. */
int ctl_event_options(struct engine *e, int events);
/* S_INTERRUPT, S_GROUPSTOP: stop the tracee at its k-th spin. */
int ctl_stop_spinning(struct engine *e, unsigned k, bool group);
/* S_PREEMPT: hold the tracee at its k-th spin until switched out n times. */
int ctl_prove_preemption(struct engine *e, unsigned k, unsigned n);
/* S_MIGRATE_RUNNING: move the tracee while it spins at its k-th spin. */
int ctl_migrate_running(struct engine *e, unsigned k);
/* S_MIGRATE: move the stopped tracee to another CPU. */
int ctl_migrate(struct engine *e);
/* An SC_MIGRATE_SELF step ran: record where the tracee went. */
void ctl_self_migrated(struct engine *e);
/* A FORK_STOP's event stop: the child is let go to run its list. */
int ctl_fork_stop(struct engine *e, unsigned sc);
/* After a refused sigreturn: the tracee is killed where it stands. */
void ctl_kill_refused(struct engine *e);
/* The tracee runs to its exit; its proof counters are read. */
int ctl_finish(struct engine *e);
/* The placement's proof (place.c), after the final checks. */
void ctl_place_proof(struct engine *e);
/* Kill and reap what is left of the tracee and its competitor. */
void ctl_cleanup(struct engine *e);

#endif
