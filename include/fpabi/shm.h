/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The memory the tracer and the tracee share (a memfd both map): the
 * tracee's event list, the images it loads and the dumps it stores, and the
 * proof counters it records around the event list.
 */
#ifndef FPABI_SHM_H
#define FPABI_SHM_H

#define FPABI_SHM_MAGIC		0x46504142u	/* "FPAB" */

/*
 * What the exec probe (src/tracee/<arch>/execprobe.S, no libc) needs, at
 * fixed offsets it can use without headers: fd 3 is the shared memory; it
 * reads struct fpabi_exec_ctl at FPABI_EXEC_CTL_OFF, stores its registers
 * at .dump_off, and writes TRACEE_DONE into the header's state.
 */
#define FPABI_SHM_FD		3
#define FPABI_EXEC_CTL_OFF	3072
#define FPABI_SHM_STATE_OFF	12
#define FPABI_TRACEE_DONE	3
/* struct fpabi_exec_ctl, for the assembler */
#define FPABI_EXEC_DUMP_OFF	0
#define FPABI_EXEC_DUMP_LEN	8
#define FPABI_EXEC_MASK		16
#define FPABI_EXEC_AUX		24
#define FPABI_EXEC_STRIDE	32
#define FPABI_EXEC_ARG0		40
#define FPABI_EXEC_ARG1		48
#define FPABI_EXEC_CTL_SIZE	56
/* struct fpabi_proof's "after" counters, which the exec probe writes
 * (the probe, not the tracee, ends a list that execs) */
#define FPABI_SHM_PROOF_OFF	160
#define FPABI_PROOF_NVCSW1	8
#define FPABI_PROOF_NIVCSW1	24
#define FPABI_PROOF_CPU1	36

#ifndef __ASSEMBLER__
#include <stdint.h>

#include "fpabi/limits.h"

#define FPABI_SHM_VERSION	3

/* FPABI_EV_SYSCALL .nr as the tracer writes it; the tracee resolves it. */
enum fpabi_sc {
	SC_GETPID = 1,
	SC_SCHED_YIELD,
	SC_NANOSLEEP,		/* 1 ms */
	SC_PIPE_READ,		/* blocks until a helper process writes */
	SC_GETPPID,		/* the tracee's seccomp filter traces it */
	SC_GETPGID,		/* the tracee's seccomp filter traps it */
	SC_EXEC,		/* execve the exec probe (hdr.exec_path) */
	SC_FORK,		/* clone(SIGCHLD): a child process */
	SC_THREAD,		/* clone(CLONE_VM | CLONE_THREAD ...): a thread */
	SC_EXIT,		/* exit(0): the end of a child's list */
	SC_VFORK,		/* clone(CLONE_VM | CLONE_VFORK): on the same stack */
	SC_CLONE3,		/* clone3() with no flags: a child process */
	SC_FORK_SETTLS,		/* clone(CLONE_SETTLS): a child process */
	SC_THREAD_SETTLS,	/* SC_THREAD with CLONE_SETTLS */
	SC_SLEEP_UNTIL,		/* clock_nanosleep(CLOCK_MONOTONIC,
				   TIMER_ABSTIME) to the time at shm offset
				   .arg[0] (struct fpabi_time) */
	SC_MIGRATE_SELF,	/* sched_setaffinity(0) to CPU .arg[0] alone:
				   the tracee moves itself mid-sequence */
	SC_URANDOM_WRITE,	/* write(2) of 8 KiB to /dev/urandom: the
				   kernel mixes it with BLAKE2s, on x86 with
				   SSSE3 or AVX-512 under kernel_fpu_begin() */
	SC_BPF_PROG_LOAD,	/* bpf(BPF_PROG_LOAD) of a two-instruction
				   socket filter: the kernel hashes it for
				   its tag (7.3: SHA-256, arm64 in NEON or
				   CE under kernel_neon_begin()) */
	SC_IOURING_WRITE,	/* io_uring_enter(2) of one write of 8 KiB
				   to /dev/urandom queued IOSQE_ASYNC: an
				   io-wq worker (PF_USER_WORKER, cloned from
				   the task in the syscall: copy_thread()'s
				   kernel-thread branch, x86's fpu_clone()
				   minimal) makes it, the task waiting for
				   its completion */
	SC_NR,
	/* the backend's own kinds start here (fpabi/<arch>-case.h; the
	 * tracee resolves them in src/tracee/<arch>/, sc_name() asks
	 * fpabi_arch.sc_name) */
	SC_ARCH = 32,
	SC_ARCH_END = 48
};

/* SC_BPF_PROG_LOAD's attr: BPF_PROG_LOAD's leading fields of union
 * bpf_attr (the kernel zeroes the rest), for a socket filter r0 = 0;
 * exit; the tracer's probe loads the same (NEED_BPF) */
struct fpabi_bpf_attr {
	uint32_t prog_type, insn_cnt;
	uint64_t insns, license;
};

#define FPABI_BPF_PROG_LOAD	5

static inline void fpabi_bpf_filter(struct fpabi_bpf_attr *a)
{
	static const uint64_t insns[2] = { 0xb7, 0x95 };	/* r0 = 0; exit */

	a->prog_type = 1;	/* BPF_PROG_TYPE_SOCKET_FILTER */
	a->insn_cnt = 2;
	a->insns = (uintptr_t)insns;
	a->license = (uintptr_t)"GPL";
}

/* Tracee progress, in shm_hdr.state */
enum {
	TRACEE_WAITING = 1, TRACEE_RUNNING, TRACEE_DONE = FPABI_TRACEE_DONE,
	TRACEE_FAILED
};

struct fpabi_proof {
	int64_t nvcsw[2];	/* voluntary switches before/after the events */
	int64_t nivcsw[2];	/* involuntary switches before/after */
	int32_t cpu[2];		/* sched_getcpu() before/after */
};

/* after - before of two counters the tracee wrote, in unsigned 64-bit
 * arithmetic: no value it writes makes the difference an overflow (UB) */
static inline int64_t fpabi_proof_delta(int64_t before, int64_t after)
{
	return (int64_t)((uint64_t)after - (uint64_t)before);
}

/*
 * One signal the tracee takes (an FPABI_EV_FAULT): its handler runs the
 * entry events (a STORE: what the handler sees), copies the frame, edits
 * it, runs the exit events (a LOAD: clobbers) and returns through
 * sigreturn.  Offsets are from the start of the shared memory.
 */

/* One run of bytes a random frame edit (SIG_MAYBE, E_F_RANDOM) changed,
 * as the tracee's handler logs it for fpabi repro: at off from the
 * handler's ucontext, len bytes of val (little-endian); rel: val is an
 * address, kept as an offset from the ucontext too. */
struct fpabi_mut {
	int32_t off;
	uint8_t len, rel;
	uint16_t pad;
	uint64_t val;
};

#define FPABI_MAX_MUT	8

struct fpabi_sig_slot {
	uint64_t entry_ev;	/* event list run at handler entry */
	uint64_t exit_ev;	/* event list run before the handler returns */
	uint64_t frame_off;	/* where the handler copies the frame */
	uint32_t frame_cap;	/* bytes there */
	uint32_t frame_len;	/* bytes copied (set by the tracee) */
	uint64_t frame_addr;	/* the frame's address in the tracee */
	uint64_t edit_img;	/* image the edit writes into the frame (0: none) */
	uint32_t edit;		/* arch edit kind, 0: none */
	uint32_t done;		/* set when the handler ran */
	int32_t signo, code;	/* siginfo the handler got */
	int32_t want_signo;	/* the signal the case raises */
	uint64_t aux[6];	/* arch facts the handler records */
	uint64_t edit_seed;	/* a random edit's (SIG_MAYBE) mutations */
	uint64_t edit_img2;	/* the edit phase + 1's image, for edits that
				   write two records with two phases (0:
				   none; fpabi_arch.edit_phases) */
	uint32_t nmut;		/* the random edit's runs in mut[] (set by
				   the tracee; FPABI_MAX_MUT + 1: more) */
	uint32_t mut_pad;
	struct fpabi_mut mut[FPABI_MAX_MUT];
};

/* A struct timespec of a 64-bit task, as both sides of the memory see it. */
struct fpabi_time {
	int64_t sec, nsec;
};

#define FPABI_COMP_WAKES	16

struct fpabi_exec_ctl {
	uint64_t dump_off;	/* where the probe's STORE goes */
	uint64_t dump_len;	/* bytes it writes there */
	uint64_t mask, aux, stride;	/* its STORE event's */
	uint64_t arg0, arg1;	/* its .arg[0], .arg[1]: offsets in the
				   probe's image (0: none; arm64: ZA, ZT0) */
};

struct fpabi_shm_hdr {
	uint32_t magic;
	uint32_t version;
	uint32_t go;		/* futex: the tracer sets 1 once it has seized */
	uint32_t state;
	uint64_t size;		/* bytes mapped */
	uint32_t nev;		/* events at ev_off (struct fpabi_ev) */
	uint32_t ev_off;
	int32_t err;		/* errno of a setup failure in the tracee */
	char errmsg[124];
	struct fpabi_proof proof;
	uint64_t never;		/* stays 0: what an injected hang spins on */
	uint32_t arch_setup[2];	/* what the tracee's arch code does first
				   (arm64: the SVE and SME VLs to set; x86:
				   ask for AMX): src/tracee/<arch>/setup.c */
	uint32_t nsig;		/* FPABI_EV_FAULTs in the list */
	uint64_t spin[8];	/* S_PREEMPT k spins until spin[k] != 0 */
	uint64_t spinning[8];	/* and sets spinning[k] when it starts */
	uint64_t comp_ev;	/* the competitor's event list */
	uint64_t comp_stop;	/* the competitor spins until this != 0 */
	uint32_t comp_state;	/* TRACEE_RUNNING once it holds its canaries */
	uint32_t seccomp;	/* install the filter: getppid traced, getpgid
				   trapped (SIGSYS) */
	struct fpabi_sig_slot sig[FPABI_MAX_SIGNALS];
	char exec_path[256];	/* the exec probe, for SC_EXEC */
	uint32_t altstack;	/* handlers run on a sigaltstack (SA_ONSTACK) */
	uint32_t pad;
	uint64_t altstack_sp, altstack_size;	/* as the tracee set it */
	uint64_t minsigstksz;	/* getauxval(AT_MINSIGSTKSZ) in the tracee */
	uint32_t arch_pad;
	uint32_t arch_flags;	/* machine facts the tracee's handler needs
				   (x86: FPABI_X86_NO_MXCSR_GP) */
	uint64_t arch_aux[2];	/* and image offsets (arm64 SME: ZA, ZT0) */
	/* COMP_TIMER: the competitor waits for go, then sleeps until go +
	 * comp_wake_ns[i] for each of its comp_nwake wakes (it writes the
	 * absolute times into comp_wake_at), then for an hour */
	uint32_t comp_nwake;
	uint32_t comp_loop;	/* run the competitor's list again and again */
	uint64_t comp_wake_ns[FPABI_COMP_WAKES];
	struct fpabi_time comp_wake_at[FPABI_COMP_WAKES + 1];
};

_Static_assert(sizeof(struct fpabi_exec_ctl) == FPABI_EXEC_CTL_SIZE,
	       "struct fpabi_exec_ctl as the exec probes read it");
_Static_assert(sizeof(struct fpabi_shm_hdr) <= FPABI_EXEC_CTL_OFF,
	       "the header must end before the exec probe's control");
_Static_assert(__builtin_offsetof(struct fpabi_shm_hdr, state) ==
	       FPABI_SHM_STATE_OFF, "state is where the exec probe writes");
_Static_assert(__builtin_offsetof(struct fpabi_shm_hdr, proof) ==
	       FPABI_SHM_PROOF_OFF &&
	       __builtin_offsetof(struct fpabi_proof, nvcsw[1]) ==
	       FPABI_PROOF_NVCSW1 &&
	       __builtin_offsetof(struct fpabi_proof, nivcsw[1]) ==
	       FPABI_PROOF_NIVCSW1 &&
	       __builtin_offsetof(struct fpabi_proof, cpu[1]) ==
	       FPABI_PROOF_CPU1, "the proof counters the exec probe writes");

#endif /* __ASSEMBLER__ */

#endif
