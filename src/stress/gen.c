// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi stress's grammar and generator: which lists the engine can run
 * and the model can vouch for (steps_next() and the grammar's own rules),
 * random lists drawn from the vocabulary, and the --replay syntax.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/opts.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"

#include "fpabi/shm.h"
#include "stress-int.h"

/*
 * The grammar's own rules for step s, beyond the engine's: the step is
 * one of the vocabulary's, where the cases put it, and what the machine
 * and the forcing can prove.  0, or -1 with why.
 */
static int grammar_check(const struct stress *st, const struct stress_seq *q,
			 const struct walk_state *w, unsigned i, char *why,
			 size_t n)
{
	const struct fpabi_step *s = &q->s[i];
	struct word *wd = vocab_find((struct vocab *)&st->voc[q->cls], s);
	unsigned sc = step_syscall(s, 0);

#define BAD(...) do { snprintf(why, n, __VA_ARGS__); return -1; } while (0)
	if (!wd)
		BAD("not a step of any case of this variant class");
	/* the model starts from the first load's values */
	if (i == 0 && (s->op != S_LOAD || !wd->first))
		BAD("a list starts with a load a case starts with");
	/*
	 * A load of some registers only (arm64: FPSIMD only, smstart alone)
	 * depends on the mode the one before left: only after the kind of
	 * tracee step the cases put it after.
	 */
	if (s->op == S_LOAD && s->b && i && !(wd->after >> w->g.last_tracee & 1))
		BAD("no case loads this after a %s",
		    op_info(w->g.last_tracee)->name);
	if (ctx_op(s) && !(wd->ctx >> w->g.stop & 1))
		BAD("no case does this at this kind of stop");
	if ((op_has(s->op, OPF_MIGRATES) || sc_has(sc, SCF_MIGRATES)) &&
	    !(st->m->have & NEED_SMP2))
		BAD("needs two CPUs");
	/*
	 * The images a load or a handler puts in the registers are made
	 * before the run, at the planned vector length: after the tracee
	 * changes its VL they no longer fit (the engine refuses what this
	 * misses, as "internal").
	 */
	if (w->vl_changed && ((s->op == S_LOAD && !s->b) ||
			      (op_has(s->op, OPF_SIGNAL) &&
			       (s->a || step_edit_kind(s)))))
		BAD("no full load or handler load after a VL change");
	if (s->op == S_PREEMPT && (q->comp != COMP_SPIN || w->migrated))
		BAD("preemption is proven only beside a spinning competitor on "
		    "the tracee's CPU");
	/* a third read of one stop adds findings, not cases: past
	 * FPABI_MAX_FINDINGS a known issue can no longer be told from a
	 * new one */
	if (s->op == S_READ && w->reads >= 2)
		BAD("at most two reads at one stop");
#undef BAD
	return 0;
}

/*
 * Is the list one the engine can run (steps_next(), the engine's rules
 * and limits) and the grammar can vouch for?  0, or -1 with the reason.
 */
int seq_check(const struct stress *st, const struct stress_seq *q,
	      struct walk_state *w, char *why, size_t n)
{
	char own[160], what[160];
	unsigned i;

	if (!why) {
		why = own;
		n = sizeof(own);
	}
	memset(w, 0, sizeof(*w));
	steps_begin(&w->g);
	for (i = 0; i < q->n; i++) {
		const struct fpabi_step *s = &q->s[i];
		unsigned sc = step_syscall(s, 0);

		if (grammar_check(st, q, w, i, what, sizeof(what)) < 0 ||
		    steps_next(&w->g, s, i ? &q->s[i - 1] : NULL, 0, what,
			       sizeof(what)) < 0) {
			snprintf(why, n, "step %u (%s): %s", i,
				 op_info(s->op)->name, what);
			return -1;
		}
		w->vl_changed |= fpabi_arch.sc_moves_layout &&
				 fpabi_arch.sc_moves_layout(sc);
		w->migrated |= op_has(s->op, OPF_MIGRATES) ||
			       sc_has(sc, SCF_MIGRATES);
		w->all_reads += s->op == S_READ;
		w->reads = s->op == S_READ ? w->reads + 1 :
			   op_tracer(s->op) ? w->reads : 0;
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

		if (op_tracer(w->s.op) != tracer || (op && w->s.op != op))
			continue;
		return w;
	}
	for (i = 0; i < vc->n; i++)
		if (op_tracer(vc->w[i].s.op) == tracer &&
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
	if (op_info(s.op)->a == A_PHASE && s.a)
		s.a = NEXT();
	if (op_info(s.op)->b == B_SIGNAL && step_edit_phase(&s))
		step_set_edit_phase(&s, NEXT());
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
void seq_gen(const struct stress *st, uint64_t master, unsigned k,
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

		if (w.g.stop == ST_SC_ENTRY && pick(&x, 3) == 0)
			wd = pick_word(vc, &x, true, S_SYSEXIT);
		else if (w.g.stop != ST_NONE && pick(&x, 2))
			wd = pick_word(vc, &x, true, 0);
		else
			wd = pick_word(vc, &x, false, 0);
		if (!wd)
			continue;
		s = number(wd, &phase);
		if (!try_add(st, q, &s, &w))
			continue;
		if (step_nested(&s)) {
			/* its handler's signal, a plain one */
			for (i = 0; i < 32; i++) {
				wd = pick_word(vc, &x, false, S_FAULT);
				s = number(wd, &phase);
				if (!step_nested(&s) && try_add(st, q, &s, &w))
					break;
			}
			if (i == 32) {
				q->s[--q->n].op = S_END;
				seq_check(st, q, &w, NULL, 0);
			}
		}
	}
	if (w.g.stop == ST_SC_ENTRY) {
		struct fpabi_step e = SYSEXIT;

		try_add(st, q, &e, &w);
	}
	if (!w.g.exec) {
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
			      op_info(s->op)->name);
		if (s->b)
			o += snprintf(out + o, n - o, ":%u:%#x", s->a, s->b);
		else if (s->a)
			o += snprintf(out + o, n - o, ":%u", s->a);
	}
}

int stress_parse(const char *text, struct stress_seq *q, char *why, size_t n)
{
	char buf[2048], what[120], *tok, *save = NULL;

	if (strlen(text) >= sizeof(buf)) {
		snprintf(why, n, "longer than %zu characters", sizeof(buf) - 1);
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", text);
	q->n = 0;
	for (tok = strtok_r(buf, " ,\t\n", &save); tok;
	     tok = strtok_r(NULL, " ,\t\n", &save)) {
		char *colon = strchr(tok, ':');
		const char *end;
		unsigned long long a = 0, b = 0;
		enum fpabi_op op;

		if (colon)
			*colon++ = 0;
		op = op_by_name(tok);
		if (op == S_END || !op_has(op, OPF_GEN)) {
			snprintf(why, n, "unknown step '%s'", tok);
			return -1;
		}
		if (colon) {
			if (parse_uint(colon, ":", 255, &a, &end) < 0 ||
			    (*end == ':' &&
			     parse_uint(end + 1, NULL, 65535, &b, &end) < 0)) {
				snprintf(why, n, "bad arguments in '%s:%s' (A "
					 "from 0 to 255, :B from 0 to 65535)",
					 tok, colon);
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
		/* bounded here, where it is parsed (the engine's tables) */
		if (step_args_check(&q->s[q->n], what, sizeof(what)) < 0) {
			snprintf(why, n, "step %u ('%s%s%s'): %s", q->n, tok,
				 colon ? ":" : "", colon ? colon : "", what);
			return -1;
		}
		q->n++;
	}
	q->s[q->n].op = S_END;
	if (!q->n) {
		snprintf(why, n, "no steps");
		return -1;
	}
	return 0;
}
