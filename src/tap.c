// SPDX-License-Identifier: GPL-2.0-or-later
/* TAP version 13 output: plan, results, YAML diagnostics, totals. */
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

void tap_begin(struct tap *t, FILE *out)
{
	memset(t, 0, sizeof(*t));
	t->out = out;
	fprintf(out, "TAP version 13\n");
	written(t);
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

void tap_result(struct tap *t, enum tap_status st, const char *id,
		const char *reason, const char *yaml)
{
	static const char *const word[] = {
		[TAP_PASS] = "ok", [TAP_FAIL] = "not ok",
		[TAP_SKIP] = "ok", [TAP_TODO] = "not ok",
	};
	char desc[512], why[512];

	tap_escape(desc, sizeof(desc), id);
	fprintf(t->out, "%s %u - %s", word[st], ++t->n, desc);
	if (st == TAP_SKIP || st == TAP_TODO) {
		/* a reason must not end the directive early */
		tap_escape(why, sizeof(why), reason ? reason : "");
		fprintf(t->out, " # %s %s", st == TAP_SKIP ? "SKIP" : "TODO",
			why);
	}
	fputc('\n', t->out);
	if (yaml && *yaml) {
		const char *p = yaml;

		fprintf(t->out, "  ---\n");
		while (*p) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);

			fprintf(t->out, "  %.*s\n", (int)len, p);
			p += len + (nl ? 1 : 0);
		}
		fprintf(t->out, "  ...\n");
	}
	switch (st) {
	case TAP_PASS: t->passed++; break;
	case TAP_FAIL: t->failed++; break;
	case TAP_SKIP: t->skipped++; break;
	case TAP_TODO: t->todo++; break;
	}
	written(t);
}

void tap_totals(struct tap *t)
{
	if (t->todo)
		fprintf(t->out,
			"# %u known kernel issue(s) reported as not ok # TODO: "
			"counted as skipped, not as passed or failed\n", t->todo);
	/*
	 * The counts line of kselftest's ksft_print_cnts(), which kselftest
	 * runners and their CI parsers read: a known kernel issue (TODO) is
	 * an expected failure there (xfail); fpabi has no xpass or error
	 * results (a broken setup is a failure).
	 */
	fprintf(t->out, "# Totals: pass:%u fail:%u xfail:%u xpass:0 skip:%u "
		"error:0\n", t->passed, t->failed, t->todo, t->skipped);
	fprintf(t->out, "%u passed, %u failed, %u skipped\n", t->passed,
		t->failed, t->skipped + t->todo);
	written(t);
}
