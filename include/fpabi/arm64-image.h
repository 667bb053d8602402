/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The arm64 register image: the memory format the tracee's LOAD and STORE
 * events use (src/tracee/arm64/events.S), and that the tracer's model and
 * checks read.
 *
 *   0                 control block, 64 bytes (FPABI_A64_CTRL_*)
 *   64 + n*VL         Z0..Z31, VL bytes each (V0..V31 when VL is 16 and
 *                     the image is FPSIMD-only), byte order as `str z`
 *   64 + 32*VL + n*VL/8   P0..P15
 *   64 + 32*VL + 16*VL/8  FFR
 *
 * VL is the effective vector length: the SVE VL, or the streaming VL when
 * SVCR.SM is set.  ZA (SVL rows of SVL bytes) and ZT0 (64 bytes) live in
 * buffers whose addresses the event carries in .arg[0] and .arg[1]; the
 * tracer puts them in the same image, at offsets that do not depend on
 * the VL (after the largest Z/P/FFR block: src/arch/arm64/image.c).
 * FPSIMD-only loads and stores (FPABI_A64_V) use the Z slots' first 16
 * bytes; .arg[2] gives the image's VL (the distance between slots).
 */
#ifndef FPABI_ARM64_IMAGE_H
#define FPABI_ARM64_IMAGE_H

/* .mask bits of LOAD/STORE events */
#define FPABI_A64_V		(1u << 0)	/* V0-31 by ldr/str q (no SVE) */
#define FPABI_A64_Z		(1u << 1)	/* Z0-31 by ldr/str z */
#define FPABI_A64_P		(1u << 2)	/* P0-15 */
#define FPABI_A64_FFR		(1u << 3)	/* FFR (through P0) */
#define FPABI_A64_FPSR_FPCR	(1u << 4)
#define FPABI_A64_FPMR		(1u << 5)
#define FPABI_A64_TPIDR2	(1u << 6)
#define FPABI_A64_ZA		(1u << 7)	/* ZA rows, needs SVCR.ZA */
#define FPABI_A64_ZT		(1u << 8)	/* ZT0, needs SME2 and SVCR.ZA */
#define FPABI_A64_INFO		(1u << 9)	/* STORE only: SVCR, VL, SVL */
/*
 * LOAD (and the exec probe's STORE, A-SYS-4 after execve): smstart sm /
 * smstart za before anything is loaded or stored (a change
 * of PSTATE.SM resets Z, P, FFR, FPSR and FPMR; of PSTATE.ZA zeroes ZA
 * and ZT0: Arm ARM ResetSVEState/ResetSMEState), so the loads that follow
 * are made in that mode, at its vector length.
 */
#define FPABI_A64_SMSTART_SM	(1u << 10)
#define FPABI_A64_SMSTART_ZA	(1u << 11)
/*
 * Conditional groups (LOAD and STORE): ZA and ZT only while PSTATE.ZA is
 * set, FFR in streaming mode only when .aux has FPABI_A64_AUX_FA64; where
 * the condition fails a LOAD skips the group and a STORE writes zeros to
 * its slot (the architecture makes it inaccessible, the dump says 0).
 */
#define FPABI_A64_COND		(1u << 12)
/*
 * LOAD only, after the SMSTART bits: smstop sm / smstop za (the
 * instruction alone when nothing else is in the mask).
 */
#define FPABI_A64_SMSTOP_SM	(1u << 13)
#define FPABI_A64_SMSTOP_ZA	(1u << 14)
/*
 * LOAD and STORE on a CPU with SME but no SVE (.aux without
 * FPABI_A64_AUX_SVE): Z, P, FFR as the mask says while PSTATE.SM is set
 * (after the SMSTART bits), else V instead of Z (at a 16-byte stride)
 * and no P or FFR.
 */
#define FPABI_A64_VZ		(1u << 15)

/* .aux bits of LOAD/STORE events: what the CPU implements */
#define FPABI_A64_AUX_SME_BIT	0
#define FPABI_A64_AUX_SVE_BIT	1
#define FPABI_A64_AUX_FA64_BIT	2	/* FEAT_SME_FA64: FFR in streaming mode */
/* not a CPU feature: after each SVCR change an indirect branch, which
 * steps around QEMU TCG's platform quirk sme-vl-chain (src/plan/platform.c) */
#define FPABI_A64_AUX_BRANCH_BIT	3
#define FPABI_A64_AUX_SME	(1u << FPABI_A64_AUX_SME_BIT)
#define FPABI_A64_AUX_FA64	(1u << FPABI_A64_AUX_FA64_BIT)
#define FPABI_A64_AUX_SVE	(1u << FPABI_A64_AUX_SVE_BIT)
#define FPABI_A64_AUX_BRANCH	(1u << FPABI_A64_AUX_BRANCH_BIT)

/* control block offsets */
#define FPABI_A64_CTRL_FPSR	0
#define FPABI_A64_CTRL_FPCR	8
#define FPABI_A64_CTRL_FPMR	16
#define FPABI_A64_CTRL_TPIDR2	24
#define FPABI_A64_CTRL_SVCR	32
#define FPABI_A64_CTRL_VL	40
#define FPABI_A64_CTRL_SVL	48
#define FPABI_A64_CTRL_SIZE	64

#define FPABI_A64_Z_OFF(vl, n)		(FPABI_A64_CTRL_SIZE + (n) * (vl))
#define FPABI_A64_P_OFF(vl, n)		(FPABI_A64_CTRL_SIZE + 32 * (vl) + (n) * ((vl) / 8))
#define FPABI_A64_FFR_OFF(vl)		FPABI_A64_P_OFF(vl, 16)
#define FPABI_A64_IMAGE_SIZE(vl)	(FPABI_A64_FFR_OFF(vl) + (vl) / 8)

/* arm64-specific event kinds (FPABI_EV_ARCH + n) */
#define FPABI_A64_EV_SMSTART	16	/* smstart (SM and ZA) */
#define FPABI_A64_EV_SMSTART_SM	17
#define FPABI_A64_EV_SMSTART_ZA	18
#define FPABI_A64_EV_SMSTOP	19
#define FPABI_A64_EV_SMSTOP_SM	20
#define FPABI_A64_EV_SMSTOP_ZA	21

#endif
