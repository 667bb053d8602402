// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of the TAP writer: lines, directives, YAML, escapes, totals. */
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "fpabi/kmsg.h"
#include "fpabi/tap.h"
#include "tap-mini.h"

static char *out;
static size_t outlen;

static struct tap t;

static void start(void)
{
	FILE *f;

	free(out);
	out = NULL;
	f = open_memstream(&out, &outlen);
	tap_begin(&t, f);
}

static void start_format(enum tap_format fmt, int known)
{
	start();
	tap_begin_format(&t, t.out, fmt);
	if (known >= 0)
		t.known = (enum tap_known)known;
}

/* One result of st with a reason and a one-line finding. */
static void emit(enum tap_status st, const char *id, const char *reason,
		 const char *diagnosis)
{
	struct fpabi_result r = {
		.st = st, .id = id, .reason = reason, .diagnosis = diagnosis,
	};

	tap_emit(&t, &r);
}

static const char *finish(void)
{
	fclose(t.out);
	return out;
}

int main(void)
{
	char q[64];

	T_PLAN(23);
	start();
	tap_plan(&t, 3);
	tap_result(&t, TAP_PASS, "a.b.c/x", NULL, NULL);
	tap_result(&t, TAP_SKIP, "a.b.d/x", "no AVX-512", NULL);
	tap_result(&t, TAP_FAIL, "a.b.e/x", NULL, "verdict: fail\nregister: zmm5");
	tap_totals(&t);
	finish();
	T_OK(!strncmp(out, "TAP version 13\n1..3\n", 20), "version line, then the plan");
	T_OK(strstr(out, "\nok 1 - a.b.c/x\n") != NULL, "a pass");
	T_OK(strstr(out, "\nok 2 - a.b.d/x # SKIP no AVX-512\n") != NULL, "a skip with its reason");
	T_OK(strstr(out, "\nnot ok 3 - a.b.e/x\n  ---\n  verdict: fail\n  register: zmm5\n  ...\n") != NULL,
	     "a failure with its YAML block indented by two");
	T_OK(strstr(out, "\n1 passed, 1 failed, 1 skipped\n") != NULL, "totals as the last line");
	T_OK(strstr(out, "\n# Totals: pass:1 fail:1 xfail:0 xpass:0 skip:1 error:0\n1 passed") != NULL,
	     "kselftest's counts line just before it");

	start();
	tap_result(&t, TAP_TODO, "x # y", "kernel bug #123", NULL);
	tap_totals(&t);
	finish();
	T_OK(strstr(out, "not ok 1 - x \\# y # TODO kernel bug \\#123\n") != NULL,
	     "# in an ID or reason is escaped, TODO directive kept");
	T_OK(strstr(out, "0 passed, 0 failed, 1 skipped") != NULL,
	     "a TODO (known kernel bug) counts as skipped, not failed or passed");
	T_OK(strstr(out, "# Totals: pass:0 fail:0 xfail:1 xpass:0 skip:0 error:0\n") != NULL,
	     "kselftest counts a TODO as an expected failure (xfail)");

	/* KTAP: `not ok N name # diagnostic`; the finding on its own line */
	start();
	emit(TAP_FAIL, "a.f/x", NULL, "zmm5 bytes 0-63: expected 1, got 0 #7");
	emit(TAP_FAIL, "a.g/x", NULL, "skipped the restore: zmm5");
	emit(TAP_TIMEOUT, "a.h/x", NULL, "the tracee did not finish within 3 s");
	finish();
	T_OK(strstr(out, "\nnot ok 1 - a.f/x # zmm5 bytes 0-63: expected 1, got 0 \\#7\n") != NULL,
	     "a failure's finding on its result line, '#' escaped");
	T_OK(strstr(out, "\nnot ok 2 - a.g/x # finding: skipped the restore: zmm5\n") != NULL,
	     "a finding that starts like a directive is not read as one");
	T_OK(strstr(out, "\nnot ok 3 - a.h/x # the tracee did not finish within 3 s\n") != NULL,
	     "a timeout's finding on its result line");

	start_format(TAPF_KSELFTEST, -1);
	emit(TAP_SKIP, "a.s/x", "no SME", NULL);
	emit(TAP_TODO, "a.k/x", "KNOWN-1", "zmm5: got 0");
	emit(TAP_TIMEOUT, "a.t/x", NULL, "killed");
	emit(TAP_BROKEN, "a.b/x", "no fork", "setup failed: no fork");
	emit(TAP_FAIL, "a.f/x", NULL, "zmm5: got 0");
	finish();
	T_OK(strstr(out, "\nok 1 a.s/x # SKIP\n# a.s/x: SKIP: no SME\nok 2 ") != NULL,
	     "kselftest: a SKIP's reason on the comment line after it");
	T_OK(strstr(out, "\nok 2 a.k/x # XFAIL KNOWN-1\n") != NULL,
	     "kselftest: a known issue is ok with XFAIL by default");
	T_OK(strstr(out, "\nnot ok 3 a.t/x # TIMEOUT killed\nnot ok 4 a.b/x # error setup failed: no fork\n") != NULL,
	     "kselftest: the TIMEOUT and error directives, each with its finding");
	T_OK(strstr(out, "\nnot ok 5 a.f/x # zmm5: got 0\n") != NULL,
	     "kselftest: a failure's finding on its result line");

	start_format(TAPF_TAP, TAPK_XFAIL);
	emit(TAP_TODO, "a.k/x", "KNOWN-1", "zmm5: got 0");
	tap_totals(&t);
	finish();
	T_OK(strstr(out, "\nok 1 - a.k/x # XFAIL KNOWN-1\n") != NULL &&
	     strstr(out, "xfail:1 ") && !t.failed,
	     "--known=xfail in plain TAP: ok with XFAIL, counted xfail");

	start_format(TAPF_KSELFTEST, TAPK_TODO);
	emit(TAP_TODO, "a.k/x", "KNOWN-1", "zmm5: got 0");
	finish();
	T_OK(strstr(out, "\nnot ok 1 a.k/x # TODO KNOWN-1\n") != NULL,
	     "--known=todo in kselftest's dialect: not ok with the TODO directive");

	start_format(TAPF_KSELFTEST, TAPK_SKIP);
	emit(TAP_TODO, "a.k/x", "KNOWN-1", "zmm5: got 0");
	tap_totals(&t);
	finish();
	T_OK(strstr(out, "\nok 1 a.k/x # SKIP\n# a.k/x: SKIP: known kernel issue: KNOWN-1\n") != NULL &&
	     t.count[TAP_SKIP] == 1 && !t.todo && strstr(out, "xfail:0 xpass:0 skip:1 "),
	     "--known=skip: a SKIP naming the issue, counted as a skip");

	start_format(TAPF_TAP, TAPK_FAIL);
	emit(TAP_TODO, "a.k/x", "KNOWN-1", "zmm5: got 0");
	tap_totals(&t);
	finish();
	T_OK(strstr(out, "\nnot ok 1 - a.k/x # zmm5: got 0 (known kernel issue: KNOWN-1)\n") != NULL &&
	     t.failed == 1 && !t.todo && strstr(out, "pass:0 fail:1 xfail:0 "),
	     "--known=fail: a failure with its finding and the issue, counted as one");

	/* a plan known only at the end (fuzz, race, stress): the last line */
	start();
	tap_result(&t, TAP_PASS, "a.b.c/x", NULL, NULL);
	tap_plan(&t, 1);
	tap_totals(&t);
	finish();
	T_OK(strstr(out, "\n1 passed, 0 failed, 0 skipped\n1..1\n") != NULL &&
	     out[strlen(out) - 1] == '\n' && !strstr(out, "ok 1 - a.b.c/x\n1..1"),
	     "a plan given after the results is the stream's last line");

	/* --kmsg's failure: its finding on its result line, nothing before */
	{
		static const char rec[] = "4,1,0,-;WARNING: CPU: 0 PID: 1 at x\n";
		int fd[2];

		start();
		if (pipe(fd) == 0 && write(fd[1], rec, sizeof(rec) - 1) > 0) {
			close(fd[1]);
			kmsg_tap_result(&t, fd[0]);
			close(fd[0]);
		}
		finish();
		T_OK(!strncmp(out, "TAP version 13\nnot ok 1 - kernel.log-clean # the kernel "
			      "logged 1 bug report line(s) during the run\n  ---\n", 84),
		     "--kmsg: a logged WARNING is a failure with its finding on its line");
	}

	yaml_quote(q, sizeof(q), "say \"hi\"\\");
	T_OK(!strcmp(q, "\"say \\\"hi\\\"\\\\\""), "YAML quoting escapes quotes and backslashes");
	free(out);
	return T_DONE();
}
