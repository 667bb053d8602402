// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The engine's model walk: the steps in order, the arch model following
 * the tracee through each, the tracer's actions at the stops (through
 * stops.c and scheduling.c), and every observation recorded with the
 * model's expectation at that point for the final checks.  The one place
 * the model is applied.
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/util.h"
#include "scheduling.h"
#include "stops.h"
#include "walk.h"

static void *memdup(const void *p, size_t n)
{
	void *q = xmalloc(n);

	memcpy(q, p, n);
	return q;
}

void snapshot_take(struct engine *e, struct snapshot *s)
{
	struct fpabi_run *r = e->r;
	unsigned n = r->lo.nfields;

	s->v = r->v;
	s->lo = r->lo;
	s->init = r->exp.init;
	s->img = memdup(r->exp.img, r->lo.size);
	s->kind = memdup(r->exp.kind, n);
	s->phase = memdup(r->exp.phase, n);
	s->task = memdup(r->exp.task, n);
	s->rule = memdup(r->exp.rule, n * sizeof(*s->rule));
}

/* Back to a snapshot's expectation, and its layout if that changed since. */
void snapshot_restore(struct engine *e, struct snapshot *s)
{
	struct fpabi_run *r = e->r;
	unsigned n = s->lo.nfields;

	expect_free(&r->exp);
	/* the VL with the layout: a frame taken before a VL change is read
	 * at the VL it was written with */
	r->v = s->v;
	r->lo = s->lo;
	r->exp.init = s->init;
	r->exp.img = memdup(s->img, s->lo.size);
	r->exp.kind = memdup(s->kind, n);
	r->exp.phase = memdup(s->phase, n);
	r->exp.task = memdup(s->task, n);
	r->exp.rule = memdup(s->rule, n * sizeof(*s->rule));
}

void snapshot_free(struct snapshot *s)
{
	free(s->img);
	free(s->kind);
	free(s->phase);
	free(s->task);
	free(s->rule);
}

/* An observation the final checks compare with the model as it is now
 * (steps_check() bounds them by FPABI_MAX_OBS). */
static void observe(struct engine *e, enum obs_kind kind, size_t off,
		    unsigned sig)
{
	struct obs *o = &e->mod.obs[e->mod.nobs++];

	o->kind = kind;
	o->off = off;
	o->sig = sig;
	o->step = e->r->step;
	snapshot_take(e, &o->snap);
}

/*
 * A signal's model: the frame must hold the pre-signal state; the handler
 * starts with what the arch says; after sigreturn the arch says what the
 * edit (or its absence) leaves.
 */
static void model_maybe(struct engine *e, const struct fpabi_step *s);

static void model_signal(struct engine *e, const struct fpabi_step *s,
			 unsigned sig, size_t dump)
{
	struct fpabi_run *r = e->r;
	struct snapshot pre;
	uint32_t astate[4];

	memcpy(astate, r->astate, sizeof(astate));
	snapshot_take(e, &pre);
	observe(e, OBS_FRAME, e->lay.frame_off[sig], sig);
	fpabi_arch.model_handler_entry(r);
	observe(e, OBS_HANDLER, dump, sig);
	if (step_nested(s)) {
		/* the handler loads its clobber, then the next signal comes */
		struct nest *n = &e->mod.nest[e->mod.nnest++];

		if (s->a)
			fpabi_arch.model_load(r, s->a, 0);
		n->s = s;
		n->pre = pre;
		memcpy(n->astate, astate, sizeof(astate));
		n->mid_dump = e->lay.mid_dump[sig];
		return;
	}
	snapshot_restore(e, &pre);
	memcpy(r->astate, astate, sizeof(astate));
	if (step_maybe(s)) {
		model_maybe(e, s);
	} else if (s[1].op == S_REFUSED) {
		/* a forged frame: what a refused sigreturn leaves (a plain
		 * signal's, on an arch with the hook: steps_check()) */
		fpabi_arch.model_refused(r, step_edit_kind(s),
					 step_edit_phase(s), s->a);
	} else {
		fpabi_arch.model_sigreturn(r, step_edit_kind(s),
					   step_edit_phase(s));
	}
	snapshot_free(&pre);
	/* a nesting handler goes on: it dumps, then returns itself */
	while (e->mod.nnest) {
		struct nest *n = &e->mod.nest[--e->mod.nnest];

		observe(e, OBS_DUMP, n->mid_dump, 0);
		snapshot_restore(e, &n->pre);
		memcpy(r->astate, n->astate, sizeof(n->astate));
		fpabi_arch.model_sigreturn(r, step_edit_kind(n->s),
					   step_edit_phase(n->s));
		snapshot_free(&n->pre);
	}
}

/*
 * SIG_MAYBE: a randomly mutated frame, taken or refused.  What each field
 * may hold: the pre-signal expectation, the handler's start and its
 * clobber, the edit image (all of this run and task, each register its
 * own value), or zero or init.
 */
static void model_maybe(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;
	struct snapshot pre;
	uint8_t *c[4];
	unsigned k;

	/* (followed by a TRAP, outside nested handlers: steps_check()) */
	c[0] = memdup(r->exp.img, r->lo.size);
	snapshot_take(e, &pre);
	fpabi_arch.model_handler_entry(r);
	c[1] = memdup(r->exp.img, r->lo.size);
	snapshot_restore(e, &pre);
	snapshot_free(&pre);
	c[2] = xzalloc(r->lo.size);
	c[3] = xzalloc(r->lo.size);
	image_fill(r, c[2], s->a, 0);
	image_fill(r, c[3], step_edit_phase(s), 0);
	/* either way the task went through the rt_sigreturn syscall: the
	 * arch's syscall model settles what is left open by it (arm64: the
	 * regset format) before the values are opened up */
	fpabi_arch.model_syscall(r, SC_GETPID, 0);
	expect_one_of(r, c, 4, rule_get(r->c->rule));
	for (k = 0; k < 4; k++)
		free(c[k]);
	e->mod.maybe = true;
}

/*
 * A load, or a handler's clobber or frame edit, puts in the registers an
 * image made before the run for the planned layout: after the layout
 * moved (arm64: the VL changed by a prctl or an NT_ARM_SVE write) it no
 * longer fits.  Such a
 * generated list is refused as internal (fpabi stress counts it apart),
 * never checked; a hand-written case that moves the VL (arm64.sme.*-vl)
 * has its model follow it.
 */
static bool vl_moved(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;

	if (!r->c->generated ||
	    (s->op != S_LOAD && !s->a && !step_edit_kind(s)))
		return false;
	if (!fpabi_arch.layout_moved || !fpabi_arch.layout_moved(r))
		return false;
	run_broken(r, "internal: step %d loads an image laid out for the "
		   "planned VL after a VL change", r->step);
	return true;
}

/*
 * A signal at whose delivery stop the tracee sits: its model is applied
 * just before it is delivered (until then the tracer could still read and
 * write the registers the frame will hold).
 */
static void model_pending(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (e->mod.exec_pending) {
		int step = r->step;

		/* the exec stop's reads and writes are done: the new image
		 * runs its first instructions, then dumps */
		if (fpabi_arch.model_exec_start)
			fpabi_arch.model_exec_start(r);
		r->step = e->mod.exec_step;
		observe(e, OBS_DUMP, e->mod.exec_dump, 0);
		r->step = step;
		e->mod.exec_pending = false;
	}
	if (!e->mod.sig_step)
		return;
	model_signal(e, e->mod.sig_step, e->mod.sig_n, e->mod.sig_dump);
	e->mod.sig_step = NULL;
}

static int resume(struct engine *e)
{
	model_pending(e);
	return ctl_resume(e);
}

/* The model of a syscall step, as the tracee makes it. */
static void model_sc(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;

	fpabi_arch.model_syscall(r, step_sc(r, s), step_arg(r, s));
}

/* S_FAULT, S_SIGSYS: the signal's delivery stop; its model waits. */
static int walk_signal(struct engine *e, const struct fpabi_step *s, int want)
{
	struct fpabi_run *r = e->r;

	if (vl_moved(e, s))
		return -1;
	/* (the syscall seccomp turns into SIGSYS: getpgid, build.c) */
	if (op_info(s->op)->ev == OPEV_SIGSYS)
		fpabi_arch.model_syscall(r, SC_GETPGID, 0);
	if (!r->skip_io && ctl_wait_stop(e, want, 0) < 0)
		return -1;
	e->mod.sig_step = s;
	e->mod.sig_n = e->mod.nsig++;
	e->mod.sig_dump = e->lay.dump_off[e->mod.ndump++];
	return 0;
}

/* S_FORK: the syscall; the child holds the parent's registers at it. */
static int walk_fork(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;
	size_t dump = e->lay.dump_off[e->mod.ndump++];
	struct snapshot parent;
	uint32_t astate[4];

	fpabi_arch.model_syscall(r, s->a, 0);
	if (step_fork_stops(s) && !r->skip_io && ctl_fork_stop(e, s->a) < 0)
		return -1;
	if (!fpabi_arch.model_child) {
		observe(e, OBS_CHILD, dump, 0);
		return 0;
	}
	/* the child's model (its smstart, say) is the child's: the parent
	 * goes on from its own, the arch's state too (arm64: the format) */
	memcpy(astate, r->astate, sizeof(astate));
	snapshot_take(e, &parent);
	fpabi_arch.model_child(r, s->a, step_fork_kind(s));
	observe(e, OBS_CHILD, dump, 0);
	snapshot_restore(e, &parent);
	memcpy(r->astate, astate, sizeof(astate));
	snapshot_free(&parent);
	return 0;
}

static int walk_write(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;

	/* write kinds are defined against the planned layout (arm64
	 * W_SVE_VL: "another VL" than the planned one) */
	if (r->c->generated && fpabi_arch.layout_moved &&
	    fpabi_arch.layout_moved(r)) {
		run_broken(r, "internal: step %d writes after a VL change",
			   r->step);
		return -1;
	}
	return fpabi_arch.write_stop(r, s->a, s->b);
}

/*
 * One step: a tracee step the model follows (from its event, the tracer
 * at the stop it causes), a tracer step at the stop the tracee sits in.
 * The one switch over step kinds in the engine: a new kind is a case
 * here, and everything else the engine reads of it is its row of
 * fpabi_ops[] (fpabi/ops.h).
 */
static int walk_step(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;
	bool io = !r->skip_io;
	unsigned k;

	switch (s->op) {
	case S_LOAD:
		if (!s->b && vl_moved(e, s))
			return -1;
		fpabi_arch.model_load(r, s->a, s->b);
		return 0;
	case S_SYSCALL:
		model_sc(e, s);
		if (step_sc(r, s) == SC_MIGRATE_SELF)
			ctl_self_migrated(e);
		return 0;
	case S_TRAP:
		return io ? ctl_wait_stop(e, STOP_BRK,
					  e->mod.maybe ? SIGSEGV : 0) : 0;
	case S_SYSCALL_STOP:
		/* the model's syscall starts at entry, before the stop */
		model_pending(e);
		model_sc(e, s);
		return io ? ctl_resume_to(e, PTRACE_SYSCALL, STOP_SYSCALL) : 0;
	case S_SECCOMP_STOP:
		model_sc(e, s);
		return io ? ctl_wait_stop(e, STOP_SECCOMP, 0) : 0;
	case S_INTERRUPT:
	case S_GROUPSTOP:
		k = e->mod.nspin++;
		return io ? ctl_stop_spinning(e, k, s->op == S_GROUPSTOP) : 0;
	case S_MIGRATE_RUNNING:
		k = e->mod.nspin++;
		return io ? ctl_migrate_running(e, k) : 0;
	case S_PREEMPT:
		k = e->mod.nspin++;
		return io ? ctl_prove_preemption(e, k, s->a) : 0;
	case S_FORK:
		return walk_fork(e, s);
	case S_EXEC:
		if (io && ctl_wait_stop(e, STOP_EXEC, 0) < 0)
			return -1;
		/* execve() is done at its event stop; the new image runs
		 * (and dumps) when the tracee leaves it: model_pending() */
		fpabi_arch.model_exec(r);
		e->mod.exec_pending = true;
		e->mod.exec_step = r->step;
		e->mod.exec_dump = e->lay.dump_off[e->mod.ndump++];
		return 0;
	case S_SIGSYS:
	case S_FAULT:
		return walk_signal(e, s, op_info(s->op)->signo);
	case S_STORE:
		observe(e, OBS_DUMP, e->lay.dump_off[e->mod.ndump++], 0);
		if (fpabi_arch.model_store)
			fpabi_arch.model_store(r);
		return 0;
	case S_REFUSED:
		/* the handler runs, its sigreturn fails: SIGSEGV */
		return resume(e) < 0 || ctl_wait_stop(e, SIGSEGV, 0) < 0 ? -1 : 0;
	case S_READ:
		/* (at a signal stop: the pre-signal registers) */
		fpabi_arch.check_stop(r);
		return 0;
	case S_WRITE:
		return walk_write(e, s);
	case S_MIGRATE:
		return ctl_migrate(e);
	case S_EVICT:
		return ctl_evict(e);
	case S_SYSEXIT:
		return ctl_resume_to(e, PTRACE_SYSCALL, STOP_SYSCALL);
	case S_END:
		break;
	}
	die("internal: %s: step %d has no kind", r->id, r->step);
}

int eng_walk(struct engine *e)
{
	struct fpabi_run *r = e->r;
	const struct fpabi_step *s;
	int i;

	for (i = 0, s = r->c->steps; s->op != S_END; s++, i++) {
		/* after a refused sigreturn only regset reads remain */
		if (e->ctl.refused && s->op != S_READ)
			continue;
		r->step = i;
		/* untraced (an unobserved twin), no stop ever comes */
		r->skip_io = dropped(r, i) || r->c->unobserved;
		if ((s->op == S_EXEC || step_fork_stops(s)) &&
		    !r->c->unobserved &&
		    ctl_event_options(e, s->op == S_EXEC ? PTRACE_O_TRACEEXEC :
				      PTRACE_O_TRACEFORK | PTRACE_O_TRACECLONE) < 0)
			return -1;
		/* a tracee step starts from the stop it sits at, unless the
		 * step leaves it itself (PTRACE_SYSCALL, a refused sigreturn);
		 * a tracer step acts at that stop */
		if (!op_tracer(s->op) && !op_has(s->op, OPF_OWN_RESUME) &&
		    resume(e) < 0)
			return -1;
		if (walk_step(e, s) < 0)
			return -1;
	}
	r->skip_io = false;
	if (e->ctl.refused) {
		/* the registers are what the failed restore left */
		ctl_kill_refused(e);
		return 0;
	}
	return resume(e);
}
