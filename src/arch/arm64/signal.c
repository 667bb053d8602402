// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 model of signals: what the handler sees on entry, and what
 * rt_sigreturn restores with and without the handler's edits, or does
 * with a forged frame it refuses.  Documentation/arch/arm64/sve.rst
 * section 4; arch/arm64/kernel/signal.c.  What the frame must hold is
 * the observer's (sigframe.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/util.h"
#include "a64.h"

#define SVE_GROUPS	(GM(G_ZHI) | GM(G_P) | GM(G_FFR))

/*
 * A-SIG-7: without SME (and with SM = 0, the only state these cases
 * reach) the handler starts with the interrupted V, FPSR, FPCR and any live
 * SVE bits; setup_rt_frame() saves and flushes the state, and the reload
 * on the way to the handler brings it back unchanged.  After a syscall the
 * SVE bits were already zero (A-SYS-1), which the expectation says.
 */
void a64_model_handler_entry(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-SIG-7");
	unsigned i;

	if (sme_run(r)) {
		a64_sme_handler_entry(r);
		return;
	}

	/* the values stand; a difference is this rule's */
	for (i = 0; i < r->lo.nfields; i++)
		if (r->exp.kind[i] != EXP_ANY && r->lo.f[i].group != G_INFO)
			r->exp.rule[i] = rule;
}

/* Fields of groups: the edit image's value, or (maybe) that or zero. */
static void expect_edit(struct fpabi_run *r, uint64_t groups,
			const uint8_t *img, unsigned phase, bool maybe,
			const struct fpabi_rule *rule)
{
	unsigned i;

	a64_expect_groups(r, groups, img, phase, rule);
	if (!maybe)
		return;
	for (i = 0; i < r->lo.nfields; i++)
		if (groups >> r->lo.f[i].group & 1)
			expect_field_kept_or_zero(r, i, rule);
}

/*
 * E_SME_REGS: every record of an SME task's frame written from the edit
 * image (src/tracee/arm64/sigedit.c), restored in the kernel's order:
 * fpsimd_context and sve_context (A-SR-5: a streaming frame always has its
 * payload, a non-streaming one as its format at delivery said), TPIDR2
 * and FPMR (A-SR-6), ZA's rows when ZA was on (A-SR-7: a bare header
 * leaves ZA off) and ZT0 with it (A-SR-8).  SVCR is the delivery's.
 */
static void expect_sme_edit(struct fpabi_run *r, const uint8_t *img,
			    unsigned phase, bool payload, bool maybe)
{
	unsigned svcr = a64_svcr(r);
	const struct fpabi_rule *r5 = rule_get("A-SR-5");

	if (!sme_run(r))
		die("internal: E_SME_REGS outside an SME variant");
	/* the edit image is laid out for the variant's planned mode: in
	 * another one (a generated list's smstart or smstop) the handler
	 * cannot write the payload it would need (stress counts it apart) */
	if ((svcr ^ AV(&r->v0)->svcr) & (SV_SM | SV_ZA)) {
		run_broken(r, "internal: an SME frame edit in a mode the variant "
			   "did not plan");
		return;
	}
	a64_expect_groups(r, GM(G_ZLO) | GM(G_FPSR), img, phase, r5);
	if (svcr & SV_SM)
		a64_expect_groups(r, SVE_GROUPS, img, phase, r5);
	else if (payload || maybe)
		expect_edit(r, SVE_GROUPS, img, phase, maybe, r5);
	a64_expect_groups(r, GM(G_TPIDR2), img, phase, rule_get("A-SR-6"));
	if (r->m->have & NEED_FPMR)
		a64_expect_groups(r, GM(G_FPMR), img, phase,
				  rule_get("A-SR-6"));
	if (svcr & SV_ZA) {
		a64_expect_groups(r, GM(G_ZA), img, phase, rule_get("A-SR-7"));
		if (r->m->have & NEED_SME2)
			a64_expect_groups(r, GM(G_ZT), img, phase,
					  rule_get("A-SR-8"));
	}
}

/*
 * E_REC(mask): the records of mask written (src/tracee/arm64/sigedit.c),
 * the first from the edit phase's image, the second from the next
 * phase's; sigreturn restores them in restore_sigframe()'s order:
 *  - sve_context's payload (A-SR-5: Z, P, FFR; in streaming mode always
 *    there, else as the format at delivery said), then fpsimd_context
 *    (V, FPSR, FPCR).  Where both are edited, V comes from
 *    fpsimd_context, never from the payload's Z[127:0] (A-SR-10:
 *    restore_sve_fpsimd_context() merges fpsimd_context in last,
 *    fpsimd_update_current_state() -> fpsimd_to_sve(); sve.rst section 5:
 *    "bits [127:0] of Z0..Z31 are always restored from the corresponding
 *    members of fpsimd_context.vregs[] and not from sve_context").
 *  - tpidr2_context, fpmr_context (A-SR-6), za_context's rows when ZA was
 *    on (A-SR-7: with ZA off it is a bare header, nothing to edit),
 *    zt_context with it (A-SR-8).
 * Records this frame does not have (ZA off: no zt_context) edit nothing.
 */
static void expect_rec_edit(struct fpabi_run *r, unsigned mask,
			    unsigned phase, bool payload, bool maybe)
{
	unsigned svcr = sme_run(r) ? a64_svcr(r) : 0, rec, k = 0;
	bool both = (mask & 3) == 3;
	uint8_t *img[2];
	uint8_t *ri[A64_NREC] = { NULL };
	unsigned rp[A64_NREC] = { 0 };

	if (sme_run(r) && ((svcr ^ AV(&r->v0)->svcr) & (SV_SM | SV_ZA))) {
		run_broken(r, "internal: a record edit in a mode the variant "
			   "did not plan");
		return;
	}
	for (k = 0; k < 2; k++) {
		img[k] = xmalloc(r->lo.size);
		image_fill(r, img[k], phase + k, 0);
	}
	for (rec = 0, k = 0; rec < A64_NREC; rec++)
		if (mask >> rec & 1) {
			ri[rec] = img[MIN(k, 1u)];
			rp[rec] = phase + MIN(k, 1u);
			k++;
		}
	if (ri[REC_SVE]) {
		if (svcr & SV_SM)
			a64_expect_groups(r, SVE_GROUPS, ri[REC_SVE], rp[REC_SVE],
					  rule_get("A-SR-5"));
		else if (payload || maybe)
			expect_edit(r, SVE_GROUPS, ri[REC_SVE], rp[REC_SVE], maybe,
				    rule_get("A-SR-5"));
	}
	if (ri[REC_FPSIMD])
		a64_expect_groups(r, GM(G_ZLO) | GM(G_FPSR), ri[REC_FPSIMD],
				  rp[REC_FPSIMD], rule_get(both ? "A-SR-10" :
				  payload || maybe || (svcr & SV_SM) ?
				  "A-SR-5" : "A-SR-3"));
	if (ri[REC_TPIDR2] && sme_run(r))
		a64_expect_groups(r, GM(G_TPIDR2), ri[REC_TPIDR2],
				  rp[REC_TPIDR2], rule_get("A-SR-6"));
	if (ri[REC_FPMR] && sme_run(r) && (r->m->have & NEED_FPMR))
		a64_expect_groups(r, GM(G_FPMR), ri[REC_FPMR], rp[REC_FPMR],
				  rule_get("A-SR-6"));
	if (ri[REC_ZA] && (svcr & SV_ZA))
		a64_expect_groups(r, GM(G_ZA), ri[REC_ZA], rp[REC_ZA],
				  rule_get("A-SR-7"));
	if (ri[REC_ZT] && (svcr & SV_ZA) && (r->m->have & NEED_SME2))
		a64_expect_groups(r, GM(G_ZT), ri[REC_ZT], rp[REC_ZT],
				  rule_get("A-SR-8"));
	free(img[0]);
	free(img[1]);
}

/*
 * rt_sigreturn (restore_sigframe -> restore_sve_fpsimd_context /
 * restore_fpsimd_context):
 *  - A-SR-5: with an sve_context payload, Z/P/FFR come from it, then
 *    Z[127:0] of every register from fpsimd_context.vregs, FPSR/FPCR from
 *    fpsimd_context;
 *  - A-SR-3: without one (or header only), V/FPSR/FPCR from fpsimd_context
 *    and no live SVE state: the upper Z, P, FFR read zero.
 * Whether the frame has a payload follows the format at delivery
 * (A-SIG-2): known for FMT_SVE/FMT_FPSIMD, either for FMT_EITHER.
 */
void a64_model_sigreturn(struct fpabi_run *r, unsigned edit, unsigned phase)
{
	unsigned k = r->astate[3]++, fmt = r->astate[0];
	bool sve = has_sve(r), payload = sve && fmt == FMT_SVE,
	     maybe = sve && fmt == FMT_EITHER;
	const struct fpabi_rule *r5 = rule_get("A-SR-5"),
				*r3 = rule_get("A-SR-3");
	uint8_t *img = NULL;

	if (k < 16)
		r->astate[2] |= fmt << (2 * k);
	/* the snapshot restored the pre-signal expectation: its SVCR */
	a64_sync_svcr(r);
	if (sme_run(r) && edit != E_NONE && edit != E_SME_REGS &&
	    !E_IS_REC(edit))
		die("internal: arm64 SME runs model only E_SME_REGS edits");
	if (E_IS_REC(edit)) {
		expect_rec_edit(r, E_REC_MASK(edit), phase, payload, maybe);
		return;
	}
	if (phase) {
		img = xmalloc(r->lo.size);
		image_fill(r, img, phase, 0);
	}
	switch (edit) {
	case E_NONE:
		break;
	case E_REGS:
	/* A-SR-4: flag bits other than SVE_SIG_FLAG_SM and __reserved are
	 * ignored: the frame restores as E_REGS's */
	case E_F_SVE_FLAGS:
		a64_expect_groups(r, GM(G_ZLO) | GM(G_FPSR), img, phase,
				  payload || maybe ? r5 : r3);
		if (payload || maybe)
			expect_edit(r, SVE_GROUPS, img, phase, maybe, r5);
		break;
	case E_SVE_ONLY:
		/* Z[127:0] still from the unedited fpsimd_context */
		if (payload || maybe)
			expect_edit(r, SVE_GROUPS, img, phase, maybe, r5);
		break;
	case E_FPSIMD_ONLY:
		/* the upper bits still from the unedited payload */
		a64_expect_groups(r, GM(G_ZLO) | GM(G_FPSR), img, phase,
				  payload || maybe ? r5 : r3);
		break;
	case E_SVE_HEADER_ONLY:
		a64_expect_zero(r, SVE_GROUPS, r3);
		r->astate[0] = FMT_FPSIMD;
		break;
	case E_SME_REGS:
		expect_sme_edit(r, img, phase, payload, maybe);
		break;
	case E_F_RANDOM:
		break;		/* SIG_MAYBE: the engine's one-of model */
	default:
		die("internal: unknown arm64 frame edit %u", edit);
	}
	free(img);
}

/*
 * A-SR-1: a frame rt_sigreturn refuses before restoring any FP state
 * (parse_user_sigframe() rejects it: A-SR-2; no fpsimd_context; an
 * sve_context vl other than the task's: A-SR-4) leaves the registers the
 * handler had at its rt_sigreturn syscall: those of its exit LOAD, then
 * what any syscall does to them (A-SYS-1; with SME, A-SYS-2: streaming
 * mode left, ZA, ZT0 and TPIDR2 kept), and raises SIGSEGV
 * (arm64_notify_segfault()).  Nothing of the frame, edited or not, shows.
 */
void a64_model_refused(struct fpabi_run *r, unsigned edit, unsigned phase,
		       unsigned clobber)
{
	(void)phase;
	if (edit < E_F_UNKNOWN_MAGIC || edit >= E_F_SVE_FLAGS)
		die("internal: arm64 frame edit %u is not a refused forgery",
		    edit);
	a64_sync_svcr(r);
	a64_model_handler_entry(r);
	if (clobber)
		a64_model_load(r, clobber, 0);
	a64_model_syscall(r, SC_GETPID, 0);
}
