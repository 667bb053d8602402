// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 frame side of the tracee's SIGILL handler: copy the ucontext
 * and the XSAVE area it points to, apply the case's edit, and step over
 * the ud2.  Runs after the entry events stored the registers.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "fpabi/util.h"
#include "../sig.h"
#include "fpabi/x86_64-case.h"
#include "../../arch/x86_64/xsave.h"

/* a field of fx_sw_reserved in the fpstate */
#define SW(field)	(FXSAVE_SW_OFF + offsetof(struct fpstate_sw, field))
#define FP_SSE_AVX	(XFM(XF_FP) | XFM(XF_SSE) | XFM(XF_YMM))

static uint64_t xcr0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static void wr64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static void wr32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* every register from the image, XSTATE_BV from it (E_REGS) */
static void edit_regs(uint8_t *fp, const uint8_t *img, uint32_t xstate_size)
{
	memcpy(fp, img, 416);
	memcpy(fp + XSAVE_EXT_OFF, img + XSAVE_EXT_OFF,
	       xstate_size - XSAVE_EXT_OFF);
	memcpy(fp + XSAVE_HDR_OFF, img + XSAVE_HDR_OFF, 8);
}

/*
 * E_F_RANDOM: one to three mutations of what sigreturn checks.  Never an
 * xcomp_bv with bit 63 (the compacted form takes any frame bytes as any
 * register, a state no model bounds) and never an fpstate pointer that
 * stays readable and aligned (the same); register contents untouched;
 * no reserved MXCSR bit where XRSTOR does not fault on one (an emulator:
 * the frame would be taken with it).
 */
static void mutate(ucontext_t *uc, uint8_t *fp, const struct fpstate_sw *sw,
		   uint64_t seed, uint32_t arch_flags)
{
	unsigned n = 1 + mix64_next(&seed) % 3, i;
	uint32_t mask, mxcsr;

	for (i = 0; i < n; i++) {
		uint64_t x = mix64_next(&seed), r = x >> 8;
		uint32_t sizes[] = { 0, 512, XSAVE_EXT_OFF, sw->xstate_size - 64,
				     sw->xstate_size + 64, (uint32_t)r & 0xffff };

		switch (x % 9) {
		case 0:
			wr32(fp + SW(magic1), r & 1 ? 0 : (uint32_t)r);
			break;
		case 1:
			fp[sw->xstate_size + r % 4] ^= 1u << (r >> 8) % 8;
			break;
		case 2:
			wr32(fp + SW(xstate_size), sizes[r % 6]);
			break;
		case 3:
			wr32(fp + SW(extended_size), sizes[r % 6]);
			break;
		case 4:
			wr64(fp + SW(xfeatures), rd64(fp + SW(xfeatures)) ^
			     1ull << r % 64);
			break;
		case 5:
			wr64(fp + XSAVE_HDR_OFF, rd64(fp + XSAVE_HDR_OFF) ^
			     1ull << r % 64);
			break;
		case 6:	/* xcomp_bv or a reserved header byte, never bit 63 */
			fp[XSAVE_HDR_OFF + 8 + r % 55] |= 1u << (r >> 8) % 8;
			fp[XSAVE_HDR_OFF + 15] &= 0x7f;
			break;
		case 7:
			if (arch_flags & FPABI_X86_NO_MXCSR_GP)
				break;	/* the CPU would load it */
			memcpy(&mask, fp + FXSAVE_MXCSR_MASK_OFF, 4);
			memcpy(&mxcsr, fp + FXSAVE_MXCSR_OFF, 4);
			if (~mask)
				wr32(fp + FXSAVE_MXCSR_OFF, mxcsr | (~mask & -~mask));
			break;
		default:
			uc->uc_mcontext.fpregs = r % 4 == 0 ? NULL :
				r % 4 == 1 ? (void *)(fp + 8) :
				r % 4 == 2 ? (void *)4096 :
				(void *)X86_KERNEL_ADDR;
			break;
		}
	}
}

#define XF_PKRU_BIT	9
#define PKRU_KEY0_BITS	3u	/* key 0's access- and write-disable */

/* Component xf's offset in the compacted form of a frame with xcomp_bv
 * bv: the components of bv below it in order from byte 576, each of
 * CPUID.(0xD, i).ECX bit 1 at a multiple of 64 (SDM vol. 1 13.4.3). */
static uint32_t compacted_off(uint64_t bv, unsigned xf)
{
	uint32_t off = XSAVE_EXT_OFF, a, b, c, d;
	unsigned i;

	for (i = 2; i <= xf; i++) {
		if (!(bv >> i & 1) && i != xf)
			continue;
		__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
				 : "a"(0xd), "c"(i));
		(void)b;
		(void)d;
		if (c & 2)
			off = (off + 63) & ~63u;
		if (i < xf)
			off += a;
	}
	return off;
}

/*
 * Forge the frame (fpabi/x86_64-case.h): the registers of the edit image, then one
 * field broken.  The fpstate is the kernel's, laid out as it wrote it.
 */
static void forge(ucontext_t *uc, uint8_t *fp, const struct fpstate_sw *sw,
		  unsigned edit)
{
	uint64_t x = xcr0(), outside = ~x & ~(1ull << 63), bv;
	uint32_t mask, mxcsr;

	switch (edit) {
	case E_F_MAGIC1:
		wr32(fp + SW(magic1), 0);
		break;
	case E_F_MAGIC2:
		fp[sw->xstate_size] ^= 1;
		break;
	case E_F_SIZE_SMALL:
		wr32(fp + SW(xstate_size), XSAVE_EXT_OFF);
		break;
	case E_F_SIZE_MOVED:
		wr32(fp + SW(extended_size), X86_AVX_END + 4);
		wr64(fp + SW(xfeatures), sw->xfeatures & FP_SSE_AVX);
		wr32(fp + SW(xstate_size), X86_AVX_END);
		wr64(fp + XSAVE_HDR_OFF, rd64(fp + XSAVE_HDR_OFF) & FP_SSE_AVX);
		wr32(fp + sw->xstate_size, 0);
		wr32(fp + X86_AVX_END, FP_XSTATE_MAGIC2);
		break;
	case E_F_XFEAT_NOAVX:
		wr64(fp + SW(xfeatures), sw->xfeatures &
		     ~((1ull << XF_YMM) | XFM_AVX512));
		break;
	case E_F_XFEAT_EXTRA:
		wr64(fp + SW(xfeatures), sw->xfeatures | outside);
		break;
	case E_F_FP_NULL:
		uc->uc_mcontext.fpregs = NULL;
		break;
	case E_F_XCOMP:
	case E_F_XCOMP_OUTSIDE:
		bv = rd64(fp + XSAVE_HDR_OFF);
		if (edit == E_F_XCOMP_OUTSIDE)
			bv |= outside & -outside;
		wr64(fp + XSAVE_HDR_OFF + 8, 1ull << 63 | bv);
		/* PKRU's compacted slot holds another component's bytes in
		 * the standard form: keep key 0 (this task's memory)
		 * accessible, or the task faults on its next access */
		if (edit == E_F_XCOMP && bv >> XF_PKRU_BIT & 1) {
			uint32_t at = compacted_off(bv, XF_PKRU_BIT);

			wr32(fp + at, rd32(fp + at) & ~PKRU_KEY0_BITS);
		}
		break;
	case E_F_HDR_RSVD:
		fp[XSAVE_HDR_OFF + 16] = 1;
		break;
	case E_F_BV_OUTSIDE:
		bv = rd64(fp + XSAVE_HDR_OFF);
		wr64(fp + XSAVE_HDR_OFF, bv | (outside & -outside));
		break;
	case E_F_MXCSR:
		memcpy(&mask, fp + FXSAVE_MXCSR_MASK_OFF, 4);
		memcpy(&mxcsr, fp + FXSAVE_MXCSR_OFF, 4);
		wr32(fp + FXSAVE_MXCSR_OFF, mxcsr | (~mask & -~mask));
		break;
	case E_F_FP_UNMAPPED:
		uc->uc_mcontext.fpregs = (void *)4096;
		break;
	case E_F_FP_KERNEL:
		uc->uc_mcontext.fpregs = (void *)X86_KERNEL_ADDR;
		break;
	case E_F_FP_MISALIGNED:
		uc->uc_mcontext.fpregs = (void *)(fp + 8);
		break;
	}
}

/* Component xf's standard-format offset and size (CPUID leaf 0xD). */
static void comp_slot(unsigned xf, uint32_t *off, uint32_t *size)
{
	uint32_t a, b, c, d;

	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
			 : "a"(0xd), "c"(xf));
	(void)c;
	(void)d;
	*size = a;
	*off = b;
}

/* E_SW(k): one field of fx_sw_reserved (x86_64-case.h: enum x86_sw) */
static void sw_change(uint8_t *fp, const struct fpstate_sw *sw, unsigned k)
{
	switch (k) {
	case SW_MAGIC1_OTHER:
		wr32(fp + SW(magic1), FP_XSTATE_MAGIC1 + 1);
		break;
	case SW_SIZE_512:
		wr32(fp + SW(xstate_size), 512);
		break;
	case SW_SIZE_OVER:
		wr32(fp + SW(xstate_size), sw->xstate_size + 64);
		break;
	case SW_SIZE_OVER_EXT:
		wr32(fp + SW(extended_size), sw->xstate_size - 4);
		break;
	case SW_EXT_OVER:
		wr32(fp + SW(extended_size), sw->extended_size + 64);
		break;
	case SW_PADDING:
		wr32(fp + SW(padding), 1);
		break;
	default:
		if (k < SW_XFEAT_CLEAR || k >= SW_N)
			abort();
		wr64(fp + SW(xfeatures), sw->xfeatures &
		     ~(1ull << (k - SW_XFEAT_CLEAR)));
		break;
	}
}

/* The signal-edit matrix's edits: E_SLOT(xf), E_BV_CLEAR(xf), E_SW(k). */
static void edit_matrix(uint8_t *fp, const struct fpstate_sw *sw,
			unsigned edit, const uint8_t *img)
{
	uint32_t off, size;
	unsigned xf;

	if (edit >= E_SW_BASE) {
		if (!img)
			abort();
		edit_regs(fp, img, sw->xstate_size);
		sw_change(fp, sw, edit - E_SW_BASE);
		return;
	}
	if (edit >= E_BV_CLEAR_BASE) {
		wr64(fp + XSAVE_HDR_OFF, rd64(fp + XSAVE_HDR_OFF) &
		     ~(1ull << (edit - E_BV_CLEAR_BASE)));
		return;
	}
	if (!img)
		abort();
	xf = edit - E_SLOT_BASE;
	switch (xf) {
	case XF_FP:	/* FCW..FDP and ST0-7, not MXCSR, MXCSR_MASK */
		memcpy(fp, img, FXSAVE_MXCSR_OFF);
		memcpy(fp + 32, img + 32, 128);
		break;
	case XF_SSE:	/* XMM0-15 */
		memcpy(fp + 160, img + 160, 256);
		break;
	case E_SLOT_MXCSR:
		memcpy(fp + FXSAVE_MXCSR_OFF, img + FXSAVE_MXCSR_OFF, 4);
		break;
	default:
		comp_slot(xf, &off, &size);
		if (!size || off + size > sw->xstate_size)
			abort();	/* the model planned no such edit */
		memcpy(fp + off, img + off, size);
		break;
	}
}

void arch_sig_frame(struct sig_rt *rt, void *ucv)
{
	ucontext_t *uc = ucv;
	struct fpabi_sig_slot *s = rt->slot;
	uint8_t *fp = (uint8_t *)uc->uc_mcontext.fpregs;
	size_t off = (sizeof(*uc) + 63) & ~63ul, len = XSAVE_LEGACY_SIZE;
	struct fpstate_sw sw;
	uint64_t bv;

	memcpy(rt->frame, uc, sizeof(*uc));
	s->frame_addr = (uintptr_t)uc;
	s->aux[0] = off;			/* fpstate in the copy */
	s->aux[2] = (uintptr_t)fp;		/* its address */
	s->aux[3] = uc->uc_flags;
	if (fp) {
		memcpy(&sw, fp + FXSAVE_SW_OFF, sizeof(sw));
		/* the XSAVE area and magic2, if the frame says it has them */
		if (sw.magic1 == FP_XSTATE_MAGIC1 &&
		    sw.extended_size <= s->frame_cap - off &&
		    sw.extended_size >= XSAVE_EXT_OFF)
			len = sw.extended_size;
		memcpy(rt->frame + off, fp, len);
	}
	s->aux[1] = fp ? len : 0;
	s->frame_len = off + s->aux[1];

	if (fp) {
		switch (s->edit) {
		case E_NONE:
			break;
		case E_REGS:
			if (rt->edit_img)
				edit_regs(fp, rt->edit_img, sw.xstate_size);
			break;
		case E_CLEAR_AVX:
			memcpy(&bv, fp + XSAVE_HDR_OFF, 8);
			bv &= ~(XFM(XF_YMM) | XFM_AVX512);
			memcpy(fp + XSAVE_HDR_OFF, &bv, 8);
			break;
		default:
			if (s->edit >= E_SLOT_BASE) {
				if (sw.magic1 != FP_XSTATE_MAGIC1)
					abort();
				edit_matrix(fp, &sw, s->edit, rt->edit_img);
				break;
			}
			/* a frame the kernel wrote: it has the XSAVE area */
			if (!rt->edit_img || sw.magic1 != FP_XSTATE_MAGIC1)
				abort();
			edit_regs(fp, rt->edit_img, sw.xstate_size);
			if (s->edit == E_F_RANDOM) {
				/* (what mutate() may change, logged for
				 * fpabi repro) */
				struct mut_area a[] = {
					{ fp, XSAVE_EXT_OFF, 0 },
					{ fp + sw.xstate_size, 4, 0 },
					{ (uint8_t *)&uc->uc_mcontext.fpregs, 8, 1 },
				};

				mut_save(a, 3);
				mutate(uc, fp, &sw, s->edit_seed,
				       rt->arch_flags);
				mut_log(s, uc, a, 3);
			} else {
				forge(uc, fp, &sw, s->edit);
			}
			break;
		}
	}
	if (s->signo == SIGILL)
		uc->uc_mcontext.gregs[REG_RIP] += 2;	/* ud2 */
}
