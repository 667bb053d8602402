// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The step-list validator: what each step needs from the ones before it
 * in the engine and the model, and the limits of the shared memory and
 * the tracee (fpabi/limits.h).  Used by the engine before every run and
 * by fpabi stress for every list it generates.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/canary.h"
#include "fpabi/limits.h"
#include "fpabi/precond.h"
#include "fpabi/shm.h"
#include "fpabi/steps.h"
#include "fpabi/syscalls.h"

void steps_begin(struct steps_state *w)
{
	memset(w, 0, sizeof(*w));
	w->stop = ST_NONE;
	w->last_tracee = S_END;
}

unsigned step_syscall(const struct fpabi_step *s, unsigned sc_param)
{
	if (op_info(s->op)->a != A_SYSCALL)
		return 0;
	return s->a ? s->a : sc_param;
}

static int bad(char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (n) {
		va_start(ap, fmt);
		vsnprintf(why, n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Where the step may stand: the stop (or none) the steps before left. */
static int check_place(const struct steps_state *w,
		       const struct fpabi_step *s,
		       const struct fpabi_step *prev, char *why, size_t n)
{
	bool tracee = !op_tracer(s->op);

	/* untraced, nothing stops the tracee: no stop, no tracer step, no
	 * spin a tracer ends; an exec runs through (its probe dumps) */
	if (w->unobserved &&
	    (op_tracer(s->op) || op_has(s->op, OPF_SPIN) ||
	     op_info(s->op)->stop != ST_NONE) && s->op != S_EXEC &&
	    !op_has(s->op, OPF_SIGNAL))
		return bad(why, n, "an unobserved list cannot stop the tracee");
	if (w->unobserved && (step_fork_stops(s) || step_maybe(s)))
		return bad(why, n, "an unobserved list cannot stop the tracee");
	if (w->refused && s->op != S_READ)
		return bad(why, n, "only reads follow a refused sigreturn");
	if (w->exec && tracee)
		return bad(why, n, "after the exec no tracee step runs");
	if (prev && step_nested(prev) && (s->op != S_FAULT || step_nested(s)))
		return bad(why, n, "a nesting signal's handler raises a plain "
			   "signal next");
	if (prev && step_maybe(prev) && s->op != S_TRAP)
		return bad(why, n, "a SIGNAL_MAYBE is followed by a trap");
	if (step_at_stop(s) && w->stop == ST_NONE &&
	    !(w->unobserved && s->op == S_EXEC))
		return bad(why, n, "needs a stop before it");
	if (s->op == S_SYSEXIT && w->stop != ST_SC_ENTRY)
		return bad(why, n, "needs a syscall-entry stop");
	if (tracee && w->stop == ST_SC_ENTRY)
		return bad(why, n, "at a syscall-entry stop: sysexit first");
	/* the inner signal's model sits inside the outer handler's */
	if (w->stop == ST_SIGNAL_INNER && s->op != S_READ &&
	    (!tracee || op_has(s->op, OPF_OWN_RESUME)))
		return bad(why, n, "only a read inside a nested handler");
	if (w->stop == ST_SIGNAL_INNER && step_maybe(s))
		return bad(why, n, "no SIGNAL_MAYBE inside a nested handler");
	if (s->op == S_REFUSED &&
	    (!prev || prev->op != S_FAULT || step_nested(prev) ||
	     w->stop == ST_SIGNAL_INNER || !fpabi_arch.model_refused))
		return bad(why, n, "follows a plain signal outside nested "
			   "handlers, on an arch that models refusals");
	return 0;
}

/* What the kernel and the tracee allow of clones and stops together. */
static int check_processes(const struct steps_state *w,
			   const struct fpabi_step *s, unsigned sc, char *why,
			   size_t n)
{
	/*
	 * A model gap, not a kernel rule: arm64 keeps each frame's
	 * expected format (payload or not) by sigreturn order, which a
	 * nesting pair reverses, so a signal after the pair would be
	 * checked against the wrong frame's format.
	 */
	if (op_has(s->op, OPF_SIGNAL) && w->nested_done)
		return bad(why, n, "no signal after a nesting pair (model gap)");
	/*
	 * The group-stop is over for the tracee once the tracer resumes
	 * it, not for its process (no SIGCONT came): a thread it starts
	 * after that, once detached, stops at birth and the tracee waits
	 * for it for ever (ptrace(2), "Group-stop"); for the same reason a
	 * PTRACE_INTERRUPT stop then reports as a group-stop.
	 */
	if (s->op == S_FORK && sc_has(sc, SCF_THREAD) && w->groupstop)
		return bad(why, n, "a thread after a group-stop stays stopped");
	/* so does an io-wq worker, one made before it too: the io_uring
	 * write queued to it then never completes */
	if (s->op == S_SYSCALL && sc_has(sc, SCF_WORKER) && w->groupstop)
		return bad(why, n, "an io-wq worker after a group-stop stays "
			   "stopped");
	if (s->op == S_INTERRUPT && w->groupstop)
		return bad(why, n, "a PTRACE_INTERRUPT after a group-stop is one");
	/*
	 * Seen, not analysed: with a forked child's SIGCHLD on its way the
	 * engine sometimes waits in vain for the stop of a group-stop or a
	 * PTRACE_INTERRUPT (the SIGCHLD delivery stop racing with it).
	 */
	if ((s->op == S_GROUPSTOP || s->op == S_INTERRUPT) && w->children)
		return bad(why, n, "no group-stop or PTRACE_INTERRUPT after a fork");
	/*
	 * A fork with its event stop sets PTRACE_O_TRACEFORK and
	 * TRACECLONE for the rest of the run: a later child is traced from
	 * birth, and only a fork that stops detaches it.
	 */
	if (s->op == S_FORK && w->fork_events && !step_fork_stops(s))
		return bad(why, n, "after a fork with its event stop, every "
			   "fork stops");
	/*
	 * execve() kills the other threads before they dump, and the exec
	 * probe does not wait for a forked child: its dump could come after
	 * the run's end.
	 */
	if (s->op == S_EXEC && w->children)
		return bad(why, n, "no exec after a fork");
	/* nor a refused sigreturn: the tracee is killed where it stands,
	 * and the engine would not wait for its children's dumps */
	if (s->op == S_REFUSED && w->children)
		return bad(why, n, "no refused sigreturn after a fork");
	return 0;
}

/* Count what the step takes of the shared memory and the tracee. */
static int take(struct steps_state *w, const struct fpabi_step *s,
		unsigned sc, char *why, size_t n)
{
	w->dumps += op_has(s->op, OPF_DUMP);
	w->spins += op_has(s->op, OPF_SPIN);
	if (op_has(s->op, OPF_SIGNAL)) {
		w->sigs++;
		w->obs += 2 + step_nested(s);
	} else {
		w->obs += op_has(s->op, OPF_DUMP);
	}
	if (s->op == S_FORK) {
		w->children++;
		w->threads += sc_has(sc, SCF_THREAD);
	}
	w->pipes += sc == SC_PIPE_READ;
	w->selfmig += sc_has(sc, SCF_MIGRATES);
	if (w->dumps > FPABI_MAX_DUMPS || w->sigs > FPABI_MAX_SIGNALS ||
	    w->obs > FPABI_MAX_OBS || w->spins > FPABI_MAX_SPINS ||
	    w->children > FPABI_MAX_CHILDREN ||
	    w->threads > FPABI_MAX_THREADS ||
	    w->pipes > FPABI_MAX_PIPE_READS ||
	    w->selfmig > FPABI_MAX_SELF_MIGRATIONS)
		return bad(why, n, "too many of its kind (fpabi/limits.h)");
	return 0;
}

static bool sc_known(unsigned sc)
{
	if (sc < SC_NR)
		return true;
	return sc >= SC_ARCH && sc < SC_ARCH_END && fpabi_arch.sc_name &&
	       fpabi_arch.sc_name(sc);
}

int step_args_check(const struct fpabi_step *s, char *why, size_t n)
{
	const struct fpabi_op_info *oi = op_info(s->op);
	unsigned edit, last;

	if (s->op == S_END || (unsigned)s->op >= S_NOPS)
		return bad(why, n, "no such step");
	/* the engine keeps one image per phase: load_off[CANARY_MAX_PHASE
	 * + 1] (src/engine/engine.h) */
	if (oi->a == A_PHASE && s->a > CANARY_MAX_PHASE)
		return bad(why, n, "phase %u: phases run from 0 to %u", s->a,
			   CANARY_MAX_PHASE);
	if (oi->a == A_SYSCALL && s->a && !sc_known(s->a))
		return bad(why, n, "syscall %u: no such syscall", s->a);
	if (oi->a == A_NONE && s->a)
		return bad(why, n, "takes no argument (got %u)", s->a);
	if (oi->b == B_NONE && s->b)
		return bad(why, n, "takes no second argument (got %#x)", s->b);
	if (oi->b != B_SIGNAL)
		return 0;
	edit = step_edit_kind(s);
	last = step_edit_phase(s);
	if (edit && fpabi_arch.edit_phases && fpabi_arch.edit_phases(edit) > 1)
		last++;		/* the edit writes this phase and the next */
	if (last > CANARY_MAX_PHASE)
		return bad(why, n, "edit phase %u: its edit's phases run from 0 "
			   "to %u", step_edit_phase(s), CANARY_MAX_PHASE);
	return 0;
}

int steps_next(struct steps_state *w, const struct fpabi_step *s,
	       const struct fpabi_step *prev, unsigned sc_param, char *why,
	       size_t n)
{
	unsigned sc = step_syscall(s, sc_param);

	if (step_args_check(s, why, n) < 0)
		return -1;
	if (check_place(w, s, prev, why, n) < 0 ||
	    check_processes(w, s, sc, why, n) < 0 ||
	    take(w, s, sc, why, n) < 0)
		return -1;
	if (prev && step_nested(prev))
		w->nested_done = true;
	w->exec |= s->op == S_EXEC;
	w->groupstop |= s->op == S_GROUPSTOP;
	w->fork_events |= step_fork_stops(s);
	w->refused |= s->op == S_REFUSED;
	w->stop = w->unobserved ? ST_NONE : step_stop_after(s, prev, w->stop);
	if (!op_tracer(s->op))
		w->last_tracee = s->op;
	return 0;
}

int steps_check(const struct fpabi_step *steps, unsigned sc_param,
		char *why, size_t n)
{
	return steps_check_mode(steps, sc_param, false, why, n);
}

int steps_check_mode(const struct fpabi_step *steps, unsigned sc_param,
		     bool unobserved, char *why, size_t n)
{
	const struct fpabi_step *s, *prev = NULL;
	struct steps_state w;
	char what[160];
	unsigned i;

	steps_begin(&w);
	w.unobserved = unobserved;
	for (i = 0, s = steps; s->op != S_END; prev = s, s++, i++)
		if (steps_next(&w, s, prev, sc_param, what, sizeof(what)) < 0)
			return bad(why, n, "step %u (%s): %s", i,
				   op_info(s->op)->name, what);
	if (prev && (step_maybe(prev) || step_nested(prev)))
		return bad(why, n, "step %u (%s): the list ends before the step "
			   "it needs next", i - 1, op_info(prev->op)->name);
	return 0;
}

/* Append text to out (", " between), unless it is there already. */
static void pre_add(char *out, size_t n, const char *text)
{
	size_t o = strlen(out);

	if (!text || strstr(out, text) || o + 3 >= n)
		return;
	snprintf(out + o, n - o, "%s%s", o ? ", " : "", text);
}

void steps_preconditions(const struct fpabi_machine *m,
			 const struct fpabi_case *c,
			 const struct fpabi_variant *v, unsigned sc_param,
			 enum fpabi_place pl, char *out, size_t n)
{
	const struct fpabi_step *s;

	out[0] = 0;
	if (c->probe) {
		pre_add(out, n, "the probe's own checks");
		return;
	}
	for (s = c->steps; s && s->op != S_END; s++) {
		unsigned sc = step_syscall(s, sc_param);

		if (c->unobserved && op_info(s->op)->stop != ST_NONE &&
		    !op_has(s->op, OPF_SIGNAL))
			continue;
		if (s->op == S_SYSCALL && sc_info(sc)->pre)
			pre_add(out, n, sc_info(sc)->pre);
		else if (!c->unobserved || op_has(s->op, OPF_SIGNAL) ||
			 s->op == S_FORK)
			pre_add(out, n, op_pre_text(s->op));
	}
	if (c->unobserved)
		pre_add(out, n, "state live: untraced, no switch from the first "
			"load to the last store (its own switch counts and CPU)");
	if (pl == PLACE_ALONE)
		pre_add(out, n, "alone on its CPU (task arrivals counted)");
	if (pl == PLACE_SHARED)
		pre_add(out, n, "on the tracer's CPU, which loads its own vector "
			"registers at every stop");
	precond_texts(m, c, v, out, n);
	if (!out[0])
		pre_add(out, n, "the tracee ran its list to the end");
}
