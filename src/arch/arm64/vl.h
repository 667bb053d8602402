/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's answers about arm64 vector lengths, bounded before the
 * tracer sizes a buffer by them: header-only, so the host unit test
 * (tests/t-a64frame.c) feeds it answers no kernel should give.
 */
#ifndef FPABI_A64_VL_H
#define FPABI_A64_VL_H

#include <stdbool.h>

/* ARCH_SVE_VQ_MAX (arch/arm64/include/asm/fpsimd.h): 16 quadwords, the
 * architecture's limit for SVE and SME alike; every regset and frame
 * buffer of the tracer is sized for it (SVE_PT_SIZE(16, ...)). */
#define A64_VQ_MAX	16

/*
 * Is got (PR_SVE_SET_VL's or PR_SME_SET_VL's answer, PR_SVE_VL_LEN_MASK
 * applied) a VL the kernel may give for a request of asked bytes?
 * Documentation/arch/arm64/sve.rst, "prctl(PR_SVE_SET_VL, ...)": the VL
 * set is "the largest supported vector length less than or equal to"
 * the request; VLs are multiples of 16 bytes (1 to ARCH_SVE_VQ_MAX
 * quadwords).  Anything else (0, not a multiple of 16, above the
 * request or the limit) would size buffers wrongly: refused.
 */
static inline bool a64_vl_answer_ok(unsigned asked, int got)
{
	return got >= 16 && got % 16 == 0 && (unsigned)got <= asked &&
	       got <= 16 * A64_VQ_MAX;
}

#endif
