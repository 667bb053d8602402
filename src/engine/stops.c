// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The engine's stops: the tracee driven from stop to stop with ptrace
 * under the case's deadline (the watchdog's clock is here): wait for the
 * stop a step causes, resume from it, the syscall, event and fork stops,
 * and the stops the tracer forces on a spinning tracee (PTRACE_INTERRUPT,
 * a group-stop).  It applies no model and forces no scheduling.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "died.h"
#include "fpabi/record.h"
#include "fpabi/syscalls.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"
#include "place.h"
#include "stops.h"

static void ts_add_ms(struct timespec *t, long ms)
{
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

/* *t := ms milliseconds from now (a wait's own bound, for ctl_ms_left()) */
void ctl_deadline_in(struct timespec *t, long ms)
{
	clock_gettime(CLOCK_MONOTONIC, t);
	ts_add_ms(t, ms);
}

/* Milliseconds to the deadline (negative: passed). */
long ctl_ms_left(const struct timespec *deadline)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (deadline->tv_sec - now.tv_sec) * 1000 +
	       (deadline->tv_nsec - now.tv_nsec) / 1000000;
}

/* The deadline passed (a timeout, never "broken"), or a signal came. */
bool ctl_deadline_passed(struct engine *e)
{
	if (ctl_ms_left(&e->ctl.deadline) > 0 && !fpabi_interrupted)
		return false;
	e->r->timed_out = true;
	return true;
}

/*
 * The watchdog's deadline: the case's --timeout from its first attempt's
 * start, which every retry of the instance shares (run_again()), so that
 * retries never multiply the timeout.
 */
void ctl_start_clock(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (r->attempt > 1 && r->deadline.tv_sec) {
		e->ctl.deadline = r->deadline;
		return;
	}
	ctl_deadline_in(&e->ctl.deadline, r->o->timeout * 1000L);
	r->deadline = e->ctl.deadline;
}

/* Another attempt, within the first attempt's deadline (fpabi/run.h). */
bool run_again(const struct fpabi_run *r)
{
	return r->unproven && r->attempt < FPABI_ATTEMPTS &&
	       ctl_ms_left(&r->deadline) >= FPABI_RETRY_MIN_MS;
}

/*
 * Wait for the tracee's next state change, or the deadline.  SIGCHLD is
 * blocked in the runner, so sigtimedwait() sleeps until a child changes.
 * Returns 0, or -1 with timed_out set.
 */
int ctl_wait_tracee(struct engine *e, int *status)
{
	struct fpabi_run *r = e->r;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	for (;;) {
		siginfo_t si = { .si_pid = 0 };
		pid_t p;

		/* an exit, seen before it is reaped: the zombie's counts */
		if (waitid(P_PID, r->pid, &si, WEXITED | WNOHANG | WNOWAIT |
			   __WALL) == 0 && si.si_pid == r->pid)
			place_at_exit(e);
		p = waitpid(r->pid, status, WNOHANG | __WALL);
		struct timespec ts = { 0, 0 };
		long left;

		if (p == r->pid)
			return 0;
		if (p < 0 && errno != EINTR) {
			run_broken(r, "waitpid: %s", strerror(errno));
			return -1;
		}
		left = ctl_ms_left(&e->ctl.deadline);
		/* (or a signal came before the tracee was known to its
		 * handler: the cleanup kills it) */
		if (left <= 0 || fpabi_interrupted) {
			r->timed_out = true;
			return -1;
		}
		ts_add_ms(&ts, left < 100 ? left : 100);
		sigtimedwait(&chld, NULL, &ts);
	}
}

/*
 * S_REFUSED: the forged frame's sigreturn went through (the tracee ran on
 * to its end, or died of something else): the kernel took a frame its
 * own rules refuse.
 */
static void frame_accepted(struct fpabi_run *r, int status)
{
	struct fpabi_finding f;
	char buf[96];

	memset(&f, 0, sizeof(f));
	snprintf(f.observer, sizeof(f.observer), "rt_sigreturn");
	snprintf(f.what, sizeof(f.what), "forged frame");
	snprintf(f.expected, sizeof(f.expected), "refused: SIGSEGV");
	snprintf(f.got, sizeof(f.got), "tracee %s",
		 ctl_status_text(status, buf, sizeof(buf)));
	f.cls = CL_UNKNOWN;
	snprintf(f.origin, sizeof(f.origin),
		 "the kernel restored a frame that should have been refused");
	f.rule = rule_get(r->c->rule);
	add_finding(r, &f);
}

static const char *stop_name(int want)
{
	switch (want) {
	case STOP_BRK: return "a breakpoint stop";
	case STOP_SYSCALL: return "a syscall stop";
	case STOP_SECCOMP: return "a seccomp stop";
	case STOP_INTERRUPT: return "a PTRACE_INTERRUPT stop";
	case STOP_GROUP: return "a group-stop";
	case STOP_EXEC: return "a PTRACE_EVENT_EXEC stop";
	case STOP_FORK: return "a PTRACE_EVENT_FORK stop";
	case STOP_CLONE: return "a PTRACE_EVENT_CLONE stop";
	default: return "a signal-delivery stop";
	}
}

/*
 * Wait for the stop a step causes: want is status >> 8 (a signal for a
 * signal-delivery stop), or alt if not 0 (SIGSEGV: a refused sigreturn,
 * after which only reads remain).  Signals the tracee gets on the way
 * (none are expected) are passed on.
 */
int ctl_wait_stop(struct engine *e, int want, int alt)
{
	struct fpabi_run *r = e->r;
	int status;
	char when[64];

	for (;;) {
		if (ctl_wait_tracee(e, &status) < 0)
			return -1;
		if (!WIFSTOPPED(status)) {
			snprintf(when, sizeof(when), "before %s", stop_name(want));
			if (want == SIGSEGV)
				frame_accepted(r, status);
			else
				ctl_tracee_died(e, status, when);
			r->pid = 0;
			return -1;
		}
		if ((status >> 8) == want)
			break;
		if (alt && (status >> 8) == alt) {
			vlog("%s: stop %#x came for %#x", r->id, alt, want);
			break;
		}
		vlog("%s: passing on stop %#x", r->id, status >> 8);
		ctl_note_sender(e, status);
		/* on the way to a syscall stop, go on with PTRACE_SYSCALL:
		 * PTRACE_CONT would run through the syscall unseen */
		if (ptrace(want == STOP_SYSCALL ? PTRACE_SYSCALL : PTRACE_CONT,
			   r->pid, 0,
			   (status >> 16) || (status >> 8) == STOP_SYSCALL ?
			   0 : WSTOPSIG(status)) < 0) {
			run_broken(r, "PTRACE_CONT: %s", strerror(errno));
			return -1;
		}
	}
	r->stops++;
	r->reads = 0;
	e->ctl.stopped = true;
	place_evict(e);
	/* a refused sigreturn: the run ends at this stop */
	e->ctl.refused |= (status >> 8) == SIGSEGV;
	if ((status >> 8) == SIGSEGV)
		record_refused(r);
	if (want == STOP_BRK && !e->ctl.refused && fpabi_arch.after_trap &&
	    fpabi_arch.after_trap(r) < 0)
		return -1;
	/* a signal-delivery stop: the signal is delivered on resuming */
	e->ctl.pending_sig = want == SIGILL || want == SIGSYS || want == SIGSTOP ?
			 want : 0;
	return 0;
}

/*
 * Resume from a stop with ptrace request req (PTRACE_SYSCALL: to the next
 * syscall stop, entry then exit) and wait for the stop want it leads to.
 */
int ctl_resume_to(struct engine *e, int req, int want)
{
	struct fpabi_run *r = e->r;

	if (ptrace(req, r->pid, 0, e->ctl.pending_sig) < 0) {
		if (req == PTRACE_SYSCALL)
			run_broken(r, "PTRACE_SYSCALL: %s", strerror(errno));
		else
			run_broken(r, "ptrace(%d): %s", req, strerror(errno));
		return -1;
	}
	e->ctl.stopped = false;
	e->ctl.pending_sig = 0;
	return ctl_wait_stop(e, want, 0);
}

/*
 * S_EXEC and a stopping S_FORK start from a stop: their event stops are
 * asked for only then, so that the tracee's own exec (which may race with
 * PTRACE_SEIZE) can never be taken for the case's.
 */
int ctl_event_options(struct engine *e, int events)
{
	struct fpabi_run *r = e->r;

	if (ptrace(PTRACE_SETOPTIONS, r->pid, 0, PTRACE_O_EXITKILL |
		   PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACESECCOMP | events) < 0) {
		run_broken(r, "PTRACE_SETOPTIONS: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Resume from a stop (with the signal of a signal-delivery stop). */
int ctl_resume(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (!e->ctl.stopped)
		return 0;
	if (ptrace(PTRACE_CONT, r->pid, 0, e->ctl.pending_sig) < 0) {
		run_broken(r, "PTRACE_CONT: %s", strerror(errno));
		return -1;
	}
	e->ctl.stopped = false;
	e->ctl.pending_sig = 0;
	return 0;
}

/*
 * A forked child's exit sends the tracee SIGCHLD, whose delivery stop may
 * come while the tracer waits for the tracee to spin: the signal (ignored
 * by the tracee, no frame) is passed on.  0 if that was it.
 */
static int pass_sigchld(struct engine *e, const siginfo_t *si)
{
	struct fpabi_run *r = e->r;
	int status;

	if (si->si_code != CLD_TRAPPED || si->si_status != SIGCHLD ||
	    waitpid(r->pid, &status, WNOHANG | __WALL) != r->pid)
		return -1;
	if ((status >> 8) != SIGCHLD ||
	    ptrace(PTRACE_CONT, r->pid, 0, SIGCHLD) < 0)
		return -1;
	return 0;
}

/*
 * Wait until the tracee spins (its registers loaded) at its k-th spin:
 * 0, or -1 if it stopped or died on the way (the next wait reports it),
 * did not get there in 30 s (a machine that busy proves nothing), or the
 * case's deadline passed first (timed_out set: the caller gives up).
 */
int ctl_wait_spinning(struct engine *e, unsigned k)
{
	struct fpabi_run *r = e->r;
	int ms;

	for (ms = 0; ms < 30000; ms++) {
		siginfo_t si = { .si_pid = 0 };

		if (ctl_deadline_passed(e))
			return -1;

		if (__atomic_load_n(&hdr(r)->spinning[k], __ATOMIC_SEQ_CST))
			return 0;
		if (waitid(P_PID, r->pid, &si, WEXITED | WSTOPPED | WNOHANG |
			   WNOWAIT | __WALL) == 0 && si.si_pid == r->pid) {
			if (pass_sigchld(e, &si) == 0)
				continue;
			return -1;	/* stopped or died: the next wait says */
		}
		usleep(1000);
	}
	return -1;
}

/*
 * S_INTERRUPT and S_GROUPSTOP: stop the spinning tracee from outside, by
 * PTRACE_INTERRUPT or by SIGSTOP (delivery stop, then group-stop); its
 * spin ends when it resumes.
 */
int ctl_stop_spinning(struct engine *e, unsigned k, bool group)
{
	struct fpabi_run *r = e->r;

	if (ctl_wait_spinning(e, k) < 0) {
		if (r->timed_out)
			return -1;
		/* stopping it elsewhere would observe the wrong registers */
		run_broken(r, "the tracee did not reach its spin (stopped, "
			   "died, or not scheduled for 30 s)");
		return -1;
	}
	if (group) {
		if (kill(r->pid, SIGSTOP) < 0 || ctl_wait_stop(e, SIGSTOP, 0) < 0)
			return -1;
		/* deliver it: the tracee enters group-stop */
		if (ptrace(PTRACE_CONT, r->pid, 0, SIGSTOP) < 0) {
			run_broken(r, "PTRACE_CONT: %s", strerror(errno));
			return -1;
		}
		e->ctl.stopped = false;
		r->stops--;
		if (ctl_wait_stop(e, STOP_GROUP, 0) < 0)
			return -1;
	} else {
		if (ptrace(PTRACE_INTERRUPT, r->pid, 0, 0) < 0) {
			run_broken(r, "PTRACE_INTERRUPT: %s", strerror(errno));
			return -1;
		}
		if (ctl_wait_stop(e, STOP_INTERRUPT, 0) < 0)
			return -1;
	}
	e->ctl.pending_sig = 0;
	__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
	return 0;
}

/*
 * The PTRACE_EVENT_FORK/CLONE stop: the parent stops; the child, traced
 * from birth, is let go (detached) to run its list.
 */
int ctl_fork_stop(struct engine *e, unsigned sc)
{
	struct fpabi_run *r = e->r;
	unsigned long child;
	int status, tries;

	/* kernel_clone() (kernel/fork.c): "else if (args->exit_signal !=
	 * SIGCHLD) trace = PTRACE_EVENT_CLONE; else trace =
	 * PTRACE_EVENT_FORK": a thread's exit signal is 0 (SCF_THREAD) */
	if (ctl_wait_stop(e, sc_has(sc, SCF_THREAD) ? STOP_CLONE : STOP_FORK,
			  0) < 0)
		return -1;
	if (ptrace(PTRACE_GETEVENTMSG, r->pid, 0, &child) < 0) {
		run_broken(r, "PTRACE_GETEVENTMSG: %s", strerror(errno));
		return -1;
	}
	/* (test-only: the signal at the worst moment, a traced child not
	 * yet let go: fpabi_kill_reap() must reap it too) */
	if (r->inject_interrupt)
		raise(SIGTERM);
	for (tries = 0; tries < 5000; tries++) {
		pid_t p = waitpid((pid_t)child, &status, WNOHANG | __WALL);

		if (p == (pid_t)child && WIFSTOPPED(status))
			break;
		if (ctl_deadline_passed(e))
			return -1;
		usleep(1000);
	}
	if (ptrace(PTRACE_DETACH, (pid_t)child, 0, 0) < 0) {
		run_broken(r, "PTRACE_DETACH child %lu: %s", child,
			   strerror(errno));
		return -1;
	}
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%schild %lu seen at the event stop", r->proof[0] ? "; " : "",
		 child);
	return 0;
}

/* The tracee sits at a refused sigreturn's SIGSEGV: nowhere to go. */
void ctl_kill_refused(struct engine *e)
{
	kill(e->r->pid, SIGKILL);
	e->ctl.stopped = false;
}
