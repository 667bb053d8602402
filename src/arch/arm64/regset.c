// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 regsets at a ptrace stop: NT_PRFPREG, NT_ARM_SVE and NT_ARM_SSVE
 * read into poisoned buffers and checked byte by byte against the model;
 * NT_PRFPREG and NT_ARM_SVE writes of every shape, and what they must do.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "a64.h"

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

static void image_to_fpsimd(struct fpabi_run *r, const uint8_t *img,
			    uint8_t *fpr)
{
	unsigned vl = img_vl(r), n;

	memset(fpr, 0, FPR_SIZE);
	for (n = 0; n < 32; n++)
		memcpy(fpr + 16 * n, img + FPABI_A64_Z_OFF(vl, n), 16);
	memcpy(fpr + 512, img + FPABI_A64_CTRL_FPSR, 4);
	memcpy(fpr + 516, img + FPABI_A64_CTRL_FPCR, 4);
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
	check_value(r, obs, "header flags other than the format",
		    0, h.flags & ~SVE_PT_REGS_SVE, rule_get("A-PT-5"));
	check_value(r, obs, "header.__reserved", 0, h.__reserved,
		    rule_get("A-PT-5"));
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

static const char *const write_names[W_NKINDS] = {
	[W_SVE] = "NT_ARM_SVE SVE format",
	[W_FPSIMD] = "NT_ARM_SVE FPSIMD format",
	[W_PRFPREG] = "NT_PRFPREG",
	[W_SVE_HEADER] = "NT_ARM_SVE SVE format header only",
	[W_SVE_HALF] = "NT_ARM_SVE SVE format Z0-Z15 only",
	[W_FPSIMD_HEADER] = "NT_ARM_SVE FPSIMD format header only",
	[W_SVE_VL] = "NT_ARM_SVE header only with another VL",
	[W_SSVE] = "NT_ARM_SSVE SVE format",
	[W_ZA] = "NT_ARM_ZA",
	[W_ZA_HEADER] = "NT_ARM_ZA header only",
	[W_ZA_HALF] = "NT_ARM_ZA first half of the rows",
	[W_ZT] = "NT_ARM_ZT",
	[W_ZA_VL] = "NT_ARM_ZA header only with another SVL",
	[W_ZA_VL_BACK] = "NT_ARM_ZA header only with the first SVL",
	[W_SSVE_VL] = "NT_ARM_SSVE header only with another SVL",
	[W_SSVE_VL_BACK] = "NT_ARM_SSVE header only with the first SVL",
	[W_TLS] = "NT_ARM_TLS with TPIDR2",
	[W_FPMR] = "NT_ARM_FPMR",
	[W_REJ_SVE_LEN0] = "NT_ARM_SVE of 0 bytes",
	[W_REJ_SVE_SHORT] = "NT_ARM_SVE of 8 bytes (below the header)",
	[W_REJ_SVE_UNALIGNED] = "NT_ARM_SVE full payload less 8 bytes",
	[W_REJ_SVE_VL0] = "NT_ARM_SVE with vl 0",
	[W_REJ_SVE_VL_INVALID] = "NT_ARM_SVE with a vl not a multiple of 16",
	[W_REJ_SVE_FLAGS] = "NT_ARM_SVE with unknown flag 0x8",
	[W_REJ_SVE_VL_ROUNDED] = "NT_ARM_SVE payload with a vl the kernel rounds",
	[W_REJ_FPR_UNALIGNED] = "NT_PRFPREG of 526 bytes",
	[W_SVE_ABOVE] = "NT_ARM_SVE full payload and 16 more bytes",
	[W_SVE_BAD_SIZE] = "NT_ARM_SVE with a bogus header.size",
	[W_SVE_VL_ROUNDED_HEADER] = "NT_ARM_SVE header only, a vl the kernel rounds",
	[W_PRFPREG_SHORT] = "NT_PRFPREG V0-V15 only",
	[W_REJ_SSVE_LEN0] = "NT_ARM_SSVE of 0 bytes",
	[W_REJ_SSVE_UNALIGNED] = "NT_ARM_SSVE full payload less 8 bytes",
	[W_REJ_SSVE_VL_INVALID] = "NT_ARM_SSVE with a vl not a multiple of 16",
	[W_REJ_SSVE_FLAGS] = "NT_ARM_SSVE with unknown flag 0x8",
	[W_REJ_ZA_LEN0] = "NT_ARM_ZA of 0 bytes",
	[W_REJ_ZA_UNALIGNED] = "NT_ARM_ZA full payload less 8 bytes",
	[W_REJ_ZA_VL_INVALID] = "NT_ARM_ZA with a vl not a multiple of 16",
	[W_REJ_ZA_FLAGS] = "NT_ARM_ZA with unknown flag 0x8",
	[W_REJ_ZT_SHORT] = "NT_ARM_ZT of 32 bytes",
	[W_RANDOM] = "NT_ARM_SVE or NT_PRFPREG, randomly mutated",
	[W_REJ_TLS_UNALIGNED] = "NT_ARM_TLS of 12 bytes",
	[W_TLS_TPIDR_ONLY] = "NT_ARM_TLS of 8 bytes (TPIDR only)",
	[W_TLS_LONG] = "NT_ARM_TLS of 24 bytes",
	[W_REJ_FPMR_UNALIGNED] = "NT_ARM_FPMR of 4 bytes",
	[W_FPMR_LONG] = "NT_ARM_FPMR of 16 bytes",
};

const char *a64_write_kind_name(unsigned kind)
{
	return kind < W_NKINDS ? write_names[kind] : "?";
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

/* An SVE-format NT_ARM_SVE payload of img at the image's VL, with header. */
static void sve_payload(struct fpabi_run *r, const uint8_t *img, uint8_t *buf)
{
	unsigned vl = img_vl(r), vq = vl / 16;
	struct user_sve_header *h = (struct user_sve_header *)buf;

	h->vl = vl;
	h->max_vl = am(r)->sve_max;
	h->flags = SVE_PT_REGS_SVE;
	h->size = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);
	memcpy(buf + SVE_PT_SVE_OFFSET, img + FPABI_A64_Z_OFF(vl, 0),
	       SVE_PT_SVE_FFR_OFFSET(vq) + SVE_PT_SVE_FFR_SIZE(vq) -
	       SVE_PT_SVE_OFFSET);
	memcpy(buf + SVE_PT_SVE_FPSR_OFFSET(vq), img + FPABI_A64_CTRL_FPSR, 4);
	memcpy(buf + SVE_PT_SVE_FPCR_OFFSET(vq), img + FPABI_A64_CTRL_FPCR, 4);
}

/*
 * The header vl of the rounding cases: vl + 16 where that VL is not
 * supported (find_supported_vector_length() rounds it down to vl), else
 * SVE_VL_MAX, which vec_set_vector_length() clamps to VL_ARCH_MAX (256)
 * and rounds down to the largest supported VL.
 */
static unsigned vl_to_round(const struct fpabi_run *r, unsigned vl)
{
	const struct a64_machine *a = am(r);
	unsigned i;

	if (vl >= a->sve_max)
		return 8192;
	for (i = 0; i < a->nsve; i++)
		if (a->sve_vls[i] == vl + 16)
			return 8192;
	return vl + 16;
}

/* The VL the kernel sets for a header vl (valid, as vl_to_round() gives). */
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
static int write_malformed(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	unsigned vl = img_vl(r), vq = vl / 16, note = NT_ARM_SVE;
	size_t full = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE), len = full;
	uint8_t *img = xmalloc(r->lo.size), *buf = xzalloc(full + FPR_SIZE + 64);
	struct user_sve_header *h = (struct user_sve_header *)buf;
	const uint64_t all = GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			     GM(G_FPSR);
	const struct fpabi_rule *rule = rule_get("A-PT-22");
	char obs[112];
	int want = 0, err;

	image_fill(r, img, phase, 0);
	sve_payload(r, img, buf);
	switch (kind) {
	case W_REJ_SVE_LEN0:
		len = 0;
		want = EINVAL;
		break;
	case W_REJ_SVE_SHORT:
		len = 8;
		want = EINVAL;
		break;
	case W_REJ_SVE_UNALIGNED:
		len = full - 8;
		want = EINVAL;
		break;
	case W_REJ_SVE_VL0:
		h->vl = 0;
		want = EINVAL;
		break;
	case W_REJ_SVE_VL_INVALID:
		h->vl = vl + 8;
		want = EINVAL;
		break;
	case W_REJ_SVE_FLAGS:
		h->flags |= 0x8;
		want = EINVAL;
		break;
	case W_REJ_SVE_VL_ROUNDED:
	case W_SVE_VL_ROUNDED_HEADER:
		h->vl = vl_to_round(r, vl);
		if (kind == W_SVE_VL_ROUNDED_HEADER)
			len = sizeof(*h);
		else
			want = EIO;
		rule = rule_get("A-PT-23");
		break;
	case W_REJ_FPR_UNALIGNED:
	case W_PRFPREG_SHORT:
		note = NT_PRFPREG;
		image_to_fpsimd(r, img, buf);
		len = kind == W_PRFPREG_SHORT ? 256 : FPR_SIZE - 2;
		want = kind == W_PRFPREG_SHORT ? 0 : EINVAL;
		rule = rule_get("A-PT-24");
		break;
	case W_SVE_ABOVE:
		memset(buf + full, 0xa5, 16);
		len = full + 16;
		break;
	case W_SVE_BAD_SIZE:
		h->size = 0xdead0010;
		break;
	default:
		die("internal: unknown arm64 write kind %u", kind);
	}
	snprintf(obs, sizeof(obs), "%s write at stop %d",
		 a64_write_kind_name(kind), r->stops);
	err = regset_set(r, note, buf, len);
	check_errno(r, obs, "PTRACE_SETREGSET", want, err, rule);
	if (err != want)
		goto out;
	switch (kind) {
	case W_REJ_SVE_VL_ROUNDED:
		/*
		 * The VL is set before the EIO: where vl + 16 is supported
		 * the clamp makes it the largest (A-VL-2: V, FPSR, FPCR kept
		 * before 6.16; A-PT-11: zero 6.16+).  6.16+ then resets every
		 * register (A-PT-23); before 6.16 nothing else changes.
		 */
		if (vl_rounded(r, h->vl) != vl) {
			a64_change_vl(r, vl_rounded(r, h->vl), am(r)->v616 ?
				      CARRY_ZERO : CARRY_KEEP, am(r)->v616 ?
				      rule : rule_get("A-VL-2"));
			r->astate[0] = FMT_FPSIMD;
		}
		if (am(r)->v616) {
			a64_expect_zero(r, all, rule);
			r->astate[0] = FMT_SVE;
		}
		break;
	case W_SVE_ABOVE:
	case W_SVE_BAD_SIZE:
		expect_written(r, all, 0, img, phase, rule);
		r->astate[0] = FMT_SVE;
		break;
	case W_SVE_VL_ROUNDED_HEADER:
		/* as W_SVE_VL where the clamp changes the VL */
		a64_change_vl(r, vl_rounded(r, h->vl), am(r)->v616 ?
			      CARRY_ZERO : CARRY_KEPT_OR_ZERO, am(r)->v616 ?
			      rule : rule_get("A-PT-14"));
		expect_nothing_written(r, all, am(r)->v616);
		r->astate[0] = FMT_SVE;
		break;
	case W_PRFPREG_SHORT:
		expect_v_low(r, img, phase, rule);
		break;
	}
out:
	free(img);
	free(buf);
	return 0;
}

#ifndef SVE_PT_VL_ONEXEC
#define SVE_PT_VL_ONEXEC	4	/* PR_SVE_SET_VL_ONEXEC >> 16 */
#endif

/*
 * W_RANDOM (A-PT-26): a full SVE-format NT_ARM_SVE write of phase's
 * registers (NT_PRFPREG one time in four), then one to three mutations
 * from the run's seed: header.size, iov_len, flag bits (VL_ONEXEC,
 * unknown ones), an invalid vl (0, or not a multiple of 16), max_vl and
 * __reserved.  Never the format bit (an SVE payload read as FPSIMD puts Z
 * bytes in the wrong V registers), never VL_INHERIT (a taken write keeps
 * it, and every later header reports it: task state the model does not
 * follow), never a valid other vl (a VL change), never register bytes:
 * then, taken, partly taken or
 * refused, every register must be its old value, the written one, zero
 * or init.
 */
static int write_random(struct fpabi_run *r, unsigned phase)
{
	unsigned vl = img_vl(r), vq = vl / 16;
	uint64_t seed = r->seed ^ 0x77726974652d7264ull;
	bool sve = (r->m->have & NEED_SVE) && mix64_next(&seed) % 4 != 0;
	size_t full = sve ? SVE_PT_SIZE(vq, SVE_PT_REGS_SVE) : FPR_SIZE;
	size_t len = full;
	uint8_t *img = xmalloc(r->lo.size), *buf = xzalloc(full + 4096);
	struct user_sve_header *h = (struct user_sve_header *)buf;
	unsigned n = 1 + mix64_next(&seed) % 3, i;
	char obs[96];
	int err;

	image_fill(r, img, phase, 0);
	if (sve) {
		h->vl = vl;
		h->max_vl = am(r)->sve_max;
		sve_payload(r, img, buf);
	} else {
		image_to_fpsimd(r, img, buf);
	}
	for (i = 0; i < n; i++) {
		uint64_t v = mix64_next(&seed), k = v >> 8;
		size_t lens[] = { 0, 8, 16, full - 8, full - 16, full / 2 & ~15ul,
				  full + 16, k % (full + 32) };
		uint32_t sizes[] = { 0, 16, h->size - 16, h->size + 16,
				     (uint32_t)k };
		static const uint16_t flags[] = {
			SVE_PT_VL_ONEXEC, 0x8, 0x10, 0x100, 0x8000,
		};

		switch (sve ? v % 5 : 4) {
		case 0:
			h->size = sizes[k % 5];
			break;
		case 1:
			h->flags |= flags[k % 5];
			break;
		case 2:
			h->vl = k & 1 ? 0 : vl + 8;
			break;
		case 3:
			h->max_vl = (uint16_t)k;
			h->__reserved = (uint16_t)(k >> 16);
			break;
		default:
			len = lens[k % 8];
			break;
		}
	}
	snprintf(obs, sizeof(obs), "%s write (random) at stop %d",
		 sve ? "NT_ARM_SVE" : "NT_PRFPREG", r->stops);
	err = regset_set(r, sve ? NT_ARM_SVE : NT_PRFPREG, buf, len);
	vlog("%s: %s: %zu bytes, flags %#x, vl %u, size %u: %s", r->id, obs,
	     len, h->flags, h->vl, h->size, err ? strerror(err) : "taken");
	expect_old_or(r, img, rule_get("A-PT-26"));
	/* either regset format may follow */
	r->astate[0] = FMT_EITHER;
	free(img);
	free(buf);
	return 0;
}

int a64_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	unsigned vl = img_vl(r), vq = vl / 16;
	bool v616 = am(r)->v616;
	size_t full = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE), len;
	uint8_t *img = xmalloc(r->lo.size), *buf = xzalloc(full + FPR_SIZE);
	struct user_sve_header *h = (struct user_sve_header *)buf;
	const struct fpabi_rule *rule;
	unsigned note = NT_ARM_SVE;
	char obs[96];
	int err;

	if (kind >= W_REJ_TLS_UNALIGNED) {
		free(img);
		free(buf);
		return a64_sme_write_tls_fpmr(r, phase, kind);
	}
	if (kind == W_RANDOM) {
		free(img);
		free(buf);
		return write_random(r, phase);
	}
	if (kind >= W_SSVE) {
		free(img);
		free(buf);
		return kind <= W_FPMR ? a64_sme_write(r, phase, kind) :
		       kind >= W_REJ_SSVE_LEN0 ?
		       a64_sme_write_malformed(r, phase, kind) :
		       write_malformed(r, phase, kind);
	}
	image_fill(r, img, phase, 0);
	h->vl = vl;
	h->max_vl = am(r)->sve_max;
	switch (kind) {
	case W_SVE:
	case W_SVE_HEADER:
	case W_SVE_HALF:
		sve_payload(r, img, buf);
		len = kind == W_SVE ? full : kind == W_SVE_HEADER ?
		      sizeof(*h) : SVE_PT_SVE_ZREG_OFFSET(vq, 16);
		break;
	case W_FPSIMD:
	case W_FPSIMD_HEADER:
		h->flags = SVE_PT_REGS_FPSIMD;
		h->size = SVE_PT_SIZE(vq, SVE_PT_REGS_FPSIMD);
		image_to_fpsimd(r, img, buf + SVE_PT_FPSIMD_OFFSET);
		len = kind == W_FPSIMD ? h->size : sizeof(*h);
		break;
	case W_SVE_VL:
		h->vl = a64_other_vl(r);
		h->flags = SVE_PT_REGS_SVE;
		h->size = sizeof(*h);
		len = sizeof(*h);
		break;
	case W_PRFPREG:
		note = NT_PRFPREG;
		image_to_fpsimd(r, img, buf);
		len = FPR_SIZE;
		break;
	default:
		die("internal: unknown arm64 write kind %u", kind);
	}
	snprintf(obs, sizeof(obs), "%s write at stop %d",
		 a64_write_kind_name(kind), r->stops);
	err = regset_set(r, note, buf, len);
	rule = rule_get(kind == W_PRFPREG ? "A-PT-4" :
			kind == W_FPSIMD || kind == W_FPSIMD_HEADER ? "A-PT-12" :
			kind == W_SVE_VL ? "A-PT-11" : "A-PT-13");
	check_errno(r, obs, "PTRACE_SETREGSET", 0, err, rule);
	if (err)
		goto out;

	switch (kind) {
	case W_SVE:
		expect_written(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			       GM(G_FPSR), 0, img, phase, rule);
		r->astate[0] = FMT_SVE;
		break;
	case W_FPSIMD:
		expect_written(r, GM(G_ZLO) | GM(G_FPSR),
			       GM(G_ZHI) | GM(G_P) | GM(G_FFR), img, phase, rule);
		r->astate[0] = FMT_FPSIMD;
		break;
	case W_PRFPREG:
		expect_written(r, GM(G_ZLO) | GM(G_FPSR),
			       GM(G_ZHI) | GM(G_P) | GM(G_FFR), img, phase, rule);
		break;
	case W_SVE_HEADER:
		expect_nothing_written(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) |
				       GM(G_FFR) | GM(G_FPSR), v616);
		r->astate[0] = FMT_SVE;
		break;
	case W_SVE_HALF:
		expect_half(r, img, phase, v616);
		r->astate[0] = FMT_SVE;
		break;
	case W_SVE_VL:
		/* 6.16+: V, FPSR, FPCR zero (A-PT-11); before: unspecified */
		a64_change_vl(r, h->vl, v616 ? CARRY_ZERO : CARRY_KEPT_OR_ZERO,
			      v616 ? rule : rule_get("A-PT-14"));
		r->astate[0] = FMT_SVE;
		break;
	case W_FPSIMD_HEADER:
		/* FPSIMD format: no SVE bits survive, whatever the revision */
		a64_expect_zero(r, GM(G_ZHI) | GM(G_P) | GM(G_FFR), rule);
		expect_nothing_written(r, GM(G_ZLO) | GM(G_FPSR), v616);
		r->astate[0] = FMT_FPSIMD;
		break;
	}
out:
	free(img);
	free(buf);
	return 0;
}
