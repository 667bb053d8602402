/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arm64 regset writes: a write in the making, and the models of what each
 * write kind changes (regset.c: NT_PRFPREG and NT_ARM_SVE; sme.c: the
 * SME regsets, TLS and FPMR), which the table of write kinds in write.c
 * names.
 */
#ifndef FPABI_A64_WRITE_H
#define FPABI_A64_WRITE_H

#include "uapi-compat/arm64.h"
#include "a64.h"

#ifndef ZA_PT_ZA_OFFSET
struct user_za_header {
	__u32 size, max_size;
	__u16 vl, max_vl, flags, __reserved;
};
#define ZA_PT_ZA_OFFSET		16
#define ZA_PT_SIZE(vq)		(ZA_PT_ZA_OFFSET + (vq) * 16 * (vq) * 16)
#endif

/* A write kind's regset write, as made (write.c: a64_write_stop()). */
struct a64_wctx {
	struct fpabi_run *r;
	unsigned phase;
	unsigned vl;		/* the image's VL when the write was made */
	unsigned svcr;		/* the model's SVCR before the write */
	unsigned hvl;		/* the vl of the header written (0: none) */
	const uint8_t *img;	/* the phase's image the payload came from */
	const struct fpabi_rule *rule;	/* the row's */
};

/*
 * Models: what a write that got the errno its row expects changes.  Each
 * is one behaviour of the kernel's regset code, described where it is
 * defined; the rows name them.
 */
typedef void a64_write_model(struct a64_wctx *c);

/* NT_ARM_SVE and NT_PRFPREG (regset.c) */
a64_write_model a64_wm_sve, a64_wm_fpsimd, a64_wm_prfpreg, a64_wm_sve_header,
		a64_wm_sve_half, a64_wm_sve_vl, a64_wm_fpsimd_header,
		a64_wm_sve_rounded, a64_wm_sve_rounded_header,
		a64_wm_prfpreg_short;
/* NT_ARM_SSVE, NT_ARM_ZA, NT_ARM_ZT, NT_ARM_TLS, NT_ARM_FPMR (sme.c) */
a64_write_model a64_wm_ssve, a64_wm_ssve_vl, a64_wm_za, a64_wm_za_header,
		a64_wm_za_half, a64_wm_za_vl, a64_wm_zt, a64_wm_tpidr2,
		a64_wm_fpmr;

#endif
