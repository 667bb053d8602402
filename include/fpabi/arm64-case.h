/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What arm64 case tables (cases/arm64*.c) may name: the backend's needs,
 * its syscall kinds, load, write, edit and child kinds, and its variant
 * sets.  The public face of src/arch/arm64/; the backend includes it too.
 */
#ifndef FPABI_ARM64_CASE_H
#define FPABI_ARM64_CASE_H

#include "fpabi/case.h"
#include "fpabi/shm.h"

/* NEED_* bits of this arch */
#define NEED_SVE	(1ull << 0)
#define NEED_SME	(1ull << 1)
#define NEED_SME2	(1ull << 2)
#define NEED_FPMR	(1ull << 3)
#define NEED_FA64	(1ull << 4)
#define NEED_SVE_2VL	(1ull << 5)	/* at least two SVE VLs to change between */
#define NEED_SME_2VL	(1ull << 6)	/* at least two SME VLs to change between */

/* this backend's syscall kinds (after the generic ones of enum fpabi_sc) */
enum {
	SC_SET_SVE_VL = SC_ARCH,	/* prctl(PR_SVE_SET_VL, .arg[0]) */
	SC_SET_SME_VL,			/* prctl(PR_SME_SET_VL, .arg[0]) */
};

/* shm_hdr.arch_setup[]: the VLs the tracee sets before its events */
#define A64_SETUP_SVE_VL	0	/* prctl(PR_SVE_SET_VL) first, if set */
#define A64_SETUP_SME_VL	1	/* prctl(PR_SME_SET_VL) first, if set */

/* syscall argument codes (SYSCALLA(SC_SET_SVE_VL or SC_SET_SME_VL, code)) */
enum { VL_OTHER = 1, VL_BACK,
       VL_ONEXEC,	/* SC_SET_SME_VL: another SVL | PR_SME_SET_VL_ONEXEC */
       VL_INHERIT };	/* SC_SET_SME_VL: another SVL | PR_SME_VL_INHERIT */

/*
 * Scenario preconditions (struct fpabi_case.pre; the proofs:
 * src/arch/arm64/precond.c)
 *  PRE_A64_PAYLOAD: each signal frame's sve_context (streaming or not)
 *    carries its registers, za_context and zt_context theirs with ZA on
 *  PRE_A64_SVE_OFF: TIF_SVE clear before the first SVE instruction after
 *    the syscall (its first-use trap), seen at a stop in between
 *  PRE_A64_SME_UNUSED: no SME instruction since exec before the smstart
 *    (TIF_SME clear: its first-use trap), SVCR 0 seen at the stops
 *  PRE_A64_FP_FPSIMD: fp_type FP_STATE_FPSIMD at a stop inside a syscall
 *    (the lazy discard took effect), seen in NT_ARM_SVE's form there
 */
#define PRE_A64_PAYLOAD		(1u << 0)
#define PRE_A64_SVE_OFF		(1u << 1)
#define PRE_A64_SME_UNUSED	(1u << 2)
#define PRE_A64_FP_FPSIMD	(1u << 3)

/* LOAD kinds (S_LOAD b) */
enum {
	L_ALL,		/* everything; SME variants: smstart into the
			   variant's SVCR first, then Z/P/FFR at its
			   effective VL, ZA/ZT if ZA, TPIDR2, FPMR */
	L_FPSIMD,
	L_SMSTART,	/* SME variants: smstart (SM and ZA), nothing loaded:
			   after a syscall, the first-use SME trap (A-SYS-4) */
	/* SME variants: one PSTATE bit alone, nothing loaded (A-ARCH-2,
	   A-ARCH-3) */
	L_SMSTART_SM, L_SMSTART_ZA, L_SMSTOP_SM, L_SMSTOP_ZA,
};

/*
 * SME variants (variant set VSET_SME): v.svl != 0, v.svcr the SVCR the
 * case's loads establish (the model keeps the current one in the image's
 * svcr field, and AV(&r->v)->svcr in step with it).
 */
#define VSET_SME	2
/* SVE VLs whose signal frame moves sve_context to the extra_context space
 * (it cannot fit __reserved beside fpsimd_context: VL >= 112 bytes) */
#define VSET_XFRAME	3
#define A64_XFRAME_MIN_VQ	7
#define SV_SM		1u
#define SV_ZA		2u

/* FORK_ARCH(sc, k) kinds: the child executes smstart before its STORE
 * (the first-use SME trap in a fork child, A-SYS-4) */
enum { CHILD_SMSTART = 1 };

/* write kinds (S_WRITE b) */
enum {
	W_SVE,		/* NT_ARM_SVE, SVE format, full payload */
	W_FPSIMD,	/* NT_ARM_SVE, FPSIMD format, full payload */
	W_PRFPREG,	/* NT_PRFPREG, 528 bytes */
	W_SVE_HEADER,	/* NT_ARM_SVE, SVE format, header only */
	W_SVE_HALF,	/* NT_ARM_SVE, SVE format, Z0-Z15 only */
	W_FPSIMD_HEADER,	/* NT_ARM_SVE, FPSIMD format, header only */
	W_SVE_VL,	/* NT_ARM_SVE, SVE format header only, another VL */
	W_SSVE,		/* NT_ARM_SSVE, SVE format, full payload (SM = 1) */
	W_ZA,		/* NT_ARM_ZA, full payload (ZA = 1) */
	W_ZA_HEADER,	/* NT_ARM_ZA, header only (ZA = 0) */
	W_ZA_HALF,	/* NT_ARM_ZA, the first SVL/2 rows */
	W_ZT,		/* NT_ARM_ZT (ZA = 1) */
	W_ZA_VL,	/* NT_ARM_ZA header only, another SVL (A-VL-7) */
	W_ZA_VL_BACK,	/* NT_ARM_ZA header only, the variant's SVL */
	W_SSVE_VL,	/* NT_ARM_SSVE SVE-format header only, another SVL */
	W_SSVE_VL_BACK,	/* the same with the variant's SVL */
	W_TLS,		/* NT_ARM_TLS, TPIDR_EL0 (unchanged) and TPIDR2 */
	W_FPMR,		/* NT_ARM_FPMR */
	/* malformed writes: rejected ones must change nothing (wtable.c) */
	W_REJ_SVE_LEN0,		/* NT_ARM_SVE, iov_len 0 */
	W_REJ_SVE_SHORT,	/* NT_ARM_SVE, 8 bytes: below the header */
	W_REJ_SVE_UNALIGNED,	/* NT_ARM_SVE, full payload less 8 bytes */
	W_REJ_SVE_VL0,		/* NT_ARM_SVE, full payload, header vl 0 */
	W_REJ_SVE_VL_INVALID,	/* NT_ARM_SVE, full payload, vl + 8 */
	W_REJ_SVE_FLAGS,	/* NT_ARM_SVE, full payload, unknown flag 0x8 */
	W_REJ_SVE_VL_ROUNDED,	/* NT_ARM_SVE, full payload, a vl the kernel
				   rounds to the task's VL */
	W_REJ_FPR_UNALIGNED,	/* NT_PRFPREG, 526 bytes */
	W_SVE_ABOVE,		/* NT_ARM_SVE, full payload and 16 more bytes */
	W_SVE_BAD_SIZE,		/* NT_ARM_SVE, full payload, header.size bogus */
	W_SVE_VL_ROUNDED_HEADER,	/* NT_ARM_SVE header only, a vl the
					   kernel rounds to the task's VL */
	W_PRFPREG_SHORT,	/* NT_PRFPREG, V0-V15 only (256 bytes) */
	/* malformed SME writes, all rejected (sme.c) */
	W_REJ_SSVE_LEN0,	/* NT_ARM_SSVE, iov_len 0 */
	W_REJ_SSVE_UNALIGNED,	/* NT_ARM_SSVE, full payload less 8 bytes */
	W_REJ_SSVE_VL_INVALID,	/* NT_ARM_SSVE, full payload, vl + 8 */
	W_REJ_SSVE_FLAGS,	/* NT_ARM_SSVE, full payload, unknown flag 0x8 */
	W_REJ_ZA_LEN0,		/* NT_ARM_ZA, iov_len 0 */
	W_REJ_ZA_UNALIGNED,	/* NT_ARM_ZA, full payload less 8 bytes */
	W_REJ_ZA_VL_INVALID,	/* NT_ARM_ZA, full payload, vl + 8 */
	W_REJ_ZA_FLAGS,		/* NT_ARM_ZA, full payload, unknown flag 0x8 */
	W_REJ_ZT_SHORT,		/* NT_ARM_ZT, 32 of its 64 bytes */
	W_RANDOM,		/* fuzz: NT_ARM_SVE (or NT_PRFPREG) with random
				   header, flag and length mutations */
	/* odd-sized NT_ARM_TLS and NT_ARM_FPMR writes (sme.c) */
	W_REJ_TLS_UNALIGNED,	/* NT_ARM_TLS, 12 bytes: EINVAL */
	W_TLS_TPIDR_ONLY,	/* NT_ARM_TLS, 8 bytes: TPIDR only */
	W_TLS_LONG,		/* NT_ARM_TLS, 24 bytes: cut to 16 */
	W_REJ_FPMR_UNALIGNED,	/* NT_ARM_FPMR, 4 bytes: EINVAL */
	W_FPMR_LONG,		/* NT_ARM_FPMR, 16 bytes: cut to 8 */
	W_NKINDS
};

/* write kinds from W_MX_BASE on: the generated rows of the regset-write
 * matrix (src/arch/arm64/wmatrix.c) */
#define W_MX_BASE	0x400

/* frame edits (S_FAULT b & 0xff): the tracee's handler makes them
 * (src/tracee/arm64/sigedit.c), the tracer's model mirrors them */
enum a64_edit {
	E_NONE,
	E_REGS,			/* V/FPSR/FPCR and the SVE payload from the image */
	E_SVE_ONLY,		/* only the sve_context payload */
	E_FPSIMD_ONLY,		/* only fpsimd_context (V, FPSR, FPCR) */
	E_SVE_HEADER_ONLY,	/* sve_context cut to its 16-byte header */
	E_SME_REGS,		/* an SME task's frame: every record's registers
				   (V, the SVE or streaming payload, ZA rows,
				   ZT0, TPIDR2, FPMR) from the image */
	/*
	 * Forged (E_REGS first, then one thing broken), all refused by
	 * rt_sigreturn before it restores any FP state (A-SR-1, 2, 4):
	 */
	E_F_UNKNOWN_MAGIC,	/* fpsimd_context's magic unknown */
	E_F_DUP_FPSIMD,		/* sve_context's magic FPSIMD_MAGIC: two */
	E_F_NO_FPSIMD,		/* fpsimd_context's magic ESR_MAGIC: none */
	E_F_MISALIGNED,		/* fpsimd_context's size + 8: the next record
				   is not 16-byte aligned */
	E_F_OVERRUN,		/* fpsimd_context's size past its space */
	E_F_TERM_SIZE,		/* the last terminator's size 16 */
	E_F_SVE_VL,		/* sve_context's vl not the task's */
	/* ... with sve_context in the extra_context space (VSET_XFRAME) */
	E_F_EXTRA_DATAP,	/* extra_context's datap 16 bytes on */
	E_F_EXTRA_SIZE,		/* its size not a multiple of 16 */
	E_F_EXTRA_HUGE,		/* its size past SIGFRAME_MAXSZ */
	E_F_EXTRA_NO_TERM,	/* no terminator right after it */
	E_F_EXTRA_SECOND,	/* sve_context's magic EXTRA_MAGIC: two */
	/* ... with SME: */
	E_F_DUP_ZA,		/* tpidr2_context's magic ZA_MAGIC: two */
	E_F_SM_BADVL,		/* sve_context SVE_SIG_FLAG_SM with vl 8, no
				   SVL's */
	/* forged but taken: sve_context flags beyond SVE_SIG_FLAG_SM and
	 * its __reserved set, which restore_sve_fpsimd_context() ignores */
	E_F_SVE_FLAGS,
	/* random mutations of the records' headers and fields, from the
	 * slot's edit_seed (SIG_MAYBE: taken or refused) */
	E_F_RANDOM,
	E_NEDITS
};

/*
 * E_REC(mask): the signal-edit matrix's edits (src/arch/arm64/smatrix.c):
 * the registers of each record in mask written into the frame, each
 * record its own phase: the first in REC_* order the edit phase, the
 * second the one after it (so a register two records carry is named by
 * the record it came from).
 */
enum { REC_FPSIMD, REC_SVE, REC_ZA, REC_ZT, REC_TPIDR2, REC_FPMR, A64_NREC };
#define E_REC_BASE	0x40
#define E_REC(mask)	(E_REC_BASE + (mask))
#define E_IS_REC(e)	((e) >= E_REC_BASE && (e) < E_REC_BASE + (1u << A64_NREC))
#define E_REC_MASK(e)	((e) - E_REC_BASE)

#endif
