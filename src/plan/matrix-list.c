// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `fpabi list --matrix [NAME]`: a matrix's axes and the branch variables
 * each sets, its covering array's coverage on this machine (and every
 * tuple no runnable cell covers, with the reason), then its cells and
 * what each expects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/common-run.h"
#include "fpabi/plan.h"
#include "fpabi/precond.h"
#include "fpabi/util.h"
#include "matrix-int.h"

#define MAX_REASONS	16

struct tally {
	const char *what[MAX_REASONS];
	unsigned n[MAX_REASONS], count;
};

static void tally(struct tally *t, const char *what)
{
	unsigned i;

	for (i = 0; i < t->count; i++)
		if (!strcmp(t->what[i], what))
			break;
	if (i == t->count) {
		if (t->count == MAX_REASONS)
			i = MAX_REASONS - 1;	/* the last one gathers the rest */
		else
			t->what[t->count++] = what;
	}
	t->n[i]++;
}

static void print_tally(const char *indent, const struct tally *t)
{
	unsigned i;

	for (i = 0; i < t->count; i++)
		printf("%s%s: %u\n", indent, t->what[i], t->n[i]);
}

/* The name of value a of axis i. */
static const char *value_name(const struct mx_ctx *x, unsigned i, unsigned a)
{
	const struct fpabi_matrix *mx = x->mx;

	switch (x->kind[i]) {
	case AX_SUBJECT: return mx->subject_name(a);
	case AX_MODE: return mx->mode_name(a);
	case AX_HIST: return a ? mx->hist_kinds[a - 1] : "none";
	case AX_WIN: return mx->wins[a].name;
	default: return a ? "1" : "0";
	}
}

/* The first axis: its values, by group ("NT_ARM_SVE 30, ..."). */
static void print_subjects(const struct fpabi_matrix *mx)
{
	struct tally t = { .count = 0 };
	unsigned k;

	for (k = 0; k < mx->nsubjects(); k++)
		tally(&t, mx->subject_group(k));
	printf("  %s: %u values (", mx->subject, mx->nsubjects());
	for (k = 0; k < t.count; k++)
		printf("%s%s %u", k ? ", " : "", t.what[k], t.n[k]);
	printf(")\n");
}

static void print_axes(const struct mx_ctx *x, unsigned strength)
{
	const struct fpabi_matrix *mx = x->mx;
	unsigned i, a, full = 1;

	printf("matrix %s (%s): %s\naxes:\n", mx->name, fpabi_arch.name,
	       mx->what);
	print_subjects(mx);
	for (i = 1; i < x->n; i++) {
		full *= x->ax[i].n;
		printf("  %s: %u values (", x->ax[i].name, x->ax[i].n);
		for (a = 0; a < x->ax[i].n; a++)
			printf("%s%s", a ? ", " : "", value_name(x, i, a));
		printf(")\n");
		for (a = 0; a < x->ax[i].n; a++)
			if (x->kind[i] == AX_WIN)
				printf("    %s: %s; proof: %s\n",
				       mx->wins[a].name, mx->wins[a].sets,
				       mx->wins[a].proof);
			else if (x->kind[i] == AX_HIST && a)
				printf("    %s: %s\n", mx->hist_kinds[a - 1],
				       mx->hist_sets[a - 1]);
	}
	printf("full product: %u", mx->nsubjects());
	for (i = 1; i < x->n; i++)
		printf(" x %u", x->ax[i].n);
	printf(" = %u cells; planned pairwise%s: a "
	       "covering array (src/plan/cover.c) seeded with the default "
	       "tier's cells and every %s in "
	       "every %s with no history at the first %s", mx->nsubjects() *
	       full, strength == 3 ? " and three-way (--tier exhaustive)" : "",
	       mx->subject, mx->mode_axis, mx->win_axis);
	/* staged (fpabi_matrix.nwin_base): the array before the later
	 * windows is in the seeds, whose cells keep their IDs */
	if (mx->nwin_base && mx->nwin_base < mx->nwin)
		printf(", and the array over the %s values before %s (its "
		       "cells as they were planned before %s came)",
		       mx->win_axis, mx->wins[mx->nwin_base].name,
		       mx->wins[mx->nwin_base].name);
	printf(" (%u seeds), completed so that every %s of values of every "
	       "%s axes is in a runnable cell\n", x->nseed,
	       strength == 3 ? "triple" : "pair",
	       strength == 3 ? "three" : "two");
}

struct open_print {
	const struct mx_ctx *x;
	const char *prefix;	/* "uncovered", "default uncovered" */
	unsigned strength;
	struct tally reasons;
	bool lines;
};

static void print_open(void *arg, const unsigned *ax, const unsigned *val,
		       enum cover_status st, const char *why)
{
	struct open_print *o = arg;
	unsigned i;

	if (!o->lines) {
		tally(&o->reasons, why);
		return;
	}
	printf("%s\t", o->prefix);
	for (i = 0; i < o->strength; i++)
		printf("%s%s=%s", i ? " " : "", o->x->ax[ax[i]].name,
		       value_name(o->x, ax[i], val[i]));
	printf("\t%s: %s\n", st == COVER_FORBIDDEN ? "forbidden" :
	       "unreachable", why);
}

static void print_coverage(const struct mx_ctx *x, const struct cover_result *r,
			   unsigned strength)
{
	struct open_print o = { .x = x, .prefix = "uncovered",
				.strength = strength };
	const char *what = strength == 3 ? "triples" : "pairs";
	unsigned long runnable = r->tuples - r->forbidden - r->unreachable;

	printf("coverage: %lu %s of values of every %s axes; in a runnable "
	       "cell: %lu of the %lu this machine can run (%lu%%); forbidden "
	       "(the ABI or this platform): %lu; no runnable cell found: "
	       "%lu\n", r->tuples, what, strength == 3 ? "three" : "two",
	       r->covered, runnable, runnable ? r->covered * 100 / runnable :
	       100, r->forbidden, r->unreachable);
	printf("rows: %u (%u seeds this machine runs, %u generated)\n",
	       r->nrows, r->nseeded, r->nrows - r->nseeded);
	cover_each_open(&x->prob, r, print_open, &o);
	if (o.reasons.count)
		printf("uncovered %s, by reason:\n", what);
	print_tally("  ", &o.reasons);
	o.lines = true;
	cover_each_open(&x->prob, r, print_open, &o);
}

static void print_cells(const struct fpabi_machine *m,
			const struct fpabi_matrix *mx, const struct plan *p)
{
	struct tally skips = { .count = 0 }, outcomes = { .count = 0 };
	unsigned i, exact = 0, unspec = 0, runnable = 0;

	for (i = 0; i < p->n; i++) {
		const struct plan_item *it = &p->items[i];
		const struct fpabi_mx_cell *c = it->c->mx;

		if (c->unspecified)
			unspec++;
		else
			exact++;
		tally(&outcomes, c->expect);
		if (it->skip)
			tally(&skips, it->skip);
		else
			runnable++;
	}
	printf("cells: %u (the array's rows, and the seeds this machine "
	       "cannot run)\n", p->n);
	printf("  exact expectation: %u\n  unspecified (each word its old "
	       "value or zero): %u\n", exact, unspec);
	printf("  runnable here: %u\n  the platform cannot run: %u\n",
	       runnable, p->n - runnable);
	print_tally("    ", &skips);
	printf("outcomes:\n");
	print_tally("  ", &outcomes);
	for (i = 0; i < p->n; i++) {
		const struct plan_item *it = &p->items[i];
		const struct fpabi_mx_cell *c = it->c->mx;

		char pre[600] = "";

		precond_texts(m, it->c, &it->v, pre, sizeof(pre));
		printf("%s\texpect: %s\trule: %s\t%s\t%s%s\t%s\tpre: %s\n",
		       it->id, c->expect, c->rule, c->unspecified ?
		       "unspecified" : "exact", it->skip ? "skip: " :
		       "runnable", it->skip ? it->skip : "", c->what,
		       pre[0] ? pre : mx->wins[c->win].proof);
	}
}

/* The default tier's cells: every pair of branch values, once. */
static void print_default(struct mx_ctx *x)
{
	struct open_print o = { .x = x, .prefix = "default uncovered",
				.strength = 2, .lines = true };
	struct cover_result d;
	unsigned long runnable;

	mx_generate_default(x, &d);
	runnable = d.tuples - d.forbidden - d.unreachable;
	printf("default tier: %u cells, each pair of values of every two "
	       "axes but the %s in one (%lu pairs; in a runnable cell: %lu "
	       "of the %lu this machine can run (%lu%%); not runnable here: "
	       "%lu), the %s taken in turn\n", d.nrows,
	       x->mx->subject, d.tuples, d.covered, runnable,
	       runnable ? d.covered * 100 / runnable : 100,
	       d.forbidden + d.unreachable, x->mx->subject);
	cover_each_open(&x->prob, &d, print_open, &o);
	mx_release(x, &d);
}

static void list_one(const struct fpabi_machine *m,
		     const struct fpabi_matrix *mx, enum fpabi_tier tier)
{
	unsigned strength = matrix_strength(tier);
	struct cover_result r;
	struct mx_ctx x;
	struct plan p;

	mx_setup(&x, m, mx);
	mx_generate(&x, strength, &r);
	print_axes(&x, strength);
	print_coverage(&x, &r, strength);
	mx_release(&x, &r);
	print_default(&x);
	memset(&p, 0, sizeof(p));
	matrix_plan(&p, m, mx->name, tier < TIER_MATRIX ? TIER_MATRIX : tier);
	print_cells(m, mx, &p);
	plan_free(&p);
}

/* A planned cell's row of the array (mx_coords() backwards). */
static void cell_row(const struct mx_ctx *x, const struct fpabi_mx_cell *c,
		     unsigned *row)
{
	unsigned i;

	for (i = 0; i < x->n; i++)
		switch (x->kind[i]) {
		case AX_SUBJECT: row[i] = (unsigned)c->subject; break;
		case AX_MODE: row[i] = (unsigned)c->mode; break;
		case AX_HIST: row[i] = (unsigned)(c->hist + 1); break;
		case AX_WIN: row[i] = (unsigned)c->win; break;
		default:
			row[i] = (unsigned)c->mode >> (x->kind[i] - AX_BIT0) & 1;
			break;
		}
}

/*
 * Each matrix with cells in plan p: how many of the tuples its array at
 * tier covers stand in a cell the plan runs (runnable and planned: a
 * --filter or --exclude that drops cells drops their tuples too).
 */
void matrix_coverage_lines(const struct fpabi_machine *m,
			   const struct plan *p, enum fpabi_tier tier,
			   void (*fn)(void *arg, const char *line), void *arg)
{
	const struct fpabi_matrix *const *mx;
	unsigned strength = matrix_strength(tier), i, planned, nrows;
	unsigned long runnable, covered;
	struct cover_result r;
	struct mx_ctx x;
	unsigned *rows;
	char line[320];

	for (mx = fpabi_arch.matrices; mx && *mx; mx++) {
		for (i = planned = 0; i < p->n; i++)
			planned += p->items[i].c->mx &&
				   !strcmp(p->items[i].c->family, (*mx)->name);
		if (!planned)
			continue;
		mx_setup(&x, m, *mx);
		/* the default tier's array covers the branch axes' pairs */
		if (tier < TIER_MATRIX)
			mx_generate_default(&x, &r);
		else
			mx_generate(&x, strength, &r);
		rows = xzalloc(planned * x.n * sizeof(*rows));
		for (i = nrows = 0; i < p->n; i++) {
			const struct plan_item *it = &p->items[i];

			if (it->c->mx && !it->skip &&
			    !strcmp(it->c->family, (*mx)->name))
				cell_row(&x, it->c->mx, rows + nrows++ * x.n);
		}
		covered = cover_count_rows(&x.prob, &r, rows, nrows);
		free(rows);
		runnable = r.tuples - r.forbidden - r.unreachable;
		snprintf(line, sizeof(line), "matrix %s: %u cells planned; "
			 "%s of %s in a runnable cell: %lu of the %lu this "
			 "machine can run (%lu%%), %lu not runnable here",
			 (*mx)->name, planned, strength == 3 && tier >=
			 TIER_MATRIX ? "triples" : "pairs", tier < TIER_MATRIX ?
			 "branch values" : "values", covered, runnable,
			 runnable ? covered * 100 / runnable : 100,
			 r.forbidden + r.unreachable);
		fn(arg, line);
		mx_release(&x, &r);
	}
}

int matrix_list(const struct fpabi_machine *m, const char *name,
		enum fpabi_tier tier)
{
	const struct fpabi_matrix *const *mx;
	char names[128];
	size_t o = 0;
	bool any = false;

	names[0] = 0;
	for (mx = fpabi_arch.matrices; mx && *mx; mx++) {
		o += snprintf(names + o, sizeof(names) - o, "%s%s",
			      o ? ", " : "", (*mx)->name);
		if (name && strcmp(name, (*mx)->name))
			continue;
		if (any)
			printf("\n");
		list_one(m, *mx, tier);
		any = true;
	}
	if (!any && !names[0])
		bad_usage("--matrix: %s has no matrices", fpabi_arch.name);
	if (!any)
		bad_usage("--matrix: %s has no matrix '%s' (it has: %s)",
			  fpabi_arch.name, name, names);
	return 0;
}
