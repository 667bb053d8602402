// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TAP stream: plan, results (plain TAP 13 or kselftest's dialect),
 * YAML diagnostics, totals; every result counted once and handed to the
 * reports written beside it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fpabi/escape.h"
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
	t->known = fmt == TAPF_KSELFTEST ? TAPK_XFAIL : TAPK_TODO;
	fprintf(out, "TAP version 13\n");
	written(t);
}

void tap_begin(struct tap *t, FILE *out)
{
	tap_begin_format(t, out, TAPF_TAP);
}

int tap_known_parse(const char *s, enum tap_known *k)
{
	static const char *const names[] = {
		[TAPK_TODO] = "todo", [TAPK_XFAIL] = "xfail",
		[TAPK_SKIP] = "skip", [TAPK_FAIL] = "fail",
	};
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(s, names[i])) {
			*k = (enum tap_known)i;
			return 0;
		}
	return -1;
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

/*
 * The plan, where TAP allows it: first (after the version line) or last.
 * Given after results (fuzz, race, stress: the count is known only at
 * the end), it is the stream's last line, after tap_totals()' lines:
 * tap.py's runner takes a plan on no other line.
 */
void tap_plan(struct tap *t, unsigned n)
{
	t->planned = n;
	if (t->n) {
		t->plan_last = true;
		return;
	}
	fprintf(t->out, "1..%u\n", n);
	written(t);
}

volatile sig_atomic_t fpabi_interrupted;

const char *tap_interrupt_name(void)
{
	switch (fpabi_interrupted) {
	case 0: return NULL;
	case SIGINT: return "SIGINT";
	case SIGTERM: return "SIGTERM";
	case SIGHUP: return "SIGHUP";
	default: return "a signal";
	}
}

void tap_bail(struct tap *t, const char *why)
{
	char safe[512];

	esc_text(safe, sizeof(safe), why, ESC_RAW);
	/* a plan given after the results goes before it: a consumer
	 * reads nothing after "Bail out!" */
	if (t->plan_last)
		fprintf(t->out, "1..%u\n", t->planned);
	t->plan_last = false;
	fprintf(t->out, "Bail out! %s\n", safe);
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
	     line = strtok_r(NULL, "\n", &save)) {
		char safe[4 * sizeof(buf)];

		esc_text(safe, sizeof(safe), line, ESC_RAW);
		fprintf(t->out, "# %s\n", safe);
	}
	written(t);
}

void tap_escape(char *buf, size_t n, const char *s)
{
	esc_text(buf, n, s, ESC_TAP);
}

void yaml_quote(char *buf, size_t n, const char *s)
{
	if (n < 3) {
		if (n)
			buf[0] = 0;
		return;
	}
	buf[0] = '"';
	esc_text(buf + 1, n - 2, s, ESC_YAML);
	strcat(buf, "\"");
}

/*
 * The one-line finding after `#` on a result line (KTAP: "# [directive]
 * [diagnostic data]"): '#' and '\' escaped, and never read as a
 * directive.  tap.py takes any text starting "skip" as a SKIP, TAP::Parser
 * and automake's driver a leading SKIP or TODO word, KTAP also XFAIL,
 * TIMEOUT and ERROR: a finding that starts with one of them is given a
 * "finding: " prefix.
 */
static void finding_text(char *buf, size_t n, const char *s)
{
	static const char *const words[] = {
		"skip", "todo", "xfail", "xpass", "timeout", "error",
	};
	size_t i, off = 0;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (!strncasecmp(s, words[i], strlen(words[i]))) {
			off = (size_t)snprintf(buf, n, "finding: ");
			break;
		}
	tap_escape(buf + off, n - off, s);
}

/* " # text" after a result line's name (nothing when text is empty) */
static void line_note(struct tap *t, const char *dir, const char *text)
{
	if (dir || *text)
		fprintf(t->out, " #%s%s%s%s", dir ? " " : "", dir ? dir : "",
			*text ? " " : "", text);
	fputc('\n', t->out);
}

/*
 * The result line, plain TAP 13 or as kselftest.h prints it
 * (ksft_test_result_*: no " - " before the ID, a timeout `# TIMEOUT`, a
 * broken setup `# error`).  A failure's one-line finding is on the line
 * itself, so a parser that gives a result the comments before it, or
 * the ones after it (LKFT's), shows the right finding either way.  A
 * known issue is reported as --known says.  A SKIP's reason, in
 * kselftest's dialect, goes on a comment line after it: CI parsers of
 * kselftest output (LKFT's) make the words after `# SKIP` part of the
 * test's name, and give a result the comments after it.
 */
static void result_line(struct tap *t, const struct fpabi_result *res,
			const char *desc, const char *why, const char *note)
{
	bool ks = t->fmt == TAPF_KSELFTEST;
	bool ok = res->st == TAP_PASS || res->st == TAP_SKIP ||
		  (res->st == TAP_TODO && t->known == TAPK_XFAIL);

	fprintf(t->out, "%s %u %s%s", ok ? "ok" : "not ok", t->n,
		ks ? "" : "- ", desc);
	switch (res->st) {
	case TAP_PASS:
		line_note(t, NULL, "");
		break;
	case TAP_SKIP:
		line_note(t, "SKIP", ks ? "" : why);
		if (ks)
			fprintf(t->out, "# %s: SKIP: %s\n", desc, why);
		break;
	case TAP_TODO:
		line_note(t, t->known == TAPK_XFAIL ? "XFAIL" : "TODO", why);
		break;
	case TAP_FAIL:
		line_note(t, NULL, note);
		break;
	case TAP_TIMEOUT:
		line_note(t, ks ? "TIMEOUT" : NULL, note);
		break;
	case TAP_BROKEN:
	case TAP_NSTATUS:
		line_note(t, ks ? "error" : NULL, note);
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
		char *line = xzalloc(len + 1), *safe = xzalloc(4 * len + 1);

		/* (the writers quote their values: this pass finds nothing
		 * unless one did not) */
		memcpy(line, p, len);
		esc_text(safe, 4 * len + 1, line, ESC_RAW);
		fprintf(t->out, "  %s\n", safe);
		free(line);
		free(safe);
		p += len + (nl ? 1 : 0);
	}
	fprintf(t->out, "  ...\n");
}

/*
 * A known issue as --known reports it: TODO and XFAIL keep the verdict;
 * SKIP and FAIL make it that verdict for the stream, its counts and the
 * sinks alike, the issue named in the reason or the finding.
 */
static void known_as(const struct tap *t, struct fpabi_result *res,
		     char *buf, size_t n)
{
	if (res->st != TAP_TODO || t->known == TAPK_TODO ||
	    t->known == TAPK_XFAIL)
		return;
	if (t->known == TAPK_SKIP) {
		snprintf(buf, n, "known kernel issue: %s",
			 res->reason ? res->reason : "");
		res->st = TAP_SKIP;
		res->reason = buf;
	} else {
		snprintf(buf, n, "%s (known kernel issue: %s)",
			 res->diagnosis ? res->diagnosis : "",
			 res->reason ? res->reason : "");
		res->st = TAP_FAIL;
		res->diagnosis = buf;
	}
}

void tap_emit(struct tap *t, const struct fpabi_result *given)
{
	char name[256], desc[512], why[512], note[512], known[768];
	struct fpabi_result shown = *given, *res = &shown;
	unsigned i;

	known_as(t, res, known, sizeof(known));
	snprintf(name, sizeof(name), "%s%s", res->id, t->suffix);
	tap_escape(desc, sizeof(desc), name);
	/* a reason must not end the directive early */
	tap_escape(why, sizeof(why), res->reason ? res->reason : "");
	finding_text(note, sizeof(note), res->diagnosis ? res->diagnosis : "");
	t->n++;
	result_line(t, res, desc, why, note);
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

void tap_abort(struct tap *t, enum tap_outcome o, const char *reason)
{
	unsigned i;

	t->outcome = o;
	snprintf(t->outcome_reason, sizeof(t->outcome_reason), "%s", reason);
	tap_bail(t, reason);
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
			t->known == TAPK_XFAIL ? "ok # XFAIL" : "not ok # TODO");
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
	if (t->plan_last)
		fprintf(t->out, "1..%u\n", t->planned);
	t->plan_last = false;
	written(t);
	for (i = 0; i < t->nsinks; i++)
		t->sinks[i]->end(t->sinks[i], t);
	t->nsinks = 0;
}
