// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the calibration says of one field (fpabi/calib.h): its kept bits,
 * whether none is kept, and the bits the CPU derives from others, for the
 * canary fill (image.c) and the checks (check.c).  Below both, and below
 * the calibration itself (calib.c), which measures what this reads.
 */
#include <string.h>

#include "fpabi/calib.h"
#include "fpabi/run.h"

static const struct calib_field *lookup(const struct fpabi_machine *m,
					unsigned group, const char *name,
					unsigned size)
{
	const struct fpabi_calib *cal = m->calib;
	unsigned i;

	if (!cal)
		return NULL;
	for (i = 0; i < cal->n; i++)
		if (cal->f[i].group == group && !strcmp(cal->f[i].name, name) &&
		    (!size || cal->f[i].size == size))
			return &cal->f[i];
	return NULL;
}

const uint8_t *calib_kept(const struct fpabi_machine *m,
			  const struct fpabi_field *f)
{
	const struct calib_field *c = lookup(m, f->group, f->name, f->size);

	return c ? c->kept : NULL;
}

bool calib_none(const struct fpabi_machine *m, unsigned group,
		const char *name)
{
	const struct calib_field *c = lookup(m, group, name, 0);

	return c && c->none;
}

void calib_shape(const struct fpabi_machine *m, const struct fpabi_field *f,
		 uint8_t *bytes)
{
	const struct calib_field *c = lookup(m, f->group, f->name, f->size);
	unsigned b;

	if (!c)
		return;
	for (b = 0; b < c->size * 8; b++) {
		int16_t op = c->bit[b];
		unsigned v;

		if (op == CB_KEPT || op == CB_VARIES)
			continue;
		v = op == CB_ONE ? 1 : op == CB_ZERO ? 0 :
		    bytes[op / 8] >> (op % 8) & 1;
		bytes[b / 8] = (uint8_t)((bytes[b / 8] & ~(1u << (b % 8))) |
					 v << (b % 8));
	}
}
