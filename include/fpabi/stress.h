/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi stress: random valid step lists drawn from the steps of every
 * case family this machine runs, each run with the model checking every
 * observation beside a competitor that forces switches; a failing list is
 * shrunk to a short one that still fails and printed as a reproducer.
 */
#ifndef FPABI_STRESS_H
#define FPABI_STRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "fpabi/case.h"
#include "fpabi/run.h"

#define STRESS_MAX_STEPS	40

/* One sequence: a step list and what it runs with. */
struct stress_seq {
	struct fpabi_step s[STRESS_MAX_STEPS + 1];	/* ends with S_END */
	unsigned n;
	unsigned cls;			/* variant class: 0 base, 2 extra (x86
					   AMX, arm64 SME) */
	struct fpabi_variant v;
	uint8_t comp;			/* enum competitor_mode */
	uint8_t altstack;
	uint64_t seed;			/* the run's seed (canaries, timers) */
};

/* The step list in the syntax --replay takes: "load:1 trap read ...". */
void stress_format(const struct stress_seq *q, char *out, size_t n);
/* Parse that syntax; 0, or -1 with a reason in why. */
int stress_parse(const char *text, struct stress_seq *q, char *why,
		 size_t n);

#endif
