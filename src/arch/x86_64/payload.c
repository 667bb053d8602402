// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What an x86_64 regset write's payload is made of: the XSTATE_BV a row
 * writes, the lowest bit outside XCR0, MXCSR's first reserved bit.  Below
 * the write executor (write.c) and both tables of rows it runs (its
 * fixed rows, the regset-write matrix's in wmatrix.c).
 */
#include <stdint.h>

#include "x86.h"

/* The lowest MXCSR bit the CPU does not support (reserved). */
uint32_t x86_mxcsr_reserved_bit(const struct x86_machine *x)
{
	/* fpu__init_system_mxcsr(): a zero MXCSR_MASK means 0xffbf */
	uint32_t mask = x->mxcsr_mask ? x->mxcsr_mask : 0xffbf;
	unsigned b;

	for (b = 16; b < 31 && (mask >> b & 1); b++)
		;
	return 1u << b;
}

/* The lowest XSTATE_BV bit outside XCR0 (never bit 63). */
uint64_t x86_bv_outside_bit(const struct x86_machine *x)
{
	unsigned b;

	for (b = 2; b < 62 && (x->xl.xcr0 >> b & 1); b++)
		;
	return 1ull << b;
}

/* The XSTATE_BV a row writes (before its mutation) in variant v. */
uint64_t x86_row_bv(const struct fpabi_machine *m,
		    const struct fpabi_variant *v, const struct x86_write *w)
{
	const struct x86_machine *x = m->arch;
	uint64_t all = x->testable;

	switch (w->bvsel) {
	case BV_ALL: return all;
	case BV_NONE: return 0;
	case BV_ALL_BUT: return all & ~XFM(w->bit);
	case BV_ONLY: return XFM(w->bit);
	}
	return XV(v)->xfeatures;
}
