// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi-tracee's race mode: untraced, it makes the race loop's offsets
 * into addresses, installs the assembly signal handler, starts the
 * interval timer and the signalling thread, and runs the loop
 * (src/tracee/<arch>/race.S) until the tracer says stop.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "fpabi/race.h"
#include "tracee.h"

_Static_assert(offsetof(struct rusage, ru_nvcsw) == 128 &&
	       offsetof(struct rusage, ru_nivcsw) == 136,
	       "the offsets race.S reads");
_Static_assert(sizeof(struct rusage) <= sizeof(((struct race_ctl *)0)->ru),
	       "room for getrusage");

struct race_ctl *fpabi_race_ctl;
static uint8_t *rbase;

static void rebase(uint64_t *off)
{
	if (*off)
		*off += (uintptr_t)rbase;
}

/* an event list: addresses, syscalls resolved */
static void list(uint64_t *off)
{
	pid_t none = -1;

	if (!*off)
		return;
	rebase(off);
	resolve_events((struct fpabi_ev *)(uintptr_t)*off, 8, &none);
}

/*
 * The sleep kind's nanosleep sleeps 50 us, not SC_NANOSLEEP's 1 ms: a
 * round runs thousands of them (with a timer slack of 1 ns).
 */
static const struct timespec sleep_ts = { 0, 50000 };

static void short_sleep(uint64_t list)
{
	struct fpabi_ev *ev = (struct fpabi_ev *)(uintptr_t)list;

	for (; list && ev->kind != FPABI_EV_END; ev++)
		if (ev->kind == FPABI_EV_SYSCALL && ev->nr == SYS_nanosleep)
			ev->arg[0] = (uintptr_t)&sleep_ts;
}

static void rebase_desc(struct race_desc *d)
{
	rebase(&d->exp);
	rebase(&d->alt);
	rebase(&d->mask);
	rebase(&d->seg);
}

static void resolve(struct race_ctl *c)
{
	struct race_kind *k;
	unsigned i, p, pt;

	rebase(&c->inj_off);
	rebase(&c->weights);
	rebase(&c->quiet_kind);
	rebase(&c->dump);
	rebase(&c->hdump);
	rebase(&c->prefill);
	rebase(&c->kinds);
	rebase(&c->ring);
	list(&c->store);
	list(&c->hstore);
	list(&c->hclobber);
	list(&c->tload);
	k = (struct race_kind *)(uintptr_t)c->kinds;
	for (i = 0; i < RACE_MAX_KINDS; i++, k++) {
		if (!k->load[0])
			continue;
		for (p = 0; p < RACE_PHASES; p++)
			list(&k->load[p]);
		list(&k->ev);
		list(&k->ev2);
		short_sleep(k->ev);
		for (pt = 0; pt < RACE_NPOINTS; pt++)
			for (p = 0; p < RACE_PHASES; p++)
				rebase_desc(&k->d[pt][p]);
	}
	if (!c->store || !c->hstore || !c->hclobber || !c->kinds ||
	    !c->weights || !c->quiet_kind || !c->dump || !c->hdump)
		tracee_fail(EINVAL, "race: the control block is incomplete");
}

/*
 * What the loop reads that only this process knows: syscall numbers,
 * its thread ids, where the kernel keeps its CPU number (rseq), how slow
 * a trapping instruction is and whether the loop leaves a mode before
 * returning (the arch's part, <arch>/race-arch.c).
 */
static void facts(struct race_ctl *c)
{
	c->nr_getrusage = SYS_getrusage;
	c->nr_tgkill = SYS_tgkill;
	c->nr_nanosleep = SYS_nanosleep;
	c->tgid = getpid();
	c->tid = syscall(SYS_gettid);
	if (__rseq_size >= offsetof(struct rseq, cpu_id) + 4)
		c->cpu_ptr = (uintptr_t)__builtin_thread_pointer() +
			     __rseq_offset + offsetof(struct rseq, cpu_id);
	c->trap_ticks = race_arch_trap_ticks();
	c->sme = race_arch_sme();
}

static void *signaller(void *arg)
{
	struct race_ctl *c = arg;

	if (c->thr_cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(c->thr_cpu, &set);
		sched_setaffinity(0, sizeof(set), &set);
	}
	fpabi_race_signaller(c);
	return NULL;
}

static void handlers(sigset_t *both)
{
	struct sigaction sa;

	sigemptyset(both);
	sigaddset(both, SIGALRM);
	sigaddset(both, SIGUSR1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = (void (*)(int, siginfo_t *, void *))fpabi_race_sig_entry;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sa.sa_mask = *both;
	if (sigaction(SIGALRM, &sa, NULL) < 0 || sigaction(SIGUSR1, &sa, NULL) < 0)
		tracee_fail(errno, "sigaction: %s", strerror(errno));
}

static void timer(const struct race_ctl *c, bool on)
{
	struct itimerval it;

	memset(&it, 0, sizeof(it));
	if (on) {
		it.it_interval.tv_sec = c->timer_ns / 1000000000u;
		it.it_interval.tv_usec = c->timer_ns % 1000000000u / 1000;
		it.it_value = it.it_interval;
	}
	if (c->timer_ns && setitimer(ITIMER_REAL, &it, NULL) < 0)
		tracee_fail(errno, "setitimer: %s", strerror(errno));
}

void race(uint8_t *base, struct fpabi_shm_hdr *h)
{
	struct race_ctl *c = (struct race_ctl *)(base + h->ev_off);
	pthread_t thr;
	sigset_t both;
	int err;

	rbase = base;
	if (h->ev_off + sizeof(*c) > h->size || c->magic != RACE_MAGIC)
		tracee_fail(EINVAL, "race: no control block");
	wait_for_go();
	tracee_arch_setup(h);
	resolve(c);
	facts(c);
	prctl(PR_SET_TIMERSLACK, 1);
	fpabi_race_ctl = c;
	handlers(&both);
	sigprocmask(SIG_BLOCK, &both, NULL);
	if (c->tload) {
		err = pthread_create(&thr, NULL, signaller, c);
		if (err)
			tracee_fail(err, "pthread_create: %s", strerror(err));
	}
	sigprocmask(SIG_UNBLOCK, &both, NULL);
	timer(c, true);
	__atomic_store_n(&h->state, TRACEE_RUNNING, __ATOMIC_SEQ_CST);
	fpabi_race_loop(c);
	timer(c, false);
	__atomic_store_n(&c->stop, 1, __ATOMIC_SEQ_CST);
	if (c->tload)
		pthread_join(thr, NULL);
	__atomic_store_n(&h->state, TRACEE_DONE, __ATOMIC_SEQ_CST);
	_exit(0);
}
