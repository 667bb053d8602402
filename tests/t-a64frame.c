// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the arm64 signal-frame record walker
 * (src/arch/arm64/sigframe.h) on synthetic frames, on any host: good
 * frames with and without an extra space, and every defect the walker must
 * name rather than walk past (truncated, misaligned, oversized, no
 * terminator, bad extra_context); and the bound on the VLs the kernel
 * answers (src/arch/arm64/vl.h).
 */
#include <stdlib.h>
#include <string.h>

#include "../src/arch/arm64/sigframe.h"
#include "../src/arch/arm64/vl.h"
#include "tap-mini.h"

#define RES_ADDR	0x7ffff000ull	/* pretend tracee address of __reserved */

static uint8_t res[A64_RESERVED_SIZE], xsp[16384];

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static size_t rec(uint8_t *base, size_t off, uint32_t magic, uint32_t size)
{
	put32(base + off, magic);
	put32(base + off + 4, size);
	return off + size;
}

/* fpsimd, sve header (or payload), terminator: all in __reserved */
static size_t small_frame(unsigned vq)
{
	size_t off;

	memset(res, 0x5a, sizeof(res));
	off = rec(res, 0, A64_FPSIMD_MAGIC, A64_FPSIMD_SIZE);
	off = rec(res, off, A64_SVE_MAGIC,
		  vq ? A64_ROUND16(A64_SVE_CONTEXT_SIZE(vq)) : 16);
	return rec(res, off, 0, 0);
}

/* fpsimd, extra_context + terminator; sve, tpidr2, terminator in xsp */
static uint32_t big_frame(unsigned vq, uint64_t *xaddr)
{
	size_t off, xoff;

	memset(res, 0x5a, sizeof(res));
	memset(xsp, 0x5a, sizeof(xsp));
	off = rec(res, 0, A64_FPSIMD_MAGIC, A64_FPSIMD_SIZE);
	*xaddr = RES_ADDR + off + A64_EXTRA_SIZE + A64_TERM_SIZE;
	xoff = rec(xsp, 0, A64_SVE_MAGIC, A64_ROUND16(A64_SVE_CONTEXT_SIZE(vq)));
	xoff = rec(xsp, xoff, A64_TPIDR2_MAGIC, 16);
	xoff = rec(xsp, xoff, 0, 0) + A64_TERM_SIZE;
	rec(res, off, A64_EXTRA_MAGIC, A64_EXTRA_SIZE);
	put64(res + off + A64_EXTRA_DATAP, *xaddr);
	put32(res + off + A64_EXTRA_XSIZE, (uint32_t)xoff);
	rec(res, off + A64_EXTRA_SIZE, 0, 0);
	return (uint32_t)xoff;
}

static int walk(uint8_t *x, size_t xl, uint64_t xa, struct a64_walk *w)
{
	return a64_walk_frame(res, sizeof(res), RES_ADDR, x, xl, xa, w);
}

/* a found record's space, size; -1 when absent */
static long space_of(struct a64_walk *w, uint32_t magic)
{
	const struct a64_rec *r = a64_find(w, magic);

	return r ? r->space : -1;
}

static long size_of(struct a64_walk *w, uint32_t magic)
{
	const struct a64_rec *r = a64_find(w, magic);

	return r ? (long)r->size : -1;
}

static int err_is(const struct a64_walk *w, const char *prefix)
{
	return w->err && !strncmp(w->err, prefix, strlen(prefix));
}

int main(void)
{
	struct a64_walk w;
	uint64_t xa;
	uint32_t xs;
	size_t off;

	T_PLAN(26);

	/* good frames */
	small_frame(0);
	T_OK(walk(NULL, 0, 0, &w) == 0 && w.n == 3 && w.extra < 0,
	     "fpsimd + sve header + terminator walks (%s)", w.err ? w.err : "ok");
	T_OK(!w.err && w.rec[1].magic == A64_SVE_MAGIC && w.rec[1].off == 528 &&
	     w.end[0] == 544, "records found at their offsets");
	small_frame(4);
	T_OK(walk(NULL, 0, 0, &w) == 0 && size_of(&w, A64_SVE_MAGIC) ==
	     (long)A64_ROUND16(A64_SVE_CONTEXT_SIZE(4)), "sve payload at vq 4 walks");
	xs = big_frame(16, &xa);
	T_OK(walk(xsp, sizeof(xsp), xa, &w) == 0 && w.extra == 1 &&
	     w.xsize == xs, "extra space at vq 16 walks (%s)",
	     w.err ? w.err : "ok");
	T_OK(!w.err && space_of(&w, A64_SVE_MAGIC) == 1 &&
	     space_of(&w, A64_TPIDR2_MAGIC) == 1 &&
	     w.end[1] == xs - A64_TERM_SIZE, "records after extra_context are "
	     "in the extra space, its terminator last");

	/* truncated: a record runs past the end */
	small_frame(0);
	put32(res + 528 + 4, A64_RESERVED_SIZE);
	T_OK(walk(NULL, 0, 0, &w) < 0 && err_is(&w, "record size runs past"),
	     "oversized record is refused");
	/* a record smaller than its header */
	small_frame(0);
	put32(res + 528 + 4, 4);
	T_OK(walk(NULL, 0, 0, &w) < 0, "size 4 record is refused (%s)",
	     w.err ? w.err : "accepted");
	/* zero size, non-zero magic: would loop forever */
	small_frame(0);
	put32(res + 528 + 4, 0);
	T_OK(walk(NULL, 0, 0, &w) < 0, "size 0 record is refused");
	/* misaligned */
	small_frame(0);
	put32(res + 4, A64_FPSIMD_SIZE + 8);
	T_OK(walk(NULL, 0, 0, &w) < 0 && err_is(&w, "record not 16-byte"),
	     "misaligned record is refused");
	T_OK(w.err_space == 0 && w.err_off == A64_FPSIMD_SIZE + 8,
	     "the defect's offset is named");
	/* __reserved itself misaligned */
	small_frame(0);
	T_OK(a64_walk_frame(res, sizeof(res), RES_ADDR + 8, NULL, 0, 0, &w) < 0,
	     "misaligned __reserved is refused");
	/* no terminator: records fill __reserved */
	memset(res, 0, sizeof(res));
	for (off = 0; off < sizeof(res); off += 512)
		rec(res, off, A64_ESR_MAGIC, 512);
	T_OK(walk(NULL, 0, 0, &w) < 0 && err_is(&w, "no null terminator"),
	     "missing terminator is refused");
	/* terminator with a size */
	small_frame(0);
	put32(res + 544 + 4, 16);
	T_OK(walk(NULL, 0, 0, &w) < 0 && err_is(&w, "terminator with"),
	     "terminator with a size is refused");
	/* too many records */
	memset(res, 0, sizeof(res));
	for (off = 0; off < 16 * (A64_MAX_RECS + 1); off += 16)
		rec(res, off, A64_ESR_MAGIC, 16);
	T_OK(walk(NULL, 0, 0, &w) < 0 && err_is(&w, "too many"),
	     "a walk stops at A64_MAX_RECS records");

	/* bad extra_context */
	xs = big_frame(16, &xa);
	T_OK(walk(NULL, 0, 0, &w) < 0 && err_is(&w, "extra space not copied"),
	     "extra space missing from the copy is named");
	T_OK(walk(xsp, xs - 16, xa, &w) < 0, "extra space copy too short");
	xs = big_frame(16, &xa);
	put64(res + 528 + A64_EXTRA_DATAP, xa + 16);
	T_OK(walk(xsp, sizeof(xsp), xa + 16, &w) < 0 &&
	     err_is(&w, "extra_context datap is not"), "datap not after "
	     "the terminator is refused");
	xs = big_frame(16, &xa);
	put64(res + 528 + A64_EXTRA_DATAP, xa + 8);
	T_OK(walk(xsp, sizeof(xsp), xa + 8, &w) < 0 &&
	     err_is(&w, "extra_context datap not 16"), "misaligned datap");
	xs = big_frame(16, &xa);
	put32(res + 528 + A64_EXTRA_XSIZE, xs + 8);
	T_OK(walk(xsp, sizeof(xsp), xa, &w) < 0 && err_is(&w, "extra_context "
	     "size not"), "extra size not a multiple of 16");
	xs = big_frame(16, &xa);
	put32(res + 528 + A64_EXTRA_SIZE, A64_SVE_MAGIC);
	T_OK(walk(xsp, sizeof(xsp), xa, &w) < 0 && err_is(&w, "extra_context "
	     "not followed"), "extra_context without its terminator");
	xs = big_frame(16, &xa);
	put32(res + 528 + 4, 24);
	T_OK(walk(xsp, sizeof(xsp), xa, &w) < 0, "extra_context of 24 bytes");
	/* a second extra_context inside the extra space */
	xs = big_frame(16, &xa);
	put32(xsp + A64_ROUND16(A64_SVE_CONTEXT_SIZE(16)), A64_EXTRA_MAGIC);
	put32(xsp + A64_ROUND16(A64_SVE_CONTEXT_SIZE(16)) + 4, 32);
	T_OK(walk(xsp, sizeof(xsp), xa, &w) < 0 && err_is(&w, "a second"),
	     "a second extra_context is refused");

	/* the VL probe's answers (vl.h): only what the ABI allows sizes
	 * a buffer */
	T_OK(a64_vl_answer_ok(256, 256, false) && a64_vl_answer_ok(256, 16, false) &&
	     a64_vl_answer_ok(64, 32, false) && a64_vl_answer_ok(64, 32, true),
	     "VLs at or below the request, 16..256");
	T_OK(!a64_vl_answer_ok(256, 0, true) && !a64_vl_answer_ok(256, 8, true) &&
	     !a64_vl_answer_ok(256, 40, false) && !a64_vl_answer_ok(256, -16, true),
	     "VL 0, below 16, not a multiple of 16 or negative: refused");
	T_OK(!a64_vl_answer_ok(64, 80, false) && !a64_vl_answer_ok(4096, 272, true) &&
	     !a64_vl_answer_ok(8192, 8192, true),
	     "SVE above the request, or either past ARCH_SVE_VQ_MAX: refused");
	T_OK(a64_vl_answer_ok(16, 32, true) && a64_vl_answer_ok(16, 256, true),
	     "SME above the request (its smallest VL, where none is below): taken");
	return T_DONE();
}
