/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The platform probe's register work for arm64: the SVE VL as the block
 * after smstop sm sees it (platform quirk sme-vl-chain, src/plan/platform.c).
 *
 * long a64_vl_after_smstop(void);
 * long a64_vl_after_smstop_br(void);
 *   rdvl; smstart sm; nop; smstop sm; then rdvl: x0 = the SVE VL in bytes
 *   that the instruction after smstop sm runs at.  The first rdvl is an
 *   SVE instruction: after a syscall it takes the SVE access trap, so
 *   the task has live SVE state and no trap follows smstop sm (with none,
 *   the rdvl after it would trap and run at the right VL).  The _br form
 *   branches indirectly after smstop sm first (the tracee's step-around).
 *   Needs SVE and SME, PSTATE.SM clear on entry (it is on exit).  Every
 *   Z, P and FFR register is zeroed by the mode changes; d8-d15 are not
 *   callee-saved across this call (the caller is a throwaway child).
 *   Clobbers x0, x1.
 */
	.arch	armv8.2-a+sve
	.arch_extension sme

#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
#define BTI_C	hint	#34
#define GNU_PROPERTY_BTI	1
#else
#define BTI_C
#define GNU_PROPERTY_BTI	0
#endif

	.text
	.balign	16
	.globl	a64_vl_after_smstop
	.type	a64_vl_after_smstop, %function
a64_vl_after_smstop:
	BTI_C
	rdvl	x1, #1		/* SVE live (the access trap after a syscall) */
	smstart	sm		/* ends QEMU's block */
	nop			/* a block translated in streaming mode */
	smstop	sm		/* ends it; QEMU chains to the next */
	rdvl	x0, #1		/* the first instruction of that block */
	ret
	.size	a64_vl_after_smstop, . - a64_vl_after_smstop

	.balign	16
	.globl	a64_vl_after_smstop_br
	.type	a64_vl_after_smstop_br, %function
a64_vl_after_smstop_br:
	BTI_C
	rdvl	x1, #1
	smstart	sm
	nop
	smstop	sm
	adr	x1, 1f
	br	x1		/* QEMU looks the next block up by its flags */
1:	hint	#36		/* bti j */
	rdvl	x0, #1
	ret
	.size	a64_vl_after_smstop_br, . - a64_vl_after_smstop_br

	.section .note.GNU-stack, "", %progbits

#if GNU_PROPERTY_BTI
	.pushsection .note.gnu.property, "a"
	.balign	8
	.long	4
	.long	16
	.long	5				/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz	"GNU"
	.long	0xc0000000			/* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
	.long	4
	.long	GNU_PROPERTY_BTI
	.long	0
	.popsection
#endif
