// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The engine's control part: start the tracee and its competitor, drive
 * the tracee through its stops with ptrace, force and prove the scheduling
 * events (preemption, migration), and watch the deadline.  It applies no
 * model: the walk (walk.c) does, around these calls.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "control.h"
#include "fpabi/compete.h"
#include "fpabi/tap.h"
#include "place.h"
#include "fpabi/util.h"

static void ts_add_ms(struct timespec *t, long ms)
{
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static long ms_left(const struct timespec *deadline)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (deadline->tv_sec - now.tv_sec) * 1000 +
	       (deadline->tv_nsec - now.tv_nsec) / 1000000;
}

/* The deadline passed (a timeout, never "broken"), or a signal came. */
static bool deadline_passed(struct engine *e)
{
	if (ms_left(&e->ctl.deadline) > 0 && !fpabi_interrupted)
		return false;
	e->r->timed_out = true;
	return true;
}

/*
 * Wait for the tracee's next state change, or the deadline.  SIGCHLD is
 * blocked in the runner, so sigtimedwait() sleeps until a child changes.
 * Returns 0, or -1 with timed_out set.
 */
static int wait_tracee(struct engine *e, int *status)
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
		left = ms_left(&e->ctl.deadline);
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
		if (wait_tracee(e, &status) < 0)
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
	if (want == STOP_BRK && !e->ctl.refused && fpabi_arch.after_trap &&
	    fpabi_arch.after_trap(r) < 0)
		return -1;
	/* a signal-delivery stop: the signal is delivered on resuming */
	e->ctl.pending_sig = want == SIGILL || want == SIGSYS || want == SIGSTOP ?
			 want : 0;
	return 0;
}

/* Resume to the next syscall stop (entry, then exit). */
int ctl_syscall_stop(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (ptrace(PTRACE_SYSCALL, r->pid, 0, e->ctl.pending_sig) < 0) {
		run_broken(r, "PTRACE_SYSCALL: %s", strerror(errno));
		return -1;
	}
	e->ctl.stopped = false;
	e->ctl.pending_sig = 0;
	return ctl_wait_stop(e, STOP_SYSCALL, 0);
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
static int wait_spinning(struct engine *e, unsigned k)
{
	struct fpabi_run *r = e->r;
	int ms;

	for (ms = 0; ms < 30000; ms++) {
		siginfo_t si = { .si_pid = 0 };

		if (deadline_passed(e))
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

	if (wait_spinning(e, k) < 0) {
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

int fpabi_pin(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/*
 * In the child before the exec: the shared memory as fd 3, /dev/null as
 * stdin, stdout and stderr (not the TAP stream, nor the terminal), and no
 * other descriptor (a --json file, a kmsg or perf fd, a second memfd).
 */
static int child_fds(int memfd)
{
	int null;

	if (memfd == 3 ? fcntl(3, F_SETFD, 0) < 0 : dup2(memfd, 3) < 0)
		return -1;
	null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 ||
	    dup2(null, 2) < 0)
		return -1;
	return close_range(4, ~0u, 0);
}

/*
 * Start the tracee program with the shared memory memfd as fd 3, in the
 * process group pgid (0: its own), dying with the runner; in_child(arg),
 * if given, runs in the child before the exec.
 */
pid_t fpabi_spawn(const char *tracee, int memfd, pid_t pgid, const char *mode,
		  void (*in_child)(const void *arg), const void *arg)
{
	pid_t parent = getpid(), pid;
	sigset_t none;

	pid = fork();
	if (pid != 0)
		return pid;
	setpgid(0, pgid);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (in_child)
		in_child(arg);
	if (child_fds(memfd) < 0)
		_exit(126);
	execl(tracee, "fpabi-tracee", "3", mode, (char *)NULL);
	_exit(127);
}

/* A task's voluntary and involuntary switches (/proc/PID/status): 0,
 * or -1 where it cannot be read. */
int fpabi_task_switches(pid_t pid, long *vol, long *invol)
{
	char path[64], line[128];
	FILE *f;

	*vol = *invol = -1;
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "voluntary_ctxt_switches: %ld", vol) != 1)
			sscanf(line, "nonvoluntary_ctxt_switches: %ld", invol);
	fclose(f);
	return *vol < 0 || *invol < 0 ? -1 : 0;
}

/*
 * COMP_IDLE runs the competitor at SCHED_IDLE, COMP_TIMER at SCHED_FIFO
 * (priority 1).  Where the kernel refuses (EPERM without CAP_SYS_NICE,
 * an RT budget of 0 in a cgroup), it competes at SCHED_OTHER: the
 * forcing is weaker, and the proof says so.
 */
static int competitor_policy(struct fpabi_run *r, pid_t pid)
{
	struct sched_param sp = { .sched_priority = 0 };
	int policy = SCHED_OTHER;

	if (r->c->competitor == COMP_IDLE)
		policy = SCHED_IDLE;
	if (r->c->competitor == COMP_TIMER) {
		policy = SCHED_FIFO;
		sp.sched_priority = 1;
	}
	r->sp.comp_policy = SCHED_OTHER;
	if (policy == SCHED_OTHER)
		return 0;
	if (sched_setscheduler(pid, policy, &sp) == 0) {
		r->sp.comp_policy = policy;
		return 0;
	}
	if (errno != EPERM && errno != EINVAL) {
		run_broken(r, "sched_setscheduler(competitor): %s",
			   strerror(errno));
		return -1;
	}
	r->sp.comp_degraded = true;
	return 0;
}

/*
 * The competitor shares the tracee's (r->pid) process group (so it dies
 * with it) and its CPU, where both are pinned.  It holds its canaries
 * before the tracee is told to go.  *pid is set once it exists.
 */
int fpabi_competitor_start(struct fpabi_run *r, int memfd, int cpu,
			   pid_t *pid)
{
	int i;

	*pid = fpabi_spawn(r->o->tracee, memfd, r->pid, "compete", NULL, NULL);
	if (*pid < 0) {
		run_broken(r, "fork competitor: %s", strerror(errno));
		return -1;
	}
	setpgid(*pid, r->pid);
	if (fpabi_pin(*pid, cpu) < 0 || fpabi_pin(r->pid, cpu) < 0) {
		run_broken(r, "pinning to CPU %d: %s", cpu, strerror(errno));
		return -1;
	}
	if (competitor_policy(r, *pid) < 0)
		return -1;
	for (i = 0; i < 5000; i++) {
		if (__atomic_load_n(&hdr(r)->comp_state, __ATOMIC_SEQ_CST) ==
		    TRACEE_RUNNING)
			return 0;
		/* the instance's deadline, where the run has one (race's
		 * rounds keep their own time) */
		if (fpabi_interrupted || (r->deadline.tv_sec &&
					  ms_left(&r->deadline) <= 0)) {
			r->timed_out = true;
			return -1;
		}
		usleep(1000);
	}
	run_broken(r, "the competitor never loaded its registers");
	return -1;
}

static bool has_sc(const struct fpabi_run *r, unsigned sc)
{
	const struct fpabi_step *s;

	for (s = r->c->steps; s->op != S_END; s++)
		if ((s->op == S_SYSCALL || s->op == S_SYSCALL_STOP) &&
		    step_sc(r, s) == sc)
			return true;
	return false;
}

/* The placement the case asks for, in the tracee's child before exec. */
static void placed(const void *e)
{
	place_child(e);
}

int ctl_spawn_tracee(struct engine *e)
{
	struct fpabi_run *r = e->r;
	pid_t pid;

	if (place_begin(e) < 0)
		return -1;
	pid = fpabi_spawn(r->o->tracee, e->lay.memfd, 0, "trace", placed, e);
	if (pid < 0) {
		run_broken(r, "fork: %s", strerror(errno));
		return -1;
	}
	setpgid(pid, pid);
	r->pid = pid;
	fpabi_current_tracee = pid;
	if (r->c->competitor &&
	    fpabi_competitor_start(r, e->lay.memfd, e->ctl.cpu,
				   &e->ctl.comp_pid) < 0)
		return -1;
	/* a tracee that moves itself starts pinned, so that it does move */
	if (!r->c->competitor && has_sc(r, SC_MIGRATE_SELF) &&
	    fpabi_pin(pid, e->ctl.cpu) < 0) {
		run_broken(r, "pinning to CPU %d: %s", e->ctl.cpu, strerror(errno));
		return -1;
	}
	/* an unobserved twin runs untraced: no stop can come */
	if (!r->c->unobserved &&
	    ptrace(PTRACE_SEIZE, pid, 0,
		   PTRACE_O_EXITKILL | PTRACE_O_TRACESYSGOOD |
		   PTRACE_O_TRACESECCOMP) < 0) {
		run_broken(r, "PTRACE_SEIZE: %s", strerror(errno));
		return -1;
	}
	/* the competitor's switches from here on are the forcing's proof */
	if (e->ctl.comp_pid > 0)
		fpabi_task_switches(e->ctl.comp_pid, &e->ctl.comp_vol0, &e->ctl.comp_invol0);
	clock_gettime(CLOCK_MONOTONIC, &e->ctl.go);
	__atomic_store_n(&hdr(r)->go, 1, __ATOMIC_SEQ_CST);
	syscall(SYS_futex, &hdr(r)->go, FUTEX_WAKE, INT32_MAX, NULL, NULL, 0);
	return 0;
}

/* A task's involuntary switches so far, or -1. */
static long nonvoluntary_switches(pid_t pid)
{
	long vol, invol;

	fpabi_task_switches(pid, &vol, &invol);
	return invol;
}

/* The CPU a task last ran on (/proc/PID/stat field 39), or -1. */
static int task_cpu(pid_t pid)
{
	char path[64], buf[1024], *p;
	int cpu = -1, field;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')'))) {
		for (field = 2; field < 39 && p; field++)
			p = strchr(p + 1, ' ');
		if (p)
			cpu = atoi(p + 1);
	}
	fclose(f);
	return cpu;
}

/*
 * S_PREEMPT: the tracee spins with its registers loaded until it has been
 * switched out involuntarily n times (the competitor on its CPU, or the
 * tick), as /proc shows; then it is told to go on.  Not seen within the
 * budget: the case cannot prove its event and is skipped with the count.
 */
int ctl_prove_preemption(struct engine *e, unsigned k, unsigned n)
{
	struct fpabi_run *r = e->r;
	long base = -1, now = -1;
	int ms;

	/* count from the moment the tracee spins with its registers loaded */
	if (wait_spinning(e, k) < 0) {
		if (r->timed_out)
			return -1;
		__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
		snprintf(r->skip, sizeof(r->skip), "preemption not proven: the "
			 "tracee did not reach its spin");
		return 0;
	}
	base = now = nonvoluntary_switches(r->pid);
	for (ms = 0; ms < 3000 && base >= 0; ms++) {
		now = nonvoluntary_switches(r->pid);
		if (now >= base + (long)n)
			break;
		if (deadline_passed(e))
			return -1;
		usleep(1000);
	}
	__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
	if (base < 0 || now < base + (long)n) {
		snprintf(r->skip, sizeof(r->skip),
			 "preemption not proven: %ld of %u involuntary switches "
			 "in 3 s", base < 0 ? 0 : now - base, n);
		return 0;
	}
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%s%ld involuntary switches while spinning%s", r->proof[0] ?
		 "; " : "", now - base, r->c->competitor ? " beside the competitor" : "");
	return 0;
}

/* S_MIGRATE: pin the stopped tracee to another CPU it may use. */
int ctl_migrate(struct engine *e)
{
	struct fpabi_run *r = e->r;
	int from = task_cpu(r->pid), cpu;
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) < 0) {
		run_broken(r, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set) && cpu != from)
			break;
	if (cpu == CPU_SETSIZE || fpabi_pin(r->pid, cpu) < 0) {
		run_broken(r, "cannot move the tracee off CPU %d", from);
		return -1;
	}
	e->ctl.migrated_to = cpu;
	r->sp.tracer_migrations++;
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%smoved from CPU %d to %d %s", r->proof[0] ? "; " : "",
		 from, cpu, e->ctl.stopped ? "at a stop" : "while it ran");
	return 0;
}

int ctl_migrate_running(struct engine *e, unsigned k)
{
	struct fpabi_run *r = e->r;
	int ms, now = -1;

	if (wait_spinning(e, k) < 0) {
		if (r->timed_out)
			return -1;
		__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
		snprintf(r->skip, sizeof(r->skip), "migration not proven: the "
			 "tracee did not reach its spin");
		return 0;
	}
	if (ctl_migrate(e) < 0)
		return -1;
	for (ms = 0; ms < 3000; ms++) {
		now = task_cpu(r->pid);
		if (now == e->ctl.migrated_to)
			break;
		if (deadline_passed(e))
			return -1;
		usleep(1000);
	}
	__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
	if (now != e->ctl.migrated_to)
		snprintf(r->skip, sizeof(r->skip), "migration not proven: the "
			 "spinning tracee stayed on CPU %d for 3 s", now);
	return 0;
}

/* SC_MIGRATE_SELF ran (the model's walk passes it): where it went. */
void ctl_self_migrated(struct engine *e)
{
	struct fpabi_run *r = e->r;
	int from = e->ctl.kself ? e->lay.self_tgt[e->ctl.kself - 1] : e->ctl.cpu;

	if (e->ctl.kself < e->lay.nself)
		e->ctl.migrated_to = e->lay.self_tgt[e->ctl.kself++];
	r->sp.self_migrations++;
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%smoved itself from CPU %d to %d", r->proof[0] ? "; " : "",
		 from, e->ctl.migrated_to);
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

	if (ctl_wait_stop(e, sc == SC_THREAD ? STOP_CLONE : STOP_FORK, 0) < 0)
		return -1;
	if (ptrace(PTRACE_GETEVENTMSG, r->pid, 0, &child) < 0) {
		run_broken(r, "PTRACE_GETEVENTMSG: %s", strerror(errno));
		return -1;
	}
	for (tries = 0; tries < 5000; tries++) {
		pid_t p = waitpid((pid_t)child, &status, WNOHANG | __WALL);

		if (p == (pid_t)child && WIFSTOPPED(status))
			break;
		if (deadline_passed(e))
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

/*
 * What the competitor did, read before it is killed: its switches (a
 * timer competitor's voluntary ones are its sleeps), and how many of its
 * wakes fell before now.
 */
void fpabi_competitor_proof(struct fpabi_run *r, pid_t pid, long vol0,
			    long invol0, const struct timespec *go,
			    unsigned nwake)
{
	struct timespec now;
	uint64_t ns;
	unsigned i;

	if (fpabi_task_switches(pid, &r->sp.comp_nvcsw, &r->sp.comp_nivcsw) < 0)
		return;
	if (vol0 >= 0 && invol0 >= 0) {
		r->sp.comp_nvcsw -= vol0;
		r->sp.comp_nivcsw -= invol0;
	}
	/* the tracer's own count of wakes, not the one in shared memory */
	if (!nwake || !go->tv_sec)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (uint64_t)(now.tv_sec - go->tv_sec) * 1000000000u +
	     (uint64_t)(now.tv_nsec - go->tv_nsec);
	for (i = 0; i < nwake && i < FPABI_COMP_WAKES; i++)
		r->sp.comp_wakes += hdr(r)->comp_wake_ns[i] < ns;
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%scompetitor: %u timer wakes due, %ld voluntary switches",
		 r->proof[0] ? "; " : "", r->sp.comp_wakes, r->sp.comp_nvcsw);
}

/* The competitor and the tracee's process group, killed and reaped. */
void ctl_cleanup(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (e->ctl.comp_pid > 0) {
		int status;

		fpabi_competitor_proof(r, e->ctl.comp_pid, e->ctl.comp_vol0,
				       e->ctl.comp_invol0, &e->ctl.go,
				       r->c->competitor == COMP_TIMER ?
				       FPABI_COMP_WAKES : 0);
		kill(e->ctl.comp_pid, SIGKILL);
		while (waitpid(e->ctl.comp_pid, &status, 0) < 0 && errno == EINTR)
			;
		e->ctl.comp_pid = 0;
	}
	if (r->pid > 0) {
		int status;

		kill(-r->pid, SIGKILL);
		kill(r->pid, SIGKILL);
		while (waitpid(r->pid, &status, __WALL) < 0 && errno == EINTR)
			;
		r->pid = 0;
	}
	fpabi_current_tracee = 0;
	place_end(e);
}

/* The first CPU this process may run on: where competitors meet. */
int ctl_first_cpu(void)
{
	cpu_set_t set;
	int cpu;

	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
			if (CPU_ISSET(cpu, &set))
				return cpu;
	return 0;
}

/*
 * Let the tracee run to its exit (signals on the way, a child's SIGCHLD,
 * are passed on) and read the counters it kept around its events: 0 when
 * its observations are to be checked, -1 when the run is over (timed out,
 * broken, or the tracee died: a finding).
 */
int ctl_finish(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct fpabi_proof *p = &hdr(r)->proof;
	char text[64];
	int status;

	for (;;) {
		if (wait_tracee(e, &status) < 0)
			return -1;
		if (!WIFSTOPPED(status))
			break;
		ctl_note_sender(e, status);
		if (ptrace(PTRACE_CONT, r->pid, 0,
			   (status >> 16) || (status >> 8) == STOP_SYSCALL ?
			   0 : WSTOPSIG(status)) < 0) {
			run_broken(r, "PTRACE_CONT: %s", strerror(errno));
			return -1;
		}
	}
	r->pid = 0;
	if (e->ctl.refused) {
		if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
			ctl_tracee_died(e, status, "after the refused sigreturn");
		return 0;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    hdr(r)->state != TRACEE_DONE) {
		if (hdr(r)->state == TRACEE_FAILED || WIFEXITED(status))
			run_broken(r, "tracee setup failed: %.*s (%s)",
				   (int)sizeof(hdr(r)->errmsg),
				   hdr(r)->errmsg[0] ? hdr(r)->errmsg : "no message",
				   ctl_status_text(status, text, sizeof(text)));
		else
			ctl_tracee_died(e, status, "while running its events");
		return -1;
	}
	/* (after an exec the probe writes the "after" counters) */
	r->sp.valid = p->nvcsw[1] >= p->nvcsw[0] && p->nivcsw[1] >= p->nivcsw[0];
	r->sp.nvcsw = fpabi_proof_delta(p->nvcsw[0], p->nvcsw[1]);
	r->sp.nivcsw = fpabi_proof_delta(p->nivcsw[0], p->nivcsw[1]);
	r->sp.cpu0 = p->cpu[0];
	r->sp.cpu1 = p->cpu[1];
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%svoluntary switches %lld, involuntary %lld, cpu %d -> %d",
		 r->proof[0] ? "; " : "",
		 (long long)fpabi_proof_delta(p->nvcsw[0], p->nvcsw[1]),
		 (long long)fpabi_proof_delta(p->nivcsw[0], p->nivcsw[1]),
		 p->cpu[0], p->cpu[1]);
	if (e->ctl.migrated_to >= 0 && p->cpu[1] != e->ctl.migrated_to)
		snprintf(r->skip, sizeof(r->skip),
			 "migration not proven: the tracee ended on CPU %d, "
			 "not %d", p->cpu[1], e->ctl.migrated_to);
	return 0;
}

/* After the checks: what proves the placement, and the tracer's CPUs back. */
void ctl_place_proof(struct engine *e)
{
	place_proof(e);
}

/* The tracee sits at a refused sigreturn's SIGSEGV: nowhere to go. */
void ctl_kill_refused(struct engine *e)
{
	kill(e->r->pid, SIGKILL);
	e->ctl.stopped = false;
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
	clock_gettime(CLOCK_MONOTONIC, &e->ctl.deadline);
	ts_add_ms(&e->ctl.deadline, r->o->timeout * 1000L);
	r->deadline = e->ctl.deadline;
}

bool run_again(const struct fpabi_run *r)
{
	return r->unproven && r->attempt < FPABI_ATTEMPTS &&
	       ms_left(&r->deadline) >= FPABI_RETRY_MIN_MS;
}
