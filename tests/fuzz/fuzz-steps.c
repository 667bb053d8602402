// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the step-list parser of fpabi stress --replay
 * (stress_parse()) fed arbitrary text, and every list it accepts laid
 * out in shared memory and built into event lists as for a run (no
 * tracee is started), on the first runnable case of this machine's plan.
 * A refusal is expected; a crash or a sanitizer report is the bug (a
 * phase past CANARY_MAX_PHASE once wrote past the engine's load_off[]).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/build.h"
#include "fpabi/common-run.h"
#include "fpabi/plan.h"
#include "fpabi/steps.h"
#include "fpabi/stress.h"

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

static struct fpabi_machine m;
static struct plan p;
static int item = -1;

static void setup(void)
{
	unsigned i;

	fpabi_probe(&m, NULL);
	plan_build(&p, &m, NULL, TIER_DEFAULT);
	for (i = 0; i < p.n && item < 0; i++)
		if (!p.items[i].skip && !p.items[i].c->probe)
			item = (int)i;
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	struct fpabi_opts o = { .repeat = 1, .timeout = 60, .seed = 7,
				.tracee = "fpabi-tracee", .argv0 = "fpabi" };
	struct stress_seq q;
	struct fpabi_case c;
	struct fpabi_run r;
	struct engine e;
	char text[4096], why[200];

	if (item < 0)
		setup();
	if (n >= sizeof(text) || item < 0)
		return 0;
	memcpy(text, d, n);
	text[n] = 0;
	memset(&q, 0, sizeof(q));
	if (stress_parse(text, &q, why, sizeof(why)) < 0)
		return 0;
	if (q.n > STRESS_MAX_STEPS || q.s[q.n].op != S_END)
		abort();	/* the parser's own contract */
	init_run(&r, &m, &o, &p.items[item], 1);
	c = *r.c;
	c.steps = q.s;
	r.c = &c;
	if (steps_check(c.steps, r.param, why, sizeof(why)) < 0)
		return 0;
	memset(&e, 0, sizeof(e));
	e.r = &r;
	e.lay.memfd = -1;
	e.ctl.migrated_to = -1;
	fpabi_arch.layout(r.m, &r.v, &r.lo);
	expect_alloc(&r);
	eng_build(&e);
	eng_release(&e);
	return 0;
}
