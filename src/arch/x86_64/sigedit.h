/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86_64 signal frame edits (S_FAULT b & 0xff): the tracee's handler makes
 * them (src/tracee/x86_64/sig.c), the tracer's model mirrors them
 * (src/arch/x86_64/sigframe.c).  The E_F_* edits forge the frame: each
 * first writes the edit phase's registers into it (as E_REGS), then breaks
 * one thing the kernel's sigreturn checks.
 */
#ifndef FPABI_X86_SIGEDIT_H
#define FPABI_X86_SIGEDIT_H

enum {
	E_NONE,
	E_REGS,		/* every register from the edit image */
	E_CLEAR_AVX,	/* XSTATE_BV without AVX and AVX-512 */
	/* forged: accepted with a defined state */
	E_F_MAGIC1,	/* fx_sw_reserved.magic1 = 0: FXSAVE-only frame */
	E_F_MAGIC2,	/* magic2 after the XSAVE area flipped */
	E_F_SIZE_SMALL,	/* xstate_size = 576 (legacy + header), magic2
			   left where it was */
	E_F_SIZE_MOVED,	/* a smaller, self-consistent frame: xstate_size,
			   extended_size, xfeatures and XSTATE_BV cover x87,
			   SSE and AVX only, magic2 at the new xstate_size,
			   the old magic2 cleared */
	E_F_XFEAT_NOAVX,	/* fx_sw.xfeatures without AVX and AVX-512 */
	E_F_XFEAT_EXTRA,	/* fx_sw.xfeatures plus every bit outside XCR0 */
	E_F_FP_NULL,	/* uc_mcontext.fpregs = NULL */
	E_F_XCOMP,	/* XSAVE header xcomp_bv = bit 63 | XSTATE_BV: the
			   compacted form, on a CPU with XSAVEC */
	/* forged: refused (S_REFUSED) */
	E_F_XCOMP_OUTSIDE,	/* xcomp_bv = bit 63 | XSTATE_BV | a bit
				   outside XCR0 */
	E_F_HDR_RSVD,	/* XSAVE header byte 16 (reserved) = 1 */
	E_F_BV_OUTSIDE,	/* XSTATE_BV plus the lowest bit outside XCR0 */
	E_F_MXCSR,	/* MXCSR plus the lowest bit outside MXCSR_MASK */
	E_F_FP_UNMAPPED,	/* fpregs = 4096: below mmap_min_addr */
	E_F_FP_KERNEL,	/* fpregs = a kernel address */
	E_F_FP_MISALIGNED,	/* fpregs + 8: FXRSTOR/XRSTOR alignment */
	/* random mutations of fx_sw_reserved, the XSAVE header, MXCSR and
	 * the fpstate pointer, from the slot's edit_seed (SIG_MAYBE) */
	E_F_RANDOM,
	E_NEDITS
};

/* shm arch_flags: XRSTOR takes reserved MXCSR bits (QEMU TCG), so a
 * random mutation must not set one (the kernel would load it) */
#define FPABI_X86_NO_MXCSR_GP	1u

/* a kernel-half address: access_ok() refuses it */
#define X86_KERNEL_ADDR		0xffff888000000000ull
/* the standard-format end of x87 + SSE + AVX (SDM vol. 1 13.4, 13.5.3) */
#define X86_AVX_END		832

#endif
