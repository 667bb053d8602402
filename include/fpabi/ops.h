/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The step kinds, as one table (src/plan/ops.c): each kind's one name, which
 * side runs it, what its fields mean, what it needs and what it leaves.
 * The engine, the report and fpabi stress all read their facts from here;
 * a new step kind is its enum value, a row of fpabi_ops[] and its case in
 * the engine's one switch over step kinds (walk_step(), src/engine/walk.c),
 * which -Wswitch on enum fpabi_op points at (tests/kinds.sh keeps it the
 * one; docs/developers/howto-step-kind.md).
 */
#ifndef FPABI_OPS_H
#define FPABI_OPS_H

#include <stdbool.h>
#include <stddef.h>

#include "fpabi/case.h"

/* Who runs a step: the tracee (from its event list; the tracer resumes it
 * first) or the tracer (at the stop the tracee sits in). */
enum op_side { SIDE_TRACEE, SIDE_TRACER };

/* Where the tracee stands after a step: which stop, or running. */
enum stop_class {
	ST_NONE, ST_TRAP, ST_SC_ENTRY, ST_SC_EXIT, ST_SECCOMP, ST_INTERRUPT,
	ST_GROUP, ST_SIGNAL, ST_SIGNAL_INNER, ST_EXEC, ST_FORK, ST_REFUSED,
	ST_NCLASSES,
	ST_KEEP = ST_NCLASSES	/* (table only) where it was */
};

/* What a step's a field means. */
enum op_arg_a {
	A_NONE,		/* nothing */
	A_PHASE,	/* a phase of canaries (0: none) */
	A_SYSCALL,	/* an enum fpabi_sc (0: the case's parameter) */
	A_COUNT,	/* a count */
};

/* What a step's b field means. */
enum op_arg_b {
	B_NONE,
	B_LOAD_KIND,	/* the arch's load kind (0: everything) */
	B_SYSCALL_ARG,	/* the syscall's argument, as the arch resolves it */
	B_SIGNAL,	/* edit | edit phase << 8 | SIG_* flags */
	B_WRITE_KIND,	/* the arch's write kind */
	B_FORK,		/* bit 0: its event stop; above: the arch's child kind */
};

#define OPF_DUMP	(1u << 1)	/* makes a dump (a slot in shm) */
#define OPF_SPIN	(1u << 2)	/* the tracee spins (a spin slot) */
#define OPF_SIGNAL	(1u << 3)	/* the tracee takes a signal (a slot) */
#define OPF_AT_STOP	(1u << 4)	/* needs the tracee at a stop first */
#define OPF_OWN_RESUME	(1u << 5)	/* resumes the tracee itself (the walk
					   does not PTRACE_CONT it first) */
#define OPF_CTX		(1u << 6)	/* valid only at the kinds of stop the
					   cases use it at (fpabi stress) */
#define OPF_GEN		(1u << 7)	/* fpabi stress's grammar knows it */
#define OPF_PROOF	(1u << 8)	/* scheduling: a passing run says what
					   proves it happened */
#define OPF_MIGRATES	(1u << 9)	/* moves the tracee to another CPU
					   (needs two) */
#define OPF_SCHED	(1u << 10)	/* forces or proves a switch, a
					   migration or a group-stop: fpabi's
					   scheduler, never a reproducer */
#define OPF_UNPLACED	(1u << 11)	/* a placed form (p=alone, p=shared)
					   cannot tell it apart: another task,
					   a migration, a preemption, or a run
					   that ends before its counters */
#define OPF_SECCOMP	(1u << 12)	/* needs the tracee's seccomp filter
					   (it traces getppid, traps getpgid) */
#define OPF_KEVENT	(1u << 13)	/* a kernel event under test: what a
					   task history or an unobserved twin
					   is for (src/plan/derive.c) */

/* The event a tracee step puts in the tracee's list (src/engine/build.c):
 * one form per kind of event, shared by the kinds that make it. */
enum op_event {
	OPEV_NONE,	/* none: a tracer step, S_END, S_REFUSED */
	OPEV_LOAD,	/* FPABI_EV_LOAD of phase a's image, the arch's kind b */
	OPEV_STORE,	/* FPABI_EV_STORE into the step's dump */
	OPEV_SYSCALL,	/* FPABI_EV_SYSCALL of the step's syscall kind */
	OPEV_EXEC,	/* FPABI_EV_SYSCALL of SC_EXEC (the probe dumps) */
	OPEV_FORK,	/* FPABI_EV_SYSCALL of fork kind a, the child's list */
	OPEV_SIGSYS,	/* FPABI_EV_SYSCALL of SC_GETPGID, result unchecked */
	OPEV_TRAP,	/* FPABI_EV_TRAP: a breakpoint */
	OPEV_FAULT,	/* FPABI_EV_FAULT: an undefined instruction */
	OPEV_SPIN,	/* FPABI_EV_SPIN on the step's spin slot */
};

/* The step in an unobserved twin (src/plan/derive.c): the list's tracee
 * steps with every stop and tracer action taken out. */
enum op_twin {
	TWIN_NONE,		/* no twin: the step needs the tracer (a spin
				   it ends, a refused sigreturn) */
	TWIN_KEEP,		/* the same step */
	TWIN_DROP,		/* left out: a stop or a tracer action */
	TWIN_UNSEEN,		/* the same syscall, as a plain S_SYSCALL */
	TWIN_NO_EVENT_STOP,	/* a fork without its event stop */
	TWIN_SIGNAL,		/* the same signal; none for a SIGNAL_MAYBE */
};

/* What the standalone reproducer (src/repro/write.c) waits for after the
 * step, or does at its stop. */
enum op_repro {
	RPEV_NONE,	/* nothing: the tracee runs on */
	RPEV_TRAP,	/* the breakpoint's SIGTRAP stop */
	RPEV_SIGILL,	/* the SIGILL's delivery stop (resumed with it) */
	RPEV_EXEC,	/* the PTRACE_EVENT_EXEC stop */
	RPEV_FORK,	/* the fork's event stop, when it has one */
	RPEV_REGSET,	/* the regset reads and writes recorded there */
	RPEV_SYSCALL_STOP,	/* PTRACE_SYSCALL to the syscall-entry stop */
	RPEV_SYSEXIT,	/* PTRACE_SYSCALL on to the syscall-exit stop */
	RPEV_SECCOMP,	/* the PTRACE_EVENT_SECCOMP stop */
	RPEV_SIGSYS,	/* the SIGSYS's delivery stop (resumed with it) */
	RPEV_REFUSED,	/* the refused sigreturn's SIGSEGV; the run ends */
	RPEV_MIGRATE,	/* the stopped tracee pinned to another CPU */
	RPEV_EVICT,	/* the competitor runs on the stopped tracee's CPU */
	RPEV_PREEMPT,	/* the spinning tracee switched out n times */
	RPEV_MIGRATE_RUNNING,	/* the spinning tracee moved to another CPU */
	RPEV_INTERRUPT,	/* the spinning tracee stopped by PTRACE_INTERRUPT */
	RPEV_GROUPSTOP,	/* the spinning tracee put in group-stop by SIGSTOP */
};

struct fpabi_op_info {
	const char *name;	/* one spelling: reports and --replay */
	enum op_side side;
	enum op_arg_a a;
	enum op_arg_b b;
	unsigned flags;		/* OPF_* */
	enum stop_class stop;	/* the stop it leaves the tracee at */
	enum op_event ev;	/* the event it puts in the tracee's list */
	int signo;		/* OPF_SIGNAL: the signal its handler takes */
	const char *what;	/* one line */
	/* what a run proves happened for it (fpabi list's "pre:"); NULL:
	 * nothing to prove (a load, a store, a read, a write) */
	const char *pre;
	enum op_twin twin;	/* its form in an unobserved twin */
	enum op_repro repro;	/* the reproducer's part */
	const char *no_repro;	/* why no reproducer replays it, or NULL */
};

/* What a run proves happened for a step of kind op (fpabi list's
 * "pre:"), or NULL: nothing to prove (a load, a store, a read, a write). */
const char *op_pre_text(enum fpabi_op op);

extern const struct fpabi_op_info fpabi_ops[S_NOPS];

static inline const struct fpabi_op_info *op_info(enum fpabi_op op)
{
	return &fpabi_ops[(unsigned)op < S_NOPS ? op : S_END];
}

static inline bool op_has(enum fpabi_op op, unsigned flags)
{
	return (op_info(op)->flags & flags) == flags;
}

static inline bool op_tracer(enum fpabi_op op)
{
	return op_info(op)->side == SIDE_TRACER;
}

/* The step kind called name, or S_END. */
enum fpabi_op op_by_name(const char *name);

/* b of a B_SIGNAL step: its frame edit, the phase the edit writes, and
 * its flags */
static inline unsigned step_edit_kind(const struct fpabi_step *s)
{
	return s->b & 0xff;
}

static inline unsigned step_edit_phase(const struct fpabi_step *s)
{
	return (s->b >> 8) & SIG_PHASE_MASK;
}

static inline void step_set_edit_phase(struct fpabi_step *s, unsigned phase)
{
	s->b = (uint16_t)((s->b & ~(SIG_PHASE_MASK << 8)) |
			  (phase & SIG_PHASE_MASK) << 8);
}

static inline bool step_nested(const struct fpabi_step *s)
{
	return op_info(s->op)->b == B_SIGNAL && (s->b & SIG_NESTED);
}

static inline bool step_maybe(const struct fpabi_step *s)
{
	return op_info(s->op)->b == B_SIGNAL && (s->b & SIG_MAYBE);
}

/* b of a B_FORK step: it stops at its event stop; the arch's child kind */
static inline bool step_fork_stops(const struct fpabi_step *s)
{
	return s->op == S_FORK && (s->b & 1);
}

static inline unsigned step_fork_kind(const struct fpabi_step *s)
{
	return s->b >> 1;
}

/* Does step s need the tracee at a stop before it? */
static inline bool step_at_stop(const struct fpabi_step *s)
{
	return op_has(s->op, OPF_AT_STOP) || step_fork_stops(s);
}

/* The stop step s leaves the tracee at, from the one it found (prev is the
 * step before it, or NULL). */
enum stop_class step_stop_after(const struct fpabi_step *s,
				const struct fpabi_step *prev,
				enum stop_class before);

/* A step's name and arguments, as reports print it: "signal(handler
 * loads 2, edit: ... 3)".  sc_param stands in for SYSCALL(0); dropped
 * marks the step fault injection dropped. */
void step_text(const struct fpabi_step *s, unsigned sc_param, bool dropped,
	       char *out, size_t n);

#endif
