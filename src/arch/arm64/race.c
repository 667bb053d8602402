// SPDX-License-Identifier: GPL-2.0-or-later
/* The arm64 part of fpabi race: the rules its kinds check, its traps. */
#include "fpabi/race-run.h"
#include "a64.h"

/* V (Z[127:0]) is checked after every kind and at every VL */
static bool a64_race_inject_field(const struct fpabi_field *f)
{
	return f->group == G_ZLO;
}

const struct fpabi_race_arch fpabi_race_arch = {
	.rule_syscall = "A-SYS-1",
	.rule_sched = "A-SYS-8",
	.rule_signal = "A-SIG-8",
	.rule_trap = "A-SYS-5",
	.spin_rounds = 512,		/* a yield hint each */
	.inject_field = a64_race_inject_field,
};
