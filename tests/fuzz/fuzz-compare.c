// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: fpabi compare's reader (src/cmd/compare.c) and
 * the bounded JSON parser under it (src/bench/read.c).  The input is a
 * results report as hostile bytes: cmp_parse() either refuses it with a
 * reason or yields results whose every ID and verdict is usable, which
 * are then compared against themselves (nothing may differ) and against
 * a fixed report, so the comparison's walks see what the parser let in.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* cmd_compare()'s, never reached from here */
void usage_error(const char *fmt, ...)
{
	(void)fmt;
	abort();
}

static const char fixed[] =
	"{\"format\": 2, \"command\": \"run\", \"environment\": {\"kernel\": "
	"{\"release\": \"6.18\"}, \"features\": [\"avx\"]}, \"results\": ["
	"{\"id\": \"x86_64.a.b/c\", \"verdict\": \"pass\"}, "
	"{\"id\": \"x86_64.a.b/d\", \"verdict\": \"skip\", \"reason\": \"r\"}]}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct cmp_run a, b;
	struct cmp c;
	size_t at, i;
	unsigned k;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	if (!cmp_parse(text, &a, &at)) {
		for (i = 0; i < a.n; i++)
			if (!a.r[i].id[0] || a.r[i].verdict >= CV_N ||
			    (i && strcmp(a.r[i - 1].id, a.r[i].id) >= 0))
				abort();
		cmp_runs(&c, &a, &a);
		for (k = 0; k < CL_N; k++)
			if (c.l[k].n && k != CL_STILL)
				abort();	/* itself: only the failing */
		if (c.nenv || c.regressed)
			abort();
		cmp_done(&c);
		if (cmp_parse(fixed, &b, &at))
			abort();
		cmp_runs(&c, &b, &a);
		cmp_done(&c);
		cmp_free(&b);
	}
	cmp_free(&a);
	free(text);
	return 0;
}
