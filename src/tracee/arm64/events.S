/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi_run_events() for arm64: walk a struct fpabi_ev list, loading and
 * storing FP/SIMD/SVE/SME state with nothing but general-purpose code
 * between the events.
 *
 * void fpabi_run_events(struct fpabi_ev *ev);
 *
 * Register contract
 *   x0          the list on entry; walked until kind == FPABI_EV_END.
 *   x19-x22     cursor, .mask, .ptr, .aux (saved and restored, AAPCS64).
 *   x9-x17      scratch; x12 (w12) is the ZA slice index.
 *   x18         platform register: never touched.
 *   d8-d15      saved to the stack on entry and reloaded on exit so that
 *               compiled callers keep their AAPCS64 guarantee.  These are
 *               the only FP/SIMD accesses outside the events; between
 *               events only general-purpose registers are used.
 *   Z/V, P, FFR, FPSR, FPCR, FPMR, TPIDR2, SVCR, ZA, ZT0
 *               are whatever the events leave there (not preserved).
 *   PSTATE.SM/ZA as the SMSTART and SMSTOP events leave them: a list that
 *               ends in streaming mode returns to compiled code in
 *               streaming mode, where NEON code traps unless FEAT_SME_FA64.
 *
 * Events (include/fpabi/event.h):
 *   LOAD, STORE  .ptr = image (include/fpabi/arm64-image.h), .mask =
 *                FPABI_A64_* groups, .arg[0] = ZA buffer (SVL rows of SVL
 *                bytes), .arg[1] = ZT0 buffer (64 bytes), .arg[2] = the
 *                distance between V slots (the image's VL; 0 means 16),
 *                .aux bit 0 =
 *                SME implemented, bit 1 = SVE implemented (INFO only);
 *                bit 3 (FPABI_A64_AUX_BRANCH, any event): an indirect
 *                branch after each smstart/smstop (svcr_branch below).
 *                Each group needs its feature (and ZA/ZT need PSTATE.ZA);
 *                the routine does not check, the instruction traps.
 *                The image's VL is the effective VL read with rdvl: the
 *                SVE VL, or SVL when PSTATE.SM is set.
 *                FFR goes through P0: LOAD reads the FFR slot into p0,
 *                writes it with wrffr and then reloads p0 from its own
 *                slot; STORE writes p0 to its slot, reads FFR with rdffr
 *                into p0, stores it and reloads p0.  So FFR alone also
 *                touches the P0 slot.  The FFR slot must hold a monotonic
 *                predicate (ones then zeros for some lane size): wrffr
 *                of anything else is UNPREDICTABLE.  FFR in streaming
 *                mode needs FEAT_SME_FA64.
 *                FPABI_A64_SMSTART_SM/ZA (LOAD, and STORE for the exec
 *                probe, whose one event it is): smstart sm / za first;
 *                FPABI_A64_SMSTOP_SM/ZA (LOAD): then smstop sm / za.
 *                FPABI_A64_VZ: without SVE (.aux) and outside streaming
 *                mode, V (.arg[2] must be 16) instead of Z, no P, FFR.
 *                FPABI_A64_COND: ZA and ZT only while PSTATE.ZA, FFR in
 *                streaming mode only with .aux bit 2 (FA64); a STORE
 *                writes zeros where the group is inaccessible.
 *                LOAD order: SMSTART, SMSTOP, FPSR/FPCR, FPMR, TPIDR2, V, Z, FFR,
 *                P, ZA, ZT.
 *                STORE order: SMSTART, V, Z, P, FFR, FPSR/FPCR, FPMR, TPIDR2, ZA,
 *                ZT, INFO.  INFO writes SVCR (mrs svcr), VL (rdvl) and SVL
 *                (rdsvl) to the control block; a value the .aux bits say
 *                cannot be read is stored as 0 (VL is read when SVE is
 *                implemented or PSTATE.SM is set).
 *   SYSCALL      x8 = .nr, x0-x5 = .arg[0..5], svc #0, .ret = x0; where
 *                it returns 0 and .ptr is set (a clone's child), the walk
 *                goes on with the list at .ptr (on whatever stack the
 *                child has: the walk itself uses none).
 *   TRAP         brk #0.  The kernel reports SIGTRAP with PC still at the
 *                brk; the tracer must advance PC by 4 (NT_PRSTATUS) before
 *                it resumes the tracee, or the brk runs again.  Untraced,
 *                the process dies of SIGTRAP.
 *   SPIN         spin until *(u64 *).ptr != 0 (ldar), at most .arg[0]
 *                iterations; .ret = iterations left (0: gave up).  If
 *                .arg[1] is an address, 1 is stored there first (stlr):
 *                the tracer sees the tracee has reached the spin.
 *   FPABI_A64_EV_SMSTART[_SM|_ZA], FPABI_A64_EV_SMSTOP[_SM|_ZA]
 *                smstart/smstop (msr svcrsmza/svcrsm/svcrza, #1 or #0).
 *   FAULT        udf #0: a synchronous SIGILL the tracee's handler takes
 *                (src/tracee/arm64/sig.c steps over it).
 *   END          .nr = 0: restore d8-d15 and return; .nr != 0: return
 *                with every FP/SIMD register as the events left it.
 *   any other kind: udf #1 (SIGILL), a bug in the list.
 *
 * binutils 2.40 assembles SVE and SME (FEAT_SME) but not SME2 or FPMR:
 * ldr/str zt0 are emitted with .inst and FPMR by its encoding
 * s3_3_c4_c4_2.
 */
#include <fpabi/event.h>
#include <fpabi/arm64-image.h>

	.arch	armv8.2-a+sve
	.arch_extension sme

#define FPMR		s3_3_c4_c4_2

/* x13 = the distance between V slots in the image: .arg[2], or 16 */
	.macro	v_stride
	ldr	x13, [x19, #FPABI_EV_OFF_ARG + 16]
	cbnz	x13, 9f
	mov	x13, #16
9:
	.endm
/* .aux bits of LOAD/STORE (to move into arm64-image.h) */
#ifndef FPABI_A64_AUX_SME_BIT
#define FPABI_A64_AUX_SME_BIT	0	/* SME implemented: SVCR, SVL readable */
#define FPABI_A64_AUX_SVE_BIT	1	/* SVE implemented: rdvl outside SM */
#endif

/* BTI landing pad and ELF property note when built with -mbranch-protection */
#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
#define BTI_C	hint	#34
#define GNU_PROPERTY_BTI	1
#else
#define BTI_C
#define GNU_PROPERTY_BTI	0
#endif
#if defined(__ARM_FEATURE_PAC_DEFAULT) && __ARM_FEATURE_PAC_DEFAULT
#define GNU_PROPERTY_PAC	2
#else
#define GNU_PROPERTY_PAC	0
#endif

/*
 * After an SVCR change: with .aux FPABI_A64_AUX_BRANCH, an indirect branch
 * to the next instruction.  QEMU TCG chains the block after smstop sm to a
 * successor translated for whatever SVE VL ZCR_EL1 held the first time
 * (platform quirk sme-vl-chain, reports/qemu-sme-vl-chain/); an indirect
 * branch makes QEMU look the next block up by the CPU's state instead.
 * No kernel entry, no FP/SIMD access: the path under test is unchanged.
 * bti j is a nop without BTI.  Uses x15.
 */
.macro	svcr_branch
	tbz	x22, #FPABI_A64_AUX_BRANCH_BIT, 9f
	adr	x15, 9f
	br	x15
9:	hint	#36
.endm

/* ldr/str zt0, [xN]: SME2, unknown to binutils 2.40 */
.macro	ldr_zt0 nx
	.inst	0xe11f8000 | ((\nx) << 5)
.endm
.macro	str_zt0 nx
	.inst	0xe13f8000 | ((\nx) << 5)
.endm

/*
 * FPABI_A64_COND: branch to \skip when the group is inaccessible: ZA and
 * ZT while PSTATE.ZA is clear; FFR in streaming mode without FA64.
 * Uses x15.
 */
.macro	cond_za skip
	tst	x20, #FPABI_A64_COND
	b.eq	9f
	mrs	x15, svcr
	tbz	x15, #1, \skip
9:
.endm
.macro	cond_ffr skip
	tst	x20, #FPABI_A64_COND
	b.eq	9f
	tbnz	x22, #FPABI_A64_AUX_FA64_BIT, 9f
	mrs	x15, svcr
	tbnz	x15, #0, \skip
9:
.endm

/* x11 := address of P0 in the image at x21: 64 + 32 * VL */
.macro	p_base
	rdvl	x10, #1
	add	x11, x21, #FPABI_A64_CTRL_SIZE
	add	x11, x11, x10, lsl #5
.endm

/*
 * FPABI_A64_VZ: without SVE and outside streaming mode, V (stride 16)
 * instead of Z, and no P or FFR (rdvl and the SVE instructions would be
 * undefined).  Rewrites the event's mask in x20.  Uses x15.
 */
.macro	vz_mask
	tst	x20, #FPABI_A64_VZ
	b.eq	9f
	tbnz	x22, #FPABI_A64_AUX_SVE_BIT, 9f
	mrs	x15, svcr
	tbnz	x15, #0, 9f
	bic	x20, x20, #(FPABI_A64_Z | FPABI_A64_P | FPABI_A64_FFR)
	orr	x20, x20, #FPABI_A64_V
9:
.endm

	.text
	.balign	16
	.globl	fpabi_run_events
	.type	fpabi_run_events, %function
fpabi_run_events:
	BTI_C
	stp	x29, x30, [sp, #-112]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	d8, d9, [sp, #48]
	stp	d10, d11, [sp, #64]
	stp	d12, d13, [sp, #80]
	stp	d14, d15, [sp, #96]
	mov	x19, x0

.Lnext:
	ldr	x9, [x19, #FPABI_EV_OFF_KIND]
	ldr	x20, [x19, #FPABI_EV_OFF_MASK]
	ldr	x21, [x19, #FPABI_EV_OFF_PTR]
	ldr	x22, [x19, #FPABI_EV_OFF_AUX]
	cbz	x9, .Ldone			/* FPABI_EV_END */
	cmp	x9, #FPABI_EV_LOAD
	b.eq	.Lload
	cmp	x9, #FPABI_EV_STORE
	b.eq	.Lstore
	cmp	x9, #FPABI_EV_SYSCALL
	b.eq	.Lsyscall
	cmp	x9, #FPABI_EV_TRAP
	b.eq	.Ltrap
	cmp	x9, #FPABI_EV_SPIN
	b.eq	.Lspin
	cmp	x9, #FPABI_EV_FAULT
	b.eq	.Lfault
	cmp	x9, #FPABI_A64_EV_SMSTART
	b.eq	.Lsmstart
	cmp	x9, #FPABI_A64_EV_SMSTART_SM
	b.eq	.Lsmstart_sm
	cmp	x9, #FPABI_A64_EV_SMSTART_ZA
	b.eq	.Lsmstart_za
	cmp	x9, #FPABI_A64_EV_SMSTOP
	b.eq	.Lsmstop
	cmp	x9, #FPABI_A64_EV_SMSTOP_SM
	b.eq	.Lsmstop_sm
	cmp	x9, #FPABI_A64_EV_SMSTOP_ZA
	b.eq	.Lsmstop_za
	udf	#1				/* unknown kind */

.Lfault:
	udf	#0				/* the handler steps over it */
	b	.Lstep

.Lstep:
	add	x19, x19, #FPABI_EV_SIZE
	b	.Lnext

.Ldone:
	/* END with .nr != 0: leave the FP/SIMD registers as the events left
	 * them (the signal handler's way out, whose loads must stand) */
	ldr	x9, [x19, #FPABI_EV_OFF_NR]
	cbnz	x9, 1f
	ldp	d8, d9, [sp, #48]
	ldp	d10, d11, [sp, #64]
	ldp	d12, d13, [sp, #80]
	ldp	d14, d15, [sp, #96]
1:	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #112
	ret

/* ---------------------------------------------------------------- LOAD */
.Lload:
	tst	x20, #FPABI_A64_SMSTART_SM
	b.eq	1f
	smstart	sm
	svcr_branch
1:	tst	x20, #FPABI_A64_SMSTART_ZA
	b.eq	1f
	smstart	za
	svcr_branch
1:	tst	x20, #FPABI_A64_SMSTOP_SM
	b.eq	1f
	smstop	sm
	svcr_branch
1:	tst	x20, #FPABI_A64_SMSTOP_ZA
	b.eq	1f
	smstop	za
	svcr_branch
1:	vz_mask
	tst	x20, #FPABI_A64_FPSR_FPCR
	b.eq	1f
	ldr	x9, [x21, #FPABI_A64_CTRL_FPSR]
	msr	fpsr, x9
	ldr	x9, [x21, #FPABI_A64_CTRL_FPCR]
	msr	fpcr, x9
1:	tst	x20, #FPABI_A64_FPMR
	b.eq	1f
	ldr	x9, [x21, #FPABI_A64_CTRL_FPMR]
	msr	FPMR, x9
1:	tst	x20, #FPABI_A64_TPIDR2
	b.eq	1f
	ldr	x9, [x21, #FPABI_A64_CTRL_TPIDR2]
	msr	tpidr2_el0, x9
1:	tst	x20, #FPABI_A64_V
	b.eq	1f
	add	x9, x21, #FPABI_A64_CTRL_SIZE	/* V in the Z slots */
	v_stride
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ldr	q\n, [x9]
	add	x9, x9, x13
	.endr
1:	tst	x20, #FPABI_A64_Z
	b.eq	1f
	add	x9, x21, #FPABI_A64_CTRL_SIZE
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ldr	z\n, [x9, #\n, mul vl]
	.endr
1:	tst	x20, #FPABI_A64_FFR
	b.eq	1f
	cond_ffr 1f
	p_base
	ldr	p0, [x11, #16, mul vl]		/* the FFR slot */
	wrffr	p0.b
	ldr	p0, [x11, #0, mul vl]
1:	tst	x20, #FPABI_A64_P
	b.eq	1f
	p_base
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ldr	p\n, [x11, #\n, mul vl]
	.endr
1:	tst	x20, #FPABI_A64_ZA
	b.eq	1f
	cond_za	1f
	ldr	x9, [x19, #FPABI_EV_OFF_ARG + 0]
	rdsvl	x10, #1
	mov	w12, #0
2:	ldr	za[w12, 0], [x9]
	add	x9, x9, x10
	add	w12, w12, #1
	cmp	w12, w10
	b.ne	2b
1:	tst	x20, #FPABI_A64_ZT
	b.eq	1f
	cond_za	1f
	ldr	x9, [x19, #FPABI_EV_OFF_ARG + 8]
	ldr_zt0	9
1:	b	.Lstep

/* --------------------------------------------------------------- STORE */
.Lstore:
	tst	x20, #FPABI_A64_SMSTART_SM	/* the exec probe's first smstart */
	b.eq	1f
	smstart	sm
	svcr_branch
1:	tst	x20, #FPABI_A64_SMSTART_ZA
	b.eq	1f
	smstart	za
	svcr_branch
1:	vz_mask
	tst	x20, #FPABI_A64_V
	b.eq	1f
	add	x9, x21, #FPABI_A64_CTRL_SIZE
	v_stride
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	str	q\n, [x9]
	add	x9, x9, x13
	.endr
1:	tst	x20, #FPABI_A64_Z
	b.eq	1f
	add	x9, x21, #FPABI_A64_CTRL_SIZE
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	str	z\n, [x9, #\n, mul vl]
	.endr
1:	tst	x20, #FPABI_A64_P
	b.eq	1f
	p_base
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	str	p\n, [x11, #\n, mul vl]
	.endr
1:	tst	x20, #FPABI_A64_FFR
	b.eq	1f
	cond_ffr 5f
	p_base
	str	p0, [x11, #0, mul vl]		/* p0 is the scratch for FFR */
	rdffr	p0.b
	str	p0, [x11, #16, mul vl]		/* the FFR slot */
	ldr	p0, [x11, #0, mul vl]
	b	1f
5:	p_base					/* inaccessible: zeros */
	add	x9, x11, x10, lsl #1		/* FFR slot: P0 + 16 * VL/8 */
	lsr	x10, x10, #4
2:	strh	wzr, [x9], #2
	subs	x10, x10, #1
	b.ne	2b
1:	tst	x20, #FPABI_A64_FPSR_FPCR
	b.eq	1f
	mrs	x9, fpsr
	str	x9, [x21, #FPABI_A64_CTRL_FPSR]
	mrs	x9, fpcr
	str	x9, [x21, #FPABI_A64_CTRL_FPCR]
1:	tst	x20, #FPABI_A64_FPMR
	b.eq	1f
	mrs	x9, FPMR
	str	x9, [x21, #FPABI_A64_CTRL_FPMR]
1:	tst	x20, #FPABI_A64_TPIDR2
	b.eq	1f
	mrs	x9, tpidr2_el0
	str	x9, [x21, #FPABI_A64_CTRL_TPIDR2]
1:	tst	x20, #FPABI_A64_ZA
	b.eq	1f
	ldr	x9, [x19, #FPABI_EV_OFF_ARG + 0]
	cond_za	5f
	rdsvl	x10, #1
	mov	w12, #0
2:	str	za[w12, 0], [x9]
	add	x9, x9, x10
	add	w12, w12, #1
	cmp	w12, w10
	b.ne	2b
	b	1f
5:	rdsvl	x10, #1				/* ZA off: SVL * SVL zeros */
	mul	x10, x10, x10
2:	stp	xzr, xzr, [x9], #16
	subs	x10, x10, #16
	b.ne	2b
1:	tst	x20, #FPABI_A64_ZT
	b.eq	1f
	ldr	x9, [x19, #FPABI_EV_OFF_ARG + 8]
	cond_za	5f
	str_zt0	9
	b	1f
5:	stp	xzr, xzr, [x9]			/* ZA off: 64 zeros */
	stp	xzr, xzr, [x9, #16]
	stp	xzr, xzr, [x9, #32]
	stp	xzr, xzr, [x9, #48]
1:	tst	x20, #FPABI_A64_INFO
	b.eq	1f
	mov	x9, #0				/* SVCR */
	mov	x10, #0				/* VL */
	mov	x11, #0				/* SVL */
	tbz	x22, #FPABI_A64_AUX_SME_BIT, 2f
	mrs	x9, svcr
	rdsvl	x11, #1
	tbnz	x9, #0, 3f			/* SVCR.SM: rdvl gives SVL */
2:	tbz	x22, #FPABI_A64_AUX_SVE_BIT, 4f
3:	rdvl	x10, #1
4:	str	x9, [x21, #FPABI_A64_CTRL_SVCR]
	str	x10, [x21, #FPABI_A64_CTRL_VL]
	str	x11, [x21, #FPABI_A64_CTRL_SVL]
1:	b	.Lstep

/* -------------------------------------------------- SYSCALL, TRAP, SPIN */
.Lsyscall:
	ldr	x8, [x19, #FPABI_EV_OFF_NR]
	ldp	x0, x1, [x19, #FPABI_EV_OFF_ARG + 0]
	ldp	x2, x3, [x19, #FPABI_EV_OFF_ARG + 16]
	ldp	x4, x5, [x19, #FPABI_EV_OFF_ARG + 32]
	svc	#0
	/*
	 * A clone's child (0 returned, .ptr set) goes on with the list at
	 * .ptr, and must not write .ret: the parent's event is shared.
	 */
	cbnz	x0, 1f
	ldr	x9, [x19, #FPABI_EV_OFF_PTR]
	cbz	x9, 1f
	mov	x19, x9
	b	.Lnext
1:	str	x0, [x19, #FPABI_EV_OFF_RET]
	b	.Lstep

.Ltrap:
	brk	#0		/* the tracer moves PC past this (PC += 4) */
	b	.Lstep

.Lspin:
	ldr	x11, [x19, #FPABI_EV_OFF_ARG + 8]	/* "spinning" mark */
	cbz	x11, 1f
	mov	x10, #1
	stlr	x10, [x11]
1:	ldr	x10, [x19, #FPABI_EV_OFF_ARG + 0]
1:	ldar	x11, [x21]
	cbnz	x11, 2f
	cbz	x10, 2f
	sub	x10, x10, #1
	yield
	b	1b
2:	str	x10, [x19, #FPABI_EV_OFF_RET]
	b	.Lstep

/* ------------------------------------------------------- SMSTART/SMSTOP */
.Lsmstart:
	smstart
	svcr_branch
	b	.Lstep
.Lsmstart_sm:
	smstart	sm
	svcr_branch
	b	.Lstep
.Lsmstart_za:
	smstart	za
	svcr_branch
	b	.Lstep
.Lsmstop:
	smstop
	svcr_branch
	b	.Lstep
.Lsmstop_sm:
	smstop	sm
	svcr_branch
	b	.Lstep
.Lsmstop_za:
	smstop	za
	svcr_branch
	b	.Lstep

	.size	fpabi_run_events, . - fpabi_run_events

	.section .note.GNU-stack, "", %progbits

#if GNU_PROPERTY_BTI || GNU_PROPERTY_PAC
	/* GNU_PROPERTY_AARCH64_FEATURE_1_AND, so the link keeps BTI/PAC */
	.pushsection .note.gnu.property, "a"
	.balign	8
	.long	4				/* namesz */
	.long	16				/* descsz */
	.long	5				/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz	"GNU"
	.long	0xc0000000			/* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
	.long	4
	.long	GNU_PROPERTY_BTI | GNU_PROPERTY_PAC
	.long	0
	.popsection
#endif
