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

int cmd_stress(int argc, char **argv);

/* The stress engine's cost (fpabi bench stress): checked sequences
 * against the same stops and regset reads without the model. */
int bench_stress(int argc, char **argv);

/* main.c's pieces the stress command shares with run */
void fpabi_probe(struct fpabi_machine *m, const char *force_profile);
char *fpabi_find_tracee(const char *opt);
char *fpabi_sibling(const char *path, const char *name);
void fpabi_setup_signals(void);
void fpabi_parse_inject(struct fpabi_opts *o, const char *spec);
struct plan;
/* Bad usage (exit 2) when --inject-fault hits no case of the plan. */
void fpabi_inject_check(const struct fpabi_opts *o, const struct plan *p);
void fpabi_header(const struct fpabi_machine *m, FILE *f, const char *pfx);

#endif
