// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Placement (part of control): where the tracee and the tracer run, and
 * the proof of it.  PLACE_ALONE pins the tracer to one CPU and the tracee
 * to another, on which no other task may arrive while it runs: across its
 * ptrace stops nothing else loads FP state there, so the kernel may keep
 * the tracee's state live in that CPU.  PLACE_SHARED pins both to one CPU
 * and has the tracer load its own vector registers at every stop, which
 * evicts the tracee's.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <unistd.h>

#include "fpabi/util.h"
#include "place.h"

/* The first two CPUs this process may run on; -1 where there are none. */
static void two_cpus(const cpu_set_t *set, int *a, int *b)
{
	int cpu;

	*a = *b = -1;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, set))
			continue;
		if (*a < 0)
			*a = cpu;
		else if (*b < 0)
			*b = cpu;
	}
}

/*
 * Task arrivals on cpu so far (/proc/schedstat, the rq's pcount: every
 * time a task was switched in there; needs CONFIG_SCHEDSTATS), or -1.
 */
static long long cpu_arrivals(int cpu)
{
	char line[512], name[32];
	long long v[9];
	FILE *f = fopen("/proc/schedstat", "re");
	long long n = -1;

	if (!f)
		return -1;
	snprintf(name, sizeof(name), "cpu%d ", cpu);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, strlen(name)) &&
		    sscanf(line + strlen(name), "%lld %lld %lld %lld %lld %lld "
			   "%lld %lld %lld", &v[0], &v[1], &v[2], &v[3], &v[4],
			   &v[5], &v[6], &v[7], &v[8]) == 9) {
			n = v[8];
			break;
		}
	fclose(f);
	return n;
}

int place_begin(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct eng_place *p = &e->ctl.pl;
	cpu_set_t one;
	int a, b;

	p->tracee_cpu = -1;
	if (r->place == PLACE_NONE)
		return 0;
	if (sched_getaffinity(0, sizeof(p->saved), &p->saved) < 0) {
		run_broken(r, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	two_cpus(&p->saved, &a, &b);
	if (b < 0) {
		snprintf(r->skip, sizeof(r->skip), "placement needs two CPUs");
		return -1;
	}
	p->tracer_cpu = a;
	p->tracee_cpu = r->place == PLACE_ALONE ? b : a;
	CPU_ZERO(&one);
	CPU_SET(a, &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0) {
		run_broken(r, "pinning the tracer to CPU %d: %s", a,
			   strerror(errno));
		return -1;
	}
	p->pinned = true;
	p->rq0 = r->place == PLACE_ALONE ? cpu_arrivals(b) : -1;
	return 0;
}

void place_child(const struct engine *e)
{
	cpu_set_t one;

	if (e->ctl.pl.tracee_cpu < 0)
		return;
	CPU_ZERO(&one);
	CPU_SET(e->ctl.pl.tracee_cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0)
		_exit(125);
}

void place_at_exit(struct engine *e)
{
	struct eng_place *p = &e->ctl.pl;

	if (e->r->place != PLACE_ALONE)
		return;
	p->task = fpabi_schedstat(e->r->pid, 2);	/* arrivals */
	p->rq1 = cpu_arrivals(p->tracee_cpu);
}

void place_evict(struct engine *e)
{
	unsigned long msg;

	if (e->r->place != PLACE_SHARED)
		return;
	/* any call through the tracer's register-loading routine will do */
	regset_tracer_ptrace(e->r, PTRACE_GETEVENTMSG, 0, &msg,
			     "PTRACE_GETEVENTMSG");
	e->ctl.pl.evictions++;
}

/*
 * What proves the placement, once the tracee has finished: its CPU before
 * and after its events, and (alone) that every task arrival on its CPU
 * was its own.  The fork child arrives once on the tracer's CPU before it
 * moves itself, which its count holds and the CPU's does not.
 */
void place_proof(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct eng_place *p = &e->ctl.pl;
	const struct fpabi_proof *q = &hdr(r)->proof;
	size_t o = strlen(r->proof);
	long long others;

	if (r->place == PLACE_NONE || r->nfind || r->broken[0])
		return;
	if (q->cpu[0] != p->tracee_cpu || q->cpu[1] != p->tracee_cpu) {
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "placement not proven: the "
			 "tracee ran on CPU %d and %d, not %d", q->cpu[0],
			 q->cpu[1], p->tracee_cpu);
		return;
	}
	if (r->place == PLACE_SHARED) {
		snprintf(r->proof + o, sizeof(r->proof) - o, "%son CPU %d with "
			 "the tracer, which loaded its vector registers at %u "
			 "stops", o ? "; " : "", p->tracee_cpu, p->evictions);
		return;
	}
	if (p->rq0 < 0 || p->rq1 < 0 || p->task < 0) {
		snprintf(r->skip, sizeof(r->skip), "placement not proven: no "
			 "task arrival counts (/proc/schedstat needs "
			 "CONFIG_SCHEDSTATS)");
		return;
	}
	others = (p->rq1 - p->rq0) - (p->task - 1);
	if (others > 0) {
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "placement not proven: %lld "
			 "other task arrivals on CPU %d beside the tracee's %lld",
			 others, p->tracee_cpu, p->task - 1);
		return;
	}
	snprintf(r->proof + o, sizeof(r->proof) - o, "%salone on CPU %d (the "
		 "tracer on %d): its %lld arrivals were the only ones there",
		 o ? "; " : "", p->tracee_cpu, p->tracer_cpu, p->task - 1);
}

void place_end(struct engine *e)
{
	struct eng_place *p = &e->ctl.pl;

	if (p->pinned)
		sched_setaffinity(0, sizeof(p->saved), &p->saved);
	p->pinned = false;
}
