/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Vector state for fpabi bench on arm64.  d8-d15 are callee-saved (AAPCS64):
 * the SVE routine saves them and writes them back last, which zeroes the
 * rest of z8-z15 but leaves the task's SVE state live.
 *
 * fpabi_bench_a64_touch_fpsimd(): v0-v7, v16-v31 all ones (AdvSIMD only)
 * fpabi_bench_a64_touch_sve():    z0-z31 bytes 1, p0-p15 all true, FFR set:
 *                                 after a syscall this takes the SVE
 *                                 access trap
 * fpabi_bench_a64_spin_ms(ms):    return after ms milliseconds of the
 *                                 generic timer (CNTVCT_EL0 against
 *                                 CNTFRQ_EL0), in user space only: no
 *                                 syscall, no vector register touched
 * fpabi_insns_stubs:              the markers of fpabi-vm --count-insns
 *                                 (tools/fpabi-insns.c, src/bench/insns.c)
 */
	.arch	armv8.2-a+sve
	.text

	.globl	fpabi_bench_a64_touch_fpsimd
	.type	fpabi_bench_a64_touch_fpsimd, %function
fpabi_bench_a64_touch_fpsimd:
	hint	#34			/* BTI c */
	.irp	n, 0,1,2,3,4,5,6,7,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	movi	v\n\().2d, #0xffffffffffffffff
	.endr
	ret
	.size	fpabi_bench_a64_touch_fpsimd, . - fpabi_bench_a64_touch_fpsimd

	.globl	fpabi_bench_a64_touch_sve
	.type	fpabi_bench_a64_touch_sve, %function
fpabi_bench_a64_touch_sve:
	hint	#34			/* BTI c */
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	dup	z\n\().b, #1
	.endr
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	ptrue	p\n\().b
	.endr
	setffr
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
	ret
	.size	fpabi_bench_a64_touch_sve, . - fpabi_bench_a64_touch_sve

	.globl	fpabi_bench_a64_spin_ms
	.type	fpabi_bench_a64_spin_ms, %function
fpabi_bench_a64_spin_ms:
	hint	#34			/* BTI c */
	mrs	x1, cntfrq_el0
	mov	x2, #1000
	mul	x1, x1, x0
	udiv	x1, x1, x2		/* ticks to wait */
	isb
	mrs	x3, cntvct_el0
1:	isb
	mrs	x4, cntvct_el0
	sub	x4, x4, x3
	cmp	x4, x1
	b.lo	1b
	ret
	.size	fpabi_bench_a64_spin_ms, . - fpabi_bench_a64_spin_ms

/*
 * One 16-byte stub per marker command (0-4) and slot (0-2), stub 3 * cmd +
 * slot, called through a pointer (hence BTI c): MOVZ XZR, #(0xfa00 |
 * cmd << 4 | slot) writes the zero register, so it does nothing, and no
 * compiler emits it; the plugin recognises it.
 */
	.globl	fpabi_insns_stubs
	.type	fpabi_insns_stubs, %function
	.balign	16
fpabi_insns_stubs:
	.irp	cmd, 0,1,2,3,4
	.irp	slot, 0,1,2
	.balign	16
	hint	#34			/* BTI c */
	.inst	0xd29f401f | (((\cmd << 4) | \slot) << 5)
	ret
	.endr
	.endr
	.size	fpabi_insns_stubs, . - fpabi_insns_stubs

	.section .note.GNU-stack, "", %progbits
