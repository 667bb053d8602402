// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The engine's scheduling: CPU pinning, what /proc says of a task's
 * switches and CPU, the competitor's policy and proof, and the scheduling
 * events a step forces and proves: a preemption, a migration by the
 * tracer (at a stop or while the tracee spins), the tracee moving itself.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fpabi/compete.h"
#include "fpabi/util.h"
#include "scheduling.h"
#include "stops.h"

int fpabi_pin(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
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
 * COMP_IDLE runs the competitor at SCHED_IDLE, COMP_TIMER at SCHED_FIFO
 * (priority 1).  Where the kernel refuses (EPERM without CAP_SYS_NICE,
 * an RT budget of 0 in a cgroup), it competes at SCHED_OTHER: the
 * forcing is weaker, and the proof says so.
 */
int ctl_competitor_policy(struct fpabi_run *r, pid_t pid)
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
	struct timespec end;

	/* count from the moment the tracee spins with its registers loaded */
	if (ctl_wait_spinning(e, k) < 0) {
		if (r->timed_out)
			return -1;
		__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
		snprintf(r->skip, sizeof(r->skip), "preemption not proven: the "
			 "tracee did not reach its spin");
		return 0;
	}
	base = now = nonvoluntary_switches(r->pid);
	/* (3 s of time: on a loaded machine a 1 ms usleep() takes longer) */
	for (ctl_deadline_in(&end, 3000); ctl_ms_left(&end) > 0 && base >= 0;) {
		now = nonvoluntary_switches(r->pid);
		if (now >= base + (long)n)
			break;
		if (ctl_deadline_passed(e))
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

/*
 * S_MIGRATE_RUNNING: move the tracee while it spins at its k-th spin,
 * and see it run on the other CPU (/proc) before it is let go on.
 */
int ctl_migrate_running(struct engine *e, unsigned k)
{
	struct fpabi_run *r = e->r;
	int now = -1;
	struct timespec end;

	if (ctl_wait_spinning(e, k) < 0) {
		if (r->timed_out)
			return -1;
		__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
		snprintf(r->skip, sizeof(r->skip), "migration not proven: the "
			 "tracee did not reach its spin");
		return 0;
	}
	if (ctl_migrate(e) < 0)
		return -1;
	for (ctl_deadline_in(&end, 3000); ctl_ms_left(&end) > 0;) {
		now = task_cpu(r->pid);
		if (now == e->ctl.migrated_to)
			break;
		if (ctl_deadline_passed(e))
			return -1;
		usleep(1000);
	}
	__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
	if (now != e->ctl.migrated_to)
		snprintf(r->skip, sizeof(r->skip), "migration not proven: the "
			 "spinning tracee stayed on CPU %d for 3 s", now);
	return 0;
}

/*
 * S_EVICT: at a stop, another FP user runs on the tracee's CPU: the
 * competitor, pinned there with its canaries in every register (it runs
 * whenever the tracee stops).  Its registers replace the tracee's in the
 * CPU: on x86 fpu_fpregs_owner_ctx becomes its fpstate, so
 * fpregs_state_valid() fails at the tracee's return; on arm64
 * fpsimd_last_state binds the CPU to it, so fpsimd_thread_switch() sets
 * the tracee's TIF_FOREIGN_FPSTATE.  Proven from /proc: the competitor's
 * run time grew after the stop began and before the tracee goes on, on
 * the CPU the tracee stopped on.  Not seen within 1 s: unproven (retried,
 * then a SKIP with the counts).
 */
int ctl_evict(struct engine *e)
{
	struct fpabi_run *r = e->r;
	pid_t c = e->ctl.comp_pid;
	long long run0, run = -1;
	int tcpu, ccpu;
	struct timespec end;

	if (c <= 0) {
		run_broken(r, "evict: the case has no competitor");
		return -1;
	}
	tcpu = task_cpu(r->pid);
	run0 = fpabi_schedstat(c, 0);
	for (ctl_deadline_in(&end, 1000); ctl_ms_left(&end) > 0 && run0 >= 0;) {
		run = fpabi_schedstat(c, 0);
		if (run > run0)
			break;
		if (ctl_deadline_passed(e))
			return -1;
		usleep(1000);
	}
	ccpu = task_cpu(c);
	if (r->inject_unproven) {
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "eviction not proven: "
			 "test-only: --inject-fault=unproven made its proof "
			 "fail (the last of %u attempts)", r->attempt);
		return 0;
	}
	if (run0 < 0 || run <= run0 || tcpu < 0 || tcpu != ccpu) {
		r->unproven = true;
		if (run0 < 0)
			snprintf(r->skip, sizeof(r->skip), "eviction not proven: "
				 "no /proc/%d/schedstat for the competitor's run "
				 "time (the last of %u attempts)", c, r->attempt);
		else
			snprintf(r->skip, sizeof(r->skip), "eviction not proven: "
				 "the competitor ran %lld ns in 1 s of the stop, on "
				 "CPU %d; the tracee stopped on CPU %d (the last of "
				 "%u attempts)", run > run0 ? run - run0 : 0, ccpu,
				 tcpu, r->attempt);
		return 0;
	}
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%sevicted: the competitor (its canaries in every register) "
		 "ran on CPU %d, the tracee's, while it was stopped "
		 "(schedstat run time +%lld ns)", r->proof[0] ? "; " : "", ccpu,
		 run - run0);
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

void fpabi_competitor_kill(pid_t pid)
{
	int status;

	/* (a refusal, unprivileged above RLIMIT_NICE, changes nothing) */
	sched_setscheduler(pid, SCHED_OTHER, &(struct sched_param){ 0 });
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
}
