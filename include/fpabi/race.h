/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The race loop's control block (fpabi race): what the tracer prepares in
 * shared memory after the usual header, and what the tracee's assembly
 * loop (src/tracee/<arch>/race.S) reads, counts and reports there.
 *
 * One iteration: read the thread's switch counts (getrusage, unless the
 * window is quiet), pick a kind from the weight table, run its LOAD list
 * (the phase 1 + iteration % 4 canaries), mark the window, run its event
 * list (a syscall, a spin, a self-migration), unmark it, time the first
 * SVE instruction (arm64), run the STORE list into the dump, compare the
 * dump with the expectation the model made for that kind and phase, and
 * copy a dump that differs into the ring.  A signal (an interval timer's
 * SIGALRM, a thread's SIGUSR1) runs an assembly handler that stores and
 * compares what it sees when the window is marked, loads clobbering
 * canaries and returns through sigreturn, which must undo them.
 *
 * The tracer writes offsets from the start of the shared memory; the
 * tracee makes them addresses (src/tracee/race.c) before the loop runs.
 * Every field is 8 bytes, so the assembly uses the offsets below, checked
 * at build time.
 */
#ifndef FPABI_RACE_H
#define FPABI_RACE_H

#define RACE_MAGIC		0x7261636521ull	/* "race!" */
#define RACE_MAX_KINDS		8
#define RACE_PHASES		4	/* iteration i loads phase 1 + i % 4 */
#define RACE_WEIGHTS		1024	/* kind per slot; 10 bits of the PRNG */
#define RACE_RING		8	/* dumps that differed, for the tracer */
#define RACE_HIST		24	/* trap timing: log2 of the ticks */
#define RACE_CLOBBER_PHASE	14	/* what the signal handler loads */

/* where a dump was taken */
#define RACE_POST		0	/* after the event, by the loop */
#define RACE_HPRE		1	/* handler entry, before the event */
#define RACE_HPOST		2	/* handler entry, after the event */
#define RACE_NPOINTS		3

/* struct race_desc: an expectation */
#define RD_EXP			0	/* expected bytes */
#define RD_ALT			8	/* or, word by word, these */
#define RD_MASK			16	/* the bytes compared */
#define RD_SEG			24	/* segments: (byte offset, words) pairs */
#define RD_NSEG			32
#define RD_SIZE			40

/* struct race_kind */
#define RK_LOAD			0	/* RACE_PHASES LOAD lists */
#define RK_EV			32	/* event list; */
#define RK_EV2			40	/* a second one, taken in turn (0: none) */
#define RK_TOGGLE		48
#define RK_HAS_HPOST		56	/* the handler may see the event done */
#define RK_ITERS		64	/* counters from here */
#define RK_NVCSW		72	/* iterations with a voluntary switch */
#define RK_NIVCSW		80	/* with an involuntary one */
#define RK_MIGRATED		88	/* ending on another CPU */
#define RK_TRAPS		96	/* whose first SVE instruction trapped */
#define RK_MISMATCH		104	/* the loop's dumps that differed */
#define RK_SIGS			112	/* signals that found its window */
#define RK_INDEX		120	/* its index, for the ring */
#define RK_DESC			128	/* [RACE_NPOINTS][RACE_PHASES] */
#define RK_SIZE			(RK_DESC + RACE_NPOINTS * RACE_PHASES * RD_SIZE)

/* struct race_slot: one ring entry, the dump follows the header */
#define RS_ITER			0
#define RS_KIND			8
#define RS_PHASE		16
#define RS_POINT		24
#define RS_WORD			32	/* the first word that differed */
#define RS_HDR			64

/* struct race_ctl */
#define RC_MAGIC		0
#define RC_STOP			8	/* the tracer: end the loop */
#define RC_QUIET		16	/* the tracer: no syscall from now */
#define RC_QUIET_ACK		24	/* the loop: RC_QUIET as it last saw it */
#define RC_SEED			32	/* PRNG of the kinds (xorshift64) */
#define RC_INJ_SEED		40	/* PRNG of the injection */
#define RC_INJ_RATE		48	/* corrupt 1 dump in this many (0: none) */
#define RC_INJ_N		56	/* words it may corrupt, */
#define RC_INJ_OFF		64	/* their byte offsets (u64 array) */
#define RC_INJECTED		72
#define RC_WEIGHTS		80	/* RACE_WEIGHTS kind indexes (u8) */
#define RC_QUIET_KIND		88	/* the kind of a quiet window */
#define RC_DUMP			96	/* the loop's dump */
#define RC_HDUMP		104	/* the handler's */
#define RC_PREFILL		112	/* copied into a dump before each store */
#define RC_PREFILL_LEN		120	/* (x86: the init image; 0: none) */
#define RC_STORE		128	/* STORE list into the dump */
#define RC_HSTORE		136	/* STORE list into the handler's dump */
#define RC_HCLOBBER		144	/* the handler's LOAD list */
#define RC_TLOAD		152	/* the signalling thread's LOAD list */
#define RC_CPU_PTR		160	/* rseq cpu_id (u32) of the loop's thread */
#define RC_NR_GETRUSAGE		168	/* syscall numbers (the tracee's) */
#define RC_NR_TGKILL		176
#define RC_NR_NANOSLEEP		184
#define RC_TGID			192
#define RC_TID			200
#define RC_THR_MIN_NS		208	/* the thread sleeps this long, */
#define RC_THR_RANGE_NS		216	/* plus up to this, between signals */
#define RC_TRAP_TICKS		224	/* arm64: first SVE instruction this slow
					   in CNTVCT ticks took a trap (0: off) */
#define RC_PROOF		232	/* 1: read the switches every iteration */
#define RC_KINDS		240	/* the kinds' array */
#define RC_WINDOW		248	/* 1: the registers hold the load */
#define RC_CUR_KIND		256	/* the iteration's kind (address) */
#define RC_CUR_PHASE		264	/* and its phase index */
#define RC_SME			272	/* smstop before returning to C */
#define RC_RING			280	/* the ring's slots */
#define RC_SLOT_SIZE		288
#define RC_RING_HEAD		296	/* the tracee's count of entries */
#define RC_RING_TAIL		304	/* the tracer's */
#define RC_RING_LOST		312	/* differing dumps that found it full */
#define RC_ITERS		320	/* counters */
#define RC_CHECKED		328
#define RC_MISMATCHES		336
#define RC_SIG_TIMER		344
#define RC_SIG_THREAD		352
#define RC_SIG_WINDOW		360	/* signals that found a window */
#define RC_SIG_CHECKED		368	/* and whose entry state was compared */
#define RC_THR_SENT		376
#define RC_QUIET_ITERS		384
#define RC_QUIET_NVCSW		392
#define RC_QUIET_NIVCSW		400
#define RC_QUIET_SIGS		408
#define RC_NVCSW		416	/* the last proof read */
#define RC_NIVCSW		424
#define RC_CPU			432
#define RC_PROOF_STATE		440	/* 0 none yet, 1 reading, 2 quiet */
#define RC_PREV_KIND		448	/* the kind the next read charges */
#define RC_IN_RECORD		456	/* the loop is writing a ring entry */
#define RC_SIG_MISMATCH		464	/* handler entries that differed */
#define RC_THR_TS		472	/* the thread's timespec (16 bytes) */
#define RC_RU			488	/* struct rusage (144 bytes) */
#define RC_HIST			632	/* RACE_HIST u64 */
/* read by the tracee's C before the loop */
#define RC_TIMER_NS		(RC_HIST + RACE_HIST * 8)	/* ITIMER_REAL
					   interval (0: no timer) */
#define RC_THR_CPU		(RC_TIMER_NS + 8)	/* the signalling thread's
					   CPU (-1: any); it runs iff tload */
#define RC_SIZE			(RC_THR_CPU + 8)

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct race_desc {
	uint64_t exp, alt, mask, seg, nseg;
};

struct race_kind {
	uint64_t load[RACE_PHASES];
	uint64_t ev, ev2, toggle, has_hpost;
	uint64_t iters, nvcsw, nivcsw, migrated, traps, mismatch, sigs, index;
	struct race_desc d[RACE_NPOINTS][RACE_PHASES];
};

struct race_slot {
	uint64_t iter, kind, phase, point, word, pad[3];
	/* the dump follows */
};

struct race_ctl {
	uint64_t magic, stop, quiet, quiet_ack, seed, inj_seed, inj_rate,
		 inj_n, inj_off, injected, weights, quiet_kind, dump, hdump,
		 prefill, prefill_len, store, hstore, hclobber, tload, cpu_ptr,
		 nr_getrusage, nr_tgkill, nr_nanosleep, tgid, tid, thr_min_ns,
		 thr_range_ns, trap_ticks, proof, kinds, window, cur_kind,
		 cur_phase, sme, ring, slot_size, ring_head, ring_tail,
		 ring_lost, iters, checked, mismatches, sig_timer, sig_thread,
		 sig_window, sig_checked, thr_sent, quiet_iters, quiet_nvcsw,
		 quiet_nivcsw, quiet_sigs, nvcsw, nivcsw, cpu, proof_state,
		 prev_kind, in_record, sig_mismatch;
	uint64_t thr_ts[2];
	uint64_t ru[18];
	uint64_t hist[RACE_HIST];
	uint64_t timer_ns;
	int64_t thr_cpu;
};

#define RACE_CHECK(s, f, off) \
	_Static_assert(offsetof(struct s, f) == (off), #s "." #f)
RACE_CHECK(race_desc, nseg, RD_NSEG);
RACE_CHECK(race_kind, ev, RK_EV);
RACE_CHECK(race_kind, has_hpost, RK_HAS_HPOST);
RACE_CHECK(race_kind, iters, RK_ITERS);
RACE_CHECK(race_kind, index, RK_INDEX);
RACE_CHECK(race_kind, d, RK_DESC);
RACE_CHECK(race_slot, word, RS_WORD);
RACE_CHECK(race_ctl, tload, RC_TLOAD);
RACE_CHECK(race_ctl, trap_ticks, RC_TRAP_TICKS);
RACE_CHECK(race_ctl, kinds, RC_KINDS);
RACE_CHECK(race_ctl, sme, RC_SME);
RACE_CHECK(race_ctl, ring_lost, RC_RING_LOST);
RACE_CHECK(race_ctl, iters, RC_ITERS);
RACE_CHECK(race_ctl, quiet_sigs, RC_QUIET_SIGS);
RACE_CHECK(race_ctl, prev_kind, RC_PREV_KIND);
RACE_CHECK(race_ctl, in_record, RC_IN_RECORD);
RACE_CHECK(race_ctl, sig_mismatch, RC_SIG_MISMATCH);
RACE_CHECK(race_ctl, thr_ts, RC_THR_TS);
RACE_CHECK(race_ctl, ru, RC_RU);
RACE_CHECK(race_ctl, hist, RC_HIST);
_Static_assert(sizeof(struct race_kind) == RK_SIZE, "race_kind size");
_Static_assert(sizeof(struct race_slot) == RS_HDR, "race_slot size");
_Static_assert(sizeof(struct race_ctl) == RC_SIZE, "race_ctl size");

/* The tracee's side (src/tracee/<arch>/race.S). */
void fpabi_race_loop(struct race_ctl *c);
void fpabi_race_signaller(struct race_ctl *c);
void fpabi_race_sig_entry(int sig, void *info, void *uc);
extern struct race_ctl *fpabi_race_ctl;
#endif

#endif
