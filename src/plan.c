// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plan: every case crossed with the machine's variants and the case's
 * parameters, filtered, each marked runnable or skipped with a reason.
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fpabi/opts.h"
#include "fpabi/plan.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"

#define MAX_VARIANTS 16

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
static const char *missing_need(const struct fpabi_machine *m, uint64_t needs)
{
	const struct fpabi_need_name *nn;

	for (nn = fpabi_arch.needs; nn->bit; nn++)
		if ((needs & nn->bit) && !(m->have & nn->bit))
			return nn->why;
	return NULL;
}

/* A comma list of globs, split once, whatever its length. */
struct pats {
	char *buf;
	char **pat;
	unsigned n;
};

static void pats_split(struct pats *ps, const char *list)
{
	char *pat, *save = NULL;

	ps->buf = xstrdup(list);
	ps->pat = xmalloc((strlen(list) / 2 + 1) * sizeof(*ps->pat));
	ps->n = 0;
	for (pat = strtok_r(ps->buf, ",", &save); pat;
	     pat = strtok_r(NULL, ",", &save))
		ps->pat[ps->n++] = pat;
}

static void pats_free(struct pats *ps)
{
	free(ps->buf);
	free(ps->pat);
}

/* A case ID glob, or a family's name. */
static bool match_one(const char *pat, const char *id, const char *family)
{
	return !fnmatch(pat, id, 0) || !strcmp(pat, family);
}

static bool matches(const struct pats *ps, const char *id, const char *family)
{
	unsigned i;

	if (!ps)
		return true;
	for (i = 0; i < ps->n; i++)
		if (match_one(ps->pat[i], id, family))
			return true;
	return false;
}

void plan_build(struct plan *p, const struct fpabi_machine *m,
		const char *filter)
{
	const struct fpabi_family *const *fam;
	struct fpabi_variant none = { .name = "default" };
	struct pats ps = { 0 };

	memset(p, 0, sizeof(*p));
	if (filter)
		pats_split(&ps, filter);
	for (fam = fpabi_arch.families; *fam; fam++) {
		unsigned ci;

		for (ci = 0; ci < (*fam)->ncases; ci++) {
			const struct fpabi_case *c = &(*fam)->cases[ci];
			struct fpabi_variant v[MAX_VARIANTS];
			const char *skip = missing_need(m, c->needs);
			int nv = 0, vi;
			unsigned pi;

			/* every case names a rule the model has (dies if
			 * not: a case table bug, found by any listing) */
			rule_get(c->rule);
			if (!skip && c->min_kver && m->kver < c->min_kver)
				skip = c->min_kver_why;
			if (!skip)
				nv = fpabi_arch.variants(m, c->vset, v,
							 MAX_VARIANTS);
			if (nv == 0) {
				nv = 1;
				v[0] = none;
				if (!skip)
					skip = "no variant of this case fits the machine";
			}
			for (vi = 0; vi < nv; vi++) {
				for (pi = 0; pi == 0 || (pi < MAX_PARAMS &&
							 c->params[pi]); pi++) {
					size_t before = p->n;

					add(p, c, &v[vi], c->params[pi], skip);
					if (!matches(filter ? &ps : NULL,
						     p->items[before].id,
						     c->family))
						p->n = before;
				}
			}
		}
	}
	if (filter)
		pats_free(&ps);
}

void plan_select(struct plan *p, const struct fpabi_machine *m,
		 const struct fpabi_opts *o)
{
	char why[300];
	unsigned i;

	plan_build(p, m, o->filter);
	if (o->filter && !p->n)
		usage_error("--filter '%s' matches no case", o->filter);
	for (i = 0; i < o->nexclude; i++) {
		snprintf(why, sizeof(why), "excluded: --exclude '%.200s'",
			 o->exclude[i]);
		plan_exclude(p, o->exclude[i], why);
	}
	if (o->skip_file && plan_skip_file(p, o->skip_file, why,
					   sizeof(why)) < 0)
		usage_error("%s", why);
}

void plan_free(struct plan *p)
{
	unsigned i;

	for (i = 0; i < p->nowned; i++)
		free(p->owned[i]);
	free(p->owned);
	free(p->items);
	memset(p, 0, sizeof(*p));
}

/* A reason the plan keeps until plan_free(). */
static const char *own(struct plan *p, char *s)
{
	if (!(p->nowned & (p->nowned + 1))) {	/* 0, 1, 3, 7, ...: grow */
		char **n = xmalloc(2 * (p->nowned + 1) * sizeof(*n));

		if (p->nowned)
			memcpy(n, p->owned, p->nowned * sizeof(*n));
		free(p->owned);
		p->owned = n;
	}
	p->owned[p->nowned++] = s;
	return s;
}

unsigned plan_exclude(struct plan *p, const char *glob, const char *why)
{
	const char *reason = NULL;
	unsigned i, n = 0;

	for (i = 0; i < p->n; i++) {
		struct plan_item *it = &p->items[i];

		if (it->skip || !match_one(glob, it->id, it->c->family))
			continue;
		if (!reason)
			reason = own(p, xstrdup(why));
		it->skip = reason;
		n++;
	}
	return n;
}

int plan_skip_file(struct plan *p, const char *path, char *err, size_t n)
{
	char *line = NULL, *s, *e, why[300];
	size_t cap = 0;
	unsigned no = 0;
	struct stat st;
	ssize_t len;
	FILE *f;
	int fd;

	/* a regular file only: a FIFO must not be waited on */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    !(f = fdopen(fd, "r"))) {
		snprintf(err, n, "--skip-file '%s': %s", path, fd < 0 ?
			 strerror(errno) : "not a regular file");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		no++;
		if (memchr(line, 0, (size_t)len)) {
			snprintf(err, n, "--skip-file '%s' line %u: a NUL byte",
				 path, no);
			break;
		}
		line[strcspn(line, "#")] = 0;
		for (s = line; *s == ' ' || *s == '\t'; s++)
			;
		for (e = s + strlen(s); e > s && strchr(" \t\r\n", e[-1]); e--)
			;
		*e = 0;
		if (!*s)
			continue;
		if (strpbrk(s, " \t")) {
			snprintf(err, n, "--skip-file '%s' line %u: one ID or "
				 "glob a line, got '%.80s'", path, no, s);
			break;
		}
		snprintf(why, sizeof(why), "excluded: %.200s line %u", path, no);
		plan_exclude(p, s, why);
	}
	free(line);
	if (len >= 0 || ferror(f)) {
		if (ferror(f))
			snprintf(err, n, "--skip-file '%s': %s", path,
				 strerror(errno));
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
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
