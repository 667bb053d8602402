/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The race loop for x86_64 (fpabi race; include/fpabi/race.h): load,
 * event, store and compare, again and again, with no compiler-generated
 * code anywhere in the loop or in its signal handler.
 *
 * void fpabi_race_loop(struct race_ctl *c);
 *   Until c->stop: an iteration as race.h describes it.  Loads (XRSTOR),
 *   events and stores (XSAVE, into a dump first filled with the init
 *   image: XSAVE skips components in their init state) are struct
 *   fpabi_ev lists run by fpabi_run_events() (events.S), which uses
 *   general-purpose registers only, as does everything here.
 *   %rbx ctl, %rbp kind PRNG, %r12 the kind, %r13 the iteration, %r14 its
 *   phase index, %r15 the dump.
 *
 * void fpabi_race_sig_entry(int sig, siginfo_t *si, void *uc);
 *   SIGALRM and SIGUSR1 (both blocked while it runs): counts the signal;
 *   when the loop has marked its window, stores what the handler sees
 *   into c->hdump and compares it with the kind's RACE_HPRE expectation
 *   (or RACE_HPOST, where the event may have run); then loads the
 *   clobbering canaries (c->hclobber) and returns into the restorer,
 *   whose rt_sigreturn must undo them.
 *
 * void fpabi_race_signaller(struct race_ctl *c);
 *   The signalling thread: loads task 2's canaries (c->tload), then
 *   sleeps a random time and sends SIGUSR1 to the loop's thread, until
 *   c->stop; in a quiet window it sends nothing.
 */
#include "fpabi/event.h"
#include "fpabi/race.h"

#define SIGALRM_NR	14
#define SIGUSR1_NR	10
#define RUSAGE_THREAD	1
#define RU_NVCSW	128	/* struct rusage, checked in src/tracee/race.c */
#define RU_NIVCSW	136

/* \reg = xorshift64(\reg), with \tmp */
.macro	xorshift reg, tmp
	movq	\reg, \tmp
	shlq	$13, \tmp
	xorq	\tmp, \reg
	movq	\reg, \tmp
	shrq	$7, \tmp
	xorq	\tmp, \reg
	movq	\reg, \tmp
	shlq	$17, \tmp
	xorq	\tmp, \reg
.endm

/* %rsi := the descriptor of point \pt of kind \kind at phase index \pi */
.macro	desc kind, pi, pt
	imulq	$RD_SIZE, \pi, %rsi
	leaq	RK_DESC + (\pt) * RACE_PHASES * RD_SIZE(\kind, %rsi), %rsi
.endm

	.text

/*
 * %rax = race_cmp(%rdi dump, %rsi desc): 0 when every checked word of the
 * dump is the expected word or its alternative (under the mask);
 * otherwise the index of the first word that is neither, plus 1.
 * Clobbers %rcx %rdx %rsi %r8-%r11.
 */
	.balign	16
race_cmp:
	movq	RD_EXP(%rsi), %r8
	movq	RD_ALT(%rsi), %r9
	movq	RD_MASK(%rsi), %r10
	movq	RD_SEG(%rsi), %r11
	movq	RD_NSEG(%rsi), %rsi
1:	testq	%rsi, %rsi
	jz	9f
	movq	(%r11), %rdx			/* byte offset */
	movq	8(%r11), %rcx			/* words */
	addq	$16, %r11
2:	movq	(%rdi,%rdx), %rax
	xorq	(%r8,%rdx), %rax
	testq	%rax, (%r10,%rdx)
	jz	3f
	movq	(%rdi,%rdx), %rax
	xorq	(%r9,%rdx), %rax
	testq	%rax, (%r10,%rdx)
	jnz	8f
3:	addq	$8, %rdx
	decq	%rcx
	jnz	2b
	decq	%rsi
	jmp	1b
8:	leaq	8(%rdx), %rax
	shrq	$3, %rax
	ret
9:	xorl	%eax, %eax
	ret

/*
 * race_record(%rdi word + 1, %rsi dump, %rdx point, %rcx kind, %r8
 * iteration, %r9 phase index): the dump into the ring's next slot, if
 * there is one (the tracer frees them).  %rbx = ctl.  Clobbers %rax %rcx
 * %rdi %rsi %r10 %r11.
 */
	.balign	16
race_record:
	movq	RC_RING_HEAD(%rbx), %rax
	movq	%rax, %r11
	subq	RC_RING_TAIL(%rbx), %r11
	cmpq	$RACE_RING, %r11
	jb	1f
	incq	RC_RING_LOST(%rbx)
	ret
1:	movq	%rax, %r10
	andq	$(RACE_RING - 1), %r10
	imulq	RC_SLOT_SIZE(%rbx), %r10
	addq	RC_RING(%rbx), %r10
	movq	%r8, RS_ITER(%r10)
	movq	RK_INDEX(%rcx), %r11
	movq	%r11, RS_KIND(%r10)
	movq	%r9, RS_PHASE(%r10)
	movq	%rdx, RS_POINT(%r10)
	decq	%rdi
	movq	%rdi, RS_WORD(%r10)
	leaq	RS_HDR(%r10), %rdi
	movq	RC_SLOT_SIZE(%rbx), %rcx
	subq	$RS_HDR, %rcx
	rep movsb
	incq	%rax
	movq	%rax, RC_RING_HEAD(%rbx)	/* x86 stores are ordered */
	ret

/* race_prefill(%rdi dump): c->prefill_len bytes of c->prefill into it */
	.balign	16
race_prefill:
	movq	RC_PREFILL(%rbx), %rsi
	movq	RC_PREFILL_LEN(%rbx), %rcx
	rep movsb
	ret

/*
 * race_proof: getrusage(RUSAGE_THREAD) and the rseq CPU; the switches and
 * the CPU change since the last read go to the kind that ran in between
 * (c->prev_kind), or to the quiet window's counters.
 */
	.balign	16
race_proof:
	movq	RC_NR_GETRUSAGE(%rbx), %rax
	movl	$RUSAGE_THREAD, %edi
	leaq	RC_RU(%rbx), %rsi
	syscall
	movq	RC_RU + RU_NVCSW(%rbx), %rax
	movq	RC_RU + RU_NIVCSW(%rbx), %rdx
	movq	$-1, %r8
	movq	RC_CPU_PTR(%rbx), %rcx
	testq	%rcx, %rcx
	jz	1f
	movl	(%rcx), %r8d
1:	movq	RC_NVCSW(%rbx), %r9
	movq	RC_NIVCSW(%rbx), %r10
	movq	RC_CPU(%rbx), %r11
	movq	%rax, RC_NVCSW(%rbx)
	movq	%rdx, RC_NIVCSW(%rbx)
	movq	%r8, RC_CPU(%rbx)
	subq	%r9, %rax
	subq	%r10, %rdx
	movq	RC_PROOF_STATE(%rbx), %rcx
	movq	$1, RC_PROOF_STATE(%rbx)
	testq	%rcx, %rcx
	jz	9f				/* the first read */
	cmpq	$2, %rcx
	jne	2f
	addq	%rax, RC_QUIET_NVCSW(%rbx)	/* after a quiet window */
	addq	%rdx, RC_QUIET_NIVCSW(%rbx)
	ret
2:	movq	RC_PREV_KIND(%rbx), %rcx
	testq	%rcx, %rcx
	jz	9f
	testq	%rax, %rax
	jz	3f
	incq	RK_NVCSW(%rcx)
3:	testq	%rdx, %rdx
	jz	4f
	incq	RK_NIVCSW(%rcx)
4:	cmpq	%r8, %r11
	je	9f
	incq	RK_MIGRATED(%rcx)
9:	ret

/* ------------------------------------------------------------- the loop */
	.balign	16
	.globl	fpabi_race_loop
	.type	fpabi_race_loop, @function
fpabi_race_loop:
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	subq	$8, %rsp
	movq	%rdi, %rbx
	movq	RC_SEED(%rbx), %rbp
	movq	RC_ITERS(%rbx), %r13
	movq	RC_DUMP(%rbx), %r15

.Lloop:
	cmpq	$0, RC_STOP(%rbx)
	jne	.Lout
	movq	RC_QUIET(%rbx), %rax
	movq	%rax, RC_QUIET_ACK(%rbx)
	testq	%rax, %rax
	jnz	.Lquiet
	cmpq	$0, RC_PROOF(%rbx)
	je	1f
	call	race_proof
1:	xorshift %rbp, %rax
	movq	%rbp, %rax
	shrq	$54, %rax
	movq	RC_WEIGHTS(%rbx), %rcx
	movzbl	(%rcx,%rax), %eax
	imulq	$RK_SIZE, %rax, %rax
	addq	RC_KINDS(%rbx), %rax
	movq	%rax, %r12
	jmp	.Lrun
.Lquiet:
	movq	RC_QUIET_KIND(%rbx), %r12
	movq	$2, RC_PROOF_STATE(%rbx)	/* the next read: the window's */
	incq	RC_QUIET_ITERS(%rbx)

.Lrun:
	movq	%r12, RC_PREV_KIND(%rbx)
	movq	%r13, %r14
	andq	$(RACE_PHASES - 1), %r14
	movq	%r14, RC_CUR_PHASE(%rbx)
	movq	%r12, RC_CUR_KIND(%rbx)
	movq	RK_LOAD(%r12,%r14,8), %rdi
	call	fpabi_run_events
	movq	$1, RC_WINDOW(%rbx)
	/* the event: .ev, or .ev and .ev2 in turn */
	movq	RK_EV(%r12), %rdi
	movq	RK_EV2(%r12), %rax
	testq	%rax, %rax
	jz	1f
	movq	RK_TOGGLE(%r12), %rcx
	xorq	$1, RK_TOGGLE(%r12)
	testq	%rcx, %rcx
	cmovnzq	%rax, %rdi
1:	call	fpabi_run_events
	movq	$0, RC_WINDOW(%rbx)
	movq	%r15, %rdi
	call	race_prefill
	movq	RC_STORE(%rbx), %rdi
	call	fpabi_run_events

	/* test-only: one dump in inj_rate gets a word of the previous
	 * phase's image (what a stale register would show) */
	movq	RC_INJ_RATE(%rbx), %rcx
	testq	%rcx, %rcx
	jz	3f
	movq	RC_INJ_SEED(%rbx), %rax
	xorshift %rax, %rdx
	movq	%rax, RC_INJ_SEED(%rbx)
	movq	%rax, %r8
	xorl	%edx, %edx
	divq	%rcx
	testq	%rdx, %rdx
	jnz	3f
	movq	%r8, %rax
	shrq	$32, %rax
	xorl	%edx, %edx
	divq	RC_INJ_N(%rbx)
	movq	RC_INJ_OFF(%rbx), %rcx
	movq	(%rcx,%rdx,8), %rcx		/* the word's offset */
	leaq	(RACE_PHASES - 1)(%r14), %rax
	andq	$(RACE_PHASES - 1), %rax
	movq	RK_LOAD(%r12,%rax,8), %rax	/* previous phase's LOAD list */
	movq	FPABI_EV_OFF_PTR(%rax), %rax	/* its image */
	movq	(%rax,%rcx), %rdx
	movq	%rdx, (%r15,%rcx)
	incq	RC_INJECTED(%rbx)

3:	movq	%r15, %rdi
	desc	%r12, %r14, RACE_POST
	call	race_cmp
	testq	%rax, %rax
	jz	4f
	movq	$1, RC_IN_RECORD(%rbx)
	movq	%rax, %rdi
	movq	%r15, %rsi
	movl	$RACE_POST, %edx
	movq	%r12, %rcx
	movq	%r13, %r8
	movq	%r14, %r9
	call	race_record
	movq	$0, RC_IN_RECORD(%rbx)
	incq	RK_MISMATCH(%r12)
	incq	RC_MISMATCHES(%rbx)
4:	incq	RK_ITERS(%r12)
	incq	RC_CHECKED(%rbx)
	incq	%r13
	movq	%r13, RC_ITERS(%rbx)
	jmp	.Lloop

.Lout:
	addq	$8, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
	.size	fpabi_race_loop, . - fpabi_race_loop

/* ---------------------------------------------------------- the handler */
	.balign	16
	.globl	fpabi_race_sig_entry
	.type	fpabi_race_sig_entry, @function
fpabi_race_sig_entry:
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	movq	fpabi_race_ctl(%rip), %rbx
	cmpl	$SIGALRM_NR, %edi
	jne	1f
	incq	RC_SIG_TIMER(%rbx)
	jmp	2f
1:	incq	RC_SIG_THREAD(%rbx)
2:	cmpq	$0, RC_QUIET_ACK(%rbx)
	je	3f
	incq	RC_QUIET_SIGS(%rbx)
3:	cmpq	$0, RC_WINDOW(%rbx)
	je	.Lclobber
	incq	RC_SIG_WINDOW(%rbx)
	movq	RC_CUR_KIND(%rbx), %r12
	movq	RC_CUR_PHASE(%rbx), %r13
	movq	RC_HDUMP(%rbx), %rdi
	call	race_prefill
	movq	RC_HSTORE(%rbx), %rdi
	call	fpabi_run_events
	movq	RC_HDUMP(%rbx), %rdi
	desc	%r12, %r13, RACE_HPRE
	call	race_cmp
	testq	%rax, %rax
	jz	5f
	cmpq	$0, RK_HAS_HPOST(%r12)
	je	4f
	movq	RC_HDUMP(%rbx), %rdi
	desc	%r12, %r13, RACE_HPOST
	call	race_cmp
	testq	%rax, %rax
	jz	5f
	/* neither: into the ring, unless the loop is writing it now */
	movq	RC_HDUMP(%rbx), %rdi
	desc	%r12, %r13, RACE_HPRE
	call	race_cmp
4:	incq	RC_SIG_MISMATCH(%rbx)
	cmpq	$0, RC_IN_RECORD(%rbx)
	je	6f
	incq	RC_RING_LOST(%rbx)
	jmp	5f
6:	movq	%rax, %rdi
	movq	RC_HDUMP(%rbx), %rsi
	movl	$RACE_HPRE, %edx
	movq	%r12, %rcx
	movq	RC_ITERS(%rbx), %r8
	movq	%r13, %r9
	call	race_record
5:	incq	RC_SIG_CHECKED(%rbx)
	incq	RK_SIGS(%r12)
.Lclobber:
	movq	RC_HCLOBBER(%rbx), %rdi
	call	fpabi_run_events
	popq	%r13
	popq	%r12
	popq	%rbx
	ret
	.size	fpabi_race_sig_entry, . - fpabi_race_sig_entry

/* ------------------------------------------------- the signalling thread */
	.balign	16
	.globl	fpabi_race_signaller
	.type	fpabi_race_signaller, @function
fpabi_race_signaller:
	pushq	%rbx
	pushq	%rbp
	subq	$8, %rsp
	movq	%rdi, %rbx
	movq	RC_SEED(%rbx), %rbp
	notq	%rbp				/* its own stream */
	movq	RC_TLOAD(%rbx), %rdi
	call	fpabi_run_events
1:	cmpq	$0, RC_STOP(%rbx)
	jne	9f
	xorshift %rbp, %rax
	movq	%rbp, %rax
	xorl	%edx, %edx
	divq	RC_THR_RANGE_NS(%rbx)
	addq	RC_THR_MIN_NS(%rbx), %rdx
	movq	$0, RC_THR_TS(%rbx)
	movq	%rdx, RC_THR_TS + 8(%rbx)
	movq	RC_NR_NANOSLEEP(%rbx), %rax
	leaq	RC_THR_TS(%rbx), %rdi
	xorl	%esi, %esi
	syscall
	cmpq	$0, RC_QUIET(%rbx)
	jne	1b
	cmpq	$0, RC_STOP(%rbx)
	jne	9f
	movq	RC_NR_TGKILL(%rbx), %rax
	movq	RC_TGID(%rbx), %rdi
	movq	RC_TID(%rbx), %rsi
	movl	$SIGUSR1_NR, %edx
	syscall
	incq	RC_THR_SENT(%rbx)
	jmp	1b
9:	addq	$8, %rsp
	popq	%rbp
	popq	%rbx
	ret
	.size	fpabi_race_signaller, . - fpabi_race_signaller

	.section .note.GNU-stack, "", @progbits
