// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 regsets at a ptrace stop: NT_PRFPREG, NT_ARM_SVE and NT_ARM_SSVE
 * read into poisoned buffers and checked byte by byte against the model;
 * what NT_PRFPREG and NT_ARM_SVE writes of every shape (write.c) do.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "write.h"

#define SLACK		64
#define FPR_SIZE	528	/* struct user_fpsimd_state */
#define SVE_REGSET_MAX	SVE_PT_SIZE(16, SVE_PT_REGS_SVE)	/* ARCH_SVE_VQ_MAX */

/* A-PT-1: bytes from off to the end of the buffer are still poison. */
void a64_check_untouched(struct fpabi_run *r, const char *obs,
			 const uint8_t *buf, size_t off, size_t len)
{
	uint8_t *p;

	if (off >= len)
		return;
	p = xmalloc(len);
	canary_poison(p, len, r->cseed);
	check_bytes(r, obs, "bytes past what the regset produced", p + off,
		    buf + off, len - off, rule_get("A-PT-1"));
	free(p);
}

/* Copy V registers (16 bytes each), FPSR and FPCR into an image. */
static void fpsimd_to_image(struct fpabi_run *r, const uint8_t *fpr,
			    uint8_t *img)
{
	unsigned vl = img_vl(r), n;

	for (n = 0; n < 32; n++)
		memcpy(img + FPABI_A64_Z_OFF(vl, n), fpr + 16 * n, 16);
	memcpy(img + FPABI_A64_CTRL_FPSR, fpr + 512, 4);
	memcpy(img + FPABI_A64_CTRL_FPCR, fpr + 516, 4);
}

static void check_fpr(struct fpabi_run *r)
{
	uint8_t buf[FPR_SIZE + SLACK], *img = xmalloc(r->lo.size);
	static const uint8_t zero[8];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_PRFPREG read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_PRFPREG, buf, sizeof(buf), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-3"));
	if (!err) {
		memcpy(img, r->exp.img, r->lo.size);
		fpsimd_to_image(r, buf, img);
		check_image_groups(r, obs, img, GM(G_ZLO) | GM(G_FPSR));
		check_bytes(r, obs, "reserved bytes 520-527", zero, buf + 520,
			    8, rule_get("A-PT-3"));
		check_value(r, obs, "iov_len", FPR_SIZE, got, rule_get("A-PT-1"));
		a64_check_untouched(r, obs, buf, FPR_SIZE, sizeof(buf));
	}
	free(img);
}

/* Does the model have live SVE state (anything above V non-zero)? */
static bool model_has_sve_bits(const struct fpabi_run *r)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if ((f->group == G_ZHI || f->group == G_P || f->group == G_FFR) &&
		    r->exp.kind[i] == EXP_VALUE &&
		    memcmp(r->exp.img + f->off, r->exp.init + f->off, f->size))
			return true;
	}
	return false;
}

void a64_check_sve_payload(struct fpabi_run *r, const char *obs,
			   const uint8_t *buf, const struct user_sve_header *h)
{
	unsigned vl = img_vl(r), vq = vl / 16;
	uint8_t *img = xmalloc(r->lo.size), *zero;
	size_t regs = SVE_PT_SVE_FFR_OFFSET(vq) + SVE_PT_SVE_FFR_SIZE(vq) -
		      SVE_PT_SVE_OFFSET;
	size_t pad_lo = SVE_PT_SVE_OFFSET + regs;
	size_t fpsr = SVE_PT_SVE_FPSR_OFFSET(vq);
	size_t end = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);

	memcpy(img, r->exp.img, r->lo.size);
	if (h->flags & SVE_PT_REGS_SVE) {
		/* the payload's Z, P, FFR are laid out as the image's */
		memcpy(img + FPABI_A64_Z_OFF(vl, 0), buf + SVE_PT_SVE_OFFSET, regs);
		memcpy(img + FPABI_A64_CTRL_FPSR, buf + fpsr, 4);
		memcpy(img + FPABI_A64_CTRL_FPCR, buf + fpsr + 4, 4);
		zero = xzalloc(end);
		check_bytes(r, obs, "padding between FFR and FPSR", zero,
			    buf + pad_lo, fpsr - pad_lo, rule_get("A-PT-6"));
		check_bytes(r, obs, "padding after FPCR", zero, buf + fpsr + 8,
			    end - fpsr - 8, rule_get("A-PT-6"));
		free(zero);
	} else {
		/* FPSIMD format: no live SVE bits, so they read as zero */
		memset(img + FPABI_A64_Z_OFF(vl, 0), 0, regs);
		fpsimd_to_image(r, buf + SVE_PT_FPSIMD_OFFSET, img);
	}
	check_image_groups(r, obs, img, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) |
			   GM(G_FFR) | GM(G_FPSR));
	free(img);
}

static void check_sve(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	size_t len = SVE_REGSET_MAX + SLACK, got;
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	unsigned vq = AV(&r->v)->vl / 16, fmt = r->astate[0];
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_SVE read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_SVE, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-5"));
	if (err)
		goto out;
	memcpy(&h, buf, sizeof(h));
	/* the registers first: the most telling finding */
	a64_check_sve_payload(r, obs, buf, &h);
	check_value(r, obs, "header.vl", AV(&r->v)->vl, h.vl, rule_get("A-PT-5"));
	check_value(r, obs, "header.max_vl", a->sve_max, h.max_vl,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.max_size",
		    SVE_PT_SIZE(a->sve_max / 16, SVE_PT_REGS_SVE), h.max_size,
		    rule_get("A-PT-5"));
	/* SVE_PT_VL_INHERIT as the last write's header left it */
	check_value(r, obs, "header flags other than the format",
		    r->astate[1] & A64_SVE_INHERIT ? SVE_PT_VL_INHERIT : 0,
		    h.flags & ~SVE_PT_REGS_SVE, rule_get("A-PT-5"));
	check_value(r, obs, "header.__reserved", 0, h.__reserved,
		    rule_get("A-PT-5"));
	if (fmt == FMT_EITHER && !sme_run(r))
		a64_prove_sve_off(r, obs, h.flags);
	if (fmt == FMT_EITHER && !(a64_svcr(r) & SV_SM))
		a64_prove_fp_fpsimd(r, obs, h.flags);
	if (fmt != FMT_EITHER)
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE",
			    fmt == FMT_SVE, h.flags & SVE_PT_REGS_SVE,
			    rule_get("A-SYS-6"));
	else if (!(h.flags & SVE_PT_REGS_SVE) && model_has_sve_bits(r))
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE (live SVE "
			    "state must not be dropped)", 1, 0,
			    rule_get("A-SYS-6"));
	check_value(r, obs, "header.size",
		    SVE_PT_SIZE(vq, h.flags & SVE_PT_REGS_SVE), h.size,
		    rule_get("A-PT-6"));
	check_value(r, obs, "iov_len", SVE_REGSET_MAX, got, rule_get("A-PT-1"));
	a64_check_untouched(r, obs, buf, MIN((size_t)h.size, SVE_REGSET_MAX),
			    len);
out:
	free(buf);
}

/* A-PT-7 (6.16+): the inactive streaming regset is a bare header. */
static void check_ssve_inactive(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	size_t len = 1024, got;
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_SSVE read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_SSVE, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-7"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		check_value(r, obs, "header.size (not streaming)",
			    sizeof(h), h.size, rule_get("A-PT-7"));
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE", 0,
			    h.flags & SVE_PT_REGS_SVE, rule_get("A-PT-7"));
		check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
			    rule_get("A-PT-5"));
		a64_check_untouched(r, obs, buf, sizeof(h), len);
	}
	free(buf);
}

/* A-PT-9, A-PT-20: a regset of a feature the system lacks is EINVAL. */
static void check_absent(struct fpabi_run *r, unsigned note, const char *name,
			 const char *rule)
{
	uint8_t buf[64];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "%s read %u at stop %d", name, r->reads,
		 r->stops);
	err = regset_get(r, note, buf, sizeof(buf), &got);
	check_errno(r, obs, "PTRACE_GETREGSET (feature absent)", EINVAL, err,
		    rule_get(rule));
}

/*
 * A-PT-16: NT_ARM_ZA with ZA off (the cases never turn it on) is a
 * header: size 16, vl the task's SVL, max_vl the system's largest, and
 * nothing written after it.  A-PT-18: NT_ARM_ZT reads as zeros then.
 */
static void check_za_off(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	uint8_t buf[256];
	struct user_za_header h;
	static const uint8_t zero[64];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_ZA read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZA, buf, sizeof(buf), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-16"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		check_value(r, obs, "header.size (ZA off)", sizeof(h), h.size,
			    rule_get("A-PT-16"));
		if (a->sme_default > 0)
			check_value(r, obs, "header.vl (the default SVL)",
				    (unsigned)a->sme_default, h.vl,
				    rule_get("A-PT-16"));
		check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
			    rule_get("A-PT-16"));
		a64_check_untouched(r, obs, buf, sizeof(h), sizeof(buf));
	}
	if (!(r->m->have & NEED_SME2)) {
		check_absent(r, NT_ARM_ZT, "NT_ARM_ZT", "A-PT-9");
		return;
	}
	snprintf(obs, sizeof(obs), "NT_ARM_ZT read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZT, buf, 64, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-18"));
	if (!err)
		check_bytes(r, obs, "ZT0 with ZA off", zero, buf, 64,
			    rule_get("A-PT-18"));
}

/*
 * A-PT-21: NT_ARM_TLS is TPIDR_EL0 then (where the kernel knows TPIDR2)
 * TPIDR2_EL0, which reads 0 without SME and is 0 here with it (the cases
 * never set it).  A-PT-20: NT_ARM_FPMR is one u64, 0 after exec.
 */
static void check_tls_fpmr(struct fpabi_run *r)
{
	uint64_t tls[2 + SLACK / 8], fpmr[2];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_TLS read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_TLS, (uint8_t *)tls, sizeof(tls), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-21"));
	if (!err) {
		if (got != 8)
			check_value(r, obs, "iov_len (TPIDR_EL0, TPIDR2_EL0)", 16,
				    got, rule_get("A-PT-21"));
		if (got == 16)
			check_value(r, obs, "TPIDR2_EL0", 0, tls[1],
				    rule_get("A-PT-21"));
		a64_check_untouched(r, obs, (uint8_t *)tls, got, sizeof(tls));
	}
	if (!(r->m->have & NEED_FPMR)) {
		check_absent(r, NT_ARM_FPMR, "NT_ARM_FPMR", "A-PT-20");
		return;
	}
	snprintf(obs, sizeof(obs), "NT_ARM_FPMR read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_FPMR, (uint8_t *)fpmr, sizeof(fpmr), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-20"));
	if (!err) {
		check_value(r, obs, "iov_len", 8, got, rule_get("A-PT-20"));
		check_value(r, obs, "FPMR (0 since exec)", 0, fpmr[0],
			    rule_get("A-PT-20"));
	}
}

void a64_check_stop(struct fpabi_run *r)
{
	r->reads++;
	check_fpr(r);
	if (sme_run(r)) {
		bool not_streaming = a64_sme_check_stop(r);

		if (!has_sve(r))	/* SME alone */
			check_absent(r, NT_ARM_SVE, "NT_ARM_SVE", "A-PT-9");
		else if (not_streaming)
			check_sve(r);
		return;
	}
	if (has_sve(r))
		check_sve(r);
	if (r->m->have & NEED_SME) {
		if (am(r)->v616)
			check_ssve_inactive(r);
		check_za_off(r);
	} else {
		check_absent(r, NT_ARM_SSVE, "NT_ARM_SSVE", "A-PT-9");
		check_absent(r, NT_ARM_ZA, "NT_ARM_ZA", "A-PT-9");
		check_absent(r, NT_ARM_ZT, "NT_ARM_ZT", "A-PT-9");
	}
	check_tls_fpmr(r);
}

/* A write's expected result for fields of groups, from src or zero. */
static void expect_written(struct fpabi_run *r, uint64_t from_src,
			   uint64_t zeroed, const uint8_t *src,
			   unsigned phase, const struct fpabi_rule *rule)
{
	a64_expect_groups(r, from_src, src, phase, rule);
	a64_expect_zero(r, zeroed, rule);
}

/*
 * What a partial NT_ARM_SVE write does to the registers it does not write:
 * 6.16+ zeroes them (A-PT-13); before 6.16 sve.rst calls the effect
 * unspecified, so each word must be its old value or zero, never stale or
 * foreign bytes (A-PT-14).
 */
static void expect_unwritten(struct fpabi_run *r, unsigned i, bool v616)
{
	if (v616)
		expect_field_init(r, i, rule_get("A-PT-13"));
	else
		expect_field_kept_or_zero(r, i, rule_get("A-PT-14"));
}

/* Only Z0-Z15 come from src. */
static void expect_half(struct fpabi_run *r, const uint8_t *src,
			unsigned phase, bool v616)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (f->group == G_INFO)
			continue;
		if (f->comp == C_Z && f->reg < 16) {
			expect_field(r, i, src + f->off, rule_get("A-PT-13"));
			r->exp.phase[i] = phase;
		} else {
			expect_unwritten(r, i, v616);
		}
	}
}

/* Nothing comes from the payload (header-only writes). */
static void expect_nothing_written(struct fpabi_run *r, uint64_t groups,
				   bool v616)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++)
		if (groups >> r->lo.f[i].group & 1)
			expect_unwritten(r, i, v616);
}

#define ALL_SVE	(GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) | GM(G_FPSR))

/* ------------------------------------------------- what writes change */

/*
 * A-PT-13: an SVE-format NT_ARM_SVE write of the full payload sets every
 * register; A-PT-22: so does one with bytes past the payload or a bogus
 * header.size (below).
 */
void a64_wm_sve(struct a64_wctx *c)
{
	expect_written(c->r, ALL_SVE, 0, c->img, c->phase, c->rule);
	c->r->astate[0] = FMT_SVE;
}

/* A-PT-12: an FPSIMD-format write sets V, FPSR, FPCR; no SVE bits survive */
void a64_wm_fpsimd(struct a64_wctx *c)
{
	a64_wm_prfpreg(c);
	c->r->astate[0] = FMT_FPSIMD;
}

/* A-PT-4: NT_PRFPREG sets V, FPSR, FPCR; Z above bit 127, P, FFR zero */
void a64_wm_prfpreg(struct a64_wctx *c)
{
	expect_written(c->r, GM(G_ZLO) | GM(G_FPSR),
		       GM(G_ZHI) | GM(G_P) | GM(G_FFR), c->img, c->phase,
		       c->rule);
}

void a64_wm_sve_header(struct a64_wctx *c)
{
	expect_nothing_written(c->r, ALL_SVE, am(c->r)->v616);
	c->r->astate[0] = FMT_SVE;
}

void a64_wm_sve_half(struct a64_wctx *c)
{
	expect_half(c->r, c->img, c->phase, am(c->r)->v616);
	c->r->astate[0] = FMT_SVE;
}

/* A-PT-11: the VL becomes the header's; 6.16+: V, FPSR, FPCR zero;
 * before: unspecified (A-PT-14) */
void a64_wm_sve_vl(struct a64_wctx *c)
{
	bool v616 = am(c->r)->v616;

	a64_change_vl(c->r, c->hvl, v616 ? CARRY_ZERO : CARRY_KEPT_OR_ZERO,
		      v616 ? c->rule : rule_get("A-PT-14"));
	c->r->astate[0] = FMT_SVE;
}

/* FPSIMD format: no SVE bits survive, whatever the revision */
void a64_wm_fpsimd_header(struct a64_wctx *c)
{
	a64_expect_zero(c->r, GM(G_ZHI) | GM(G_P) | GM(G_FFR), c->rule);
	expect_nothing_written(c->r, GM(G_ZLO) | GM(G_FPSR), am(c->r)->v616);
	c->r->astate[0] = FMT_FPSIMD;
}

/* The VL the kernel sets for a header vl (valid, as write.c's
 * vl_to_round() gives). */
static unsigned vl_rounded(const struct fpabi_run *r, unsigned hvl)
{
	const struct a64_machine *a = am(r);
	unsigned i, best = a->sve_vls[0];

	hvl = MIN(hvl, 256u);
	for (i = 0; i < a->nsve; i++)
		if (a->sve_vls[i] <= hvl)
			best = a->sve_vls[i];
	return best;
}

/* Only V0-V15 come from src (a short NT_PRFPREG write); see A-PT-24. */
static void expect_v_low(struct fpabi_run *r, const uint8_t *src,
			 unsigned phase, const struct fpabi_rule *rule)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (f->group == G_ZLO && f->reg < 16) {
			expect_field(r, i, src + f->off, rule);
			r->exp.phase[i] = phase;
		}
	}
	a64_expect_zero(r, GM(G_ZHI) | GM(G_P) | GM(G_FFR), rule);
}

/*
 * Malformed NT_ARM_SVE and NT_PRFPREG writes.  Each carries phase-phase
 * canaries, so a rejected write the kernel applied anyway shows up in the
 * next read and in the tracee's dump.  The errno each must give, and what
 * it leaves (nothing, unless said), with the source it comes from:
 *
 *  - iov_len not a multiple of the regset's element size (16 bytes for
 *    NT_ARM_SVE, 4 for NT_PRFPREG): EINVAL before the regset is called
 *    (kernel/ptrace.c: ptrace_regset()); so are 8 bytes and full - 8.
 *  - NT_ARM_SVE shorter than the header (0 bytes): EINVAL
 *    (arch/arm64/kernel/ptrace.c: sve_set_common(), count < sizeof(header)).
 *  - vl 0, vl not a multiple of 16, a flag other than the format,
 *    SVE_PT_VL_INHERIT and SVE_PT_VL_ONEXEC: EINVAL from
 *    vec_set_vector_length() (arch/arm64/kernel/fpsimd.c: sve_vl_valid(),
 *    the flags mask), called before sve_set_common() touches any state;
 *    6.16+ rejects vl 0 itself when the system has SVE.
 *  - a vl the kernel rounds (vl_to_round()), with register data: EIO
 *    ("If setting a different VL from the requested VL and there is
 *    register data ... don't even try to set the registers"), after
 *    vec_set_vector_length() has set the rounded VL.  Before 6.16 the
 *    check comes before sve_alloc(): nothing else changes.  6.16+
 *    does sve_alloc(target, true), zeroes V, FPSR and FPCR and sets
 *    fp_type = FP_STATE_SVE first, so the task is left as a header-only
 *    write leaves it: every register zero (A-PT-23).
 *  - accepted by design: the same vl with no register data (a header-only
 *    write, A-PT-13/14); header.size, which sve_set_common() never reads;
 *    bytes past the payload (ptrace_regset() cuts iov_len to the regset,
 *    sve_set_common() copies FPSR/FPCR and stops); an NT_PRFPREG of V0-V15
 *    (__fpr_set() starts from the task's state, so the rest is kept).
 */
/*
 * W_REJ_SVE_VL_ROUNDED: the VL is set before the EIO: where vl + 16 is
 * supported the clamp makes it the largest (A-VL-2: V, FPSR, FPCR kept
 * before 6.16; A-PT-11: zero 6.16+).  6.16+ then resets every register
 * (A-PT-23); before 6.16 nothing else changes.
 */
void a64_wm_sve_rounded(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	bool v616 = am(r)->v616;

	if (vl_rounded(r, c->hvl) != c->vl) {
		a64_change_vl(r, vl_rounded(r, c->hvl),
			      v616 ? CARRY_ZERO : CARRY_KEEP,
			      v616 ? c->rule : rule_get("A-VL-2"));
		r->astate[0] = FMT_FPSIMD;
	}
	if (v616) {
		a64_expect_zero(r, ALL_SVE, c->rule);
		r->astate[0] = FMT_SVE;
	}
}

/* W_SVE_VL_ROUNDED_HEADER: as W_SVE_VL where the clamp changes the VL */
void a64_wm_sve_rounded_header(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	bool v616 = am(r)->v616;

	a64_change_vl(r, vl_rounded(r, c->hvl),
		      v616 ? CARRY_ZERO : CARRY_KEPT_OR_ZERO,
		      v616 ? c->rule : rule_get("A-PT-14"));
	expect_nothing_written(r, ALL_SVE, v616);
	r->astate[0] = FMT_SVE;
}

void a64_wm_prfpreg_short(struct a64_wctx *c)
{
	expect_v_low(c->r, c->img, c->phase, c->rule);
}
