// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of the TAP writer: lines, directives, YAML, escapes, totals. */
#include <stdlib.h>
#include <string.h>

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

static const char *finish(void)
{
	fclose(t.out);
	return out;
}

int main(void)
{
	char q[64];

	T_PLAN(10);
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

	yaml_quote(q, sizeof(q), "say \"hi\"\\");
	T_OK(!strcmp(q, "\"say \\\"hi\\\"\\\\\""), "YAML quoting escapes quotes and backslashes");
	free(out);
	return T_DONE();
}
