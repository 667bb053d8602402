// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How the tracee ended, when it should not have: a death the kernel
 * caused is a finding; a signal from outside fpabi (an administrator's
 * kill, the OOM killer) is a broken run, with the sender where the
 * kernel tells a tracer (the delivery stop's siginfo), never a finding.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "died.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

const char *ctl_status_text(int status, char *buf, size_t n)
{
	if (WIFEXITED(status))
		snprintf(buf, n, "exited with status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, n, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else if (WIFSTOPPED(status))
		snprintf(buf, n, "stopped by signal %d (%s), event %d",
			 WSTOPSIG(status), strsignal(WSTOPSIG(status)),
			 status >> 16);
	else
		snprintf(buf, n, "status %#x", status);
	return buf;
}

void ctl_note_sender(struct engine *e, int status)
{
	struct fpabi_run *r = e->r;
	siginfo_t si;

	/* a signal-delivery stop (no event, not a syscall stop) */
	if ((status >> 16) || WSTOPSIG(status) == (SIGTRAP | 0x80))
		return;
	memset(&si, 0, sizeof(si));
	if (ptrace(PTRACE_GETSIGINFO, r->pid, 0, &si) < 0)
		return;
	/*
	 * si_code <= 0: sent by a process (SI_USER kill(), SI_TKILL
	 * tgkill(), SI_QUEUE), si_pid its sender (siginfo(2)); the
	 * kernel's own signals have si_code > 0.  fpabi's (SIGSTOP of a
	 * group-stop) and the tracee's own are not from outside.
	 */
	if (si.si_code > 0 || si.si_pid == getpid() || si.si_pid == r->pid)
		return;
	e->ctl.outside_sig = si.si_signo;
	e->ctl.outside_pid = si.si_pid;
}

/* The name of pid's program, or "?" (/proc/PID/comm). */
static const char *comm_of(pid_t pid, char *buf, size_t n)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "re");
	if (!f || !fgets(buf, (int)n, f))
		snprintf(buf, n, "?");
	if (f)
		fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	return buf;
}

/*
 * From outside: the signal it died of came from a process that is not
 * fpabi (its sender known), or it is SIGKILL, which fpabi sends only at
 * a deadline or on its own interrupt (both already said) and whose
 * sender no tracer is told (SIGKILL has no delivery stop: ptrace(2)).
 */
static bool died_from_outside(struct engine *e, int status)
{
	struct fpabi_run *r = e->r;
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	char comm[32];

	if (!sig)
		return false;
	if (sig == e->ctl.outside_sig) {
		run_broken(r, "the tracee was killed by signal %d (%s) from pid "
			   "%d (%s), outside fpabi: no verdict on the kernel",
			   sig, strsignal(sig), (int)e->ctl.outside_pid,
			   comm_of(e->ctl.outside_pid, comm, sizeof(comm)));
		return true;
	}
	if (sig == SIGKILL && !r->timed_out && !fpabi_interrupted) {
		run_broken(r, "the tracee was killed by SIGKILL from outside "
			   "fpabi (an administrator, the OOM killer; a tracer "
			   "is not told who sends SIGKILL): no verdict on the "
			   "kernel");
		return true;
	}
	return false;
}

/* A tracee that died is a finding: the ABI gives no reason to die. */
void ctl_tracee_died(struct engine *e, int status, const char *when)
{
	struct fpabi_run *r = e->r;
	struct fpabi_finding f;
	char buf[96];

	if (died_from_outside(e, status))
		return;
	memset(&f, 0, sizeof(f));
	snprintf(f.observer, sizeof(f.observer), "tracee %s", when);
	snprintf(f.what, sizeof(f.what), "process");
	snprintf(f.expected, sizeof(f.expected), "runs to the end, exit 0");
	snprintf(f.got, sizeof(f.got), "%s",
		 ctl_status_text(status, buf, sizeof(buf)));
	f.cls = CL_UNKNOWN;
	snprintf(f.origin, sizeof(f.origin), "%.100s",
		 hdr(r)->err ? hdr(r)->errmsg : "the tracee did not finish");
	f.rule = rule_get(r->c->rule);
	add_finding(r, &f);
}
