// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 payload checks shared by the observers: a regset's bytes past
 * what it produced are still the poison (A-PT-1), and an SVE-format or
 * FPSIMD-format payload at the image's VL with its zero padding against
 * the model (A-PT-6).  The frame's records are walked by sigframe.h.
 */
#include <stdlib.h>
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "a64.h"

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
void a64_fpsimd_to_image(struct fpabi_run *r, const uint8_t *fpr,
			 uint8_t *img)
{
	unsigned vl = img_vl(r), n;

	for (n = 0; n < 32; n++)
		memcpy(img + FPABI_A64_Z_OFF(vl, n), fpr + 16 * n, 16);
	memcpy(img + FPABI_A64_CTRL_FPSR, fpr + 512, 4);
	memcpy(img + FPABI_A64_CTRL_FPCR, fpr + 516, 4);
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
		a64_fpsimd_to_image(r, buf + SVE_PT_FPSIMD_OFFSET, img);
	}
	check_image_groups(r, obs, img, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) |
			   GM(G_FFR) | GM(G_FPSR));
	free(img);
}
