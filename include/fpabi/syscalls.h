/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The syscall kinds a step makes (enum fpabi_sc in fpabi/shm.h), as one
 * table (src/plan/syscalls.c), as strace's syscall tables are: each
 * kind's name, what it does to the task, what a run proves of it, and
 * how a standalone reproducer makes it.  The tracee resolves each kind
 * to its syscall (src/tracee/tracee.c: resolve_syscall()).  A new kind
 * is its enum value, its row and its resolution in the tracee
 * (docs/developers/howto-syscall-kind.md).
 */
#ifndef FPABI_SYSCALLS_H
#define FPABI_SYSCALLS_H

#include <stdbool.h>
#include <stdint.h>

#define SCF_SWITCHES	(1u << 0)	/* switches the task out by its
					   nature: an unobserved window
					   cannot hold it */
#define SCF_BLOCKS	(1u << 1)	/* blocks: a voluntary switch, which a
					   run counts */
#define SCF_MIGRATES	(1u << 2)	/* moves the task to another CPU */
#define SCF_FORKS	(1u << 3)	/* makes a child (process or thread) */
#define SCF_THREAD	(1u << 4)	/* a thread: the child shares the
					   memory, its exit signal is 0 (its
					   event stop: PTRACE_EVENT_CLONE) */
#define SCF_SETTLS	(1u << 5)	/* CLONE_SETTLS: the child's TLS
					   pointer is this thread's (the
					   reproducer's asm reads it) */
#define SCF_C_LINE	(1u << 6)	/* its C form is the reproducer's
					   straight-line form's only (an asm
					   read, or c_decl) */
#define SCF_WORKER	(1u << 7)	/* a thread of the process does its
					   work (an io-wq worker): a
					   group-stop stops it as it stops
					   a thread */

struct fpabi_sc_info {
	const char *name;	/* as case IDs use it; NULL: none ("?") */
	unsigned flags;		/* SCF_* */
	uint64_t needs;		/* NEED_* of the machine */
	/* what a passing run proves happened (fpabi list's "pre:"); NULL:
	 * the step kind's own */
	const char *pre;
	/* the reproducer's syscall, as C (NULL: not replayed), and its
	 * arguments */
	const char *c_nr;
	const char *c_args;
	const char *c_decl;	/* a static its arguments name, or NULL */
};

/* The row of kind sc: an empty one for the arch's kinds (SC_ARCH...). */
const struct fpabi_sc_info *sc_info(unsigned sc);

static inline bool sc_has(unsigned sc, unsigned flags)
{
	return (sc_info(sc)->flags & flags) == flags;
}

/* A syscall kind's name ("getpid"), as case IDs use it. */
const char *sc_name(unsigned sc);
/* A syscall kind that switches the task out by its nature (a blocking
 * read, a sleep, moving itself): an unobserved window cannot hold it. */
bool sc_switches(unsigned sc);

#endif
