// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The generated matrices (--tier matrix, exhaustive): each backend
 * matrix's subjects (a regset write, a frame edit) crossed with the
 * kernel's branch variables (the mode, or its bits; a history; a window)
 * by a covering array (cover.h) with the backend's constraints, planned
 * as cases of their own from the cells the backend's model describes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/common-run.h"
#include "fpabi/cover.h"
#include "fpabi/derive.h"
#include "fpabi/ematrix.h"
#include "fpabi/matrix.h"
#include "fpabi/plan.h"
#include "fpabi/platform.h"
#include "fpabi/util.h"
#include "matrix-int.h"

void mx_insert(struct fpabi_mx_cell *cell, unsigned at,
	       const struct fpabi_step *ins, unsigned n)
{
	unsigned len = 0;

	while (cell->steps[len].op != S_END)
		len++;
	if (len + n + 1 > FPABI_MX_STEPS || at > len)
		die("internal: a matrix cell of too many steps");
	memmove(cell->steps + at + n, cell->steps + at,
		(len - at + 1) * sizeof(*cell->steps));
	memcpy(cell->steps + at, ins, n * sizeof(*ins));
	if (cell->drop >= (int)at)
		cell->drop = (int8_t)(cell->drop + n);
}

void mx_ev_fill(const struct fpabi_ev_subject *s, struct fpabi_mx_cell *out)
{
	unsigned n = 0;

	while (s->steps[n].op != S_END)
		n++;
	out->rule = s->rule;
	out->expect = s->expect;
	out->what = s->what;
	out->summary = s->summary;
	out->needs = s->needs | plan_steps_sc_needs(s->steps);
	out->pre = s->pre;
	out->competitor = s->competitor;
	out->quirks = s->quirks;
	out->drop = s->drop;
	out->drop_class = s->drop_class;
	memcpy(out->steps, s->steps, (n + 1) * sizeof(*s->steps));
}

/* ------------------------------------------------- the problem's axes */

/* Which modes of each subject the platform cannot run, whatever the
 * history and window: a need the machine lacks (bpf-prog-load's
 * NEED_BPF) or a present quirk that can change the cell (its cells SKIP
 * as the hand-written cases do, fpabi_platform_skip()).  The covering
 * array takes those pairs as the platform's constraints, not as cells
 * to run and find unproven; a cell's needs and quirks are its
 * subject's in the mode (the history's and the window's are the
 * array's other constraints). */
static void platform_setup(struct mx_ctx *x)
{
	struct fpabi_mx_cell cell;
	const char *why;
	unsigned k, mode;

	for (k = 0; k < x->mx->nsubjects(); k++)
		for (mode = 0; mode < x->mx->nmodes; mode++) {
			if (x->mode_skip[mode])
				continue;
			memset(&cell, 0, sizeof(cell));
			x->mx->cell(x->m, k, mode, 0, &x->v[mode], &cell);
			why = plan_missing_need(x->m, cell.needs);
			if (!why)
				why = fpabi_platform_skip(x->m, cell.quirks,
							  &x->v[mode]);
			if (!why)
				continue;
			x->plat_modes[k] |= (uint16_t)(1u << mode);
			x->plat_why[k] = why;
		}
}

/* Why the platform keeps subject k (-1: every subject) from every mode
 * m can run whose bits in mask are those of mode, or NULL. */
static const char *platform_why(const struct mx_ctx *x, int k,
				unsigned mask, unsigned mode)
{
	unsigned s = k < 0 ? 0 : (unsigned)k;
	unsigned end = k < 0 ? x->ax[0].n : s + 1, md;
	const char *why = NULL;

	for (; s < end; s++)
		for (md = 0; md < x->mx->nmodes; md++) {
			if ((md & mask) != (mode & mask) || x->mode_skip[md])
				continue;
			if (!(x->plat_modes[s] >> md & 1))
				return NULL;
			why = x->plat_why[s];
		}
	return why;
}

void mx_setup(struct mx_ctx *x, const struct fpabi_machine *m,
	      const struct fpabi_matrix *mx)
{
	unsigned i, k;

	if (mx->nhist > FPABI_MX_HISTS || mx->nmodes > MX_MAX_MODES ||
	    (mx->nsplit && 1u << mx->nsplit != mx->nmodes) ||
	    mx->nwin < 1 || mx->nsubjects() > COVER_MAX_VALUES)
		die("internal: matrix %s: its axes do not fit", mx->name);
	memset(x, 0, sizeof(*x));
	x->m = m;
	x->mx = mx;
	for (k = 0; k < mx->nmodes; k++) {
		x->mode_skip[k] = mx->mode_variant(m, k, &x->v[k]);
		if (!x->mode_skip[k])
			x->mode_skip[k] = x->v[k].skip;
	}
	platform_setup(x);
	x->kind[x->n] = AX_SUBJECT;
	x->ax[x->n++] = (struct cover_axis){ mx->subject, mx->nsubjects() };
	for (i = 0; i < mx->nsplit; i++) {
		x->kind[x->n] = AX_BIT0 + i;
		x->ax[x->n++] = (struct cover_axis){ mx->split_names[i], 2 };
	}
	if (!mx->nsplit) {
		x->kind[x->n] = AX_MODE;
		x->ax[x->n++] = (struct cover_axis){ mx->mode_axis,
						     mx->nmodes };
	}
	x->kind[x->n] = AX_HIST;
	x->ax[x->n++] = (struct cover_axis){ "history", mx->nhist + 1 };
	x->kind[x->n] = AX_WIN;
	x->ax[x->n++] = (struct cover_axis){ mx->win_axis, mx->nwin };
}

/* A row's cell coordinates. */
void mx_coords(const struct mx_ctx *x, const unsigned *row, struct mx_at *at)
{
	unsigned i;

	memset(at, 0, sizeof(*at));
	at->k = row[0];
	for (i = 1; i < x->n; i++)
		switch (x->kind[i]) {
		case AX_SUBJECT: break;
		case AX_MODE: at->mode = row[i]; break;
		case AX_HIST: at->hk = (int)row[i] - 1; break;
		case AX_WIN: at->w = row[i]; break;
		default: at->mode |= row[i] << (x->kind[i] - AX_BIT0); break;
		}
}

/* Why value a of axis i cannot be on m at all, or NULL. */
static const char *value_why(const struct mx_ctx *x, unsigned i, unsigned a)
{
	unsigned k, bit;
	const char *why = NULL;

	switch (x->kind[i]) {
	case AX_MODE:
		return x->mode_skip[a] ? x->mode_skip[a] :
		       platform_why(x, -1, ~0u, a);
	case AX_WIN:
		return plan_missing_need(x->m, x->mx->wins[a].needs);
	case AX_SUBJECT:
		return platform_why(x, (int)a, 0, 0);
	case AX_HIST:
		return NULL;
	default:
		bit = 1u << (x->kind[i] - AX_BIT0);
		for (k = 0; k < x->mx->nmodes; k++)
			if (!!(k & bit) == !!a) {
				if (!x->mode_skip[k])
					return platform_why(x, -1, bit,
							 a ? bit : 0);
				why = why ? why : x->mode_skip[k];
			}
		return why;
	}
}

/* the mode bits axes i, j set (mask, value) */
static void known_bits(const struct mx_ctx *x, unsigned i, unsigned a,
		       unsigned *mask, unsigned *mode)
{
	if (x->kind[i] == AX_MODE) {
		*mask = ~0u;
		*mode = a;
	} else if (x->kind[i] >= AX_BIT0) {
		*mask |= 1u << (x->kind[i] - AX_BIT0);
		*mode |= a << (x->kind[i] - AX_BIT0);
	}
}

/* the pairs a constraint forbids: a value m cannot run, two mode bits
 * that make a mode m cannot run, a subject in a mode the platform
 * cannot run it in (platform_setup()), a mode the ABI never has at the
 * window's event */
static const char *pair_why(void *ctx, unsigned i, unsigned a, unsigned j,
			    unsigned b)
{
	const struct mx_ctx *x = ctx;
	unsigned mask = 0, mode = 0, w;
	const char *why;

	if ((why = value_why(x, i, a)) || (why = value_why(x, j, b)))
		return why;
	known_bits(x, i, a, &mask, &mode);
	known_bits(x, j, b, &mask, &mode);
	if (x->kind[i] >= AX_BIT0 && x->kind[j] >= AX_BIT0 &&
	    x->mx->nsplit == 2 && x->mode_skip[mode])
		return x->mode_skip[mode];
	/* a subject in the modes the platform cannot run it in */
	if (mask && (why = platform_why(x, x->kind[i] == AX_SUBJECT ? (int)a :
				     x->kind[j] == AX_SUBJECT ? (int)b : -1,
				     mask, mode)))
		return why;
	if (!x->mx->win_why || !mask ||
	    (x->kind[i] != AX_WIN && x->kind[j] != AX_WIN))
		return NULL;
	w = x->kind[i] == AX_WIN ? a : b;
	return x->mx->win_why(mask, mode, w);
}

/* The cell of at, described into cell; why m cannot run it, or NULL. */
const char *mx_cell_skip(const struct mx_ctx *x, const struct mx_at *at,
			 struct fpabi_mx_cell *cell,
			 const struct fpabi_history **h)
{
	const struct fpabi_matrix *mx = x->mx;
	const struct fpabi_variant *v = x->mode_skip[at->mode] ? NULL :
					&x->v[at->mode];
	const char *skip = x->mode_skip[at->mode];

	memset(cell, 0, sizeof(*cell));
	mx->cell(x->m, at->k, at->mode, at->w, v, cell);
	*h = at->hk >= 0 ? mx->history(x->m, (unsigned)at->hk, v) : NULL;
	if (!skip)
		skip = plan_missing_need(x->m, cell->needs);
	if (!skip && cell->min_kver && x->m->kver < cell->min_kver)
		skip = cell->min_kver_why;
	if (!skip)
		skip = cell->skip;
	if (!skip && at->hk >= 0 && !*h)
		skip = "no history of this kind for the mode";
	if (!skip && *h)
		skip = plan_missing_need(x->m, (*h)->needs);
	if (!skip)
		skip = plan_missing_need(x->m, mx->wins[at->w].needs);
	/* a present quirk can change the cell: it SKIPs before it runs,
	 * as the hand-written cases do (plan.c) */
	if (!skip)
		skip = fpabi_platform_skip(x->m, cell->quirks, v);
	return skip;
}

static const char *row_why(void *ctx, const unsigned *row)
{
	const struct mx_ctx *x = ctx;
	const struct fpabi_history *h;
	struct fpabi_mx_cell cell;
	struct mx_at at;

	mx_coords(x, row, &at);
	return mx_cell_skip(x, &at, &cell, &h);
}

/* The window axis' index. */
static unsigned win_index(const struct mx_ctx *x)
{
	unsigned i;

	for (i = 0; i < x->n && x->kind[i] != AX_WIN; i++)
		;
	return i;
}

/* Are later windows (fpabi_matrix.nwin_base) to be planned after the
 * array of the first ones (and is x not planning that array now)? */
static bool staged(const struct mx_ctx *x)
{
	const struct fpabi_matrix *mx = x->mx;

	return mx->nwin_base && mx->nwin_base < mx->nwin &&
	       x->ax[win_index(x)].n == mx->nwin;
}

/* Rows of r as an array of their own (nrows x x->n). */
static unsigned *rows_copy(const struct mx_ctx *x, const struct cover_result *r)
{
	unsigned *rows = xzalloc((r->nrows + 1) * x->n * sizeof(*rows));

	memcpy(rows, r->rows, r->nrows * x->n * sizeof(*rows));
	return rows;
}

/*
 * The default tier's array: every pair of values of the branch axes (all
 * but the subject), each row with the next subject that runs with it.
 * Staged: the array over the first windows, then its rows first.
 */
void mx_generate_default(struct mx_ctx *x, struct cover_result *r)
{
	unsigned nseed = 0;

	free(x->dseed);
	x->dseed = NULL;
	if (staged(x)) {
		struct cover_result old;
		unsigned wi = win_index(x);

		x->ax[wi].n = x->mx->nwin_base;
		mx_generate_default(x, &old);
		x->ax[wi].n = x->mx->nwin;
		x->dseed = rows_copy(x, &old);
		nseed = old.nrows;
		cover_free(&old);
	}
	x->prob = (struct cover_problem){
		.naxes = x->n, .axes = x->ax, .strength = 2, .from = 1,
		.pair_why = pair_why, .row_why = row_why, .ctx = x,
		.seed = x->dseed, .nseed = nseed,
	};
	cover_generate(&x->prob, r);
}

static bool has_row(const unsigned *rows, unsigned n, unsigned naxes,
		    const unsigned *row)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (!memcmp(rows + i * naxes, row, naxes * sizeof(*row)))
			return true;
	return false;
}

static void mx_generate_staged(struct mx_ctx *x, unsigned strength,
			       struct cover_result *r);
static int cmp_rows(const void *a, const void *b, void *n);

/*
 * The matrix tier's array: seeded with the default tier's rows, then
 * every subject in every mode, with no history and the first window (the
 * matrix as it was planned before it crossed the branch variables), then
 * completed to cover every pair (strength 2) or triple (3) of values.
 */
void mx_generate(struct mx_ctx *x, unsigned strength, struct cover_result *r)
{
	const struct fpabi_matrix *mx = x->mx;
	unsigned k, mode, i, row[COVER_MAX_AXES];
	struct cover_result d;

	if (staged(x)) {
		mx_generate_staged(x, strength, r);
		return;
	}
	mx_generate_default(x, &d);
	x->ndefault = d.nrows;
	x->seed = xzalloc((d.nrows + mx->nsubjects() * mx->nmodes) * x->n *
			  sizeof(*x->seed));
	memcpy(x->seed, d.rows, d.nrows * x->n * sizeof(*x->seed));
	x->nseed = d.nrows;
	cover_free(&d);
	for (k = 0; k < mx->nsubjects(); k++)
		for (mode = 0; mode < mx->nmodes; mode++) {
			row[0] = k;
			for (i = 1; i < x->n; i++)
				row[i] = x->kind[i] == AX_MODE ? mode :
					 x->kind[i] >= AX_BIT0 ?
					 mode >> (x->kind[i] - AX_BIT0) & 1 : 0;
			if (!has_row(x->seed, x->ndefault, x->n, row))
				memcpy(x->seed + x->nseed++ * x->n, row,
				       x->n * sizeof(*row));
		}
	x->prob = (struct cover_problem){
		.naxes = x->n, .axes = x->ax, .strength = strength,
		.pair_why = pair_why, .row_why = row_why, .ctx = x,
		.seed = x->seed, .nseed = x->nseed,
	};
	cover_generate(&x->prob, r);
}

/*
 * Staged (fpabi_matrix.nwin_base): the array over the first windows as
 * mx_generate() makes it, then the default tier's staged rows and that
 * array's rows as seeds, completed over every window: the cells planned
 * before the later windows came are all there, the new ones after.
 */
static void mx_generate_staged(struct mx_ctx *x, unsigned strength,
			       struct cover_result *r)
{
	unsigned wi = win_index(x), *old_rows, nold, i;
	struct cover_result old, d;

	x->ax[wi].n = x->mx->nwin_base;
	mx_generate(x, strength, &old);
	x->ax[wi].n = x->mx->nwin;
	/* the old array's rows: its seeds (runnable or not, as planned),
	 * then its generated rows, by subject (plan_one()'s order) */
	qsort_r(old.rows + old.nseeded * x->n, old.nrows - old.nseeded,
		x->n * sizeof(*old.rows), cmp_rows, &x->n);
	nold = x->nseed + old.nrows - old.nseeded;
	old_rows = xzalloc((nold + 1) * x->n * sizeof(*old_rows));
	memcpy(old_rows, x->seed, x->nseed * x->n * sizeof(*old_rows));
	memcpy(old_rows + x->nseed * x->n, old.rows + old.nseeded * x->n,
	       (old.nrows - old.nseeded) * x->n * sizeof(*old_rows));
	mx_release(x, &old);
	mx_generate_default(x, &d);
	x->ndefault = d.nrows;
	x->seed = xzalloc((d.nrows + nold) * x->n * sizeof(*x->seed));
	memcpy(x->seed, d.rows, d.nrows * x->n * sizeof(*x->seed));
	x->nseed = d.nrows;
	cover_free(&d);
	for (i = 0; i < nold; i++)
		if (!has_row(x->seed, x->nseed, x->n, old_rows + i * x->n))
			memcpy(x->seed + x->nseed++ * x->n, old_rows + i * x->n,
			       x->n * sizeof(*x->seed));
	free(old_rows);
	x->prob = (struct cover_problem){
		.naxes = x->n, .axes = x->ax, .strength = strength,
		.pair_why = pair_why, .row_why = row_why, .ctx = x,
		.seed = x->seed, .nseed = x->nseed,
	};
	cover_generate(&x->prob, r);
}

void mx_release(struct mx_ctx *x, struct cover_result *r)
{
	cover_free(r);
	free(x->seed);
	x->seed = NULL;
	free(x->dseed);
	x->dseed = NULL;
}

/* ------------------------------------------------------------ planning */

/* The case of the cell at, from its description. */
static const struct fpabi_case *cell_case(struct plan *p,
					  const struct mx_ctx *x,
					  const struct mx_at *at,
					  const struct fpabi_mx_cell *desc,
					  enum fpabi_tier tier)
{
	struct fpabi_mx_cell *cell = derive_pool_alloc(&p->pool, sizeof(*cell));
	const struct fpabi_matrix *mx = x->mx;
	const struct fpabi_case *c;
	struct fpabi_case proto;

	*cell = *desc;
	cell->mode = (int8_t)at->mode;
	cell->hist = (int8_t)at->hk;
	cell->win = (int8_t)at->w;
	cell->subject = (int16_t)at->k;
	memset(&proto, 0, sizeof(proto));
	proto.family = mx->name;
	proto.name = mx->subject_name(at->k);
	proto.summary = cell->summary;
	proto.rule = cell->rule;
	proto.needs = cell->needs | mx->wins[at->w].needs;
	proto.pre = cell->pre;
	proto.competitor = cell->competitor;
	proto.quirks = cell->quirks;
	proto.min_kver = cell->min_kver;
	proto.min_kver_why = cell->min_kver_why;
	proto.vset = VSET_DEFAULT;
	proto.drop = cell->drop;
	proto.drop_class = cell->drop_class;
	proto.tier = tier;
	proto.mx = cell;
	c = derive_from(&p->pool, &proto, cell->steps);
	if (!c)
		die("internal: %s.%s: a matrix cell of too many steps", mx->name,
		    proto.name);
	/* every cell names a rule the model has */
	rule_get(c->rule);
	return c;
}

static unsigned nsteps(const struct fpabi_case *c)
{
	unsigned n = 0;

	while (c->steps[n].op != S_END)
		n++;
	return n;
}

/*
 * The unobserved twin of a cell of the default array (plan_build()'s plans
 * of tier full and up; not matrix-list's, of cells alone):
 * the same tracee steps, untraced.  Only where the twin crosses what the
 * cell cannot: a stop the cell takes at its event switches the tracee out
 * (a signal's delivery stop, say: the frame is then saved from fpstate,
 * never from the live registers), and the twin goes without it.  A window
 * of stops (switched-out, migrated, evicted) has no twin: untraced it
 * would be the no-window cell's.  The twin is no matrix cell (its row is
 * the observed cell's): matrix-list counts the cells alone.
 */
static void add_twin(struct plan *p, const struct fpabi_case *obs,
		     const struct fpabi_case *cell, const struct fpabi_history *h,
		     const struct fpabi_variant *v, const char *skip,
		     const char *win, const char *filter, const char *family)
{
	const struct fpabi_step *s;
	const struct fpabi_case *d;
	struct plan_item *t;
	size_t before = p->n, o;
	bool loses = false;

	for (s = cell->steps; s->op != S_END; s++)
		loses |= twin_loses_stop(s);
	d = loses ? derive_case(&p->pool, cell, h, true, NULL, 0) : NULL;
	if (!d || nsteps(d) != nsteps(obs))
		return;
	t = plan_add(p, d, v, 0, skip, h, PLACE_NONE);
	/* (the window before the twin's mark: ".../w=syscall/unobserved") */
	o = strlen(t->id) - strlen(PLAN_TWIN_MARK);
	if (win)
		snprintf(t->id + o, sizeof(t->id) - o, "/w=%s%s", win, PLAN_TWIN_MARK);
	if (!plan_matches(filter, t->id, family))
		p->n = before;
}

/* Plan the cell at (skip: why m cannot run it, or NULL); a cell of the
 * default array (tier) with its twin where the plan has them
 * (add_twin()). */
static void add_cell(struct plan *p, const struct mx_ctx *x,
		     const struct mx_at *at, const char *filter,
		     enum fpabi_tier tier)
{
	const struct fpabi_matrix *mx = x->mx;
	const struct fpabi_history *h;
	const struct fpabi_case *c, *d, *c0;
	struct fpabi_mx_cell desc;
	struct fpabi_variant v = x->v[at->mode];
	const char *skip = mx_cell_skip(x, at, &desc, &h);
	char why[160] = "";
	size_t before = p->n, o;

	if (x->mode_skip[at->mode])
		snprintf(v.name, sizeof(v.name), "%s", mx->mode_name(at->mode));
	c = c0 = cell_case(p, x, at, &desc, tier);
	if (at->hk >= 0 && !h) {
		/* named as the kind, so the cell is still listed */
		struct fpabi_history *none =
			derive_pool_alloc(&p->pool, sizeof(*none));

		none->name = mx->hist_kinds[at->hk];
		h = none;
	} else if (h && (d = derive_case(&p->pool, c, h, false, why,
					 sizeof(why)))) {
		c = d;
	} else if (h && !skip) {
		die("internal: %s.%s with h=%s: %s", mx->name, c->name,
		    h->name, why[0] ? why : "the prelude does not combine");
	}
	plan_add(p, c, &v, 0, skip, h, PLACE_NONE);
	o = strlen(p->items[before].id);
	if (at->w)
		snprintf(p->items[before].id + o, sizeof(p->items[0].id) - o,
			 "/w=%s", mx->wins[at->w].name);
	if (!plan_matches(filter, p->items[before].id, mx->name))
		p->n = before;
	/* (a history this mode lacks: no twin to derive) */
	if (p->mx_twins && tier == TIER_DEFAULT && (at->hk < 0 || c != c0))
		add_twin(p, c, c0, at->hk >= 0 ? h : NULL, &v, skip,
			 at->w ? mx->wins[at->w].name : NULL, filter, mx->name);
}

static int cmp_rows(const void *a, const void *b, void *n)
{
	const unsigned *x = a, *y = b;
	unsigned i;

	for (i = 0; i < *(unsigned *)n; i++)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

static void plan_one(struct plan *p, const struct fpabi_machine *m,
		     const struct fpabi_matrix *mx, const char *filter,
		     enum fpabi_tier tier)
{
	struct cover_result r;
	struct mx_ctx x;
	struct mx_at at;
	unsigned i;

	mx_setup(&x, m, mx);
	if (tier < TIER_MATRIX) {
		/* the default tier: every pair of branch values, once */
		mx_generate_default(&x, &r);
		for (i = 0; i < r.nrows; i++) {
			mx_coords(&x, r.rows + i * x.n, &at);
			add_cell(p, &x, &at, filter, TIER_DEFAULT);
		}
		mx_release(&x, &r);
		return;
	}
	mx_generate(&x, matrix_strength(tier), &r);
	/* every seed, runnable or not (those list their reason), in order;
	 * then the generated rows, by subject */
	for (i = 0; i < x.nseed; i++) {
		mx_coords(&x, x.seed + i * x.n, &at);
		add_cell(p, &x, &at, filter,
			 i < x.ndefault ? TIER_DEFAULT : TIER_MATRIX);
	}
	qsort_r(r.rows + r.nseeded * x.n, r.nrows - r.nseeded,
		x.n * sizeof(*r.rows), cmp_rows, &x.n);
	for (i = r.nseeded; i < r.nrows; i++) {
		mx_coords(&x, r.rows + i * x.n, &at);
		add_cell(p, &x, &at, filter, TIER_MATRIX);
	}
	mx_release(&x, &r);
}

unsigned matrix_strength(enum fpabi_tier tier)
{
	return tier >= TIER_EXHAUSTIVE ? 3 : 2;
}

void matrix_plan(struct plan *p, const struct fpabi_machine *m,
		 const char *filter, enum fpabi_tier tier)
{
	const struct fpabi_matrix *const *mx;

	for (mx = fpabi_arch.matrices; mx && *mx; mx++)
		plan_one(p, m, *mx, filter, tier);
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
	matrix_plan(&p, m, mx->name, TIER_MATRIX);
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
	fputs("], \"window\": {\"name\": ", f);
	json_write_str(f, mx->win_axis ? mx->win_axis : "window");
	fputs(", \"values\": [", f);
	for (k = 0; k < mx->nwin; k++) {
		fputs(k ? ", " : "", f);
		json_write_str(f, mx->wins[k].name);
	}
	fputs("]}},\n   \"cells\": [", f);
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
		fputs(", \"window\": ", f);
		json_write_str(f, c->win > 0 ? mx->wins[c->win].name : "none");
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
