// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 model: what each step does to what the tracee, the regsets
 * and the dumps must show; the tracee's load and store events.
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/util.h"
#include "x86.h"

void x86_model_load(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	(void)kind;
	x86_expect_components(r, phase, XV(&r->v)->xfeatures, NULL);
}

/*
 * X-SYS-1: an ordinary syscall keeps all user xstate; nothing on the
 * syscall path zeroes vector state (the registers are restored lazily by
 * switch_fpu_return() only if the task was switched out).
 */
void x86_model_syscall(struct fpabi_run *r, unsigned sc, uint64_t arg)
{
	(void)r;
	(void)sc;
	(void)arg;
}

/*
 * X-PROC-1: a new image starts with every user component at init, and
 * PKRU at init_pkru_value.
 */
void x86_model_exec(struct fpabi_run *r)
{
	x86_expect_fresh(r, rule_get("X-PROC-1"));
}

void x86_exec_store(struct fpabi_run *r, struct fpabi_ev *ev,
		    size_t *len)
{
	ev->mask = x86_mask(r);
	*len = xm(r)->size;
}

/*
 * X-PROC-2: a forked child's xstate is the parent's, but for the
 * components whose row has a fork rule (X-AMX-2: TILEDATA is at init,
 * and XFD re-armed; TILECFG is copied).
 */
void x86_model_child(struct fpabi_run *r, unsigned sc,
		     unsigned kind)
{
	unsigned i;

	(void)sc;
	(void)kind;
	for (i = 0; i < r->lo.nfields; i++) {
		const struct x86_comp *c = x86_comp_of(&r->lo.f[i]);

		if (c->fork_rule)
			expect_field_init(r, i, rule_get(c->fork_rule));
	}
}

void x86_ev_load(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind)
{
	(void)kind;
	ev->mask = x86_mask(r);
}

/*
 * The competitor holds a canary in every component the run can load
 * (x87, SSE, AVX, the AVX-512 opmasks, ZMM_Hi256 and Hi16_ZMM, PKRU where
 * tested, the tiles in AMX runs), whatever the variant's XSTATE_BV: any
 * of them seen in the tracee is named as its.
 */
void x86_make_competitor(struct fpabi_run *r, uint8_t *dst,
			 struct fpabi_ev *ev)
{
	image_fill(r, dst, 1, 1);
	x86_set_header(dst, x86_mask(r));
	ev->mask = x86_mask(r);
}

void x86_ev_store(struct fpabi_run *r, struct fpabi_ev *ev)
{
	ev->mask = x86_mask(r);
}

/* A dump the tracee's XSAVE never wrote must read as poison in every
 * component: its header claims them all (XSAVE always writes it). */
void x86_poison_dump(struct fpabi_run *r, uint8_t *dump)
{
	uint64_t all = ~0ull;

	(void)r;
	memcpy(dump + XSAVE_HDR_OFF, &all, sizeof(all));
}

/*
 * The tracee's XSAVE (RFBM x86_mask()): bytes it need not store
 * (x86_field_saved(): a component whose XSTATE_BV bit is clear) are taken
 * as init.
 */
void x86_check_dump(struct fpabi_run *r, const uint8_t *dump,
		    const char *observer)
{
	uint8_t *img = xmalloc(r->lo.size);
	struct xsave_hdr h;
	unsigned i;

	memcpy(img, dump, r->lo.size);
	xstate_hdr_get(dump, r->lo.size, &h);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (x86_field_saved(f, h.xstate_bv, x86_mask(r)))
			continue;
		memcpy(img + f->off, r->exp.init + f->off, f->size);
	}
	check_image(r, observer, img);
	free(img);
}
