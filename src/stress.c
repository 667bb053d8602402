// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi stress: random valid step lists drawn from the steps of every case
 * family this machine runs, each run by the engine with the model checking
 * every observation, beside competitors that force switches; a failing
 * list is shrunk and printed as a reproducer that replays it.
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/kmsg.h"
#include "fpabi/platform.h"
#include "fpabi/report.h"
#include "fpabi/shm.h"
#include "fpabi/stress.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

#define MAX_VARIANTS	16

/* Where the tracee stands when a step comes: which stop, or running. */
enum stop_class {
	ST_NONE, ST_TRAP, ST_SC_ENTRY, ST_SC_EXIT, ST_SECCOMP, ST_INTERRUPT,
	ST_GROUP, ST_SIGNAL, ST_SIGNAL_INNER, ST_EXEC, ST_FORK, ST_NCLASSES
};

/*
 * The vocabulary: every step of every case this machine can run, with
 * the stops it was seen at (for the steps that need one), per variant
 * class.  Phases are normalised (0: none, 1: some); the generator numbers
 * them afresh.
 */
struct word {
	struct fpabi_step s;
	uint32_t ctx;		/* 1 << enum stop_class */
	uint32_t after;		/* 1 << the tracee op before it (S_END: none) */
	bool first;		/* a case starts with it */
	uint64_t families;	/* 1 << index in fpabi_arch.families */
};

struct vocab {
	struct word *w;
	unsigned n, cap;
	bool altstack;
	struct fpabi_variant v[MAX_VARIANTS];
	int nv;
};

struct stress {
	const struct fpabi_machine *m;
	struct fpabi_opts *o;
	struct vocab voc[3];	/* by class: 0 base, 2 extra */
	const char *rule;	/* the rule a sequence's generic checks cite */
	unsigned seconds;
	unsigned max_fail;
	bool shrink;
	bool progress;
};

static const char *const op_names[] = {
	[S_LOAD] = "load", [S_SYSCALL] = "syscall", [S_TRAP] = "trap",
	[S_STORE] = "store", [S_PREEMPT] = "preempt",
	[S_SYSCALL_STOP] = "syscall-stop", [S_SECCOMP_STOP] = "seccomp-stop",
	[S_INTERRUPT] = "interrupt", [S_GROUPSTOP] = "groupstop",
	[S_MIGRATE_RUNNING] = "migrate-running", [S_FORK] = "fork",
	[S_EXEC] = "exec", [S_SIGSYS] = "sigsys", [S_FAULT] = "signal",
	[S_READ] = "read", [S_WRITE] = "write", [S_MIGRATE] = "migrate",
	[S_SYSEXIT] = "sysexit",
};

static const char *const comp_names[COMP_NMODES] = {
	[COMP_NONE] = "none", [COMP_SPIN] = "spin", [COMP_IDLE] = "idle",
	[COMP_TIMER] = "timer",
};

static bool tracer_op(unsigned op)
{
	return op == S_READ || op == S_WRITE || op == S_MIGRATE ||
	       op == S_SYSEXIT;
}

/* a clone that shares the tracee's memory as a thread: one thread stack */
static bool is_thread(unsigned sc)
{
	return sc == SC_THREAD || sc == SC_THREAD_SETTLS;
}

static bool is_nested(const struct fpabi_step *s)
{
	return s->op == S_FAULT && (s->b & SIG_NESTED);
}

/* ops that act at a stop and were seen only at some (ctx is checked) */
static bool ctx_op(const struct fpabi_step *s)
{
	return s->op == S_WRITE || s->op == S_SYSCALL_STOP ||
	       s->op == S_EXEC || (s->op == S_FORK && s->b);
}

static bool syscall_op(unsigned op)
{
	return op == S_SYSCALL || op == S_SYSCALL_STOP ||
	       op == S_SECCOMP_STOP || op == S_FORK;
}

/* The stop a step leaves the tracee in. */
static enum stop_class stop_after(const struct fpabi_step *s,
				  const struct fpabi_step *prev,
				  enum stop_class before)
{
	if (tracer_op(s->op))
		return s->op == S_SYSEXIT ? ST_SC_EXIT : before;
	switch (s->op) {
	case S_TRAP: return ST_TRAP;
	case S_SYSCALL_STOP: return ST_SC_ENTRY;
	case S_SECCOMP_STOP: return ST_SECCOMP;
	case S_INTERRUPT: return ST_INTERRUPT;
	case S_GROUPSTOP: return ST_GROUP;
	case S_SIGSYS: return ST_SIGNAL;
	case S_FAULT:
		return prev && is_nested(prev) ? ST_SIGNAL_INNER : ST_SIGNAL;
	case S_EXEC: return ST_EXEC;
	case S_FORK: return s->b ? ST_FORK : ST_NONE;
	default: return ST_NONE;
	}
}

/* A step with its phases normalised: what the vocabulary compares. */
static struct fpabi_step normalise(const struct fpabi_step *s)
{
	struct fpabi_step n = *s;

	if (s->op == S_LOAD || s->op == S_WRITE || s->op == S_FAULT ||
	    s->op == S_SIGSYS)
		n.a = !!s->a;
	if ((s->op == S_FAULT || s->op == S_SIGSYS) && (s->b >> 8 & 0x7f))
		n.b = (s->b & ~0x7f00) | 1 << 8;
	if (s->op == S_READ || s->op == S_TRAP || s->op == S_STORE ||
	    s->op == S_MIGRATE || s->op == S_SYSEXIT || s->op == S_INTERRUPT ||
	    s->op == S_GROUPSTOP || s->op == S_MIGRATE_RUNNING ||
	    s->op == S_EXEC)
		n.a = n.b = 0;
	return n;
}

static struct word *vocab_find(struct vocab *vc, const struct fpabi_step *s)
{
	struct fpabi_step n = normalise(s);
	unsigned i;

	for (i = 0; i < vc->n; i++)
		if (vc->w[i].s.op == n.op && vc->w[i].s.a == n.a &&
		    vc->w[i].s.b == n.b)
			return &vc->w[i];
	return NULL;
}

static void vocab_add(struct vocab *vc, const struct fpabi_step *s,
		      enum stop_class ctx, unsigned after, int family)
{
	struct word *w = vocab_find(vc, s);

	if (!w) {
		if (vc->n == vc->cap) {
			struct word *nw;

			vc->cap = vc->cap ? 2 * vc->cap : 64;
			nw = xzalloc(vc->cap * sizeof(*nw));
			if (vc->n)
				memcpy(nw, vc->w, vc->n * sizeof(*nw));
			free(vc->w);
			vc->w = nw;
		}
		w = &vc->w[vc->n++];
		w->s = normalise(s);
	}
	if (family >= 0 && family < 64)
		w->families |= 1ull << family;
	w->ctx |= 1u << ctx;
	w->after |= 1u << after;
	w->first |= after == S_END;
}

static bool missing_need(const struct fpabi_machine *m, uint64_t needs)
{
	return (needs & m->have) != needs;
}

/*
 * A case made only of the steps this generator knows: an op past
 * S_SYSEXIT, or a signal whose edit field carries a flag beyond the
 * nesting bit and an edit phase below 0x40, has a contract with its
 * neighbours the grammar does not state (it is left out, not guessed);
 * so has a fuzz case (its random write or frame leaves the one open
 * expectation a run may have).
 */
static bool plain_case(const struct fpabi_case *c)
{
	const struct fpabi_step *s;

	if (c->fuzz)	/* random mutations, one open expectation a run */
		return false;

	for (s = c->steps; s->op != S_END; s++) {
		if (s->op > S_SYSEXIT)
			return false;
		if ((s->op == S_FAULT || s->op == S_SIGSYS) &&
		    (s->b & 0x7fff) >> 8 >= 0x40)
			return false;
	}
	return true;
}

/* Every step of every case the machine can run, with its context. */
static void harvest(struct stress *st)
{
	const struct fpabi_family *const *fam;
	unsigned k;

	for (fam = fpabi_arch.families; *fam; fam++) {
		unsigned ci;

		for (ci = 0; ci < (*fam)->ncases; ci++) {
			const struct fpabi_case *c = &(*fam)->cases[ci];
			struct vocab *vc = &st->voc[c->vset == 2 ? 2 : 0];
			const struct fpabi_step *s, *prev = NULL;
			enum stop_class stop = ST_NONE;
			unsigned after = S_END;	/* the last tracee op */

			if (c->probe || !c->steps || missing_need(st->m, c->needs) ||
			    (c->min_kver && st->m->kver < c->min_kver) ||
			    !plain_case(c))
				continue;
			if (c->competitor && !st->rule)
				st->rule = c->rule;
			vc->altstack |= c->altstack;
			for (s = c->steps; s->op != S_END; prev = s, s++) {
				struct fpabi_step x = *s;
				unsigned p;

				if (!syscall_op(s->op) || s->a || s->op == S_FORK) {
					vocab_add(vc, &x, stop, after,
						  fam - fpabi_arch.families);
				} else {
					/* SYSCALL(0): each of the case's parameters */
					for (p = 0; p < MAX_PARAMS && c->params[p]; p++) {
						x.a = c->params[p];
						vocab_add(vc, &x, stop, after,
							  fam - fpabi_arch.families);
					}
				}
				stop = stop_after(s, prev, stop);
				if (!tracer_op(s->op))
					after = s->op;
			}
		}
	}
	if (!st->rule)
		st->rule = fpabi_arch.rules[0].id;
	/*
	 * The forcing steps every class gets: a yield, the blocking syscalls
	 * that guarantee a switch (their proof is checked), and with two
	 * CPUs the tracee moving itself mid-sequence.
	 */
	for (k = 0; k < 3; k += 2) {
		static const struct fpabi_step extra[] = {
			SYSCALL(SC_SCHED_YIELD), SYSCALL(SC_PIPE_READ),
			SYSCALL(SC_NANOSLEEP), SYSCALL(SC_MIGRATE_SELF),
		};
		unsigned i;

		if (!st->voc[k].n)
			continue;
		for (i = 0; i < ARRAY_SIZE(extra); i++)
			if (extra[i].a != SC_MIGRATE_SELF ||
			    (st->m->have & NEED_SMP2))
				vocab_add(&st->voc[k], &extra[i], ST_NONE,
					  S_LOAD, -1);
		st->voc[k].nv = fpabi_arch.variants(st->m, k ? k : VSET_ALL,
						    st->voc[k].v, MAX_VARIANTS);
	}
}

/* What a walk over a list found: where it ends and what it used. */
struct walk_state {
	enum stop_class stop;
	unsigned dumps, sigs, obs, spins, forks, pipes, selfmig;
	unsigned threads, reads;	/* reads at the current stop */
	bool nested_done;		/* a nesting pair of signals ran */
	bool migrated, exec, groupstop, fork_events, vl_changed;
};

/*
 * Is the list one the engine can run and the model can follow?  Each
 * rule is a precondition of a step (engine.c walk()) or a limit of the
 * shared memory's layout.  0, or -1 with the reason.
 */
static int seq_check(const struct stress *st, const struct stress_seq *q,
		     struct walk_state *w, char *why, size_t n)
{
	const struct vocab *vc = &st->voc[q->cls];
	unsigned i, after = S_END;
	char own[160];

	if (!why) {
		why = own;
		n = sizeof(own);
	}
	memset(w, 0, sizeof(*w));
	for (i = 0; i < q->n; i++) {
		const struct fpabi_step *s = &q->s[i];
		const struct fpabi_step *prev = i ? &q->s[i - 1] : NULL;
		struct word *wd;

#define BAD(...) do { snprintf(why, n, "step %u (%s): ", i, \
		s->op < ARRAY_SIZE(op_names) && op_names[s->op] ? \
		op_names[s->op] : "?"); \
		snprintf(why + strlen(why), n - strlen(why), __VA_ARGS__); \
		return -1; } while (0)

		if (s->op == S_END || s->op >= ARRAY_SIZE(op_names))
			BAD("no such step");
		wd = vocab_find((struct vocab *)vc, s);
		if (!wd)
			BAD("not a step of any case of this variant class");
		/* the model starts from the first load's values */
		if (i == 0 && (s->op != S_LOAD || !wd->first))
			BAD("a list starts with a load a case starts with");
		/*
		 * A load of some registers only (arm64: FPSIMD only, smstart
		 * alone) depends on the mode the one before left: only after
		 * the kind of tracee step the cases put it after.
		 */
		if (s->op == S_LOAD && s->b && i && !(wd->after >> after & 1))
			BAD("no case loads this after a %s", op_names[after]);
		if (prev && is_nested(prev) && (s->op != S_FAULT || is_nested(s)))
			BAD("a nesting signal's handler raises a plain signal next");
		/*
		 * A model gap, not a kernel rule: arm64 keeps each frame's
		 * expected format (payload or not) by sigreturn order, which a
		 * nesting pair reverses, so a signal after the pair is checked
		 * against the wrong frame's format (fpabi stress --replay
		 * 'load:1:0x1 signal:2:0x8000 signal:3:0x403 trap write:8:0x1
		 * signal:15:0x4' --variant vl32 --seed 15422355306027).
		 */
		if ((s->op == S_FAULT || s->op == S_SIGSYS) && w->nested_done &&
		    !(prev && is_nested(prev)))
			BAD("no signal after a nesting pair (model gap)");
		if (prev && is_nested(prev))
			w->nested_done = true;
		if (tracer_op(s->op) || ctx_op(s)) {
			if (w->stop == ST_NONE)
				BAD("needs a stop before it");
			if (s->op == S_SYSEXIT && w->stop != ST_SC_ENTRY)
				BAD("needs a syscall-entry stop");
			if (ctx_op(s) && !(wd->ctx >> w->stop & 1))
				BAD("no case does this at this kind of stop");
			if (w->stop == ST_SIGNAL_INNER && s->op != S_READ &&
			    !(s->op <= S_FAULT && s->op != S_SYSCALL_STOP))
				BAD("only a read inside a nested handler");
		}
		if (!tracer_op(s->op)) {
			if (w->exec)
				BAD("after the exec no tracee step runs");
			if (w->stop == ST_SC_ENTRY)
				BAD("at a syscall-entry stop: sysexit first");
		}
		if ((s->op == S_MIGRATE || s->op == S_MIGRATE_RUNNING ||
		     (s->op == S_SYSCALL && s->a == SC_MIGRATE_SELF)) &&
		    !(st->m->have & NEED_SMP2))
			BAD("needs two CPUs");
		/*
		 * The group-stop is over for the tracee once the tracer
		 * resumes it, not for its process (no SIGCONT came): a thread
		 * it starts after that, once detached, stops at birth and the
		 * tracee waits for it for ever (ptrace(2), "Group-stop").
		 */
		if (s->op == S_FORK && is_thread(s->a) && w->groupstop)
			BAD("a thread after a group-stop stays stopped");
		/* for the same reason a PTRACE_INTERRUPT stop then reports
		 * as a group-stop (SIGSTOP | PTRACE_EVENT_STOP << 8) */
		if (s->op == S_INTERRUPT && w->groupstop)
			BAD("a PTRACE_INTERRUPT after a group-stop is one");
		/*
		 * Seen, not analysed: with a forked child's SIGCHLD on its way
		 * the engine sometimes waits in vain for the stop of a
		 * group-stop or a PTRACE_INTERRUPT (the SIGCHLD delivery stop
		 * racing with it); the cases never mix them.
		 */
		if ((s->op == S_GROUPSTOP || s->op == S_INTERRUPT) && w->forks)
			BAD("no group-stop or PTRACE_INTERRUPT after a fork");
		/* the tracee has one thread stack and one tid to wait on
		 * (SC_THREAD_SETTLS is a thread too) */
		if (s->op == S_FORK && is_thread(s->a) && w->threads++)
			BAD("one thread per list");
		/*
		 * A fork with its event stop sets PTRACE_O_TRACEFORK and
		 * TRACECLONE for the rest of the run: a later child is traced
		 * from birth, and only a fork that stops detaches it.
		 */
		if (s->op == S_FORK && w->fork_events && !s->b)
			BAD("after a fork with its event stop, every fork stops");
		if (s->op == S_FORK && s->b)
			w->fork_events = true;
		/*
		 * The images a load or a handler puts in the registers are
		 * made before the run, at the planned vector length: after the
		 * tracee changes its VL they no longer fit (the engine refuses
		 * what this misses, as "internal").
		 */
		if (w->vl_changed && ((s->op == S_LOAD && !s->b) ||
				      ((s->op == S_FAULT || s->op == S_SIGSYS) &&
				       (s->a || step_edit_kind(s)))))
			BAD("no full load or handler load after a VL change");
		if (syscall_op(s->op) && s->a == SC_SET_SVE_VL)
			w->vl_changed = true;
		/*
		 * execve() kills the other threads before they dump, and the
		 * exec probe does not wait for a forked child: its dump could
		 * come after the run's end.  The cases never exec after a fork.
		 */
		if (s->op == S_EXEC && w->forks)
			BAD("no exec after a fork");
		if (s->op == S_PREEMPT && (q->comp != COMP_SPIN || w->migrated))
			BAD("preemption is proven only beside a spinning "
			    "competitor on the tracee's CPU");
		switch (s->op) {
		case S_STORE: w->dumps++; w->obs++; break;
		case S_FORK: w->dumps++; w->obs++; w->forks++; break;
		case S_EXEC: w->dumps++; w->obs++; w->exec = true; break;
		case S_FAULT: case S_SIGSYS:
			w->dumps++; w->sigs++; w->obs += 2 + is_nested(s);
			break;
		case S_GROUPSTOP:
			w->groupstop = true;
			__attribute__((fallthrough));
		case S_PREEMPT: case S_INTERRUPT:
			w->spins++; break;
		case S_MIGRATE_RUNNING:
			w->spins++; w->migrated = true; break;
		case S_MIGRATE: w->migrated = true; break;
		case S_READ:
			w->obs++;
			/* a third read of one stop adds findings, not cases:
			 * past MAX_FINDINGS a known issue can no longer be told
			 * from a new one */
			if (++w->reads > 2)
				BAD("at most two reads at one stop");
			break;
		}
		if (syscall_op(s->op) && s->a == SC_PIPE_READ)
			w->pipes++;
		if (s->op == S_SYSCALL && s->a == SC_MIGRATE_SELF) {
			w->selfmig++;
			w->migrated = true;
		}
		if (w->dumps > 10 || w->sigs > 3 || w->obs > 24 ||
		    w->spins > 8 || w->forks > 3 || w->pipes > 1 ||
		    w->selfmig > 4)
			BAD("too many of its kind for the shared memory");
		w->stop = stop_after(s, prev, w->stop);
		if (!tracer_op(s->op)) {
			after = s->op;
			w->reads = 0;
		}
#undef BAD
	}
	return 0;
}

static uint64_t rnd(uint64_t *x)
{
	*x += 0x9e3779b97f4a7c15ull;
	return mix64(*x);
}

static unsigned pick(uint64_t *x, unsigned n)
{
	return n ? (unsigned)(rnd(x) % n) : 0;
}

/* A random tracee (or tracer) word of the vocabulary, of op if not 0. */
static const struct word *pick_word(const struct vocab *vc, uint64_t *x,
				    bool tracer, unsigned op)
{
	unsigned i, tries;

	for (tries = 0; tries < 64; tries++) {
		const struct word *w = &vc->w[pick(x, vc->n)];

		if (tracer_op(w->s.op) != tracer || (op && w->s.op != op))
			continue;
		return w;
	}
	for (i = 0; i < vc->n; i++)
		if (tracer_op(vc->w[i].s.op) == tracer &&
		    (!op || vc->w[i].s.op == op))
			return &vc->w[i];
	return NULL;
}

/* The word with fresh phases: each load, write, clobber and frame edit
 * its own, so a value seen where it should not be says which step put
 * it there. */
static struct fpabi_step number(const struct word *w, unsigned *phase)
{
	struct fpabi_step s = w->s;

#define NEXT() (*phase = *phase % CANARY_MAX_PHASE + 1)
	if ((s.op == S_LOAD || s.op == S_WRITE || s.op == S_FAULT ||
	     s.op == S_SIGSYS) && s.a)
		s.a = NEXT();
	if ((s.op == S_FAULT || s.op == S_SIGSYS) && (s.b >> 8 & 0x7f))
		s.b = (s.b & ~0x7f00) | NEXT() << 8;
#undef NEXT
	return s;
}

/* Try to append s (and what must come with it); keep it if valid. */
static bool try_add(const struct stress *st, struct stress_seq *q,
		    const struct fpabi_step *s, struct walk_state *w)
{
	char why[160];

	if (q->n >= STRESS_MAX_STEPS)
		return false;
	q->s[q->n++] = *s;
	q->s[q->n].op = S_END;
	if (seq_check(st, q, w, why, sizeof(why)) == 0)
		return true;
	q->n--;
	q->s[q->n].op = S_END;
	seq_check(st, q, w, why, sizeof(why));
	return false;
}

/*
 * Sequence k of the master seed: a class and variant the machine runs, a
 * competitor mode, then steps drawn from the vocabulary, each kept only
 * if the list stays valid, ending with a dump.
 */
static void seq_gen(const struct stress *st, uint64_t master, unsigned k,
		    struct stress_seq *q)
{
	const struct vocab *vc;
	struct walk_state w;
	uint64_t x = mix64(master ^ mix64(k + 1));
	unsigned target, tries, phase = 0, i;

	memset(q, 0, sizeof(*q));
	q->seed = x & 0xffffffffffffull;
	q->cls = st->voc[2].n && st->voc[2].nv && pick(&x, 10) < 3 ? 2 : 0;
	vc = &st->voc[q->cls];
	q->v = vc->v[pick(&x, vc->nv)];
	q->comp = pick(&x, 10);
	q->comp = q->comp < 3 ? COMP_NONE : q->comp < 5 ? COMP_SPIN :
		  q->comp < 7 ? COMP_IDLE : COMP_TIMER;
	q->altstack = vc->altstack && pick(&x, 4) == 0;
	target = 2 + pick(&x, 24);
	for (i = 0; i < 64; i++) {
		const struct word *wd = pick_word(vc, &x, false, S_LOAD);

		if (wd->first || i == 63) {
			q->s[0] = number(wd, &phase);
			break;
		}
	}
	q->n = 1;
	seq_check(st, q, &w, NULL, 0);
	for (tries = 0; q->n < target && tries < 400; tries++) {
		const struct word *wd;
		struct fpabi_step s;

		if (w.stop == ST_SC_ENTRY && pick(&x, 3) == 0)
			wd = pick_word(vc, &x, true, S_SYSEXIT);
		else if (w.stop != ST_NONE && pick(&x, 2))
			wd = pick_word(vc, &x, true, 0);
		else
			wd = pick_word(vc, &x, false, 0);
		if (!wd)
			continue;
		s = number(wd, &phase);
		if (!try_add(st, q, &s, &w))
			continue;
		if (is_nested(&s)) {
			/* its handler's signal, a plain one */
			for (i = 0; i < 32; i++) {
				wd = pick_word(vc, &x, false, S_FAULT);
				s = number(wd, &phase);
				if (!is_nested(&s) && try_add(st, q, &s, &w))
					break;
			}
			if (i == 32) {
				q->s[--q->n].op = S_END;
				seq_check(st, q, &w, NULL, 0);
			}
		}
	}
	if (w.stop == ST_SC_ENTRY) {
		struct fpabi_step e = SYSEXIT;

		try_add(st, q, &e, &w);
	}
	if (!w.exec) {
		struct fpabi_step d = STORE;

		try_add(st, q, &d, &w);
	}
}

void stress_format(const struct stress_seq *q, char *out, size_t n)
{
	size_t o = 0;
	unsigned i;

	out[0] = 0;
	for (i = 0; i < q->n && o + 32 < n; i++) {
		const struct fpabi_step *s = &q->s[i];

		o += snprintf(out + o, n - o, "%s%s", i ? " " : "",
			      op_names[s->op]);
		if (s->b)
			o += snprintf(out + o, n - o, ":%u:%#x", s->a, s->b);
		else if (s->a)
			o += snprintf(out + o, n - o, ":%u", s->a);
	}
}

int stress_parse(const char *text, struct stress_seq *q, char *why, size_t n)
{
	char buf[2048], *tok, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", text);
	q->n = 0;
	for (tok = strtok_r(buf, " ,\t\n", &save); tok;
	     tok = strtok_r(NULL, " ,\t\n", &save)) {
		char *colon = strchr(tok, ':'), *end;
		unsigned op;
		unsigned long a = 0, b = 0;

		if (colon)
			*colon++ = 0;
		for (op = 1; op < ARRAY_SIZE(op_names); op++)
			if (op_names[op] && !strcmp(tok, op_names[op]))
				break;
		if (op == ARRAY_SIZE(op_names)) {
			snprintf(why, n, "unknown step '%s'", tok);
			return -1;
		}
		if (colon) {
			a = strtoul(colon, &end, 0);
			if (*end == ':')
				b = strtoul(end + 1, &end, 0);
			if (*end || a > 255 || b > 65535) {
				snprintf(why, n, "bad arguments to '%s'", tok);
				return -1;
			}
		}
		if (q->n == STRESS_MAX_STEPS) {
			snprintf(why, n, "more than %d steps", STRESS_MAX_STEPS);
			return -1;
		}
		q->s[q->n].op = op;
		q->s[q->n].a = a;
		q->s[q->n].b = b;
		q->n++;
	}
	q->s[q->n].op = S_END;
	if (!q->n) {
		snprintf(why, n, "no steps");
		return -1;
	}
	return 0;
}

/* The outcome of running one sequence (with retries of unproven runs). */
struct outcome {
	bool fail, broken, unproven, known, rejected;
	const char *known_why;		/* the known issue's TODO text */
	unsigned checks;
	struct fpabi_run r;
	struct fpabi_case c;
};

/* The families a sequence's steps come from, as "ARCH.FAM.stress/V" IDs
 * a known issue's glob is matched against. */
static const struct fpabi_known_issue *known_issue(const struct stress *st,
						   const struct stress_seq *q,
						   const struct fpabi_run *r)
{
	const struct fpabi_known_issue *k;
	unsigned i;

	if (!fpabi_arch.known || !r->nfind || r->broken[0] || r->timed_out)
		return NULL;
	for (k = fpabi_arch.known; k->id_glob; k++) {
		bool fam = false;

		if (r->nfind > MAX_FINDINGS && !k->spans)
			continue;
		for (i = 0; i < q->n && !fam; i++) {
			const struct word *w = vocab_find(
				(struct vocab *)&st->voc[q->cls], &q->s[i]);
			unsigned f;

			for (f = 0; w && f < 64 && fpabi_arch.families[f] &&
			     !fam; f++) {
				char id[192];

				if (!(w->families >> f & 1))
					continue;
				snprintf(id, sizeof(id), "%s.%s.stress/%s",
					 fpabi_arch.name,
					 fpabi_arch.families[f]->name, q->v.name);
				fam = !fnmatch(k->id_glob, id, 0);
			}
		}
		if (fam && known_match(r, k))
			return k;
	}
	return NULL;
}

static bool inject_hits(const struct fpabi_opts *o, const char *id)
{
	return o->inject != INJ_NONE &&
	       (!strcmp(o->inject_target, "any") ||
		!strcmp(o->inject_target, "stress") ||
		!fnmatch(o->inject_target, id, 0));
}

static void seq_id(const struct stress_seq *q, const char *name, char *id,
		   size_t n)
{
	snprintf(id, n, "%.16s.stress.%.32s/%.40s", fpabi_arch.name, name,
		 q->v.name);
}

static void run_seq_mode(const struct stress *st, const struct stress_seq *q,
			 const char *name, struct outcome *out, bool bare);

static void run_seq(const struct stress *st, const struct stress_seq *q,
		    const char *name, struct outcome *out)
{
	run_seq_mode(st, q, name, out, false);
}

static void run_seq_mode(const struct stress *st, const struct stress_seq *q,
			 const char *name, struct outcome *out, bool bare)
{
	struct fpabi_run *r = &out->r;
	unsigned attempt = 0;

	memset(&out->c, 0, sizeof(out->c));
	out->c.family = "stress";
	out->c.generated = 1;
	out->c.name = name;
	out->c.summary = "a random sequence of steps from every family, "
			 "with the model checking every observation";
	out->c.rule = st->rule;
	out->c.steps = q->s;
	out->c.competitor = q->comp;
	out->c.altstack = q->altstack;
	out->c.drop = -1;
	do {
		memset(r, 0, sizeof(*r));
		r->m = st->m;
		r->o = st->o;
		r->c = &out->c;
		r->v = r->v0 = q->v;
		r->attempt = ++attempt;
		seq_id(q, name, r->id, sizeof(r->id));
		r->seed = q->seed;
		r->cseed = canary_seed16(r->seed);
		r->inject_byte = inject_hits(st->o, r->id) &&
				 st->o->inject == INJ_BYTE;
		r->hang = inject_hits(st->o, r->id) && st->o->inject == INJ_HANG;
		r->bare = bare;
		run_case(r);
	} while (r->unproven && attempt < FPABI_ATTEMPTS);
	out->checks = r->checks;
	out->known = known_issue(st, q, r) != NULL;
	out->known_why = out->known ? known_issue(st, q, r)->reason : NULL;
	out->unproven = r->unproven || (!r->nfind && r->skip[0]);
	/* the model refused the list: the generator's fault, not a verdict */
	out->rejected = !strncmp(r->broken, "internal: ", 10);
	out->broken = r->broken[0] && !r->nfind && !r->unproven &&
		      !out->rejected;
	out->fail = ((r->nfind && !out->known) || r->timed_out) &&
		    !out->rejected;
}

/* Forcing modes and their proof, summed over the sequences that used them. */
enum force {
	F_SPIN, F_IDLE, F_TIMER, F_MIGRATE, F_SELF, F_BLOCK, F_NFORCE
};

static const char *const force_names[F_NFORCE] = {
	[F_SPIN] = "competitor-spin",
	[F_IDLE] = "competitor-sched-idle",
	[F_TIMER] = "competitor-hrtimer-fifo",
	[F_MIGRATE] = "tracer-migration",
	[F_SELF] = "tracee-self-migration",
	[F_BLOCK] = "blocking-syscall",
};

struct force_sum {
	unsigned runs, proven, degraded;
	long nvcsw, nivcsw, comp_nvcsw, comp_nivcsw, wakes, moves, cpu_changed;
};

static bool has_sc_step(const struct stress_seq *q, unsigned sc)
{
	unsigned i;

	for (i = 0; i < q->n; i++)
		if (syscall_op(q->s[i].op) && q->s[i].a == sc)
			return true;
	return false;
}

/*
 * What proves each forcing a sequence used: the competitor's switches
 * (at SCHED_IDLE it ran whenever the tracee stopped; at SCHED_FIFO its
 * wakes are its voluntary switches), the tracee's involuntary switches,
 * and its CPU before and after a migration.
 */
static void force_add(struct force_sum *fs, const struct stress_seq *q,
		      const struct fpabi_run *r)
{
	const struct fpabi_sched_proof *p = &r->sp;
	struct force_sum *f;
	int mode;

	if (!p->valid)
		return;
	mode = q->comp == COMP_SPIN ? F_SPIN : q->comp == COMP_IDLE ? F_IDLE :
	       q->comp == COMP_TIMER ? F_TIMER : -1;
	if (mode >= 0) {
		f = &fs[mode];
		f->runs++;
		f->degraded += p->comp_degraded;
		f->nvcsw += p->nvcsw;
		f->nivcsw += p->nivcsw;
		f->comp_nvcsw += p->comp_nvcsw > 0 ? p->comp_nvcsw : 0;
		f->comp_nivcsw += p->comp_nivcsw > 0 ? p->comp_nivcsw : 0;
		f->wakes += p->comp_wakes;
		/* the tracee was switched out while the competitor ran */
		/* the tracee came back to a CPU the competitor had: it was
		 * preempted, or the competitor was (when the tracee woke) */
		f->proven += mode == F_SPIN ? p->nivcsw > 0 ||
					      (p->comp_nivcsw > 0 && p->nvcsw > 0) :
			     mode == F_IDLE ? p->comp_nivcsw > 0 :
			     p->comp_wakes > 0 && p->comp_nvcsw > 0;
	}
	if (p->tracer_migrations) {
		f = &fs[F_MIGRATE];
		f->runs++;
		f->moves += p->tracer_migrations;
		f->cpu_changed += p->cpu0 != p->cpu1;
		f->proven += !r->skip[0];
	}
	if (p->self_migrations) {
		f = &fs[F_SELF];
		f->runs++;
		f->moves += p->self_migrations;
		f->cpu_changed += p->cpu0 != p->cpu1;
		f->proven += !r->skip[0];
	}
	if (has_sc_step(q, SC_PIPE_READ) || has_sc_step(q, SC_NANOSLEEP)) {
		f = &fs[F_BLOCK];
		f->runs++;
		f->nvcsw += p->nvcsw;
		f->proven += p->nvcsw > 0;
	}
}

static void force_merge(struct force_sum *to, const struct force_sum *f)
{
	to->runs += f->runs;
	to->proven += f->proven;
	to->degraded += f->degraded;
	to->nvcsw += f->nvcsw;
	to->nivcsw += f->nivcsw;
	to->comp_nvcsw += f->comp_nvcsw;
	to->comp_nivcsw += f->comp_nivcsw;
	to->wakes += f->wakes;
	to->moves += f->moves;
	to->cpu_changed += f->cpu_changed;
}

static void force_text(int mode, const struct force_sum *f, char *out,
		       size_t n)
{
	switch (mode) {
	case F_SPIN:
		snprintf(out, n, "%u runs, %u proven: tracee involuntary "
			 "switches %ld, voluntary %ld; the competitor preempted "
			 "%ld times", f->runs, f->proven, f->nivcsw, f->nvcsw,
			 f->comp_nivcsw);
		break;
	case F_IDLE:
		snprintf(out, n, "%u runs (%u at SCHED_OTHER: SCHED_IDLE "
			 "refused), %u where the competitor ran and was "
			 "preempted (%ld voluntary + %ld involuntary switches); "
			 "tracee voluntary %ld, involuntary %ld", f->runs, f->degraded, f->proven,
			 f->comp_nvcsw, f->comp_nivcsw, f->nvcsw, f->nivcsw);
		break;
	case F_TIMER:
		snprintf(out, n, "%u runs (%u at SCHED_OTHER: SCHED_FIFO "
			 "refused), %u with a wake proven: %ld wakes due, %ld "
			 "competitor sleeps; tracee involuntary switches %ld",
			 f->runs, f->degraded, f->proven, f->wakes,
			 f->comp_nvcsw, f->nivcsw);
		break;
	case F_MIGRATE:
	case F_SELF:
		snprintf(out, n, "%u runs, %ld moves, %u ended on the CPU they "
			 "were sent to, %ld on another CPU than they started",
			 f->runs, f->moves, f->proven, f->cpu_changed);
		break;
	case F_BLOCK:
		snprintf(out, n, "%u runs, %u with voluntary switches (%ld)",
			 f->runs, f->proven, f->nvcsw);
		break;
	}
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void stress_reproducer(const struct stress *st, const struct stress_seq *q,
		       char *out, size_t n)
{
	char steps[1200];
	int o;

	stress_format(q, steps, sizeof(steps));
	o = snprintf(out, n, "%s stress --replay '%s' --variant %s "
		     "--competitor %s%s --seed %llu", st->o->argv0, steps,
		     q->v.name, comp_names[q->comp],
		     q->altstack ? " --altstack" : "",
		     (unsigned long long)q->seed);
	if (o > 0 && (size_t)o < n)
		reproducer_options(st->m, st->o, out + o, n - o);
}

/* A failure's signature: the kind of observer (without its numbers),
 * the register and the classification; or a timeout. */
static void signature(const struct outcome *o, char *out, size_t n)
{
	const struct fpabi_finding *f = &o->r.find[0];
	size_t k = 0;
	const char *c;

	if (!o->r.nfind) {
		snprintf(out, n, "%s", o->r.timed_out ? "timeout" : "-");
		return;
	}
	for (c = f->observer; *c && k + 1 < n; c++)
		if (*c < '0' || *c > '9')
			out[k++] = *c;
	out[k] = 0;
	snprintf(out + k, n - k, "|%s|%s", f->what, canary_class_name(f->cls));
}

/* Does the list still fail the same way?  Races are flaky: up to tries
 * runs. */
static bool still_fails(const struct stress *st, const struct stress_seq *q,
			const char *sig, unsigned tries, unsigned *runs)
{
	char got[200];
	struct walk_state w;
	struct outcome out;
	char why[160];
	unsigned i;

	if (seq_check(st, q, &w, why, sizeof(why)) < 0 || !w.obs)
		return false;
	for (i = 0; i < tries; i++) {
		(*runs)++;
		run_seq(st, q, "shrink", &out);
		signature(&out, got, sizeof(got));
		if (out.fail && !strcmp(sig, got))
			return true;
	}
	return false;
}

/*
 * Delta debugging: drop chunks of steps (halves, quarters, ... single
 * steps) while the list stays valid and still fails; then drop the
 * competitor and the altstack if the failure does not need them.
 * Bounded by a run budget and a minute.
 */
static void shrink(const struct stress *st, struct stress_seq *q,
		   const char *sig, unsigned *runs)
{
	double t0 = now_s();
	unsigned chunk, i, j, timeout = st->o->timeout;

	/* a hang is found again in far less than the full watchdog */
	if (st->o->timeout > 10)
		st->o->timeout = 10;
	for (chunk = q->n / 2 ? q->n / 2 : 1; chunk >= 1; chunk /= 2) {
		for (i = 0; i + chunk <= q->n && *runs < 300 &&
		     now_s() - t0 < 60;) {
			struct stress_seq c = *q;

			for (j = i; j + chunk <= c.n; j++)
				c.s[j] = c.s[j + chunk];
			c.n -= chunk;
			c.s[c.n].op = S_END;
			if (still_fails(st, &c, sig, 3, runs))
				*q = c;
			else
				i++;
		}
		if (chunk == 1)
			break;
	}
	if (q->comp != COMP_NONE) {
		struct stress_seq c = *q;

		c.comp = COMP_NONE;
		if (still_fails(st, &c, sig, 3, runs))
			*q = c;
	}
	if (q->altstack) {
		struct stress_seq c = *q;

		c.altstack = 0;
		if (still_fails(st, &c, sig, 3, runs))
			*q = c;
	}
	st->o->timeout = timeout;
}

static void yaml_kv(char *y, size_t n, const char *key, const char *val)
{
	char q[1400];

	yaml_quote(q, sizeof(q), val);
	snprintf(y + strlen(y), n - strlen(y), "%s: %s\n", key, q);
}

/* A failing sequence: its diagnosis, the shrunk list, the reproducer. */
static void report_failure(struct stress *st, struct tap *t,
			   const struct stress_seq *q, unsigned k,
			   const char *name, struct outcome *out)
{
	char y[8192], line[600], text[1200], id[192];
	const struct fpabi_run *r = &out->r;
	const struct fpabi_finding *f = &r->find[0];
	struct stress_seq s = *q;
	unsigned runs = 0;
	double t0 = now_s();

	seq_id(q, name, id, sizeof(id));
	y[0] = 0;
	if (r->timed_out) {
		tap_comment(t, "%s: the tracee did not finish within %u s",
			    id, st->o->timeout);
		snprintf(y, sizeof(y), "verdict: timeout\n");
	} else if (out->broken) {
		tap_comment(t, "%s: setup failed, no verdict on the kernel: %s",
			    id, r->broken);
		snprintf(y, sizeof(y), "verdict: broken\n");
		yaml_kv(y, sizeof(y), "reason", r->broken);
	} else {
		finding_line(f, line, sizeof(line));
		tap_comment(t, "%s", line);
		snprintf(y, sizeof(y), "verdict: fail\n");
	}
	yaml_kv(y, sizeof(y), "arch", fpabi_arch.name);
	yaml_kv(y, sizeof(y), "variant", q->v.name);
	yaml_kv(y, sizeof(y), "competitor", comp_names[q->comp]);
	snprintf(y + strlen(y), sizeof(y) - strlen(y),
		 "sequence: %u\nmaster_seed: %llu\nseed: %llu\n", k,
		 (unsigned long long)st->o->seed, (unsigned long long)q->seed);
	stress_format(q, text, sizeof(text));
	yaml_kv(y, sizeof(y), "steps", text);
	if (r->nfind) {
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "step: %d\nfindings: %u\n", f->step, r->nfind);
		yaml_kv(y, sizeof(y), "observer", f->observer);
		yaml_kv(y, sizeof(y), "register", f->what);
		yaml_kv(y, sizeof(y), "expected", f->expected);
		yaml_kv(y, sizeof(y), "got", f->got);
		yaml_kv(y, sizeof(y), "classification", canary_class_name(f->cls));
		yaml_kv(y, sizeof(y), "origin", f->origin);
		if (f->rule) {
			yaml_kv(y, sizeof(y), "rule", f->rule->id);
			yaml_kv(y, sizeof(y), "source", f->rule->source);
		}
	}
	if (r->proof[0])
		yaml_kv(y, sizeof(y), "proof", r->proof);
	if (st->shrink && !out->broken) {
		char sig[200];

		signature(out, sig, sizeof(sig));
		shrink(st, &s, sig, &runs);
		stress_format(&s, text, sizeof(text));
		yaml_kv(y, sizeof(y), "shrunk", text);
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "shrunk_steps: %u\nshrink_runs: %u\nshrink_seconds: "
			 "%.1f\n", s.n, runs, now_s() - t0);
	}
	stress_reproducer(st, &s, text, sizeof(text));
	yaml_kv(y, sizeof(y), "reproduce", text);
	tap_result(t, TAP_FAIL, id, NULL, y);
}

struct totals {
	unsigned long seqs, events, checks, fails, unproven, broken, known,
		      rejected;
};

static void progress(const struct stress *st, const struct totals *a,
		     double t0, double end)
{
	double now = now_s();

	if (!st->progress)
		return;
	fprintf(stderr, "\rstress: %4.0f s left, %lu sequences, %lu events "
		"(%.0f/s), %lu checks, %lu failures ", end - now > 0 ?
		end - now : 0, a->seqs, a->events,
		a->events / (now - t0 > 0 ? now - t0 : 1), a->checks, a->fails);
}

/* A batch's test point and its forcing proof, then the next batch. */
static void batch_point(struct tap *t, unsigned b, const struct totals *a,
			const struct totals *b0, const struct force_sum *fs,
			double secs)
{
	char id[96], txt[400];
	int i;

	snprintf(id, sizeof(id), "%s.stress.batch-%u", fpabi_arch.name, b);
	tap_comment(t, "batch %u: sequences %lu-%lu in %.1f s: %lu events, "
		    "%lu checks, %lu unproven (retried, then skipped), %lu "
		    "known issues", b, b0->seqs, a->seqs ? a->seqs - 1 : 0, secs,
		    a->events - b0->events, a->checks - b0->checks,
		    a->unproven - b0->unproven, a->known - b0->known);
	for (i = 0; i < F_NFORCE; i++) {
		if (!fs[i].runs)
			continue;
		force_text(i, &fs[i], txt, sizeof(txt));
		tap_comment(t, "batch %u proof: %s: %s", b, force_names[i], txt);
	}
	tap_result(t, a->fails + a->broken > b0->fails + b0->broken ?
		   TAP_FAIL : TAP_PASS, id, NULL, NULL);
}

/* Each forcing mode: proven at least once over the run, or why not. */
static void force_points(struct tap *t, const struct force_sum *fs)
{
	char id[96], txt[400], why[480];
	int i;

	for (i = 0; i < F_NFORCE; i++) {
		snprintf(id, sizeof(id), "%s.stress.forcing/%s",
			 fpabi_arch.name, force_names[i]);
		if (!fs[i].runs) {
			tap_result(t, TAP_SKIP, id, "no sequence used it (too "
				   "short a run, or the machine lacks two CPUs)",
				   NULL);
			continue;
		}
		force_text(i, &fs[i], txt, sizeof(txt));
		tap_comment(t, "%s: %s", force_names[i], txt);
		if (fs[i].proven) {
			tap_result(t, TAP_PASS, id, NULL, NULL);
		} else {
			snprintf(why, sizeof(why), "not proven in %u runs: %s",
				 fs[i].runs, txt);
			tap_result(t, TAP_SKIP, id, why, NULL);
		}
	}
}

static int stress_loop(struct stress *st, struct tap *t)
{
	struct totals a = { 0 }, b0 = { 0 };
	struct force_sum fs[F_NFORCE], all[F_NFORCE];
	double t0 = now_s(), end = t0 + st->seconds, tb = t0, tp = 0;
	unsigned k, batch = 0;

	memset(fs, 0, sizeof(fs));
	memset(all, 0, sizeof(all));
	for (k = 0; now_s() < end; k++) {
		struct stress_seq q;
		struct outcome out;
		char name[32];
		int i;

		seq_gen(st, st->o->seed, k, &q);
		snprintf(name, sizeof(name), "seq%u", k);
		if (fpabi_verbose) {
			char text[1200];

			stress_format(&q, text, sizeof(text));
			vlog("sequence %u (seed %llu, %s, competitor %s%s): %s",
			     k, (unsigned long long)q.seed, q.v.name,
			     comp_names[q.comp], q.altstack ? ", altstack" : "",
			     text);
		}
		run_seq(st, &q, name, &out);
		a.seqs++;
		a.events += q.n;
		a.checks += out.checks;
		a.unproven += out.unproven;
		a.known += out.known;
		a.rejected += out.rejected;
		if (out.known)
			tap_comment(t, "%s: a known kernel issue, not counted as a "
				    "failure: %s", out.r.id, out.known_why);
		if (out.rejected)
			tap_comment(t, "%s: the model refused the list (%s): "
				    "not counted", out.r.id, out.r.broken);
		force_add(fs, &q, &out.r);
		if (out.fail || out.broken) {
			if (st->progress)
				fputc('\n', stderr);
			a.fails += out.fail;
			a.broken += out.broken;
			report_failure(st, t, &q, k, name, &out);
		}
		if (now_s() - tp > 0.25) {
			progress(st, &a, t0, end);
			tp = now_s();
		}
		if (now_s() - tb >= 10 || now_s() >= end ||
		    a.fails + a.broken >= st->max_fail) {
			batch_point(t, ++batch, &a, &b0, fs, now_s() - tb);
			for (i = 0; i < F_NFORCE; i++)
				force_merge(&all[i], &fs[i]);
			memset(fs, 0, sizeof(fs));
			b0 = a;
			tb = now_s();
		}
		if (a.fails + a.broken >= st->max_fail)
			break;
	}
	if (st->progress)
		fputc('\n', stderr);
	force_points(t, all);
	tap_comment(t, "stress: %lu sequences, %lu events, %lu checks, %lu "
		    "failures, %lu broken, %lu unproven, %lu known issues, %lu "
		    "refused by the model in %.1f s (%.0f events/s, %.0f "
		    "checks/s)", a.seqs, a.events, a.checks, a.fails, a.broken,
		    a.unproven, a.known, a.rejected,
		    now_s() - t0, a.events / (now_s() - t0),
		    a.checks / (now_s() - t0));
	return 0;
}

static int parse_comp(const char *s)
{
	int i;

	for (i = 0; i < COMP_NMODES; i++)
		if (!strcmp(s, comp_names[i]))
			return i;
	return -1;
}

/* --replay: the one list, run --repeat times or until it fails. */
static int replay(struct stress *st, struct tap *t, const char *steps,
		  const char *variant, int comp, bool altstack, unsigned repeat)
{
	struct stress_seq q;
	struct walk_state w;
	struct outcome out;
	char why[200];
	unsigned cls, i;
	int vi = -1;

	memset(&q, 0, sizeof(q));
	for (cls = 0; cls < 3 && vi < 0; cls += 2)
		for (i = 0; i < (unsigned)st->voc[cls].nv && vi < 0; i++)
			if (!variant || !strcmp(variant, st->voc[cls].v[i].name)) {
				vi = i;
				q.cls = cls;
			}
	if (vi < 0) {
		fprintf(stderr, "fpabi: no variant '%s' on this machine\n",
			variant ? variant : "");
		return 2;
	}
	q.v = st->voc[q.cls].v[vi];
	q.comp = comp;
	q.altstack = altstack;
	q.seed = st->o->seed;
	if (stress_parse(steps, &q, why, sizeof(why)) < 0 ||
	    seq_check(st, &q, &w, why, sizeof(why)) < 0) {
		fprintf(stderr, "fpabi: --replay: %s\n", why);
		return 2;
	}
	tap_plan(t, repeat);
	for (i = 0; i < repeat; i++) {
		run_seq(st, &q, "replay", &out);
		if (out.fail || out.broken) {
			st->shrink = false;
			report_failure(st, t, &q, i, "replay", &out);
			tap_totals(t);
			return 1;
		}
		tap_result(t, out.unproven ? TAP_SKIP : TAP_PASS, out.r.id,
			   out.unproven ? (out.r.skip[0] ? out.r.skip :
					   out.r.broken) : NULL, NULL);
		if (out.r.proof[0])
			tap_comment(t, "proof: %s", out.r.proof);
	}
	tap_totals(t);
	return 0;
}

static const char stress_usage[] =
"Usage: fpabi stress [--seconds N] [--seed S] [OPTIONS]\n"
"       fpabi stress --replay 'STEPS' --variant V [--competitor MODE]\n"
"                    [--altstack] --seed S\n"
"Random step lists drawn from the steps of every case family this machine\n"
"runs, each run with the model checking every observation, beside a\n"
"competitor on the tracee's CPU (spinning, at SCHED_IDLE, or woken by\n"
"hrtimers at SCHED_FIFO) and with migrations.  A failure is shrunk to a\n"
"short list that still fails and printed as a --replay command line.\n"
"\n"
"  -n, --seconds N        run for N seconds (default 10)\n"
"  -s, --seed S           master seed (default: random, printed); with\n"
"                         --replay, the sequence's own seed\n"
"      --max-failures N   stop after N failing sequences (default 1)\n"
"      --no-shrink        report failures as found\n"
"      --replay STEPS     run one list (the syntax reproducers print)\n"
"      --variant V        its variant (default: the first)\n"
"      --competitor MODE  none, spin, idle or timer (default none)\n"
"      --altstack         its handlers on a sigaltstack\n"
"  -r, --repeat N         --replay: run it N times or until it fails\n"
"  -t, --timeout S        watchdog per sequence (default 60)\n"
"      --kmsg             fail if the kernel logs an Oops, BUG or WARNING\n"
"      --inject-fault=KIND:TARGET  as for run (TARGET any or stress)\n"
"      --no-workarounds   never step around a platform quirk (as for run)\n"
"      --profile NAME, --tracee PATH, -v, -h\n"
"Progress goes to stderr when it is a terminal.  Exit status: 0 nothing\n"
"failed, 1 a sequence failed, 2 bad usage or setup.\n";

int cmd_stress(int argc, char **argv)
{
	enum { O_MAXF = 256, O_NOSHRINK, O_REPLAY, O_VARIANT, O_COMP,
	       O_ALTSTACK, O_KMSG, O_INJECT, O_PROFILE, O_TRACEE, O_NOWORK };
	static const struct option longopts[] = {
		{ "seconds", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "timeout", required_argument, NULL, 't' },
		{ "max-failures", required_argument, NULL, O_MAXF },
		{ "no-shrink", no_argument, NULL, O_NOSHRINK },
		{ "replay", required_argument, NULL, O_REPLAY },
		{ "variant", required_argument, NULL, O_VARIANT },
		{ "competitor", required_argument, NULL, O_COMP },
		{ "altstack", no_argument, NULL, O_ALTSTACK },
		{ "kmsg", no_argument, NULL, O_KMSG },
		{ "inject-fault", required_argument, NULL, O_INJECT },
		{ "profile", required_argument, NULL, O_PROFILE },
		{ "tracee", required_argument, NULL, O_TRACEE },
		{ "no-workarounds", no_argument, NULL, O_NOWORK },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_opts o = { .repeat = 1, .timeout = 60 };
	struct stress st = { .o = &o, .seconds = 10, .max_fail = 1,
			     .shrink = true };
	const char *steps = NULL, *variant = NULL, *profile = NULL,
		   *tracee = NULL;
	struct fpabi_machine m;
	bool seeded = false, altstack = false;
	int c, comp = COMP_NONE, ret = 0, kfd = -1, k;
	struct tap t;
	char *end;

	o.argv0 = "fpabi";
	optind = 1;
	while ((c = getopt_long(argc, argv, "n:s:r:t:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': st.seconds = strtoul(optarg, &end, 10);
			if (*end || !*optarg) goto bad;
			break;
		case 's': o.seed = strtoull(optarg, &end, 0); seeded = true;
			if (*end || !*optarg) goto bad;
			break;
		case 'r': o.repeat = strtoul(optarg, &end, 10);
			if (*end || !o.repeat) goto bad;
			break;
		case 't': o.timeout = strtoul(optarg, &end, 10);
			if (*end || !o.timeout) goto bad;
			break;
		case O_MAXF: st.max_fail = strtoul(optarg, &end, 10);
			if (*end || !st.max_fail) goto bad;
			break;
		case O_NOSHRINK: st.shrink = false; break;
		case O_REPLAY: steps = optarg; break;
		case O_VARIANT: variant = optarg; break;
		case O_COMP:
			comp = parse_comp(optarg);
			if (comp < 0) goto bad;
			break;
		case O_ALTSTACK: altstack = true; break;
		case O_KMSG: o.kmsg = true; break;
		case O_INJECT: fpabi_parse_inject(&o, optarg); break;
		case O_PROFILE: profile = optarg; break;
		case O_TRACEE: tracee = optarg; break;
		case O_NOWORK: fpabi_no_workarounds = 1; break;
		case 'v': fpabi_verbose = 1; break;
		case 'h': fputs(stress_usage, stdout); return 0;
		default: goto bad;
		}
	}
	if (optind < argc)
		goto bad;
	if (profile && !fpabi_profile_find(profile)) {
		fprintf(stderr, "fpabi: unknown --profile '%s'\n", profile);
		return 2;
	}
	if (!seeded && getrandom(&o.seed, sizeof(o.seed), 0) != sizeof(o.seed))
		o.seed = (uint64_t)getpid() * 2654435761u;
	if (!seeded)
		o.seed &= 0xffffffffffffull;
	fpabi_probe(&m, profile);
	st.m = &m;
	o.tracee = fpabi_find_tracee(tracee);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	if (access(o.tracee, X_OK) != 0)
		die("cannot run the tracee %s: %s (use --tracee)", o.tracee,
		    strerror(errno));
	fpabi_setup_signals();
	harvest(&st);
	st.progress = isatty(2) && !steps;
	if (o.kmsg)
		kfd = kmsg_open();

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(&m, stdout, "# ");
	if (o.inject != INJ_NONE)
		tap_comment(&t, "fault injection: %s into %s (test-only: "
			    "failures below are expected)",
			    inject_kind_name(o.inject), o.inject_target);
	if (steps) {
		tap_comment(&t, "replay: seed %llu, variant %s, competitor %s%s",
			    (unsigned long long)o.seed, variant ? variant : "-",
			    comp_names[comp], altstack ? ", altstack" : "");
		ret = replay(&st, &t, steps, variant, comp, altstack, o.repeat);
		goto out;
	}
	if (!st.voc[0].n || !st.voc[0].nv) {
		tap_plan_skip_all(&t, "no case of this arch runs here");
		goto out;
	}
	tap_comment(&t, "stress: master seed %llu, %u s, vocabulary %u steps "
		    "(%u in the extra variants), %d + %d variants",
		    (unsigned long long)o.seed, st.seconds, st.voc[0].n,
		    st.voc[2].n, st.voc[0].nv, st.voc[2].nv);
	stress_loop(&st, &t);
	if (o.kmsg)
		kmsg_tap_result(&t, kfd);
	tap_plan(&t, t.n);
	tap_totals(&t);
	ret = t.failed ? 1 : 0;
out:
	if (kfd >= 0)
		close(kfd);
	for (k = 0; k < 3; k++)
		free(st.voc[k].w);
	free((char *)o.tracee);
	free((char *)o.exec_probe);
	return ret;
bad:
	fprintf(stderr, "fpabi stress: bad usage\nTry 'fpabi stress --help'.\n");
	return 2;
}

/* --- fpabi bench stress --- */

/*
 * The bench's k-th list: stress's, without a competitor and without the
 * steps whose proof polls with a budget (a spin the tracer waits for, a
 * migration it waits to see): their waits are noise, not the engine.
 */
static void bench_seq(const struct stress *st, uint64_t seed, unsigned k,
		      struct stress_seq *q)
{
	unsigned j, i;

	for (j = 0;; j++) {
		seq_gen(st, seed, k + j * 1000003u, q);
		for (i = 0; i < q->n; i++)
			if (q->s[i].op == S_MIGRATE_RUNNING ||
			    q->s[i].op == S_INTERRUPT ||
			    q->s[i].op == S_GROUPSTOP || q->s[i].op == S_PREEMPT)
				break;
		if (i == q->n || j == 100)
			break;
	}
	q->comp = COMP_NONE;
}

/* The tracer's own CPU time so far (user and system), in seconds. */
static double cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* median, quartiles and range of n values (sorted in place) */
static void five(double *v, unsigned n, double out[5])
{
	qsort(v, n, sizeof(*v), cmp_dbl);
	out[0] = v[n / 2];
	out[1] = v[n / 4];
	out[2] = v[(3 * n) / 4 < n ? (3 * n) / 4 : n - 1];
	out[3] = v[0];
	out[4] = v[n - 1];
}

static const char bench_stress_usage[] =
"Usage: fpabi bench stress [-n SAMPLES] [--sequences N] [--seed S]\n"
"                          [--json FILE]\n"
"The stress engine's cost: each sample runs the same N stress sequences\n"
"(no competitor) twice, once checked and once bare (every ptrace stop,\n"
"regset read, dump and frame copy, the model's bookkeeping, but no\n"
"comparison), and reports events per second of each and the share of\n"
"the wall time and of the tracer's CPU time the checks take (target:\n"
"under 25%).  Lists with steps whose proof is polled (spins, migration\n"
"while running) are left out: their waits are noise.\n";

int bench_stress(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "samples", required_argument, NULL, 'n' },
		{ "sequences", required_argument, NULL, 'q' },
		{ "seed", required_argument, NULL, 's' },
		{ "json", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_opts o = { .repeat = 1, .timeout = 60, .seed = 1 };
	struct stress st = { .o = &o };
	unsigned samples = 11, nseq = 40, i, k;
	const char *json = NULL;
	double *eps, *bare_eps, *cost, *cpu, f_eps[5], f_bare[5], f_cost[5],
	       f_cpu[5];
	unsigned long events = 0, checks = 0;
	struct fpabi_machine m;
	struct tap t;
	char y[1200];
	int c;

	o.argv0 = "fpabi";
	optind = 1;
	while ((c = getopt_long(argc, argv, "n:q:s:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': samples = strtoul(optarg, NULL, 10); break;
		case 'q': nseq = strtoul(optarg, NULL, 10); break;
		case 's': o.seed = strtoull(optarg, NULL, 0); break;
		case 'j': json = optarg; break;
		case 'h': fputs(bench_stress_usage, stdout); return 0;
		default:
			fprintf(stderr, "Try 'fpabi bench stress --help'.\n");
			return 2;
		}
	}
	if (!samples || !nseq || optind < argc) {
		fprintf(stderr, "fpabi bench stress: bad usage\n");
		return 2;
	}
	fpabi_probe(&m, NULL);
	st.m = &m;
	o.tracee = fpabi_find_tracee(NULL);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	fpabi_setup_signals();
	harvest(&st);
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(&m, stdout, "# ");
	if (!st.voc[0].n || !st.voc[0].nv || access(o.tracee, X_OK) != 0) {
		tap_plan_skip_all(&t, "no case of this arch runs here");
		return 0;
	}
	eps = xzalloc(samples * sizeof(*eps));
	bare_eps = xzalloc(samples * sizeof(*bare_eps));
	cost = xzalloc(samples * sizeof(*cost));
	cpu = xzalloc(samples * sizeof(*cpu));
	tap_plan(&t, 1);
	/* one warm-up sample, then checked and bare alternate */
	for (i = 0; i <= samples; i++) {
		double tc = 0, tb = 0, cc = 0, cb = 0;
		unsigned long ev = 0, ch = 0;

		for (k = 0; k < nseq; k++) {
			struct stress_seq q;
			struct outcome out;
			double t0, c0;

			bench_seq(&st, o.seed, k, &q);
			t0 = now_s();
			c0 = cpu_s();
			run_seq_mode(&st, &q, "bench", &out, false);
			cc += cpu_s() - c0;
			tc += now_s() - t0;
			ev += q.n;
			ch += out.checks;
			t0 = now_s();
			c0 = cpu_s();
			run_seq_mode(&st, &q, "bench", &out, true);
			cb += cpu_s() - c0;
			tb += now_s() - t0;

		}
		if (!i)
			continue;
		events = ev;
		checks = ch;
		eps[i - 1] = ev / tc;
		bare_eps[i - 1] = ev / tb;
		/* what the checks cost in events per second, and in the
		 * tracer's CPU time (the comparisons are its work) */
		cost[i - 1] = 100.0 * (tc - tb) / tc;
		cpu[i - 1] = cc > 0 ? 100.0 * (cc - cb) / cc : 0;
	}
	five(eps, samples, f_eps);
	five(bare_eps, samples, f_bare);
	five(cost, samples, f_cost);
	five(cpu, samples, f_cpu);
	snprintf(y, sizeof(y),
		 "workload: stress\nsequences_per_sample: %u\nsamples: %u\n"
		 "events_per_sample: %lu\nchecks_per_sample: %lu\n"
		 "checked_events_per_s: {median: %.1f, q1: %.1f, q3: %.1f, "
		 "min: %.1f, max: %.1f}\n"
		 "bare_events_per_s: {median: %.1f, q1: %.1f, q3: %.1f, "
		 "min: %.1f, max: %.1f}\n"
		 "check_cost_pct: {median: %.1f, q1: %.1f, q3: %.1f, "
		 "min: %.1f, max: %.1f}\n"
		 "check_cpu_pct: {median: %.1f, q1: %.1f, q3: %.1f, "
		 "min: %.1f, max: %.1f}\ntarget_pct: 25\n",
		 nseq, samples, events, checks,
		 f_eps[0], f_eps[1], f_eps[2], f_eps[3], f_eps[4],
		 f_bare[0], f_bare[1], f_bare[2], f_bare[3], f_bare[4],
		 f_cost[0], f_cost[1], f_cost[2], f_cost[3], f_cost[4],
		 f_cpu[0], f_cpu[1], f_cpu[2], f_cpu[3], f_cpu[4]);
	tap_comment(&t, "stress engine: %.0f checked events/s, %.0f bare: the "
		    "checks take %.1f%% of the wall time and %.1f%% of the "
		    "tracer's CPU time (medians of %u samples)", f_eps[0],
		    f_bare[0], f_cost[0], f_cpu[0], samples);
	tap_result(&t, TAP_PASS, "stress/checked-vs-bare", NULL, y);
	if (json) {
		FILE *f = fopen(json, "w");

		if (!f) {
			fprintf(stderr, "fpabi: %s: %s\n", json, strerror(errno));
			return 2;
		}
		fprintf(f, "{\"arch\": \"%s\", \"results\": [{\"id\": "
			"\"stress/checked-vs-bare\", \"sequences_per_sample\": %u, "
			"\"samples\": %u, \"events_per_sample\": %lu, "
			"\"checks_per_sample\": %lu, "
			"\"checked_events_per_s\": {\"median\": %.1f, \"q1\": %.1f, "
			"\"q3\": %.1f, \"min\": %.1f, \"max\": %.1f}, "
			"\"bare_events_per_s\": {\"median\": %.1f, \"q1\": %.1f, "
			"\"q3\": %.1f, \"min\": %.1f, \"max\": %.1f}, "
			"\"check_cost_pct\": {\"median\": %.1f, \"q1\": %.1f, "
			"\"q3\": %.1f, \"min\": %.1f, \"max\": %.1f}, "
			"\"check_cpu_pct\": {\"median\": %.1f, \"q1\": %.1f, "
			"\"q3\": %.1f, \"min\": %.1f, \"max\": %.1f}}]}\n",
			fpabi_arch.name, nseq, samples, events, checks,
			f_eps[0], f_eps[1], f_eps[2], f_eps[3], f_eps[4],
			f_bare[0], f_bare[1], f_bare[2], f_bare[3], f_bare[4],
			f_cost[0], f_cost[1], f_cost[2], f_cost[3], f_cost[4],
			f_cpu[0], f_cpu[1], f_cpu[2], f_cpu[3], f_cpu[4]);
		fclose(f);
	}
	tap_totals(&t);
	free(eps);
	free(bare_eps);
	free(cost);
	free(cpu);
	return 0;
}
