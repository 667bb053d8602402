/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The recorder: what one case instance did (the tracee's shared memory as
 * the tracer built it, each regset read and write, each word compared
 * with its expectation), kept for `fpabi repro`, which writes it out as a
 * standalone C program.  The engine calls these hooks at a few points;
 * they do nothing unless record_begin() armed them for the run.
 */
#ifndef FPABI_RECORD_H
#define FPABI_RECORD_H

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/event.h"
#include "fpabi/image.h"
#include "fpabi/limits.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"

struct fpabi_run;
struct fpabi_rule;

/* where an observed image came from */
enum rec_src {
	SRC_REGSET,	/* a GETREGSET (rec_io[io]) */
	SRC_DUMP,	/* a tracee STORE into shared memory at off */
	SRC_CHILD,	/* a fork or thread child's dump at off */
	SRC_HANDLER,	/* a signal handler's entry dump at off */
	SRC_FRAME,	/* a signal frame's FP state (slot sig) */
};

struct rec_io {
	int step;		/* the case step it was made for */
	bool set;		/* SETREGSET, else GETREGSET */
	unsigned note;
	size_t len;		/* iov_len given */
	size_t got;		/* iov_len left (GETREGSET) */
	int err;		/* errno, 0: success */
	uint8_t *buf;		/* the bytes written or read */
	bool checked;		/* fpabi judged its errno (check_errno()) */
	int want;		/* the errno the rule wants, 0: success */
	char what[96];		/* "OBSERVER: PTRACE_SETREGSET" */
};

/* One compared word of a field (at most 8 bytes). */
struct rec_word {
	enum rec_src src;
	int io;			/* SRC_REGSET: index in io[] */
	uint64_t off;		/* SRC_DUMP/CHILD/HANDLER: shm offset */
	unsigned sig;		/* SRC_FRAME, SRC_HANDLER: the signal slot */
	unsigned part;		/* SRC_FRAME: which image of the frame (the
				   arch's; arm64: REC_PART_PAYLOAD) */
	int step;
	char observer[64];
	unsigned field;		/* index in the run's layout */
	struct fpabi_field f;	/* that field (the layout ends with the run) */
	uint32_t img_off;	/* the word's offset in the image */
	uint8_t len;
	uint8_t exp[8], got[8], init[8];
	uint8_t kind;		/* enum expect_kind */
	uint8_t nalt;		/* EXP_ONE_OF: the word of each oneof[] image
				   (besides zero and init) */
	uint8_t alt[FPABI_MAX_ONEOF][8];
	uint8_t phase, task;	/* the expected canary's */
	bool bad;		/* it differed (a finding) */
	const struct fpabi_rule *rule;
};

struct fpabi_rec {
	struct fpabi_run *r;
	uint8_t *shm;		/* the shared memory when the tracee went */
	size_t shm_size;
	size_t img_size, dump_size;	/* of a LOAD image, of a dump */
	struct rec_io *io;
	unsigned nio, capio;
	struct rec_word *w;
	unsigned nw, capw;
	/* the observation the next compared words belong to */
	enum rec_src src;
	int src_io;
	uint64_t src_off;
	unsigned src_sig;
	unsigned src_part;
	char why[160];		/* a step the recording cannot replay */
	const char *minimised;	/* the instance asked for, when this run is
				   its minimised sibling (src/repro/cmd.c) */
	int refused_step;	/* the step whose stop was a refused
				   sigreturn's SIGSEGV, -1: none */
};

/* the header of a recorded run's shared memory */
static inline const struct fpabi_shm_hdr *rec_hdr(const struct fpabi_rec *rec)
{
	return (const struct fpabi_shm_hdr *)rec->shm;
}

/* Arm the hooks for run r (one run at a time); record_end() disarms them
 * and returns what was recorded (the caller frees it with record_free). */
void record_begin(struct fpabi_rec *rec, struct fpabi_run *r);
void record_end(void);
void record_free(struct fpabi_rec *rec);

/* engine: the shared memory is built (events, images, signal slots) */
void record_shm(struct fpabi_run *r);
/* engine: the tracee is done: the random frame edits' logs its handlers
 * wrote (each slot's nmut and mut[]) go into the recorded memory */
void record_slots(struct fpabi_run *r);
/* engine: the stop of step r->step is a refused sigreturn's SIGSEGV */
void record_refused(struct fpabi_run *r);
/* engine: an observation of kind src at shm offset off is checked next */
void record_observe(struct fpabi_run *r, enum rec_src src, uint64_t off,
		    unsigned sig);
/* arch: the frame's words compared next are of image part (0: the
 * first; arm64: REC_PART_PAYLOAD, the sve_context payload's) */
#define REC_PART_PAYLOAD 1
void record_part(struct fpabi_run *r, unsigned part);
/* regset.c: a GETREGSET or SETREGSET was made */
void record_regset(struct fpabi_run *r, bool set, unsigned note,
		   const void *buf, size_t len, size_t got, int err);
/* check.c: a regset call's errno was compared with want (the last
 * call of this step, if it is of that kind) */
void record_errno(struct fpabi_run *r, int want, const char *observer,
		  const char *what);
/* check.c: field fi of the image got was compared with the expectation */
void record_field(struct fpabi_run *r, unsigned fi, const uint8_t *got,
		  const char *observer);

/* src/repro/write.c: write the recorded run as one C file; returns 0, or -1
 * with why filled when a step cannot be made standalone */
#define REPRO_KSELFTEST	1	/* a kselftest program (ksft_* API) */
int repro_write(const struct fpabi_rec *rec, FILE *out, unsigned flags,
		char *why, size_t n);

/* what the arch gives the writer (src/arch/<arch>/repro.c) */
#define REPRO_XSAVE	1	/* the buffer is an XSAVE area: a component
				   whose XSTATE_BV bit is clear reads as init */
#define REPRO_FRAME_RECS 4	/* arm64: a frame word of a record past
				   fpsimd_context and sve_context */
/* a step or setting of the run the arch's reproducer cannot replay */
int repro_arch_refuse(const struct fpabi_rec *rec, char *why, size_t n);
/* the backend's own syscall kinds (SC_ARCH..): the SYS_ name and the
 * arguments as C, or NULL */
struct fpabi_ev;
const char *repro_arch_syscall(const struct fpabi_ev *e, char *args,
			       size_t n);
/* header comment lines: the CPU features that matter */
void repro_arch_header(const struct fpabi_rec *rec, FILE *out);
/* the event walker and the signal handler (assembly), sig_body(),
 * arch_setup(), fixup(), check_features() (exit 4 naming what is
 * missing), cpu_roundtrip() (the control), and #defines the common code
 * uses (THREAD_ARGS) */
void repro_arch_code(const struct fpabi_rec *rec, FILE *out);
/* where word w sits in the buffer it was observed in (-1: nowhere the
 * reproducer sees), and REPRO_* flags */
int repro_arch_map(const struct fpabi_rec *rec, const struct rec_word *w,
		   uint32_t *off, unsigned *flags);
/* the kernel's selftest directory of the arch, under
 * tools/testing/selftests ("x86", "arm64/fp") */
const char *repro_arch_kselftest_dir(void);
/* the #include lines the arch's code needs */
const char *repro_arch_includes(const struct fpabi_rec *rec);
/* how the control round-trips word w through the CPU: the name of one
 * of the CTL_* kinds the arch's code defines */
const char *repro_arch_ctl(const struct fpabi_rec *rec,
			   const struct rec_word *w);
/* the offset in the frame copy of the signal's FP state */
uint32_t repro_arch_frame_fp(const struct fpabi_rec *rec);
/* the straight-line form (src/repro/line.c), where the arch has it */
/* the bytes of component comp in an image or regset write of len bytes
 * at img are loaded (x86: its XSTATE_BV bit is set) */
bool repro_arch_comp_live(const uint8_t *img, size_t len, unsigned comp);
bool repro_arch_line_ok(const struct fpabi_rec *rec);
/* the straight-line form writes a competitor and a spin the tracer ends
 * (src/repro/sched.c), on both arches; the competitor's asm ends in
 * this instruction, a spin until the tracer kills it */
static inline bool repro_arch_competitor(void)
{
	return true;
}

static inline const char *repro_arch_spin_forever(void)
{
#ifdef __x86_64__
	return "jmp .";
#else
	return "b .";
#endif
}

/* One frame edit's C as an arch's reproducer writes it: the edit, what it
 * does, its statements (both arches' tables, src/arch/x86_64/repro.c and
 * src/arch/arm64/repro-sig.c) */
struct repro_edit {
	unsigned edit;
	const char *what, *code;
};

/* the entry of edit in table t of n entries, or NULL */
static inline const struct repro_edit *
repro_edit_find(const struct repro_edit *t, size_t n, unsigned edit)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].edit == edit)
			return &t[i];
	return NULL;
}

/* the straight-line form's sig_body() where no signal's frame is edited
 * or copied: each signal's kind, and the SIGILL's step over its insn
 * (sys: the syscall instruction a SIGSYS ends; here, below both arches'
 * reproducer code, which calls it) */
static inline void repro_emit_sig_steps(const struct fpabi_shm_hdr *h, const char *insn,
			  const char *sys, const char *step, FILE *out)
{
	unsigned int k;

	if (h->nsig == 1) {	/* (one: no table) */
		fprintf(out, "/* the handler's C: %s */\nvoid sig_body(ucontext_t *uc)\n{\n%s%s%s}\n\n",
			h->sig[0].want_signo == SIGSYS ? "nothing (the SIGSYS's syscall is done)" :
			"step over the SIGILL's instruction", h->sig[0].want_signo == SIGSYS ?
			"\t(void)uc;\n" : "\t", h->sig[0].want_signo == SIGSYS ? "" : step,
			h->sig[0].want_signo == SIGSYS ? "" : ";\n");
		return;
	}
	fprintf(out, "/* each signal: SIGILL (the %s), or SIGSYS (seccomp) */\n"
		"static const int signo[] = {", insn);
	for (k = 0; k < h->nsig; k++)
		fprintf(out, " %s,", h->sig[k].want_signo == SIGSYS ? "SIGSYS" : "SIGILL");
	fprintf(out, " };\nunsigned int nsig;\t/* signals handled */\n\n"
		"/* the handler's C: step over the %s (a SIGSYS's %s is done) */\n"
		"void sig_body(ucontext_t *uc)\n{\n\tif (signo[nsig++] == SIGILL)\n"
		"\t\t%s;\n}\n\n", insn, sys, step);
}

/* the straight-line form's control can show a field the CPU's save does
 * not write (x86_64: XSAVE over the poison; UNSAVED() in the file) */
static inline bool repro_arch_unsaved(void)
{
#ifdef __x86_64__
	return true;
#else
	return false;
#endif
}

/* a thread's clone(2) arguments after the flags, in the arch's order
 * (x86_64: stack, parent_tid, child_tid, tls; arm64: stack, parent_tid,
 * tls, child_tid): the straight-line form's thread_stack and thread_tid */
#ifdef __x86_64__
#define repro_arch_thread_args \
	"(uintptr_t)(thread_stack + sizeof(thread_stack)), 0, (uintptr_t)&thread_tid, 0"
#else
#define repro_arch_thread_args \
	"(uintptr_t)(thread_stack + sizeof(thread_stack)), 0, 0, (uintptr_t)&thread_tid"
#endif

/* a breakpoint stop needs the tracer to step the PC over the trap: arm64's
 * BRK leaves it at the BRK; x86's int3 after it (after_trap() nothing) */
static inline bool repro_arch_after_trap(void)
{
#ifdef __x86_64__
	return false;
#else
	return true;
#endif
}

/* the table form writes the frame edits and reads the frame's words too
 * (x86); arm64's are the straight-line form's only
 * (src/arch/arm64/repro-sig.c) */
static inline bool repro_arch_table_edits(void)
{
#ifdef __x86_64__
	return true;
#else
	return false;
#endif
}

/* the store e (e[1] the event after it, prev the one before or NULL),
 * whose dump the file checks nothing of, can be left out: it changes no
 * state.  x86's XSAVE never does (SDM vol. 1, 13.7); an arm64 SVE or SME
 * store after a syscall is a first use, which traps and turns SVE back on
 * (sve.rst), unless the load just before it, or the load after it, of the
 * same registers (and the same SMSTART) takes that trap anyway, or the
 * list ends */
static inline bool repro_arch_store_neutral(const struct fpabi_ev *e,
					    const struct fpabi_ev *prev)
{
#ifdef __x86_64__
	(void)e;
	(void)prev;
	return true;
#else
	return e[1].kind == FPABI_EV_END ||
	       (e[1].kind == FPABI_EV_LOAD && e[1].mask == e->mask && e[1].aux == e->aux) ||
	       (prev && prev->kind == FPABI_EV_LOAD && prev->mask == e->mask &&
		prev->aux == e->aux);
#endif
}
/* each event the file writes, before any is written (NULL: a new file);
 * arm64 makes a macro of a load whose lines repeat */
void repro_arch_line_scan(const struct fpabi_ev *e);
/* an unchecked store that is not neutral as its first-use accesses alone
 * (those the event before it, prev or NULL, has not made), as lines of
 * the tracee's assembly: false when it has to be written whole */
bool repro_arch_line_touch(const struct fpabi_ev *e, const struct fpabi_ev *prev,
			   FILE *out);
/* event e as lines of the tracee's assembly (top: at top level, one %;
 * sys: a syscall's SYS_ name, row: its sc_args[] row or -1, label: where
 * the parent goes on after a clone, the child's list following) */
void repro_arch_line_ev(const struct fpabi_rec *rec, const struct fpabi_ev *e,
			const char *sys, const char *name, int row,
			unsigned label, bool top, FILE *out);
/* the end of the tracee's asm statement: operands, clobbers */
void repro_arch_line_close(const struct fpabi_rec *rec, FILE *out);
/* check_features(), read_word(), roundtrip() (the control) and, with
 * signals, the handler whose lists list(ctx, off) writes */
#define REPRO_LINE_TRAP	1	/* uses: a breakpoint stop */
#define REPRO_LINE_THREAD 2	/* a thread (THREAD_ARGS) */
#define REPRO_LINE_CTL_NONE 4	/* a checked word has no control */
#define REPRO_LINE_FRAME 8	/* a checked word is in a signal frame */
#define REPRO_LINE_ALT 16	/* a checked word has another place (arm64:
				   an SVE payload's FPSIMD format) */
#define REPRO_LINE_FRAME_PART 32	/* a frame word of image part 1 */
#define REPRO_LINE_FRAME_RECS 64	/* a frame word REPRO_FRAME_RECS maps */
#define REPRO_LINE_FRAME_EXIT 128	/* one signal, its frame copied: the
					   handler is the copy and exit(0) */
void repro_arch_line_code(const struct fpabi_rec *rec, unsigned uses, FILE *out,
			  void (*list)(void *ctx, uint64_t off), void *ctx);
/* the event list at off writes no line: list(ctx, off) writes it to out
 * (the file in memory), and a list that wrote any is taken back */
static inline bool repro_line_list_empty(FILE *out,
					 void (*list)(void *ctx, uint64_t off),
					 void *ctx, uint64_t off)
{
	long pos = ftell(out);

	if (pos < 0)
		return false;
	list(ctx, off);
	if (ftell(out) == pos)
		return true;
	if (fseek(out, pos, SEEK_SET) < 0)
		die("fseek: %s", strerror(errno));
	return false;
}
/* the file builds its own exec probe (src/repro/probe.c): the recorded
 * probe's dump fits its image (128 KiB of its stack), so the dump's words
 * are the new image's first store, as fpabi's */
#define REPRO_PROBE_AREA 131072
/* the recorded exec probe's control block (its dump's place and STORE) */
static inline const struct fpabi_exec_ctl *repro_exec_ctl(const struct fpabi_rec *rec)
{
	return (const void *)(rec->shm + FPABI_EXEC_CTL_OFF);
}

static inline bool repro_exec_probe_ok(const struct fpabi_rec *rec)
{
	const struct fpabi_exec_ctl *c = repro_exec_ctl(rec);

	return c->dump_len && c->dump_len <= REPRO_PROBE_AREA && c->dump_off < (1ull << 32);
}


/*
 * A random frame edit's mutations (E_F_RANDOM), as the tracee's handler
 * logged them (struct fpabi_mut): a C statement for each run, written at
 * its offset from the handler's ucontext uc (an address as an offset
 * from uc too), two tabs in.  -1: the log overflowed, or code is short.
 */
static inline int repro_mut_code(const struct fpabi_sig_slot *s, char *code,
				 size_t n)
{
	size_t at = 0;
	unsigned k;

	if (s->nmut > FPABI_MAX_MUT || !n)
		return -1;
	code[0] = 0;
	for (k = 0; k < s->nmut && at < n; k++) {
		const struct fpabi_mut *m = &s->mut[k];

		if (m->rel)
			at += (size_t)snprintf(code + at, n - at, "\t\tmemcpy((uint8_t *)uc + %d, "
					       "&(uint64_t){ (uintptr_t)uc + %lld }, %u);\n",
					       m->off, (long long)m->val, m->len);
		else
			at += (size_t)snprintf(code + at, n - at, "\t\tmemcpy((uint8_t *)uc + %d, "
					       "&(uint64_t){ %#llxull }, %u);\n", m->off,
					       (unsigned long long)m->val, m->len);
	}
	return at < n ? 0 : -1;
}

#endif
