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

#include "fpabi/common-run.h"
#include "fpabi/derive.h"
#include "fpabi/limits.h"
#include "fpabi/matrix.h"
#include "fpabi/opts.h"
#include "fpabi/plan.h"
#include "fpabi/platform.h"
#include "fpabi/sha256.h"
#include "fpabi/shm.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"

#include "filter.h"

/* Why c cannot run on m (a need, the kernel), or NULL; and its variants. */
static const char *case_fit(const struct fpabi_machine *m,
			    const struct fpabi_case *c,
			    struct fpabi_variant *v, int *nv)
{
	static const struct fpabi_variant none = { .name = "default" };
	const char *skip = plan_missing_need(m, c->needs |
					     plan_steps_sc_needs(c->steps));

	/* every case names a rule the model has (dies if not: a case table
	 * bug, found by any listing) */
	rule_get(c->rule);
	if (!skip && c->min_kver && m->kver < c->min_kver)
		skip = c->min_kver_why;
	/* the variants whether or not the case can run, so the plan's IDs
	 * do not depend on the machine, where the backend's variant names
	 * do not (x86_64: every one listed, a SKIP where the CPU lacks it;
	 * arm64's are the machine's vector lengths: a case that cannot run
	 * is one "default" instance) */
	*nv = skip && !fpabi_arch.variants_stable ? 0 :
	      fpabi_arch.variants(m, c->vset, v, FPABI_MAX_VARIANTS);
	if (*nv == 0) {
		*nv = 1;
		v[0] = none;
		if (!skip)
			skip = "no variant of this case fits the machine";
	}
	return skip;
}

/* Every variant and parameter of c (one of each with first_only). */
static void add_all(struct plan *p, const struct fpabi_machine *m,
		    const struct fpabi_case *c, const struct pats *filter,
		    const struct fpabi_history *h, enum fpabi_place pl,
		    bool first_only, enum fpabi_tier tier)
{
	struct fpabi_variant v[FPABI_MAX_VARIANTS];
	const char *skip, *psk;
	int nv, vi;
	unsigned pi;

	skip = case_fit(m, c, v, &nv);
	if (!skip && h)
		skip = plan_missing_need(m, h->needs);
	if (!skip && pl && m->ncpus < 2)
		skip = "placement needs two CPUs";
	for (vi = 0; vi < (first_only ? 1 : nv); vi++) {
		if (v[vi].tier > tier)
			continue;
		for (pi = 0; pi == 0 || (pi < FPABI_MAX_PARAMS && c->params[pi]);
		     pi++) {
			size_t before = p->n;

			/* an unobserved window cannot hold a blocking call,
			 * nor can a CPU of its own (the pipe's writer) */
			if ((c->unobserved || pl) && sc_switches(c->params[pi]))
				continue;
			/* (the parameter's syscall may need more:
			 * bpf-prog-load NEED_BPF) */
			psk = plan_sc_missing(m, c->params[pi]);
			plan_add(p, c, &v[vi], c->params[pi],
			    skip ? skip : v[vi].skip ? v[vi].skip : psk ? psk :
			    fpabi_platform_skip(m, c->quirks, &v[vi]), h, pl);
			if (!pats_match(filter, p->items[before].id, c->family))
				p->n = before;
			if (first_only && p->n > before)
				break;
		}
	}
}

/* A derived case, unless one the plan has already runs the same. */
static const struct fpabi_case *derived(struct plan *p,
					const struct fpabi_case *base,
					const struct fpabi_history *h, bool twin)
{
	const struct fpabi_case *d = derive_case(&p->pool, base, h, twin,
						 NULL, 0);
	unsigned i;

	if (!d)
		return NULL;
	for (i = 0; i < p->nderived; i++)
		if (derived_same(p->derived[i], d))
			return NULL;
	if (p->nderived == p->derived_cap) {
		p->derived_cap = p->derived_cap ? 2 * p->derived_cap : 64;
		p->derived = realloc(p->derived,
				     p->derived_cap * sizeof(*p->derived));
		if (!p->derived)
			die("out of memory");
	}
	p->derived[p->nderived++] = d;
	return d;
}

/* A case that forces scheduling (a competitor that preempts it, a
 * preemption or migration to prove): histories and placements would only
 * slow its proof.  (An idle competitor preempts nothing: it only takes
 * the CPU while the tracee stops or blocks.) */
static bool forces_scheduling(const struct fpabi_case *c)
{
	const struct fpabi_step *s;

	if (c->competitor && c->competitor != COMP_IDLE)
		return true;
	for (s = c->steps; s && s->op != S_END; s++)
		if (op_has(s->op, OPF_PROOF))
			return true;
	return false;
}

/* Does c stop the tracee with nothing else on its CPU to tell apart
 * (placement: no competitor, no other task, no migration)? */
static bool placeable(const struct fpabi_case *c)
{
	const struct fpabi_step *s;
	bool stops = false;

	if (c->probe || c->fuzz || !c->steps || c->competitor ||
	    forces_scheduling(c))
		return false;
	for (s = c->steps; s->op != S_END; s++) {
		/* (a refused sigreturn ends the run before the tracee's
		 * own counters are read) */
		if (op_has(s->op, OPF_UNPLACED) ||
		    (s->op == S_SYSCALL && s->a && sc_switches(s->a)))
			return false;
		stops |= op_info(s->op)->stop != ST_NONE &&
			 op_info(s->op)->stop != ST_KEEP;
	}
	return stops;
}

/* The generated forms of c (tier full): its twin, its histories (observed
 * and unobserved, the first variant), its placements. */
static void add_generated(struct plan *p, const struct fpabi_machine *m,
			  const struct fpabi_case *c, const struct pats *filter)
{
	const struct fpabi_history *h;
	const struct fpabi_case *d;

	if ((d = derived(p, c, NULL, true)))
		add_all(p, m, d, filter, NULL, PLACE_NONE, false, TIER_FULL);
	for (h = fpabi_arch.histories; h && h->name && !forces_scheduling(c);
	     h++) {
		/* (the primary variant is one of all of them) */
		if (h->vset != c->vset &&
		    !(h->vset == VSET_ALL && c->vset == VSET_DEFAULT))
			continue;
		if ((d = derived(p, c, h, false)))
			add_all(p, m, d, filter, h, PLACE_NONE, true, TIER_FULL);
		if ((d = derived(p, c, h, true)))
			add_all(p, m, d, filter, h, PLACE_NONE, true, TIER_FULL);
	}
	if (placeable(c)) {
		add_all(p, m, c, filter, NULL, PLACE_ALONE, true, TIER_FULL);
		add_all(p, m, c, filter, NULL, PLACE_SHARED, true, TIER_FULL);
	}
}

void plan_build(struct plan *p, const struct fpabi_machine *m,
		const char *filter, enum fpabi_tier tier)
{
	const struct fpabi_family *const *fam;
	struct pats ps = { 0 }, *f = filter ? &ps : NULL;
	unsigned ci;

	memset(p, 0, sizeof(*p));
	if (filter)
		pats_split(&ps, filter);
	for (fam = fpabi_arch.families; *fam; fam++)
		for (ci = 0; ci < (*fam)->ncases; ci++) {
			const struct fpabi_case *c = &(*fam)->cases[ci];

			if (c->tier > tier)
				continue;
			add_all(p, m, c, f, NULL, PLACE_NONE, false, tier);
			if (tier >= TIER_FULL && c->tier == TIER_DEFAULT)
				add_generated(p, m, c, f);
		}
	if (filter)
		pats_free(&ps);
	/* the default tier has each matrix's pairs of branch values (and
	 * from tier full on, the unobserved twins of those cells) */
	p->mx_twins = tier >= TIER_FULL;
	matrix_plan(p, m, filter, tier);
}

bool plan_in_shard(const char *id, unsigned shard, unsigned nshards)
{
	return !nshards || hash_str(id) % nshards == shard - 1;
}

/*
 * --shard I/N: keep the items whose ID hashes (FNV-1a, util.c's
 * hash_str) to I-1 modulo N.  The hash of the ID, not its position, so
 * a shard holds the same IDs on every machine and kernel that plans
 * them, runnable or not: the shards of one plan partition it.
 */
/*
 * The whole plan's identity, before --shard: how many IDs and the
 * SHA-256 of the IDs in plan order, each ended by a newline (what
 * `fpabi list ... | cut -f1 | sha256sum` prints): the shards of one
 * plan carry the same, and fpabi merge checks that they do.
 */
static void plan_digest(struct plan *p)
{
	struct sha256 s;
	unsigned i;

	sha256_init(&s);
	for (i = 0; i < p->n; i++) {
		sha256_update(&s, p->items[i].id, strlen(p->items[i].id));
		sha256_update(&s, "\n", 1);
	}
	sha256_hex(&s, p->whole_sha);
	p->whole = p->n;
}

static void plan_shard(struct plan *p, unsigned shard, unsigned nshards)
{
	unsigned i, n = 0;

	for (i = 0; i < p->n; i++)
		if (plan_in_shard(p->items[i].id, shard, nshards))
			p->items[n++] = p->items[i];
	p->n = n;
}

/* Refuse (or with --warn-unmatched, warn of) a glob that matched nothing. */
static void unmatched(enum plan_unmatched u, const char *opt,
		      const char *list, const char *glob)
{
	/* a typo must not run what it meant to skip, nor skip what it
	 * meant to run */
	char what[600];

	if (!strcmp(list, glob))
		snprintf(what, sizeof(what), "%s '%s'", opt, glob);
	else
		snprintf(what, sizeof(what), "%s '%.300s': '%s'", opt, list,
			 glob);
	if (u != UNMATCHED_WARN)
		usage_error("%s matches no case (a glob of IDs or a family%s)",
			    what, u == UNMATCHED_ERROR ? "; --warn-unmatched "
			    "makes this a warning" : "");
	fprintf(stderr, "fpabi: warning: %s matches no case\n", what);
}

/*
 * Each glob of filter that matches no item of p (planned with it) is
 * unmatched().  An item matched by one glob hides a typo
 * in its neighbour, so each glob is asked on its own: first of the
 * items' IDs and families, then (a matrix's name, which names its cells
 * without being their family) by planning it alone.
 */
void plan_check_filter(const struct plan *p, const struct fpabi_machine *m,
		       const char *filter, enum fpabi_tier tier,
		       enum plan_unmatched u)
{
	struct pats ps;
	struct plan q;
	bool *hit;
	unsigned i, k;

	if (!p->n)
		usage_error("--filter '%s' matches no case", filter);
	pats_split(&ps, filter);
	hit = xmalloc((ps.n + 1) * sizeof(*hit));
	memset(hit, 0, (ps.n + 1) * sizeof(*hit));
	for (i = 0; i < p->n; i++)
		for (k = 0; k < ps.n; k++)
			if (!hit[k])
				hit[k] = pats_match_one(ps.pat[k], p->items[i].id,
							p->items[i].c->family);
	for (k = 0; k < ps.n; k++) {
		if (hit[k])
			continue;
		plan_build(&q, m, ps.pat[k], tier);
		if (!q.n)
			unmatched(u, "--filter", filter, ps.pat[k]);
		plan_free(&q);
	}
	free(hit);
	pats_free(&ps);
}

/* Each glob of one --exclude (a comma list) skips what it matches. */
static void plan_exclude_list(struct plan *p, const struct fpabi_opts *o,
			      const char *list)
{
	char why[300];
	struct pats ps;
	unsigned k;

	snprintf(why, sizeof(why), "excluded: --exclude '%.200s'", list);
	pats_split(&ps, list);
	for (k = 0; k < ps.n; k++)
		if (!plan_exclude(p, ps.pat[k], why))
			unmatched(o->warn_unmatched ? UNMATCHED_WARN :
				  UNMATCHED_ERROR, "--exclude", list, ps.pat[k]);
	pats_free(&ps);
}

void plan_select(struct plan *p, const struct fpabi_machine *m,
		 const struct fpabi_opts *o)
{
	char why[300];
	unsigned i;

	plan_build(p, m, o->filter, o->tier);
	if (o->filter)
		plan_check_filter(p, m, o->filter, o->tier, o->warn_unmatched ?
				  UNMATCHED_WARN : UNMATCHED_ERROR);
	plan_digest(p);
	if (o->nshards)
		plan_shard(p, o->shard, o->nshards);
	for (i = 0; i < o->nexclude; i++)
		plan_exclude_list(p, o, o->exclude[i]);
	if (o->skip_file && plan_skip_file(p, o->skip_file, o->warn_unmatched,
					   why, sizeof(why)) < 0)
		usage_error("%s", why);
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

		if (!pats_match_one(glob, it->id, it->c->family))
			continue;
		n++;
		if (it->skip)
			continue;
		if (!reason)
			reason = own(p, xstrdup(why));
		it->skip = reason;
	}
	return n;
}

int plan_skip_file(struct plan *p, const char *path, bool warn, char *err,
		   size_t n)
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
		if (plan_exclude(p, s, why))
			continue;
		if (!warn) {
			snprintf(err, n, "--skip-file '%s' line %u: '%.80s' "
				 "matches no case (--warn-unmatched makes this "
				 "a warning)", path, no, s);
			break;
		}
		fprintf(stderr, "fpabi: warning: --skip-file '%s' line %u: "
			"'%.80s' matches no case\n", path, no, s);
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
