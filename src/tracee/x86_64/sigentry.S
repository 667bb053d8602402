/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi_sig_entry() for x86_64: the tracee's SIGILL handler.  Before any
 * compiled code runs it stores what the handler sees (the current slot's
 * entry events), then lets C copy and edit the frame, then runs the exit
 * events (a clobbering LOAD) and returns into the sigreturn trampoline.
 *
 *   in:  %rdi = signal, %rsi = siginfo, %rdx = ucontext (SA_SIGINFO)
 *   fpabi_sig_cur (struct sig_rt *): entry events at offset 0
 *   fpabi_sig_body() returns the exit events.
 * Keeps %rbx %r12 %r13 (pushed); the stack is 16-byte aligned at each call
 * (the handler is entered as if called: %rsp + 8 aligned; three pushes).
 */
	.text
	.globl	fpabi_sig_entry
	.type	fpabi_sig_entry, @function
fpabi_sig_entry:
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	movl	%edi, %ebx
	movq	%rsi, %r12
	movq	%rdx, %r13
	movq	fpabi_sig_cur(%rip), %rax
	movq	0(%rax), %rdi
	call	fpabi_run_events
	movl	%ebx, %edi
	movq	%r12, %rsi
	movq	%r13, %rdx
	call	fpabi_sig_body
	movq	%rax, %rdi
	call	fpabi_run_events
	popq	%r13
	popq	%r12
	popq	%rbx
	ret
	.size	fpabi_sig_entry, . - fpabi_sig_entry

	.section .note.GNU-stack, "", @progbits
