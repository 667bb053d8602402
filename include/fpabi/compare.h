/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fpabi compare: two results reports read as hostile input, and what changed. */
#ifndef FPABI_COMPARE_H
#define FPABI_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "fpabi/bench-read.h"

/* a report of a matrix run with --repeat is large; past these it is refused */
#define CMP_FILE_MAX		(256u << 20)	/* bytes */
#define CMP_MAX_RESULTS		(1u << 20)	/* members per array or object */

/* the verdicts, as the reports name them (tap_status_name()) */
enum cmp_verdict { CV_PASS, CV_FAIL, CV_SKIP, CV_KNOWN, CV_TIMEOUT, CV_BROKEN,
		   CV_N };

struct cmp_result {
	const char *id;
	enum cmp_verdict verdict;
	const char *reason, *diagnosis;	/* or NULL */
};

/* one report: its parsed text and its results, sorted by ID */
struct cmp_run {
	struct jv root;
	unsigned format;
	const struct jv *env;		/* "environment", or NULL */
	const char *kernel, *version;
	/* not the whole plan: "shard 2/3", "a partial merge: shard 2/3
	 * missing"; "" for a whole run (its IDs only in the other run may
	 * be another shard's) */
	char part[160];
	struct cmp_result *r;
	size_t n;
};

/*
 * Parse text as a results report (fpabi run --json, fpabi merge, fpabi
 * certify's report.json) into run: NULL, or what is wrong with it (*at:
 * the byte, or the result's number, where it is).  cmp_free() after,
 * either way.
 */
const char *cmp_parse(const char *text, struct cmp_run *run, size_t *at);
void cmp_free(struct cmp_run *run);

/* the lists a comparison makes */
enum cmp_list_kind {
	CL_NEW_FAIL, CL_NEW_KNOWN, CL_FIXED, CL_STILL, CL_NEW_ID, CL_VANISHED,
	CL_SKIP, CL_KNOWN, CL_N
};

struct cmp_item {
	const struct cmp_result *a, *b;	/* NULL: the run has no such ID */
};

struct cmp_list {
	struct cmp_item *it;
	size_t n, cap;
};

struct cmp_env {
	char *key, *a, *b;		/* a or b NULL: only the other has it */
};

struct cmp {
	struct cmp_list l[CL_N];
	struct cmp_env *env;
	size_t nenv, capenv;
	bool regressed;			/* a new failure or known issue */
	const char *part[2];		/* A's and B's cmp_run part */
};

void cmp_runs(struct cmp *c, const struct cmp_run *a, const struct cmp_run *b);
void cmp_done(struct cmp *c);
const char *cmp_verdict_name(enum cmp_verdict v);

int cmd_compare(int argc, char **argv);

#endif
