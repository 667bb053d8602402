// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the XSAVE layout parser (standard and compacted, from
 * synthetic CPUID leaf 0xD data) and of the signal-frame fpstate parser.
 */
#include <string.h>

#include "../src/arch/x86_64/xsave.h"
#include "tap-mini.h"

struct fake_cpu {
	uint64_t user, xss;
	uint32_t size_enabled, size_all, size_compacted, flags1;
	uint32_t comp[XF_MAX][3];	/* size, offset, ecx */
};

static void fake_cpuid(unsigned leaf, unsigned sub, uint32_t r[4], void *ctx)
{
	const struct fake_cpu *c = ctx;

	memset(r, 0, 16);
	if (leaf != 0xd)
		return;
	if (sub == 0) {
		r[0] = (uint32_t)c->user;
		r[1] = c->size_enabled;
		r[2] = c->size_all;
		r[3] = (uint32_t)(c->user >> 32);
	} else if (sub == 1) {
		r[0] = c->flags1;
		r[1] = c->size_compacted;
		r[2] = (uint32_t)c->xss;
		r[3] = (uint32_t)(c->xss >> 32);
	} else if (sub < XF_MAX) {
		r[0] = c->comp[sub][0];
		r[1] = c->comp[sub][1];
		r[2] = c->comp[sub][2];
	}
}

/* an AVX-512 CPU with PKRU and one 64-byte-aligned supervisor feature */
static struct fake_cpu avx512 = {
	.user = 0x2e7, .xss = 1ull << XF_CET_U,
	.size_enabled = 2696, .size_all = 2696, .size_compacted = 2520,
	.flags1 = 0xf,
	.comp = {
		[XF_YMM] = { 256, 576, 0 },
		[XF_OPMASK] = { 64, 1088, 0 },
		[XF_ZMM_H] = { 512, 1152, 0 },
		[XF_HI16_ZMM] = { 1024, 1664, 0 },
		[XF_PKRU] = { 8, 2688, 0 },
		[XF_CET_U] = { 16, 0, 3 },
	},
};

static void fpstate(uint8_t *b, uint32_t magic1, uint32_t xsize,
		    uint32_t ext, uint64_t xfeat, uint32_t magic2)
{
	struct fpstate_sw sw = { magic1, ext, xfeat, xsize, { 0 } };

	memset(b, 0, 4096);
	memcpy(b + FXSAVE_SW_OFF, &sw, sizeof(sw));
	if (xsize + 4 <= 4096)
		memcpy(b + xsize, &magic2, 4);
}

int main(void)
{
	struct xsave_layout l;
	struct fpstate_info fi;
	struct fake_cpu bad;
	static uint8_t frame[4096];

	T_PLAN(19);
	T_OK(xsave_layout_parse(&l, fake_cpuid, &avx512, 0x2e7, 1ull << XF_CET_U) == 0,
	     "an AVX-512 + PKRU layout parses");
	T_OK(l.comp[XF_ZMM_H].offset == 1152 && l.comp[XF_ZMM_H].size == 512 &&
	     l.comp[XF_HI16_ZMM].offset == 1664 && l.comp[XF_PKRU].offset == 2688,
	     "standard offsets and sizes come from EBX and EAX");
	T_OK(l.size_enabled == 2696 && xsave_std_end(&l, 0x2e7) == 2696,
	     "the standard size for XCR0 ends after PKRU");
	T_OK(l.comp[XF_YMM].coffset == 576 && l.comp[XF_OPMASK].coffset == 832 &&
	     l.comp[XF_ZMM_H].coffset == 896 && l.comp[XF_HI16_ZMM].coffset == 1408 &&
	     l.comp[XF_PKRU].coffset == 2432,
	     "compacted offsets pack the enabled features in order");
	/* (why the forged compacted frame keeps key 0: in the kernel's
	 * standard-format frame, PKRU's compacted slot holds ZMM28's bytes,
	 * a canary, src/tracee/x86_64/sig.c: forge()) */
	T_OK(l.comp[XF_PKRU].coffset == l.comp[XF_HI16_ZMM].offset + 12 * 64,
	     "PKRU's compacted slot is ZMM28's first bytes in the standard form");
	T_OK(l.comp[XF_CET_U].supervisor && l.comp[XF_CET_U].align64 &&
	     l.comp[XF_CET_U].coffset == 2496 && l.compacted_end == 2512,
	     "a 64-byte-aligned supervisor feature is rounded up (2440 -> 2496)");
	T_OK(l.xsaveopt && l.xsavec && l.xgetbv1 && l.xsaves && !l.xfd,
	     "leaf 0xD.1 EAX flags");
	{
		uint32_t coff[XF_MAX], end;

		end = xsave_compacted(&l, 1ull << XF_PKRU | 1ull << XF_CET_U,
				      coff);
		T_OK(coff[XF_PKRU] == 576 && coff[XF_CET_U] == 640 &&
		     !coff[XF_YMM] && end == 656,
		     "a compacted subset: PKRU at 576, CET_U aligned to 640");
	}

	T_OK(xsave_layout_parse(&l, fake_cpuid, &avx512, 0x7, 0) == 0 &&
	     l.comp[XF_YMM].coffset == 576 && l.compacted_end == 832,
	     "XCR0 = x87|SSE|AVX: compacted area ends after YMM");

	bad = avx512;
	bad.comp[XF_OPMASK][1] = 1100;	/* overlaps ZMM_Hi256 */
	T_OK(xsave_layout_parse(&l, fake_cpuid, &bad, 0x2e7, 0) < 0,
	     "overlapping components are refused");
	bad = avx512;
	bad.comp[XF_YMM][1] = 400;	/* inside the legacy area */
	T_OK(xsave_layout_parse(&l, fake_cpuid, &bad, 0x2e7, 0) < 0,
	     "a user component inside the legacy area is refused");
	bad = avx512;
	bad.size_enabled = 2688;	/* PKRU at 2688..2695 past it */
	T_OK(xsave_layout_parse(&l, fake_cpuid, &bad, 0x2e7, 0) < 0,
	     "an XCR0 size (leaf 0xD.0 EBX) short of its components is refused");
	bad.size_enabled = 512;
	T_OK(xsave_layout_parse(&l, fake_cpuid, &bad, 0x7, 0) < 0,
	     "an XCR0 size below the legacy area and header is refused");
	bad.size_enabled = (1u << 24) + 64;
	T_OK(xsave_layout_parse(&l, fake_cpuid, &bad, 0x2e7, 0) < 0,
	     "an XCR0 size past 16 MiB is refused");

	fpstate(frame, FP_XSTATE_MAGIC1, 2696, 2700, 0x2e7, FP_XSTATE_MAGIC2);
	fpstate_parse(frame, sizeof(frame), 2696, &fi);
	T_OK(fi.kind == FPSTATE_XSAVE && fi.sw.xfeatures == 0x2e7 &&
	     fi.sw.extended_size == 2700, "a frame the kernel wrote parses as XSAVE");
	fpstate(frame, 0x12345678, 2696, 2700, 0x2e7, FP_XSTATE_MAGIC2);
	fpstate_parse(frame, sizeof(frame), 2696, &fi);
	T_OK(fi.kind == FPSTATE_FXSAVE_ONLY, "bad magic1: FXSAVE only (%s)", fi.why);
	fpstate(frame, FP_XSTATE_MAGIC1, 3000, 3004, 0x2e7, FP_XSTATE_MAGIC2);
	fpstate_parse(frame, sizeof(frame), 2696, &fi);
	T_OK(fi.kind == FPSTATE_FXSAVE_ONLY, "xstate_size above the task's: %s", fi.why);
	fpstate(frame, FP_XSTATE_MAGIC1, 2696, 2700, 0x2e7, 0);
	fpstate_parse(frame, sizeof(frame), 2696, &fi);
	T_OK(fi.kind == FPSTATE_FXSAVE_ONLY, "no magic2: %s", fi.why);
	fpstate(frame, FP_XSTATE_MAGIC1, 2696, 2700, 0x2e7, FP_XSTATE_MAGIC2);
	fpstate_parse(frame, 2000, 2696, &fi);
	T_OK(fi.kind == FPSTATE_TRUNCATED, "magic2 past the buffer is never read: %s", fi.why);
	return T_DONE();
}
