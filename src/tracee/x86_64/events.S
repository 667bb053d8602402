/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi_run_events() for x86_64: walk the event list with general-purpose
 * registers only.
 *
 *   in:  %rdi = struct fpabi_ev *ev (array ending in FPABI_EV_END)
 *   LOAD:    xrstor64 (.ptr) with RFBM = .mask (standard-format image)
 *   STORE:   xsave64 (.ptr) with RFBM = .mask
 *   SYSCALL: %rax = .nr, args .arg[0..5]; result to .ret; where it returns
 *            0 and .ptr is set (a clone's child), the walk goes on with
 *            the list at .ptr
 *   TRAP:    int3 (the tracer sees SIGTRAP; %rip is already past it)
 *   SPIN:    until *(u64 *).ptr != 0, at most .arg[0] rounds; rounds left
 *            to .ret; first stores 1 at .arg[1] if it is an address (the
 *            tracer sees the tracee has reached the spin)
 *   FAULT:   ud2, a synchronous SIGILL the tracee's handler takes
 *            (src/tracee/x86_64/sig.c steps over it)
 * Clobbers: the FP/vector state (that is the point), %rax %rcx %rdx %rsi
 * %rdi %r8-%r11; keeps %rbx %rbp %r12-%r15 as the SysV ABI asks.
 */
#include "fpabi/event.h"

	.text
	.globl	fpabi_run_events
	.type	fpabi_run_events, @function
fpabi_run_events:
	pushq	%rbx
	pushq	%rbp
	movq	%rdi, %rbx

.Lnext:
	movq	FPABI_EV_OFF_KIND(%rbx), %rax
	cmpq	$FPABI_EV_END, %rax
	je	.Ldone
	cmpq	$FPABI_EV_LOAD, %rax
	je	.Lload
	cmpq	$FPABI_EV_STORE, %rax
	je	.Lstore
	cmpq	$FPABI_EV_SYSCALL, %rax
	je	.Lsyscall
	cmpq	$FPABI_EV_TRAP, %rax
	je	.Ltrap
	cmpq	$FPABI_EV_SPIN, %rax
	je	.Lspin
	cmpq	$FPABI_EV_FAULT, %rax
	je	.Lfault
	int	$0x80		/* unknown event: die loudly (not SIGILL) */
	hlt

.Lfault:
	ud2			/* SIGILL; the handler steps over these 2 bytes */
	jmp	.Ladvance

.Lload:
	movq	FPABI_EV_OFF_PTR(%rbx), %rcx
	movl	FPABI_EV_OFF_MASK(%rbx), %eax
	movl	FPABI_EV_OFF_MASK+4(%rbx), %edx
	xrstor64 (%rcx)
	jmp	.Ladvance

.Lstore:
	movq	FPABI_EV_OFF_PTR(%rbx), %rcx
	movl	FPABI_EV_OFF_MASK(%rbx), %eax
	movl	FPABI_EV_OFF_MASK+4(%rbx), %edx
	xsave64	(%rcx)
	jmp	.Ladvance

.Lsyscall:
	movq	FPABI_EV_OFF_NR(%rbx), %rax
	movq	FPABI_EV_OFF_ARG+0(%rbx), %rdi
	movq	FPABI_EV_OFF_ARG+8(%rbx), %rsi
	movq	FPABI_EV_OFF_ARG+16(%rbx), %rdx
	movq	FPABI_EV_OFF_ARG+24(%rbx), %r10
	movq	FPABI_EV_OFF_ARG+32(%rbx), %r8
	movq	FPABI_EV_OFF_ARG+40(%rbx), %r9
	syscall
	/*
	 * A clone's child (0 returned, .ptr set) goes on with the list at
	 * .ptr, and must not write .ret: the parent's event is shared.
	 */
	testq	%rax, %rax
	jnz	4f
	movq	FPABI_EV_OFF_PTR(%rbx), %rcx
	testq	%rcx, %rcx
	jz	4f
	movq	%rcx, %rbx
	jmp	.Lnext
4:	movq	%rax, FPABI_EV_OFF_RET(%rbx)
	jmp	.Ladvance

.Ltrap:
	int3
	jmp	.Ladvance

.Lspin:
	movq	FPABI_EV_OFF_ARG+8(%rbx), %rcx	/* "spinning" mark */
	testq	%rcx, %rcx
	jz	3f
	movq	$1, (%rcx)
3:	movq	FPABI_EV_OFF_PTR(%rbx), %rcx
	movq	FPABI_EV_OFF_ARG(%rbx), %rdx
1:	cmpq	$0, (%rcx)
	jne	2f
	pause
	subq	$1, %rdx
	jnz	1b
2:	movq	%rdx, FPABI_EV_OFF_RET(%rbx)
	jmp	.Ladvance

.Ladvance:
	addq	$FPABI_EV_SIZE, %rbx
	jmp	.Lnext

.Ldone:
	popq	%rbp
	popq	%rbx
	ret
	.size	fpabi_run_events, . - fpabi_run_events

	.section .note.GNU-stack, "", @progbits
