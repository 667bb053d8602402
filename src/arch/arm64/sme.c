// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SME part of the arm64 model (Documentation/arch/arm64/sme.rst):
 * streaming mode and ZA in the image, what syscalls, loads and regset
 * writes do to SVCR, Z/P/FFR, ZA, ZT0, TPIDR2 and FPMR, and the SME
 * regset reads (NT_ARM_SSVE, NT_ARM_ZA, NT_ARM_ZT, NT_ARM_TLS,
 * NT_ARM_FPMR) in every mode.
 *
 * The model's SVCR lives in the expectation's svcr field (so snapshots
 * carry it); AV(&r->v)->svcr follows it and decides the layout: Z/P/FFR at the
 * effective VL (SVL while streaming), ZA/ZT at fixed offsets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "uapi-compat/arm64.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "write.h"

static int field_index(const struct fpabi_run *r, unsigned group,
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

static void set_info(struct fpabi_run *r, const char *name, uint64_t val)
{
	int i = field_index(r, G_INFO, name);

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
	set_info(r, "svcr", svcr);
	set_info(r, "vl", img_vl(r));
	set_info(r, "svl", AV(&r->v)->svl);
}

/* FFR is inaccessible in streaming mode without FA64 (A-PT-8): the
 * tracee's dump writes zeros there. */
static void ffr_rule(struct fpabi_run *r)
{
	if ((AV(&r->v)->svcr & SV_SM) && !(r->m->have & NEED_FA64))
		a64_expect_zero(r, GM(G_FFR), rule_get("A-PT-8"));
}

/* ZA off: ZA and ZT read as zero (the dump's zeros, zt_get()). */
static void za_off_rule(struct fpabi_run *r, const struct fpabi_rule *rule)
{
	if (!(AV(&r->v)->svcr & SV_ZA))
		a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), rule);
}

/*
 * A LOAD of an SME variant: smstart into the variant's SVCR, then every
 * register (events.S; FPABI_A64_SMSTART_*, FPABI_A64_COND).
 */
void a64_sme_model_load(struct fpabi_run *r, unsigned phase)
{
	unsigned svcr = a64_svcr(r) | (AV(&r->v0)->svcr & 3);

	if ((svcr & SV_SM) != (AV(&r->v0)->svcr & SV_SM))
		run_broken(r, "internal: a load in streaming mode outside an SM variant");
	a64_set_svcr(r, svcr, 0, 0, NULL);
	expect_fill(r, phase, 0);
	set_info(r, "svcr", svcr);
	set_info(r, "vl", img_vl(r));
	set_info(r, "svl", AV(&r->v)->svl);
	ffr_rule(r);
	za_off_rule(r, rule_get("A-PT-18"));
	r->astate[0] = FMT_SVE;
}

/* Leaving or entering streaming mode resets FPSR to 0x0800009f (Arm ARM
 * ResetSVEState(): the cumulative flags and QC set), whatever was loaded. */
static void expect_fpsr_reset(struct fpabi_run *r,
			      const struct fpabi_rule *rule)
{
	int i = field_index(r, G_FPSR, "fpsr");
	uint32_t fpsr = 0x0800009f;

	if (i < 0)
		return;
	expect_field(r, (unsigned)i, (const uint8_t *)&fpsr, rule);
	r->exp.phase[i] = PHASE_NONE;
}

/*
 * A-SYS-2 (entry-common.c: fpsimd_syscall_enter() -> sme_smstop_sm(),
 * then sve_flush_live()): a syscall leaves streaming mode and keeps
 * PSTATE.ZA, ZA and ZT0.  The hardware SMSTOP resets the streaming
 * registers (Arm ARM ResetSVEState): Z above bit 127, P, FFR zero,
 * FPSR = 0x0800009f, FPMR = 0; FPCR kept; whether V survives is
 * implementation defined (sme.rst appendix A): kept or zero.  TPIDR2 is
 * not FP state: kept.  Without SM, A-SYS-1 as for SVE, ZA/ZT/TPIDR2/FPMR
 * kept.
 */
void a64_sme_model_syscall(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-SYS-2");
	unsigned svcr = a64_svcr(r);
	uint64_t keep = GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2) | GM(G_FPMR) |
			GM(G_FPSR);

	AV(&r->v)->svcr = svcr;
	if (!(svcr & SV_SM)) {
		a64_expect_zero(r, GM(G_ZHI) | GM(G_P) | GM(G_FFR),
				rule_get("A-SYS-1"));
		r->astate[0] = FMT_EITHER;
		return;
	}
	a64_set_svcr(r, svcr & ~SV_SM, keep, GM(G_ZLO), rule);
	a64_expect_zero(r, GM(G_ZHI) | GM(G_P) | GM(G_FFR) | GM(G_FPMR), rule);
	expect_fpsr_reset(r, rule);
	r->astate[0] = FMT_EITHER;
}

/*
 * A-SYS-4: the LOAD kind L_SMSTART, "smstart" (SM and ZA) alone, after a
 * syscall left streaming mode (A-SYS-2).  Where SME access is disabled
 * for the task (TIF_SME clear: after exec, or in a fork child with ZA
 * off) the instruction takes the SME access trap; do_sme_acc()
 * (arch/arm64/kernel/fpsimd.c) allocates the storage, sets TIF_SME,
 * loads the task's state with SME enabled (sme_set_vq(), task_fpsimd_load
 * through fpsimd_bind_task_to_cpu()) and returns to re-execute it, so
 * what the task sees is the instruction's architectural effect on its own
 * state (sme.rst "System call behaviour": a syscall clears PSTATE.SM and
 * keeps PSTATE.ZA, ZA and ZT0):
 *   - PSTATE.SM 0 -> 1 resets the streaming state (Arm ARM
 *     ResetSVEState()): Z, P, FFR zero at the SVL, FPSR 0x0800009f;
 *     FEAT_FPMR: FPMR 0; FPCR kept.  FFR reads 0 without FA64 (A-PT-8).
 *   - PSTATE.ZA 0 -> 1 zeroes ZA and ZT0 (ResetSMEState()); ZA already 1
 *     (kept across the syscall, A-SYS-2): ZA and ZT0 kept.
 *   - TPIDR2 is not touched by either.
 * No value from an earlier phase, or from a buffer a stop saved before
 * the trap, may show through.
 */
void a64_sme_model_smstart(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-SYS-4");
	unsigned svcr = a64_svcr(r);
	uint64_t keep = GM(G_TPIDR2) | GM(G_FPSR);

	if (svcr & SV_SM)
		run_broken(r, "internal: L_SMSTART in streaming mode");
	a64_prove_sme_unused(r);
	if (svcr & SV_ZA)
		keep |= GM(G_ZA) | GM(G_ZT);
	a64_set_svcr(r, SV_SM | SV_ZA, keep, 0, rule);
	a64_expect_zero(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			GM(G_FPMR), rule);
	if (!(svcr & SV_ZA))
		a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), rule);
	expect_fpsr_reset(r, rule);
	ffr_rule(r);
	r->astate[0] = FMT_SVE;
}

/*
 * One PSTATE bit changed alone by the tracee (L_SMSTART_SM .. L_SMSTOP_ZA:
 * msr svcrsm / svcrza), with no kernel involvement but the SME access
 * trap, which re-executes the instruction (A-SYS-4).  Writing the value
 * the bit already has changes nothing (Arm ARM SetPSTATE_SM(),
 * SetPSTATE_ZA() act only on a change).
 *   A-ARCH-2: SM 0 -> 1 or 1 -> 0 (ResetSVEState()): Z, P, FFR zero at
 *     the new effective VL, FPSR 0x0800009f, FPMR 0, FPCR kept; PSTATE.ZA,
 *     ZA, ZT0 and TPIDR2 kept (sme.rst appendix A: "Any other bits will
 *     be cleared").
 *   A-ARCH-3: ZA 0 -> 1 zeroes ZA and ZT0 (ResetSMEState(); sme.rst
 *     appendix A: "When PSTATE.ZA is changed from 0 to 1 all bits in ZA
 *     are cleared"); ZA 1 -> 0 makes them inaccessible (read as zero:
 *     the dump's zeros, za_get(), zt_get()); SM and the streaming (or
 *     not) Z, P, FFR, FPSR, FPCR, FPMR, TPIDR2 are kept.
 */
void a64_sme_model_pstate(struct fpabi_run *r, unsigned kind)
{
	unsigned svcr = a64_svcr(r), to = svcr;
	const struct fpabi_rule *rule;

	AV(&r->v)->svcr = svcr;
	switch (kind) {
	case L_SMSTART_SM: to |= SV_SM; break;
	case L_SMSTOP_SM: to &= ~SV_SM; break;
	case L_SMSTART_ZA: to |= SV_ZA; break;
	case L_SMSTOP_ZA: to &= ~SV_ZA; break;
	default: die("internal: arm64 PSTATE load kind %u", kind);
	}
	if (to == svcr)
		return;
	if ((to ^ svcr) & SV_SM) {
		rule = rule_get("A-ARCH-2");
		a64_set_svcr(r, to, GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2) |
			     GM(G_FPSR), 0, rule);
		a64_expect_zero(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) |
				GM(G_FFR) | GM(G_FPMR), rule);
		expect_fpsr_reset(r, rule);
		ffr_rule(r);
		r->astate[0] = to & SV_SM ? FMT_SVE : FMT_EITHER;
		return;
	}
	rule = rule_get("A-ARCH-3");
	a64_set_svcr(r, to, ~(GM(G_ZA) | GM(G_ZT)), 0, rule);
	a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), rule);
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
	set_info(r, "svcr", svcr);
	set_info(r, "vl", img_vl(r));
	set_info(r, "svl", svl);
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
	set_info(r, "svcr", AV(&r->v)->svcr);
	set_info(r, "vl", img_vl(r));
	set_info(r, "svl", AV(&r->v)->svl);
}

/*
 * PR_SME_SET_VL(arg) from the tracee (sme.rst section 6;
 * vec_set_vector_length()): with PR_SME_VL_INHERIT or
 * PR_SME_SET_VL_ONEXEC the VL becomes the on-exec one, else the on-exec
 * VL is reset to the system default; with ONEXEC nothing else changes
 * ("does not constitute a change to the vector length"), else the VL
 * changes now (A-VL-6); the INHERIT flag is set as arg says (A-VL-8).
 */
void a64_sme_model_prctl(struct fpabi_run *r, uint64_t arg)
{
	unsigned vl = (unsigned)(arg & PR_SME_VL_LEN_MASK);

	r->astate[1] = (r->astate[1] & A64_SVE_INHERIT) |
		       (arg & (PR_SME_VL_INHERIT | PR_SME_SET_VL_ONEXEC) ?
			vl : 0);
	if (arg & PR_SME_VL_INHERIT)
		r->astate[1] |= A64_SME_INHERIT;
	if (!(arg & PR_SME_SET_VL_ONEXEC))
		a64_sme_change_svl(r, vl, rule_get("A-VL-6"));
}

/* ---------------------------------------------------------- regsets */

#define SLACK	64

/*
 * A-PT-7 (6.16+): the regset of the inactive mode is a bare header,
 * FPSIMD format, vl that mode's VL (sve_get_common(): "active").
 */
static void check_inactive(struct fpabi_run *r, unsigned note,
			   const char *name, unsigned vl, unsigned max_vl)
{
	size_t len = 1024, got;
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "%s read %u at stop %d", name, r->reads,
		 r->stops);
	err = regset_get(r, note, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-7"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		check_value(r, obs, "header.size (inactive mode)", sizeof(h),
			    h.size, rule_get("A-PT-7"));
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE", 0,
			    h.flags & SVE_PT_REGS_SVE, rule_get("A-PT-7"));
		check_value(r, obs, "header.vl", vl, h.vl, rule_get("A-PT-5"));
		check_value(r, obs, "header.max_vl", max_vl, h.max_vl,
			    rule_get("A-PT-5"));
		a64_check_untouched(r, obs, buf, sizeof(h), len);
	}
	free(buf);
}

/* A-PT-6 for NT_ARM_SSVE while streaming: always SVE format, at SVL. */
static void check_ssve_active(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	unsigned vq = img_vl(r) / 16;
	size_t len = SVE_PT_SIZE(a->sme_max / 16, SVE_PT_REGS_SVE) + SLACK, got;
	size_t end = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_SSVE read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_SSVE, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-6"));
	if (err)
		goto out;
	memcpy(&h, buf, sizeof(h));
	check_value(r, obs, "header flags: SVE_PT_REGS_SVE (streaming)", 1,
		    h.flags & SVE_PT_REGS_SVE, rule_get("A-PT-6"));
	/* the same payload layout and padding rules as NT_ARM_SVE */
	if (h.flags & SVE_PT_REGS_SVE)
		a64_check_sve_payload(r, obs, buf, &h);
	check_value(r, obs, "header.vl (SVL)", AV(&r->v)->svl, h.vl,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.max_size",
		    SVE_PT_SIZE(a->sme_max / 16, SVE_PT_REGS_SVE), h.max_size,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.size", end, h.size, rule_get("A-PT-6"));
	check_value(r, obs, "header flags other than the format",
		    r->astate[1] & A64_SME_INHERIT ? SVE_PT_VL_INHERIT : 0,
		    h.flags & ~SVE_PT_REGS_SVE, rule_get("A-VL-8"));
	a64_check_untouched(r, obs, buf, MIN((size_t)h.size, len - SLACK), len);
out:
	free(buf);
}

/* A-PT-16: NT_ARM_ZA; A-PT-18: NT_ARM_ZT (za_get(), zt_get()). */
static void check_za_zt(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	unsigned svl = AV(&r->v)->svl, vq = svl / 16, on = a64_svcr(r) & SV_ZA;
	size_t za = a64_za_off(r->m), len = ZA_PT_SIZE(vq) + SLACK, got;
	uint8_t *buf = xmalloc(len), *img = xmalloc(r->lo.size);
	struct user_za_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_ZA read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZA, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-16"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		if (!a64_svcr(r))
			a64_prove_sme_off(r, obs, "a bare header (ZA off)",
					  h.size == sizeof(h));
		/* the rows first (the most telling finding): ZA off in the
		 * model expects them zero, so rows where none are due show */
		if (h.size == ZA_PT_SIZE(vq)) {
			memcpy(img, r->exp.img, r->lo.size);
			memcpy(img + za, buf + ZA_PT_ZA_OFFSET,
			       (size_t)svl * svl);
			check_image_groups(r, obs, img, GM(G_ZA));
		}
		check_value(r, obs, on ? "header.size (ZA on)" :
			    "header.size (ZA off)", on ? ZA_PT_SIZE(vq) : sizeof(h),
			    h.size, rule_get("A-PT-16"));
		check_value(r, obs, "header.vl (SVL)", svl, h.vl,
			    rule_get("A-PT-16"));
		check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
			    rule_get("A-PT-16"));
		check_value(r, obs, "header.max_size (of the current SVL)",
			    ZA_PT_SIZE(vq), h.max_size, rule_get("A-PT-16"));
		check_value(r, obs, "header.flags (SME_PT_VL_INHERIT)",
			    r->astate[1] & A64_SME_INHERIT ? SVE_PT_VL_INHERIT : 0,
			    h.flags, rule_get("A-VL-8"));
		a64_check_untouched(r, obs, buf, on ? ZA_PT_SIZE(vq) : sizeof(h),
				len);
	}
	if (!(r->m->have & NEED_SME2))
		goto out;
	snprintf(obs, sizeof(obs), "NT_ARM_ZT read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZT, buf, 64, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-18"));
	if (!err) {
		memcpy(img, r->exp.img, r->lo.size);
		memcpy(img + a64_zt_off(r->m), buf, 64);
		check_image_groups(r, obs, img, GM(G_ZT));
		check_value(r, obs, "iov_len", 64, got, rule_get("A-PT-18"));
	}
out:
	free(img);
	free(buf);
}

/* A-PT-21: NT_ARM_TLS word 1 is TPIDR2; A-PT-20: NT_ARM_FPMR. */
static void check_tls_fpmr(struct fpabi_run *r)
{
	uint64_t tls[2 + SLACK / 8], fpmr[2];
	uint8_t *img = xmalloc(r->lo.size);
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_TLS read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_TLS, (uint8_t *)tls, sizeof(tls), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-21"));
	if (!err) {
		check_value(r, obs, "iov_len (TPIDR_EL0, TPIDR2_EL0)", 16, got,
			    rule_get("A-PT-21"));
		memcpy(img, r->exp.img, r->lo.size);
		memcpy(img + FPABI_A64_CTRL_TPIDR2, &tls[1], 8);
		check_image_groups(r, obs, img, GM(G_TPIDR2));
		a64_check_untouched(r, obs, (uint8_t *)tls, 16, sizeof(tls));
	}
	if (r->m->have & NEED_FPMR) {
		snprintf(obs, sizeof(obs), "NT_ARM_FPMR read %u at stop %d",
			 r->reads, r->stops);
		err = regset_get(r, NT_ARM_FPMR, (uint8_t *)fpmr, sizeof(fpmr),
				&got);
		check_errno(r, obs, "PTRACE_GETREGSET", 0, err,
			    rule_get("A-PT-20"));
		if (!err) {
			check_value(r, obs, "iov_len", 8, got, rule_get("A-PT-20"));
			memcpy(img, r->exp.img, r->lo.size);
			memcpy(img + FPABI_A64_CTRL_FPMR, &fpmr[0], 8);
			check_image_groups(r, obs, img, GM(G_FPMR));
		}
	}
	free(img);
}

/*
 * S_READ of an SME variant: NT_PRFPREG (the caller: V of the active
 * mode, A-PT-3), the active one of NT_ARM_SVE / NT_ARM_SSVE in full and
 * the inactive one as a header (6.16+), ZA, ZT, TLS, FPMR.  Returns
 * whether NT_ARM_SVE is left to the caller's (non-streaming) check.
 */
bool a64_sme_check_stop(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	bool sm = a64_svcr(r) & SV_SM;

	AV(&r->v)->svcr = a64_svcr(r);
	if (sm) {
		check_ssve_active(r);
		if (a->v616 && has_sve(r))
			check_inactive(r, NT_ARM_SVE, "NT_ARM_SVE", AV(&r->v)->vl,
				       a->sve_max);
	} else if (a->v616) {
		check_inactive(r, NT_ARM_SSVE, "NT_ARM_SSVE", AV(&r->v)->svl,
			       a->sme_max);
	}
	check_za_zt(r);
	check_tls_fpmr(r);
	return !sm;
}

/* ------------------------------------------------ what writes change */

/*
 * The SME write kinds' models (write.c names them; an NT_ARM_SSVE or
 * NT_ARM_ZA write's header flags, 0, have cleared INHERIT and the
 * on-exec VL first, A-VL-8):
 *  W_SSVE: sve_set_common(ARM64_VEC_SME): SM = 1 (ZA/ZT kept:
 *    sme_alloc(target, false)), V/FPSR/FPCR zeroed then the payload
 *    (A-PT-11, A-PT-13); FPMR kept even when SM changed (unlike a
 *    hardware SMSTART; the list patch "arm64/ptrace: Zero FPMR on
 *    streaming mode entry/exit" is not in 7.3).
 *  W_ZA: za_set(): ZA = payload, PSTATE.ZA = 1; ZT zero if ZA was off,
 *    kept if it was on (A-PT-17: za_set() calls
 *    sme_alloc(target, !thread_za_enabled()), "Only flush the storage if
 *    PSTATE.ZA was not already set"; the ZT0 storage follows ZA's).
 *  W_ZA_HEADER: za_set() without payload: PSTATE.ZA = 0 (ZA, ZT read 0).
 *  W_ZA_HALF: the first SVL/2 rows; the rest (and ZT) zero if ZA was off,
 *    kept if it was on: user_regset_copyin() writes only the bytes given.
 *  Both "kept" cases hold from the arm64-6.16+ profile on; before it they
 *    are old value or zero: until "arm64/ptrace: Don't flush ZA/ZT
 *    storage when writing ZA via ptrace" (January 2024, v6.8 and its
 *    stable backports) za_set() flushed the whole storage on every write,
 *    so a pre-6.16 kernel may do either.
 *  W_ZA_VL, W_ZA_VL_BACK: za_set() header only with another SVL (or the
 *    variant's again): vec_set_vector_length() (A-VL-6: ZA off, SM off
 *    before 6.16, V, FPSR, FPCR, FPMR, TPIDR2 kept), then PSTATE.ZA = 0
 *    (A-VL-7).
 *  W_ZT: zt_set(): ZT0 = payload, PSTATE.ZA = 1, ZA zero if it was off
 *    (A-PT-19).
 *  W_TLS: tls_set(): TPIDR_EL0 (written back unchanged) and TPIDR2.
 *  W_FPMR: fpmr_set().
 */
void a64_wm_ssve(struct a64_wctx *c)
{
	a64_expect_groups(c->r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			  GM(G_FPSR), c->img, c->phase, c->rule);
	/* FPMR is not touched although SM changed (A-PT-11: 7.3
	 * sve_set_common() has no FPMR reset; a 2024 list patch,
	 * "arm64/ptrace: Zero FPMR on streaming mode entry/exit",
	 * proposed one) */
	ffr_rule(c->r);
	c->r->astate[0] = FMT_SVE;
}

/* ZT after a write that turned ZA on (was_on: it was already) */
static void zt_after_za(struct fpabi_run *r, bool was_on,
			const struct fpabi_rule *rule)
{
	unsigned i;

	if (!was_on)
		a64_expect_zero(r, GM(G_ZT), rule);
	else if (!am(r)->v616)
		for (i = 0; i < r->lo.nfields; i++)
			if (r->lo.f[i].group == G_ZT)
				expect_field_kept_or_zero(r, i, rule);
}

void a64_wm_za(struct a64_wctx *c)
{
	a64_set_svcr(c->r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	a64_expect_groups(c->r, GM(G_ZA), c->img, c->phase, c->rule);
	zt_after_za(c->r, c->svcr & SV_ZA, c->rule);
}

void a64_wm_za_header(struct a64_wctx *c)
{
	a64_set_svcr(c->r, c->svcr & ~SV_ZA, ~0ull, 0, c->rule);
	a64_expect_zero(c->r, GM(G_ZA) | GM(G_ZT), c->rule);
}

void a64_wm_za_half(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	unsigned svl = AV(&r->v)->svl, i;

	a64_set_svcr(r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (f->group == G_ZA && f->reg < svl / 2) {
			expect_field(r, i, c->img + f->off, c->rule);
			r->exp.phase[i] = c->phase;
		} else if (f->group == G_ZA || f->group == G_ZT) {
			if (!(c->svcr & SV_ZA))
				expect_field_init(r, i, c->rule);
			else if (!am(r)->v616)
				expect_field_kept_or_zero(r, i, c->rule);
			/* else kept: the expectation stands */
		}
	}
}

/*
 * W_SSVE_VL, W_SSVE_VL_BACK: the VL change (A-VL-6), then a header-only
 * SVE-format write: streaming mode with nothing (6.16+: every Z, P, FFR,
 * V, FPSR, FPCR zero; before: A-PT-14, V, FPSR and FPCR old value or
 * zero); ZA off from the change.
 */
void a64_wm_ssve_vl(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	uint64_t keep = GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2) | GM(G_FPMR);

	a64_sme_change_svl(r, c->hvl, rule_get("A-VL-6"));
	a64_set_svcr(r, a64_svcr(r) | SV_SM, keep,
		     am(r)->v616 ? 0 : GM(G_ZLO) | GM(G_FPSR), c->rule);
	a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), c->rule);
	r->astate[0] = FMT_SVE;
}

/* W_ZA_VL, W_ZA_VL_BACK: the VL change (SM and ZA off) if any, then ZA off */
void a64_wm_za_vl(struct a64_wctx *c)
{
	a64_sme_change_svl(c->r, c->hvl, c->rule);
	a64_set_svcr(c->r, a64_svcr(c->r) & ~SV_ZA, ~0ull, 0, c->rule);
	a64_expect_zero(c->r, GM(G_ZA) | GM(G_ZT), c->rule);
}

void a64_wm_zt(struct a64_wctx *c)
{
	a64_set_svcr(c->r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	if (!(c->svcr & SV_ZA))
		a64_expect_zero(c->r, GM(G_ZA), c->rule);
	a64_expect_groups(c->r, GM(G_ZT), c->img, c->phase, c->rule);
}

/* W_TLS, W_TLS_LONG (A-PT-27: cut to 16 bytes) */
void a64_wm_tpidr2(struct a64_wctx *c)
{
	a64_expect_groups(c->r, GM(G_TPIDR2), c->img, c->phase, c->rule);
}

/* W_FPMR, W_FPMR_LONG (A-PT-27: cut to 8 bytes) */
void a64_wm_fpmr(struct a64_wctx *c)
{
	a64_expect_groups(c->r, GM(G_FPMR), c->img, c->phase, c->rule);
}

/*
 * A-SIG-7 with SME (signal.c: setup_rt_frame() -> setup_return():
 * task_smstop_sm(), ZA off, TPIDR2 = 0): the handler runs with SM = 0,
 * ZA = 0 (ZA, ZT read zero) and TPIDR2 = 0.  If SM was set, A-GEN-4
 * (fpsimd.c: task_smstop_sm()): V = 0, FPSR = 0x0800009f, FPMR = 0,
 * FPCR kept, no live SVE state.  Otherwise V, FPSR, FPCR, FPMR and the
 * live SVE bits are the interrupted ones.
 */
void a64_sme_handler_entry(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-SIG-7");
	unsigned svcr = a64_svcr(r), i;

	AV(&r->v)->svcr = svcr;
	for (i = 0; i < r->lo.nfields; i++)
		if (r->exp.kind[i] != EXP_ANY && r->lo.f[i].group != G_INFO)
			r->exp.rule[i] = rule;
	if (!(svcr & SV_SM)) {
		a64_set_svcr(r, 0, ~(GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2)), 0,
			     rule);
		return;
	}
	rule = rule_get("A-GEN-4");
	a64_set_svcr(r, 0, GM(G_FPSR), 0, rule);
	expect_fpsr_reset(r, rule);
	r->astate[0] = FMT_FPSIMD;
}

/* ------------------------------------------------- exec, fork, clone */

/*
 * A-PROC-1 with SME.  execve() -> process.c: flush_thread() ->
 * fpsimd.c: fpsimd_flush_thread(): V, FPSR, FPCR zero, TIF_SVE and
 * TIF_SME clear, the SVE and SME state freed, SVCR = 0 (SM and ZA off:
 * ZA and ZT0 read zero), FPMR = 0, each VL its on-exec value, which is
 * the system default unless a PR_SME_SET_VL with ONEXEC or INHERIT set
 * another (fpsimd_flush_thread_vl(), A-VL-8); process.c:
 * tls_thread_flush(): TPIDR2 =
 * 0.  Whatever mode, VLs, ZA, TPIDR2 and FPMR the old image had
 * (Documentation/arch/arm64/sme.rst section 9: at execve() the SME VL
 * becomes the system default unless inherited or deferred).
 */
void a64_sme_model_exec(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-PROC-1");
	const struct a64_machine *a = am(r);
	struct relayout old;
	unsigned i;

	AV(&r->v)->vl = a64_exec_vl(r);
	if (A64_SME_ONEXEC(r))
		AV(&r->v)->svl = A64_SME_ONEXEC(r);
	else if (a->sme_default > 0)
		AV(&r->v)->svl = (unsigned)a->sme_default;
	/* fpsimd_flush_thread_vl(): the on-exec VL stays only with INHERIT */
	if (!(r->astate[1] & A64_SME_INHERIT))
		r->astate[1] &= A64_SVE_INHERIT;
	AV(&r->v)->svcr = 0;
	run_relayout(r, &old);
	relayout_done(&old);
	for (i = 0; i < r->lo.nfields; i++)
		expect_field_init(r, i, rule);
	r->astate[0] = FMT_FPSIMD;
}

/*
 * A clone's child, from the parent's model after the clone's syscall
 * entry, which already left streaming mode (A-SYS-2).
 * A-PROC-2 (process.c: arch_dup_task_struct(); sme.rst section 4: "the
 * newly created process will have PSTATE.SM cleared"): the child's V,
 * FPSR, FPCR and FPMR are the parent's at the syscall, SM = 0
 * (task_smstop_sm(dst)), no live SVE state.
 * A-PROC-3 (process.c: copy_thread() and copy_thread_za(), "ZA lazy
 * saving scheme": PSTATE.ZA and TPIDR2 go together): without CLONE_VM
 * (fork, clone3() without flags, clone(CLONE_SETTLS)) the child keeps
 * PSTATE.ZA, ZA, ZT0 (sme_state duplicated) and TPIDR2 (read from the
 * parent's register); with CLONE_VM (a thread, with or without
 * CLONE_SETTLS, or vfork) arch_dup_task_struct() clears SVCR.ZA and
 * copy_thread() TPIDR2: ZA and ZT0 read zero, TPIDR2 0.  sme.rst section
 * 1: "On thread creation PSTATE.ZA and TPIDR2_EL0 are preserved unless
 * CLONE_VM is specified, in which case PSTATE.ZA is set to 0 and
 * TPIDR2_EL0 is set to 0" (older kernels' text keyed TPIDR2 on
 * CLONE_SETTLS instead, and copied ZA for threads).  CLONE_SETTLS sets
 * TPIDR_EL0 only.
 */
void a64_sme_model_child(struct fpabi_run *r, unsigned sc)
{
	const struct fpabi_rule *rule = rule_get("A-PROC-3");
	uint64_t sme = GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2);
	unsigned svcr = a64_svcr(r), i;

	AV(&r->v)->svcr = svcr;
	if (svcr & SV_SM)
		die("internal: %s: a clone's child modelled in streaming mode",
		    r->id);
	if (sc == SC_THREAD || sc == SC_THREAD_SETTLS || sc == SC_VFORK) {
		a64_set_svcr(r, svcr & ~SV_ZA, ~sme, 0, rule);
		return;
	}
	for (i = 0; i < r->lo.nfields; i++)
		if (sme >> r->lo.f[i].group & 1 && r->exp.kind[i] != EXP_ANY)
			r->exp.rule[i] = rule;
}
