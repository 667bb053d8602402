/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tracer's own registers across its ptrace calls (regset.c): the
 * vector registers loaded from vin, the ptrace syscall made, the registers
 * stored to vout, with no compiler-generated code in between.  A syscall
 * keeps all user xstate (X-SYS-1), so vout must equal vin.  Every vector
 * register is caller-saved in the SysV ABI.
 *
 * long fpabi_x86_tracer_ptrace(long req, long pid, long addr, long data,
 *				 const void *vin, void *vout)	 xmm0-xmm15
 * long fpabi_x86_tracer_ptrace_zmm(...)			 zmm0-zmm31
 */
	.text
	.globl	fpabi_x86_tracer_ptrace
	.type	fpabi_x86_tracer_ptrace, @function
fpabi_x86_tracer_ptrace:
	movdqu	0(%r8), %xmm0
	movdqu	16(%r8), %xmm1
	movdqu	32(%r8), %xmm2
	movdqu	48(%r8), %xmm3
	movdqu	64(%r8), %xmm4
	movdqu	80(%r8), %xmm5
	movdqu	96(%r8), %xmm6
	movdqu	112(%r8), %xmm7
	movdqu	128(%r8), %xmm8
	movdqu	144(%r8), %xmm9
	movdqu	160(%r8), %xmm10
	movdqu	176(%r8), %xmm11
	movdqu	192(%r8), %xmm12
	movdqu	208(%r8), %xmm13
	movdqu	224(%r8), %xmm14
	movdqu	240(%r8), %xmm15
	mov	%rcx, %r10
	mov	$101, %eax		/* __NR_ptrace */
	syscall
	movdqu	%xmm0, 0(%r9)
	movdqu	%xmm1, 16(%r9)
	movdqu	%xmm2, 32(%r9)
	movdqu	%xmm3, 48(%r9)
	movdqu	%xmm4, 64(%r9)
	movdqu	%xmm5, 80(%r9)
	movdqu	%xmm6, 96(%r9)
	movdqu	%xmm7, 112(%r9)
	movdqu	%xmm8, 128(%r9)
	movdqu	%xmm9, 144(%r9)
	movdqu	%xmm10, 160(%r9)
	movdqu	%xmm11, 176(%r9)
	movdqu	%xmm12, 192(%r9)
	movdqu	%xmm13, 208(%r9)
	movdqu	%xmm14, 224(%r9)
	movdqu	%xmm15, 240(%r9)
	ret
	.size	fpabi_x86_tracer_ptrace, . - fpabi_x86_tracer_ptrace

	.globl	fpabi_x86_tracer_ptrace_zmm
	.type	fpabi_x86_tracer_ptrace_zmm, @function
fpabi_x86_tracer_ptrace_zmm:
	vmovdqu64	0(%r8), %zmm0
	vmovdqu64	64(%r8), %zmm1
	vmovdqu64	128(%r8), %zmm2
	vmovdqu64	192(%r8), %zmm3
	vmovdqu64	256(%r8), %zmm4
	vmovdqu64	320(%r8), %zmm5
	vmovdqu64	384(%r8), %zmm6
	vmovdqu64	448(%r8), %zmm7
	vmovdqu64	512(%r8), %zmm8
	vmovdqu64	576(%r8), %zmm9
	vmovdqu64	640(%r8), %zmm10
	vmovdqu64	704(%r8), %zmm11
	vmovdqu64	768(%r8), %zmm12
	vmovdqu64	832(%r8), %zmm13
	vmovdqu64	896(%r8), %zmm14
	vmovdqu64	960(%r8), %zmm15
	vmovdqu64	1024(%r8), %zmm16
	vmovdqu64	1088(%r8), %zmm17
	vmovdqu64	1152(%r8), %zmm18
	vmovdqu64	1216(%r8), %zmm19
	vmovdqu64	1280(%r8), %zmm20
	vmovdqu64	1344(%r8), %zmm21
	vmovdqu64	1408(%r8), %zmm22
	vmovdqu64	1472(%r8), %zmm23
	vmovdqu64	1536(%r8), %zmm24
	vmovdqu64	1600(%r8), %zmm25
	vmovdqu64	1664(%r8), %zmm26
	vmovdqu64	1728(%r8), %zmm27
	vmovdqu64	1792(%r8), %zmm28
	vmovdqu64	1856(%r8), %zmm29
	vmovdqu64	1920(%r8), %zmm30
	vmovdqu64	1984(%r8), %zmm31
	mov	%rcx, %r10
	mov	$101, %eax		/* __NR_ptrace */
	syscall
	vmovdqu64	%zmm0, 0(%r9)
	vmovdqu64	%zmm1, 64(%r9)
	vmovdqu64	%zmm2, 128(%r9)
	vmovdqu64	%zmm3, 192(%r9)
	vmovdqu64	%zmm4, 256(%r9)
	vmovdqu64	%zmm5, 320(%r9)
	vmovdqu64	%zmm6, 384(%r9)
	vmovdqu64	%zmm7, 448(%r9)
	vmovdqu64	%zmm8, 512(%r9)
	vmovdqu64	%zmm9, 576(%r9)
	vmovdqu64	%zmm10, 640(%r9)
	vmovdqu64	%zmm11, 704(%r9)
	vmovdqu64	%zmm12, 768(%r9)
	vmovdqu64	%zmm13, 832(%r9)
	vmovdqu64	%zmm14, 896(%r9)
	vmovdqu64	%zmm15, 960(%r9)
	vmovdqu64	%zmm16, 1024(%r9)
	vmovdqu64	%zmm17, 1088(%r9)
	vmovdqu64	%zmm18, 1152(%r9)
	vmovdqu64	%zmm19, 1216(%r9)
	vmovdqu64	%zmm20, 1280(%r9)
	vmovdqu64	%zmm21, 1344(%r9)
	vmovdqu64	%zmm22, 1408(%r9)
	vmovdqu64	%zmm23, 1472(%r9)
	vmovdqu64	%zmm24, 1536(%r9)
	vmovdqu64	%zmm25, 1600(%r9)
	vmovdqu64	%zmm26, 1664(%r9)
	vmovdqu64	%zmm27, 1728(%r9)
	vmovdqu64	%zmm28, 1792(%r9)
	vmovdqu64	%zmm29, 1856(%r9)
	vmovdqu64	%zmm30, 1920(%r9)
	vmovdqu64	%zmm31, 1984(%r9)
	vzeroupper
	ret
	.size	fpabi_x86_tracer_ptrace_zmm, . - fpabi_x86_tracer_ptrace_zmm

	.section .note.GNU-stack, "", @progbits
