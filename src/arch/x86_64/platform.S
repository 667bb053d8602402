/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The platform probe's register work for x86_64 (src/plan/platform.c): one
 * XRSTOR and the XSAVE right after it, with no other instruction between
 * them that could touch FP/SIMD state.
 *
 * void x86_xrstor_xsave(const void *in, void *out, uint64_t rfbm);
 *   rdi = in (64-byte aligned, standard format), rsi = out (64-byte
 *   aligned, zeroed by the caller), rdx = the requested-feature bitmap of
 *   both instructions.  XRSTOR may fault (#GP: SIGSEGV): the caller is a
 *   throwaway child.  Clobbers rax, rcx, rdx and the state in rfbm.
 */
	.text
	.balign	16
	.globl	x86_xrstor_xsave
	.type	x86_xrstor_xsave, @function
x86_xrstor_xsave:
	mov	%rdx, %rcx
	mov	%ecx, %eax		/* rfbm, low half */
	shr	$32, %rcx
	mov	%ecx, %edx		/* rfbm, high half */
	xrstor64 (%rdi)
	xsave64	(%rsi)
	ret
	.size	x86_xrstor_xsave, . - x86_xrstor_xsave

	.section .note.GNU-stack, "", @progbits
