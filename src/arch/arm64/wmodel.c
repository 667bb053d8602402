// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The models of the regset-write matrix's outcomes (wmatrix.c names
 * them): what the bytes of a taken write cover take the payload's
 * values, the rest is kept, zero, or old-or-zero as the kernel's regset
 * code (arch/arm64/kernel/ptrace.c) and the documents say.
 */
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "write.h"

#define FPR_SIZE	528
#define ALL_SVE	(GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) | GM(G_FPSR))
#define SVE_HI	(GM(G_ZHI) | GM(G_P) | GM(G_FFR))

enum rest { R_KEEP, R_ZERO, R_KOZ };

/* where field f lies in the payload (from the start of the iovec), or -1 */
typedef long poff_fn(const struct fpabi_run *r, const struct fpabi_field *f);

/* SVE format: Z, P, FFR in the image's order, then FPSR, FPCR */
static long off_sve(const struct fpabi_run *r, const struct fpabi_field *f)
{
	unsigned vl = img_vl(r), vq = vl / 16;

	if (f->group == G_ZLO || f->group == G_ZHI || f->group == G_P ||
	    f->group == G_FFR)
		return SVE_PT_SVE_OFFSET + (long)f->off -
		       (long)FPABI_A64_Z_OFF(vl, 0);
	if (f->off == FPABI_A64_CTRL_FPSR)
		return (long)SVE_PT_SVE_FPSR_OFFSET(vq);
	if (f->off == FPABI_A64_CTRL_FPCR)
		return (long)SVE_PT_SVE_FPCR_OFFSET(vq);
	return -1;
}

/* struct user_fpsimd_state at base: V, FPSR, FPCR */
static long off_fpsimd_at(const struct fpabi_field *f, long base)
{
	if (f->group == G_ZLO)
		return base + 16 * (long)f->reg;
	if (f->off == FPABI_A64_CTRL_FPSR)
		return base + 512;
	if (f->off == FPABI_A64_CTRL_FPCR)
		return base + 516;
	return -1;
}

static long off_fpsimd(const struct fpabi_run *r, const struct fpabi_field *f)
{
	(void)r;
	return off_fpsimd_at(f, SVE_PT_FPSIMD_OFFSET);
}

static long off_fpr(const struct fpabi_run *r, const struct fpabi_field *f)
{
	(void)r;
	return off_fpsimd_at(f, 0);
}

static long off_za(const struct fpabi_run *r, const struct fpabi_field *f)
{
	return f->group == G_ZA ?
	       (long)ZA_PT_ZA_OFFSET + (long)f->reg * (long)AV(&r->v)->svl : -1;
}

/* ZT0 and FPMR start the payload; TPIDR2 is NT_ARM_TLS's second word */
static long off_start(const struct fpabi_run *r, const struct fpabi_field *f)
{
	(void)r;
	(void)f;
	return 0;
}

static long off_tpidr2(const struct fpabi_run *r, const struct fpabi_field *f)
{
	(void)r;
	(void)f;
	return 8;
}

/* Fields of groups the write's bytes cover take the payload's values; the
 * others are kept, zero, or their old value or zero, as rest says. */
static void cover(struct a64_wctx *c, uint64_t groups, poff_fn *off,
		  enum rest rest, const struct fpabi_rule *rest_rule)
{
	struct fpabi_run *r = c->r;
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];
		long o;

		if (!(groups >> f->group & 1) || f->fill == FILL_NONE)
			continue;
		o = off(r, f);
		if (o >= 0 && (size_t)o + f->size <= c->len) {
			expect_field(r, i, c->img + f->off, c->rule);
			r->exp.phase[i] = c->phase;
		} else if (rest == R_ZERO) {
			expect_field_init(r, i, rest_rule);
		} else if (rest == R_KOZ) {
			expect_field_kept_or_zero(r, i, rest_rule);
		}
	}
}


/*
 * An SVE-format NT_ARM_SVE or NT_ARM_SSVE write the kernel took, in the
 * mode and at the VL it set first (outcome_now()): what the payload
 * covers is written; 6.16+ zeroes the rest (sve_alloc(), the V/FPSR/FPCR
 * reset: A-PT-13); before 6.16 sve.rst leaves it unspecified (A-PT-14).
 */
void a64_wmx_sve(struct a64_wctx *c)
{
	bool v616 = am(c->r)->v616;

	cover(c, ALL_SVE, off_sve, v616 ? R_ZERO : R_KOZ,
	      rule_get(v616 ? "A-PT-13" : "A-PT-14"));
	c->r->astate[0] = FMT_SVE;
}

/* FPSIMD format (A-PT-12): V, FPSR, FPCR from the payload; no SVE state */
void a64_wmx_fpsimd(struct a64_wctx *c)
{
	cover(c, GM(G_ZLO) | GM(G_FPSR), off_fpsimd,
	      am(c->r)->v616 ? R_ZERO : R_KEEP, c->rule);
	a64_expect_zero(c->r, SVE_HI, c->rule);
	c->r->astate[0] = FMT_FPSIMD;
}

/* 6.16+ EIO (A-PT-23, A-PT-29): storage and V/FPSR/FPCR reset first */
void a64_wmx_reset(struct a64_wctx *c)
{
	a64_expect_zero(c->r, ALL_SVE, c->rule);
	c->r->astate[0] = FMT_SVE;
}

/* NT_PRFPREG (A-PT-4, A-PT-24): what the bytes cover, the rest of V,
 * FPSR, FPCR kept; live SVE bits zero (the zero padding) */
void a64_wmx_fpr(struct a64_wctx *c)
{
	cover(c, GM(G_ZLO) | GM(G_FPSR), off_fpr, R_KEEP, c->rule);
	a64_expect_zero(c->r, SVE_HI, c->rule);
}

/* NT_ARM_ZA header alone (A-PT-17, A-VL-7): PSTATE.ZA 0 */
void a64_wmx_za_off(struct a64_wctx *c)
{
	a64_set_svcr(c->r, c->svcr & ~SV_ZA, ~0ull, 0, c->rule);
	a64_expect_zero(c->r, GM(G_ZA) | GM(G_ZT), c->rule);
}

/*
 * NT_ARM_ZA with rows (A-PT-17): PSTATE.ZA 1, the rows given; the storage
 * is flushed only if ZA was off (sme_alloc(target, !thread_za_enabled())),
 * so rows not given and ZT0 are kept if it was on, zero if not.
 */
void a64_wmx_za(struct a64_wctx *c)
{
	bool was = c->svcr & SV_ZA;

	a64_set_svcr(c->r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	cover(c, GM(G_ZA), off_za, was ? R_KEEP : R_ZERO, c->rule);
	if (!was)
		a64_expect_zero(c->r, GM(G_ZT), c->rule);
}

/* NT_ARM_ZT (A-PT-19): PSTATE.ZA 1 (ZA and ZT0 zeroed if it was off),
 * ZT0 as given */
void a64_wmx_zt(struct a64_wctx *c)
{
	bool was = c->svcr & SV_ZA;

	a64_set_svcr(c->r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	if (!was)
		a64_expect_zero(c->r, GM(G_ZA) | GM(G_ZT), c->rule);
	cover(c, GM(G_ZT), off_start, R_KEEP, c->rule);
}

/* NT_ARM_TLS, NT_ARM_FPMR (A-PT-21, A-PT-20, A-PT-27): what is given */
void a64_wmx_tls(struct a64_wctx *c)
{
	cover(c, GM(G_TPIDR2), off_tpidr2, R_KEEP, c->rule);
}

void a64_wmx_fpmr(struct a64_wctx *c)
{
	cover(c, GM(G_FPMR), off_start, R_KEEP, c->rule);
}
