// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit test of the covering-array generator (src/plan/cover.c), checked
 * by brute force: every pair (and, at strength 3, every triple) of values
 * that no constraint forbids is in a runnable row; no row holds a
 * forbidden pair or fails its row check; forbidden and unreachable
 * tuples come with their reasons; seeds come first; the same problem
 * gives the same rows; the array stays near its lower bound; an array
 * seeded with a smaller problem's keeps its rows.
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/cover.h"
#include "tap-mini.h"

static const char *no_2_0(void *ctx, unsigned i, unsigned a, unsigned j,
			  unsigned b)
{
	(void)ctx;
	return i == 0 && a == 2 && j == 1 && b == 0 ?
	       "axis0=2 with axis1=0: impossible" : NULL;
}

static const char *no_row_1_3(void *ctx, const unsigned *row)
{
	(void)ctx;
	return row[2] == 1 && row[3] == 3 ? "the platform cannot run it" :
	       NULL;
}

/* Is the t-tuple (ax, val) in some row of r? */
static bool in_rows(const struct cover_problem *p, const struct cover_result *r,
		    const unsigned *ax, const unsigned *val, unsigned t)
{
	unsigned i;

	for (i = 0; i < r->nrows; i++)
		if (cover_row_has(p, r->rows + i * p->naxes, ax, val, t))
			return true;
	return false;
}

/* The tuples no constraint forbids that no row has, by brute force; the
 * forbidden ones counted into *nforbid. */
static unsigned misses(const struct cover_problem *p,
		       const struct cover_result *r, unsigned *nforbid)
{
	unsigned ax[3], val[3], miss = 0;

	*nforbid = 0;
	for (ax[0] = 0; ax[0] < p->naxes; ax[0]++)
	for (ax[1] = ax[0] + 1; ax[1] < p->naxes; ax[1]++)
	for (ax[2] = p->strength == 3 ? ax[1] + 1 : 0;
	     ax[2] < (p->strength == 3 ? p->naxes : 1); ax[2]++)
	for (val[0] = 0; val[0] < p->axes[ax[0]].n; val[0]++)
	for (val[1] = 0; val[1] < p->axes[ax[1]].n; val[1]++)
	for (val[2] = 0; val[2] < (p->strength == 3 ? p->axes[ax[2]].n : 1);
	     val[2]++) {
		bool forbid = false;
		unsigned x, y;

		for (x = 0; x < p->strength && p->pair_why; x++)
			for (y = x + 1; y < p->strength; y++)
				forbid |= !!p->pair_why(NULL, ax[x], val[x],
							ax[y], val[y]);
		if (forbid)
			(*nforbid)++;
		else if (!in_rows(p, r, ax, val, p->strength))
			miss++;
	}
	return miss;
}

/* No row holds a forbidden pair or fails the row check. */
static bool rows_valid(const struct cover_problem *p,
		       const struct cover_result *r)
{
	unsigned i, a, b;

	for (i = 0; i < r->nrows; i++) {
		const unsigned *row = r->rows + i * p->naxes;

		if (p->row_why && p->row_why(NULL, row))
			return false;
		for (a = 0; a < p->naxes && p->pair_why; a++)
			for (b = a + 1; b < p->naxes; b++)
				if (p->pair_why(NULL, a, row[a], b, row[b]))
					return false;
	}
	return true;
}

struct open_count {
	unsigned forbidden, unreachable, reasons;
	bool row_pair_named;
};

static void count_open(void *arg, const unsigned *ax, const unsigned *val,
		       enum cover_status st, const char *why)
{
	struct open_count *o = arg;

	o->forbidden += st == COVER_FORBIDDEN;
	o->unreachable += st == COVER_UNREACHABLE;
	o->reasons += why && why[0];
	if (st == COVER_UNREACHABLE && ax[0] == 2 && ax[1] == 3 &&
	    val[0] == 1 && val[1] == 3 && !strcmp(why, "the platform cannot "
						  "run it"))
		o->row_pair_named = true;
}

static void test_plain(unsigned t)
{
	static const struct cover_axis axes[] = {
		{ "a", 3 }, { "b", 3 }, { "c", 2 }, { "d", 4 }, { "e", 2 },
	};
	struct cover_problem p = { .naxes = 5, .axes = axes, .strength = t };
	struct cover_result r, r2;
	unsigned nf, m;

	cover_generate(&p, &r);
	m = misses(&p, &r, &nf);
	T_OK(m == 0 && r.covered == r.tuples && !r.forbidden,
	     "strength %u, no constraints: every tuple of %lu in one of %u "
	     "rows", t, r.tuples, r.nrows);
	T_OK(r.nrows >= (t == 2 ? 12u : 36u) &&
	     r.nrows <= (t == 2 ? 18u : 60u),
	     "strength %u: %u rows, near the lower bound %u", t, r.nrows,
	     t == 2 ? 12 : 36);
	cover_generate(&p, &r2);
	T_OK(r2.nrows == r.nrows &&
	     !memcmp(r.rows, r2.rows, r.nrows * p.naxes * sizeof(*r.rows)),
	     "strength %u: the same problem gives the same rows", t);
	cover_free(&r);
	cover_free(&r2);
}

static void test_constraints(void)
{
	static const struct cover_axis axes[] = {
		{ "a", 3 }, { "b", 3 }, { "c", 2 }, { "d", 4 },
	};
	static const unsigned seed[] = { 1, 1, 1, 1, 2, 0, 0, 0, 0, 2, 1, 3 };
	struct cover_problem p = {
		.naxes = 4, .axes = axes, .strength = 2, .pair_why = no_2_0,
		.row_why = no_row_1_3, .seed = seed, .nseed = 3,
	};
	struct open_count o = { 0, 0, 0, false };
	struct cover_result r;
	unsigned nf, m;

	cover_generate(&p, &r);
	m = misses(&p, &r, &nf);
	cover_each_open(&p, &r, count_open, &o);
	T_OK(rows_valid(&p, &r), "no row holds a forbidden pair or fails "
	     "its row check (%u rows)", r.nrows);
	T_OK(r.forbidden == 1 && nf == 1 && o.forbidden == 1,
	     "the forbidden pair is counted once, and listed");
	T_OK(m == 1 && r.unreachable == 1 && o.row_pair_named,
	     "the pair only an unrunnable row has is unreachable, with the "
	     "row check's reason; every other pair covered");
	T_OK(o.reasons == o.forbidden + o.unreachable,
	     "every open tuple has its reason");
	T_OK(r.nseeded == 1 && !memcmp(r.rows, seed, 4 * sizeof(*seed)),
	     "the runnable seed comes first, the other two are left out");
	T_OK(r.covered + r.forbidden + r.unreachable == r.tuples,
	     "covered + forbidden + unreachable = all %lu pairs", r.tuples);
	cover_free(&r);
}

/* the matrices' shape: many subjects, a few small axes */
static void test_matrix_shape(void)
{
	static const struct cover_axis axes[] = {
		{ "subject", 120 }, { "SM", 2 }, { "ZA", 2 }, { "history", 4 },
		{ "stop", 3 },
	};
	struct cover_problem p = { .naxes = 5, .axes = axes, .strength = 2 };
	struct cover_result r;
	unsigned nf;

	cover_generate(&p, &r);
	T_OK(misses(&p, &r, &nf) == 0 && r.nrows >= 480 &&
	     r.nrows <= 528, "120 subjects x 2 x 2 x 4 x 3: every pair in "
	     "%u rows (lower bound 480)", r.nrows);
	cover_free(&r);
}

/* the default tier's shape: pairs of every axis but a free first one,
 * whose values the rows take in turn */
static void test_free_axis(void)
{
	static const struct cover_axis axes[] = {
		{ "subject", 10 }, { "a", 2 }, { "b", 3 }, { "c", 2 },
	};
	struct cover_problem p = { .naxes = 4, .axes = axes, .strength = 2,
				   .from = 1 };
	struct cover_result r;
	unsigned i, j, distinct = 0;

	cover_generate(&p, &r);
	T_OK(r.tuples == 2 * 3 + 2 * 2 + 3 * 2 && r.covered == r.tuples &&
	     r.nrows >= 6 && r.nrows <= 7, "a free first axis: the %lu pairs "
	     "of the others in %u rows (lower bound 6)", r.tuples, r.nrows);
	for (i = 0; i < r.nrows; i++) {
		for (j = 0; j < i; j++)
			if (r.rows[j * 4] == r.rows[i * 4])
				break;
		distinct += j == i;
	}
	T_OK(distinct == r.nrows, "the free axis's values taken in turn "
	     "(%u rows, %u values)", r.nrows, distinct);
	cover_free(&r);
}

/*
 * A value added to an axis later (the matrices' evicted window,
 * fpabi_matrix.nwin_base): the array of the old problem as seeds of the
 * new one keeps every old row, first and in order, and the added rows
 * cover exactly the pairs the new value makes.
 */
static void test_staged(void)
{
	static const struct cover_axis old_axes[] = {
		{ "subject", 6 }, { "mode", 5 }, { "history", 4 },
		{ "window", 4 },
	};
	static const struct cover_axis new_axes[] = {
		{ "subject", 6 }, { "mode", 5 }, { "history", 4 },
		{ "window", 5 },
	};
	struct cover_problem po = { .naxes = 4, .axes = old_axes,
				    .strength = 2 };
	struct cover_problem pn = { .naxes = 4, .axes = new_axes,
				    .strength = 2 };
	struct cover_result ro, rn;
	unsigned nf, i, added_new = 0;

	cover_generate(&po, &ro);
	pn.seed = ro.rows;
	pn.nseed = ro.nrows;
	cover_generate(&pn, &rn);
	T_OK(rn.nseeded == ro.nrows &&
	     !memcmp(rn.rows, ro.rows, ro.nrows * 4 * sizeof(*ro.rows)),
	     "a value added later: the %u old rows kept, first and in order",
	     ro.nrows);
	for (i = ro.nrows; i < rn.nrows; i++)
		added_new += rn.rows[i * 4 + 3] == 4;
	T_OK(misses(&pn, &rn, &nf) == 0 && rn.covered == rn.tuples &&
	     added_new == rn.nrows - ro.nrows && added_new >= 6 &&
	     added_new <= 8, "and %u rows, each with the new value, cover "
	     "its pairs: every pair of %lu in %u rows", added_new, rn.tuples,
	     rn.nrows);
	cover_free(&ro);
	cover_free(&rn);
}

int main(void)
{
	T_PLAN(3 * 2 + 6 + 1 + 2 + 2);
	test_plain(2);
	test_plain(3);
	test_constraints();
	test_matrix_shape();
	test_free_axis();
	test_staged();
	return T_DONE();
}
