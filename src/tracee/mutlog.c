// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A random frame edit's log (E_F_RANDOM; sig.h): the bytes the handler's
 * mutations changed, each run as an offset from the ucontext, in the
 * signal slot, so that fpabi repro writes the same edit.  Tested by
 * tests/t-mutlog.c.
 */
#include <stdint.h>
#include <string.h>

#include "sig.h"

/* mut_save()'s copy of the areas (one random edit at a time: never in a
 * nested handler, src/plan/steps.c) */
static uint8_t mut_before[4096];

void mut_save(const struct mut_area *a, unsigned n)
{
	size_t at = 0;
	unsigned i;

	for (i = 0; i < n && at + a[i].len <= sizeof(mut_before); i++) {
		memcpy(mut_before + at, a[i].p, a[i].len);
		at += a[i].len;
	}
}

/* one run of a bytes at p into the slot's log (nmut past FPABI_MAX_MUT:
 * it did not fit) */
static void mut_add(struct fpabi_sig_slot *s, const void *uc, const uint8_t *p,
		    unsigned len, int ptr)
{
	struct fpabi_mut *m;
	uint64_t v = 0;

	if (s->nmut >= FPABI_MAX_MUT) {
		s->nmut = FPABI_MAX_MUT + 1;
		return;
	}
	m = &s->mut[s->nmut];
	memcpy(&v, p, len);
	memset(m, 0, sizeof(*m));
	m->off = (int32_t)(p - (const uint8_t *)uc);
	m->len = (uint8_t)len;
	/* (an address within 1 MiB of the ucontext: the frame's own) */
	if (ptr && v - (uintptr_t)uc + (1u << 20) < (2u << 20)) {
		m->rel = 1;
		v -= (uintptr_t)uc;
	}
	m->val = v;
	s->nmut++;
}

void mut_log(struct fpabi_sig_slot *s, const void *uc,
	     const struct mut_area *a, unsigned n)
{
	size_t at = 0;
	unsigned i, k, run;

	s->nmut = 0;
	for (i = 0; i < n; at += a[i].len, i++) {
		const uint8_t *b = mut_before + at;

		if (at + a[i].len > sizeof(mut_before)) {
			s->nmut = FPABI_MAX_MUT + 1;
			return;
		}
		if (a[i].ptr) {
			if (memcmp(b, a[i].p, a[i].len))
				mut_add(s, uc, a[i].p, a[i].len, 1);
			continue;
		}
		/* each run of changed bytes, 8 at most an entry */
		for (k = 0; k < a[i].len; k += run ? run : 1) {
			for (run = 0; k + run < a[i].len && run < 8 &&
			     a[i].p[k + run] != b[k + run]; run++)
				;
			if (run)
				mut_add(s, uc, a[i].p + k, run, 0);
		}
	}
}
