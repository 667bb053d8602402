// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro --kselftest: the kernel's style where a generator's text
 * breaks it (scripts/checkpatch.pl): a block comment's lines within 100
 * columns, wrapped at a space, and its closing star-slash on a line of
 * its own.
 */
#include <stdbool.h>
#include <string.h>

#include "gen.h"

#define MAX_COLS 100

/* the columns of s's first n bytes, a tab to the next multiple of 8 */
static size_t cols(const char *s, size_t n)
{
	size_t c = 0, i;

	for (i = 0; i < n; i++)
		c = s[i] == '\t' ? (c + 8) & ~(size_t)7 : c + 1;
	return c;
}

/* one comment line of n bytes, wrapped after its first cut bytes (the
 * prefix pre, "<indent> * ", goes before each continuation) */
static void wrap(const char *s, size_t n, const char *pre, FILE *out)
{
	size_t cut, i, lead = strlen(pre);

	while (cols(s, n) > MAX_COLS) {
		for (cut = 0, i = lead; i < n && cols(s, i) < MAX_COLS; i++)
			if (s[i] == ' ')
				cut = i;
		if (cut <= lead)
			break;	/* (one long word: left as it is) */
		fprintf(out, "%.*s\n%s", (int)cut, s, pre);
		s += cut + 1;
		n -= cut + 1;
		lead = 0;
	}
	fprintf(out, "%.*s\n", (int)n, s);
}

/* code: sizeof(x) / sizeof(x[0]) as kselftest.h's ARRAY_SIZE(x) */
static void code(const char *s, size_t n, FILE *out)
{
	const char *a = memmem(s, n, "sizeof(", 7), *b;
	char tail[96];
	size_t k;

	while (a && (b = memchr(a, ')', n - (size_t)(a - s))) != NULL) {
		k = (size_t)(b - a) - 7;	/* x's length */
		snprintf(tail, sizeof(tail), ") / sizeof(%.*s[0])", (int)k, a + 7);
		if (k < 48 && (size_t)(s + n - b) >= strlen(tail) &&
		    !memcmp(b, tail, strlen(tail))) {
			fprintf(out, "%.*sARRAY_SIZE(%.*s)", (int)(a - s), s, (int)k, a + 7);
			n -= (size_t)(b - s) + strlen(tail);
			s = b + strlen(tail);
			a = memmem(s, n, "sizeof(", 7);
			continue;
		}
		a = memmem(b, n - (size_t)(b - s), "sizeof(", 7);
	}
	fprintf(out, "%.*s\n", (int)n, s);
}

void repro_ksft_style(const char *buf, FILE *out)
{
	const char *p, *nl, *open, *close;
	char pre[64];
	bool in = false;
	size_t n, ind;

	for (p = buf; *p; p = *nl ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		n = (size_t)(nl - p);
		open = memmem(p, n, "/*", 2);
		close = memmem(p, n, "*/", 2);
		if (!in && (!open || (close && close > open))) {
			code(p, n, out);	/* code, or a one-line comment */
			continue;
		}
		if (!in) {	/* a block comment opens: its continuations' prefix, */
			ind = cols(p, (size_t)(open - p));	/* its star under the opening's */
			snprintf(pre, sizeof(pre), "%.*s%.*s * ", (int)(ind / 8),
				 "\t\t\t\t\t\t\t\t", (int)(ind % 8), "        ");
			in = true;
		} else if (p[strspn(p, " \t")] != '*') {	/* a continuation with no star */
			ind = strspn(p, " \t");
			fprintf(out, "%s", pre);
			p += ind;
			n -= ind;
		}
		if (!close) {
			wrap(p, n, pre, out);
			continue;
		}
		in = false;
		/* the closing line: text before the star-slash on a line of its own */
		for (ind = (size_t)(close - p); ind > 0 && (p[ind - 1] == ' ' || p[ind - 1] == '\t'); ind--)
			;
		if (ind > strlen(pre) - 1 && strspn(p, " \t*") < ind) {
			wrap(p, ind, pre, out);
			fprintf(out, "%.*s*/%.*s\n", (int)(strlen(pre) - 2), pre,
				(int)(n - (size_t)(close - p) - 2), close + 2);
		} else {
			fprintf(out, "%.*s\n", (int)n, p);
		}
	}
}
