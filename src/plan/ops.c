// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of step kinds (fpabi/ops.h): one row per kind, read by the
 * engine, the report and fpabi stress; and the helpers that read it.
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/common-run.h"
#include "fpabi/ops.h"
#include "fpabi/run.h"

#define TRACEE(n, a, b, f, st, w, pre) \
	{ n, SIDE_TRACEE, a, b, (f) | OPF_EVENT, st, w, pre }
#define TRACER(n, a, b, f, st, w, pre) \
	{ n, SIDE_TRACER, a, b, (f) | OPF_AT_STOP, st, w, pre }

/* (the last column: what a run proves happened, for fpabi list's "pre:") */
const struct fpabi_op_info fpabi_ops[S_NOPS] = {
	[S_END] = { "end", SIDE_TRACEE, A_NONE, B_NONE, 0, ST_KEEP,
		    "the end of the list", NULL },
	[S_LOAD] = TRACEE("load", A_PHASE, B_LOAD_KIND, OPF_GEN, ST_NONE,
			  "load a phase's canaries into the registers",
		NULL),
	[S_SYSCALL] = TRACEE("syscall", A_SYSCALL, B_SYSCALL_ARG, OPF_GEN,
			     ST_NONE, "a syscall",
		NULL),
	[S_TRAP] = TRACEE("trap", A_NONE, B_NONE, OPF_GEN, ST_TRAP,
			  "a breakpoint: the tracer gets a stop",
		"the breakpoint stop came"),
	[S_STORE] = TRACEE("store", A_NONE, B_NONE, OPF_DUMP | OPF_GEN,
			   ST_NONE, "dump every register: an observation",
		NULL),
	[S_PREEMPT] = TRACEE("preempt", A_COUNT, B_NONE,
			     OPF_SPIN | OPF_GEN | OPF_PROOF, ST_NONE,
			     "spin until switched out involuntarily a times",
		"preempted (involuntary switches counted)"),
	[S_SYSCALL_STOP] = TRACEE("syscall-stop", A_SYSCALL, B_SYSCALL_ARG,
				  OPF_AT_STOP | OPF_OWN_RESUME | OPF_CTX |
				  OPF_GEN, ST_SC_ENTRY,
				  "a syscall the tracer stops at the entry of",
		"the syscall-entry stop came"),
	[S_SECCOMP_STOP] = TRACEE("seccomp-stop", A_SYSCALL, B_SYSCALL_ARG,
				  OPF_GEN, ST_SECCOMP,
				  "a syscall the tracee's seccomp filter traces",
		"the seccomp stop came"),
	[S_INTERRUPT] = TRACEE("interrupt", A_NONE, B_NONE, OPF_SPIN | OPF_GEN,
			       ST_INTERRUPT,
			       "spin; the tracer stops it with PTRACE_INTERRUPT",
		"the PTRACE_INTERRUPT stop came"),
	[S_GROUPSTOP] = TRACEE("groupstop", A_NONE, B_NONE, OPF_SPIN | OPF_GEN,
			       ST_GROUP, "spin; SIGSTOP puts it in group-stop",
		"the group-stop came"),
	[S_MIGRATE_RUNNING] = TRACEE("migrate-running", A_NONE, B_NONE,
				     OPF_SPIN | OPF_GEN | OPF_PROOF, ST_NONE,
				     "spin; the tracer moves it to another CPU",
		"it ran on the other CPU (seen in /proc)"),
	[S_FORK] = TRACEE("fork", A_SYSCALL, B_FORK, OPF_DUMP | OPF_GEN,
			  ST_NONE, "a clone whose child dumps and exits",
		"the child dumped"),
	[S_EXEC] = TRACEE("exec", A_NONE, B_NONE, OPF_DUMP | OPF_AT_STOP |
			  OPF_CTX | OPF_GEN, ST_EXEC,
			  "execve of the exec probe, its event stop, its dump",
		"the exec stop came and the probe dumped"),
	[S_SIGSYS] = TRACEE("sigsys", A_PHASE, B_SIGNAL, OPF_DUMP | OPF_SIGNAL |
			    OPF_GEN, ST_SIGNAL,
			    "a syscall the seccomp filter turns into SIGSYS",
		"the handler ran and copied its frame"),
	[S_FAULT] = TRACEE("signal", A_PHASE, B_SIGNAL, OPF_DUMP | OPF_SIGNAL |
			   OPF_GEN, ST_SIGNAL,
			   "an undefined instruction: SIGILL and its handler",
		"the handler ran and copied its frame"),
	[S_READ] = TRACER("read", A_NONE, B_NONE, OPF_GEN, ST_KEEP,
			  "read every regset, check it against the model",
		NULL),
	[S_WRITE] = TRACER("write", A_PHASE, B_WRITE_KIND, OPF_CTX | OPF_GEN,
			   ST_KEEP, "write a regset, update the model",
		NULL),
	[S_MIGRATE] = TRACER("migrate", A_NONE, B_NONE, OPF_GEN | OPF_PROOF,
			     ST_KEEP, "move the stopped tracee to another CPU",
		"it ended on the CPU it was moved to"),
	[S_SYSEXIT] = TRACER("sysexit", A_NONE, B_NONE, OPF_GEN, ST_SC_EXIT,
			     "from a syscall-entry stop to its exit stop",
		"the syscall-exit stop came"),
	/* the previous signal's handler runs and its sigreturn fails: the
	 * tracee runs, from no event of its own */
	[S_REFUSED] = { "refused", SIDE_TRACEE, A_NONE, B_NONE,
			OPF_OWN_RESUME, ST_REFUSED,
			"the forged frame's sigreturn fails: SIGSEGV",
			"sigreturn refused it: SIGSEGV" },
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
