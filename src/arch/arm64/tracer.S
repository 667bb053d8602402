/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tracer's own registers across its ptrace calls (regset.c): q0-q31
 * loaded from vin, the ptrace syscall made, q0-q31 stored to vout, with
 * no compiler-generated code in between.  A syscall keeps V (A-SYS-1), so
 * vout must equal vin: a regset write that touched the caller's state
 * instead of (or beside) the target's shows here.  d8-d15 are callee-saved
 * (AAPCS64): kept on the stack and put back.
 *
 * long fpabi_a64_tracer_ptrace(long req, long pid, long addr, long data,
 *				 const void *vin, void *vout)
 */
	.arch	armv8-a
	.text
	.globl	fpabi_a64_tracer_ptrace
	.type	fpabi_a64_tracer_ptrace, %function
fpabi_a64_tracer_ptrace:
	hint	#34			/* BTI c */
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
	ldp	q0, q1, [x4, #0]
	ldp	q2, q3, [x4, #32]
	ldp	q4, q5, [x4, #64]
	ldp	q6, q7, [x4, #96]
	ldp	q8, q9, [x4, #128]
	ldp	q10, q11, [x4, #160]
	ldp	q12, q13, [x4, #192]
	ldp	q14, q15, [x4, #224]
	ldp	q16, q17, [x4, #256]
	ldp	q18, q19, [x4, #288]
	ldp	q20, q21, [x4, #320]
	ldp	q22, q23, [x4, #352]
	ldp	q24, q25, [x4, #384]
	ldp	q26, q27, [x4, #416]
	ldp	q28, q29, [x4, #448]
	ldp	q30, q31, [x4, #480]
	mov	x8, #117			/* __NR_ptrace */
	svc	#0
	stp	q0, q1, [x5, #0]
	stp	q2, q3, [x5, #32]
	stp	q4, q5, [x5, #64]
	stp	q6, q7, [x5, #96]
	stp	q8, q9, [x5, #128]
	stp	q10, q11, [x5, #160]
	stp	q12, q13, [x5, #192]
	stp	q14, q15, [x5, #224]
	stp	q16, q17, [x5, #256]
	stp	q18, q19, [x5, #288]
	stp	q20, q21, [x5, #320]
	stp	q22, q23, [x5, #352]
	stp	q24, q25, [x5, #384]
	stp	q26, q27, [x5, #416]
	stp	q28, q29, [x5, #448]
	stp	q30, q31, [x5, #480]
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
	ret
	.size	fpabi_a64_tracer_ptrace, . - fpabi_a64_tracer_ptrace

	.section .note.GNU-stack, "", %progbits
