/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Results and their renderings: one model of a result (pass, fail, skip,
 * known issue, timeout, broken), the TAP stream on stdout (plain TAP 13,
 * or as kselftest prints it), and the reports written beside it (JUnit,
 * JSON).  Every result goes through tap_emit(), which counts it once.
 */
#ifndef FPABI_TAP_H
#define FPABI_TAP_H

#include <stdbool.h>
#include <signal.h>
#include <stdio.h>

/* The verdicts, kept apart; docs/users/harnesses.md's table says what each
 * harness shows for each. */
enum tap_status {
	TAP_PASS,
	TAP_FAIL,	/* the kernel did not do what the ABI says */
	TAP_SKIP,	/* could not run here: the reason says why */
	TAP_TODO,	/* a known kernel issue (KNOWN-ISSUES.md) */
	TAP_TIMEOUT,	/* the tracee did not finish: killed */
	TAP_BROKEN,	/* setup failed: no verdict on the kernel */
	TAP_NSTATUS
};

/* The TAP stream's dialect. */
enum tap_format {
	TAPF_TAP,	/* `ok N - ID`, `not ok N - ID # TODO reason` */
	TAPF_KSELFTEST,	/* `ok N ID`, `ok N ID # XFAIL reason`, SKIP reasons
			 * on a comment line (kselftest.h, KTAP) */
};

/*
 * How a known kernel issue (TAP_TODO) is reported (--known): as TAP's
 * TODO (`not ok # TODO reason`, plain TAP's default), as kselftest's
 * expected failure (`ok # XFAIL reason`, --format kselftest's default),
 * as a SKIP, or as a failure (for a lab that keeps its own known-issues
 * list).  Every consumer -- the stream, its totals, the exit status, the
 * JUnit and JSON reports -- gets the same one.
 */
enum tap_known {
	TAPK_TODO,
	TAPK_XFAIL,
	TAPK_SKIP,
	TAPK_FAIL,
};

/* One result, with what the machine-readable reports carry. */
struct fpabi_result {
	enum tap_status st;
	const char *id;		/* the case ID (tap adds the --repeat suffix) */
	const char *reason;	/* SKIP/TODO reason, why it broke (or NULL) */
	const char *yaml;	/* the diagnostic block's body (or NULL) */
	const char *diagnosis;	/* the one-line diagnosis (or NULL) */
	const char *rule;	/* the ABI rule of the first finding (or NULL) */
	const char *classification;
	const char *reproduce;	/* the command line that runs it again */
	const char *proof;	/* what proves the event happened */
	const char *const *findings;	/* one line each */
	unsigned nfindings;
	/* the same findings as the model made them (reports write each
	 * field), nfindings of them, or NULL */
	const struct fpabi_finding *finds;
	double seconds;		/* how long the instance ran (0: not run) */
};

/* How the run as a whole ended, in the reports beside the TAP (README
 * "Harnesses": where the TAP has a Bail out! or a 1..0 # SKIP). */
enum tap_outcome {
	RUN_COMPLETE,		/* every planned result was given */
	RUN_SETUP_ERROR,	/* Bail out!: fpabi could not go on */
	RUN_PTRACE_REFUSED,	/* 1..0 # SKIP ptrace refused: ... */
	RUN_INTERRUPTED,	/* Bail out!: a signal ended the run */
	RUN_NOUTCOME
};

struct tap;
struct fpabi_finding;

/* A report written beside the TAP (src/report/junit.c, report-json.c). */
struct tap_sink {
	void (*result)(struct tap_sink *s, const struct tap *t,
		       const struct fpabi_result *res, const char *name);
	/* the run ended: write the file, close it (dies on a write error) */
	void (*end)(struct tap_sink *s, const struct tap *t);
	void *priv;
};

#define TAP_MAX_SINKS 3

struct tap {
	FILE *out;
	enum tap_format fmt;
	enum tap_known known;	/* tap_begin_format() sets the format's default */
	unsigned planned;
	bool plan_last;		/* planned after results: printed last */
	unsigned n;		/* results printed */
	unsigned count[TAP_NSTATUS];
	/* as the exit status and the summary line count them: failed is
	 * fail + timeout + broken, todo the known issues */
	unsigned passed, failed, skipped, todo;
	char suffix[16];	/* appended to every ID (--repeat: "@r2") */
	struct tap_sink *sinks[TAP_MAX_SINKS];
	unsigned nsinks;
	enum tap_outcome outcome;
	char outcome_reason[512];	/* why, when not RUN_COMPLETE */
};

/* The signal (SIGINT, SIGTERM or SIGHUP) that asked the command to stop
 * early, or 0: set by the handler of fpabi_setup_signals(); the sinks'
 * documents say the run was interrupted. */
extern volatile sig_atomic_t fpabi_interrupted;
/* "SIGTERM", ...: fpabi_interrupted's name, or NULL if 0. */
const char *tap_interrupt_name(void);
/* "Bail out! why": a run stopped before its end (TAP 13). */
void tap_bail(struct tap *t, const char *why);

void tap_begin(struct tap *t, FILE *out);
void tap_begin_format(struct tap *t, FILE *out, enum tap_format fmt);
void tap_add_sink(struct tap *t, struct tap_sink *s);
void tap_plan(struct tap *t, unsigned n);
void tap_plan_skip_all(struct tap *t, const char *reason);
void tap_comment(struct tap *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* One result, rendered on the TAP stream and in every sink. */
void tap_emit(struct tap *t, const struct fpabi_result *res);
/*
 * One result without details.  reason: the SKIP/TODO reason (may be
 * NULL).  yaml: the diagnostic block's body, already "key: value" lines
 * (may be NULL).
 */
void tap_result(struct tap *t, enum tap_status st, const char *id,
		const char *reason, const char *yaml);
/* kselftest's "# Totals: ..." line, then "N passed, N failed, N skipped"
 * (a TODO counts as skipped there, as xfail in Totals), then a plan
 * given after the results; then the sinks write their files. */
void tap_totals(struct tap *t);
/* The run cannot go on: `Bail out! reason` on the TAP stream
 * (tap_bail()), and every report written with outcome o and the reason. */
void tap_abort(struct tap *t, enum tap_outcome o, const char *reason);
/* "complete", "setup-error", "ptrace-refused", "interrupted" */
const char *tap_outcome_name(enum tap_outcome o);
/* The verdict's name in the JSON report and the YAML: "pass", "fail",
 * "skip", "known-issue", "timeout", "broken". */
const char *tap_status_name(enum tap_status st);
/* Quote a string as a YAML double-quoted scalar into buf. */
void yaml_quote(char *buf, size_t n, const char *s);
/* --known's word (todo, xfail, skip, fail): 0, or -1 if it is none. */
int tap_known_parse(const char *s, enum tap_known *k);
/* Escape '#' and '\' in a TAP description. */
void tap_escape(char *buf, size_t n, const char *s);

#endif
