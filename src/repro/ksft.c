// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro --kselftest: the kernel's style where a generator's text
 * breaks it (scripts/checkpatch.pl): a block comment's lines within 100
 * columns, wrapped at a space, and its closing star-slash on a line of
 * its own; code lines within 100 columns too, where a cut is allowed.
 */
#include <stdbool.h>
#include <stdlib.h>
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
	size_t cut, i, lead = strlen(pre), in = 0;	/* in: pre's columns */

	while (in + cols(s, n) > MAX_COLS) {
		for (cut = 0, i = lead; i < n && in + cols(s, i) < MAX_COLS; i++)
			if (s[i] == ' ')
				cut = i;
		if (cut <= lead)
			break;	/* (one long word: left as it is) */
		fprintf(out, "%.*s\n%s", (int)cut, s, pre);
		s += cut + 1;
		n -= cut + 1;
		lead = 0;
		in = cols(pre, strlen(pre));
	}
	fprintf(out, "%.*s\n", (int)n, s);
}

/* the closing quote of the string literal s[i] opens (n: none) */
static size_t str_end(const char *s, size_t n, size_t i)
{
	for (i++; i < n && s[i] != '"'; i++)
		if (s[i] == '\\')
			i++;
	return i < n ? i : n;
}

/* where a code line's trailing comment opens, if it has one after code */
static const char *trailing_comment(const char *s, size_t n)
{
	size_t i, ind = strspn(s, " \t");

	for (i = ind; i + 1 < n; i++) {
		if (s[i] == '"')
			i = str_end(s, n, i);
		else if (s[i] == '/' && s[i + 1] == '*')
			return i > ind && memmem(s + i, n - i, "*/", 2) ==
			       s + n - 2 ? s + i : NULL;
	}
	return NULL;
}

/*
 * The last place within 100 columns checkpatch lets a line be cut: in a
 * string literal after a \t or \n escape (*str set: the string closes
 * and opens again on the next line, no user-visible text split), or
 * after a ", " or a binary "|", "||", "&" or "&&" and its space outside
 * one; else after a string literal the line starts
 * with (a line of a string alone may be long).  0: none.
 */
static size_t cut_at(const char *s, size_t n, size_t ind, bool *str)
{
	size_t i, k, end, cut = 0;

	for (i = ind; i < n; i++) {
		if ((s[i] == ',' || (i > ind && (s[i] == '|' || s[i] == '&') &&
				     (s[i - 1] == ' ' || s[i - 1] == s[i]))) &&
		    i + 1 < n && s[i + 1] == ' ' && cols(s, i + 1) <= MAX_COLS) {
			cut = i + 1;
			*str = false;
		}
		if (s[i] != '"')
			continue;
		end = str_end(s, n, i);
		for (k = i + 1; k + 1 < end; k++)
			if (s[k] == '\\' && ++k + 1 < end &&
			    (s[k] == 't' || s[k] == 'n') &&
			    cols(s, k + 1) + 1 <= MAX_COLS) {
				cut = k + 1;
				*str = true;
			}
		if (!cut && i == ind && end + 1 < n) {
			*str = false;
			return end + 1;
		}
		i = end;
	}
	return cut;
}

/* a line that is a one-line comment (s[ind] opens it): over 100 columns,
 * wrapped as a block comment with its closing on a line of its own */
static void comment_line(const char *s, size_t n, size_t ind, FILE *out)
{
	char pre[64];
	size_t end = n - 2;

	if (cols(s, n) <= MAX_COLS || n < ind + 4 || memcmp(s + n - 2, "*/", 2) ||
	    ind > 32) {
		fprintf(out, "%.*s\n", (int)n, s);
		return;
	}
	while (end > ind + 2 && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	snprintf(pre, sizeof(pre), "%.*s * ", (int)ind, s);
	wrap(s, end, pre, out);
	fprintf(out, "%.*s */\n", (int)ind, s);
}

/* a code line over 100 columns: its trailing comment on a line of its
 * own before it, then cut where cut_at() says, as often as it needs */
static void long_line(const char *s, size_t n, FILE *out)
{
	size_t ind = strspn(s, " \t"), tabs = strspn(s, "\t"), cut;
	const char *cm = cols(s, n) > MAX_COLS ? trailing_comment(s, n) : NULL;
	const char *lead = s;	/* the first line's indentation */
	char *rest = NULL;
	bool str = false;

	if (n >= ind + 2 && !memcmp(s + ind, "/*", 2)) {	/* a comment alone */
		comment_line(s, n, ind, out);
		return;
	}
	if (cm) {
		char *c = malloc(ind + (size_t)(s + n - cm) + 1);

		if (c) {	/* (the comment with the code's indentation) */
			memcpy(c, s, ind);
			memcpy(c + ind, cm, (size_t)(s + n - cm));
			comment_line(c, ind + (size_t)(s + n - cm), ind, out);
			free(c);
		}
		for (n = (size_t)(cm - s); n > ind && (s[n - 1] == ' ' ||
						      s[n - 1] == '\t'); n--)
			;
	}
	while (cols(s, n) > MAX_COLS &&
	       (cut = cut_at(s, n, strspn(s, " \t"), &str)) > strspn(s, " \t")) {
		char *next = malloc(n + 16);
		size_t m = 0, skip = cut;

		if (!next)
			break;
		fprintf(out, "%.*s%s\n", (int)cut, s, str ? "\"" : "");
		while (!str && skip < n && s[skip] == ' ')
			skip++;
		/* the first line's indentation; a continuation one tab in */
		memcpy(next, lead, str ? ind : tabs);
		m = str ? ind : tabs;
		if (str)
			next[m++] = '"';
		else if (s[skip] != '}' && s[skip] != ')')
			next[m++] = '\t';
		memcpy(next + m, s + skip, n - skip);
		n = m + n - skip;
		free(rest);
		s = rest = next;
	}
	fprintf(out, "%.*s\n", (int)n, s);
	free(rest);
}

/* sizeof(x) / sizeof(x[0]) as kselftest.h's ARRAY_SIZE(x) */
static void array_size(const char *s, size_t n, FILE *out)
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
	fprintf(out, "%.*s", (int)n, s);
}

/* a line of code (or a one-line comment) in the kernel's style */
static void code(const char *s, size_t n, FILE *out)
{
	char *line = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&line, &len);

	if (!m) {
		array_size(s, n, out);
		fputc('\n', out);
		return;
	}
	array_size(s, n, m);
	fclose(m);
	long_line(line, len, out);
	free(line);
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
