// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Scenario preconditions (fpabi/precond.h): the notes the arch's
 * observers make of each, the judgement at the end of a run (held at
 * every observation that bore on it, and seen at least once, or the run
 * is unproven), and fpabi list's "pre:" texts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/precond.h"
#include "fpabi/run.h"

/* The table row of bit (and its index), or NULL. */
static const struct fpabi_precond *row_of(unsigned bit, unsigned *idx)
{
	const struct fpabi_precond *p;
	unsigned i;

	for (p = fpabi_arch.preconds, i = 0; p && p->name &&
	     i < FPABI_MAX_PRECONDS; p++, i++)
		if (p->bit == bit) {
			*idx = i;
			return p;
		}
	return NULL;
}

/* Does p bear on instance v of c (and can an observation prove it)? */
static int bears(const struct fpabi_precond *p, const struct fpabi_machine *m,
		 const struct fpabi_case *c, const struct fpabi_variant *v)
{
	return (c->pre & p->bit) && (!p->text || p->text(m, c, v));
}

int pre_wanted(const struct fpabi_run *r, unsigned bit)
{
	const struct fpabi_precond *p;
	unsigned i;

	p = row_of(bit, &i);
	return p && bears(p, r->m, r->c, &r->v0);
}

/*
 * Append note to how ("; " between) unless a note of its kind is there
 * already: one of each observer kind, by its first word ("NT_X86_XSTATE
 * read 2 ..." after "NT_X86_XSTATE read 1 ..." is not added).
 */
static void add_kind(char *how, size_t n, const char *note)
{
	size_t w = strcspn(note, " "), o = strlen(how);
	const char *p;

	for (p = how; *p; p += strcspn(p, ";"), p += *p ? 2 : 0)
		if (!strncmp(p, note, w) && (p[w] == ' ' || !p[w]))
			return;
	snprintf(how + o, n - o, "%s%s", o ? "; " : "", note);
}

void pre_note(struct fpabi_run *r, unsigned bit, int held,
	      const char *fmt, ...)
{
	struct fpabi_pre_seen *s;
	va_list ap;
	unsigned i;

	if (!pre_wanted(r, bit) || !row_of(bit, &i))
		return;
	s = &r->pre[i];
	if (r->inject_unproven && !s->failed++) {
		snprintf(s->why, sizeof(s->why), "test-only: --inject-fault="
			 "unproven made every observation of it fail");
		return;
	}
	va_start(ap, fmt);
	if (held) {
		char buf[sizeof(s->how)];

		s->held++;
		vsnprintf(buf, sizeof(buf), fmt, ap);
		add_kind(s->how, sizeof(s->how), buf);
	} else if (!s->failed++) {
		vsnprintf(s->why, sizeof(s->why), fmt, ap);
	}
	va_end(ap);
}

/* One precondition's verdict: its proof appended, or r unproven. */
static void judge(struct fpabi_run *r, const struct fpabi_precond *p,
		  const struct fpabi_pre_seen *s)
{
	size_t o = strlen(r->proof);

	if (s->failed || !s->held) {
		if (r->unproven)	/* an earlier proof's reason stands */
			return;
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "scenario not proven: %s: "
			 "%s (the last of %u attempts)", p->name,
			 s->failed ? s->why : "no observation of the run bore "
			 "on it", r->attempt);
		return;
	}
	snprintf(r->proof + o, sizeof(r->proof) - o, "%s%s: %s%s",
		 o ? "; " : "", p->name, s->how,
		 s->held > 1 ? " (and at every other observation)" : "");
}

void precond_check(struct fpabi_run *r)
{
	const struct fpabi_precond *p;
	unsigned i;

	for (p = fpabi_arch.preconds, i = 0; p && p->name &&
	     i < FPABI_MAX_PRECONDS; p++, i++) {
		if (!bears(p, r->m, r->c, &r->v0) ||
		    (p->unprovable && p->unprovable(r->m, r->c, &r->v0)))
			continue;
		judge(r, p, &r->pre[i]);
	}
}

void precond_texts(const struct fpabi_machine *m, const struct fpabi_case *c,
		   const struct fpabi_variant *v, char *out, size_t n)
{
	const struct fpabi_precond *p;
	unsigned i;

	for (p = fpabi_arch.preconds, i = 0; p && p->name &&
	     i < FPABI_MAX_PRECONDS; p++, i++) {
		size_t o = strlen(out);
		const char *t;

		if (!(c->pre & p->bit) || !p->text || !(t = p->text(m, c, v)))
			continue;
		if (o + 3 < n)
			snprintf(out + o, n - o, "%s%s", o ? ", " : "", t);
	}
}
