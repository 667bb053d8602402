/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text from outside (the tracee's messages, the kernel, file lines, the
 * command line) made safe for every output, in one place: TAP lines and
 * YAML scalars get control characters and bytes that are not UTF-8 as
 * \xNN, JSON and XML get valid UTF-8 (U+FFFD for each bad byte, counted
 * so that the document can say so), stderr gets \xNN for both.
 */
#ifndef FPABI_ESCAPE_H
#define FPABI_ESCAPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* How esc_text() writes a string. */
enum esc_mode {
	ESC_TAP,	/* a TAP line: '#' and '\' escaped, newline a space */
	ESC_YAML,	/* inside a YAML "...": '"' and '\' escaped, newline
			   a space */
	ESC_RAW,	/* a terminal or a YAML line: only control bytes (but
			   newline and tab) and bad bytes */
};

/*
 * The length of the valid UTF-8 character at s (1 to 4; no overlong
 * form, no surrogate, nothing past U+10FFFF) and its code point in *cp,
 * or 0: the byte at s starts none.  s must be NUL-terminated.
 */
unsigned utf8_char(const char *s, uint32_t *cp);

/*
 * s into buf (n bytes, always NUL-terminated, cut before a whole
 * character or escape that does not fit), in mode m: control bytes
 * (0x00-0x1f, 0x7f) and bytes that start no valid UTF-8 character
 * become \xNN; a character YAML cannot print (C1 controls but NEL,
 * U+FFFE, U+FFFF) \uNNNN.  Returns the number of bytes written as \xNN.
 */
size_t esc_text(char *buf, size_t n, const char *s, enum esc_mode m);

/*
 * s as the contents of a JSON string (no quotes): '"', '\' and control
 * characters escaped, each bad byte U+FFFD.  Returns the bad bytes.
 */
size_t esc_json(FILE *f, const char *s);

/*
 * s as XML 1.0 text or attribute value: the five entities, a control
 * character XML cannot hold as '?', each bad byte (and U+FFFE, U+FFFF)
 * U+FFFD.  Returns the bytes replaced (not the '?').
 */
size_t esc_xml(FILE *f, const char *s);

/*
 * From now on stderr escapes what it is given (ESC_RAW): a filter, a
 * skip-file line or a tracee's message echoed in an error cannot drive
 * the terminal.  Call once, first thing in main().
 */
void esc_stderr(void);

#endif
