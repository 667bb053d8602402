// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 signal model: what the handler sees on entry and what
 * sigreturn restores, with and without the handler's edits (the frame
 * itself is read and checked in sigframe.c).
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/limits.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "x86.h"

static const char *const edit_names[] = {
	[E_NONE] = "none",
	[E_REGS] = "every register to a new phase",
	[E_CLEAR_AVX] = "XSTATE_BV without AVX and AVX-512",
	[E_F_MAGIC1] = "forged: magic1 cleared",
	[E_F_MAGIC2] = "forged: magic2 broken",
	[E_F_SIZE_SMALL] = "forged: xstate_size 576",
	[E_F_SIZE_MOVED] = "forged: an x87+SSE+AVX-sized frame",
	[E_F_XFEAT_NOAVX] = "forged: fx_sw.xfeatures without AVX, AVX-512",
	[E_F_XFEAT_EXTRA] = "forged: fx_sw.xfeatures beyond XCR0",
	[E_F_FP_NULL] = "forged: fpregs NULL",
	[E_F_XCOMP] = "forged: xcomp_bv set (compacted)",
	[E_F_XCOMP_OUTSIDE] = "forged: xcomp_bv beyond XCR0",
	[E_F_HDR_RSVD] = "forged: reserved header byte 16",
	[E_F_BV_OUTSIDE] = "forged: XSTATE_BV beyond XCR0",
	[E_F_MXCSR] = "forged: MXCSR beyond MXCSR_MASK",
	[E_F_FP_UNMAPPED] = "forged: fpregs unmapped",
	[E_F_FP_KERNEL] = "forged: fpregs a kernel address",
	[E_F_FP_MISALIGNED] = "forged: fpregs misaligned",
	[E_F_RANDOM] = "forged: random mutations",
};
_Static_assert(ARRAY_SIZE(edit_names) == E_NEDITS, "every edit named");

const char *x86_edit_name(unsigned edit)
{
	static char names[256][64];
	static const char *const sw[SW_XFEAT_CLEAR] = {
		[SW_MAGIC1_OTHER] = "magic1 another value",
		[SW_SIZE_512] = "xstate_size 512",
		[SW_SIZE_OVER] = "xstate_size past the task's size",
		[SW_SIZE_OVER_EXT] = "xstate_size past extended_size",
		[SW_EXT_OVER] = "extended_size 64 more",
		[SW_PADDING] = "padding non-zero",
	};
	unsigned k;

	if (edit < ARRAY_SIZE(edit_names))
		return edit_names[edit];
	if (edit >= 256 || names[edit][0])
		return edit < 256 ? names[edit] : "?";
	if (edit >= E_SW_BASE) {
		k = edit - E_SW_BASE;
		if (k < SW_XFEAT_CLEAR)
			snprintf(names[edit], sizeof(names[0]), "every register "
				 "to a new phase, fx_sw %s", sw[k]);
		else
			snprintf(names[edit], sizeof(names[0]), "every register "
				 "to a new phase, fx_sw.xfeatures without %s",
				 xfeature_name(k - SW_XFEAT_CLEAR));
	} else if (edit >= E_BV_CLEAR_BASE) {
		snprintf(names[edit], sizeof(names[0]), "XSTATE_BV without %s",
			 xfeature_name(edit - E_BV_CLEAR_BASE));
	} else {
		k = edit - E_SLOT_BASE;
		snprintf(names[edit], sizeof(names[0]), "only the %s slot to a "
			 "new phase", k == E_SLOT_MXCSR ? "MXCSR" :
			 xfeature_name(k));
	}
	return names[edit];
}

/* Is field f component xf's (the x87 and SSE slots without MXCSR, the
 * MXCSR slot E_SLOT_MXCSR)? */
static bool field_of(const struct fpabi_field *f, unsigned xf)
{
	bool part = x86_comp_of(f)->flags & C_PART;

	if (xf == E_SLOT_MXCSR)
		return part;
	return f->group == xf && !part;
}

/*
 * The signal-edit matrix (smatrix.c), rt_sigreturn -> __fpu_restore_sig():
 *  E_SLOT(xf): XRSTOR from the frame with XSTATE_BV as the kernel wrote
 *    it: xf from its slot where its bit is set (a live component, and
 *    x87, SSE, PKRU always: X-SIG-3), else at init (X-SR-3).  A component
 *    at init when the signal came has its bit as the CPU's XINUSE
 *    tracking said (SDM vol. 1 13.6): its slot's values or zero, its
 *    init.  MXCSR is loaded from the frame whenever SSE or AVX is
 *    restored (the standard form of XRSTOR), whatever XSTATE_BV says.
 *  E_BV_CLEAR(xf): xf at init, MXCSR the frame's (X-SR-3).
 *  E_SW(k): as check_xstate_in_sigframe() judges fx_sw_reserved: magic1
 *    wrong, xstate_size below the legacy area and header, past the task's
 *    size or past extended_size: FXSAVE-only (X-SR-4); extended_size
 *    larger, padding: ignored (X-SR-3); xfeatures without xf: xf at init
 *    (X-SR-7).
 */
static void model_matrix(struct fpabi_run *r, unsigned edit, unsigned phase)
{
	uint64_t vbv = XV(&r->v)->xfeatures,
		 live = x86_expected_live(r) | x86_frame_bv(r);
	uint8_t *img;
	unsigned i, xf;

	if (edit >= E_SW_BASE) {
		unsigned k = edit - E_SW_BASE;

		if (k >= SW_XFEAT_CLEAR)
			x86_expect_components(r, phase, vbv &
					      ~XFM(k - SW_XFEAT_CLEAR),
					      rule_get("X-SR-7"));
		else if (k == SW_EXT_OVER || k == SW_PADDING)
			x86_expect_components(r, phase, vbv, rule_get("X-SR-3"));
		else
			x86_expect_components(r, phase, XFM(XF_FP) | XFM(XF_SSE),
					      rule_get("X-SR-4"));
		return;
	}
	if (edit >= E_BV_CLEAR_BASE) {
		for (i = 0; i < r->lo.nfields; i++)
			if (r->lo.f[i].fill != FILL_NONE &&
			    field_of(&r->lo.f[i], edit - E_BV_CLEAR_BASE))
				expect_field_init(r, i, rule_get("X-SR-3"));
		return;
	}
	xf = edit - E_SLOT_BASE;
	img = xmalloc(r->lo.size);
	image_fill(r, img, phase, 0);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (f->fill == FILL_NONE || !field_of(f, xf))
			continue;
		expect_field(r, i, img + f->off, rule_get("X-SR-3"));
		r->exp.phase[i] = (uint8_t)phase;
		if (xf != E_SLOT_MXCSR && !(live & XFM(xf)))
			expect_field_kept_or_zero(r, i, rule_get("X-SR-3"));
	}
	free(img);
}

/*
 * X-SIG-5: the handler starts with every user component at its init
 * value, and PKRU at init_pkru_value (pkey 0 allowed, the others denied).
 */
void x86_model_handler_entry(struct fpabi_run *r)
{
	x86_expect_fresh(r, rule_get("X-SIG-5"));
}

/*
 * X-SR-9: the frame's XSAVE area (the edit image) read in the compacted
 * form for xcomp_bv = XSTATE_BV: each component of XSTATE_BV from its
 * compacted offset (in feature order from byte 576, 64-byte aligned where
 * CPUID says so), x87 and SSE from the legacy area as ever.
 */
#define PKRU_KEY0_BITS	3u	/* key 0's access- and write-disable */

static void expect_compacted(struct fpabi_run *r, unsigned phase,
			     const struct fpabi_rule *rule)
{
	const struct xsave_layout *xl = &xm(r)->xl;
	uint8_t *img = xmalloc(r->lo.size);
	uint32_t coff[XF_MAX];
	uint64_t bv;
	unsigned i;

	/* the frame's XSTATE_BV, as E_REGS writes it: the variant's */
	bv = XV(&r->v)->xfeatures;
	image_fill(r, img, phase, 0);
	x86_expect_components(r, phase, bv, rule);
	xsave_compacted(xl, bv, coff);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];
		uint32_t at;

		if (f->fill == FILL_NONE || f->group < 2 || !(bv >> f->group & 1))
			continue;
		at = coff[f->group] + (f->off - xl->comp[f->group].offset);
		if (at + f->size > r->lo.size)
			die("internal: compacted offset past the image");
		/* the edit clears key 0's AD and WD in PKRU's compacted slot
		 * (src/tracee/x86_64/sig.c: forge()): a PKRU that denies key
		 * 0 would fault the task's next access to its own memory */
		if (f->group == XF_PKRU)
			img[at] &= ~PKRU_KEY0_BITS;
		expect_field(r, i, img + at, rule);
	}
	free(img);
}

/*
 * X-SR-3: sigreturn XRSTORs the frame: components whose XSTATE_BV bit is
 * set take the frame's values, the others their init values.
 */
void x86_model_sigreturn(struct fpabi_run *r, unsigned edit, unsigned phase)
{
	const struct fpabi_rule *rule = rule_get("X-SR-3");
	unsigned i;

	if (edit >= E_SLOT_BASE && edit < E_SW_BASE + SW_N) {
		model_matrix(r, edit, phase);
		return;
	}
	switch (edit) {
	case E_NONE:
		break;
	case E_REGS:
		x86_expect_components(r, phase, XV(&r->v)->xfeatures, rule);
		break;
	case E_CLEAR_AVX:
		for (i = 0; i < r->lo.nfields; i++) {
			unsigned g = r->lo.f[i].group;

			if (g == XF_YMM || g == XF_OPMASK || g == XF_ZMM_H ||
			    g == XF_HI16_ZMM)
				expect_field_init(r, i, rule);
		}
		break;
	/*
	 * X-SR-4: a frame check_xstate_in_sigframe() does not take for an
	 * XSAVE frame is restored FXSAVE-only: x87 and SSE from the frame,
	 * every other user component at init (init_bv in
	 * __restore_fpregs_from_user(): from init_fpstate, which has no
	 * component live, PKRU included).
	 */
	case E_F_MAGIC1:
	case E_F_MAGIC2:
		x86_expect_components(r, phase, XFM(XF_FP) | XFM(XF_SSE),
				      rule_get("X-SR-4"));
		break;
	/*
	 * X-SR-6: fx_sw.xstate_size says where magic2 lies (classic), or is
	 * ignored and magic2 sought at the task's XSAVE size (6.14 to 7.0).
	 * A 576-byte xstate_size: classic finds no magic2 there (FXSAVE-
	 * only); 6.14 finds the kernel's and restores everything.  A frame
	 * cut to x87+SSE+AVX with magic2 moved (what CRIU writes for an
	 * older CPU): classic restores those three, the rest at init; 6.14
	 * finds no magic2 at the task's size (FXSAVE-only).
	 */
	case E_F_SIZE_SMALL:
		if (xm(r)->magic2_at_user_size)
			x86_expect_components(r, phase, XV(&r->v)->xfeatures,
					      rule_get("X-SR-6"));
		else
			x86_expect_components(r, phase, XFM(XF_FP) | XFM(XF_SSE),
					      rule_get("X-SR-6"));
		break;
	case E_F_SIZE_MOVED:
		x86_expect_components(r, phase, XV(&r->v)->xfeatures &
				      (XFM(XF_FP) | XFM(XF_SSE) |
				       (xm(r)->magic2_at_user_size ? 0 :
					XFM(XF_YMM))), rule_get("X-SR-6"));
		break;
	/*
	 * X-SR-7: fx_sw.xfeatures chooses the components restored: those
	 * outside it go to init (init_bv); bits outside the task's features
	 * are dropped (restore_fpregs_from_user(): xrestore &=
	 * user_xfeatures).
	 */
	case E_F_XFEAT_NOAVX:
		x86_expect_components(r, phase, XV(&r->v)->xfeatures &
				      ~(XFM(XF_YMM) | XFM_AVX512),
				      rule_get("X-SR-7"));
		break;
	case E_F_XFEAT_EXTRA:
		x86_expect_components(r, phase, XV(&r->v)->xfeatures,
				      rule_get("X-SR-7"));
		break;
	/* X-SR-8: no fpstate at all: fpu__restore_sig() clears the user
	 * states (fpu__clear_user_states(): init, PKRU at its default) */
	case E_F_FP_NULL:
		x86_expect_fresh(r, rule_get("X-SR-8"));
		break;
	case E_F_XCOMP:
		expect_compacted(r, phase, rule_get("X-SR-9"));
		break;
	case E_F_RANDOM:
		break;		/* SIG_MAYBE: the engine's one-of model */
	default:
		die("internal: x86 frame edit %u has no sigreturn model", edit);
	}
}

/*
 * X-SR-5: a frame XRSTOR or FXRSTOR faults on (xcomp_bv set, reserved
 * header bytes, XSTATE_BV beyond XCR0, MXCSR beyond MXCSR_MASK, a
 * misaligned, unmapped or kernel fpstate) makes fpu__restore_sig() fail:
 * fpu__clear_user_states() puts every user component at init (PKRU at
 * its default) and rt_sigreturn raises SIGSEGV (badframe).
 */
void x86_model_refused(struct fpabi_run *r, unsigned edit, unsigned phase,
		       unsigned clobber)
{
	(void)phase;
	(void)clobber;
	if (edit < E_F_XCOMP_OUTSIDE || edit == E_F_RANDOM)
		die("internal: x86 frame edit %u is not refused", edit);
	x86_expect_fresh(r, rule_get("X-SR-5"));
}
