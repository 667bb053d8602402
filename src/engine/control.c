// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The engine's control, the case driver: start the tracee (its placement,
 * the competitor beside it, the seize and the go), let it run to its exit
 * and read its counters, and clean up.  Between start and exit the walk
 * (walk.c) drives it through its stops (stops.c) and scheduling events
 * (scheduling.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "control.h"
#include "died.h"
#include "fpabi/compete.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"
#include "place.h"
#include "scheduling.h"
#include "stops.h"

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
	if (ctl_competitor_policy(r, *pid) < 0)
		return -1;
	for (i = 0; i < 5000; i++) {
		if (__atomic_load_n(&hdr(r)->comp_state, __ATOMIC_SEQ_CST) ==
		    TRACEE_RUNNING)
			return 0;
		/* the instance's deadline, where the run has one (race's
		 * rounds keep their own time) */
		if (fpabi_interrupted || (r->deadline.tv_sec &&
					  ctl_ms_left(&r->deadline) <= 0)) {
			r->timed_out = true;
			return -1;
		}
		usleep(1000);
	}
	run_broken(r, "the competitor never loaded its registers");
	return -1;
}

/* Does a step of the case make syscall kind sc (its event's)? */
static bool has_sc(const struct fpabi_run *r, unsigned sc)
{
	const struct fpabi_step *s;

	for (s = r->c->steps; s->op != S_END; s++)
		if (op_info(s->op)->ev == OPEV_SYSCALL && step_sc(r, s) == sc)
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
		if (ctl_wait_tracee(e, &status) < 0)
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

/* The competitor and the tracee's process group, killed and reaped. */
void ctl_cleanup(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (e->ctl.comp_pid > 0) {
		fpabi_competitor_proof(r, e->ctl.comp_pid, e->ctl.comp_vol0,
				       e->ctl.comp_invol0, &e->ctl.go,
				       r->c->competitor == COMP_TIMER ?
				       FPABI_COMP_WAKES : 0);
		fpabi_competitor_kill(e->ctl.comp_pid);
		e->ctl.comp_pid = 0;
	}
	if (r->pid > 0) {
		fpabi_kill_reap(r->pid);
		r->pid = 0;
	}
	fpabi_current_tracee = 0;
	place_end(e);
}
