// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of step kinds (fpabi/ops.h): one row per kind, read by the
 * engine, the report and fpabi stress; and the helpers that read it.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/common-run.h"
#include "fpabi/ops.h"
#include "fpabi/run.h"

#define TRACEE(n_, a_, b_, f_, st_, w_, pre_, ...) \
	{ .name = n_, .side = SIDE_TRACEE, .a = a_, .b = b_, \
	  .flags = f_, .stop = st_, .what = w_, .pre = pre_, __VA_ARGS__ }
#define TRACER(n_, a_, b_, f_, st_, w_, pre_, ...) \
	{ .name = n_, .side = SIDE_TRACER, .a = a_, .b = b_, \
	  .flags = (f_) | OPF_AT_STOP, .stop = st_, .what = w_, .pre = pre_, \
	  __VA_ARGS__ }

/*
 * (the columns after the one-line text: what a run proves happened, for
 * fpabi list's "pre:"; a tracee step's event; the unobserved twin's form
 * of the step; the reproducer's wait for it, or why no reproducer
 * replays it)
 */
const struct fpabi_op_info fpabi_ops[S_NOPS] = {
	[S_END] = { .name = "end", .side = SIDE_TRACEE, .stop = ST_KEEP,
		    .what = "the end of the list", .twin = TWIN_NONE },
	[S_LOAD] = TRACEE("load", A_PHASE, B_LOAD_KIND, OPF_GEN, ST_NONE,
			  "load a phase's canaries into the registers",
		NULL, .ev = OPEV_LOAD, .twin = TWIN_KEEP),
	[S_SYSCALL] = TRACEE("syscall", A_SYSCALL, B_SYSCALL_ARG,
			     OPF_GEN | OPF_KEVENT, ST_NONE, "a syscall",
		NULL, .ev = OPEV_SYSCALL, .twin = TWIN_KEEP),
	[S_TRAP] = TRACEE("trap", A_NONE, B_NONE, OPF_GEN, ST_TRAP,
			  "a breakpoint: the tracer gets a stop",
		"the breakpoint stop came", .ev = OPEV_TRAP, .twin = TWIN_DROP,
		.repro = RPEV_TRAP),
	[S_STORE] = TRACEE("store", A_NONE, B_NONE, OPF_DUMP | OPF_GEN,
			   ST_NONE, "dump every register: an observation",
		NULL, .ev = OPEV_STORE, .twin = TWIN_KEEP),
	[S_PREEMPT] = TRACEE("preempt", A_COUNT, B_NONE,
			     OPF_SPIN | OPF_GEN | OPF_PROOF | OPF_SCHED |
			     OPF_UNPLACED, ST_NONE,
			     "spin until switched out involuntarily a times",
		"preempted (involuntary switches counted)", .ev = OPEV_SPIN,
		.twin = TWIN_NONE, .repro = RPEV_PREEMPT),
	[S_SYSCALL_STOP] = TRACEE("syscall-stop", A_SYSCALL, B_SYSCALL_ARG,
				  OPF_AT_STOP | OPF_OWN_RESUME | OPF_CTX |
				  OPF_GEN, ST_SC_ENTRY,
				  "a syscall the tracer stops at the entry of",
		"the syscall-entry stop came", .ev = OPEV_SYSCALL,
		.twin = TWIN_UNSEEN, .repro = RPEV_SYSCALL_STOP),
	[S_SECCOMP_STOP] = TRACEE("seccomp-stop", A_SYSCALL, B_SYSCALL_ARG,
				  OPF_GEN | OPF_SECCOMP, ST_SECCOMP,
				  "a syscall the tracee's seccomp filter traces",
		"the seccomp stop came", .ev = OPEV_SYSCALL,
		.twin = TWIN_UNSEEN, .repro = RPEV_SECCOMP),
	[S_INTERRUPT] = TRACEE("interrupt", A_NONE, B_NONE,
			       OPF_SPIN | OPF_GEN | OPF_SCHED, ST_INTERRUPT,
			       "spin; the tracer stops it with PTRACE_INTERRUPT",
		"the PTRACE_INTERRUPT stop came", .ev = OPEV_SPIN,
		.twin = TWIN_NONE, .repro = RPEV_INTERRUPT),
	[S_GROUPSTOP] = TRACEE("groupstop", A_NONE, B_NONE,
			       OPF_SPIN | OPF_GEN | OPF_SCHED, ST_GROUP,
			       "spin; SIGSTOP puts it in group-stop",
		"the group-stop came", .ev = OPEV_SPIN, .twin = TWIN_NONE,
		.repro = RPEV_GROUPSTOP),
	[S_MIGRATE_RUNNING] = TRACEE("migrate-running", A_NONE, B_NONE,
				     OPF_SPIN | OPF_GEN | OPF_PROOF |
				     OPF_MIGRATES | OPF_SCHED | OPF_UNPLACED,
				     ST_NONE,
				     "spin; the tracer moves it to another CPU",
		"it ran on the other CPU (seen in /proc)", .ev = OPEV_SPIN,
		.twin = TWIN_NONE, .repro = RPEV_MIGRATE_RUNNING),
	[S_FORK] = TRACEE("fork", A_SYSCALL, B_FORK,
			  OPF_DUMP | OPF_GEN | OPF_UNPLACED | OPF_KEVENT,
			  ST_NONE, "a clone whose child dumps and exits",
		"the child dumped", .ev = OPEV_FORK,
		.twin = TWIN_NO_EVENT_STOP, .repro = RPEV_FORK),
	[S_EXEC] = TRACEE("exec", A_NONE, B_LOAD_KIND, OPF_DUMP | OPF_AT_STOP |
			  OPF_CTX | OPF_GEN | OPF_KEVENT, ST_EXEC,
			  "execve of the exec probe, its event stop, its dump",
		"the exec stop came and the probe dumped", .ev = OPEV_EXEC,
		.twin = TWIN_KEEP, .repro = RPEV_EXEC),
	[S_SIGSYS] = TRACEE("sigsys", A_PHASE, B_SIGNAL, OPF_DUMP | OPF_SIGNAL |
			    OPF_GEN | OPF_SECCOMP | OPF_KEVENT, ST_SIGNAL,
			    "a syscall the seccomp filter turns into SIGSYS",
		"the handler ran and copied its frame", .ev = OPEV_SIGSYS,
		.signo = SIGSYS, .twin = TWIN_SIGNAL, .repro = RPEV_SIGSYS),
	[S_FAULT] = TRACEE("signal", A_PHASE, B_SIGNAL, OPF_DUMP | OPF_SIGNAL |
			   OPF_GEN | OPF_KEVENT, ST_SIGNAL,
			   "an undefined instruction: SIGILL and its handler",
		"the handler ran and copied its frame", .ev = OPEV_FAULT,
		.signo = SIGILL, .twin = TWIN_SIGNAL, .repro = RPEV_SIGILL),
	[S_READ] = TRACER("read", A_NONE, B_NONE, OPF_GEN, ST_KEEP,
			  "read every regset, check it against the model",
		NULL, .twin = TWIN_DROP, .repro = RPEV_REGSET),
	[S_WRITE] = TRACER("write", A_PHASE, B_WRITE_KIND, OPF_CTX | OPF_GEN,
			   ST_KEEP, "write a regset, update the model",
		NULL, .twin = TWIN_DROP, .repro = RPEV_REGSET),
	[S_MIGRATE] = TRACER("migrate", A_NONE, B_NONE,
			     OPF_GEN | OPF_PROOF | OPF_MIGRATES | OPF_SCHED |
			     OPF_UNPLACED, ST_KEEP,
			     "move the stopped tracee to another CPU",
		"it ended on the CPU it was moved to", .twin = TWIN_DROP,
		.repro = RPEV_MIGRATE),
	[S_SYSEXIT] = TRACER("sysexit", A_NONE, B_NONE, OPF_GEN, ST_SC_EXIT,
			     "from a syscall-entry stop to its exit stop",
		"the syscall-exit stop came", .twin = TWIN_DROP,
		.repro = RPEV_SYSEXIT),
	/* not drawn by fpabi stress (no OPF_GEN): it needs the case's
	 * competitor, which a list may lack */
	[S_EVICT] = TRACER("evict", A_NONE, B_NONE,
			   OPF_PROOF | OPF_SCHED | OPF_UNPLACED, ST_KEEP,
			   "let the competitor run on the stopped tracee's CPU",
		"the competitor ran on the tracee's CPU while it was stopped "
		"(its run time in /proc/PID/schedstat)", .twin = TWIN_DROP,
		.repro = RPEV_EVICT),
	/* the previous signal's handler runs and its sigreturn fails: the
	 * tracee runs, from no event of its own */
	[S_REFUSED] = { .name = "refused", .side = SIDE_TRACEE,
			.flags = OPF_OWN_RESUME | OPF_UNPLACED,
			.stop = ST_REFUSED,
			.what = "the forged frame's sigreturn fails: SIGSEGV",
			.pre = "sigreturn refused it: SIGSEGV",
			.twin = TWIN_NONE, .repro = RPEV_REFUSED },
};

const char *op_pre_text(enum fpabi_op op)
{
	return op_info(op)->pre;
}

enum fpabi_op op_by_name(const char *name)
{
	unsigned op;

	for (op = S_END + 1; op < S_NOPS; op++)
		if (!strcmp(fpabi_ops[op].name, name))
			return (enum fpabi_op)op;
	return S_END;
}

enum stop_class step_stop_after(const struct fpabi_step *s,
				const struct fpabi_step *prev,
				enum stop_class before)
{
	enum stop_class st = op_info(s->op)->stop;

	if (st == ST_KEEP)
		return before;
	if (s->op == S_FORK)
		return step_fork_stops(s) ? ST_FORK : ST_NONE;
	/* a nesting handler's own signal */
	if (st == ST_SIGNAL && prev && step_nested(prev))
		return ST_SIGNAL_INNER;
	return st;
}

static size_t args_text(const struct fpabi_step *s, unsigned sc_param,
			char *out, size_t n)
{
	const struct fpabi_op_info *oi = op_info(s->op);
	unsigned sc = s->a ? s->a : sc_param;

	switch (oi->b) {
	case B_SIGNAL:
		return snprintf(out, n, "(handler loads %u, edit: %s %u%s%s)",
				s->a, fpabi_arch.edit_name ?
				fpabi_arch.edit_name(step_edit_kind(s)) : "-",
				step_edit_phase(s), step_nested(s) ?
				", nested" : "", step_maybe(s) ? ", maybe" : "");
	case B_WRITE_KIND:
		return snprintf(out, n, "(%s, %u)",
				fpabi_arch.write_kind_name(s->b), s->a);
	case B_FORK:
		return snprintf(out, n, "(%s%s)", sc_name(s->a),
				step_fork_stops(s) ? ", event stop" : "");
	case B_LOAD_KIND:
		if (s->b)
			return snprintf(out, n, "(%u, kind %#x)", s->a, s->b);
		break;
	case B_SYSCALL_ARG:
	case B_NONE:
		break;
	}
	switch (oi->a) {
	case A_PHASE:
		return snprintf(out, n, "(%u)", s->a);
	case A_SYSCALL:
		return snprintf(out, n, "(%s)", sc_name(sc));
	case A_COUNT:
		return snprintf(out, n, "(x%u)", s->a);
	case A_NONE:
		break;
	}
	if (n)
		out[0] = 0;
	return 0;
}

void step_text(const struct fpabi_step *s, unsigned sc_param, bool dropped,
	       char *out, size_t n)
{
	int o = snprintf(out, n, "%s", op_info(s->op)->name);

	if (o < 0 || (size_t)o >= n)
		return;
	o += args_text(s, sc_param, out + o, n - o);
	if (dropped && (size_t)o < n)
		snprintf(out + o, n - o, "[dropped]");
}
