/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi-exec-probe for x86_64: the image a case's execve() starts.  Its
 * first instruction stores every register (XSAVE, all of XCR0), before any
 * code that could touch them: no libc, no loader.  Then it reads where to
 * put them from the shared memory (fd 3), writes them there, marks the
 * tracee done and exits.  The kernel's execve() is the event under test:
 * every component must be at its init value (X-PROC-1).
 *
 *   fd 3: the shared memory; struct fpabi_exec_ctl at FPABI_EXEC_CTL_OFF.
 *   Uses only the stack; never returns.
 */
#include "fpabi/shm.h"

#define SYS_pread64	17
#define SYS_pwrite64	18
#define SYS_getrusage	98
#define SYS_getcpu	309
#define SYS_exit_group	231
#define RUSAGE_THREAD	1
#define RU_NVCSW	128	/* struct rusage's ru_nvcsw, ru_nivcsw after */
#define AREA		32768	/* the XSAVE area, 64-byte aligned: room for every
				   user component (AMX alone is 8 KB; the whole
				   area 11008 bytes on a CPU with AMX) */

	.text
	.globl	_start
	.type	_start, @function
_start:
	andq	$-64, %rsp
	subq	$(AREA + 64), %rsp
	movq	%rsp, %rbx			/* the XSAVE area */
	movl	$-1, %eax
	movl	$-1, %edx
	xsave64	(%rbx)

	/* ctl := pread64(3, ctl, 40, FPABI_EXEC_CTL_OFF) */
	leaq	AREA(%rbx), %r12		/* 64 bytes for the ctl */
	movl	$SYS_pread64, %eax
	movl	$FPABI_SHM_FD, %edi
	movq	%r12, %rsi
	movl	$40, %edx
	movl	$FPABI_EXEC_CTL_OFF, %r10d
	syscall
	cmpq	$40, %rax
	jne	.Lfail

	/* pwrite64(3, area, ctl.dump_len, ctl.dump_off) */
	movl	$SYS_pwrite64, %eax
	movl	$FPABI_SHM_FD, %edi
	movq	%rbx, %rsi
	movq	FPABI_EXEC_DUMP_LEN(%r12), %rdx
	movq	FPABI_EXEC_DUMP_OFF(%r12), %r10
	syscall
	cmpq	FPABI_EXEC_DUMP_LEN(%r12), %rax
	jne	.Lfail

	/* the proof's "after" counters, the store being done: this task's
	 * switches (RUSAGE_THREAD: they go on across the execve) and its CPU */
	movl	$SYS_getrusage, %eax
	movl	$RUSAGE_THREAD, %edi
	movq	%rbx, %rsi
	syscall
	testq	%rax, %rax
	jnz	.Lfail
	movl	$SYS_pwrite64, %eax
	movl	$FPABI_SHM_FD, %edi
	leaq	RU_NVCSW(%rbx), %rsi
	movl	$8, %edx
	movl	$(FPABI_SHM_PROOF_OFF + FPABI_PROOF_NVCSW1), %r10d
	syscall
	movl	$SYS_pwrite64, %eax
	movl	$FPABI_SHM_FD, %edi
	leaq	(RU_NVCSW + 8)(%rbx), %rsi
	movl	$8, %edx
	movl	$(FPABI_SHM_PROOF_OFF + FPABI_PROOF_NIVCSW1), %r10d
	syscall
	movl	$SYS_getcpu, %eax
	movq	%rbx, %rdi
	xorl	%esi, %esi
	xorl	%edx, %edx
	syscall
	movl	$SYS_pwrite64, %eax
	movl	$FPABI_SHM_FD, %edi
	movq	%rbx, %rsi
	movl	$4, %edx
	movl	$(FPABI_SHM_PROOF_OFF + FPABI_PROOF_CPU1), %r10d
	syscall

	/* the header's state := TRACEE_DONE */
	movl	$FPABI_TRACEE_DONE, (%r12)
	movl	$SYS_pwrite64, %eax
	movl	$FPABI_SHM_FD, %edi
	movq	%r12, %rsi
	movl	$4, %edx
	movl	$FPABI_SHM_STATE_OFF, %r10d
	syscall
	xorl	%edi, %edi
	jmp	.Lexit
.Lfail:
	movl	$4, %edi
.Lexit:
	movl	$SYS_exit_group, %eax
	syscall
	hlt
	.size	_start, . - _start

	.section .note.GNU-stack, "", @progbits
