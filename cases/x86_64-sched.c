// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 scheduling family: preemption beside a competitor that holds its
 * own canaries on the same CPU, and migration to another CPU at a stop,
 * each proven (/proc counts, the CPU the tracee ends on).  Every component,
 * every lane must come back as it was: no competitor's value, no older
 * value of the tracee's own (X-SCHED-1).
 */
#include "fpabi/case.h"
#include "fpabi/platform.h"
#include "fpabi/x86_64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "sched",
		.name = "preempted-by-competitor",
		.summary = "switched out three times beside a competitor holding "
			   "its own canaries: every register comes back",
		.rule = "X-SCHED-1",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.competitor = 1,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), PREEMPT(3), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sched",
		.name = "preempted-then-stopped",
		.summary = "after preemption beside a competitor, the regsets at "
			   "a stop hold the tracee's registers",
		.rule = "X-SCHED-1",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.competitor = 1,
		.steps = (const struct fpabi_step[]){
			LOAD(1), PREEMPT(3), TRAP, READ, STORE, END },
		.drop = 3, .drop_class = "poison",
	},
	{
		.family = "sched",
		.name = "migrated-at-stop",
		.summary = "moved to another CPU while stopped: the regsets and "
			   "the tracee's registers on the new CPU are unchanged",
		.rule = "X-SCHED-1",
		.needs = NEED_XSAVE | NEED_SMP2,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), TRAP, MIGRATE, READ, STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sched",
		.name = "migrated-while-running",
		.summary = "moved to another CPU while it spins with its "
			   "registers loaded: they come back on the new CPU",
		.rule = "X-SCHED-1",
		.needs = NEED_XSAVE | NEED_SMP2,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), MIGRATE_RUNNING, STORE, END },
		.drop = 2, .drop_class = "stale",
	},
};

const struct fpabi_family x86_family_sched = {
	"sched", cases, sizeof(cases) / sizeof(cases[0])
};
