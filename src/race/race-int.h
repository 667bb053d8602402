/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi race's own parts: the command and its rounds (race.c) and what it
 * reports, and how a failure is shrunk (race-report.c).
 */
#ifndef FPABI_RACE_INT_H
#define FPABI_RACE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fpabi/race-run.h"
#include "fpabi/tap.h"

#define ROUND_S		2.0	/* a round's length */
#define QUIET_MS	3000	/* a long round's window with no syscall */

/* CI's and the issue's rates, printed with the measured one */
#define TARGET_HW	100000
#define TARGET_TCG	5000

/* A run of fpabi race: what the options fixed, what the rounds counted. */
struct race {
	const struct fpabi_machine *m;
	struct fpabi_opts *o;
	struct fpabi_variant v[2][FPABI_MAX_VARIANTS];	/* base, extra */
	int nv[2];
	double seconds, round_s;
	unsigned max_fail;
	bool shrink, progress;
	/* what the options fix (-1: each round draws it) */
	int kinds, comp, migrate, sigs, quiet_ms;
	const char *variant;
	struct fpabi_variant vfixed;	/* --variant's */
	uint64_t inject_rate;
	int cpu, cpu2;
	struct race_counts total;
	unsigned fails, broken, known;
};

extern const char *const race_comp_names[COMP_NMODES];

/* race.c */
double race_now(void);
/* one round of configuration c for secs, as the command runs it */
void race_run_cfg(const struct race *ra, const struct race_cfg *c,
		  double secs, struct race_result *res);

/* race-report.c */
void race_kinds_text(uint32_t kinds, char *out, size_t n);
void race_cfg_text(const struct race_cfg *c, char *out, size_t n);
/* the command line that runs c again */
void race_reproducer(const struct race *ra, const struct race_cfg *c,
		     char *out, size_t n);
void race_yaml_kv(char *y, size_t n, const char *key, const char *val);
/* a round's counts and proofs as comments */
void race_round_comments(struct tap *t, const char *id,
			 const struct race_counts *n, uint32_t kinds);
/* the known kernel issue a failing round's findings all match, or NULL */
const struct fpabi_known_issue *race_known(const char *id,
					   const struct race_result *res);
/* a failing round: its diagnosis, shrunk, and the reproducer; a known
 * issue's is a TODO, not shrunk */
void race_report_failure(const struct race *ra, struct tap *t,
			 const char *id, const struct race_cfg *c,
			 const struct race_result *res);
/* the run's proofs (a test point each) and its totals */
void race_proof_points(const struct race *ra, struct tap *t);
void race_totals(const struct race *ra, struct tap *t);
void race_progress(const struct race *ra, double end);

#endif
