// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86 event matrices: the event families (a syscall, a signal's
 * delivery, exec, fork and clone), each event of a family's hand-written
 * cases a subject, crossed with the kernel's branch variables
 * (src/plan/matrix.c: the XSTATE_BV subset, which sets XINUSE per
 * component; a task history; a window before the event that sets
 * TIF_NEED_FPU_LOAD and last_cpu).  The model walks each cell's steps as
 * it walks the families' own cases.
 */
#include "fpabi/ematrix.h"
#include "fpabi/platform.h"
#include "x86.h"

#define SYSCALL_SUBJ(id, sc)						\
	{ .name = id, .summary = "a syscall (" id "): every component "	\
	  "kept", .rule = "X-SYS-1", .expect = "kept",			\
	  .what = "x87, SSE, AVX, AVX-512 and PKRU unchanged",		\
	  .needs = NEED_XSAVE, .at = 3, .drop = 2, .drop_class = "stale",\
	  .steps = { LOAD(1), STORE, LOAD(2), SYSCALL(sc), STORE, END } }

static const struct fpabi_ev_subject syscalls[] = {
	SYSCALL_SUBJ("getpid", SC_GETPID),
	SYSCALL_SUBJ("sched-yield", SC_SCHED_YIELD),
	SYSCALL_SUBJ("pipe-read", SC_PIPE_READ),
	/* the kernel's FPU in the syscall: BLAKE2s under kernel_fpu_begin() */
	SYSCALL_SUBJ("urandom-write", SC_URANDOM_WRITE),
	/* a clone of the task in the syscall, an io-wq worker, which uses
	 * the FPU in the kernel while the task waits */
	SYSCALL_SUBJ("io-uring-write", SC_IOURING_WRITE),
};

static const struct fpabi_ev_subject signals[] = {
	{ .name = "frame-restore", .summary = "a SIGILL's frame holds every "
	  "register, the handler starts at init, sigreturn restores them",
	  .rule = "X-SIG-3", .expect = "restored", .what = "the frame's "
	  "XSAVE area the state at delivery (XSTATE_BV from XINUSE); the "
	  "handler's clobber undone", .needs = NEED_XSAVE,
	  /* a component the variant leaves in init is seen through a
	   * header the CPU wrote (XSTATE_BV from XINUSE) */
	  .quirks = QUIRK_NO_XINUSE, .pre = PRE_X86_INIT, .at = 3, .drop = 2, .drop_class = "stale",
	  .steps = { LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
		     END } },
};

static const struct fpabi_ev_subject execs[] = {
	{ .name = "fresh-image", .summary = "after execve every component "
	  "is at init", .rule = "X-PROC-1", .expect = "fresh",
	  .what = "every component at init at the exec stop and in the new "
	  "image", .needs = NEED_XSAVE, .at = 1, .drop = 3,
	  .drop_class = "poison",
	  .steps = { LOAD(1), TRAP, EXEC, READ, END } },
};

static const struct fpabi_ev_subject forks[] = {
	{ .name = "fork-child", .summary = "a forked child starts with the "
	  "parent's registers", .rule = "X-PROC-2", .expect = "copied",
	  .what = "the child's registers the parent's at the clone; the "
	  "parent's kept", .needs = NEED_XSAVE, .at = 3, .drop = 2,
	  .drop_class = "stale",
	  .steps = { LOAD(1), STORE, LOAD(2), FORK(SC_FORK), STORE, END } },
	{ .name = "thread-child", .summary = "a new thread starts with the "
	  "creating thread's registers", .rule = "X-PROC-2",
	  .expect = "copied", .what = "the thread's registers the "
	  "creator's", .needs = NEED_XSAVE, .at = 3, .drop = 2,
	  .drop_class = "stale",
	  .steps = { LOAD(1), STORE, LOAD(2), FORK(SC_THREAD), STORE, END } },
};

enum { W_NONE, W_SYSCALL, W_SWITCHED, W_MIGRATED, W_EVICTED, NWIN };

static const struct fpabi_mx_win wins[NWIN] = {
	[W_NONE] = { "none", "nothing between the loads and the event: the "
		     "registers live (TIF_NEED_FPU_LOAD clear, this task the "
		     "fpregs owner), XINUSE as the loads left it",
		     "the stops the tracer saw: none between the cell's "
		     "loads and its event", 0 },
	[W_SYSCALL] = { "syscall", "a getpid before the event: nothing "
			"discarded (X-SYS-1), the registers still live",
			"the model's check of every component after the "
			"event", 0 },
	[W_SWITCHED] = { "switched-out", "a ptrace stop and a read: fpstate "
			 "saved (save_fpregs_to_fpstate(), XINUSE into "
			 "XSTATE_BV), TIF_NEED_FPU_LOAD set, XRSTORed at the "
			 "return (fpregs_restore_userregs())",
			 "the read at the stop: NT_X86_XSTATE's XSTATE_BV as "
			 "the model has it", 0 },
	[W_MIGRATED] = { "migrated", "a ptrace stop, a move to another CPU "
			 "and a read: last_cpu another CPU, so "
			 "fpregs_state_valid() false and the state restored "
			 "there",
			 "the migration's own proof (the tracee's CPU after "
			 "the stop is the one it was moved to, else SKIP) and "
			 "the read", NEED_SMP2 },
	[W_EVICTED] = { "evicted", "a ptrace stop while a competitor with "
			"its own registers loaded runs on the tracee's CPU, "
			"and a read: fpu_fpregs_owner_ctx another context, so "
			"fpregs_state_valid() false and fpstate XRSTORed at the "
			"return (fpregs_restore_userregs())",
			"the eviction's own proof (the competitor's run time in "
			"/proc/PID/schedstat grew during the stop, on the CPU "
			"the tracee stopped on, else retried, then SKIP) and "
			"the read", 0 },
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

/* the arch's axes of every event matrix: the subset, histories, windows */
#define X86_EV_AXES							\
	.mode_axis = "XSTATE_BV subset", .nmodes = X86_MX_MODES,	\
	.mode_name = x86_mx_mode_name,					\
	.mode_variant = x86_mx_mode_variant,				\
	.nhist = X86_MX_HISTS, .hist_kinds = x86_mx_hist_kinds,		\
	.history = x86_mx_history, .hist_sets = x86_mx_hist_sets,	\
	.win_axis = "window", .nwin = NWIN, .wins = wins,		\
	.nwin_base = W_EVICTED

FPABI_EV_MATRIX(x86_matrix_ev_syscall, "syscall", syscalls,
	"a syscall's effect on every component, in every XSTATE_BV subset, "
	"after task histories and windows",
	ev_cell(&syscalls[k], w, out), X86_EV_AXES);
FPABI_EV_MATRIX(x86_matrix_ev_signal, "signal", signals,
	"a signal's delivery (frame, handler, sigreturn) in every XSTATE_BV "
	"subset, after task histories and windows",
	ev_cell(&signals[k], w, out), X86_EV_AXES);
FPABI_EV_MATRIX(x86_matrix_ev_exec, "exec", execs,
	"exec's fresh image in every XSTATE_BV subset, after task histories "
	"and windows",
	ev_cell(&execs[k], w, out), X86_EV_AXES);
FPABI_EV_MATRIX(x86_matrix_ev_fork, "fork", forks,
	"a fork child's and a thread's registers in every XSTATE_BV subset, "
	"after task histories and windows",
	ev_cell(&forks[k], w, out), X86_EV_AXES);
