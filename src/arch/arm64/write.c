// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 write executor: a64_write_stop() makes the regset write a
 * row describes, a row of the fixed table (wtable.c) or of the
 * regset-write matrix (wmatrix.c): the payload from the row's builder
 * (wpayload.c), changed as the row says, the errno checked, then the
 * row's model of what the write changes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "write.h"

#define FPR_SIZE	528	/* struct user_fpsimd_state */

/* A write kind's row: the regset-write matrix's from W_MX_BASE on, below
 * it the fixed table's (NULL for neither) */
static const struct a64_write *row_of(unsigned kind)
{
	return kind >= W_MX_BASE ? a64_mx_row(kind) : a64_fixed_row(kind);
}

static unsigned header_vl(const struct a64_wctx *c, const struct a64_write *w,
			  unsigned vl)
{
	switch (w->vl) {
	case VL_ZERO:
		return 0;
	case VL_PLUS8:
		return vl + 8;
	case VL_ROUND:
		return w->note == NT_ARM_SVE ?
		       a64_vl_to_round(am(c->r)->sve_vls, am(c->r)->nsve,
				       am(c->r)->sve_max, vl) :
		       a64_vl_to_round(am(c->r)->sme_vls, am(c->r)->nsme,
				       am(c->r)->sme_max, vl);
	case VL_ANOTHER:
		return w->note == NT_ARM_SVE ? a64_other_vl(c->r) :
		       a64_other_svl(c->r);
	case VL_FIRST:
		return AV(&c->r->v0)->svl;
	}
	return vl;
}

/* The row's payload in buf, changed as it says; returns iov_len. */
static size_t make(struct a64_wctx *c, const struct a64_write *w,
		   uint8_t *buf)
{
	struct user_sve_header *h = (struct user_sve_header *)buf;
	bool header = w->note != NT_PRFPREG && w->note != NT_ARM_ZT &&
		      w->note != NT_ARM_TLS && w->note != NT_ARM_FPMR;
	size_t full, half;

	full = w->build(c, buf, w->len != LEN_HEADER, &half);
	if (header) {
		h->vl = (uint16_t)header_vl(c, w, h->vl);
		c->hvl = h->vl;
	}
	if (w->set_flags)
		h->flags = w->hflags;
	if (w->mut & MU_FLAG8)
		h->flags |= 0x8;
	if (w->mut & MU_MAX_VL)
		h->max_vl = 0x5a50;
	if (w->mut & MU_RESERVED)
		h->__reserved = 0xa5a5;
	if (w->mut & MU_SIZE_HEADER)
		h->size = sizeof(*h);
	if (w->mut & MU_BAD_SIZE)
		h->size = 0xdead0010;
	if (w->mut & MU_TAIL16)
		memset(buf + full, 0xa5, 16);
	switch (w->len) {
	case LEN_HEADER:
		return sizeof(*h);
	case LEN_HALF:
		return half;
	case LEN_FIXED:
		return (size_t)w->add;
	}
	return full + w->add;
}

const char *a64_write_kind_name(unsigned kind)
{
	const struct a64_write *w = row_of(kind);

	return w && w->name ? w->name : "?";
}

/*
 * A matrix row's outcome in the task's state now, and the mode and VL the
 * kernel puts the task in before it reads the payload (the payload is
 * then made at that layout: the model follows first).
 */
static void outcome_now(struct fpabi_run *r, const struct a64_write *w,
			struct a64_outcome *o)
{
	struct a64_wstate s = {
		.m = r->m, .vl = AV(&r->v)->vl, .svl = AV(&r->v)->svl,
		.svcr = a64_svcr(r),
	};

	w->expect(w, &s, o);
	if (o->skip)
		run_broken(r, "internal: a matrix row the model cannot tell "
			   "here: %s", o->skip);
	AV(&r->v)->svcr = s.svcr;
	if (o->pre_svl)
		a64_sme_change_svl(r, o->pre_svl, rule_get("A-VL-6"));
	if (o->pre_vl)
		a64_sme_change_sve_vl(r, o->pre_vl, rule_get(o->rule));
	if (o->pre_svcr >= 0 && (unsigned)o->pre_svcr != a64_svcr(r))
		a64_set_svcr(r, (unsigned)o->pre_svcr, GM(G_ZA) | GM(G_ZT) |
			     GM(G_TPIDR2) | GM(G_FPMR), 0, rule_get("A-PT-11"));
}

/* The header flags' effect on the task (vec_set_vector_length()). */
static void vl_flags_after(struct fpabi_run *r, const struct a64_write *w,
			   const struct a64_outcome *o)
{
	if (o->inherit < 0)
		return;
	if (w->note == NT_ARM_SVE) {
		r->astate[1] = (r->astate[1] & ~A64_SVE_INHERIT) |
			       (o->inherit ? A64_SVE_INHERIT : 0);
		return;
	}
	r->astate[1] = (r->astate[1] & A64_SVE_INHERIT) | o->onexec |
		       (o->inherit ? A64_SME_INHERIT : 0);
}

int a64_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	const struct a64_write *w = row_of(kind);
	struct a64_wctx c = { .r = r, .phase = phase };
	struct a64_outcome o;
	const struct a64_machine *a = am(r);
	int want;
	uint8_t *img, *buf;
	size_t len;
	char obs[112];
	int err;

	if (!w || !w->name)
		die("internal: unknown arm64 write kind %u", kind);
	if (w->custom)
		return w->custom(r, phase);
	c.note = w->note;
	a64_outcome_init(&o);
	if (w->expect) {
		outcome_now(r, w, &o);
		c.o = &o;
	}
	c.svcr = a64_svcr(r);
	if (w->flags & WF_SYNC_SVCR)
		AV(&r->v)->svcr = c.svcr;
	if (w->flags & WF_ENTER_SM)
		/* the write puts the task in streaming mode: its layout */
		a64_set_svcr(r, c.svcr | SV_SM, GM(G_ZA) | GM(G_ZT) |
			     GM(G_TPIDR2) | GM(G_FPMR), 0, rule_get("A-PT-11"));
	c.vl = img_vl(r);
	c.rule = rule_get(w->expect ? o.rule : w->rule);
	want = w->expect ? o.err : w->err;
	img = xmalloc(r->lo.size);
	image_fill(r, img, phase, 0);
	c.img = img;
	buf = xzalloc(MAX(MAX(SVE_PT_SIZE(MAX(a->sve_max, 16u) / 16,
					  SVE_PT_REGS_SVE),
			      SVE_PT_SIZE(MAX(a->sme_max, 16u) / 16,
					  SVE_PT_REGS_SVE)),
			  ZA_PT_SIZE(MAX(a->sme_max, 16u) / 16)) +
		      FPR_SIZE + 64);
	len = make(&c, w, buf);
	c.len = len;
	snprintf(obs, sizeof(obs), "%s write at stop %d", w->name, r->stops);
	err = regset_set(r, w->note, buf, len);
	check_errno(r, obs, "PTRACE_SETREGSET", want, err, c.rule);
	if (err == want) {
		if (w->flags & WF_VL_FLAGS)
			r->astate[1] &= A64_SVE_INHERIT;
		if (w->expect)
			vl_flags_after(r, w, &o);
		if (w->expect ? o.model != NULL : w->model != NULL)
			(w->expect ? o.model : w->model)(&c);
	}
	free(img);
	free(buf);
	return 0;
}
