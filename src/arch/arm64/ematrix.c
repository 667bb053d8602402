// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 event matrices: the event families (a syscall, the first-use
 * SVE trap, a signal's delivery, exec, fork and clone), each event of a
 * family's hand-written cases a subject, crossed with the kernel's branch
 * variables (src/plan/matrix.c: SVCR.SM, SVCR.ZA, a task history that
 * may leave TIF_SME set with SVCR 0, a window before the event that sets
 * fp_type, TIF_FOREIGN_FPSTATE and the per-CPU binding).  The model walks
 * each cell's steps as it walks the families' own cases.
 */
#include <string.h>

#include "fpabi/ematrix.h"
#include "a64.h"

#define SYSCALL_SUBJ(id, sc)						\
	{ .name = id, .summary = "a syscall (" id "): V, FPSR, FPCR "	\
	  "kept; Z above bit 127, P, FFR zero", .rule = "A-SYS-1",	\
	  .expect = "kept", .what = "V, FPSR, FPCR kept; the SVE bits "	\
	  "above them, P and FFR zero, never stale; SVCR.SM 0, ZA kept",\
	  .at = 3, .drop = 2, .drop_class = "stale",			\
	  .steps = { LOAD(1), STORE, LOAD(2), SYSCALL(sc), STORE, END } }

static const struct fpabi_ev_subject syscalls[] = {
	SYSCALL_SUBJ("getpid", SC_GETPID),
	SYSCALL_SUBJ("sched-yield", SC_SCHED_YIELD),
	SYSCALL_SUBJ("pipe-read", SC_PIPE_READ),
	/* the kernel's NEON in the syscall: SHA-256 under kernel_neon_begin() */
	SYSCALL_SUBJ("bpf-prog-load", SC_BPF_PROG_LOAD),
	/* a clone of the task in the syscall, an io-wq worker (the
	 * kernel-thread branch of copy_thread()), runs while it waits */
	SYSCALL_SUBJ("io-uring-write", SC_IOURING_WRITE),
};

static const struct fpabi_ev_subject traps[] = {
	{ .name = "after-syscall", .summary = "the first SVE instruction "
	  "after a blocking syscall (TIF_SVE clear) sees V in Z[127:0] and "
	  "zero above",
	  .rule = "A-SYS-3", .expect = "zeroed", .what = "Z[127:0] the "
	  "syscall's V, zero above; P and FFR zero; never the bytes the "
	  "stop before the syscall saved", .needs = NEED_SVE,
	  .pre = PRE_A64_SVE_OFF, .competitor = COMP_IDLE, .at = 6,
	  .drop = 2, .drop_class = "poison",
	  .steps = { LOAD(1), TRAP, READ, SYSCALL(SC_PIPE_READ), TRAP, READ,
		     STORE, TRAP, READ, END } },
};

static const struct fpabi_ev_subject signals[] = {
	{ .name = "frame-restore", .summary = "a SIGILL's frame holds every "
	  "register, the handler starts with them, sigreturn restores them",
	  .rule = "A-SIG-2", .expect = "restored", .what = "the frame's "
	  "records as the state at delivery; the handler's clobber undone",
	  .pre = PRE_A64_PAYLOAD, .at = 3, .drop = 2, .drop_class = "stale",
	  .steps = { LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
		     END } },
	{ .name = "nested", .summary = "a SIGILL inside the handler: each "
	  "frame holds its own registers, each sigreturn restores them",
	  .rule = "A-SIG-2", .expect = "restored", .what = "the outer frame "
	  "the cell's state, the inner the handler's",
	  .pre = PRE_A64_PAYLOAD, .at = 3, .drop = 2, .drop_class = "stale",
	  .steps = { LOAD(1), STORE, LOAD(2), SIGNAL_NESTED(3, 0, 0),
		     SIGNAL(4, 0, 0), STORE, END } },
};

static const struct fpabi_ev_subject execs[] = {
	{ .name = "fresh-image", .summary = "after execve V, FPSR, FPCR "
	  "zero, no SVE or SME state, the default VLs",
	  .rule = "A-PROC-1", .expect = "fresh", .what = "nothing of the old "
	  "image: V, FPSR, FPCR zero, SVCR 0, the default VL",
	  .at = 1, .drop = 3, .drop_class = "poison",
	  .steps = { LOAD(1), TRAP, EXEC, READ, END } },
};

static const struct fpabi_ev_subject forks[] = {
	{ .name = "fork-child", .summary = "a forked child starts with the "
	  "parent's registers; the parent keeps them", .rule = "A-PROC-2",
	  .expect = "copied", .what = "the child's V, FPSR, FPCR the "
	  "parent's at the clone (the syscall's discard applies), ZA "
	  "copied; the parent's kept",
	  .at = 3, .drop = 2, .drop_class = "stale",
	  .steps = { LOAD(1), STORE, LOAD(2), FORK(SC_FORK), STORE, END } },
	{ .name = "thread-child", .summary = "a new thread starts with the "
	  "creating thread's registers", .rule = "A-PROC-2",
	  .expect = "copied", .what = "the thread's V, FPSR, FPCR the "
	  "creator's; ZA off in the thread (CLONE_VM)",
	  .at = 3, .drop = 2, .drop_class = "stale",
	  .steps = { LOAD(1), STORE, LOAD(2), FORK(SC_THREAD), STORE, END } },
};

/* ------------------------------------------------------- the windows */

enum { W_NONE, W_SYSCALL, W_SWITCHED, W_MIGRATED, W_EVICTED, NWIN };

static const struct fpabi_mx_win wins[NWIN] = {
	[W_NONE] = { "none", "nothing between the loads and the event: the "
		     "state live in the CPU (TIF_FOREIGN_FPSTATE clear, "
		     "fpsimd_last_state this task), fp_type not yet saved",
		     "the stops the tracer saw: none between the cell's "
		     "loads and its event (the binding itself is not "
		     "observable)", 0 },
	[W_SYSCALL] = { "syscall", "a getpid before the event: Z above bit "
			"127, P, FFR flushed (sve_flush_live()), SVCR.SM 0, "
			"TIF_SVE still set (7.3) unless the task was switched "
			"out, ZA kept",
			"where the event writes a frame, precondition a "
			"payload present (TIF_SVE still set); elsewhere the "
			"model's check of the zeroed bits after the event", 0 },
	[W_SWITCHED] = { "switched-out", "a ptrace stop and a read: the "
			 "state saved (fp_type FP_STATE_SVE where TIF_SVE or "
			 "SVCR.SM is set), reloaded by task_fpsimd_load() "
			 "before the event",
			 "the read at the stop: NT_ARM_SVE (NT_ARM_SSVE in "
			 "streaming mode) in the form the model has, so "
			 "fp_type as claimed (A-SYS-6's check)", 0 },
	[W_MIGRATED] = { "migrated", "a ptrace stop, a move to another CPU "
			 "and a read: fpsimd_last_state another CPU, "
			 "TIF_FOREIGN_FPSTATE set at the return, the state "
			 "reloaded there",
			 "the migration's own proof (the tracee's CPU after "
			 "the stop is the one it was moved to, else SKIP) and "
			 "the read's form", NEED_SMP2 },
	[W_EVICTED] = { "evicted", "a ptrace stop while a competitor with "
			"its own registers loaded runs on the tracee's CPU, "
			"and a read: fpsimd_last_state the competitor's, so "
			"fpsimd_thread_switch() sets TIF_FOREIGN_FPSTATE and "
			"task_fpsimd_load() reloads the saved state before the "
			"event",
			"the eviction's own proof (the competitor's run time in "
			"/proc/PID/schedstat grew during the stop, on the CPU "
			"the tracee stopped on, else retried, then SKIP) and "
			"the read's form", 0 },
};

static const struct {
	struct fpabi_step steps[3];
	unsigned n;
} win_steps[NWIN] = {
	[W_SYSCALL] = { { SYSCALL(SC_GETPID) }, 1 },
	[W_SWITCHED] = { { TRAP, READ }, 2 },
	[W_MIGRATED] = { { TRAP, MIGRATE, READ }, 3 },
	[W_EVICTED] = { { TRAP, EVICT, READ }, 3 },
};

/* the trap family's window: between the syscall's proof and the first
 * SVE instruction */
enum { TW_NONE, TW_FPSIMD, TW_MIGRATED, NTWIN };

static const struct fpabi_mx_win twins[NTWIN] = {
	[TW_NONE] = { "none", "the syscall's discard proven at a stop "
		      "(TIF_SVE clear: the saved form FPSIMD), then the SVE "
		      "instruction: do_sve_acc()",
		      "precondition TIF_SVE clear: NT_ARM_SVE in FPSIMD form "
		      "at the stop after the syscall", 0 },
	[TW_FPSIMD] = { "fpsimd-write", "an AdvSIMD-only load after the "
			"stop: the FPSIMD state live and new, TIF_SVE clear, "
			"then do_sve_acc() must take the new V",
			"as none: the stop's form", 0 },
	[TW_MIGRATED] = { "migrated", "moved to another CPU at the stop: "
			  "TIF_FOREIGN_FPSTATE set, do_sve_acc() converts the "
			  "saved copy (sve_init_regs())",
			  "the migration's own proof, and the stop's form",
			  NEED_SMP2 },
};

static void trap_window(struct fpabi_mx_cell *out, unsigned w)
{
	if (w == TW_FPSIMD)
		mx_insert(out, 6, (const struct fpabi_step[]){
			LOADK(2, L_FPSIMD) }, 1);
	else if (w == TW_MIGRATED)
		mx_insert(out, 5, (const struct fpabi_step[]){ MIGRATE }, 1);
}

/*
 * The trap's cell in mode at window w.  In every mode the stop after the
 * syscall proves TIF_SVE clear (regset.c: a64_prove_sve_off()): the
 * syscall left streaming mode (fpsimd_syscall_enter(): sme_smstop_sm(),
 * PSTATE.ZA as it was), so NT_ARM_SVE's form there follows fp_type as
 * without SME (sve_get_common()), and task_fpsimd_load() clears TIF_SVE
 * after an FP_STATE_FPSIMD save whatever ZA holds.
 */
static void trap_cell(unsigned k, unsigned mode, unsigned w,
		      struct fpabi_mx_cell *out)
{
	(void)mode;
	mx_ev_fill(&traps[k], out);
	trap_window(out, w);
}

/* A syscall leaves streaming mode (fpsimd_syscall_enter(): A-SYS-2): SM
 * is 0 at an event after the syscall window. */
static const char *win_why(unsigned mask, unsigned mode, unsigned w)
{
	if (w == W_SYSCALL && (mask & SV_SM) && (mode & SV_SM))
		return "impossible by the ABI: the syscall before the event "
		       "leaves streaming mode (fpsimd_syscall_enter(): "
		       "sme_smstop_sm(); A-SYS-2)";
	return NULL;
}

/* ----------------------------------------------------- the histories */

#define EV_HISTS	2

static const char *const hist_kinds[EV_HISTS] = { "discarded", "sme-used" };

static const char *const hist_sets[EV_HISTS] = {
	"a syscall after a load: TIF_SVE may be clear and sve_state "
	"allocated before the cell's loads, which may then take do_sve_acc() "
	"with stale buffers (SME: SVCR.SM 0, ZA kept)",
	"streaming mode entered and left (smstart sm, smstop sm) before the "
	"cell's first load: TIF_SME set (do_sme_acc()) and sme_state "
	"allocated while SVCR is 0 again, so the cell's loads take no SME "
	"first-use trap; in SVCR off without it, TIF_SME stays clear until "
	"the cell's first SME instruction: in event-exec up to the exec (its "
	"load of SVCR 0 runs none: a64_svcr_zero_for_certain()), in the "
	"cells with a store before the event until that store (mrs svcr)",
};

/* discarded: the shared kind (wmatrix.c); sme-used: an SME variant's
 * sm-entered-left (histories.c), none without SME */
static const struct fpabi_history *history(const struct fpabi_machine *m,
					   unsigned k,
					   const struct fpabi_variant *v)
{
	const struct fpabi_history *h;

	if (k == 0)
		return a64_mx_history(m, 0, v);
	if (!v || !AV(v)->svl)
		return NULL;
	for (h = a64_histories; h->name; h++)
		if (!strcmp(h->name, "sm-entered-left"))
			return h;
	return NULL;
}

/*
 * The trap family's SVCR off: the plain default variant, not the SME
 * one, since a stop in an SME variant proves nothing of TIF_SVE (the
 * regset read there reads the model's streaming forms: regset.c proves
 * TIF_SVE clear outside SME variants only); the other modes as the
 * other matrices have them.
 */
static const char *trap_mode_variant(const struct fpabi_machine *m,
				     unsigned k, struct fpabi_variant *v)
{
	struct fpabi_variant vs[FPABI_MAX_VARIANTS];

	if (k || !(m->have & NEED_SME))
		return a64_mx_mode_variant(m, k, v);
	if (a64_variants(m, VSET_DEFAULT, vs, FPABI_MAX_VARIANTS) < 1)
		return "no variant";
	*v = vs[0];
	return NULL;
}

/* --------------------------------------------------------- the cells */

static void ev_cell(const struct fpabi_ev_subject *s, unsigned w,
		    struct fpabi_mx_cell *out)
{
	mx_ev_fill(s, out);
	if (w && w < NWIN)
		mx_insert(out, s->at, win_steps[w].steps, win_steps[w].n);
	/* the other FP user: spinning with its canaries, at SCHED_IDLE on
	 * the tracee's CPU, it runs there whenever the tracee stops */
	if (w == W_EVICTED)
		out->competitor = COMP_IDLE;
}

/* the arch's axes of every event matrix: SVCR.SM, SVCR.ZA, histories;
 * the windows (base: those planned before evicted came, 0: all) */
#define A64_EV_AXES(modefn, wtab, nw, base, whyfn)			\
	.mode_axis = "SVCR", .nmodes = A64_MX_MODES,			\
	.mode_name = a64_mx_mode_name, .mode_variant = modefn,		\
	.nhist = EV_HISTS, .hist_kinds = hist_kinds,			\
	.history = history, .hist_sets = hist_sets,			\
	.nsplit = 2, .split_names = a64_mx_split,			\
	.win_axis = "window", .nwin = nw, .wins = wtab, .win_why = whyfn, \
	.nwin_base = (base)

FPABI_EV_MATRIX(a64_matrix_ev_syscall, "syscall", syscalls,
	"a syscall's effect on V, the SVE bits above it, P, FFR and SVCR, in "
	"every SVCR, after task histories and windows",
	ev_cell(&syscalls[k], w, out),
	A64_EV_AXES(a64_mx_mode_variant, wins, NWIN, W_EVICTED, win_why));
FPABI_EV_MATRIX(a64_matrix_ev_trap, "trap", traps,
	"the first-use SVE trap after a syscall's discard, in every SVCR, "
	"after task histories and windows",
	trap_cell(k, mode, w, out),
	A64_EV_AXES(trap_mode_variant, twins, NTWIN, 0, NULL));
FPABI_EV_MATRIX(a64_matrix_ev_signal, "signal", signals,
	"a signal's delivery (frame, handler, sigreturn) in every SVCR, after "
	"task histories and windows",
	ev_cell(&signals[k], w, out),
	A64_EV_AXES(a64_mx_mode_variant, wins, NWIN, W_EVICTED, win_why));
FPABI_EV_MATRIX(a64_matrix_ev_exec, "exec", execs,
	"exec's fresh image in every SVCR, after task histories and windows",
	ev_cell(&execs[k], w, out),
	A64_EV_AXES(a64_mx_mode_variant, wins, NWIN, W_EVICTED, win_why));
FPABI_EV_MATRIX(a64_matrix_ev_fork, "fork", forks,
	"a fork child's and a thread's registers in every SVCR, after task "
	"histories and windows",
	ev_cell(&forks[k], w, out),
	A64_EV_AXES(a64_mx_mode_variant, wins, NWIN, W_EVICTED, win_why));
