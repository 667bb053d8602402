/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What x86_64 case tables (cases/x86_64*.c) may name: the backend's
 * needs, its write and signal-frame edit kinds, and its probes.  The
 * public face of src/arch/x86_64/; the backend includes it too.
 */
#ifndef FPABI_X86_64_CASE_H
#define FPABI_X86_64_CASE_H

#include "fpabi/case.h"
#include "fpabi/shm.h"

struct fpabi_run;

/* NEED_* bits of this arch */
#define NEED_XSAVE	(1ull << 0)
#define NEED_AVX	(1ull << 1)
#define NEED_AVX512	(1ull << 2)
#define NEED_PKU	(1ull << 3)
#define NEED_AMX	(1ull << 4)
#define NEED_XSAVEC	(1ull << 5)	/* XRSTOR takes the compacted form */
/* (1ull << 6) was NEED_MXCSR_GP: now platform quirk mxcsr-reserved-accepted */

/*
 * Scenario preconditions (struct fpabi_case.pre; the proofs:
 * src/arch/x86_64/precond.c)
 *  PRE_X86_INIT: the components the variant leaves in init are in init
 *    where the kernel reads them: their XSTATE_BV bit clear in every
 *    NT_X86_XSTATE read and signal frame (a CPU that tracks XINUSE)
 */
#define PRE_X86_INIT	(1u << 0)

/* write kinds (S_WRITE b) */
enum {
	W_XSTATE,	/* NT_X86_XSTATE, XSTATE_BV = the variant's components */
	W_XSTATE_LEGACY,	/* NT_X86_XSTATE, XSTATE_BV = x87 | SSE only */
	W_FPREGS,	/* NT_PRFPREG, the 512-byte legacy area */
	/* malformed or odd-sized writes (regset.c: bad_writes[]) */
	W_XS_BV_OUTSIDE,	/* XSTATE_BV: lowest bit outside XCR0 */
	W_XS_BV_SUPERVISOR,	/* XSTATE_BV: CET_U (11), a supervisor bit */
	W_XS_BV_BIT63,		/* XSTATE_BV: bit 63 */
	W_XS_XCOMP,		/* xcomp_bv = bit 63 | XSTATE_BV (compacted) */
	W_XS_RSVD_FIRST,	/* first reserved header byte non-zero */
	W_XS_RSVD_LAST,		/* last reserved header byte non-zero */
	W_XS_MXCSR,		/* MXCSR with a bit outside MXCSR_MASK */
	W_XS_MXCSR_SSE,		/* the same, XSTATE_BV = SSE only */
	W_XS_MXCSR_YMM,		/* the same, XSTATE_BV = AVX only */
	W_XS_LEN_0,		/* iov_len 0 */
	W_XS_LEN_8,		/* 8: below the legacy area */
	W_XS_LEN_512,		/* the legacy area only */
	W_XS_LEN_576,		/* legacy area and XSAVE header */
	W_XS_LEN_SHORT,		/* the full size less 64 */
	W_XS_LEN_UNALIGNED,	/* the full size less 4 */
	W_XS_LEN_LONG,		/* the full size and 8 more: accepted */
	W_XS_LEN_HUGE,		/* the full size and 4096 more: accepted */
	W_FP_LEN_0,		/* NT_PRFPREG iov_len 0 */
	W_FP_LEN_416,		/* without the software bytes 416-511 */
	W_FP_LEN_504,		/* 8 short */
	W_FP_LEN_UNALIGNED,	/* 516 */
	W_FP_LEN_LONG,		/* 520: accepted */
	W_FP_MXCSR,		/* MXCSR with a bit outside MXCSR_MASK */
	W_PRXFPREG,		/* NT_PRXFPREG: not in the 64-bit view */
	W_RANDOM,		/* fuzz: NT_X86_XSTATE or NT_PRFPREG with random
				   header, MXCSR and length mutations */
	W_NKINDS
};

/* write kinds from W_MX_BASE on: the generated rows of the regset-write
 * matrix (src/arch/x86_64/wmatrix.c) */
#define W_MX_BASE	0x400

/*
 * x86_64 signal frame edits (S_FAULT b & 0xff): the tracee's handler makes
 * them (src/tracee/x86_64/sig.c), the tracer's model mirrors them
 * (src/arch/x86_64/sigframe.c).  The E_F_* edits forge the frame: each
 * first writes the edit phase's registers into it (as E_REGS), then breaks
 * one thing the kernel's sigreturn checks.
 */
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

/*
 * The signal-edit matrix's edits (src/arch/x86_64/smatrix.c), made by
 * the handler like the others:
 *  E_SLOT(xf): only component xf's slot in the frame from the edit image
 *    (XSTATE_BV as the kernel wrote it; xf E_SLOT_MXCSR: MXCSR alone, the
 *    x87 slot without it, the SSE slot the XMM registers);
 *  E_BV_CLEAR(xf): the frame's XSTATE_BV without bit xf, nothing else;
 *  E_SW(k): every register from the edit image (E_REGS), then one field
 *    of fx_sw_reserved changed as enum x86_sw says.
 */
#define E_SLOT_BASE	0x40
#define E_SLOT(xf)	(E_SLOT_BASE + (xf))
#define E_SLOT_MXCSR	31	/* (no user feature of that number) */
#define E_BV_CLEAR_BASE	0x60
#define E_BV_CLEAR(xf)	(E_BV_CLEAR_BASE + (xf))
#define E_SW_BASE	0x80
#define E_SW(k)		(E_SW_BASE + (k))
enum x86_sw {
	SW_MAGIC1_OTHER,	/* magic1 + 1 */
	SW_SIZE_512,		/* xstate_size 512: below legacy + header */
	SW_SIZE_OVER,		/* xstate_size past the task's XSAVE size */
	SW_SIZE_OVER_EXT,	/* xstate_size past extended_size */
	SW_EXT_OVER,		/* extended_size 64 more */
	SW_PADDING,		/* padding[0] non-zero */
	SW_XFEAT_CLEAR,		/* SW_XFEAT_CLEAR + xf: xfeatures without xf */
	SW_N = SW_XFEAT_CLEAR + 32
};

/* shm arch_flags: XRSTOR takes reserved MXCSR bits (QEMU TCG), so a
 * random mutation must not set one (the kernel would load it) */
#define FPABI_X86_NO_MXCSR_GP	1u

/* a kernel-half address: access_ok() refuses it */
#define X86_KERNEL_ADDR		0xffff888000000000ull
/* the standard-format end of x87 + SSE + AVX (SDM vol. 1 13.4, 13.5.3) */
#define X86_AVX_END		832


/* shm_hdr.arch_setup[]: ARCH_REQ_XCOMP_PERM(XTILEDATA) first, if set */
#define X86_SETUP_AMX		0

/* probes (struct fpabi_case .probe) */
void x86_amx_probe(struct fpabi_run *r);

#endif
