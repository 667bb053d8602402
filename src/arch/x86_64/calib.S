/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The calibration's round trips for x86_64 (src/arch/x86_64/calib.c):
 * each routine loads an image and stores it with the next instruction,
 * nothing between them that could touch FP/SIMD state, no kernel event.
 *
 * (XRSTOR64/XSAVE64 is the tracee's own event routine, linked in.)
 *   void x86_calib_xsaveopt(in rdi, out rsi, rfbm rdx)  XRSTOR64, XSAVEOPT64
 *   void x86_calib_xsavec(in rdi, out rsi, rfbm rdx)    XRSTOR64, XSAVEC64
 *   void x86_calib_fxsave(in rdi, out rsi)              FXRSTOR64, FXSAVE64
 *   void x86_calib_mxcsr(in rdi, out rsi)               LDMXCSR, STMXCSR
 * in and out 64-byte aligned (XSAVE areas) or 16 (FXSAVE); out pre-filled by
 * the caller.  Clobbers rax, rcx, rdx and the state the forms cover.
 */
	.text

.macro	rfbm_to_edx_eax
	mov	%rdx, %rcx
	mov	%ecx, %eax
	shr	$32, %rcx
	mov	%ecx, %edx
.endm

	.balign	16
	.globl	x86_calib_xsaveopt
	.type	x86_calib_xsaveopt, @function
x86_calib_xsaveopt:
	rfbm_to_edx_eax
	xrstor64 (%rdi)
	xsaveopt64 (%rsi)
	ret
	.size	x86_calib_xsaveopt, . - x86_calib_xsaveopt

	.balign	16
	.globl	x86_calib_xsavec
	.type	x86_calib_xsavec, @function
x86_calib_xsavec:
	rfbm_to_edx_eax
	xrstor64 (%rdi)
	xsavec64 (%rsi)
	ret
	.size	x86_calib_xsavec, . - x86_calib_xsavec

	.balign	16
	.globl	x86_calib_fxsave
	.type	x86_calib_fxsave, @function
x86_calib_fxsave:
	fxrstor64 (%rdi)
	fxsave64 (%rsi)
	ret
	.size	x86_calib_fxsave, . - x86_calib_fxsave

	.balign	16
	.globl	x86_calib_mxcsr
	.type	x86_calib_mxcsr, @function
x86_calib_mxcsr:
	ldmxcsr	(%rdi)
	stmxcsr	(%rsi)
	ret
	.size	x86_calib_mxcsr, . - x86_calib_mxcsr

	.section .note.GNU-stack, "", @progbits
