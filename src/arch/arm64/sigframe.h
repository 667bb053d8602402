/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The arm64 signal frame's records, as the tracer, the tracee's handler and
 * the host unit test (tests/t-a64frame.c) see them.  Own copies of the uapi
 * layouts (arch/arm64/include/uapi/asm/sigcontext.h, ucontext.h), so this
 * builds on any host; and one record walker, header-only so that the tracer,
 * the tracee and the test share it without sharing an object file.
 *
 * The walker trusts no size: every record must be 16-byte aligned, fit in
 * what is left of its space, and the walk must end at a null terminator.
 * It follows parse_user_sigframe() (arch/arm64/kernel/signal.c), the
 * kernel's own parser at rt_sigreturn, with the extra_context checks, and
 * records where every record is for the frame checks.
 */
#ifndef FPABI_A64_SIGFRAME_H
#define FPABI_A64_SIGFRAME_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fpabi/arm64-case.h"	/* enum a64_edit */


/* struct ucontext / sigcontext: __reserved[4096] is 16-aligned at 464 */
#define A64_UC_RESERVED_OFF	464
#define A64_RESERVED_SIZE	4096
#define A64_SIGFRAME_MAXSZ	(256 * 1024)	/* SIGFRAME_MAXSZ (not ABI) */

#define A64_FPSIMD_MAGIC	0x46508001u
#define A64_ESR_MAGIC		0x45535201u
#define A64_EXTRA_MAGIC		0x45585401u
#define A64_SVE_MAGIC		0x53564501u
#define A64_ZA_MAGIC		0x54366345u
#define A64_TPIDR2_MAGIC	0x54504902u
#define A64_ZT_MAGIC		0x5a544e01u
#define A64_FPMR_MAGIC		0x46504d52u
#define A64_POE_MAGIC		0x504f4530u
#define A64_GCS_MAGIC		0x47435300u

/* record layouts: offsets in the record, sizes */
#define A64_HDR_SIZE		8	/* struct _aarch64_ctx {magic, size} */
#define A64_TERM_SIZE		16	/* the terminator, padded */
#define A64_FPSIMD_SIZE		528	/* 0x210 */
#define A64_FPSIMD_FPSR		8
#define A64_FPSIMD_FPCR		12
#define A64_FPSIMD_V(n)		(16 + 16 * (n))
#define A64_EXTRA_SIZE		32	/* head, datap, size, __reserved[3] */
#define A64_EXTRA_DATAP		8
#define A64_EXTRA_XSIZE		16
#define A64_SVE_HDR_SIZE	16	/* head, vl u16, flags u16, __reserved[2] */
#define A64_SVE_VL		8
#define A64_SVE_FLAGS		10
#define A64_SVE_RESERVED	12
#define A64_SVE_FLAG_SM		1
#define A64_SVE_REGS_OFF	16
/* Z (32 * 16vq), P (16 * 2vq), FFR (2vq): 546 vq bytes */
#define A64_SVE_REGS_SIZE(vq)	(546u * (vq))
#define A64_SVE_CONTEXT_SIZE(vq)	(A64_SVE_REGS_OFF + A64_SVE_REGS_SIZE(vq))
#define A64_ROUND16(x)		(((x) + 15u) & ~15u)

#define A64_MAX_RECS		24
#define A64_UNKNOWN_MAGIC	0x5a5a5a01u	/* no record has it */

static inline uint32_t a64_rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static inline uint16_t a64_rd16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

static inline uint64_t a64_rd64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

struct a64_rec {
	uint32_t magic, size;
	uint8_t space;		/* 0: __reserved, 1: the extra space */
	uint32_t off;		/* offset in its space */
	uint8_t *p;		/* in the buffer the walker was given */
};

struct a64_walk {
	struct a64_rec rec[A64_MAX_RECS];	/* in order, terminators and
						   extra_context included */
	unsigned n;
	int extra;		/* index of extra_context, -1: none */
	uint64_t datap;		/* its datap and size */
	uint32_t xsize;
	uint32_t end[2];	/* offset of each space's terminator */
	const char *err;	/* NULL: well formed */
	uint8_t err_space;
	uint32_t err_off;
};

static inline int a64_walk_fail(struct a64_walk *w, const char *why,
				unsigned space, size_t off)
{
	w->err = why;
	w->err_space = space;
	w->err_off = off;
	return -1;
}

/*
 * Walk the records: res/res_len is __reserved (at tracee address res_addr),
 * x/x_len the copy of the extra space the caller has (at x_addr; x may be
 * NULL).  Returns 0, or -1 with w->err naming the first defect.
 */
static inline int a64_walk_frame(uint8_t *res, size_t res_len,
				 uint64_t res_addr, uint8_t *x, size_t x_len,
				 uint64_t x_addr, struct a64_walk *w)
{
	uint8_t *base = res;
	size_t off = 0, limit = res_len;
	unsigned space = 0;

	memset(w, 0, sizeof(*w));
	w->extra = -1;
	if (res_addr & 15)
		return a64_walk_fail(w, "__reserved is not 16-byte aligned", 0, 0);
	for (;;) {
		struct a64_rec *rc;
		uint32_t magic, size;

		if (off & 15)
			return a64_walk_fail(w, "record not 16-byte aligned",
					     space, off);
		if (limit - off < A64_HDR_SIZE)
			return a64_walk_fail(w, "no null terminator before the "
					     "end of the space", space, off);
		magic = a64_rd32(base + off);
		size = a64_rd32(base + off + 4);
		if (size > limit - off)
			return a64_walk_fail(w, "record size runs past the end "
					     "of its space", space, off);
		if (w->n == A64_MAX_RECS)
			return a64_walk_fail(w, "too many records", space, off);
		rc = &w->rec[w->n++];
		rc->magic = magic;
		rc->size = size;
		rc->space = space;
		rc->off = off;
		rc->p = base + off;
		if (!magic) {
			if (size)
				return a64_walk_fail(w, "terminator with a "
						     "non-zero size", space, off);
			w->end[space] = off;
			return 0;
		}
		if (magic == A64_EXTRA_MAGIC) {
			uint64_t want;

			if (w->extra >= 0 || space)
				return a64_walk_fail(w, "a second extra_context",
						     space, off);
			if (size < A64_EXTRA_SIZE)
				return a64_walk_fail(w, "extra_context smaller "
						     "than 32 bytes", space, off);
			if (limit - off - size < A64_TERM_SIZE ||
			    a64_rd32(base + off + size) ||
			    a64_rd32(base + off + size + 4))
				return a64_walk_fail(w, "extra_context not "
						     "followed by a terminator",
						     space, off + size);
			w->extra = w->n - 1;
			w->datap = a64_rd64(base + off + A64_EXTRA_DATAP);
			w->xsize = a64_rd32(base + off + A64_EXTRA_XSIZE);
			w->end[0] = off + size;
			want = res_addr + off + size + A64_TERM_SIZE;
			if (w->datap & 15)
				return a64_walk_fail(w, "extra_context datap not "
						     "16-byte aligned", space, off);
			if (w->xsize & 15)
				return a64_walk_fail(w, "extra_context size not a "
						     "multiple of 16", space, off);
			if (w->datap != want)
				return a64_walk_fail(w, "extra_context datap is not "
						     "just after its terminator",
						     space, off);
			if (w->xsize > A64_SIGFRAME_MAXSZ)
				return a64_walk_fail(w, "extra space unreasonably "
						     "large", space, off);
			if (!x || x_addr != w->datap || x_len < w->xsize)
				return a64_walk_fail(w, "extra space not copied",
						     space, off);
			base = x;
			off = 0;
			limit = w->xsize;
			space = 1;
			continue;
		}
		if (size < A64_HDR_SIZE)
			return a64_walk_fail(w, "record smaller than its header",
					     space, off);
		off += size;
	}
}

/* The first record with this magic, or NULL. */
static inline struct a64_rec *a64_find(struct a64_walk *w, uint32_t magic)
{
	unsigned i;

	for (i = 0; i < w->n; i++)
		if (w->rec[i].magic == magic)
			return &w->rec[i];
	return NULL;
}

#endif
