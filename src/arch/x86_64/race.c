// SPDX-License-Identifier: GPL-2.0-or-later
/* The x86_64 part of fpabi race: the rules its kinds check. */
#include <string.h>

#include "fpabi/race-run.h"
#include "x86.h"

/* XMM0-15 are live in every variant and checked after every kind */
static bool x86_race_inject_field(const struct fpabi_field *f)
{
	return f->group == XF_SSE && !strncmp(f->name, "xmm", 3);
}

const struct fpabi_race_arch fpabi_race_arch = {
	.rule_syscall = "X-SYS-1",
	.rule_sched = "X-SCHED-1",
	.rule_signal = "X-SIG-6",
	.no_trap_why = "the loop's components take no first-use trap on "
		       "x86 (AMX's XFD trap needs AMX, not tested here)",
	.spin_rounds = 16,		/* a pause each: up to 140 cycles */
	.prefill = true,		/* XSAVE skips init components */
	.inject_field = x86_race_inject_field,
};
