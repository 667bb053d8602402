// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 register image is the standard-format XSAVE area of the
 * enabled user features (SDM vol. 1, 13.4): the tracee loads it with XRSTOR
 * and stores it with XSAVE, and NT_X86_XSTATE uses the same format.
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/util.h"
#include "x86.h"

/*
 * X-GEN-3: every register at its row's init value (FCW 0x37f, MXCSR
 * 0x1f80, MXCSR_MASK the CPU's), the rest 0.
 */
void x86_init_image(struct fpabi_run *r, uint8_t *img)
{
	unsigned i;

	memset(img, 0, r->lo.size);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];
		const struct x86_run *k = x86_run_of(f, NULL);

		if (f->fill == FILL_FIXED)
			k->shape(r, 0, img + f->off);
		else if (k->init)
			memcpy(img + f->off, &k->init, MIN(f->size, 4u));
	}
}

/* A control register's valid value from its canary (the row's shape). */
void x86_fill_shaped(struct fpabi_run *r, const struct fpabi_field *f,
		     uint8_t *dst, unsigned phase, unsigned task)
{
	struct canary_prov p = {
		.seed = r->cseed, .task = task, .phase = phase,
		.comp = f->comp, .reg = f->reg,
	};
	const struct x86_run *k = x86_run_of(f, NULL);

	if (!k->shape)
		die("internal: no shaped fill for %s", f->name);
	k->shape(r, mix64(canary_encode(&p)), dst);
}

void x86_set_header(uint8_t *img, uint64_t xstate_bv)
{
	memset(img + XSAVE_HDR_OFF, 0, XSAVE_HDR_SIZE);
	memcpy(img + XSAVE_HDR_OFF, &xstate_bv, 8);
}

/*
 * A fresh FPU state, as after exec or on handler entry: every component at
 * init, but those whose row gives a fresh value (PKRU: init_pkru_value).
 */
void x86_expect_fresh(struct fpabi_run *r, const struct fpabi_rule *rule)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct x86_comp *c;

		if (r->lo.f[i].fill == FILL_NONE)
			continue;
		c = x86_comp_of(&r->lo.f[i]);
		if (c->fresh)
			expect_field(r, i, c->fresh, rule);
		else
			expect_field_init(r, i, rule);
	}
}

/*
 * Components the model expects to hold something other than init; a part
 * of another's (MXCSR: C_PART) is left out and its saved_with bits, of
 * which a header must have one, go to *part.
 */
static uint64_t expected_live(const struct fpabi_run *r, uint64_t *part)
{
	uint64_t live = 0;
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];
		const struct x86_comp *c;

		if (r->exp.kind[i] != EXP_VALUE || f->fill == FILL_FIXED ||
		    !memcmp(r->exp.img + f->off, r->exp.init + f->off, f->size))
			continue;
		c = x86_comp_of(f);
		if (c->flags & C_PART)
			*part |= c->saved_with;
		else
			live |= XFM(f->group);
	}
	return live;
}

uint64_t x86_expected_live(const struct fpabi_run *r)
{
	uint64_t part = 0, live = expected_live(r, &part);

	/* (a live part with none of its owners' bits live: the first) */
	return live | (part && !(live & part) ? part & -part : 0);
}

uint64_t x86_expected_live_part(const struct fpabi_run *r, uint64_t *part)
{
	*part = 0;
	return expected_live(r, part);
}

/*
 * The expectation after loading phase p with XSTATE_BV = live: those
 * components hold the phase's canaries, every other tested component is in
 * its init state (XRSTOR initialises a component whose RFBM bit is set and
 * XSTATE_BV bit clear: SDM vol. 1, 13.8.1).
 */
void x86_expect_components(struct fpabi_run *r, unsigned phase,
			   uint64_t live, const struct fpabi_rule *rule)
{
	unsigned i;

	expect_fill(r, phase, 0);
	for (i = 0; i < r->lo.nfields; i++) {
		if (r->lo.f[i].fill == FILL_NONE)
			continue;
		if (live >> r->lo.f[i].group & 1)
			r->exp.rule[i] = rule;
		else
			expect_field_init(r, i, rule_get("X-GEN-3"));
	}
}
