/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cases are data: what they need, the steps the tracee and the tracer take,
 * and the rule they check.  Families (one file each under cases/) are static const tables;
 * the runner crosses each case with the arch's variants and its parameters.
 */
#ifndef FPABI_CASE_H
#define FPABI_CASE_H

#include <stdint.h>

#include "fpabi/limits.h"

struct fpabi_run;
struct fpabi_mx_cell;

enum fpabi_op {
	S_END = 0,
	/* tracee steps: run by the tracee's assembly, in order */
	S_LOAD,		/* a = phase: load that phase's canaries; b = arch
			   load kind (0: everything) */
	S_SYSCALL,	/* a = enum fpabi_sc, or 0: the case's parameter;
			   b = its argument, as the arch resolves it */
	S_TRAP,		/* breakpoint: the tracer gets a stop */
	S_STORE,	/* dump every register: an observation */
	S_PREEMPT,	/* the tracee spins until the tracer has seen it
			   switched out involuntarily a times (proof) */
	S_SYSCALL_STOP,	/* a syscall (a, b as S_SYSCALL) the tracer stops
			   at its entry (PTRACE_SYSCALL); S_SYSEXIT next */
	S_SECCOMP_STOP,	/* a syscall (a) that a seccomp filter of the
			   tracee's sends to the tracer (SCMP_ACT_TRACE) */
	S_INTERRUPT,	/* the tracee spins; the tracer stops it with
			   PTRACE_INTERRUPT */
	S_GROUPSTOP,	/* the tracee spins; SIGSTOP puts it in group-stop */
	S_MIGRATE_RUNNING,	/* the tracee spins; the tracer moves it to
				   another CPU and sees it run there (proof) */
	S_FORK,		/* a = SC_FORK or SC_THREAD: a child that dumps its
			   registers and exits; b bit 0: from a stop, with
			   the PTRACE_EVENT_FORK/CLONE stop it causes;
			   b >> 1: the arch's child variant (FORK_ARCH) */
	S_EXEC,		/* execve() of the exec probe, from a stop: its
			   PTRACE_EVENT_EXEC stop follows, and its dump */
	S_SIGSYS,	/* getpgid, which the tracee's seccomp filter turns
			   into SIGSYS (SCMP_ACT_TRAP); a, b as S_FAULT's */
	S_FAULT,	/* an undefined instruction: SIGILL and its handler;
			   a = phase the handler loads before returning (0:
			   none), b = arch frame edit | edit phase << 8 */
	/* tracer steps: run at the latest stop */
	S_READ,		/* read every regset, check it against the model */
	/* (S_READ also works at the SIGILL stop of an S_FAULT) */
	S_WRITE,	/* a = phase, b = arch write kind: write, update model */
	S_MIGRATE,	/* move the stopped tracee to another CPU (proof) */
	S_SYSEXIT,	/* from a syscall-entry stop to its exit stop */
	S_REFUSED,	/* after an S_FAULT whose edit forges the frame: the
			   sigreturn must fail and the tracer see SIGSEGV;
			   the run ends at that stop (READs may follow) */
	S_EVICT,	/* at a stop, the case's competitor runs on the
			   tracee's CPU: its registers evict the tracee's
			   (proof: its run time there) */
};

#define S_NOPS	(S_EVICT + 1)

/* (what each kind is, needs and leaves: fpabi_ops[], fpabi/ops.h) */
struct fpabi_step {
	enum fpabi_op op : 8;
	uint8_t a;
	uint16_t b;
};

_Static_assert(sizeof(struct fpabi_step) == 4, "a step is 4 bytes");

/* an S_FAULT or S_SIGSYS step's b: edit | edit phase << 8 | SIG_* flags
 * (step_edit_kind() and the other accessors: fpabi/ops.h) */
#define SIG_PHASE_MASK	0x3fu

#define LOAD(p)		{ S_LOAD, (p), 0 }
#define LOADK(p, k)	{ S_LOAD, (p), (k) }
#define SYSCALL(sc)	{ S_SYSCALL, (sc), 0 }
#define SYSCALLA(sc, arg)	{ S_SYSCALL, (sc), (arg) }
#define TRAP		{ S_TRAP, 0, 0 }
#define STORE		{ S_STORE, 0, 0 }
#define READ		{ S_READ, 0, 0 }
#define WRITE(p, k)	{ S_WRITE, (p), (k) }
#define END		{ S_END, 0, 0 }
#define PREEMPT(n)	{ S_PREEMPT, (n), 0 }
#define SYSCALL_STOP(sc)	{ S_SYSCALL_STOP, (sc), 0 }
#define SYSEXIT		{ S_SYSEXIT, 0, 0 }
#define SECCOMP_STOP(sc)	{ S_SECCOMP_STOP, (sc), 0 }
#define INTERRUPT	{ S_INTERRUPT, 0, 0 }
#define GROUPSTOP	{ S_GROUPSTOP, 0, 0 }
#define MIGRATE_RUNNING	{ S_MIGRATE_RUNNING, 0, 0 }
#define EXEC		{ S_EXEC, 0, 0 }
#define FORK(sc)	{ S_FORK, (sc), 0 }
#define FORK_STOP(sc)	{ S_FORK, (sc), 1 }
/* b above bit 0: the arch's own child variants (child_store, model_child) */
#define FORK_ARCH(sc, k)	{ S_FORK, (sc), (k) << 1 }
#define SIGSYS_TRAP(clobber, edit, edit_phase) \
	{ S_SIGSYS, (clobber), (edit) | (edit_phase) << 8 }
#define MIGRATE		{ S_MIGRATE, 0, 0 }
#define EVICT		{ S_EVICT, 0, 0 }
#define REFUSED		{ S_REFUSED, 0, 0 }
#define SIGNAL(clobber, edit, edit_phase) \
	{ S_FAULT, (clobber), (edit) | (edit_phase) << 8 }
/* its handler, after loading phase clobber, takes the next step's SIGILL
 * (nested) and dumps its registers once that one has returned */
#define SIG_NESTED	0x8000
#define SIGNAL_NESTED(clobber, edit, edit_phase) \
	{ S_FAULT, (clobber), (edit) | (edit_phase) << 8 | SIG_NESTED }
/*
 * A random edit (the arch mutates the frame from a seed of the run's):
 * sigreturn may take it or refuse it.  The next step must be a TRAP, whose
 * stop may then be the SIGSEGV of a refusal (the run ends there, after its
 * READs).  Either way every register must be zero, init, or its own value
 * of the pre-signal state, the handler's clobber, the edit phase or the
 * handler's starting state: nothing stale, foreign or misplaced.
 */
#define SIG_MAYBE	0x4000	/* (edit phases stay below 0x40:
				   SIG_PHASE_MASK) */
#define SIGNAL_MAYBE(clobber, edit, edit_phase) \
	{ S_FAULT, (clobber), (edit) | (edit_phase) << 8 | SIG_MAYBE }

/* generic needs; arches define their feature bits below NEED_GENERIC */
#define NEED_ROOT	(1ull << 63)
#define NEED_SMP2	(1ull << 62)
#define NEED_BPF	(1ull << 61)	/* BPF_PROG_LOAD of a socket filter works */
#define NEED_URANDOM	(1ull << 60)	/* /dev/urandom opens for writing */
#define NEED_IOURING	(1ull << 59)	/* io_uring_setup() works (not
					   io_uring_disabled, no seccomp
					   filter refusing it) */
#define NEED_GENERIC	(NEED_ROOT | NEED_SMP2 | NEED_BPF | NEED_URANDOM | \
			 NEED_IOURING)

/* which of the arch's variants a case is crossed with */
enum variant_set {
	VSET_DEFAULT,	/* the arch's primary variant only */
	VSET_ALL,	/* every variant the machine supports */
	VSET_EXTRA,	/* the arch's extra variants (x86: with AMX tiles) */
};

struct fpabi_case {
	const char *family;	/* "syscall" */
	const char *name;	/* "preserve" */
	const char *summary;	/* one line: what is checked */
	const char *rule;	/* the rule ID it enforces, e.g. "X-SYS-1" */
	uint64_t needs;
	uint8_t vset;		/* enum variant_set */
	uint8_t params[FPABI_MAX_PARAMS];	/* S_SYSCALL 0 takes each in turn */
	const struct fpabi_step *steps;
	/*
	 * A competitor: another process on the tracee's CPU (both pinned)
	 * that holds its own canaries (task 1) in every register it has, so
	 * that state of one task seen in the other is named; enum
	 * competitor_mode says how it competes.
	 */
	uint8_t competitor;
	/* signal handlers run on a sigaltstack of AT_MINSIGSTKSZ (plus room
	 * for the handler's own code) */
	uint8_t altstack;
	/*
	 * A probe: no tracee; this function asks the kernel directly (in a
	 * child process where state could leak) and records findings.
	 */
	void (*probe)(struct fpabi_run *r);
	/*
	 * Fault injection "step": the index of the step dropped, and the
	 * classification the checks must then report.
	 */
	int8_t drop;
	const char *drop_class;
	/*
	 * The oldest kernel the case's model holds for (KVER(major, minor);
	 * 0: any).  Older kernels SKIP it with min_kver_why, which names the
	 * version; `fpabi list` shows it with the needs.
	 */
	unsigned min_kver;
	const char *min_kver_why;
	/*
	 * A random case (fpabi fuzz): its steps draw mutations from the run's
	 * seed and leave an open expectation (EXP_ONE_OF), once a run; step
	 * generators (fpabi stress) leave it out.
	 */
	uint8_t fuzz;
	/*
	 * A step list a generator made (fpabi stress), not one written for
	 * its rule: the engine refuses the steps whose contract such a list
	 * cannot know it keeps (a load, a handler's image or a write at the
	 * planned VL after the VL moved).  Hand-written cases that change
	 * the VL say what follows, and the arch model follows them.
	 */
	uint8_t generated;
	/*
	 * Which tier the case belongs to (enum fpabi_tier): the default
	 * tier is the quick suite; --tier full adds the generated twins,
	 * histories and placements, --tier matrix the matrices.
	 */
	uint8_t tier;
	/*
	 * An unobserved twin (src/plan/derive.c): the tracee runs its events
	 * untraced, with no stop and no tracer action between its loads and
	 * its own stores; the run proves that no switch came in between.
	 */
	uint8_t unobserved;
	/*
	 * The platform quirks (QUIRK_* of fpabi/platform.h) that can change
	 * this case's outcome: where one is present and the tracee does not
	 * step around it, the instances it touches SKIP ("platform quirk
	 * NAME"), never pass or fail.
	 */
	unsigned quirks;
	/*
	 * The scenario preconditions its rule needs beyond what its steps
	 * prove (the arch's PRE_* bits, rows of fpabi_arch.preconds,
	 * fpabi/precond.h): each is proven from what the run observed, or
	 * the run is retried, then SKIPped with what was seen.
	 */
	unsigned pre;
	/* a matrix cell (fpabi/matrix.h): the model's outcome, for `list
	 * --matrix`; NULL for every other case */
	const struct fpabi_mx_cell *mx;
};

/* each tier plans the cases of the tiers below it too */
enum fpabi_tier { TIER_DEFAULT, TIER_FULL, TIER_MATRIX, TIER_EXHAUSTIVE };

/*
 * Where the tracee runs (--tier full): PLACE_ALONE pinned to a CPU of its
 * own with the tracer on another, so that nothing else loads FP state
 * there across its stops; PLACE_SHARED on the tracer's CPU, whose own FP
 * use evicts the tracee's state at every stop.  IDs carry /p=NAME.
 */
enum fpabi_place { PLACE_NONE, PLACE_ALONE, PLACE_SHARED };

/*
 * A task history (fpabi_arch.histories[]): a prelude of steps that puts
 * the kernel's FP bookkeeping into a named state before a case's own
 * steps; case IDs carry it as /h=NAME.  Its loads use phases from
 * HIST_PHASE up, which no case uses, so its values are named as the
 * prelude's wherever they show.
 */
#define HIST_PHASE	13

struct fpabi_history {
	const char *name;		/* "sve-discarded" */
	const char *what;		/* one line */
	const struct fpabi_step *prelude;	/* ends with S_END */
	uint64_t needs;
	uint8_t vset;			/* the variant set it applies to */
	uint8_t stops;			/* its prelude stops the tracee (no
					   unobserved form) */
};

#define KVER(major, minor)	((major) << 16 | (minor) << 8)
/* How a competitor shares the tracee's CPU (the forcing it does). */
enum competitor_mode {
	COMP_NONE,
	COMP_SPIN,	/* it spins (SCHED_OTHER): the tick switches the two */
	COMP_IDLE,	/* it spins at SCHED_IDLE: it runs whenever the tracee
			   stops or blocks, and hardly ever preempts it */
	COMP_TIMER,	/* it sleeps to absolute times (hrtimers) at offsets
			   from the run's seed after the tracee starts, loads
			   its canaries again at each wake; SCHED_FIFO where
			   permitted, so each wake preempts the tracee */
	COMP_NMODES
};

struct fpabi_family {
	const char *name;
	const struct fpabi_case *cases;
	unsigned ncases;
};

#endif
