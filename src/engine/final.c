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
#include "fpabi/calib.h"
#include "fpabi/common-run.h"
#include "fpabi/precond.h"
#include "fpabi/record.h"
#include "fpabi/syscalls.h"
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

	static const enum rec_src src[] = {
		[OBS_DUMP] = SRC_DUMP, [OBS_CHILD] = SRC_CHILD,
		[OBS_HANDLER] = SRC_HANDLER, [OBS_FRAME] = SRC_FRAME,
	};

	snapshot_restore(e, &o->snap);
	r->step = o->step;
	/* test-only (--inject-fault cpu:): the tracee's own stores as the
	 * simulated CPU would have written them */
	if (o->kind != OBS_FRAME)
		calib_simulate_store(r->m, &r->lo, r->shm + o->off);
	record_observe(r, src[o->kind], o->off, o->sig);
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
		    !sc_has(sc, SCF_BLOCKS))
			continue;
		/* unproven: retried, then a SKIP with the reason */
		if (fpabi_proof_delta(p->nvcsw[0], p->nvcsw[1]) < 1) {
			r->unproven = true;
			snprintf(r->skip, sizeof(r->skip), "switch not proven: %s "
				 "did not switch the tracee out (voluntary switches "
				 "did not grow; the last of %u attempts)",
				 sc_name(sc), r->attempt);
		}
	}
}


/*
 * An unobserved twin's window: the tracee's loads, events and stores ran
 * with no switch at all (its own counters around the list, read in code
 * outside the window) on one CPU.  A switch saves and reloads the state,
 * and the live paths the twin is for would not have run: the run is
 * unproven (retried, then skipped with the count), never a pass.
 */
static void check_window(struct fpabi_run *r)
{
	const struct fpabi_proof *p = &hdr(r)->proof;
	long long v = fpabi_proof_delta(p->nvcsw[0], p->nvcsw[1]),
		  iv = fpabi_proof_delta(p->nivcsw[0], p->nivcsw[1]);
	size_t o = strlen(r->proof);

	if (v || iv || p->cpu[0] != p->cpu[1]) {
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "unobserved window not "
			 "proven: %lld voluntary and %lld involuntary switches, "
			 "CPU %d -> %d (the last of %u attempts)", v, iv,
			 p->cpu[0], p->cpu[1], r->attempt);
		return;
	}
	snprintf(r->proof + o, sizeof(r->proof) - o, "%suntraced, no switch "
		 "on CPU %d from the first load to the last store", o ? "; " : "",
		 p->cpu[0]);
}

void eng_check_observations(struct engine *e)
{
	unsigned k, ndump = 0;

	for (k = 0; k < e->mod.nobs; k++)
		check_observation(e, &e->mod.obs[k],
				  e->mod.obs[k].kind == OBS_DUMP ? ++ndump : ndump);
}

void eng_check_proof(struct fpabi_run *r)
{
	check_proof(r);
	if (r->c->unobserved)
		check_window(r);
}

void eng_final(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (ctl_finish(e) < 0)
		return;
	record_slots(r);
	eng_check_observations(e);
	findings_lead(r);
	if (!r->broken[0] && !r->timed_out && !r->nfind) {
		eng_check_proof(r);
		ctl_place_proof(e);
		precond_check(r);
	}
}
