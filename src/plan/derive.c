// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Cases derived from the hand-written ones (--tier full): a task
 * history's prelude before a case's steps, and a case's unobserved twin,
 * its tracee steps with every stop and tracer action taken out, run
 * untraced.  Their expectations come from the same model walking the
 * derived steps; the derived cases live as long as the pool that made
 * them.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/derive.h"
#include "fpabi/shm.h"
#include "fpabi/steps.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"

#define MAX_DERIVED_STEPS	64

struct derived {
	struct fpabi_case c;
	struct fpabi_step steps[MAX_DERIVED_STEPS + 1];
	struct derived *next;
};

/*
 * The twin's form of step s: appended to out (and 1 returned), left out
 * (0: a stop or a tracer action), or -1 when the case has no unobserved
 * twin (a step whose contract needs the tracer).
 */
static int twin_step(const struct fpabi_step *s, struct fpabi_step *out)
{
	*out = *s;
	switch (op_info(s->op)->twin) {
	case TWIN_KEEP:
		return 1;
	case TWIN_NO_EVENT_STOP:
		out->b = (uint16_t)(s->b & ~1u);	/* no event stop */
		return 1;
	case TWIN_SIGNAL:
		return step_maybe(s) ? -1 : 1;
	case TWIN_UNSEEN:
		/* the same syscall, unseen (no filter traces it) */
		out->op = S_SYSCALL;
		out->b = s->b;
		return 1;
	case TWIN_DROP:
		return 0;
	case TWIN_NONE:
		break;
	}
	return -1;
}

bool twin_loses_stop(const struct fpabi_step *s)
{
	switch (op_info(s->op)->twin) {
	case TWIN_SIGNAL:
	case TWIN_UNSEEN:
		return true;
	case TWIN_NO_EVENT_STOP:
		return step_fork_stops(s);
	default:
		return false;
	}
}

/* An event under test: something the kernel does between load and store
 * (OPF_KEVENT), or an arch's load kind (arm64: SMSTART's). */
static bool is_event(const struct fpabi_step *s)
{
	return op_has(s->op, OPF_KEVENT) || (s->op == S_LOAD && s->b);
}

static struct derived *new_derived(struct derive_pool *pool,
				   const struct fpabi_case *base)
{
	struct derived *d = xzalloc(sizeof(*d));

	d->c = *base;
	d->c.steps = d->steps;
	/* (a matrix cell's forms stay in the matrix tier) */
	d->c.tier = base->tier > TIER_FULL ? base->tier : TIER_FULL;
	d->next = pool->head;
	pool->head = d;
	return d;
}

/* Append src (ending S_END) to d's steps; its drop index moves by at. */
static int append(struct derived *d, unsigned *n, const struct fpabi_step *src,
		  bool twin, int *drop)
{
	const struct fpabi_step *s;
	int i, kept;

	for (i = 0, s = src; s->op != S_END; s++, i++) {
		if (*n == MAX_DERIVED_STEPS)
			return -1;
		kept = twin ? twin_step(s, &d->steps[*n]) : 1;
		if (kept < 0)
			return -1;
		if (!twin)
			d->steps[*n] = *s;
		if (drop && i == d->c.drop && kept)
			*drop = (int)*n;
		*n += kept;
	}
	return 0;
}

/*
 * The fault a dropped step makes must still be there: the base's if the
 * step survived, else the twin's last STORE, exec or fork (its dump stays
 * poisoned).
 */
static void pick_drop(struct derived *d, unsigned n, int drop)
{
	int i;

	if (drop >= 0) {
		d->c.drop = (int8_t)drop;
		return;
	}
	d->c.drop = -1;
	for (i = (int)n - 1; i >= 0; i--)
		if (d->steps[i].op == S_STORE) {
			d->c.drop = (int8_t)i;
			d->c.drop_class = "poison";
			return;
		}
	/* an exec's or a fork's dump stays poisoned just the same */
	for (i = (int)n - 1; i >= 0; i--)
		if (d->steps[i].op == S_EXEC || d->steps[i].op == S_FORK) {
			d->c.drop = (int8_t)i;
			d->c.drop_class = "poison";
			return;
		}
}

const struct fpabi_case *derive_case(struct derive_pool *pool,
				     const struct fpabi_case *base,
				     const struct fpabi_history *h, bool twin,
				     char *why, size_t nwhy)
{
	struct derived *d;
	unsigned n = 0, i, events = 0, dumps = 0, from;
	int drop = -1;

	if (base->probe || base->fuzz || !base->steps || (h && twin && h->stops))
		return NULL;
	d = new_derived(pool, base);
	d->c.unobserved = twin;
	if (twin) {
		d->c.competitor = COMP_NONE;
		d->c.mx = NULL;	/* (a matrix cell's twin is no cell) */
	}
	if (h && append(d, &n, h->prelude, twin, NULL) < 0)
		goto none;
	from = n;	/* the base's own steps: its event and dump */
	if (append(d, &n, base->steps, twin, &drop) < 0)
		goto none;
	d->steps[n].op = S_END;
	for (i = 0; i < n; i++)
		if (twin && d->steps[i].a && d->steps[i].op == S_SYSCALL &&
		    sc_switches(d->steps[i].a))
			goto none;
	/* a history matters to an event after it: a twin needs one of the
	 * tracee's, an observed form may have a regset write instead */
	for (i = from; i < n; i++) {
		events += is_event(&d->steps[i]) ||
			  (!twin && d->steps[i].op == S_WRITE);
		dumps += op_has(d->steps[i].op, OPF_DUMP);
	}
	if ((twin || h) && (!events || !dumps))
		goto none;
	pick_drop(d, n, drop);
	if (steps_check_mode(d->steps, 0, twin, why, nwhy) < 0)
		goto none;
	return &d->c;
none:
	/* (left in the pool: freed with it) */
	d->c.steps = NULL;
	return NULL;
}

/* Two derived cases that would run the same thing. */
bool derived_same(const struct fpabi_case *a, const struct fpabi_case *b)
{
	const struct fpabi_step *x = a->steps, *y = b->steps;

	if (a->vset != b->vset || a->needs != b->needs ||
	    a->altstack != b->altstack || a->min_kver != b->min_kver ||
	    a->unobserved != b->unobserved ||
	    memcmp(a->params, b->params, sizeof(a->params)))
		return false;
	for (; x->op != S_END && y->op != S_END; x++, y++)
		if (x->op != y->op || x->a != y->a || x->b != y->b)
			return false;
	return x->op == y->op;
}

const struct fpabi_case *derive_from(struct derive_pool *pool,
				     const struct fpabi_case *proto,
				     const struct fpabi_step *steps)
{
	struct derived *d;
	unsigned n;

	for (n = 0; steps[n].op != S_END; n++)
		if (n == MAX_DERIVED_STEPS)
			return NULL;
	d = new_derived(pool, proto);
	memcpy(d->steps, steps, (n + 1) * sizeof(*steps));
	return &d->c;
}

struct pool_block {
	struct pool_block *next;
	max_align_t mem[];
};

void *derive_pool_alloc(struct derive_pool *pool, size_t size)
{
	struct pool_block *b = xzalloc(sizeof(*b) + size);

	b->next = pool->blocks;
	pool->blocks = b;
	return b->mem;
}

void derive_free(struct derive_pool *pool)
{
	while (pool->head) {
		struct derived *d = pool->head;

		pool->head = d->next;
		free(d);
	}
	while (pool->blocks) {
		struct pool_block *b = pool->blocks;

		pool->blocks = b->next;
		free(b);
	}
}
