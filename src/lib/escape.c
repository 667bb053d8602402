// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Text from outside made safe for every output (fpabi/escape.h): the one
 * escaping helper the TAP, YAML, JSON and JUnit writers and stderr use.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "fpabi/escape.h"
#include "fpabi/util.h"

unsigned utf8_char(const char *s, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	static const uint32_t min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	unsigned len, i;
	uint32_t c;

	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2, c = u[0] & 0x1f;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3, c = u[0] & 0x0f;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4, c = u[0] & 0x07;
	else
		return 0;
	/* (a NUL is not a continuation byte: no read past the end) */
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if (c < min[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

static bool is_control(uint32_t c)
{
	return c < 0x20 || c == 0x7f;
}

/* Printable for YAML 1.1 (5.1, c-printable) and no C1 control a
 * terminal obeys (U+009B is CSI): the C1 block but NEL, U+FFFE, U+FFFF. */
static bool unprintable(uint32_t c)
{
	return (c >= 0x80 && c <= 0x9f && c != 0x85) || c == 0xfffe ||
	       c == 0xffff;
}

size_t esc_text(char *buf, size_t n, const char *s, enum esc_mode m)
{
	size_t o = 0, bad = 0;
	uint32_t c;

	if (!n)
		return 0;
	for (; s && *s; ) {
		unsigned len = utf8_char(s, &c);
		char out[16];
		size_t k = 0;

		if (len && c == '\n' && m != ESC_RAW) {
			out[k++] = ' ';
		} else if (len && (c == '\n' || c == '\t') && m == ESC_RAW) {
			out[k++] = (char)c;
		} else if (!len || is_control(c)) {
			snprintf(out, sizeof(out), "\\x%02x", (unsigned char)*s);
			k = 4;
			len = 1;
			bad++;
		} else if (unprintable(c)) {
			snprintf(out, sizeof(out), "\\u%04x", (unsigned)c);
			k = 6;
		} else {
			if ((m == ESC_TAP && (c == '#' || c == '\\')) ||
			    (m == ESC_YAML && (c == '"' || c == '\\')))
				out[k++] = '\\';
			memcpy(out + k, s, len);
			k += len;
		}
		if (o + k >= n)
			break;
		memcpy(buf + o, out, k);
		o += k;
		s += len;
	}
	buf[o] = 0;
	return bad;
}

size_t esc_json(FILE *f, const char *s)
{
	size_t bad = 0;
	uint32_t c;

	while (s && *s) {
		unsigned len = utf8_char(s, &c);

		if (!len) {
			fputs("\\ufffd", f);
			bad++;
			s++;
			continue;
		}
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", (char)c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (is_control(c))
			fprintf(f, "\\u%04x", (unsigned)c);
		else
			fwrite(s, 1, len, f);
		s += len;
	}
	return bad;
}

size_t esc_xml(FILE *f, const char *s)
{
	size_t bad = 0;
	uint32_t c;

	while (s && *s) {
		unsigned len = utf8_char(s, &c);

		/* XML 1.0's Char excludes U+FFFE and U+FFFF */
		if (!len || c == 0xfffe || c == 0xffff) {
			fputs("\xef\xbf\xbd", f);
			bad++;
			s += len ? len : 1;
			continue;
		}
		switch (c) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		case 0x7f: fputs("&#x7f;", f); break;
		default:
			if (c < 0x20 && c != '\n' && c != '\t')
				fputc('?', f);
			else
				fwrite(s, 1, len, f);
		}
		s += len;
	}
	return bad;
}

/* stderr's cookie: up to 3 bytes of a character cut between two writes
 * wait for the rest */
static char held[4];
static size_t nheld;

static int write_all(const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(STDERR_FILENO, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* How many bytes at the end of u[0..len) begin a character still cut. */
static size_t cut_tail(const unsigned char *u, size_t len)
{
	size_t j, need;

	for (j = 1; j <= 3 && j <= len; j++) {
		unsigned char b = u[len - j];

		if ((b & 0xc0) == 0x80)
			continue;
		need = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 && b <= 0xef ? 3 :
		       b >= 0xc2 && b <= 0xdf ? 2 : 0;
		return need > j ? j : 0;
	}
	return 0;
}

/* in[0..len), NUL-terminated, may hold NULs: each piece escaped */
static int put_escaped(const char *in, size_t len)
{
	char out[4 * 1028 + 8];
	size_t at = 0;

	while (at <= len) {
		size_t piece = strlen(in + at);

		esc_text(out, sizeof(out), in + at, ESC_RAW);
		if (write_all(out, strlen(out)) < 0)
			return -1;
		at += piece + 1;
		if (at <= len && write_all("\\x00", 4) < 0)
			return -1;
	}
	return 0;
}

static ssize_t stderr_write(void *cookie, const char *p, size_t n)
{
	char in[1024 + 4];
	size_t done = 0;

	(void)cookie;
	while (done < n) {
		size_t k = n - done, len, keep;

		if (k > 1024)
			k = 1024;
		memcpy(in, held, nheld);
		memcpy(in + nheld, p + done, k);
		len = nheld + k;
		done += k;
		keep = cut_tail((const unsigned char *)in, len);
		nheld = keep;
		memcpy(held, in + len - keep, keep);
		in[len - keep] = 0;
		if (put_escaped(in, len - keep) < 0)
			return -1;
	}
	return (ssize_t)n;
}

static int stderr_close(void *cookie)
{
	(void)cookie;
	held[nheld] = 0;
	nheld = 0;
	return put_escaped(held, strlen(held));
}

void esc_stderr(void)
{
	static const cookie_io_functions_t io = {
		.write = stderr_write,
		.close = stderr_close,
	};
	FILE *f = fopencookie(NULL, "w", io);

	if (!f)
		return;
	setvbuf(f, NULL, _IONBF, 0);	/* as stderr was */
	fflush(stderr);
	stderr = f;
}

void json_write_str(FILE *f, const char *s)
{
	fputc('"', f);
	esc_json(f, s ? s : "");
	fputc('"', f);
}
