// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TAP stream: plan, results (plain TAP 13 or kselftest's dialect),
 * YAML diagnostics, totals; every result counted once and handed to the
 * reports written beside it.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "fpabi/tap.h"
#include "fpabi/util.h"

/*
 * Output that could not be written is a failure, found at the line that
 * was lost: the run stops there with status 2 instead of going on into
 * a file or pipe that takes nothing (ENOSPC, EIO, a closed pipe's EPIPE).
 */
static void written(struct tap *t)
{
	/* errno is still the failed write's: nothing ran since */
	if (fflush(t->out) == EOF || ferror(t->out))
		output_failed("the TAP output", errno);
}

void tap_begin_format(struct tap *t, FILE *out, enum tap_format fmt)
{
	memset(t, 0, sizeof(*t));
	t->out = out;
	t->fmt = fmt;
	fprintf(out, "TAP version 13\n");
	written(t);
}

void tap_begin(struct tap *t, FILE *out)
{
	tap_begin_format(t, out, TAPF_TAP);
}

void tap_add_sink(struct tap *t, struct tap_sink *s)
{
	if (t->nsinks < TAP_MAX_SINKS)
		t->sinks[t->nsinks++] = s;
}

const char *tap_status_name(enum tap_status st)
{
	static const char *const names[TAP_NSTATUS] = {
		[TAP_PASS] = "pass", [TAP_FAIL] = "fail", [TAP_SKIP] = "skip",
		[TAP_TODO] = "known-issue", [TAP_TIMEOUT] = "timeout",
		[TAP_BROKEN] = "broken",
	};

	return st < TAP_NSTATUS ? names[st] : "?";
}

void tap_plan(struct tap *t, unsigned n)
{
	t->planned = n;
	fprintf(t->out, "1..%u\n", n);
	written(t);
}

void tap_plan_skip_all(struct tap *t, const char *reason)
{
	fprintf(t->out, "1..0 # SKIP %s\n", reason);
	written(t);
}

void tap_comment(struct tap *t, const char *fmt, ...)
{
	char buf[1024], *line, *save = NULL;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		fprintf(t->out, "# %s\n", line);
	written(t);
}

void tap_escape(char *buf, size_t n, const char *s)
{
	size_t o = 0;

	for (; *s && o + 3 < n; s++) {
		if (*s == '#' || *s == '\\')
			buf[o++] = '\\';
		buf[o++] = (*s == '\n') ? ' ' : *s;
	}
	buf[o] = 0;
}

void yaml_quote(char *buf, size_t n, const char *s)
{
	size_t o = 0;

	buf[o++] = '"';
	for (; *s && o + 4 < n; s++) {
		if (*s == '"' || *s == '\\')
			buf[o++] = '\\';
		buf[o++] = (*s == '\n') ? ' ' : *s;
	}
	buf[o++] = '"';
	buf[o] = 0;
}

/* The result line of plain TAP 13: the SKIP and TODO directives with
 * their reasons (prove, automake's driver, tap2junit read these). */
static void line_tap(struct tap *t, const struct fpabi_result *res,
		     const char *desc, const char *why)
{
	bool ok = res->st == TAP_PASS || res->st == TAP_SKIP;

	fprintf(t->out, "%s %u - %s", ok ? "ok" : "not ok", t->n, desc);
	if (res->st == TAP_SKIP || res->st == TAP_TODO)
		fprintf(t->out, " # %s %s", res->st == TAP_SKIP ? "SKIP" : "TODO",
			why);
	fputc('\n', t->out);
}

/*
 * The result line as kselftest.h prints it (ksft_test_result_*): no " - "
 * before the ID, a known issue is an expected failure (`ok N ID # XFAIL
 * reason`), a broken setup `# error`.  A SKIP's reason goes on a comment
 * line before it: CI parsers of kselftest output (LKFT's) make the words
 * after `# SKIP` part of the test's name.
 */
static void line_kselftest(struct tap *t, const struct fpabi_result *res,
			   const char *desc, const char *why)
{
	switch (res->st) {
	case TAP_PASS:
		fprintf(t->out, "ok %u %s\n", t->n, desc);
		break;
	case TAP_SKIP:
		fprintf(t->out, "# %s: SKIP: %s\n", desc, why);
		fprintf(t->out, "ok %u %s # SKIP\n", t->n, desc);
		break;
	case TAP_TODO:
		fprintf(t->out, "ok %u %s # XFAIL %s\n", t->n, desc, why);
		break;
	case TAP_FAIL:
		fprintf(t->out, "not ok %u %s\n", t->n, desc);
		break;
	case TAP_TIMEOUT:
		fprintf(t->out, "not ok %u %s # TIMEOUT\n", t->n, desc);
		break;
	case TAP_BROKEN:
	case TAP_NSTATUS:
		fprintf(t->out, "not ok %u %s # error\n", t->n, desc);
		break;
	}
}

static void yaml_block(struct tap *t, const char *yaml)
{
	const char *p = yaml;

	if (!yaml || !*yaml)
		return;
	fprintf(t->out, "  ---\n");
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		fprintf(t->out, "  %.*s\n", (int)len, p);
		p += len + (nl ? 1 : 0);
	}
	fprintf(t->out, "  ...\n");
}

void tap_emit(struct tap *t, const struct fpabi_result *res)
{
	char name[256], desc[512], why[512];
	unsigned i;

	snprintf(name, sizeof(name), "%s%s", res->id, t->suffix);
	tap_escape(desc, sizeof(desc), name);
	/* a reason must not end the directive early */
	tap_escape(why, sizeof(why), res->reason ? res->reason : "");
	t->n++;
	if (t->fmt == TAPF_KSELFTEST)
		line_kselftest(t, res, desc, why);
	else
		line_tap(t, res, desc, why);
	yaml_block(t, res->yaml);
	if (res->st < TAP_NSTATUS)
		t->count[res->st]++;
	switch (res->st) {
	case TAP_PASS: t->passed++; break;
	case TAP_SKIP: t->skipped++; break;
	case TAP_TODO: t->todo++; break;
	case TAP_FAIL:
	case TAP_TIMEOUT:
	case TAP_BROKEN:
	case TAP_NSTATUS:
		t->failed++;
		break;
	}
	for (i = 0; i < t->nsinks; i++)
		t->sinks[i]->result(t->sinks[i], t, res, name);
	written(t);
}

void tap_result(struct tap *t, enum tap_status st, const char *id,
		const char *reason, const char *yaml)
{
	struct fpabi_result res = {
		.st = st, .id = id, .reason = reason, .yaml = yaml,
	};

	tap_emit(t, &res);
}

const char *tap_outcome_name(enum tap_outcome o)
{
	static const char *const names[RUN_NOUTCOME] = {
		[RUN_COMPLETE] = "complete", [RUN_SETUP_ERROR] = "setup-error",
		[RUN_PTRACE_REFUSED] = "ptrace-refused",
		[RUN_INTERRUPTED] = "interrupted",
	};

	return o < RUN_NOUTCOME ? names[o] : "?";
}

void tap_bail(struct tap *t, enum tap_outcome o, const char *reason)
{
	char why[512];
	unsigned i;

	t->outcome = o;
	snprintf(t->outcome_reason, sizeof(t->outcome_reason), "%s", reason);
	tap_escape(why, sizeof(why), reason);
	fprintf(t->out, "Bail out! %s\n", why);
	fflush(t->out);
	for (i = 0; i < t->nsinks; i++)
		t->sinks[i]->end(t->sinks[i], t);
	t->nsinks = 0;
}

void tap_totals(struct tap *t)
{
	unsigned i;

	if (t->todo)
		fprintf(t->out,
			"# %u known kernel issue(s) reported as %s: counted as "
			"skipped, not as passed or failed\n", t->todo,
			t->fmt == TAPF_KSELFTEST ? "ok # XFAIL" : "not ok # TODO");
	/*
	 * The counts line of kselftest's ksft_print_cnts(), which kselftest
	 * runners and their CI parsers read: a known kernel issue (TODO) is
	 * an expected failure there (xfail), a broken setup an error; a
	 * timeout is a failure; fpabi has no xpass results.
	 */
	fprintf(t->out, "# Totals: pass:%u fail:%u xfail:%u xpass:0 skip:%u "
		"error:%u\n", t->passed, t->count[TAP_FAIL] +
		t->count[TAP_TIMEOUT], t->todo, t->skipped,
		t->count[TAP_BROKEN]);
	fprintf(t->out, "%u passed, %u failed, %u skipped\n", t->passed,
		t->failed, t->skipped + t->todo);
	written(t);
	for (i = 0; i < t->nsinks; i++)
		t->sinks[i]->end(t->sinks[i], t);
	t->nsinks = 0;
}
