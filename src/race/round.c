// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One round of the race loop (fpabi race): the tracee started untraced in
 * its race mode, with the competitor beside it; then the tracer keeps out
 * of the way: it only moves the loop between CPUs, opens and closes the
 * quiet window, and takes the dumps the loop's own comparison refused
 * from the ring to the model.  At the end, the tracee's counters.
 */
#include <errno.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fpabi/tap.h"
#include "fpabi/compete.h"
#include "fpabi/race-run.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"

#include "race-int.h"

extern volatile pid_t fpabi_current_tracee;

#define POLL_NS		5000000		/* the tracer looks every 5 ms */
#define QUIET_AFTER	0.1		/* the quiet window opens then */
#define START_S		20		/* the loop starts within this */

static double since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	       (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

double race_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static struct fpabi_shm_hdr *hdr(const struct race_round *rd)
{
	return (struct fpabi_shm_hdr *)rd->shm;
}

static void broken(struct race_result *res, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void broken(struct race_result *res, const char *fmt, ...)
{
	va_list ap;

	if (res->broken || res->fail)
		return;
	res->broken = true;
	va_start(ap, fmt);
	vsnprintf(res->why, sizeof(res->why), fmt, ap);
	va_end(ap);
}

static bool ended(struct race_round *rd, struct race_result *res);

/* The tracee in its race mode (its own process group) and the
 * competitor beside it on the loop's CPU. */
static int start(struct race_round *rd, struct race_result *res)
{
	struct fpabi_shm_hdr *h = hdr(rd);

	rd->pid = fpabi_spawn(rd->o->tracee, rd->memfd, 0, "race", NULL, NULL);
	if (rd->pid < 0) {
		broken(res, "fork: %s", strerror(errno));
		return -1;
	}
	setpgid(rd->pid, rd->pid);
	rd->plan.pid = rd->pid;
	fpabi_current_tracee = rd->pid;
	if (fpabi_interrupted)	/* the signal came before the handler knew it */
		kill(-rd->pid, SIGKILL);
	if (fpabi_pin(rd->pid, rd->cpu) < 0) {
		broken(res, "pinning to CPU %d: %s", rd->cpu, strerror(errno));
		return -1;
	}
	if (rd->cfg.comp &&
	    fpabi_competitor_start(&rd->plan, rd->memfd, rd->cpu,
				   &rd->comp_pid) < 0) {
		broken(res, "%s", rd->plan.broken);
		return -1;
	}
	if (rd->comp_pid > 0)
		fpabi_task_switches(rd->comp_pid, &rd->comp_vol0,
				    &rd->comp_invol0);
	clock_gettime(CLOCK_MONOTONIC, &rd->go);
	__atomic_store_n(&h->go, 1, __ATOMIC_SEQ_CST);
	syscall(SYS_futex, &h->go, FUTEX_WAKE, INT32_MAX, NULL, NULL, 0);
	/* the round's clock starts when the loop does: under TCG a new
	 * process beside a competitor can take seconds to get there */
	while (__atomic_load_n(&h->state, __ATOMIC_SEQ_CST) != TRACEE_RUNNING) {
		if (ended(rd, res))
			return -1;
		if (since(&rd->go) > START_S) {
			broken(res, "the tracee did not start its loop within "
			       "%d s", START_S);
			return -1;
		}
		usleep(1000);
	}
	clock_gettime(CLOCK_MONOTONIC, &rd->go);
	return 0;
}

/* Did the tracee end?  A setup failure says why in the header. */
static bool ended(struct race_round *rd, struct race_result *res)
{
	struct fpabi_shm_hdr *h = hdr(rd);
	int status;
	pid_t w = waitpid(rd->pid, &status, WNOHANG);

	if (w != rd->pid)
		return false;
	rd->pid = 0;
	if (h->state == TRACEE_FAILED)
		broken(res, "the tracee's setup failed: %.124s", h->errmsg);
	else if (WIFSIGNALED(status))
		broken(res, "the tracee died of signal %d (%s) in the loop",
		       WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (h->state != TRACEE_DONE)
		broken(res, "the tracee exited with status %d in the loop",
		       WEXITSTATUS(status));
	return true;
}

/* The first ring entry: the model says what it is. */
static void take_ring(struct race_round *rd, struct race_result *res,
		      double t)
{
	struct race_ctl *c = rd->ctl;
	uint64_t tail = c->ring_tail;
	const struct race_slot *s;

	if (__atomic_load_n(&c->ring_head, __ATOMIC_ACQUIRE) == tail)
		return;
	/* the slot's size is the tracer's own (RS_HDR + a dump, as
	 * plan.c laid the ring out), never the control block's copy,
	 * which the tracee can write; tail is taken modulo the ring */
	s = (const struct race_slot *)(rd->shm + rd->ring_off +
				       (tail % RACE_RING) * (RS_HDR + rd->isz));
	race_classify(rd, s, (const uint8_t *)(s + 1), &res->find);
	res->slot = *s;
	res->t_found = t;
	if (res->find.nfind)
		res->fail = true;
	else
		broken(res, "internal: the loop's comparison refused iteration "
		       "%llu (%s, word %llu) and the model takes it",
		       (unsigned long long)s->iter,
		       race_point_name(s->point),
		       (unsigned long long)s->word);
	race_model_end(&res->find);
	__atomic_store_n(&c->ring_tail, tail + 1, __ATOMIC_RELEASE);
}

/* The quiet window: opened QUIET_AFTER into the round, closed quiet_ms
 * after the loop saw it open; its length as the loop saw it. */
struct quiet {
	int state;		/* 0 before, 1 asked, 2 open, 3 closing, 4 done */
	double t0;
};

static void quiet_step(struct race_round *rd, struct quiet *q, double t,
		       struct race_result *res)
{
	struct race_ctl *c = rd->ctl;
	uint64_t ack = __atomic_load_n(&c->quiet_ack, __ATOMIC_ACQUIRE);

	switch (q->state) {
	case 0:
		if (t < QUIET_AFTER)
			return;
		__atomic_store_n(&c->quiet, 1, __ATOMIC_RELEASE);
		q->state = 1;
		return;
	case 1:
		if (ack) {
			q->t0 = t;
			q->state = 2;
		}
		return;
	case 2:
		if (t - q->t0 < rd->cfg.quiet_ms / 1000.0)
			return;
		__atomic_store_n(&c->quiet, 0, __ATOMIC_RELEASE);
		q->state = 3;
		return;
	case 3:
		if (!ack) {
			res->n.quiet_secs += t - q->t0;
			res->n.quiet_windows++;
			q->state = 4;
		}
		return;
	}
}

/* The tracer's migrations: every 10 to 50 ms to the other CPU. */
static void migrate_step(struct race_round *rd, double t, double *next,
			 uint64_t *x, struct race_result *res)
{
	int to;

	if (t < *next)
		return;
	to = res->n.moves % 2 ? rd->cpu : rd->cpu2;
	if (fpabi_pin(rd->pid, to) == 0)
		res->n.moves++;
	*next = t + 0.010 + (double)(mix64_next(x) % 40000) / 1e6;
}

static void stop(struct race_round *rd, struct race_result *res)
{
	struct timespec t0;

	__atomic_store_n(&rd->ctl->stop, 1, __ATOMIC_RELEASE);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (rd->pid > 0 && !ended(rd, res)) {
		if (since(&t0) > 5) {
			broken(res, "the loop did not stop within 5 s");
			break;
		}
		usleep(1000);
	}
}

static void counts(const struct race_round *rd, struct race_counts *n)
{
	const struct race_ctl *c = rd->ctl;
	const struct race_kind *k = (const struct race_kind *)(rd->shm +
							     rd->kinds_off);
	unsigned s, i;

	n->iters = c->iters;
	n->checked = c->checked;
	n->mismatches = c->mismatches;
	n->sig_timer = c->sig_timer;
	n->sig_thread = c->sig_thread;
	n->sig_window = c->sig_window;
	n->sig_checked = c->sig_checked;
	n->sig_mismatch = c->sig_mismatch;
	n->thr_sent = c->thr_sent;
	n->injected = c->injected;
	n->lost = c->ring_lost;
	n->quiet_iters = c->quiet_iters;
	n->quiet_nvcsw = c->quiet_nvcsw;
	n->quiet_nivcsw = c->quiet_nivcsw;
	n->quiet_sigs = c->quiet_sigs;
	n->trap_ticks = c->trap_ticks;
	for (i = 0; i < RACE_HIST; i++)
		n->hist[i] = c->hist[i];
	for (s = 0; s < rd->nslots; s++) {
		unsigned kind = rd->slot_kind[s];

		n->k_iters[kind] += k[s].iters;
		n->k_nvcsw[kind] += k[s].nvcsw;
		n->k_nivcsw[kind] += k[s].nivcsw;
		n->k_migrated[kind] += k[s].migrated;
		n->k_traps[kind] += k[s].traps;
		n->k_sigs[kind] += k[s].sigs;
	}
}

static void finish(struct race_round *rd, struct race_result *res)
{
	if (rd->comp_pid > 0) {
		fpabi_competitor_proof(&rd->plan, rd->comp_pid, rd->comp_vol0,
				       rd->comp_invol0, &rd->go, 0);
		res->n.comp_nvcsw = rd->plan.sp.comp_nvcsw;
		res->n.comp_nivcsw = rd->plan.sp.comp_nivcsw;
		fpabi_competitor_kill(rd->comp_pid);
		rd->comp_pid = 0;
	}
	if (rd->pid > 0) {
		fpabi_kill_reap(rd->pid);
		rd->pid = 0;
	}
	fpabi_current_tracee = 0;
}

void race_round_run(struct race_round *rd, double secs,
		    struct race_result *res)
{
	struct quiet q = { 0, 0 };
	uint64_t x = rd->cfg.seed ^ 0x6d6f7665ull;
	double t = 0, next_move = 0.01;
	const struct timespec poll = { 0, POLL_NS };

	if (fpabi_interrupted) {	/* a signal asked the command to stop */
		memset(res, 0, sizeof(*res));
		broken(res, "interrupted by %s", tap_interrupt_name());
		return;
	}

	memset(res, 0, sizeof(*res));
	rd->memfd = -1;
	rd->pid = rd->comp_pid = 0;
	if (race_round_prepare(rd) < 0) {
		broken(res, "%s", rd->plan.broken);
		race_round_free(rd);
		return;
	}
	if (start(rd, res) == 0) {
		while ((t = since(&rd->go)) < secs && !ended(rd, res)) {
			take_ring(rd, res, t);
			if (res->fail || res->broken)
				break;
			if (rd->cfg.quiet_ms)
				quiet_step(rd, &q, t, res);
			if (rd->cfg.migrate && rd->cpu2 >= 0)
				migrate_step(rd, t, &next_move, &x, res);
			nanosleep(&poll, NULL);
		}
		res->n.secs = since(&rd->go);
		if (rd->pid > 0)
			stop(rd, res);
		if (!res->fail && !res->broken)
			take_ring(rd, res, since(&rd->go));
		counts(rd, &res->n);
		res->n.rounds = 1;
		if (!res->n.iters)
			broken(res, "the loop ran no iteration in %.1f s (the "
			       "tracee's state: %u)", res->n.secs,
			       hdr(rd)->state);
	}
	finish(rd, res);
	race_round_free(rd);
}

void race_counts_add(struct race_counts *to, const struct race_counts *n)
{
	unsigned i;

	to->iters += n->iters;
	to->checked += n->checked;
	to->mismatches += n->mismatches;
	to->sig_timer += n->sig_timer;
	to->sig_thread += n->sig_thread;
	to->sig_window += n->sig_window;
	to->sig_checked += n->sig_checked;
	to->sig_mismatch += n->sig_mismatch;
	to->thr_sent += n->thr_sent;
	to->injected += n->injected;
	to->lost += n->lost;
	to->quiet_iters += n->quiet_iters;
	to->quiet_nvcsw += n->quiet_nvcsw;
	to->quiet_nivcsw += n->quiet_nivcsw;
	to->quiet_sigs += n->quiet_sigs;
	for (i = 0; i < RACE_NKINDS; i++) {
		to->k_iters[i] += n->k_iters[i];
		to->k_nvcsw[i] += n->k_nvcsw[i];
		to->k_nivcsw[i] += n->k_nivcsw[i];
		to->k_migrated[i] += n->k_migrated[i];
		to->k_traps[i] += n->k_traps[i];
		to->k_sigs[i] += n->k_sigs[i];
	}
	for (i = 0; i < RACE_HIST; i++)
		to->hist[i] += n->hist[i];
	if (n->trap_ticks)
		to->trap_ticks = n->trap_ticks;
	to->moves += n->moves;
	to->quiet_windows += n->quiet_windows;
	to->comp_nvcsw += n->comp_nvcsw;
	to->comp_nivcsw += n->comp_nivcsw;
	to->rounds += n->rounds;
	to->secs += n->secs;
	to->quiet_secs += n->quiet_secs;
}

/* One round of configuration c of the race ra, for secs seconds. */
void race_run_cfg(const struct race *ra, const struct race_cfg *c,
		      double secs, struct race_result *res)
{
	struct race_round rd;

	memset(&rd, 0, sizeof(rd));
	rd.m = ra->m;
	rd.o = ra->o;
	rd.cfg = *c;
	rd.inject_rate = ra->inject_rate;
	rd.cpu = ra->cpu;
	rd.cpu2 = ra->cpu2;
	race_round_run(&rd, secs, res);
}
