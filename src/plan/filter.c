// SPDX-License-Identifier: GPL-2.0-or-later
/* The plan's --filter and --exclude: comma lists of case ID globs. */
#include <fnmatch.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/opts.h"
#include "fpabi/plan.h"
#include "fpabi/util.h"

#include "filter.h"

void pats_split(struct pats *ps, const char *list)
{
	char *pat, *save = NULL;

	ps->buf = xstrdup(list);
	ps->pat = xmalloc((strlen(list) / 2 + 1) * sizeof(*ps->pat));
	ps->n = 0;
	for (pat = strtok_r(ps->buf, ",", &save); pat;
	     pat = strtok_r(NULL, ",", &save))
		ps->pat[ps->n++] = pat;
}

void pats_free(struct pats *ps)
{
	free(ps->buf);
	free(ps->pat);
}

/* A case ID glob, or a family's name. */
const char *plan_check_globs(const char *opt, const char *list)
{
	size_t len = strlen(list);

	if (!len || list[0] == ',' || list[len - 1] == ',' ||
	    strstr(list, ",,"))
		usage_error("%s '%s': an empty glob (a comma list of IDs, "
			    "globs or families)", opt, list);
	return list;
}

bool pats_match_one(const char *pat, const char *id, const char *family)
{
	return !fnmatch(pat, id, 0) || !strcmp(pat, family);
}

bool pats_match(const struct pats *ps, const char *id, const char *family)
{
	unsigned i;

	if (!ps)
		return true;
	for (i = 0; i < ps->n; i++)
		if (pats_match_one(ps->pat[i], id, family))
			return true;
	return false;
}

bool plan_matches(const char *filter, const char *id, const char *family)
{
	struct pats ps;
	bool m;

	if (!filter)
		return true;
	pats_split(&ps, filter);
	m = pats_match(&ps, id, family);
	pats_free(&ps);
	return m;
}

enum fpabi_tier plan_parse_tier(const char *s)
{
	if (!strcmp(s, "default"))
		return TIER_DEFAULT;
	if (!strcmp(s, "full"))
		return TIER_FULL;
	if (!strcmp(s, "matrix"))
		return TIER_MATRIX;
	if (!strcmp(s, "exhaustive"))
		return TIER_EXHAUSTIVE;
	bad_usage("--tier is default, full, matrix or exhaustive, got '%s'",
		  s);
}
