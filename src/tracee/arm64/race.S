/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The race loop for arm64 (fpabi race; include/fpabi/race.h): load,
 * event, store and compare, again and again, with no compiler-generated
 * code anywhere in the loop or in its signal handler.
 *
 * void fpabi_race_loop(struct race_ctl *c);
 *   Until c->stop: an iteration as race.h describes it.  The loads, the
 *   events and the stores are struct fpabi_ev lists run by
 *   fpabi_run_events() (events.S), each ending in END .nr = 1 so that it
 *   leaves the registers as they are (its saves of d8-d15 only read
 *   them).  Between those calls only general-purpose registers are used.
 *   Returns with SVCR 0 when c->sme (compiled code may follow).
 *   x19 ctl, x20 kind PRNG, x21 injection PRNG, x22 the kind, x23 the
 *   iteration, x24 its phase index, x25 the dump, x26 trap ticks.
 *
 * void fpabi_race_sig_entry(int sig, siginfo_t *si, void *uc);
 *   SIGALRM and SIGUSR1 (both blocked while it runs): counts the signal;
 *   when the loop has marked its window, stores what the handler sees
 *   into c->hdump and compares it with the kind's RACE_HPRE expectation
 *   (or RACE_HPOST, where the event may have run); then loads the
 *   clobbering canaries (c->hclobber) and returns to the sigreturn
 *   trampoline, after which the loop's own store must see no trace of
 *   them.
 *
 * void fpabi_race_signaller(struct race_ctl *c);
 *   The signalling thread: loads task 2's canaries (c->tload), then
 *   sleeps a random time and sends SIGUSR1 to the loop's thread, until
 *   c->stop; in a quiet window it sends nothing.
 */
#include <fpabi/event.h>
#include <fpabi/race.h>

	.arch	armv8.2-a+sve
	.arch_extension sme

#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
#define BTI_C	hint	#34
#define GNU_PROPERTY_BTI	1
#else
#define BTI_C
#define GNU_PROPERTY_BTI	0
#endif
#if defined(__ARM_FEATURE_PAC_DEFAULT) && __ARM_FEATURE_PAC_DEFAULT
#define GNU_PROPERTY_PAC	2
#else
#define GNU_PROPERTY_PAC	0
#endif

#define SIGALRM_NR	14
#define SIGUSR1_NR	10
#define RUSAGE_THREAD	1
#define RU_NVCSW	128	/* struct rusage, checked in src/tracee/race.c */
#define RU_NIVCSW	136

/* \reg = xorshift64(\reg) */
.macro	xorshift reg
	eor	\reg, \reg, \reg, lsl #13
	eor	\reg, \reg, \reg, lsr #7
	eor	\reg, \reg, \reg, lsl #17
.endm

/* [\base + \off] += 1, with \tmp */
.macro	count base, off, tmp
	ldr	\tmp, [\base, #\off]
	add	\tmp, \tmp, #1
	str	\tmp, [\base, #\off]
.endm

/* \out := the descriptor of point \pt (a constant) of kind \kind at phase
 * index \pi; uses x9 */
.macro	desc out, kind, pi, pt
	add	\out, \kind, #RK_DESC + (\pt) * RACE_PHASES * RD_SIZE
	mov	x9, #RD_SIZE
	madd	\out, \pi, x9, \out
.endm

	.text

/*
 * x0 = race_cmp(x0 dump, x1 desc): 0 when every checked word of the dump
 * is the expected word or its alternative (under the mask); otherwise the
 * index of the first word that is neither, plus 1.  x0-x17 scratch.
 */
	.balign	16
race_cmp:
	ldr	x2, [x1, #RD_EXP]
	ldr	x3, [x1, #RD_ALT]
	ldr	x4, [x1, #RD_MASK]
	ldr	x5, [x1, #RD_SEG]
	ldr	x6, [x1, #RD_NSEG]
1:	cbz	x6, 9f
	ldp	x7, x8, [x5], #16		/* byte offset, words */
	add	x10, x2, x7
	add	x11, x3, x7
	add	x12, x4, x7
	add	x7, x0, x7
2:	ldr	x13, [x7], #8
	ldr	x14, [x10], #8
	ldr	x15, [x12], #8
	eor	x14, x14, x13
	tst	x14, x15
	b.eq	3f
	ldr	x16, [x11]
	eor	x16, x16, x13
	tst	x16, x15
	b.ne	8f
3:	add	x11, x11, #8
	subs	x8, x8, #1
	b.ne	2b
	sub	x6, x6, #1
	b	1b
8:	sub	x7, x7, x0			/* past the word */
	lsr	x0, x7, #3
	ret
9:	mov	x0, #0
	ret

/*
 * race_record(x0 word + 1, x1 dump, x2 point, x3 kind, x4 iteration,
 * x5 phase index): the dump into the ring's next slot, if there is one
 * (the tracer frees them).  x19 = ctl; x6-x17 scratch.
 */
	.balign	16
race_record:
	ldr	x9, [x19, #RC_RING_HEAD]
	add	x10, x19, #RC_RING_TAIL
	ldar	x10, [x10]
	sub	x11, x9, x10
	cmp	x11, #RACE_RING
	b.lo	1f
	count	x19, RC_RING_LOST, x11
	ret
1:	and	x11, x9, #(RACE_RING - 1)
	ldr	x12, [x19, #RC_SLOT_SIZE]
	ldr	x13, [x19, #RC_RING]
	madd	x13, x11, x12, x13
	str	x4, [x13, #RS_ITER]
	ldr	x14, [x3, #RK_INDEX]
	str	x14, [x13, #RS_KIND]
	str	x5, [x13, #RS_PHASE]
	str	x2, [x13, #RS_POINT]
	sub	x0, x0, #1
	str	x0, [x13, #RS_WORD]
	add	x13, x13, #RS_HDR
	sub	x12, x12, #RS_HDR
2:	ldp	x14, x15, [x1], #16
	stp	x14, x15, [x13], #16
	subs	x12, x12, #16
	b.hi	2b
	add	x9, x9, #1
	add	x11, x19, #RC_RING_HEAD
	stlr	x9, [x11]
	ret

/* race_prefill(x0 dump): c->prefill_len bytes of c->prefill into it */
	.balign	16
race_prefill:
	ldr	x1, [x19, #RC_PREFILL]
	ldr	x2, [x19, #RC_PREFILL_LEN]
	cbz	x2, 2f
1:	ldp	x3, x4, [x1], #16
	stp	x3, x4, [x0], #16
	subs	x2, x2, #16
	b.hi	1b
2:	ret

/*
 * race_proof: getrusage(RUSAGE_THREAD) and the rseq CPU; the switches and
 * the CPU change since the last read go to the kind that ran in between
 * (c->prev_kind), or to the quiet window's counters.  x0-x17 scratch.
 */
	.balign	16
race_proof:
	ldr	x8, [x19, #RC_NR_GETRUSAGE]
	mov	x0, #RUSAGE_THREAD
	add	x1, x19, #RC_RU
	svc	#0
	ldr	x9, [x19, #RC_RU + RU_NVCSW]
	ldr	x10, [x19, #RC_RU + RU_NIVCSW]
	mov	x11, #-1
	ldr	x12, [x19, #RC_CPU_PTR]
	cbz	x12, 1f
	ldr	w11, [x12]
1:	ldr	x13, [x19, #RC_NVCSW]
	ldr	x14, [x19, #RC_NIVCSW]
	ldr	x15, [x19, #RC_CPU]
	str	x9, [x19, #RC_NVCSW]
	str	x10, [x19, #RC_NIVCSW]
	str	x11, [x19, #RC_CPU]
	sub	x13, x9, x13
	sub	x14, x10, x14
	ldr	x16, [x19, #RC_PROOF_STATE]
	mov	x17, #1
	str	x17, [x19, #RC_PROOF_STATE]
	cbz	x16, 9f				/* the first read */
	cmp	x16, #2
	b.ne	2f
	ldr	x9, [x19, #RC_QUIET_NVCSW]	/* after a quiet window */
	add	x9, x9, x13
	str	x9, [x19, #RC_QUIET_NVCSW]
	ldr	x9, [x19, #RC_QUIET_NIVCSW]
	add	x9, x9, x14
	str	x9, [x19, #RC_QUIET_NIVCSW]
	ret
2:	ldr	x16, [x19, #RC_PREV_KIND]
	cbz	x16, 9f
	cbz	x13, 3f
	count	x16, RK_NVCSW, x9
3:	cbz	x14, 4f
	count	x16, RK_NIVCSW, x9
4:	cmp	x11, x15
	b.eq	9f
	count	x16, RK_MIGRATED, x9
9:	ret

/* ------------------------------------------------------------- the loop */
	.balign	16
	.globl	fpabi_race_loop
	.type	fpabi_race_loop, %function
fpabi_race_loop:
	BTI_C
	stp	x29, x30, [sp, #-96]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	mov	x19, x0
	ldr	x20, [x19, #RC_SEED]
	ldr	x21, [x19, #RC_INJ_SEED]
	ldr	x23, [x19, #RC_ITERS]
	ldr	x25, [x19, #RC_DUMP]
	ldr	x26, [x19, #RC_TRAP_TICKS]

.Lloop:
	ldr	x9, [x19, #RC_STOP]
	cbnz	x9, .Lout
	ldr	x9, [x19, #RC_QUIET]
	str	x9, [x19, #RC_QUIET_ACK]
	cbnz	x9, .Lquiet
	ldr	x9, [x19, #RC_PROOF]
	cbz	x9, 1f
	bl	race_proof
1:	xorshift x20
	ldr	x9, [x19, #RC_WEIGHTS]
	lsr	x10, x20, #54
	ldrb	w10, [x9, x10]
	ldr	x22, [x19, #RC_KINDS]
	mov	x9, #RK_SIZE
	madd	x22, x10, x9, x22
	b	.Lrun
.Lquiet:
	ldr	x22, [x19, #RC_QUIET_KIND]
	mov	x9, #2				/* the next read: the window's */
	str	x9, [x19, #RC_PROOF_STATE]
	count	x19, RC_QUIET_ITERS, x9

.Lrun:
	str	x22, [x19, #RC_PREV_KIND]
	and	x24, x23, #(RACE_PHASES - 1)
	str	x24, [x19, #RC_CUR_PHASE]
	str	x22, [x19, #RC_CUR_KIND]
	ldr	x0, [x22, x24, lsl #3]		/* RK_LOAD[phase] */
	bl	fpabi_run_events
	mov	x9, #1
	str	x9, [x19, #RC_WINDOW]
	/* the event: .ev, or .ev and .ev2 in turn */
	ldr	x0, [x22, #RK_EV]
	ldr	x10, [x22, #RK_EV2]
	cbz	x10, 1f
	ldr	x11, [x22, #RK_TOGGLE]
	eor	x12, x11, #1
	str	x12, [x22, #RK_TOGGLE]
	cmp	x11, #0
	csel	x0, x0, x10, eq
1:	bl	fpabi_run_events
	str	xzr, [x19, #RC_WINDOW]
	/*
	 * A-SYS-5: the first SVE instruction after a discard traps; time
	 * one (rdvl, which only reads the VL) in CNTVCT ticks.
	 */
	cbz	x26, 2f
	isb
	mrs	x9, cntvct_el0
	rdvl	x10, #1
	isb
	mrs	x11, cntvct_el0
	sub	x11, x11, x9
	clz	x12, x11
	mov	x13, #64
	sub	x12, x13, x12
	cmp	x12, #(RACE_HIST - 1)
	mov	x13, #(RACE_HIST - 1)
	csel	x12, x12, x13, lo
	add	x13, x19, #RC_HIST
	add	x13, x13, x12, lsl #3
	ldr	x14, [x13]
	add	x14, x14, #1
	str	x14, [x13]
	cmp	x11, x26
	b.lo	2f
	count	x22, RK_TRAPS, x9
2:	mov	x0, x25
	bl	race_prefill
	ldr	x0, [x19, #RC_STORE]
	bl	fpabi_run_events

	/* test-only: one dump in inj_rate gets a word of the previous
	 * phase's image (what a stale register would show) */
	ldr	x9, [x19, #RC_INJ_RATE]
	cbz	x9, 3f
	xorshift x21
	udiv	x10, x21, x9
	msub	x10, x10, x9, x21
	cbnz	x10, 3f
	ldr	x11, [x19, #RC_INJ_N]
	lsr	x12, x21, #32
	udiv	x13, x12, x11
	msub	x12, x13, x11, x12
	ldr	x13, [x19, #RC_INJ_OFF]
	ldr	x13, [x13, x12, lsl #3]		/* the word's offset */
	add	x14, x24, #(RACE_PHASES - 1)
	and	x14, x14, #(RACE_PHASES - 1)
	ldr	x14, [x22, x14, lsl #3]		/* previous phase's LOAD list */
	ldr	x14, [x14, #FPABI_EV_OFF_PTR]	/* its image */
	ldr	x15, [x14, x13]
	str	x15, [x25, x13]
	count	x19, RC_INJECTED, x9

3:	mov	x0, x25
	desc	x1, x22, x24, RACE_POST
	bl	race_cmp
	cbz	x0, 4f
	mov	x9, #1
	str	x9, [x19, #RC_IN_RECORD]
	mov	x1, x25
	mov	x2, #RACE_POST
	mov	x3, x22
	mov	x4, x23
	mov	x5, x24
	bl	race_record
	str	xzr, [x19, #RC_IN_RECORD]
	count	x22, RK_MISMATCH, x9
	count	x19, RC_MISMATCHES, x9
4:	count	x22, RK_ITERS, x9
	count	x19, RC_CHECKED, x9
	add	x23, x23, #1
	str	x23, [x19, #RC_ITERS]
	b	.Lloop

.Lout:
	ldr	x9, [x19, #RC_SME]
	cbz	x9, 1f
	smstop
1:	ldp	x27, x28, [sp, #80]
	ldp	x25, x26, [sp, #64]
	ldp	x23, x24, [sp, #48]
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #96
	ret
	.size	fpabi_race_loop, . - fpabi_race_loop

/* ---------------------------------------------------------- the handler */
	.balign	16
	.globl	fpabi_race_sig_entry
	.type	fpabi_race_sig_entry, %function
fpabi_race_sig_entry:
	BTI_C
	stp	x29, x30, [sp, #-48]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	adrp	x19, fpabi_race_ctl
	ldr	x19, [x19, :lo12:fpabi_race_ctl]
	cmp	w0, #SIGALRM_NR
	b.ne	1f
	count	x19, RC_SIG_TIMER, x9
	b	2f
1:	count	x19, RC_SIG_THREAD, x9
2:	ldr	x9, [x19, #RC_QUIET_ACK]
	cbz	x9, 3f
	count	x19, RC_QUIET_SIGS, x9
3:	ldr	x9, [x19, #RC_WINDOW]
	cbz	x9, .Lclobber
	count	x19, RC_SIG_WINDOW, x9
	ldr	x20, [x19, #RC_CUR_KIND]
	ldr	x21, [x19, #RC_CUR_PHASE]
	ldr	x0, [x19, #RC_HDUMP]
	bl	race_prefill
	ldr	x0, [x19, #RC_HSTORE]
	bl	fpabi_run_events
	ldr	x0, [x19, #RC_HDUMP]
	desc	x1, x20, x21, RACE_HPRE
	bl	race_cmp
	cbz	x0, 5f
	ldr	x9, [x20, #RK_HAS_HPOST]
	cbz	x9, 4f
	ldr	x0, [x19, #RC_HDUMP]
	desc	x1, x20, x21, RACE_HPOST
	bl	race_cmp
	cbz	x0, 5f
	/* neither: into the ring, unless the loop is writing it now */
	ldr	x0, [x19, #RC_HDUMP]
	desc	x1, x20, x21, RACE_HPRE
	bl	race_cmp
4:	count	x19, RC_SIG_MISMATCH, x9
	ldr	x9, [x19, #RC_IN_RECORD]
	cbz	x9, 6f
	count	x19, RC_RING_LOST, x9
	b	5f
6:	ldr	x1, [x19, #RC_HDUMP]
	mov	x2, #RACE_HPRE
	mov	x3, x20
	ldr	x4, [x19, #RC_ITERS]
	mov	x5, x21
	bl	race_record
5:	count	x19, RC_SIG_CHECKED, x9
	count	x20, RK_SIGS, x9
.Lclobber:
	ldr	x0, [x19, #RC_HCLOBBER]
	bl	fpabi_run_events
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #48
	ret
	.size	fpabi_race_sig_entry, . - fpabi_race_sig_entry

/* ------------------------------------------------- the signalling thread */
	.balign	16
	.globl	fpabi_race_signaller
	.type	fpabi_race_signaller, %function
fpabi_race_signaller:
	BTI_C
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	mov	x19, x0
	ldr	x20, [x19, #RC_SEED]
	mvn	x20, x20			/* its own stream, never 0 */
	ldr	x0, [x19, #RC_TLOAD]
	bl	fpabi_run_events
1:	ldr	x9, [x19, #RC_STOP]
	cbnz	x9, 9f
	xorshift x20
	ldr	x10, [x19, #RC_THR_RANGE_NS]
	udiv	x11, x20, x10
	msub	x11, x11, x10, x20
	ldr	x12, [x19, #RC_THR_MIN_NS]
	add	x11, x11, x12
	str	xzr, [x19, #RC_THR_TS]
	str	x11, [x19, #RC_THR_TS + 8]
	ldr	x8, [x19, #RC_NR_NANOSLEEP]
	add	x0, x19, #RC_THR_TS
	mov	x1, #0
	svc	#0
	ldr	x9, [x19, #RC_QUIET]
	cbnz	x9, 1b
	ldr	x9, [x19, #RC_STOP]
	cbnz	x9, 9f
	ldr	x8, [x19, #RC_NR_TGKILL]
	ldr	x0, [x19, #RC_TGID]
	ldr	x1, [x19, #RC_TID]
	mov	x2, #SIGUSR1_NR
	svc	#0
	count	x19, RC_THR_SENT, x9
	b	1b
9:	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #32
	ret
	.size	fpabi_race_signaller, . - fpabi_race_signaller

	.section .note.GNU-stack, "", %progbits

#if GNU_PROPERTY_BTI || GNU_PROPERTY_PAC
	.pushsection .note.gnu.property, "a"
	.balign	8
	.long	4
	.long	16
	.long	5
	.asciz	"GNU"
	.long	0xc0000000
	.long	4
	.long	GNU_PROPERTY_BTI | GNU_PROPERTY_PAC
	.long	0
	.popsection
#endif
