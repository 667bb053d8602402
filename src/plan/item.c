// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One plan item (fpabi/plan.h): its ID, made of the arch, the case, the
 * variant, the parameter, the history and the placement, and the reason
 * it is skipped, both for plan.c's cases and matrix.c's cells.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/derive.h"
#include "fpabi/ops.h"
#include "fpabi/plan.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"

static const char *const place_names[] = {
	[PLACE_NONE] = "", [PLACE_ALONE] = "alone", [PLACE_SHARED] = "shared",
};

const char *place_name(enum fpabi_place pl)
{
	return place_names[pl];
}

/* One instance: c at variant v with parameter param, in history h and
 * placement pl (its form, /unobserved, is the derived case's). */
struct plan_item *plan_add(struct plan *p, const struct fpabi_case *c,
			   const struct fpabi_variant *v, unsigned param,
			   const char *skip, const struct fpabi_history *h,
			   enum fpabi_place pl)
{
	struct plan_item *it;
	size_t o;

	if (p->n == p->cap) {
		struct plan_item *n;

		p->cap = p->cap ? p->cap * 2 : 64;
		n = xzalloc(sizeof(*n) * p->cap);
		if (p->n)
			memcpy(n, p->items, sizeof(*n) * p->n);
		free(p->items);
		p->items = n;
	}
	it = &p->items[p->n];
	memset(it, 0, sizeof(*it));
	it->c = c;
	it->v = *v;
	it->param = param;
	it->skip = skip;
	it->hist = h;
	it->place = pl;
	o = snprintf(it->id, sizeof(it->id), "%.16s.%.32s.%.48s/%.40s%s%.32s",
		     fpabi_arch.name, c->family, c->name, v->name,
		     param ? "/" : "", param ? sc_name(param) : "");
	if (h && o < sizeof(it->id))
		o += snprintf(it->id + o, sizeof(it->id) - o, "/h=%s", h->name);
	if (pl && o < sizeof(it->id))
		o += snprintf(it->id + o, sizeof(it->id) - o, "/p=%s",
			      place_names[pl]);
	if (c->unobserved && o < sizeof(it->id))
		snprintf(it->id + o, sizeof(it->id) - o, "%s", PLAN_TWIN_MARK);
	p->n++;
	return it;
}

bool plan_id_twin(const char *id)
{
	size_t n = strlen(id), k = strlen(PLAN_TWIN_MARK);

	return n >= k && !strcmp(id + n - k, PLAN_TWIN_MARK);
}

/* The first need the machine lacks, as a reason to skip; NULL if none. */
const char *plan_missing_need(const struct fpabi_machine *m, uint64_t needs)
{
	const struct fpabi_need_name *nn;

	for (nn = fpabi_arch.needs; nn->bit; nn++)
		if ((needs & nn->bit) && !(m->have & nn->bit))
			return nn->why;
	return NULL;
}

const char *plan_sc_missing(const struct fpabi_machine *m, unsigned sc)
{
	return plan_missing_need(m, sc_info(sc)->needs);
}

uint64_t plan_steps_sc_needs(const struct fpabi_step *steps)
{
	const struct fpabi_step *s;
	uint64_t needs = 0;

	for (s = steps; s && s->op != S_END; s++)
		if (op_info(s->op)->a == A_SYSCALL)
			needs |= sc_info(s->a)->needs;
	return needs;
}

void plan_free(struct plan *p)
{
	unsigned i;

	for (i = 0; i < p->nowned; i++)
		free(p->owned[i]);
	free(p->owned);
	free(p->items);
	free(p->derived);
	derive_free(&p->pool);
	memset(p, 0, sizeof(*p));
}
