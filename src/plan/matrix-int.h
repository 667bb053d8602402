/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Between the matrices' planning (matrix.c) and their listing
 * (matrix-list.c): a matrix's covering-array problem on one machine.
 */
#ifndef FPABI_MATRIX_INT_H
#define FPABI_MATRIX_INT_H

#include "fpabi/arch.h"
#include "fpabi/cover.h"
#include "fpabi/matrix.h"

#define MX_MAX_MODES	16

/* what each axis of the array is */
enum mx_axis_kind { AX_SUBJECT, AX_MODE, AX_HIST, AX_WIN, AX_BIT0 };

struct mx_ctx {
	const struct fpabi_machine *m;
	const struct fpabi_matrix *mx;
	/* each mode's variant on m, or why m cannot run it */
	struct fpabi_variant v[MX_MAX_MODES];
	const char *mode_skip[MX_MAX_MODES];
	/* each subject's modes the platform cannot run it in (a bit a
	 * mode: a need, a present quirk; platform_setup()), and why */
	uint16_t plat_modes[COVER_MAX_VALUES];
	const char *plat_why[COVER_MAX_VALUES];
	unsigned n;			/* axes */
	struct cover_axis ax[COVER_MAX_AXES];
	unsigned kind[COVER_MAX_AXES];	/* enum mx_axis_kind, + bit */
	unsigned *seed, nseed;
	unsigned *dseed;		/* the default tier's (staged) */
	unsigned ndefault;		/* of which the default tier's */
	struct cover_problem prob;
};

/* a cell's coordinates */
struct mx_at {
	unsigned k, mode, w;
	int hk;		/* history kind, -1: none */
};

void mx_setup(struct mx_ctx *x, const struct fpabi_machine *m,
	      const struct fpabi_matrix *mx);
void mx_coords(const struct mx_ctx *x, const unsigned *row, struct mx_at *at);
const char *mx_cell_skip(const struct mx_ctx *x, const struct mx_at *at,
			 struct fpabi_mx_cell *cell,
			 const struct fpabi_history **h);
void mx_generate(struct mx_ctx *x, unsigned strength, struct cover_result *r);
void mx_generate_default(struct mx_ctx *x, struct cover_result *r);
void mx_release(struct mx_ctx *x, struct cover_result *r);
/* 2 (pairs) up to tier matrix, 3 (triples) at tier exhaustive */
unsigned matrix_strength(enum fpabi_tier tier);

#endif
