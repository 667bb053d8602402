/* SPDX-License-Identifier: GPL-2.0-or-later */
/* TAP version 13 output: plan, results, YAML diagnostics, totals. */
#ifndef FPABI_TAP_H
#define FPABI_TAP_H

#include <stdbool.h>
#include <stdio.h>

enum tap_status { TAP_PASS, TAP_FAIL, TAP_SKIP, TAP_TODO };

struct tap {
	FILE *out;
	unsigned planned;
	unsigned n;		/* results printed */
	unsigned passed, failed, skipped, todo;
};

void tap_begin(struct tap *t, FILE *out);
void tap_plan(struct tap *t, unsigned n);
void tap_plan_skip_all(struct tap *t, const char *reason);
void tap_comment(struct tap *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * One result.  reason: the SKIP/TODO reason (may be NULL).  yaml: the
 * diagnostic block's body, already "key: value" lines (may be NULL).
 */
void tap_result(struct tap *t, enum tap_status st, const char *id,
		const char *reason, const char *yaml);
/* kselftest's "# Totals: ..." line, then "N passed, N failed, N skipped"
 * (a TODO counts as skipped there, as xfail in Totals). */
void tap_totals(struct tap *t);
/* Quote a string as a YAML double-quoted scalar into buf. */
void yaml_quote(char *buf, size_t n, const char *s);
/* Escape '#' and '\' in a TAP description. */
void tap_escape(char *buf, size_t n, const char *s);

#endif
