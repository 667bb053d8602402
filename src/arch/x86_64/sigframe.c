// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 signal frames, an observer: what the frame's fpstate must hold
 * (magics, sizes, the XSAVE header, every register) as the handler finds
 * it; the signal model that sets the expectation is signal.c.
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/limits.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "x86.h"

#define UC_FP_XSTATE		0x1	/* uapi asm/ucontext.h */

/*
 * The task's XSAVE size and features: a dynamic component (TILEDATA) only
 * once the task has used it and the kernel grew its buffer (X-SIG-1/2).
 */
static uint64_t task_features(const struct fpabi_run *r)
{
	uint64_t unused = x86_comp_mask(-1, C_DYNAMIC) & ~XV(&r->v)->xfeatures;

	return xm(r)->xl.xcr0 & ~unused;
}

static uint32_t task_size(const struct fpabi_run *r)
{
	return xsave_std_end(&xm(r)->xl, task_features(r));
}

/* X-SIG-2: fx_sw_reserved, and magic2 after the XSAVE area. */
static void check_sw(struct fpabi_run *r, const char *obs,
		     const struct fpstate_info *fi)
{
	const struct fpabi_rule *rule = rule_get("X-SIG-2");
	static const uint32_t zero[7];

	check_value(r, obs, "fx_sw_reserved.magic1", FP_XSTATE_MAGIC1,
		    fi->sw.magic1, rule);
	check_value(r, obs, "fx_sw_reserved.xstate_size", task_size(r),
		    fi->sw.xstate_size, rule);
	check_value(r, obs, "fx_sw_reserved.extended_size",
		    task_size(r) + FP_XSTATE_MAGIC2_SIZE, fi->sw.extended_size,
		    rule);
	check_value(r, obs, "fx_sw_reserved.xfeatures", task_features(r),
		    fi->sw.xfeatures, rule);
	check_bytes(r, obs, "fx_sw_reserved.padding", zero, fi->sw.padding,
		    sizeof(zero), rule);
	check_value(r, obs, "magic2 at xstate_size", FP_XSTATE_MAGIC2,
		    fi->magic2, rule);
}

/* X-SIG-3: the XSAVE header the kernel wrote. */
static void check_header(struct fpabi_run *r, const char *obs,
			 const struct xsave_hdr *h)
{
	const struct fpabi_rule *rule = rule_get("X-SIG-3");
	uint64_t need = x86_expected_live(r) | x86_frame_bv(r);
	static const uint8_t zero[48];
	unsigned i;

	x86_prove_init_frame(r, obs, h->xstate_bv);
	check_value(r, obs, "XSTATE_BV bits outside XCR0", 0,
		    h->xstate_bv & ~xm(r)->xl.xcr0, rule);
	for (i = 0; i < XF_MAX; i++) {
		char what[64];

		if (!(need >> i & 1))
			continue;
		snprintf(what, sizeof(what), "XSTATE_BV bit %u (%s)", i,
			 xfeature_name(i));
		check_value(r, obs, what, 1, h->xstate_bv >> i & 1, rule);
	}
	check_value(r, obs, "xcomp_bv", 0, h->xcomp_bv, rule_get("X-GEN-1"));
	check_bytes(r, obs, "XSAVE header reserved bytes", zero, h->reserved,
		    sizeof(zero), rule);
}

/*
 * The copy is the ucontext, then (64-byte aligned) the fpstate and magic2
 * (src/tracee/x86_64/sig.c); aux[0] its offset, aux[1] its length, aux[2]
 * its address in the tracee, aux[3] uc_flags.  The slot is the tracee's
 * to write: its offset and length are checked against the tracer's own
 * bound (FPABI_FRAME_CAP, the copy's room), never the slot's frame_cap,
 * and without a sum that could wrap.
 */
void x86_check_frame(struct fpabi_run *r, const struct fpabi_sig_slot *s,
		     const uint8_t *copy, const char *obs)
{
	const uint8_t *fp;
	struct fpstate_info fi;
	uint8_t *img;
	unsigned i;

	check_value(r, obs, "signal", s->want_signo, s->signo,
		    rule_get("X-SIG-1"));
	check_value(r, obs, "uc_flags & UC_FP_XSTATE", UC_FP_XSTATE,
		    s->aux[3] & UC_FP_XSTATE, rule_get("X-SIG-1"));
	check_value(r, obs, "fpstate address % 64", 0, s->aux[2] & 63,
		    rule_get("X-SIG-1"));
	if (s->aux[0] > FPABI_FRAME_CAP ||
	    s->aux[1] > FPABI_FRAME_CAP - s->aux[0] ||
	    s->aux[1] < task_size(r)) {
		check_value(r, obs, "fpstate bytes the handler could copy",
			    task_size(r), s->aux[1], rule_get("X-SIG-2"));
		return;
	}
	fp = copy + s->aux[0];
	fpstate_parse(fp, s->aux[1], task_size(r), &fi);
	check_sw(r, obs, &fi);
	if (fi.kind != FPSTATE_XSAVE)
		return;
	check_header(r, obs, &fi.hdr);
	/* a component whose XSTATE_BV bit is clear is at init (X-SIG-3) */
	img = xzalloc(r->lo.size);
	memcpy(img, fp, MIN(r->lo.size, task_size(r)));
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (!x86_field_saved(f, fi.hdr.xstate_bv, task_features(r)))
			memcpy(img + f->off, r->exp.init + f->off, f->size);
	}
	check_image(r, obs, img);
	free(img);
}
