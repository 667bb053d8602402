// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 part of the tracee's race mode: nothing the loop loads takes
 * a first-use trap (AMX's XFD is not among its kinds), and there is no
 * mode to leave.
 */
#include "tracee.h"

uint64_t race_arch_trap_ticks(void)
{
	return 0;
}

bool race_arch_sme(void)
{
	return false;
}
