/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plan's filters (filter.c), for plan.c and matrix.c. */
#ifndef FPABI_PLAN_FILTER_H
#define FPABI_PLAN_FILTER_H

#include <stdbool.h>

/* A comma list of globs, split once, whatever its length. */
struct pats {
	char *buf;
	char **pat;
	unsigned n;
};

void pats_split(struct pats *ps, const char *list);
void pats_free(struct pats *ps);
/* Does id match the glob pat, or pat name its family? */
bool pats_match_one(const char *pat, const char *id, const char *family);
/* Does id (of family) match one of ps's globs or name the family? */
bool pats_match(const struct pats *ps, const char *id, const char *family);

#endif
