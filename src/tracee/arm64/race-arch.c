// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 part of the tracee's race mode: the loop times the first SVE
 * instruction after each event in CNTVCT ticks (A-SYS-5), and leaves
 * streaming mode before returning where the CPU has SME.
 */
#include <sys/auxv.h>

#include "tracee.h"

#ifndef HWCAP2_SME
#define HWCAP2_SME	(1UL << 23)
#endif

/* A trap takes a microsecond and more; the instruction alone, nanoseconds:
 * 0.5 us of the counter's frequency. */
uint64_t race_arch_trap_ticks(void)
{
	uint64_t frq;

	if (!(getauxval(AT_HWCAP) & HWCAP_SVE))
		return 0;
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(frq));
	return frq / 2000000 ? frq / 2000000 : 1;
}

bool race_arch_sme(void)
{
	return getauxval(AT_HWCAP2) & HWCAP2_SME;
}
