// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Run one case instance: check its step list, build the shared memory
 * and event lists (build.c), start the tracee (control.c), walk the steps
 * with the model (walk.c), run the final checks (final.c), clean up.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>

#include "build.h"
#include "control.h"
#include "final.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"
#include "scheduling.h"
#include "stops.h"
#include "walk.h"

/* Free what the run kept: snapshots (a nesting handler's too), the shared
 * memory, every layout and init image, the open expectation's images. */
void eng_release(struct engine *e)
{
	struct fpabi_run *r = e->r;
	unsigned k;

	for (k = 0; k < e->mod.nobs; k++)
		snapshot_free(&e->mod.obs[k].snap);
	/* a nesting handler's, when the walk ended before it returned (a
	 * signal to fpabi, a timeout between the two signals) */
	for (k = 0; k < e->mod.nnest; k++)
		snapshot_free(&e->mod.nest[k].pre);
	e->mod.nnest = 0;
	if (r->shm)
		munmap(r->shm, r->shm_size);
	r->shm = NULL;
	if (e->lay.memfd >= 0)
		close(e->lay.memfd);
	expect_free(&r->exp);
	for (k = 0; k < r->nlo; k++) {
		layout_free(&r->all_lo[k]);
		free(r->all_init[k]);
	}
	for (k = 0; k < r->noneof; k++) {
		free(r->oneof[k]);
		r->oneof[k] = NULL;
	}
	r->noneof = 0;
	memset(&r->lo, 0, sizeof(r->lo));
}

/* microseconds since *t, and *t moved to now (-v: where a run's time goes) */
static long lap_us(struct timespec *t)
{
	struct timespec now;
	long us;

	clock_gettime(CLOCK_MONOTONIC, &now);
	us = (now.tv_sec - t->tv_sec) * 1000000L +
	     (now.tv_nsec - t->tv_nsec) / 1000;
	*t = now;
	return us;
}

void run_case(struct fpabi_run *r)
{
	struct engine e = { .r = r, .lay.memfd = -1, .ctl.migrated_to = -1 };
	long us[5] = { 0 };
	struct timespec t;
	char why[200];

	r->sp.comp_policy = -1;
	/* a signal asked the command to stop: nothing more starts */
	if (fpabi_interrupted) {
		run_broken(r, "interrupted by %s", tap_interrupt_name());
		return;
	}
	if (r->c->probe) {
		r->c->probe(r);
		return;
	}
	/* a list the engine cannot run is the case's (or the generator's)
	 * fault: refused before anything starts */
	if (steps_check_mode(r->c->steps, r->param, r->c->unobserved, why,
			     sizeof(why)) < 0) {
		run_broken(r, "internal: %s", why);
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &t);
	fpabi_arch.layout(r->m, &r->v, &r->lo);
	expect_alloc(r);
	ctl_start_clock(&e);
	e.ctl.cpu = e.lay.self_cpu = ctl_first_cpu();
	if (eng_build(&e) == 0 && (us[0] = lap_us(&t), 1) &&
	    ctl_spawn_tracee(&e) == 0 && (us[1] = lap_us(&t), 1) &&
	    eng_walk(&e) == 0 && (us[2] = lap_us(&t), 1)) {
		eng_final(&e);
		us[3] = lap_us(&t);
	}
	ctl_cleanup(&e);
	eng_release(&e);
	us[4] = lap_us(&t);
	vlog("%s: build %ld us, spawn %ld, walk %ld, final %ld, cleanup %ld",
	     r->id, us[0], us[1], us[2], us[3], us[4]);
}
