// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 model's state and its transitions: SVCR (streaming mode and
 * ZA, Documentation/arch/arm64/sme.rst), the SVE and SME vector lengths
 * (sve.rst section 6, sme.rst section 6), and the image laid out anew
 * when the effective VL changes.  Every layer above (preconditions,
 * observers, the model, the writes) reads and moves the state here.
 *
 * The model's SVCR lives in the expectation's svcr field (so snapshots
 * carry it); AV(&r->v)->svcr follows it and decides the layout: Z/P/FFR at the
 * effective VL (SVL while streaming), ZA/ZT at fixed offsets.
 */
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "a64.h"

int a64_field_index(const struct fpabi_run *r, unsigned group,
		    const char *name)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++)
		if (r->lo.f[i].group == group && !strcmp(r->lo.f[i].name, name))
			return (int)i;
	return -1;
}

unsigned a64_svcr(const struct fpabi_run *r)
{
	uint64_t v;

	if (!sme_run(r) || !r->exp.img)
		return 0;
	memcpy(&v, r->exp.img + FPABI_A64_CTRL_SVCR, 8);
	return (unsigned)v & 3;
}

void a64_sync_svcr(struct fpabi_run *r)
{
	if (sme_run(r))
		AV(&r->v)->svcr = a64_svcr(r);
}

void a64_set_info(struct fpabi_run *r, const char *name, uint64_t val)
{
	int i = a64_field_index(r, G_INFO, name);

	if (i >= 0)
		expect_field(r, (unsigned)i, (const uint8_t *)&val, NULL);
}

/*
 * The image is laid out anew (r->v changed: the effective VL or the
 * SVL): every field goes to init (0) but those of the groups in keep or
 * koz, which keep their expectation by register name where the old
 * layout had the same register at the same size; koz ones become "old
 * value or zero".
 */
static void carry_relayout(struct fpabi_run *r, uint64_t keep, uint64_t koz,
			   const struct fpabi_rule *rule)
{
	struct relayout old;
	unsigned i, j;

	run_relayout(r, &old);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		expect_field_init(r, i, rule);
		if (!((keep | koz) >> f->group & 1))
			continue;
		for (j = 0; j < old.lo.nfields; j++) {
			const struct fpabi_field *o = &old.lo.f[j];

			if (o->group != f->group || o->size != f->size ||
			    strcmp(o->name, f->name) ||
			    old.exp.kind[j] == EXP_ANY)
				continue;
			expect_field(r, i, old.exp.img + o->off,
				     old.exp.rule[j]);
			r->exp.kind[i] = old.exp.kind[j];
			r->exp.phase[i] = old.exp.phase[j];
			r->exp.task[i] = old.exp.task[j];
			if (koz >> f->group & 1)
				expect_field_kept_or_zero(r, i, rule);
		}
	}
	relayout_done(&old);
}

/*
 * SVCR becomes svcr.  Groups in keep keep their expectation, groups in
 * koz become "old value or zero", every other group goes to init (0).
 * Where the effective VL changes the image is laid out anew and values
 * move by register name.
 */
void a64_set_svcr(struct fpabi_run *r, unsigned svcr, uint64_t keep,
		  uint64_t koz, const struct fpabi_rule *rule)
{
	unsigned old_vl = img_vl(r), i;

	AV(&r->v)->svcr = svcr;
	if (v_eff_vl(r) != old_vl) {
		carry_relayout(r, keep, koz, rule);
	} else {
		for (i = 0; i < r->lo.nfields; i++) {
			unsigned g = r->lo.f[i].group;

			if (g == G_INFO || keep >> g & 1)
				continue;
			if (koz >> g & 1)
				expect_field_kept_or_zero(r, i, rule);
			else
				expect_field_init(r, i, rule);
		}
	}
	a64_set_info(r, "svcr", svcr);
	a64_set_info(r, "vl", img_vl(r));
	a64_set_info(r, "svl", AV(&r->v)->svl);
}

/* FFR is inaccessible in streaming mode without FA64 (A-PT-8): the
 * tracee's dump writes zeros there. */
void a64_ffr_rule(struct fpabi_run *r)
{
	if ((AV(&r->v)->svcr & SV_SM) && !(r->m->have & NEED_FA64))
		a64_expect_zero(r, GM(G_FFR), rule_get("A-PT-8"));
}

/* Another supported VL than the planned one: the smallest, or the largest. */
unsigned a64_other_vl(const struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);

	if (!a->nsve)
		return AV(&r->v0)->vl;
	return a->sve_vls[0] != AV(&r->v0)->vl ? a->sve_vls[0] : a->sve_vls[a->nsve - 1];
}

/*
 * The task's SVE VL becomes vl: the image is laid out anew.  V, FPSR and
 * FPCR carry over as asked; Z above bit 127, P and FFR are zero (A-VL-2);
 * the tracee reads its new VL.
 */
void a64_change_vl(struct fpabi_run *r, unsigned vl, int carry,
		   const struct fpabi_rule *rule)
{
	struct relayout old;
	unsigned i, j;

	if (vl == AV(&r->v)->vl)
		return;
	AV(&r->v)->vl = vl;
	run_relayout(r, &old);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		expect_field_init(r, i, rule);
		if (carry == CARRY_ZERO || (f->group != G_ZLO && f->group != G_FPSR))
			continue;
		for (j = 0; j < old.lo.nfields; j++) {
			const struct fpabi_field *o = &old.lo.f[j];

			if (o->group != f->group || strcmp(o->name, f->name) ||
			    old.exp.kind[j] == EXP_ANY)
				continue;
			expect_field(r, i, old.exp.img + o->off, old.exp.rule[j]);
			r->exp.kind[i] = old.exp.kind[j];
			r->exp.phase[i] = old.exp.phase[j];
			r->exp.task[i] = old.exp.task[j];
			if (carry == CARRY_KEPT_OR_ZERO)
				expect_field_kept_or_zero(r, i, rule);
		}
	}
	relayout_done(&old);
}

/* The SVE VL after exec: the system default (A-VL-5; no INHERIT here). */
unsigned a64_exec_vl(const struct fpabi_run *r)
{
	return am(r)->sve_default > 0 ? (unsigned)am(r)->sve_default : AV(&r->v)->vl;
}

/* Another supported SME VL than the variant's: the smallest, or the largest. */
unsigned a64_other_svl(const struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);

	if (!a->nsme)
		return AV(&r->v0)->svl;
	return a->sme_vls[0] != AV(&r->v0)->svl ? a->sme_vls[0] :
					    a->sme_vls[a->nsme - 1];
}

/*
 * A-VL-6: the task's SME VL becomes svl (fpsimd.c:
 * vec_set_vector_length(ARM64_VEC_SME), reached by PR_SME_SET_VL and by
 * NT_ARM_ZA / NT_ARM_SSVE headers).  sme.rst section 6 (6.16 and later):
 * "Changing the vector length causes PSTATE.ZA to be cleared", and ZA,
 * ZTn, P, FFR and Z above bit 127 "become unspecified, including both
 * streaming and non-streaming SVE state"; before 6.16 it said "PSTATE.ZA
 * and PSTATE.SM", and vec_set_vector_length() cleared both.  The kernel
 * saves the live state, converts it to FPSIMD (V is Z[127:0] of the
 * mode the task was in), clears TIF_SME and frees the SME storage: V,
 * FPSR, FPCR are kept, FPMR and TPIDR2 are not touched; the rest is
 * zero (the storage is reallocated zeroed, sve_alloc(), sme_alloc()), so
 * nothing of the old SVL can come back.  Where SM stays (6.16+) the task
 * is in streaming mode at the new SVL.  The same VL again changes
 * nothing.
 */
void a64_sme_change_svl(struct fpabi_run *r, unsigned svl,
			const struct fpabi_rule *rule)
{
	unsigned svcr = am(r)->v616 ? a64_svcr(r) & SV_SM : 0;

	if (svl == AV(&r->v)->svl)
		return;
	AV(&r->v)->svl = svl;
	AV(&r->v)->svcr = svcr;
	carry_relayout(r, GM(G_ZLO) | GM(G_FPSR) | GM(G_TPIDR2) | GM(G_FPMR),
		       0, rule);
	a64_set_info(r, "svcr", svcr);
	a64_set_info(r, "vl", img_vl(r));
	a64_set_info(r, "svl", svl);
	/* sve_to_fpsimd() left FPSIMD state, but the tracee's next SVE
	 * instruction may make it SVE again before a stop: either format,
	 * the values checked (A-SYS-6); streaming state is always SVE */
	r->astate[0] = svcr & SV_SM ? FMT_SVE : FMT_EITHER;
}

/*
 * A-VL-2 with SME (fpsimd.c: change_live_vector_length() of the SVE VL):
 * "Changes to the SVE vector length must not discard live ZA state or
 * clear PSTATE.ZA"; PSTATE.SM and the effective FPSIMD state (V of the
 * mode the task is in, FPSR, FPCR) are kept, every other SVE bit is
 * zero; TPIDR2 and FPMR are not touched.  Outside streaming mode the
 * image is laid out at the new VL.
 */
void a64_sme_change_sve_vl(struct fpabi_run *r, unsigned vl,
			   const struct fpabi_rule *rule)
{
	if (!sme_run(r)) {
		a64_change_vl(r, vl, CARRY_KEEP, rule);
		return;
	}
	if (vl == AV(&r->v)->vl)
		return;
	AV(&r->v)->svcr = a64_svcr(r);
	AV(&r->v)->vl = vl;
	carry_relayout(r, GM(G_ZLO) | GM(G_FPSR) | GM(G_ZA) | GM(G_ZT) |
		       GM(G_TPIDR2) | GM(G_FPMR), 0, rule);
	a64_set_info(r, "svcr", AV(&r->v)->svcr);
	a64_set_info(r, "vl", img_vl(r));
	a64_set_info(r, "svl", AV(&r->v)->svl);
}

/*
 * The format the task's state had when the signal was delivered (astate[0]
 * then) is what decides whether sve_context carries a payload; the frame is
 * checked after the run, so model_sigreturn() keeps it per signal in
 * astate[2] (two bits each), counting signals in astate[3].
 */
unsigned a64_frame_fmt(const struct fpabi_run *r, unsigned sig)
{
	return sig < 16 ? r->astate[2] >> (2 * sig) & 3 : FMT_EITHER;
}

/* Does the model expect live SVE bits (anything above V non-zero)? */
bool a64_expects_sve_bits(const struct fpabi_run *r)
{
	const uint64_t sve = GM(G_ZHI) | GM(G_P) | GM(G_FFR);
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if ((sve >> f->group & 1) && r->exp.kind[i] == EXP_VALUE &&
		    memcmp(r->exp.img + f->off, r->exp.init + f->off, f->size))
			return true;
	}
	return false;
}
