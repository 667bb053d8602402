/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Covering arrays (src/plan/cover.c): rows of values of a few axes such
 * that every t-tuple of values (t = 2: every pair of values of every two
 * axes; t = 3: every triple) stands in at least one runnable row, unless
 * a constraint forbids it.  Generated greedily (the AETG / IPOG family:
 * take the first uncovered tuple, complete its row with the values that
 * cover the most uncovered tuples, backtrack past rows that cannot run),
 * with no randomness: the same problem gives the same rows.
 */
#ifndef FPABI_COVER_H
#define FPABI_COVER_H

#include <stdbool.h>

#define COVER_MAX_AXES	8
#define COVER_MAX_VALUES	256

struct cover_axis {
	const char *name;
	unsigned n;		/* values 0 .. n-1 */
};

enum cover_status {
	COVER_OPEN,		/* (only while generating) */
	COVER_COVERED,		/* in a runnable row */
	COVER_FORBIDDEN,	/* a pair in it is forbidden: why */
	COVER_UNREACHABLE,	/* no runnable row has it: why */
};

struct cover_problem {
	unsigned naxes;
	const struct cover_axis *axes;
	unsigned strength;	/* 2 or 3 (at most naxes) */
	/*
	 * may value a of axis i stand with value b of axis j (i < j) in a
	 * row?  NULL: yes; else why not (impossible by the ABI, or not on
	 * this platform).  NULL hook: every pair may.
	 */
	const char *(*pair_why)(void *ctx, unsigned i, unsigned a,
				unsigned j, unsigned b);
	/* can the whole row run?  NULL: yes; else why not.  NULL hook: yes */
	const char *(*row_why)(void *ctx, const unsigned *row);
	void *ctx;
	/* the tuples to cover are of axes from .. naxes-1 only; the axes
	 * before are free (each row takes the next value that runs, in
	 * turn: the rows spread over them) */
	unsigned from;
	/* rows to take first, where they can run (nseed x naxes) */
	const unsigned *seed;
	unsigned nseed;
};

struct cover_result {
	unsigned nrows;
	unsigned *rows;		/* nrows x naxes */
	unsigned nseeded;	/* of which the first nseeded are seeds */
	/* the t-tuples: all, covered, forbidden, unreachable */
	unsigned long tuples, covered, forbidden, unreachable;
	/* (private) tuple status and reasons, by combination */
	unsigned cap;
	unsigned ncomb;
	unsigned comb[64][3];	/* the axes of combination k */
	unsigned long base[65];	/* its first tuple's index */
	unsigned char *status;
	const char **why;
};

/* Generate the array; dies on a malformed problem. */
void cover_generate(const struct cover_problem *p, struct cover_result *r);
void cover_free(struct cover_result *r);

/*
 * Every tuple that no runnable row covers, in order: its axes and values
 * (t of each), its status and the reason.
 */
void cover_each_open(const struct cover_problem *p,
		     const struct cover_result *r,
		     void (*fn)(void *arg, const unsigned *ax,
				const unsigned *val, enum cover_status st,
				const char *why),
		     void *arg);

/* How many of the tuples r covers one of rows (nrows x naxes) holds:
 * the coverage of a part of the array (the cells a run planned). */
unsigned long cover_count_rows(const struct cover_problem *p,
			       const struct cover_result *r,
			       const unsigned *rows, unsigned nrows);

/* Is the tuple (t axes ax[], values val[], any order) in row? */
bool cover_row_has(const struct cover_problem *p, const unsigned *row,
		   const unsigned *ax, const unsigned *val, unsigned t);

#endif
