// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: arbitrary shared-memory images, as a hostile tracee
 * could leave them, given to the tracer's final checks (the code that
 * reads the header with its signal slots, the dumps and the frame
 * copies).  The input picks a runnable case of this machine; its shared
 * memory is laid out and its event lists built as for a run, no tracee
 * is started, and the input then changes the header (the rest of it
 * goes into every frame copy and dump) before each dump and each
 * signal's frame is checked against the model's expectation.  Findings
 * are expected; a crash, a sanitizer report or an exit is the bug.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/build.h"
#include "../../src/engine/final.h"
#include "../../src/engine/walk.h"
#include "fpabi/plan.h"
#include "fpabi/common-run.h"

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

static struct fpabi_machine m;
static struct plan p;
static unsigned *idx, nidx;

static void setup(void)
{
	unsigned i;

	fpabi_probe(&m, NULL);
	plan_build(&p, &m, NULL, TIER_DEFAULT);
	idx = calloc(p.n ? p.n : 1, sizeof(*idx));
	for (i = 0; i < p.n; i++)
		if (!p.items[i].skip && !p.items[i].c->probe)
			idx[nidx++] = i;
}

/* the input's bytes at dst, at most len of them (the rest stays) */
static void fill(uint8_t *dst, size_t len, const uint8_t *d, size_t n)
{
	memcpy(dst, d, n < len ? n : len);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	struct fpabi_opts o = { .repeat = 1, .timeout = 60, .seed = 7,
				.tracee = "fpabi-tracee", .argv0 = "fpabi" };
	struct fpabi_run r;
	struct engine e;
	size_t hsz = sizeof(struct fpabi_shm_hdr), rest;
	unsigned k;
	char why[200];

	if (!idx)
		setup();
	if (n < 2 || !nidx)
		return 0;
	init_run(&r, &m, &o, &p.items[idx[(d[0] | d[1] << 8) % nidx]], 1);
	d += 2;
	n -= 2;
	if (steps_check(r.c->steps, r.param, why, sizeof(why)) < 0)
		return 0;
	memset(&e, 0, sizeof(e));
	e.r = &r;
	e.lay.memfd = -1;
	e.ctl.migrated_to = -1;
	fpabi_arch.layout(r.m, &r.v, &r.lo);
	expect_alloc(&r);
	if (eng_build(&e) == 0) {
		/* what the walk would observe: every dump, every frame */
		for (k = 0; k < e.lay.ndumps; k++) {
			e.mod.obs[e.mod.nobs].kind = OBS_DUMP;
			e.mod.obs[e.mod.nobs].off = e.lay.dump_off[k];
			snapshot_take(&e, &e.mod.obs[e.mod.nobs++].snap);
		}
		for (k = 0; k < e.lay.nsig; k++) {
			e.mod.obs[e.mod.nobs].kind = OBS_FRAME;
			e.mod.obs[e.mod.nobs].off = e.lay.frame_off[k];
			e.mod.obs[e.mod.nobs].sig = k;
			snapshot_take(&e, &e.mod.obs[e.mod.nobs++].snap);
		}
		/*
		 * The tracee's writes.  The header as built, with each slot
		 * as a handler that ran and copied a whole frame would leave
		 * it (so that an input of zeros goes deep), XORed with the
		 * input; then the rest of the input over frames and dumps.
		 */
		for (k = 0; k < e.lay.nsig; k++) {
			struct fpabi_sig_slot *s = &hdr(&r)->sig[k];

			s->done = 1;
			s->signo = s->want_signo;
			s->frame_len = FPABI_FRAME_CAP;
			s->aux[1] = FPABI_FRAME_CAP / 2;
		}
		for (k = 0; k < hsz && k < n; k++)
			r.shm[k] ^= d[k];
		rest = n > hsz ? n - hsz : 0;
		for (k = 0; k < e.lay.nsig; k++)
			fill(r.shm + e.lay.frame_off[k], FPABI_FRAME_CAP,
			     d + hsz, rest);
		for (k = 0; k < e.lay.ndumps; k++)
			fill(r.shm + e.lay.dump_off[k], r.lo.size, d + hsz,
			     rest);
		eng_check_observations(&e);
		/* the proof counters, as the input left them in the header */
		eng_check_proof(&r);
	}
	eng_release(&e);
	return 0;
}
