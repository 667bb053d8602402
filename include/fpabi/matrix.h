/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Generated matrices (--tier matrix, `fpabi list --matrix`): a backend's
 * subjects (its regset writes, its signal-frame edits, one value of one
 * field each) crossed with the kernel's branch variables (fpabi/axes.h):
 * the tracee's mode (arm64: SVCR.SM and SVCR.ZA, two axes), a task
 * history before the cell, and a window (what runs between the cell's
 * loads and its event: the stop a write is at, what comes before a
 * signal).  The backend describes each cell (steps, the errno or outcome
 * its model gives, the rule, whether part of it is unspecified) and the
 * pairs no cell can hold by the ABI; src/plan/matrix.c plans a covering
 * array over the axes (src/plan/cover.c: every pair, --tier exhaustive
 * every triple) and prints its coverage.
 */
#ifndef FPABI_MATRIX_H
#define FPABI_MATRIX_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fpabi/case.h"

struct fpabi_machine;
struct fpabi_variant;
struct plan;

#define FPABI_MX_STEPS	12

/* One cell as the backend's model describes it (struct fpabi_case .mx). */
struct fpabi_mx_cell {
	const char *rule;	/* the rule the outcome comes from */
	const char *expect;	/* "taken", "EINVAL", "restored", ... */
	const char *what;	/* what changes and what stays */
	/* the documents leave part of it unspecified: each word of that part
	 * must be its old value or zero (never stale or foreign bytes) */
	bool unspecified;
	const char *skip;	/* the platform cannot run it: why */
	uint64_t needs;
	unsigned min_kver;	/* KVER(): the oldest kernel its model holds
				   for, and the reason older ones skip it */
	const char *min_kver_why;
	const char *summary;	/* the subject: "NT_ARM_SVE, vl another VL" */
	struct fpabi_step steps[FPABI_MX_STEPS];
	/* the preconditions (fpabi/precond.h) that prove the cell's branch
	 * values: struct fpabi_case.pre */
	unsigned pre;
	/* another process on the tracee's CPU, the platform quirks that
	 * can decide the cell (struct fpabi_case) */
	uint8_t competitor;
	unsigned quirks;
	int8_t drop;		/* fault injection's step, and its class */
	const char *drop_class;
	/* where src/plan/matrix.c planned it: its mode, its history kind
	 * (-1: none), its window */
	int8_t mode, hist, win;
	int16_t subject;	/* the first axis' value */
};

/* A value of a matrix's window axis: steps the cell puts between its
 * loads and its event, and the branch variables they set. */
struct fpabi_mx_win {
	const char *name;	/* the ID's /w=NAME (the first: none) */
	const char *sets;	/* the values of list --axes rows it sets */
	const char *proof;	/* how a cell proves them (or why it can't) */
	uint64_t needs;		/* NEED_SMP2 for a migration */
};

/* Insert the n steps ins into cell's steps before step at (drop moves). */
void mx_insert(struct fpabi_mx_cell *cell, unsigned at,
	       const struct fpabi_step *ins, unsigned n);

/* The history kinds a matrix crosses its subjects with. */
#define FPABI_MX_HISTS	4

struct fpabi_matrix {
	const char *name;	/* the family, and `list --matrix NAME` */
	const char *what;	/* one line */
	const char *subject;	/* the first axis: "write", "edit" */
	unsigned (*nsubjects)(void);	/* the same on every machine */
	/* subject k's ID part ("sve.vl-other") and its group ("NT_ARM_SVE") */
	const char *(*subject_name)(unsigned k);
	const char *(*subject_group)(unsigned k);
	/* the tracee's mode, the second axis: names the same on every
	 * machine; mode_variant() gives the variant that runs mode k on m,
	 * or the reason m cannot run it */
	const char *mode_axis;	/* "SVCR", "XSTATE_BV subset" */
	unsigned nmodes;
	const char *(*mode_name)(unsigned k);
	const char *(*mode_variant)(const struct fpabi_machine *m, unsigned k,
				    struct fpabi_variant *v);
	/* history kinds (names) and the prelude of kind k for a cell run in
	 * variant v (from fpabi_arch.histories; NULL: none fits) */
	unsigned nhist;
	const char *const *hist_kinds;
	const struct fpabi_history *(*history)(const struct fpabi_machine *m,
					       unsigned k,
					       const struct fpabi_variant *v);
	/* the kinds' branch variables: what each sets (list --axes rows) */
	const char *const *hist_sets;
	/* the mode as branch variables: nsplit two-valued axes, axis i the
	 * mode index's bit i (arm64: SVCR.SM, SVCR.ZA); 0: one axis */
	unsigned nsplit;
	const char *const *split_names;
	/* the window axis (fpabi_mx_win): its name, values */
	const char *win_axis;
	unsigned nwin;
	const struct fpabi_mx_win *wins;
	/* the windows planned first (0: all): the array is generated over
	 * windows 0 .. nwin_base-1 as it was before the later ones came,
	 * then completed with its rows first, so that the cells planned
	 * before keep their IDs (runs stay comparable: fpabi compare,
	 * known issues, skip files) */
	unsigned nwin_base;
	/* why the mode (its bits in mask known) can never be the state at
	 * window w's event, by the ABI; NULL: it can.  NULL hook: always */
	const char *(*win_why)(unsigned mask, unsigned mode, unsigned w);
	/* the cell: subject k in mode (variant v, NULL when m cannot run the
	 * mode) at window w, as the model sees it on m */
	void (*cell)(const struct fpabi_machine *m, unsigned k, unsigned mode,
		     unsigned w, const struct fpabi_variant *v,
		     struct fpabi_mx_cell *out);
};

/* Add every cell of every matrix whose family the filter lets through:
 * a pairwise covering array (tier matrix), a three-way one (exhaustive). */
void matrix_plan(struct plan *p, const struct fpabi_machine *m,
		 const char *filter, enum fpabi_tier tier);
/* `fpabi list --matrix [NAME]`: axes, coverage, then the cells. */
int matrix_list(const struct fpabi_machine *m, const char *name,
		enum fpabi_tier tier);
/* fpabi run's header: each matrix with cells in plan p, its pair (or,
 * at tier exhaustive, triple) coverage at tier, one line each to fn */
void matrix_coverage_lines(const struct fpabi_machine *m,
			   const struct plan *p, enum fpabi_tier tier,
			   void (*fn)(void *arg, const char *line), void *arg);
/* The cells as JSON (`list --matrix --json`, certify's heat-maps): an
 * array of matrices, each with its axes and the cells of the matrix
 * tier; dies on an unknown name as matrix_list() does */
void matrix_json(FILE *f, const struct fpabi_machine *m, const char *name);

#endif
