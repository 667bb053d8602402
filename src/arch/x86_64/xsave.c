// SPDX-License-Identifier: GPL-2.0-or-later
/* XSAVE layout from CPUID leaf 0xD, and parsers of XSAVE-format buffers. */
#include <string.h>

#include "xsave.h"

int xsave_layout_parse(struct xsave_layout *l, cpuid_fn cpuid, void *ctx,
		       uint64_t xcr0, uint64_t xss)
{
	uint32_t r[4], coff[XF_MAX];
	uint64_t all;
	unsigned i;

	memset(l, 0, sizeof(*l));
	l->xcr0 = xcr0;
	cpuid(0xd, 0, r, ctx);
	l->user_supported = (uint64_t)r[3] << 32 | r[0];
	l->size_enabled = r[1];
	l->size_supported = r[2];
	cpuid(0xd, 1, r, ctx);
	l->xsaveopt = r[0] & 1;
	l->xsavec = r[0] & 2;
	l->xgetbv1 = r[0] & 4;
	l->xsaves = r[0] & 8;
	l->xfd = r[0] & 16;
	l->size_compacted = r[1];
	l->xss_supported = (uint64_t)r[3] << 32 | r[2];

	/* the legacy area and header always come first */
	l->comp[XF_FP].size = 160;
	l->comp[XF_FP].offset = 0;
	l->comp[XF_SSE].size = 256;
	l->comp[XF_SSE].offset = 160;
	all = l->user_supported | l->xss_supported;
	for (i = 2; i < XF_MAX; i++) {
		struct xsave_comp *c = &l->comp[i];

		if (!(all >> i & 1))
			continue;
		cpuid(0xd, i, r, ctx);
		c->size = r[0];
		c->offset = r[1];
		c->supervisor = r[2] & 1;
		c->align64 = r[2] & 2;
		/* CPUID is not trusted (a hypervisor answers it): sizes and
		 * ends in 64 bits, so no sum wraps (tests/fuzz/fuzz-xsave.c) */
		if (!c->size || c->size > 1u << 24)
			return -1;
		if (!c->supervisor &&
		    (c->offset < XSAVE_EXT_OFF ||
		     (uint64_t)c->offset + c->size > 1u << 24))
			return -1;
	}
	/*
	 * Leaf 0xD.0 EBX is the size XSAVE needs for XCR0's features (SDM
	 * vol. 1, 13.2), and the tracer sizes every regset and image by it:
	 * it must hold every enabled user component, and be no larger than
	 * the bound on those.
	 */
	if (l->size_enabled < xsave_std_end(l, xcr0) ||
	    l->size_enabled > 1u << 24)
		return -1;
	l->compacted_end = xsave_compacted(l, (xcr0 | xss) & all, coff);
	for (i = 2; i < XF_MAX; i++)
		l->comp[i].coffset = coff[i];

	/* enabled user components must not overlap in the standard format */
	for (i = 2; i < XF_MAX; i++) {
		unsigned j;

		if (!(xcr0 >> i & 1) || l->comp[i].supervisor)
			continue;
		if (!l->comp[i].size)
			return -1;
		for (j = i + 1; j < XF_MAX; j++) {
			const struct xsave_comp *a = &l->comp[i], *b = &l->comp[j];

			if (!(xcr0 >> j & 1) || b->supervisor)
				continue;
			if (a->offset < b->offset + b->size &&
			    b->offset < a->offset + a->size)
				return -1;
		}
	}
	return 0;
}

uint32_t xsave_compacted(const struct xsave_layout *l, uint64_t mask,
			 uint32_t coff[XF_MAX])
{
	uint32_t off = XSAVE_EXT_OFF;
	unsigned i;

	for (i = 0; i < XF_MAX; i++)
		coff[i] = 0;
	for (i = 2; i < XF_MAX; i++) {
		if (!(mask >> i & 1))
			continue;
		if (l->comp[i].align64)
			off = (off + 63) & ~63u;
		coff[i] = off;
		off += l->comp[i].size;
	}
	return off;
}

uint32_t xsave_std_end(const struct xsave_layout *l, uint64_t mask)
{
	uint32_t end = XSAVE_EXT_OFF;
	unsigned i;

	for (i = 2; i < XF_MAX; i++)
		if ((mask >> i & 1) && !l->comp[i].supervisor &&
		    l->comp[i].offset + l->comp[i].size > end)
			end = l->comp[i].offset + l->comp[i].size;
	return end;
}

bool xstate_hdr_get(const uint8_t *buf, size_t len, struct xsave_hdr *h)
{
	if (len < XSAVE_HDR_OFF + XSAVE_HDR_SIZE)
		return false;
	memcpy(h, buf + XSAVE_HDR_OFF, sizeof(*h));
	return true;
}

void fpstate_parse(const uint8_t *buf, size_t len, uint32_t user_size,
		   struct fpstate_info *fi)
{
	memset(fi, 0, sizeof(*fi));
	fi->kind = FPSTATE_FXSAVE_ONLY;
	if (len < XSAVE_LEGACY_SIZE) {
		fi->kind = FPSTATE_TRUNCATED;
		fi->why = "shorter than the 512-byte legacy area";
		return;
	}
	memcpy(&fi->sw, buf + FXSAVE_SW_OFF, sizeof(fi->sw));
	/* the tests of check_xstate_in_sigframe(), in its order */
	if (fi->sw.magic1 != FP_XSTATE_MAGIC1) {
		fi->why = "magic1 is not FP_XSTATE_MAGIC1";
		return;
	}
	if (fi->sw.xstate_size < XSAVE_EXT_OFF) {
		fi->why = "xstate_size is below the legacy area plus header";
		return;
	}
	if (fi->sw.xstate_size > user_size) {
		fi->why = "xstate_size is above the task's XSAVE size";
		return;
	}
	if (fi->sw.xstate_size > fi->sw.extended_size) {
		fi->why = "xstate_size is above extended_size";
		return;
	}
	if ((size_t)fi->sw.xstate_size + FP_XSTATE_MAGIC2_SIZE > len) {
		fi->kind = FPSTATE_TRUNCATED;
		fi->why = "magic2 lies past the end of the buffer";
		return;
	}
	memcpy(&fi->magic2, buf + fi->sw.xstate_size, sizeof(fi->magic2));
	if (fi->magic2 != FP_XSTATE_MAGIC2) {
		fi->why = "magic2 is not FP_XSTATE_MAGIC2 at xstate_size";
		return;
	}
	memcpy(&fi->hdr, buf + XSAVE_HDR_OFF, sizeof(fi->hdr));
	fi->kind = FPSTATE_XSAVE;
}
