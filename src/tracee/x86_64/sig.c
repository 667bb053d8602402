// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 frame side of the tracee's SIGILL handler: copy the ucontext
 * and the XSAVE area it points to, apply the case's edit, and step over
 * the ud2.  Runs after the entry events stored the registers.
 */
#include <string.h>
#include <ucontext.h>

#include "../sig.h"
#include "../../arch/x86_64/xsave.h"

/* frame edits (S_FAULT b & 0xff); the tracer's model mirrors them */
enum { E_NONE, E_REGS, E_CLEAR_AVX };

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
		case E_REGS:
			if (!rt->edit_img)
				break;
			/* every register from the image, XSTATE_BV from it */
			memcpy(fp, rt->edit_img, 416);
			memcpy(fp + XSAVE_EXT_OFF, rt->edit_img + XSAVE_EXT_OFF,
			       sw.xstate_size - XSAVE_EXT_OFF);
			memcpy(fp + XSAVE_HDR_OFF, rt->edit_img + XSAVE_HDR_OFF, 8);
			break;
		case E_CLEAR_AVX:
			memcpy(&bv, fp + XSAVE_HDR_OFF, 8);
			bv &= ~(XFM(XF_YMM) | XFM_AVX512);
			memcpy(fp + XSAVE_HDR_OFF, &bv, 8);
			break;
		}
	}
	if (s->signo == SIGILL)
		uc->uc_mcontext.gregs[REG_RIP] += 2;	/* ud2 */
}
