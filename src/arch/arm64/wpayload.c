// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 write payload builders (a64_build, write.h): a regset's
 * payload made from an image, for the rows of the fixed write table
 * (wtable.c) and of the regset-write matrix (wmatrix.c), which the write
 * executor (write.c) makes; and the header VL the kernel rounds.
 */
#include <errno.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "write.h"

#define FPR_SIZE	528	/* struct user_fpsimd_state */

/* V, FPSR and FPCR of an image as a struct user_fpsimd_state */
void a64_image_to_fpsimd(struct fpabi_run *r, const uint8_t *img,
			    uint8_t *fpr)
{
	unsigned vl = img_vl(r), n;

	memset(fpr, 0, FPR_SIZE);
	for (n = 0; n < 32; n++)
		memcpy(fpr + 16 * n, img + FPABI_A64_Z_OFF(vl, n), 16);
	memcpy(fpr + 512, img + FPABI_A64_CTRL_FPSR, 4);
	memcpy(fpr + 516, img + FPABI_A64_CTRL_FPCR, 4);
}

/* An SVE-format payload of img at VL vl (the image's layout at vl). */
size_t a64_sve_format(const uint8_t *img, unsigned vl, uint8_t *buf,
		      bool payload)
{
	unsigned vq = vl / 16;
	struct user_sve_header *h = (struct user_sve_header *)buf;

	h->vl = vl;
	h->flags = SVE_PT_REGS_SVE;
	h->size = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);
	if (!payload)
		return h->size;
	memcpy(buf + SVE_PT_SVE_OFFSET, img + FPABI_A64_Z_OFF(vl, 0),
	       SVE_PT_SVE_FFR_OFFSET(vq) + SVE_PT_SVE_FFR_SIZE(vq) -
	       SVE_PT_SVE_OFFSET);
	memcpy(buf + SVE_PT_SVE_FPSR_OFFSET(vq), img + FPABI_A64_CTRL_FPSR, 4);
	memcpy(buf + SVE_PT_SVE_FPCR_OFFSET(vq), img + FPABI_A64_CTRL_FPCR, 4);
	return h->size;
}

/* NT_ARM_SVE, SVE format, at the image's VL */
size_t a64_b_sve(struct a64_wctx *c, uint8_t *buf, bool payload,
		 size_t *half)
{
	((struct user_sve_header *)buf)->max_vl = am(c->r)->sve_max;
	*half = SVE_PT_SVE_ZREG_OFFSET(c->vl / 16, 16);
	return a64_sve_format(c->img, c->vl, buf, payload);
}

/* NT_ARM_SVE, FPSIMD format */
size_t a64_b_sve_fpsimd(struct a64_wctx *c, uint8_t *buf, bool payload,
			size_t *half)
{
	struct user_sve_header *h = (struct user_sve_header *)buf;

	h->vl = c->vl;
	h->max_vl = am(c->r)->sve_max;
	h->flags = SVE_PT_REGS_FPSIMD;
	h->size = SVE_PT_SIZE(c->vl / 16, SVE_PT_REGS_FPSIMD);
	if (payload)
		a64_image_to_fpsimd(c->r, c->img, buf + SVE_PT_FPSIMD_OFFSET);
	*half = h->size;
	return h->size;
}

/* NT_PRFPREG: struct user_fpsimd_state */
size_t a64_b_fpr(struct a64_wctx *c, uint8_t *buf, bool payload,
		    size_t *half)
{
	(void)payload;
	a64_image_to_fpsimd(c->r, c->img, buf);
	*half = FPR_SIZE;
	return FPR_SIZE;
}

/* NT_ARM_SSVE, SVE format at the SVL (the image streaming, WF_ENTER_SM) */
size_t a64_b_ssve(struct a64_wctx *c, uint8_t *buf, bool payload,
		  size_t *half)
{
	((struct user_sve_header *)buf)->max_vl = am(c->r)->sme_max;
	*half = 0;
	return a64_sve_format(c->img, AV(&c->r->v)->svl, buf, payload);
}

/*
 * NT_ARM_SSVE for a write the kernel must refuse: an SVE-format header at
 * the SVL and canaries from the image's Z area at whatever layout it has
 * (a write taken anyway shows them).
 */
size_t a64_b_ssve_refused(struct a64_wctx *c, uint8_t *buf, bool payload,
			  size_t *half)
{
	struct fpabi_run *r = c->r;
	unsigned svl = AV(&r->v)->svl;
	struct user_sve_header *h = (struct user_sve_header *)buf;
	size_t zoff = FPABI_A64_Z_OFF(c->vl, 0);

	h->vl = svl;
	h->max_vl = am(r)->sme_max;
	h->flags = SVE_PT_REGS_SVE;
	h->size = SVE_PT_SIZE(svl / 16, SVE_PT_REGS_SVE);
	if (payload)
		memcpy(buf + SVE_PT_SVE_OFFSET, c->img + zoff,
		       MIN(h->size - SVE_PT_SVE_OFFSET, r->lo.size - zoff));
	*half = 0;
	return h->size;
}

/* NT_ARM_ZA: the header, then the SVL rows of SVL bytes */
size_t a64_b_za(struct a64_wctx *c, uint8_t *buf, bool payload,
		   size_t *half)
{
	unsigned svl = AV(&c->r->v)->svl;
	struct user_za_header *h = (struct user_za_header *)buf;

	h->vl = svl;
	h->max_vl = am(c->r)->sme_max;
	h->size = ZA_PT_SIZE(svl / 16);
	if (payload)
		memcpy(buf + ZA_PT_ZA_OFFSET, c->img + a64_za_off(c->r->m),
		       (size_t)svl * svl);
	*half = ZA_PT_ZA_OFFSET + (size_t)svl * svl / 2;
	return h->size;
}

/* NT_ARM_ZT: ZT0's 64 bytes */
size_t a64_b_zt(struct a64_wctx *c, uint8_t *buf, bool payload,
		   size_t *half)
{
	(void)payload;
	memcpy(buf, c->img + a64_zt_off(c->r->m), 64);
	*half = 32;
	return 64;
}

/* NT_ARM_TLS: TPIDR_EL0 as it is (the tracee's thread pointer), then
 * TPIDR2 (twice: a long write's extra word is TPIDR2's again) */
size_t a64_b_tls(struct a64_wctx *c, uint8_t *buf, bool payload,
		    size_t *half)
{
	struct iovec iov = { buf, 16 };

	(void)payload;
	if (ptrace(PTRACE_GETREGSET, c->r->pid, NT_ARM_TLS, &iov) < 0)
		run_broken(c->r, "NT_ARM_TLS read before the write: %s",
			   strerror(errno));
	memcpy(buf + 8, c->img + FPABI_A64_CTRL_TPIDR2, 8);
	memcpy(buf + 16, c->img + FPABI_A64_CTRL_TPIDR2, 8);
	*half = 8;
	return 16;
}

/* NT_ARM_FPMR: one u64 (twice, as for TLS) */
size_t a64_b_fpmr(struct a64_wctx *c, uint8_t *buf, bool payload,
		     size_t *half)
{
	(void)payload;
	memcpy(buf, c->img + FPABI_A64_CTRL_FPMR, 8);
	memcpy(buf + 8, c->img + FPABI_A64_CTRL_FPMR, 8);
	*half = 4;
	return 8;
}

/*
 * The header vl of the rounding cases: vl + 16 where that VL is not
 * supported (find_supported_vector_length() rounds it down to vl), else
 * SVE_VL_MAX, which vec_set_vector_length() clamps to VL_ARCH_MAX (256)
 * and rounds down to the largest supported VL.
 */
unsigned a64_vl_to_round(const unsigned *vls, unsigned n, unsigned max,
			 unsigned vl)
{
	unsigned i;

	if (vl >= max)
		return 8192;
	for (i = 0; i < n; i++)
		if (vls[i] == vl + 16)
			return 8192;
	return vl + 16;
}

void a64_outcome_init(struct a64_outcome *o)
{
	memset(o, 0, sizeof(*o));
	o->pre_svcr = -1;
	o->inherit = -1;
}
