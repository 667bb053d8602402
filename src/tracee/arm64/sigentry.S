/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi_sig_entry() for arm64: the tracee's SIGILL handler.  Before any
 * compiled code runs it stores what the handler sees (the current slot's
 * entry events), then lets C copy and edit the frame, then runs the exit
 * events (a clobbering LOAD, ending with END .nr = 1 so that the loaded
 * registers stand) and returns to the kernel's sigreturn trampoline (x30).
 *
 *   in:  x0 = signal, x1 = siginfo, x2 = ucontext (SA_SIGINFO)
 *   fpabi_sig_cur (struct sig_rt *): entry events at offset 0
 *   fpabi_sig_body() returns the exit events.
 * Keeps x19-x21, x29, x30 on the stack.
 */
#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
#define BTI_C	hint	#34
#else
#define BTI_C
#endif

	.text
	.balign	16
	.globl	fpabi_sig_entry
	.type	fpabi_sig_entry, %function
fpabi_sig_entry:
	BTI_C
	stp	x29, x30, [sp, #-48]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	str	x21, [sp, #32]
	mov	x19, x0
	mov	x20, x1
	mov	x21, x2
	adrp	x9, fpabi_sig_cur
	ldr	x9, [x9, :lo12:fpabi_sig_cur]
	ldr	x0, [x9]
	bl	fpabi_run_events
	mov	x0, x19
	mov	x1, x20
	mov	x2, x21
	bl	fpabi_sig_body
	bl	fpabi_run_events
	ldr	x21, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #48
	ret
	.size	fpabi_sig_entry, . - fpabi_sig_entry

	.section .note.GNU-stack, "", %progbits
