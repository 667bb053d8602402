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
	char **owned;		/* skip reasons made for this plan */
	unsigned nowned;
};

/* Every case instance, kept if filter (a comma list of case ID globs
 * and family names, of any length; NULL: all) matches. */
void plan_build(struct plan *p, const struct fpabi_machine *m,
		const char *filter);
/*
 * The plan of o: plan_build() with o->filter (none matching is a usage
 * error), then every runnable item that an --exclude glob or a line of
 * the --skip-file matches skipped with that as its reason.
 */
void plan_select(struct plan *p, const struct fpabi_machine *m,
		 const struct fpabi_opts *o);
/* Skip, with why, every runnable item glob (an ID glob or a family)
 * matches; how many it matched. */
unsigned plan_exclude(struct plan *p, const char *glob, const char *why);
/* plan_exclude() for each line of path (an ID or a glob; '#' starts a
 * comment): 0, or -1 with err saying what was wrong. */
int plan_skip_file(struct plan *p, const char *path, char *err, size_t n);
void plan_free(struct plan *p);
const char *need_names(uint64_t needs, char *buf, size_t n);

#endif
