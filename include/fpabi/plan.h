/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plan: case instances for this machine, known before the first result. */
#ifndef FPABI_PLAN_H
#define FPABI_PLAN_H

#include "fpabi/run.h"

struct plan_item {
	const struct fpabi_case *c;
	struct fpabi_variant v;
	unsigned param;
	char id[192];
	const char *skip;	/* reason, or NULL when runnable */
};

struct plan {
	struct plan_item *items;
	unsigned n, cap;
};

void plan_build(struct plan *p, const struct fpabi_machine *m,
		const char *filter);
void plan_free(struct plan *p);
const char *need_names(uint64_t needs, char *buf, size_t n);
/* The first need the machine lacks, as a reason to skip; NULL if none. */
const char *plan_missing_need(const struct fpabi_machine *m, uint64_t needs);

#endif
