// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plan: every case crossed with the machine's variants and the case's
 * parameters, filtered, each marked runnable or skipped with a reason.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/common-run.h"
#include "fpabi/limits.h"
#include "fpabi/plan.h"
#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"

static void add(struct plan *p, const struct fpabi_case *c,
		const struct fpabi_variant *v, unsigned param,
		const char *skip)
{
	struct plan_item *it;

	if (p->n == p->cap) {
		struct plan_item *n;

		p->cap = p->cap ? p->cap * 2 : 64;
		n = xzalloc(sizeof(*n) * p->cap);
		if (p->n)
			memcpy(n, p->items, sizeof(*n) * p->n);
		free(p->items);
		p->items = n;
	}
	it = &p->items[p->n];
	memset(it, 0, sizeof(*it));
	it->c = c;
	it->v = *v;
	it->param = param;
	it->skip = skip;
	snprintf(it->id, sizeof(it->id), "%.16s.%.32s.%.48s/%.40s%s%.32s",
		 fpabi_arch.name,
		 c->family, c->name, v->name, param ? "/" : "",
		 param ? sc_name(param) : "");
	p->n++;
}

/* The first need the machine lacks, as a reason to skip; NULL if none. */
const char *plan_missing_need(const struct fpabi_machine *m, uint64_t needs)
{
	const struct fpabi_need_name *nn;

	for (nn = fpabi_arch.needs; nn->bit; nn++)
		if ((needs & nn->bit) && !(m->have & nn->bit))
			return nn->why;
	return NULL;
}

static bool matches(const char *filter, const char *id, const char *family)
{
	char buf[512], *pat, *save = NULL;

	if (!filter)
		return true;
	snprintf(buf, sizeof(buf), "%s", filter);
	for (pat = strtok_r(buf, ",", &save); pat;
	     pat = strtok_r(NULL, ",", &save)) {
		if (!fnmatch(pat, id, 0) || !strcmp(pat, family))
			return true;
	}
	return false;
}

void plan_build(struct plan *p, const struct fpabi_machine *m,
		const char *filter)
{
	const struct fpabi_family *const *fam;
	struct fpabi_variant none = { .name = "default" };

	memset(p, 0, sizeof(*p));
	for (fam = fpabi_arch.families; *fam; fam++) {
		unsigned ci;

		for (ci = 0; ci < (*fam)->ncases; ci++) {
			const struct fpabi_case *c = &(*fam)->cases[ci];
			struct fpabi_variant v[FPABI_MAX_VARIANTS];
			const char *skip = plan_missing_need(m, c->needs);
			int nv = 0, vi;
			unsigned pi;

			/* every case names a rule the model has (dies if
			 * not: a case table bug, found by any listing) */
			rule_get(c->rule);
			if (!skip && c->min_kver && m->kver < c->min_kver)
				skip = c->min_kver_why;
			if (!skip)
				nv = fpabi_arch.variants(m, c->vset, v,
							 FPABI_MAX_VARIANTS);
			if (nv == 0) {
				nv = 1;
				v[0] = none;
				if (!skip)
					skip = "no variant of this case fits the machine";
			}
			for (vi = 0; vi < nv; vi++) {
				for (pi = 0; pi == 0 || (pi < FPABI_MAX_PARAMS &&
							 c->params[pi]); pi++) {
					size_t before = p->n;

					add(p, c, &v[vi], c->params[pi], skip ? skip :
					    fpabi_platform_skip(m, c, &v[vi]));
					if (!matches(filter, p->items[before].id,
						     c->family))
						p->n = before;
				}
			}
		}
	}
}

void plan_free(struct plan *p)
{
	free(p->items);
	memset(p, 0, sizeof(*p));
}

const char *need_names(uint64_t needs, char *buf, size_t n)
{
	const struct fpabi_need_name *nn;
	size_t o = 0;

	buf[0] = 0;
	for (nn = fpabi_arch.needs; nn->bit; nn++)
		if (needs & nn->bit)
			o += snprintf(buf + o, n - o, "%s%s", o ? "," : "",
				      nn->name);
	if (!o)
		snprintf(buf, n, "-");
	return buf;
}
