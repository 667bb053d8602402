// SPDX-License-Identifier: GPL-2.0-or-later
/* Register image layouts, canary images, and the model's expectation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/calib.h"
#include "fpabi/run.h"
#include "fpabi/util.h"

void layout_add(struct fpabi_layout *lo, const char *name, uint32_t off,
		uint32_t size, uint32_t reg_off, unsigned comp, unsigned reg,
		unsigned lane0, enum field_fill fill, unsigned group)
{
	struct fpabi_field *f;

	if (off + size > lo->size)
		die("layout: %s at %u+%u beyond image size %zu", name, off,
		    size, lo->size);
	if (!(lo->nfields & (lo->nfields - 1))) {
		struct fpabi_field *n = xzalloc(sizeof(*n) *
						(lo->nfields ? lo->nfields * 2 : 16));

		if (lo->nfields)
			memcpy(n, lo->f, sizeof(*n) * lo->nfields);
		free(lo->f);
		lo->f = n;
	}
	f = &lo->f[lo->nfields++];
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->off = off;
	f->size = size;
	f->reg_off = reg_off;
	f->comp = comp;
	f->reg = reg;
	f->lane0 = lane0;
	f->fill = fill;
	f->group = group;
}

void layout_free(struct fpabi_layout *lo)
{
	free(lo->f);
	memset(lo, 0, sizeof(*lo));
}

const struct fpabi_field *layout_find(const struct fpabi_layout *lo,
				      const char *name)
{
	unsigned i;

	for (i = 0; i < lo->nfields; i++)
		if (!strcmp(lo->f[i].name, name))
			return &lo->f[i];
	return NULL;
}

/* Arrays of an expectation for r->lo, with nothing expected yet. */
void expect_alloc(struct fpabi_run *r)
{
	unsigned n = r->lo.nfields;

	r->exp.img = xzalloc(r->lo.size);
	r->exp.init = xzalloc(r->lo.size);
	r->exp.kind = xzalloc(n);
	r->exp.phase = xzalloc(n);
	r->exp.task = xzalloc(n);
	r->exp.rule = xzalloc(n * sizeof(*r->exp.rule));
	fpabi_arch.init_image(r, r->exp.init);
	memset(r->exp.kind, EXP_ANY, n);
	memset(r->exp.phase, PHASE_NONE, n);
	if (r->nlo == ARRAY_SIZE(r->all_lo))
		die("internal: %s changes its layout too often", r->id);
	r->all_lo[r->nlo] = r->lo;
	r->all_init[r->nlo++] = r->exp.init;
}

/* The per-field arrays (not init: observations may still use it). */
void expect_free(struct fpabi_expect *e)
{
	free(e->img);
	free(e->kind);
	free(e->phase);
	free(e->task);
	free(e->rule);
	e->img = e->kind = e->phase = e->task = NULL;
	e->rule = NULL;
}

void run_relayout(struct fpabi_run *r, struct relayout *old)
{
	old->lo = r->lo;
	old->exp = r->exp;
	memset(&r->lo, 0, sizeof(r->lo));
	fpabi_arch.layout(r->m, &r->v, &r->lo);
	expect_alloc(r);
}

void relayout_done(struct relayout *old)
{
	expect_free(&old->exp);
}

void image_fill(struct fpabi_run *r, uint8_t *img, unsigned phase,
		unsigned task)
{
	unsigned i;

	fpabi_arch.init_image(r, img);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		const uint8_t *kept = calib_kept(r->m, f);

		/* a field the CPU does not keep whole carries its canary in
		 * the kept bits, and the rest as the CPU will store them */
		if (f->fill == FILL_WORDS && kept)
			canary_fill_kept(img + f->off, f->size, r->cseed, task,
					 phase, f->comp, f->reg, f->lane0,
					 kept);
		else if (f->fill == FILL_WORDS)
			canary_fill(img + f->off, f->size, r->cseed, task,
				    phase, f->comp, f->reg, f->lane0);
		else if (f->fill == FILL_SHAPED)
			fpabi_arch.fill_shaped(r, f, img + f->off, phase, task);
		if (kept)
			calib_shape(r->m, f, img + f->off);
	}
}

void expect_fill(struct fpabi_run *r, unsigned phase, unsigned task)
{
	unsigned i;

	image_fill(r, r->exp.img, phase, task);
	for (i = 0; i < r->lo.nfields; i++) {
		r->exp.kind[i] = r->lo.f[i].fill == FILL_NONE ? EXP_ANY
							       : EXP_VALUE;
		r->exp.phase[i] = phase;
		r->exp.task[i] = task;
		r->exp.rule[i] = NULL;
	}
}

void expect_field(struct fpabi_run *r, unsigned i, const uint8_t *val,
		  const struct fpabi_rule *rule)
{
	const struct fpabi_field *f = &r->lo.f[i];

	memcpy(r->exp.img + f->off, val, f->size);
	r->exp.kind[i] = EXP_VALUE;
	r->exp.rule[i] = rule;
}

void expect_field_init(struct fpabi_run *r, unsigned i,
		       const struct fpabi_rule *rule)
{
	expect_field(r, i, r->exp.init + r->lo.f[i].off, rule);
	/* no phase's canary is due: any canary seen is an older one */
	r->exp.phase[i] = PHASE_NONE;
}

void expect_field_any(struct fpabi_run *r, unsigned i)
{
	r->exp.kind[i] = EXP_ANY;
}

void expect_field_kept_or_zero(struct fpabi_run *r, unsigned i,
			       const struct fpabi_rule *rule)
{
	if (r->exp.kind[i] != EXP_VALUE)
		return;		/* nothing known to keep */
	r->exp.kind[i] = EXP_KEPT_OR_ZERO;
	r->exp.rule[i] = rule;
}

void expect_one_of(struct fpabi_run *r, uint8_t *const *imgs, unsigned n,
		   const struct fpabi_rule *rule)
{
	unsigned i;

	if (n > ARRAY_SIZE(r->oneof) || r->noneof)
		die("internal: %s: one expect_one_of() a run, of at most %zu "
		    "images", r->id, ARRAY_SIZE(r->oneof));
	for (i = 0; i < n; i++) {
		r->oneof[i] = xmalloc(r->lo.size);
		memcpy(r->oneof[i], imgs[i], r->lo.size);
	}
	r->noneof = n;
	for (i = 0; i < r->lo.nfields; i++) {
		if (r->lo.f[i].fill == FILL_NONE || r->exp.kind[i] == EXP_ANY)
			continue;
		r->exp.kind[i] = EXP_ONE_OF;
		r->exp.rule[i] = rule;
	}
}

void expect_old_or(struct fpabi_run *r, const uint8_t *img,
		   const struct fpabi_rule *rule)
{
	uint8_t *c[2];

	c[0] = xmalloc(r->lo.size);
	c[1] = xmalloc(r->lo.size);
	memcpy(c[0], r->exp.img, r->lo.size);
	memcpy(c[1], img, r->lo.size);
	expect_one_of(r, c, 2, rule);
	free(c[0]);
	free(c[1]);
}

const struct fpabi_rule *rule_get(const char *id)
{
	const struct fpabi_rule *ru;

	for (ru = fpabi_arch.rules; ru->id; ru++)
		if (!strcmp(ru->id, id))
			return ru;
	die("internal: unknown rule %s", id);
}
