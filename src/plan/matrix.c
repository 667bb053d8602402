// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The generated matrices (--tier matrix): each backend matrix's subjects
 * (a regset write, a frame edit) crossed with the tracee's modes, and
 * with its history kinds pairwise, planned as cases of their own from
 * the cells the backend's model describes; `fpabi list --matrix` prints
 * the axes and what the cells expect.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/common-run.h"
#include "fpabi/derive.h"
#include "fpabi/matrix.h"
#include "fpabi/plan.h"
#include "fpabi/util.h"

#define MAX_MODES	16

/* The modes of mx that m can run, in order. */
static unsigned runnable_modes(const struct fpabi_machine *m,
			       const struct fpabi_matrix *mx, unsigned *out)
{
	struct fpabi_variant v;
	unsigned k, n = 0;

	for (k = 0; k < mx->nmodes && k < MAX_MODES; k++) {
		memset(&v, 0, sizeof(v));
		if (!mx->mode_variant(m, k, &v) && !v.skip)
			out[n++] = k;
	}
	return n;
}

/* The case of subject k in mode (variant v, or NULL), from its cell. */
static const struct fpabi_case *cell_case(struct plan *p,
					  const struct fpabi_machine *m,
					  const struct fpabi_matrix *mx,
					  unsigned k, unsigned mode, int hk,
					  const struct fpabi_variant *v)
{
	struct fpabi_mx_cell *cell = derive_pool_alloc(&p->pool, sizeof(*cell));
	const struct fpabi_case *c;
	struct fpabi_case proto;

	mx->cell(m, k, mode, v, cell);
	cell->mode = (int8_t)mode;
	cell->hist = (int8_t)hk;
	cell->subject = (int16_t)k;
	memset(&proto, 0, sizeof(proto));
	proto.family = mx->name;
	proto.name = mx->subject_name(k);
	proto.summary = cell->summary;
	proto.rule = cell->rule;
	proto.needs = cell->needs;
	proto.min_kver = cell->min_kver;
	proto.min_kver_why = cell->min_kver_why;
	proto.vset = VSET_DEFAULT;
	proto.drop = cell->drop;
	proto.drop_class = cell->drop_class;
	proto.tier = TIER_MATRIX;
	proto.mx = cell;
	c = derive_from(&p->pool, &proto, cell->steps);
	if (!c)
		die("internal: %s.%s: a matrix cell of too many steps", mx->name,
		    proto.name);
	/* every cell names a rule the model has */
	rule_get(c->rule);
	return c;
}

/* Plan subject k in mode, with history kind hk (-1: none). */
static void add_cell(struct plan *p, const struct fpabi_machine *m,
		     const struct fpabi_matrix *mx, unsigned k, unsigned mode,
		     int hk, const char *filter)
{
	const struct fpabi_history *h = NULL;
	const struct fpabi_case *c;
	const char *skip;
	struct fpabi_variant v;
	char why[160] = "";
	size_t before = p->n;

	memset(&v, 0, sizeof(v));
	skip = mx->mode_variant(m, mode, &v);
	if (skip)
		snprintf(v.name, sizeof(v.name), "%s", mx->mode_name(mode));
	c = cell_case(p, m, mx, k, mode, hk, skip ? NULL : &v);
	if (!skip)
		skip = plan_missing_need(m, c->needs);
	if (!skip && c->min_kver && m->kver < c->min_kver)
		skip = c->min_kver_why;
	if (!skip)
		skip = c->mx->skip ? c->mx->skip : v.skip;
	if (hk >= 0) {
		const struct fpabi_case *d;

		h = mx->history(m, (unsigned)hk, skip ? NULL : &v);
		if (!h) {
			/* named as the kind, so the cell is still listed */
			struct fpabi_history *none =
				derive_pool_alloc(&p->pool, sizeof(*none));

			none->name = mx->hist_kinds[hk];
			h = none;
			if (!skip)
				skip = "no history of this kind for the mode";
		} else if ((d = derive_case(&p->pool, c, h, false, why,
					    sizeof(why)))) {
			c = d;
		} else if (!skip) {
			die("internal: %s.%s with h=%s: %s", mx->name, c->name,
			    h->name, why[0] ? why : "the prelude does not combine");
		}
		if (!skip)
			skip = plan_missing_need(m, h->needs);
	}
	plan_add(p, c, &v, 0, skip, h, PLACE_NONE);
	if (!plan_matches(filter, p->items[before].id, mx->name))
		p->n = before;
}

static void plan_one(struct plan *p, const struct fpabi_machine *m,
		     const struct fpabi_matrix *mx, const char *filter)
{
	unsigned run[MAX_MODES], nrun = runnable_modes(m, mx, run), k, mode, j;

	if (mx->nhist > FPABI_MX_HISTS || mx->nmodes > MAX_MODES)
		die("internal: matrix %s has too many modes or histories",
		    mx->name);
	for (k = 0; k < mx->nsubjects(); k++) {
		for (mode = 0; mode < mx->nmodes; mode++)
			add_cell(p, m, mx, k, mode, -1, filter);
		/* pairwise: each history once per subject, in a mode that
		 * turns with the subject, so every mode meets every history */
		for (j = 0; j < mx->nhist; j++) {
			mode = nrun ? run[(k + j) % nrun] : (k + j) % mx->nmodes;
			add_cell(p, m, mx, k, mode, (int)j, filter);
		}
	}
}

void matrix_plan(struct plan *p, const struct fpabi_machine *m,
		 const char *filter)
{
	const struct fpabi_matrix *const *mx;

	for (mx = fpabi_arch.matrices; mx && *mx; mx++)
		plan_one(p, m, *mx, filter);
}

/* ------------------------------------------------------- list --matrix */

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

static void print_axes(const struct fpabi_matrix *mx)
{
	unsigned k, full = mx->nsubjects() * mx->nmodes * (mx->nhist + 1);

	printf("matrix %s (%s): %s\naxes:\n", mx->name, fpabi_arch.name,
	       mx->what);
	print_subjects(mx);
	printf("  %s: %u values (", mx->mode_axis, mx->nmodes);
	for (k = 0; k < mx->nmodes; k++)
		printf("%s%s", k ? ", " : "", mx->mode_name(k));
	printf(")\n  history: %u values (none", mx->nhist + 1);
	for (k = 0; k < mx->nhist; k++)
		printf(", %s", mx->hist_kinds[k]);
	printf(")\nfull product: %u x %u x %u = %u cells; planned pairwise "
	       "(the full product is too large): every %s in every %s "
	       "without history (%u), and every %s after every history in "
	       "a %s that turns with the %s (%u)\n", mx->nsubjects(),
	       mx->nmodes, mx->nhist + 1, full, mx->subject, mx->mode_axis,
	       mx->nsubjects() * mx->nmodes, mx->subject, mx->mode_axis,
	       mx->subject, mx->nsubjects() * mx->nhist);
}

static void list_one(const struct fpabi_machine *m,
		     const struct fpabi_matrix *mx)
{
	struct plan p;
	struct tally skips = { .count = 0 }, outcomes = { .count = 0 };
	bool pair[MAX_MODES][FPABI_MX_HISTS + 1];
	unsigned i, j, exact = 0, unspec = 0, runnable = 0, pairs = 0;

	memset(&p, 0, sizeof(p));
	memset(pair, 0, sizeof(pair));
	matrix_plan(&p, m, mx->name);
	print_axes(mx);
	for (i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.items[i];
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
		pair[c->mode][c->hist + 1] = true;
	}
	for (i = 0; i < mx->nmodes; i++)
		for (j = 1; j <= mx->nhist; j++)
			pairs += pair[i][j];
	printf("cells: %u (%s x history pairs planned: %u of %u)\n", p.n,
	       mx->mode_axis, pairs, mx->nmodes * mx->nhist);
	printf("  exact expectation: %u\n  unspecified (each word its old "
	       "value or zero): %u\n", exact, unspec);
	printf("  runnable here: %u\n  the platform cannot run: %u\n",
	       runnable, p.n - runnable);
	print_tally("    ", &skips);
	printf("outcomes:\n");
	print_tally("  ", &outcomes);
	for (i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.items[i];
		const struct fpabi_mx_cell *c = it->c->mx;

		printf("%s\texpect: %s\trule: %s\t%s\t%s%s\t%s\n", it->id,
		       c->expect, c->rule, c->unspecified ? "unspecified" :
		       "exact", it->skip ? "skip: " : "runnable",
		       it->skip ? it->skip : "", c->what);
	}
	plan_free(&p);
}

/* matrix_list()'s checks of the name: every one, or NAME among them */
static void check_name(const char *name)
{
	const struct fpabi_matrix *const *mx;
	char names[128];
	size_t o = 0;

	names[0] = 0;
	for (mx = fpabi_arch.matrices; mx && *mx; mx++) {
		if (!name || !strcmp(name, (*mx)->name))
			return;
		o += snprintf(names + o, sizeof(names) - o, "%s%s",
			      o ? ", " : "", (*mx)->name);
	}
	if (!names[0])
		bad_usage("--matrix: %s has no matrices", fpabi_arch.name);
	bad_usage("--matrix: %s has no matrix '%s' (it has: %s)",
		  fpabi_arch.name, name, names);
}

static void json_names(FILE *f, const char *key, const char *axis,
		       unsigned n, const char *(*name)(unsigned k))
{
	unsigned k;

	fprintf(f, "\"%s\": {\"name\": ", key);
	json_write_str(f, axis);
	fputs(", \"values\": [", f);
	for (k = 0; k < n; k++) {
		fputs(k ? ", " : "", f);
		json_write_str(f, name(k));
	}
	fputs("]}", f);
}

static void json_one(FILE *f, const struct fpabi_machine *m,
		     const struct fpabi_matrix *mx)
{
	struct plan p;
	unsigned i, k;

	memset(&p, 0, sizeof(p));
	matrix_plan(&p, m, mx->name);
	fputs("{\"name\": ", f);
	json_write_str(f, mx->name);
	fputs(", \"what\": ", f);
	json_write_str(f, mx->what);
	fputs(",\n   \"axes\": {", f);
	json_names(f, "subject", mx->subject, mx->nsubjects(), mx->subject_name);
	fputs(", \"groups\": [", f);
	for (k = 0; k < mx->nsubjects(); k++) {
		fputs(k ? ", " : "", f);
		json_write_str(f, mx->subject_group(k));
	}
	fputs("], ", f);
	json_names(f, "mode", mx->mode_axis, mx->nmodes, mx->mode_name);
	fputs(", \"history\": [\"none\"", f);
	for (k = 0; k < mx->nhist; k++) {
		fputs(", ", f);
		json_write_str(f, mx->hist_kinds[k]);
	}
	fputs("]},\n   \"cells\": [", f);
	for (i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.items[i];
		const struct fpabi_mx_cell *c = it->c->mx;

		fputs(i ? ",\n    {\"id\": " : "\n    {\"id\": ", f);
		json_write_str(f, it->id);
		fputs(", \"subject\": ", f);
		json_write_str(f, mx->subject_name((unsigned)c->subject));
		fputs(", \"mode\": ", f);
		json_write_str(f, mx->mode_name((unsigned)c->mode));
		fputs(", \"history\": ", f);
		json_write_str(f, c->hist < 0 ? "none" :
			       mx->hist_kinds[c->hist]);
		fputs(", \"expect\": ", f);
		json_write_str(f, c->expect);
		fputs(", \"rule\": ", f);
		json_write_str(f, c->rule);
		fprintf(f, ", \"exact\": %s, \"skip\": ",
			c->unspecified ? "false" : "true");
		if (it->skip)
			json_write_str(f, it->skip);
		else
			fputs("null", f);
		fputs(", \"what\": ", f);
		json_write_str(f, c->what);
		fputc('}', f);
	}
	fputs("]}", f);
	plan_free(&p);
}

void matrix_json(FILE *f, const struct fpabi_machine *m, const char *name)
{
	const struct fpabi_matrix *const *mx;
	bool any = false;

	check_name(name);
	fputc('[', f);
	for (mx = fpabi_arch.matrices; mx && *mx; mx++) {
		if (name && strcmp(name, (*mx)->name))
			continue;
		fputs(any ? ",\n  " : "\n  ", f);
		json_one(f, m, *mx);
		any = true;
	}
	fputs(any ? "\n]" : "]", f);
}

int matrix_list(const struct fpabi_machine *m, const char *name)
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
		list_one(m, *mx);
		any = true;
	}
	if (!any && !names[0])
		bad_usage("--matrix: %s has no matrices", fpabi_arch.name);
	if (!any)
		bad_usage("--matrix: %s has no matrix '%s' (it has: %s)",
			  fpabi_arch.name, name, names);
	return 0;
}
