/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The event matrices (src/arch/<arch>/ematrix.c): an event family's
 * events (a syscall, a signal's delivery, exec, fork...) as a matrix's
 * subjects, each the steps of the family's hand-written case with a
 * place for the matrix's window, crossed with the kernel's branch
 * variables as every matrix is (fpabi/matrix.h).
 */
#ifndef FPABI_EMATRIX_H
#define FPABI_EMATRIX_H

#include <stdint.h>

#include "fpabi/matrix.h"

/* One subject: the event and its case's steps, the window going at at. */
struct fpabi_ev_subject {
	const char *name;	/* the ID's part: "getpid" */
	const char *summary;
	const char *rule;
	const char *expect;	/* "kept", "restored", ... */
	const char *what;
	uint64_t needs;
	unsigned pre;		/* the preconditions it proves */
	uint8_t competitor;
	unsigned quirks;	/* QUIRK_* that can decide it */
	uint8_t at;		/* the window's steps go before step at */
	int8_t drop;
	const char *drop_class;
	struct fpabi_step steps[FPABI_MX_STEPS];
};

/* The cell of subject s with no window (out zeroed by the caller). */
void mx_ev_fill(const struct fpabi_ev_subject *s, struct fpabi_mx_cell *out);

/*
 * A family's matrix var, "event-" fam, its subjects the array tab; the
 * cell is cellbody (with m, k, mode, w, v and out in scope), the rest of
 * the matrix's fields (the mode, history and window axes) the arch's.
 */
#define FPABI_EV_MATRIX(var, fam, tab, desc, cellbody, ...)		\
static unsigned var##_n(void)						\
{									\
	return sizeof(tab) / sizeof(tab[0]);				\
}									\
static const char *var##_name(unsigned k)				\
{									\
	return tab[k].name;						\
}									\
static const char *var##_group(unsigned k)				\
{									\
	(void)k;							\
	return fam;							\
}									\
static void var##_cell(const struct fpabi_machine *m, unsigned k,	\
		       unsigned mode, unsigned w,			\
		       const struct fpabi_variant *v,			\
		       struct fpabi_mx_cell *out)			\
{									\
	(void)m; (void)mode; (void)v; (void)w;				\
	cellbody;							\
}									\
const struct fpabi_matrix var = {					\
	.name = "event-" fam, .what = desc, .subject = "event",		\
	.nsubjects = var##_n, .subject_name = var##_name,		\
	.subject_group = var##_group, .cell = var##_cell,		\
	__VA_ARGS__							\
}

#endif
