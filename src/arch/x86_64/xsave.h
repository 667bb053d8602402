/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86_64 XSAVE layout (CPUID leaf 0xD) and the parsers of the buffers the
 * kernel hands out: NT_X86_XSTATE, NT_PRFPREG and a signal frame's fpstate.
 * Pure functions over bytes, so tests/ can feed them anything.
 */
#ifndef FPABI_X86_XSAVE_H
#define FPABI_X86_XSAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* xfeature numbers (Intel SDM vol. 1 13.1; arch/x86/include/asm/fpu/types.h) */
enum {
	XF_FP = 0, XF_SSE = 1, XF_YMM = 2, XF_BNDREGS = 3, XF_BNDCSR = 4,
	XF_OPMASK = 5, XF_ZMM_H = 6, XF_HI16_ZMM = 7, XF_PT = 8, XF_PKRU = 9,
	XF_PASID = 10, XF_CET_U = 11, XF_CET_S = 12, XF_HDC = 13, XF_UINTR = 14,
	XF_LBR = 15, XF_HWP = 16, XF_TILECFG = 17, XF_TILEDATA = 18,
	XF_APX = 19, XF_MAX = 64
};

#define XFM(x)			(1ull << (x))
#define XFM_AVX512		(XFM(XF_OPMASK) | XFM(XF_ZMM_H) | XFM(XF_HI16_ZMM))
#define XFM_AMX			(XFM(XF_TILECFG) | XFM(XF_TILEDATA))

#define XSAVE_LEGACY_SIZE	512
#define XSAVE_HDR_OFF		512
#define XSAVE_HDR_SIZE		64
#define XSAVE_EXT_OFF		576
#define FXSAVE_MXCSR_OFF	24
#define FXSAVE_MXCSR_MASK_OFF	28
#define FXSAVE_SW_OFF		464	/* fx_sw_reserved / software bytes */

/* uapi asm/sigcontext.h (which glibc's <signal.h> may already pull in) */
#ifndef FP_XSTATE_MAGIC1
#define FP_XSTATE_MAGIC1	0x46505853U
#define FP_XSTATE_MAGIC2	0x46505845U
#define FP_XSTATE_MAGIC2_SIZE	sizeof(FP_XSTATE_MAGIC2)
#endif

struct xsave_comp {
	uint32_t size;
	uint32_t offset;	/* standard format (0 for supervisor) */
	uint32_t coffset;	/* compacted format, for XCOMP_BV = all */
	bool supervisor;	/* leaf 0xD.i ECX[0] */
	bool align64;		/* leaf 0xD.i ECX[1]: 64-byte aligned when compacted */
};

struct xsave_layout {
	uint64_t xcr0;			/* enabled user features */
	uint64_t user_supported;	/* leaf 0xD.0 EDX:EAX */
	uint64_t xss_supported;		/* leaf 0xD.1 EDX:ECX */
	uint32_t size_enabled;		/* leaf 0xD.0 EBX: for XCR0 */
	uint32_t size_supported;	/* leaf 0xD.0 ECX: for all user features */
	uint32_t size_compacted;	/* leaf 0xD.1 EBX: XCR0 | IA32_XSS */
	uint32_t compacted_end;		/* computed from the components */
	bool xsaveopt, xsavec, xgetbv1, xsaves, xfd;
	struct xsave_comp comp[XF_MAX];
};

typedef void (*cpuid_fn)(unsigned leaf, unsigned sub, uint32_t r[4], void *ctx);

/*
 * Fill l from CPUID leaf 0xD; xcr0 as read by xgetbv.  Returns 0, or -1
 * when the data contradicts itself (overlapping components, sizes, an
 * XCR0 size that does not hold XCR0's components).
 */
int xsave_layout_parse(struct xsave_layout *l, cpuid_fn cpuid, void *ctx,
		       uint64_t xcr0, uint64_t xss);
/* One past the last byte of the standard format for features mask. */
uint32_t xsave_std_end(const struct xsave_layout *l, uint64_t mask);
/*
 * The compacted format for XCOMP_BV = mask | bit 63 (SDM vol. 1, 13.4.3):
 * the components of mask from byte 576 in feature order, each 64-byte
 * aligned where leaf 0xD.i ECX[1] says; coff[i] their offsets (0 for
 * those outside mask).  Returns the end.
 */
uint32_t xsave_compacted(const struct xsave_layout *l, uint64_t mask,
			 uint32_t coff[XF_MAX]);
/* The kernel's name of xfeature x (comp.c: x86_comps[]). */
const char *xfeature_name(unsigned x);

/* The XSAVE header, as found at byte 512. */
struct xsave_hdr {
	uint64_t xstate_bv;
	uint64_t xcomp_bv;
	uint8_t reserved[48];
};

/* A signal frame's fpstate: fx_sw_reserved at byte 464. */
struct fpstate_sw {
	uint32_t magic1;
	uint32_t extended_size;
	uint64_t xfeatures;
	uint32_t xstate_size;
	uint32_t padding[7];
};

enum fpstate_kind {
	FPSTATE_XSAVE,		/* magic1, magic2 and sizes consistent */
	FPSTATE_FXSAVE_ONLY,	/* the kernel would restore the legacy area only */
	FPSTATE_TRUNCATED,	/* the buffer is shorter than it claims */
};

struct fpstate_info {
	enum fpstate_kind kind;
	struct fpstate_sw sw;
	struct xsave_hdr hdr;
	uint32_t magic2;
	const char *why;	/* why not FPSTATE_XSAVE */
};

/*
 * Parse len bytes of a signal frame's fpstate the way the kernel's
 * check_xstate_in_sigframe() judges one (X-SR-2); user_size is the task's
 * XSAVE size.  Never reads past len.
 */
void fpstate_parse(const uint8_t *buf, size_t len, uint32_t user_size,
		   struct fpstate_info *fi);

/* Header of an NT_X86_XSTATE buffer; false if len is too short. */
bool xstate_hdr_get(const uint8_t *buf, size_t len, struct xsave_hdr *h);

#endif
