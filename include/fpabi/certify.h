/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi certify: a run of the certification tier (or a given run's
 * --json report) as report.json (docs/fpabi-certify.schema.json) and
 * report.html, the artefacts a lab files.
 */
#ifndef FPABI_CERTIFY_H
#define FPABI_CERTIFY_H

#include <stdbool.h>
#include <stdio.h>

#include "fpabi/bench-read.h"

/* report.json's schema version: docs/fpabi-certify.schema.json */
#define FPABI_CERTIFY_FORMAT 1

/* the verdict counters, in tap_status order */
enum { CR_PASS, CR_FAIL, CR_SKIP, CR_KNOWN, CR_TIMEOUT, CR_BROKEN, CR_N };

/* one coverage row: a family, a rule or a matrix */
struct cert_cov {
	const char *name;
	unsigned planned, run, passed, failed, known, skipped;
};

struct cert_covs {
	struct cert_cov *c;
	size_t n, cap;
};

/* a matrix's cell joined with its result */
struct cert_cell {
	const struct jv *cell;		/* list --matrix --json's */
	const struct jv *res;		/* the run's result, or NULL */
	unsigned n;			/* the result's index + 1, or 0 */
};

struct cert {
	struct jv run;			/* the run's report */
	const struct jv *results;
	const struct jv **sorted;	/* results by ID */
	struct jv mx;			/* this build's matrices */
	struct cert_cell **cells;	/* per matrix */
	unsigned count[CR_N];
	const char *verdict;		/* "pass", "fail", "incomplete" */
	char why[512];
	char source[4096], source_sha[65], generated[32];
	bool from;			/* --from: a run made elsewhere */
	bool same_arch;			/* the run is of this build's arch */
	unsigned shard, nshards;	/* certify --shard I/N (0/0: none) */
	struct cert_covs fam, rule, mat;
	const char **rule_of;		/* each result's case rule, or NULL */
};

/* verdict index of a result object (CR_N if it has none fpabi knows) */
unsigned cert_verdict(const struct jv *r);
const char *cert_verdict_name(unsigned v);
/* a string member of o, or NULL */
const char *cert_str(const struct jv *o, const char *key);
/* the "repro" command of a result's YAML block (malloc'd), or NULL */
char *cert_repro(const struct jv *r);

/* a parsed JSON value written back as JSON */
void cert_jv_write(FILE *f, const struct jv *v);

struct fpabi_machine;
/* c's verdict and why (src/cmd/certify-verdict.c): fail, incomplete
 * (the run stopped, or is of another tier, a part of the plan, a shard
 * or a partial merge of shards) or pass */
void cert_verdict_of(struct cert *c, const struct fpabi_machine *m);

/* report.html: one self-contained page of c */
void cert_html(FILE *f, const struct cert *c);

int cmd_certify(int argc, char **argv);

#endif
