/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi-exec-probe for arm64: the image a case's execve() starts.  No
 * libc, no loader: it reads where to store from the shared memory (fd 3;
 * a syscall, which keeps V, FPSR and FPCR and cannot make SVE state live),
 * and the tracer's poisoned dump into its image (a second such syscall),
 * stores every register with the tracee's own STORE event
 * (fpabi_run_events), writes them there, marks the tracee done and exits.
 * The kernel's execve() is the event under test: V, FPSR, FPCR, FPMR and
 * TPIDR2 zero, no SVE state, SVCR 0 (ZA off), the default VLs (A-PROC-1).
 * With SME the STORE also reads SVCR and SVL, TPIDR2, FPMR where the
 * CPU has it, and ZA/ZT0 (zeros while ZA is off: FPABI_A64_COND); its
 * ZA and ZT0 buffers are ctl.arg0 and ctl.arg1, offsets in the image.
 *
 *   fd 3: the shared memory; struct fpabi_exec_ctl at FPABI_EXEC_CTL_OFF.
 *   Uses only the stack (AREA bytes of image, room for VL and SVL 256);
 *   never returns.
 */
#include "fpabi/event.h"
#include "fpabi/shm.h"

#define SYS_pread64	67
#define SYS_pwrite64	68
#define SYS_exit_group	94
#define SYS_getrusage	165
#define SYS_getcpu	168
#define RUSAGE_THREAD	1
#define RU_NVCSW	128	/* struct rusage's ru_nvcsw, ru_nivcsw after */
#define AREA		131072	/* the image: Z/P/FFR, ZA, ZT0 at 256 */
#define CTL		AREA			/* 64 bytes */
#define EVS		(AREA + 64)		/* two events */
#define FRAME		(AREA + 64 + 2 * FPABI_EV_SIZE)

/* xN := a 32-bit constant */
	.macro	imm reg, val
	movz	\reg, #((\val) & 0xffff)
	movk	\reg, #(((\val) >> 16) & 0xffff), lsl #16
	.endm

	.text
	.globl	_start
	.type	_start, %function
_start:
	mov	x9, sp
	and	x9, x9, #~63
	imm	x10, FRAME
	sub	x9, x9, x10
	mov	sp, x9
	mov	x19, sp				/* the image */
	imm	x10, CTL
	add	x20, x19, x10
	imm	x10, EVS
	add	x21, x19, x10

	/* ctl := pread64(3, ctl, FPABI_EXEC_CTL_SIZE, FPABI_EXEC_CTL_OFF) */
	mov	x0, #FPABI_SHM_FD
	mov	x1, x20
	mov	x2, #FPABI_EXEC_CTL_SIZE
	mov	x3, #FPABI_EXEC_CTL_OFF
	mov	x8, #SYS_pread64
	svc	#0
	cmp	x0, #FPABI_EXEC_CTL_SIZE
	b.ne	.Lfail
	/* the dump must fit in the image */
	ldr	x9, [x20, #FPABI_EXEC_DUMP_LEN]
	imm	x10, AREA
	cmp	x9, x10
	b.hi	.Lfail

	/* image := pread64(3, image, ctl.dump_len, ctl.dump_off): the
	 * tracer's poison, so bytes the STORE does not write show as such */
	mov	x0, #FPABI_SHM_FD
	mov	x1, x19
	ldr	x2, [x20, #FPABI_EXEC_DUMP_LEN]
	ldr	x3, [x20, #FPABI_EXEC_DUMP_OFF]
	mov	x8, #SYS_pread64
	svc	#0
	ldr	x2, [x20, #FPABI_EXEC_DUMP_LEN]
	cmp	x0, x2
	b.ne	.Lfail

	/* ev[0] = STORE per ctl, ev[1] = END */
	mov	x9, x21
	mov	x10, #(2 * FPABI_EV_SIZE / 8)
1:	str	xzr, [x9], #8
	subs	x10, x10, #1
	b.ne	1b
	mov	x9, #FPABI_EV_STORE
	str	x9, [x21, #FPABI_EV_OFF_KIND]
	str	x19, [x21, #FPABI_EV_OFF_PTR]
	ldr	x9, [x20, #FPABI_EXEC_MASK]
	str	x9, [x21, #FPABI_EV_OFF_MASK]
	ldr	x9, [x20, #FPABI_EXEC_AUX]
	str	x9, [x21, #FPABI_EV_OFF_AUX]
	ldr	x9, [x20, #FPABI_EXEC_STRIDE]
	str	x9, [x21, #FPABI_EV_OFF_ARG + 16]
	/* .arg[0], .arg[1] := image + ctl.arg0, ctl.arg1 where set */
	ldr	x9, [x20, #FPABI_EXEC_ARG0]
	cbz	x9, 1f
	add	x9, x9, x19
	str	x9, [x21, #FPABI_EV_OFF_ARG + 0]
1:	ldr	x9, [x20, #FPABI_EXEC_ARG1]
	cbz	x9, 1f
	add	x9, x9, x19
	str	x9, [x21, #FPABI_EV_OFF_ARG + 8]
1:
	mov	x0, x21
	bl	fpabi_run_events

	/* pwrite64(3, image, ctl.dump_len, ctl.dump_off) */
	mov	x0, #FPABI_SHM_FD
	mov	x1, x19
	ldr	x2, [x20, #FPABI_EXEC_DUMP_LEN]
	ldr	x3, [x20, #FPABI_EXEC_DUMP_OFF]
	mov	x8, #SYS_pwrite64
	svc	#0
	ldr	x2, [x20, #FPABI_EXEC_DUMP_LEN]
	cmp	x0, x2
	b.ne	.Lfail

	/* the proof's "after" counters, the store being done: this task's
	 * switches (RUSAGE_THREAD: they go on across the execve) and its CPU */
	mov	x0, #RUSAGE_THREAD
	mov	x1, x19
	mov	x8, #SYS_getrusage
	svc	#0
	cbnz	x0, .Lfail
	mov	x0, #FPABI_SHM_FD
	add	x1, x19, #RU_NVCSW
	mov	x2, #8
	mov	x3, #(FPABI_SHM_PROOF_OFF + FPABI_PROOF_NVCSW1)
	mov	x8, #SYS_pwrite64
	svc	#0
	mov	x0, #FPABI_SHM_FD
	add	x1, x19, #(RU_NVCSW + 8)
	mov	x2, #8
	mov	x3, #(FPABI_SHM_PROOF_OFF + FPABI_PROOF_NIVCSW1)
	mov	x8, #SYS_pwrite64
	svc	#0
	mov	x0, x19
	mov	x1, #0
	mov	x2, #0
	mov	x8, #SYS_getcpu
	svc	#0
	mov	x0, #FPABI_SHM_FD
	mov	x1, x19
	mov	x2, #4
	mov	x3, #(FPABI_SHM_PROOF_OFF + FPABI_PROOF_CPU1)
	mov	x8, #SYS_pwrite64
	svc	#0

	/* the header's state := TRACEE_DONE */
	mov	w9, #FPABI_TRACEE_DONE
	str	w9, [x20]
	mov	x0, #FPABI_SHM_FD
	mov	x1, x20
	mov	x2, #4
	mov	x3, #FPABI_SHM_STATE_OFF
	mov	x8, #SYS_pwrite64
	svc	#0
	mov	x0, #0
	b	.Lexit
.Lfail:
	mov	x0, #4
.Lexit:
	mov	x8, #SYS_exit_group
	svc	#0
	udf	#2
	.size	_start, . - _start

	.section .note.GNU-stack, "", %progbits
