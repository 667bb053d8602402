// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Covering arrays (fpabi/cover.h): the greedy, deterministic generator
 * of rows that put every pair (or triple) of axis values in a runnable
 * row, with the tuples a constraint forbids and those no runnable row
 * reaches kept apart, each with its reason.
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/cover.h"
#include "fpabi/util.h"

/* how many complete rows a tuple's completion may try before it is
 * called unreachable */
#define TRIES	256

/* the combinations of t axes out of n, in lexicographic order */
static void combinations(const struct cover_problem *p, struct cover_result *r)
{
	unsigned t = p->strength, n = p->naxes, i, j, k;
	unsigned long size;

	r->ncomb = 0;
	for (i = p->from; i < n; i++)
		for (j = i + 1; j < n; j++) {
			if (t == 2) {
				r->comb[r->ncomb][0] = i;
				r->comb[r->ncomb++][1] = j;
				continue;
			}
			for (k = j + 1; k < n; k++) {
				r->comb[r->ncomb][0] = i;
				r->comb[r->ncomb][1] = j;
				r->comb[r->ncomb++][2] = k;
			}
		}
	r->base[0] = 0;
	for (k = 0; k < r->ncomb; k++) {
		size = 1;
		for (i = 0; i < t; i++)
			size *= p->axes[r->comb[k][i]].n;
		r->base[k + 1] = r->base[k] + size;
	}
	r->tuples = r->base[r->ncomb];
}

/* the index of combination k's tuple in row (a full or partial row) */
static unsigned long tuple_of(const struct cover_problem *p,
			      const struct cover_result *r, unsigned k,
			      const unsigned *row)
{
	unsigned long idx = 0;
	unsigned i;

	for (i = 0; i < p->strength; i++)
		idx = idx * p->axes[r->comb[k][i]].n + row[r->comb[k][i]];
	return r->base[k] + idx;
}

/* the values of tuple idx of combination k, into row */
static void values_of(const struct cover_problem *p,
		      const struct cover_result *r, unsigned k,
		      unsigned long idx, unsigned *row)
{
	unsigned i = p->strength;

	idx -= r->base[k];
	while (i--) {
		unsigned n = p->axes[r->comb[k][i]].n;

		row[r->comb[k][i]] = (unsigned)(idx % n);
		idx /= n;
	}
}

static const char *pair_why(const struct cover_problem *p, unsigned i,
			    unsigned a, unsigned j, unsigned b)
{
	if (!p->pair_why)
		return NULL;
	return i < j ? p->pair_why(p->ctx, i, a, j, b) :
	       p->pair_why(p->ctx, j, b, i, a);
}

/* The first forbidden pair among the assigned axes of row, or NULL. */
static const char *row_pairs_why(const struct cover_problem *p,
				 const unsigned *row, const bool *set)
{
	const char *why;
	unsigned i, j;

	for (i = 0; i < p->naxes; i++)
		for (j = i + 1; j < p->naxes; j++)
			if (set[i] && set[j] &&
			    (why = pair_why(p, i, row[i], j, row[j])))
				return why;
	return NULL;
}

static void mark_forbidden(const struct cover_problem *p,
			   struct cover_result *r)
{
	unsigned row[COVER_MAX_AXES], k, i;
	bool set[COVER_MAX_AXES];
	unsigned long t;

	for (k = 0; k < r->ncomb; k++)
		for (t = r->base[k]; t < r->base[k + 1]; t++) {
			memset(set, 0, sizeof(set));
			values_of(p, r, k, t, row);
			for (i = 0; i < p->strength; i++)
				set[r->comb[k][i]] = true;
			r->why[t] = row_pairs_why(p, row, set);
			if (r->why[t]) {
				r->status[t] = COVER_FORBIDDEN;
				r->forbidden++;
			}
		}
}

static void add_row(const struct cover_problem *p, struct cover_result *r,
		    const unsigned *row)
{
	unsigned long t;
	unsigned k;

	if (r->nrows == r->cap) {
		unsigned *n;

		r->cap = r->cap ? r->cap * 2 : 64;
		n = xmalloc((size_t)r->cap * p->naxes * sizeof(*n));
		if (r->nrows)
			memcpy(n, r->rows, (size_t)r->nrows * p->naxes *
			       sizeof(*n));
		free(r->rows);
		r->rows = n;
	}
	memcpy(r->rows + r->nrows * p->naxes, row, p->naxes * sizeof(*row));
	r->nrows++;
	for (k = 0; k < r->ncomb; k++) {
		t = tuple_of(p, r, k, row);
		if (r->status[t] == COVER_OPEN ||
		    r->status[t] == COVER_UNREACHABLE) {
			if (r->status[t] == COVER_UNREACHABLE)
				r->unreachable--;
			r->status[t] = COVER_COVERED;
			r->covered++;
		}
	}
}

/* Open tuples that value v of axis a would cover, the others as in row. */
static unsigned gain(const struct cover_problem *p,
		     const struct cover_result *r, unsigned *row,
		     const bool *set, unsigned a, unsigned v)
{
	unsigned k, i, n = 0, old = row[a];
	bool all;

	row[a] = v;
	for (k = 0; k < r->ncomb; k++) {
		bool has = false;

		all = true;
		for (i = 0; i < p->strength; i++) {
			has |= r->comb[k][i] == a;
			all &= r->comb[k][i] == a || set[r->comb[k][i]];
		}
		if (has && all && r->status[tuple_of(p, r, k, row)] == COVER_OPEN)
			n++;
	}
	row[a] = old;
	return n;
}

struct search {
	const struct cover_problem *p;
	const struct cover_result *r;
	unsigned row[COVER_MAX_AXES];
	bool set[COVER_MAX_AXES];
	unsigned tries;
	const char *why;	/* the last reason a row could not be */
};

/* Axis a's values that go with the assigned ones, best gain first. */
static unsigned candidates(struct search *s, unsigned a, unsigned *out)
{
	static unsigned score[COVER_MAX_VALUES];
	/* a free axis: its values in turn from the row's number on */
	unsigned first = a < s->p->from ? s->r->nrows % s->p->axes[a].n : 0;
	unsigned v, n = 0, i, j, t;
	const char *why = NULL;

	for (t = 0; t < s->p->axes[a].n; t++) {
		v = (first + t) % s->p->axes[a].n;
		for (i = 0, why = NULL; i < s->p->naxes && !why; i++)
			if (s->set[i] && i != a)
				why = pair_why(s->p, i, s->row[i], a, v);
		if (why) {
			s->why = why;
			continue;
		}
		score[v] = gain(s->p, s->r, s->row, s->set, a, v);
		/* insertion by score, then by value: deterministic */
		for (i = n; i > 0 && score[out[i - 1]] < score[v]; i--)
			;
		for (j = n; j > i; j--)
			out[j] = out[j - 1];
		out[i] = v;
		n++;
	}
	return n;
}

/* Complete s->row from axis a on; true when a runnable row is found. */
static bool complete(struct search *s, unsigned a)
{
	unsigned vals[COVER_MAX_VALUES], n, i;
	const char *why;

	while (a < s->p->naxes && s->set[a])
		a++;
	if (a == s->p->naxes) {
		s->tries++;
		why = s->p->row_why ? s->p->row_why(s->p->ctx, s->row) : NULL;
		if (why)
			s->why = why;
		return !why;
	}
	n = candidates(s, a, vals);
	for (i = 0; i < n && s->tries < TRIES; i++) {
		s->row[a] = vals[i];
		s->set[a] = true;
		if (complete(s, a + 1))
			return true;
		s->set[a] = false;
	}
	return false;
}

static void take_seeds(const struct cover_problem *p, struct cover_result *r)
{
	bool set[COVER_MAX_AXES];
	unsigned i;

	memset(set, 1, sizeof(set));
	for (i = 0; i < p->nseed; i++) {
		const unsigned *row = p->seed + i * p->naxes;

		if (row_pairs_why(p, row, set) ||
		    (p->row_why && p->row_why(p->ctx, row)))
			continue;
		add_row(p, r, row);
		r->nseeded++;
	}
}

void cover_generate(const struct cover_problem *p, struct cover_result *r)
{
	unsigned k, i;
	unsigned long t;

	if (p->naxes < 2 || p->naxes > COVER_MAX_AXES ||
	    p->strength < 2 || p->strength > 3 ||
	    p->strength + p->from > p->naxes)
		die("internal: a covering array of %u axes at strength %u",
		    p->naxes, p->strength);
	for (i = 0; i < p->naxes; i++)
		if (!p->axes[i].n || p->axes[i].n > COVER_MAX_VALUES)
			die("internal: covering array axis %s has %u values",
			    p->axes[i].name, p->axes[i].n);
	memset(r, 0, sizeof(*r));
	combinations(p, r);
	r->status = xzalloc(r->tuples);
	r->why = xzalloc(r->tuples * sizeof(*r->why));
	mark_forbidden(p, r);
	take_seeds(p, r);
	for (k = 0; k < r->ncomb; k++)
		for (t = r->base[k]; t < r->base[k + 1]; t++) {
			struct search s = { .p = p, .r = r };

			if (r->status[t] != COVER_OPEN)
				continue;
			values_of(p, r, k, t, s.row);
			for (i = 0; i < p->strength; i++)
				s.set[r->comb[k][i]] = true;
			if (complete(&s, 0)) {
				add_row(p, r, s.row);
				continue;
			}
			r->status[t] = COVER_UNREACHABLE;
			r->why[t] = s.why ? s.why : "no runnable row has it";
			r->unreachable++;
		}
}

void cover_free(struct cover_result *r)
{
	free(r->rows);
	free(r->status);
	free(r->why);
	memset(r, 0, sizeof(*r));
}

void cover_each_open(const struct cover_problem *p,
		     const struct cover_result *r,
		     void (*fn)(void *arg, const unsigned *ax,
				const unsigned *val, enum cover_status st,
				const char *why),
		     void *arg)
{
	unsigned row[COVER_MAX_AXES], val[3], k, i;
	unsigned long t;

	for (k = 0; k < r->ncomb; k++)
		for (t = r->base[k]; t < r->base[k + 1]; t++) {
			if (r->status[t] == COVER_COVERED)
				continue;
			values_of(p, r, k, t, row);
			for (i = 0; i < p->strength; i++)
				val[i] = row[r->comb[k][i]];
			fn(arg, r->comb[k], val, (enum cover_status)r->status[t],
			   r->why[t]);
		}
}

unsigned long cover_count_rows(const struct cover_problem *p,
			       const struct cover_result *r,
			       const unsigned *rows, unsigned nrows)
{
	unsigned char *seen = xzalloc(r->tuples ? r->tuples : 1);
	unsigned long t, n = 0;
	unsigned i, k;

	for (i = 0; i < nrows; i++)
		for (k = 0; k < r->ncomb; k++)
			seen[tuple_of(p, r, k, rows + i * p->naxes)] = 1;
	for (t = 0; t < r->tuples; t++)
		n += seen[t] && r->status[t] == COVER_COVERED;
	free(seen);
	return n;
}

bool cover_row_has(const struct cover_problem *p, const unsigned *row,
		   const unsigned *ax, const unsigned *val, unsigned t)
{
	unsigned i;

	for (i = 0; i < t; i++)
		if (ax[i] >= p->naxes || row[ax[i]] != val[i])
			return false;
	return true;
}
