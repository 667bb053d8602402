// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Checks: compare what an observer saw with the model, and turn every
 * difference into a finding that says which register, which bytes, and
 * where the unexpected bytes came from.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/calib.h"
#include "fpabi/record.h"
#include "fpabi/run.h"
#include "fpabi/util.h"

void add_finding(struct fpabi_run *r, const struct fpabi_finding *f)
{
	if (r->nfind < FPABI_MAX_FINDINGS) {
		r->find[r->nfind] = *f;
		r->find[r->nfind].step = r->step;
	}
	r->nfind++;
}

/* A class that names where the bytes came from. */
static bool names_origin(enum canary_class c)
{
	return c == CL_STALE || c == CL_FOREIGN || c == CL_OTHER_RUN ||
	       c == CL_MISPLACED || c == CL_POISON;
}

/*
 * The failure's headline (its classification, the YAML's first finding):
 * when the first finding is of a value that carries no canary (an info
 * word such as SVCR or a VL, a regset header's size or flags) and so
 * cannot say where its bytes came from, the first finding that does
 * leads instead: "ZA row 0 holds the phase-2 value: stale" tells more
 * than "SVCR 2, unknown" checked before it.  The rest keep their order;
 * an errno finding (the kernel's answer) always keeps its place.
 */
void findings_lead(struct fpabi_run *r)
{
	unsigned i, n = r->nfind < FPABI_MAX_FINDINGS ? r->nfind : FPABI_MAX_FINDINGS;
	struct fpabi_finding f;

	if (!n || !r->find[0].nocanary || names_origin(r->find[0].cls))
		return;
	for (i = 1; i < n && !names_origin(r->find[i].cls); i++)
		;
	if (i == n)
		return;
	f = r->find[i];
	memmove(&r->find[1], &r->find[0], i * sizeof(r->find[0]));
	r->find[0] = f;
}

void run_broken(struct fpabi_run *r, const char *fmt, ...)
{
	va_list ap;

	if (r->broken[0])
		return;		/* keep the first cause */
	va_start(ap, fmt);
	vsnprintf(r->broken, sizeof(r->broken), fmt, ap);
	va_end(ap);
}

/* Name the register a canary came from, from the layout. */
static void origin_name(struct fpabi_run *r, const struct canary_verdict *v,
			char *buf, size_t n)
{
	const struct canary_prov *p = &v->prov;
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];
		unsigned words = (f->size + 7) / 8;

		if (f->fill == FILL_SHAPED && f->comp == p->comp &&
		    f->reg == p->reg) {
			snprintf(buf, n, "%s", f->name);
			return;
		}
		if (f->fill != FILL_WORDS || f->comp != p->comp ||
		    f->reg != p->reg || p->lane < f->lane0 ||
		    p->lane >= f->lane0 + words)
			continue;
		snprintf(buf, n, "%s bytes %u-%u", f->name,
			 f->reg_off + (p->lane - f->lane0) * 8,
			 f->reg_off + (p->lane - f->lane0) * 8 + 7);
		return;
	}
	snprintf(buf, n, "component %u register %u lane %u", p->comp, p->reg,
		 p->lane);
}

static void describe(struct fpabi_run *r, const struct canary_verdict *v,
		     char *buf, size_t n)
{
	char where[64];

	switch (v->cls) {
	case CL_ZERO:
		snprintf(buf, n, "zero");
		break;
	case CL_INIT:
		snprintf(buf, n, "the architectural init value");
		break;
	case CL_POISON:
		snprintf(buf, n, "the tracer's poison: the kernel did not write these bytes");
		break;
	case CL_STALE:
	case CL_FOREIGN:
	case CL_MISPLACED:
		origin_name(r, v, where, sizeof(where));
		snprintf(buf, n, "%s phase-%u value of %s", v->cls == CL_FOREIGN ?
			 "another task's" : "this task's", v->prov.phase, where);
		if (v->cls == CL_FOREIGN)
			snprintf(buf + strlen(buf), n - strlen(buf),
				 " (task %u)", v->prov.task);
		break;
	case CL_OTHER_RUN:
		snprintf(buf, n, "a canary of another run (seed %u)", v->prov.seed);
		break;
	default:
		snprintf(buf, n, "bytes of unknown origin");
	}
}

/*
 * The tracer poisons its buffers with canary_poison() from offset 0, and
 * every regset buffer puts a register at the same offset modulo 8 as the
 * image does: bytes equal to the poison at their offset were never
 * written.
 */
static bool is_poison(struct fpabi_run *r, const uint8_t *got, size_t img_off,
		      size_t len)
{
	uint8_t w[16];

	canary_poison(w, sizeof(w), r->cseed);
	return len <= 8 && !memcmp(got, w + (img_off & 7), len);
}

/*
 * Are a and b equal in the bits the CPU keeps (kept NULL: every bit;
 * fpabi/calib.h)?  The model compares only what the hardware itself
 * keeps: a bit the CPU rewrites with no kernel event in between says
 * nothing about the kernel (DESIGN.md, rule 10).
 */
static bool eq_kept(const uint8_t *a, const uint8_t *b, const uint8_t *kept,
		    size_t len)
{
	size_t i;

	if (!kept)
		return !memcmp(a, b, len);
	for (i = 0; i < len; i++)
		if ((a[i] ^ b[i]) & kept[i])
			return false;
	return true;
}

/*
 * A shaped field (a control register whose valid values are few) is
 * classified by regenerating it for every phase and task.
 */
static void classify_shaped(struct fpabi_run *r, unsigned fi,
			    const uint8_t *got, struct canary_verdict *v)
{
	const struct fpabi_field *f = &r->lo.f[fi];
	const uint8_t *km = calib_kept(r->m, f);
	uint8_t tmp[64];
	unsigned ph, t;

	canary_classify_kept(got, r->exp.init + f->off, km, f->size, r->cseed,
			     r->exp.task[fi], r->exp.phase[fi], v);
	if (v->cls == CL_ZERO || v->cls == CL_INIT || f->size > sizeof(tmp))
		return;
	if (is_poison(r, got, f->off, f->size)) {
		v->cls = CL_POISON;
		return;
	}
	for (t = 0; t <= 3; t++)
		for (ph = 0; ph <= CANARY_MAX_PHASE; ph++) {
			if (t == r->exp.task[fi] && ph == r->exp.phase[fi])
				continue;
			fpabi_arch.fill_shaped(r, f, tmp, ph, t);
			if (!eq_kept(tmp, got, km, f->size))
				continue;
			v->cls = t == r->exp.task[fi] ? CL_STALE : CL_FOREIGN;
			v->has_prov = true;
			v->prov.phase = ph;
			v->prov.task = t;
			v->prov.comp = f->comp;
			v->prov.reg = f->reg;
			v->prov.lane = f->lane0;
			return;
		}
	v->cls = CL_UNKNOWN;
}

static void field_finding(struct fpabi_run *r, const char *observer,
			  unsigned fi, unsigned lo, unsigned hi,
			  const uint8_t *got, const struct canary_verdict *v)
{
	const struct fpabi_field *f = &r->lo.f[fi];
	struct fpabi_finding fd;

	memset(&fd, 0, sizeof(fd));
	snprintf(fd.observer, sizeof(fd.observer), "%s", observer);
	snprintf(fd.what, sizeof(fd.what), "%s", f->name);
	snprintf(fd.group, sizeof(fd.group), "%s",
		 fpabi_arch.group_name(f->group));
	fd.lo = f->reg_off + lo;
	fd.hi = f->reg_off + hi;
	hex_bytes(fd.expected, sizeof(fd.expected),
		  r->exp.img + f->off + lo, hi - lo + 1);
	hex_bytes(fd.got, sizeof(fd.got), got + f->off + lo, hi - lo + 1);
	fd.cls = v->cls;
	fd.nocanary = f->fill == FILL_FIXED;
	describe(r, v, fd.origin, sizeof(fd.origin));
	fd.rule = r->exp.rule[fi] ? r->exp.rule[fi] : rule_get(r->c->rule);
	add_finding(r, &fd);
}

/* EXP_ONE_OF: the word is zero, init, or that of one of the images. */
static bool one_of(const struct fpabi_run *r, unsigned at, const uint8_t *g,
		   unsigned len, const uint8_t *kept)
{
	static const uint8_t zero[64];
	unsigned k;

	if (len > sizeof(zero))
		return false;
	if (eq_kept(g, zero, kept, len) ||
	    eq_kept(g, r->exp.init + at, kept, len))
		return true;
	for (k = 0; k < r->noneof; k++)
		if (eq_kept(g, r->oneof[k] + at, kept, len))
			return true;
	return false;
}

/* Compare one field word by word; coalesce runs of one classification. */
static void check_field(struct fpabi_run *r, const char *observer,
			unsigned fi, const uint8_t *got)
{
	const struct fpabi_field *f = &r->lo.f[fi];
	const uint8_t *e = r->exp.img + f->off, *g = got + f->off;
	const uint8_t *km = calib_kept(r->m, f);
	struct canary_verdict v, run_v;
	unsigned off, run_lo = 0;
	bool in_run = false;

	r->checks++;
	record_field(r, fi, got, observer);
	if (eq_kept(e, g, km, f->size))
		return;
	if (r->exp.kind[fi] == EXP_KEPT_OR_ZERO) {
		static const uint8_t zero[64];

		if (f->size <= sizeof(zero) && eq_kept(g, zero, km, f->size))
			return;
	}
	if (f->fill == FILL_SHAPED) {
		if (r->exp.kind[fi] == EXP_ONE_OF &&
		    one_of(r, f->off, g, f->size, km))
			return;
		classify_shaped(r, fi, g, &v);
		field_finding(r, observer, fi, 0, f->size - 1, got, &v);
		return;
	}
	/* (one step past the last word, whatever the size: it ends the run) */
	for (off = 0; off < f->size + 8; off += 8) {
		unsigned len = off < f->size ? MIN(8u, f->size - off) : 0;
		const uint8_t *kw = km && len ? km + off : NULL;
		bool bad = len && !eq_kept(e + off, g + off, kw, len);
		static const uint8_t zero8[8];

		/* unspecified bytes: their old value or zero, word by word */
		if (bad && r->exp.kind[fi] == EXP_KEPT_OR_ZERO &&
		    eq_kept(g + off, zero8, kw, len))
			bad = false;
		if (bad && r->exp.kind[fi] == EXP_ONE_OF)
			bad = !one_of(r, f->off + off, g + off, len, kw);

		if (bad) {
			canary_classify_kept(g + off,
					     r->exp.init + f->off + off, kw,
					     len, r->cseed, r->exp.task[fi],
					     r->exp.phase[fi], &v);
			if (v.cls == CL_UNKNOWN &&
			    is_poison(r, g + off, f->off + off, len))
				v.cls = CL_POISON;
		}
		if (in_run && (!bad || v.cls != run_v.cls ||
			       (v.has_prov && v.prov.phase != run_v.prov.phase))) {
			field_finding(r, observer, fi, run_lo, off - 1, got,
				      &run_v);
			in_run = false;
		}
		if (bad && !in_run) {
			in_run = true;
			run_lo = off;
			run_v = v;
		}
	}
}

void check_image(struct fpabi_run *r, const char *observer,
		 const uint8_t *got)
{
	check_image_groups(r, observer, got, ~0ull);
}

void check_image_groups(struct fpabi_run *r, const char *observer,
			const uint8_t *got, uint64_t groups)
{
	unsigned i, k, n = r->lo.nfields;
	uint8_t *copy = NULL;

	if (r->bare)
		return;	/* fpabi bench stress: the loop without checks */

	if (r->inject_byte) {
		/* test-only: corrupt one observed byte of a field this
		 * observer checks, from the middle of the image on */
		for (k = 0, i = n; k < n; k++) {
			unsigned j = (n / 2 + k) % n;

			if (r->exp.kind[j] != EXP_ANY &&
			    (groups >> r->lo.f[j].group & 1) &&
			    r->lo.f[j].fill == FILL_WORDS) {
				i = j;
				break;
			}
		}
		if (i < n) {
			copy = xmalloc(r->lo.size);
			memcpy(copy, got, r->lo.size);
			copy[r->lo.f[i].off + r->lo.f[i].size / 2] ^= 0x5a;
			got = copy;
			r->inject_byte = false;
		}
	}
	for (i = 0; i < r->lo.nfields; i++)
		if (r->exp.kind[i] != EXP_ANY &&
		    (groups >> r->lo.f[i].group & 1))
			check_field(r, observer, i, got);
	free(copy);
}

void check_bytes(struct fpabi_run *r, const char *observer, const char *what,
		 const void *exp, const void *got, size_t len,
		 const struct fpabi_rule *rule)
{
	const uint8_t *e = exp, *g = got;
	struct fpabi_finding fd;
	struct canary_verdict v;
	size_t lo, hi;

	if (r->bare)
		return;

	r->checks++;
	if (!memcmp(exp, got, len))
		return;
	for (lo = 0; e[lo] == g[lo]; lo++)
		;
	for (hi = len - 1; e[hi] == g[hi]; hi--)
		;
	memset(&fd, 0, sizeof(fd));
	snprintf(fd.observer, sizeof(fd.observer), "%s", observer);
	snprintf(fd.what, sizeof(fd.what), "%s", what);
	fd.lo = lo;
	fd.hi = hi;
	hex_bytes(fd.expected, sizeof(fd.expected), e + lo, hi - lo + 1);
	hex_bytes(fd.got, sizeof(fd.got), g + lo, hi - lo + 1);
	canary_classify(g + (lo & ~7ul), NULL, MIN(8, len - (lo & ~7ul)),
			r->cseed, 0, 0, &v);
	fd.cls = v.cls;
	describe(r, &v, fd.origin, sizeof(fd.origin));
	fd.rule = rule;
	add_finding(r, &fd);
}

void check_value(struct fpabi_run *r, const char *observer, const char *what,
		 uint64_t exp, uint64_t got, const struct fpabi_rule *rule)
{
	struct fpabi_finding fd;

	if (r->bare)
		return;

	r->checks++;
	record_errno(r, exp, observer, what);
	if (exp == got)
		return;
	memset(&fd, 0, sizeof(fd));
	snprintf(fd.observer, sizeof(fd.observer), "%s", observer);
	snprintf(fd.what, sizeof(fd.what), "%s", what);
	snprintf(fd.expected, sizeof(fd.expected), "%#llx",
		 (unsigned long long)exp);
	snprintf(fd.got, sizeof(fd.got), "%#llx", (unsigned long long)got);
	fd.cls = got == 0 ? CL_ZERO : CL_UNKNOWN;
	fd.nocanary = true;
	snprintf(fd.origin, sizeof(fd.origin), "%s", got == 0 ? "zero" :
		 "a different value");
	fd.rule = rule;
	add_finding(r, &fd);
}

void check_errno(struct fpabi_run *r, const char *observer, const char *what,
		 int exp, int got, const struct fpabi_rule *rule)
{
	struct fpabi_finding fd;

	if (r->bare)
		return;

	r->checks++;
	record_errno(r, exp, observer, what);
	if (exp == got)
		return;
	memset(&fd, 0, sizeof(fd));
	snprintf(fd.observer, sizeof(fd.observer), "%s", observer);
	snprintf(fd.what, sizeof(fd.what), "%s", what);
	snprintf(fd.expected, sizeof(fd.expected), "%s",
		 exp ? strerror(exp) : "success");
	snprintf(fd.got, sizeof(fd.got), "%s", got ? strerror(got) : "success");
	fd.cls = CL_UNKNOWN;
	snprintf(fd.origin, sizeof(fd.origin), "the kernel's answer");
	fd.rule = rule;
	add_finding(r, &fd);
}
