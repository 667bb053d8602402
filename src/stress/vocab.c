// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi stress's vocabulary: every step of every case this machine can
 * run, normalised, with the stops and the steps it was seen after.
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/plan.h"
#include "fpabi/util.h"

#include "fpabi/shm.h"
#include "stress-int.h"

bool ctx_op(const struct fpabi_step *s)
{
	return op_has(s->op, OPF_CTX) || (s->op == S_FORK && s->b);
}

static bool syscall_op(enum fpabi_op op)
{
	return op_info(op)->a == A_SYSCALL;
}

/* A step with its phases normalised: what the vocabulary compares. */
static struct fpabi_step normalise(const struct fpabi_step *s)
{
	const struct fpabi_op_info *oi = op_info(s->op);
	struct fpabi_step n = *s;

	if (oi->a == A_PHASE)
		n.a = !!s->a;
	if (oi->b == B_SIGNAL && step_edit_phase(s))
		step_set_edit_phase(&n, 1);
	if (oi->a == A_NONE && oi->b == B_NONE)
		n.a = n.b = 0;
	return n;
}

struct word *vocab_find(struct vocab *vc, const struct fpabi_step *s)
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

/*
 * A case made only of the steps this generator knows: a kind without
 * OPF_GEN, or a SIGNAL_MAYBE, has a contract with its neighbours the
 * grammar does not state (it is left out, not guessed);
 * so has a fuzz case (its random write or frame leaves the one open
 * expectation a run may have).
 */
static bool plain_case(const struct fpabi_case *c)
{
	const struct fpabi_step *s;

	if (c->fuzz)	/* random mutations, one open expectation a run */
		return false;

	for (s = c->steps; s->op != S_END; s++)
		if (!op_has(s->op, OPF_GEN) || step_maybe(s))
			return false;
	return true;
}

void harvest(struct stress *st)
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

			if (c->probe || !c->steps || plan_missing_need(st->m, c->needs) ||
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
					if (!syscall_op(s->op) ||
					    !plan_sc_missing(st->m, s->a))
						vocab_add(vc, &x, stop, after,
							  fam - fpabi_arch.families);
				} else {
					/* SYSCALL(0): each of the case's parameters
					 * the machine can make (bpf-prog-load:
					 * NEED_BPF) */
					for (p = 0; p < FPABI_MAX_PARAMS && c->params[p]; p++) {
						x.a = c->params[p];
						if (plan_sc_missing(st->m, x.a))
							continue;
						vocab_add(vc, &x, stop, after,
							  fam - fpabi_arch.families);
					}
				}
				stop = step_stop_after(s, prev, stop);
				if (!op_tracer(s->op))
					after = s->op;
			}
		}
	}
	if (!st->rule)
		st->rule = fpabi_arch.rules[0].id;
	/*
	 * The forcing steps every class gets: a yield, the blocking syscalls
	 * that guarantee a switch (their proof is checked), and with two
	 * CPUs (its kind's need) the tracee moving itself mid-sequence.
	 */
	for (k = 0; k < 3; k += 2) {
		static const struct fpabi_step extra[] = {
			SYSCALL(SC_SCHED_YIELD), SYSCALL(SC_PIPE_READ),
			SYSCALL(SC_NANOSLEEP), SYSCALL(SC_MIGRATE_SELF),
		};
		unsigned i;
		int v, w;

		if (!st->voc[k].n)
			continue;
		for (i = 0; i < ARRAY_SIZE(extra); i++)
			if (!plan_sc_missing(st->m, extra[i].a))
				vocab_add(&st->voc[k], &extra[i], ST_NONE,
					  S_LOAD, -1);
		st->voc[k].nv = fpabi_arch.variants(st->m, k ? k : VSET_ALL,
						    st->voc[k].v, FPABI_MAX_VARIANTS);
		/* only the variants this machine can run */
		for (v = w = 0; v < st->voc[k].nv; v++)
			if (!st->voc[k].v[v].skip)
				st->voc[k].v[w++] = st->voc[k].v[v];
		st->voc[k].nv = w;
	}
}

void stress_free(struct stress *st)
{
	unsigned k;

	for (k = 0; k < ARRAY_SIZE(st->voc); k++) {
		free(st->voc[k].w);
		st->voc[k].w = NULL;
		st->voc[k].n = st->voc[k].cap = 0;
	}
}
