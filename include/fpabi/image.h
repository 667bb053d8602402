/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Register images: an arch lays its registers out in a byte buffer (x86: the
 * standard-format XSAVE area; arm64: include/fpabi/arm64-image.h) and names
 * each register as a field.  Expectations and observations are images of
 * the same layout; the checker compares them field by field.
 */
#ifndef FPABI_IMAGE_H
#define FPABI_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a field's canary is made. */
enum field_fill {
	FILL_WORDS,	/* plain canary words, lane = word index */
	FILL_SHAPED,	/* an arch function shapes a valid value (FCW, MXCSR, FFR) */
	FILL_FIXED,	/* always holds its init value (MXCSR_MASK) */
	FILL_NONE,	/* never loaded, not checked (reserved bytes) */
};

struct fpabi_field {
	char name[24];		/* register as the user knows it: zmm5, k3, z7, p2 */
	uint32_t off;		/* offset in the image */
	uint32_t size;		/* bytes */
	uint32_t reg_off;	/* where these bytes sit in the named register */
	uint16_t comp;		/* component (canary comp, arch numbering) */
	uint16_t reg;		/* register number (canary reg) */
	uint16_t lane0;		/* canary lane of the first word */
	uint8_t fill;		/* enum field_fill */
	uint8_t group;		/* arch component group, e.g. xfeature number */
};

struct fpabi_layout {
	size_t size;		/* bytes of an image */
	unsigned nfields;
	struct fpabi_field *f;
};

void layout_add(struct fpabi_layout *lo, const char *name, uint32_t off,
		uint32_t size, uint32_t reg_off, unsigned comp, unsigned reg,
		unsigned lane0, enum field_fill fill, unsigned group);
void layout_free(struct fpabi_layout *lo);
const struct fpabi_field *layout_find(const struct fpabi_layout *lo,
				      const char *name);

/* An ABI rule the model encodes; cited by every check. */
struct fpabi_rule {
	const char *id;		/* "X-SYS-1" */
	const char *text;	/* the rule, in our words */
	const char *source;	/* document section or kernel function */
	const char *profiles;	/* the ABI profiles it holds in, ", "
				   separated; NULL: every profile */
};

/* What a field must hold at an observation point. */
enum expect_kind {
	EXP_VALUE,		/* exactly these bytes */
	EXP_ANY,		/* not checked (undefined by the ABI) */
	EXP_KEPT_OR_ZERO,	/* unspecified by the ABI, but each 8-byte
				   word is its old value or zero: never
				   stale or foreign bytes */
	EXP_ONE_OF,		/* each 8-byte word zero, init, or that word
				   of one of the run's oneof[] images: the
				   outcome is open, but nothing stale, foreign
				   or misplaced may show */
};

struct fpabi_expect {
	uint8_t *img;		/* expected bytes */
	uint8_t *init;		/* architectural init image (for classifying) */
	uint8_t *kind;		/* per field: enum expect_kind */
	const struct fpabi_rule **rule;	/* per field: why */
	uint8_t *phase;		/* per field: phase whose canary is expected */
	uint8_t *task;		/* per field: task whose canary is expected */
};

#endif
