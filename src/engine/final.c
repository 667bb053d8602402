// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The engine's final checks: once the tracee has run to its end, every
 * observation it left in the shared memory (dumps, handler entries,
 * frame copies, children's dumps) against the model's expectation the
 * walk recorded for it, and the switches the case needed.
 */
#include <stdio.h>
#include <string.h>

#include "control.h"
#include "fpabi/common-run.h"
#include "final.h"
#include "walk.h"

/*
 * On a sigaltstack: the frame lies on it, and from its start to the top
 * of the stack it takes no more than AT_MINSIGSTKSZ promises.
 */
static void check_altstack(struct engine *e, const struct fpabi_sig_slot *s,
			   const char *obs)
{
	struct fpabi_run *r = e->r;
	const struct fpabi_shm_hdr *h = hdr(r);
	uint64_t top = h->altstack_sp + h->altstack_size;
	uint64_t start = s->frame_addr - fpabi_arch.frame_below_uc;
	const struct fpabi_rule *rule = rule_get("SIG-ALTSTACK");

	unsigned k;

	check_value(r, obs, "frame on the sigaltstack", 1,
		    start >= h->altstack_sp && s->frame_addr < top, rule);
	/*
	 * A nested signal's frame lies below its outer handler's frame and
	 * whatever that handler's code put on the stack, which the tracer
	 * does not know: AT_MINSIGSTKSZ bounds one frame from where the
	 * stack pointer was, so only a frame with no other above it on the
	 * altstack is measured from the top.
	 */
	for (k = 0; k < e->lay.nsig; k++)	/* (the tracer's count) */
		if (h->sig[k].done && h->sig[k].frame_addr > s->frame_addr &&
		    h->sig[k].frame_addr < top)
			return;
	if (start >= h->altstack_sp && s->frame_addr < top &&
	    top - start > h->minsigstksz)
		check_value(r, obs, "frame bytes (at most AT_MINSIGSTKSZ)",
			    h->minsigstksz, top - start, rule);
}

static void check_observation(struct engine *e, struct obs *o, unsigned n)
{
	struct fpabi_run *r = e->r;
	const struct fpabi_sig_slot *slot = &hdr(r)->sig[o->sig];
	char name[64];

	snapshot_restore(e, &o->snap);
	r->step = o->step;
	switch (o->kind) {
	case OBS_DUMP:
		snprintf(name, sizeof(name), "tracee dump %u", n);
		fpabi_arch.check_dump(r, r->shm + o->off, name);
		break;
	case OBS_CHILD:
		snprintf(name, sizeof(name), "child dump (after dump %u)", n);
		fpabi_arch.check_dump(r, r->shm + o->off, name);
		break;
	case OBS_HANDLER:
		snprintf(name, sizeof(name), "handler entry %u", o->sig + 1);
		fpabi_arch.check_dump(r, r->shm + o->off, name);
		break;
	case OBS_FRAME:
		snprintf(name, sizeof(name), "signal frame %u", o->sig + 1);
		if (!slot->done) {
			check_value(r, name, "the handler ran", 1, 0,
				    rule_get(r->c->rule));
			break;
		}
		if (hdr(r)->altstack)
			check_altstack(e, slot, name);
		fpabi_arch.check_frame(r, slot, r->shm + o->off, name);
		break;
	}
}

/* A switch the step needs, proven by the tracee's rusage counters. */
static void check_proof(struct fpabi_run *r)
{
	struct fpabi_proof *p = &hdr(r)->proof;
	const struct fpabi_step *s;

	for (s = r->c->steps; s->op != S_END; s++) {
		unsigned sc = step_sc(r, s);

		if (s->op != S_SYSCALL ||
		    (sc != SC_PIPE_READ && sc != SC_NANOSLEEP))
			continue;
		if (p->nvcsw[1] - p->nvcsw[0] < 1) {
			r->unproven = true;
			run_broken(r, "%s did not switch the tracee out "
				   "(voluntary switches did not grow): the event "
				   "under test is not proven (attempt %u of %u)",
				   sc_name(sc), r->attempt, FPABI_ATTEMPTS);
		}
	}
}


void eng_final(struct engine *e)
{
	struct fpabi_run *r = e->r;
	unsigned k, ndump = 0;

	if (ctl_finish(e) < 0)
		return;
	for (k = 0; k < e->mod.nobs; k++)
		check_observation(e, &e->mod.obs[k],
				  e->mod.obs[k].kind == OBS_DUMP ? ++ndump : ndump);
	if (!r->broken[0] && !r->timed_out && !r->nfind)
		check_proof(r);
}
