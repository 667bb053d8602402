// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 frame edits of the tracee's SIGILL handler (S_FAULT b & 0xff, enum
 * a64_edit in src/arch/arm64/sigframe.h): write the edit image into the
 * frame's fpsimd_context and/or sve_context payload, or cut sve_context to
 * its header.  Runs inside the signal handler: no allocation, no libc
 * beyond memcpy/memmove.  A frame the edit cannot be made on (no payload
 * to edit is not one: the model knows) is a case bug: abort.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "fpabi/arm64-image.h"
#include "fpabi/util.h"
#include "../sig.h"
#include "../../arch/arm64/sigframe.h"

_Static_assert(offsetof(ucontext_t, uc_mcontext.__reserved) ==
	       A64_UC_RESERVED_OFF, "arm64 ucontext layout");
_Static_assert(sizeof(((ucontext_t *)0)->uc_mcontext.__reserved) ==
	       A64_RESERVED_SIZE, "arm64 __reserved size");

static void edit_fpsimd(uint8_t *fp, const uint8_t *img, unsigned vl)
{
	unsigned n;

	for (n = 0; n < 32; n++)
		memcpy(fp + A64_FPSIMD_V(n), img + FPABI_A64_Z_OFF(vl, n), 16);
	memcpy(fp + A64_FPSIMD_FPSR, img + FPABI_A64_CTRL_FPSR, 4);
	memcpy(fp + A64_FPSIMD_FPCR, img + FPABI_A64_CTRL_FPCR, 4);
}

/* Z, P, FFR: the image holds them in the payload's order */
static void edit_sve(struct a64_rec *sve, const uint8_t *img, unsigned vl)
{
	if (sve->size < A64_SVE_CONTEXT_SIZE(vl / 16) ||
	    a64_rd16(sve->p + A64_SVE_VL) != vl)
		return;		/* no payload: nothing to edit */
	memcpy(sve->p + A64_SVE_REGS_OFF, img + FPABI_A64_Z_OFF(vl, 0),
	       A64_SVE_REGS_SIZE(vl / 16));
}

/*
 * sve_context becomes a bare header (A-SR-3): the records after it in its
 * space, terminator included, move up to follow the header.
 */
static void cut_sve(struct a64_walk *w, struct a64_rec *sve)
{
	uint32_t end = w->end[sve->space] + A64_TERM_SIZE, size = A64_SVE_HDR_SIZE;
	unsigned i;

	for (i = 0; i < w->n; i++)
		if (w->rec[i].magic == A64_EXTRA_MAGIC &&
		    w->rec[i].space == sve->space && w->rec[i].off > sve->off)
			abort();	/* would break extra_context's datap */
	memmove(sve->p + size, sve->p + sve->size, end - sve->off - sve->size);
	memcpy(sve->p + 4, &size, 4);
}

/*
 * E_SME_REGS: TPIDR2 and FPMR into their records, ZA's rows into a
 * za_context that has them (ZA on), ZT0 into zt_context; aux: the image
 * offsets of ZA and ZT0.
 */
static void edit_sme(struct a64_walk *w, const uint8_t *img,
		     const uint64_t *aux)
{
	struct a64_rec *t = a64_find(w, A64_TPIDR2_MAGIC),
		       *fm = a64_find(w, A64_FPMR_MAGIC),
		       *za = a64_find(w, A64_ZA_MAGIC),
		       *zt = a64_find(w, A64_ZT_MAGIC);

	if (!t || !za || !aux[0])
		abort();	/* every frame of an SME task has both */
	memcpy(t->p + 8, img + FPABI_A64_CTRL_TPIDR2, 8);
	if (fm && fm->size >= 16)
		memcpy(fm->p + 8, img + FPABI_A64_CTRL_FPMR, 8);
	if (za->size > 16) {
		unsigned svl = a64_rd16(za->p + 8);

		if (za->size < 16 + svl * svl)
			abort();
		memcpy(za->p + 16, img + aux[0], (size_t)svl * svl);
	}
	if (zt && zt->size >= 80)
		memcpy(zt->p + 16, img + aux[1], 64);
}

/* E_REC(mask): record rec's registers from src (aux: as edit_sme()'s) */
static void edit_record(struct a64_walk *w, struct a64_rec *fp,
			struct a64_rec *sve, unsigned rec, const uint8_t *src,
			unsigned vl, const uint64_t *aux)
{
	struct a64_rec *x;
	unsigned svl;

	switch (rec) {
	case REC_FPSIMD:
		edit_fpsimd(fp->p, src, vl);
		break;
	case REC_SVE:
		if (sve)
			edit_sve(sve, src, vl);
		break;
	case REC_ZA:
		x = a64_find(w, A64_ZA_MAGIC);
		if (!x || x->size <= 16)
			break;		/* ZA off: no rows to edit */
		svl = a64_rd16(x->p + 8);
		if (x->size < 16 + svl * svl || !aux[0])
			abort();
		memcpy(x->p + 16, src + aux[0], (size_t)svl * svl);
		break;
	case REC_ZT:
		x = a64_find(w, A64_ZT_MAGIC);
		if (x && x->size >= 80)
			memcpy(x->p + 16, src + aux[1], 64);
		break;
	case REC_TPIDR2:
		x = a64_find(w, A64_TPIDR2_MAGIC);
		if (x && x->size >= 16)
			memcpy(x->p + 8, src + FPABI_A64_CTRL_TPIDR2, 8);
		break;
	case REC_FPMR:
		x = a64_find(w, A64_FPMR_MAGIC);
		if (x && x->size >= 16)
			memcpy(x->p + 8, src + FPABI_A64_CTRL_FPMR, 8);
		break;
	}
}

/* The records of mask in order, the first from img, the second from img2. */
static void edit_records(struct a64_walk *w, struct a64_rec *fp,
			 struct a64_rec *sve, unsigned mask,
			 const struct sig_rt *rt, unsigned vl)
{
	const uint8_t *src = rt->edit_img;
	unsigned rec;

	for (rec = 0; rec < A64_NREC; rec++) {
		if (!(mask >> rec & 1))
			continue;
		if (!src)
			abort();	/* the second phase's image is missing */
		edit_record(w, fp, sve, rec, src, vl, rt->arch_aux);
		src = rt->edit_img2;
	}
}

static void wr32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/*
 * E_F_RANDOM: one to three mutations of a random record's magic, size or
 * fields.  Never one that could make a frame the model cannot bound: no
 * record turned into sve_context, za_context, tpidr2_context,
 * fpmr_context, poe_context or gcs_context, and no size or header bit
 * of one changed (a grown record is a payload the kernel loads from
 * whatever bytes follow: A-SR-4, A-SR-7), and SVE_SIG_FLAG_SM always
 * clear (a non-streaming task cannot be put in streaming mode behind the
 * tracer's back).
 */
static void mutate(struct a64_walk *w, uint64_t seed)
{
	/* no record becomes one that loads a register from its bytes
	 * (TPIDR2, FPMR, POR_EL0, GCSPR: the fuzzer's first 10-minute
	 * guest run found TPIDR2 loaded from a renamed record's size) */
	static const uint32_t magics[] = {
		0, A64_FPSIMD_MAGIC, A64_ESR_MAGIC, A64_EXTRA_MAGIC,
		A64_ZT_MAGIC, A64_UNKNOWN_MAGIC,
	};
	unsigned n = 1 + mix64_next(&seed) % 3, i;

	for (i = 0; i < n; i++) {
		struct a64_rec *rc = &w->rec[mix64_next(&seed) % w->n];
		uint64_t x = mix64_next(&seed);
		uint32_t sizes[] = { 0, 8, 16, rc->size - 16, rc->size + 8,
				     rc->size + 16, 0x40000, (uint32_t)x };
		bool payload = rc->magic == A64_SVE_MAGIC ||
			       rc->magic == A64_ZA_MAGIC;

		switch (x % 5) {
		case 0:
			wr32(rc->p, magics[(x >> 8) % (sizeof(magics) / 4)]);
			break;
		case 1:
			if (!payload)
				wr32(rc->p + 4, sizes[(x >> 8) % 8]);
			break;
		case 2:	/* sve_context: vl, flags, __reserved */
			if (rc->magic == A64_SVE_MAGIC)
				memcpy(rc->p + A64_SVE_VL + (x >> 8) % 8,
				       (uint8_t[]){ (uint8_t)(x >> 16) }, 1);
			break;
		case 3:	/* extra_context: datap, size */
			if (rc->magic == A64_EXTRA_MAGIC)
				memcpy(rc->p + A64_EXTRA_DATAP + (x >> 8) % 12,
				       (uint8_t[]){ (uint8_t)(x >> 16) }, 1);
			break;
		default:	/* any header byte */
			if (!payload)
				rc->p[(x >> 8) % A64_HDR_SIZE] ^=
					1u << (x >> 16) % 8;
			break;
		}
	}
	/* the SM flag of anything that is (still) an sve_context */
	for (i = 0; i < w->n; i++)
		if (a64_rd32(w->rec[i].p) == A64_SVE_MAGIC &&
		    w->rec[i].size >= A64_SVE_HDR_SIZE)
			w->rec[i].p[A64_SVE_FLAGS] &= ~A64_SVE_FLAG_SM;
}

/* mutate(), its changes logged for fpabi repro: what it may change is
 * in each record's first 24 bytes (its header, sve_context's vl and
 * flags, extra_context's datap and size) */
static void mutate_logged(struct a64_walk *w, struct fpabi_sig_slot *s,
			  const void *uc)
{
	struct mut_area a[A64_MAX_RECS];
	unsigned i;

	for (i = 0; i < w->n; i++) {
		a[i].p = w->rec[i].p;
		a[i].len = w->rec[i].size < 8 ? 8 :
			   w->rec[i].size > 24 ? 24 : w->rec[i].size;
		a[i].ptr = 0;
	}
	mut_save(a, w->n);
	mutate(w, s->edit_seed);
	mut_log(s, uc, a, w->n);
}

/* Break the frame as the forged edit says (sigframe.h: E_F_*). */
static void forge(struct a64_walk *w, struct a64_rec *fp, struct a64_rec *sve,
		  unsigned edit, unsigned vl)
{
	struct a64_rec *x;

	switch (edit) {
	case E_F_UNKNOWN_MAGIC:
		wr32(fp->p, A64_UNKNOWN_MAGIC);
		break;
	case E_F_DUP_FPSIMD:
		wr32(sve->p, A64_FPSIMD_MAGIC);
		break;
	case E_F_NO_FPSIMD:
		wr32(fp->p, A64_ESR_MAGIC);	/* ESR records are ignored */
		break;
	case E_F_MISALIGNED:
		wr32(fp->p + 4, fp->size + 8);
		break;
	case E_F_OVERRUN:
		wr32(fp->p + 4, A64_RESERVED_SIZE + 16);
		break;
	case E_F_TERM_SIZE:
		wr32(w->rec[w->n - 1].p + 4, A64_TERM_SIZE);
		break;
	case E_F_EXTRA_DATAP:
	case E_F_EXTRA_SIZE:
	case E_F_EXTRA_HUGE:
	case E_F_EXTRA_NO_TERM:
		if (w->extra < 0)
			abort();	/* the case's variants have one */
		x = &w->rec[w->extra];
		if (edit == E_F_EXTRA_DATAP)
			memcpy(x->p + A64_EXTRA_DATAP,
			       &(uint64_t){ w->datap + 16 }, 8);
		else if (edit == E_F_EXTRA_SIZE)
			wr32(x->p + A64_EXTRA_XSIZE, w->xsize + 8);
		else if (edit == E_F_EXTRA_HUGE)
			wr32(x->p + A64_EXTRA_XSIZE, A64_SIGFRAME_MAXSZ + 16);
		else
			wr32(x->p + x->size + 4, A64_TERM_SIZE);
		break;
	case E_F_EXTRA_SECOND:
		if (w->extra < 0 || !sve->space)
			abort();
		wr32(sve->p, A64_EXTRA_MAGIC);
		break;
	case E_F_DUP_ZA:
		x = a64_find(w, A64_TPIDR2_MAGIC);
		if (!x || !a64_find(w, A64_ZA_MAGIC))
			abort();	/* every frame of an SME task has both */
		wr32(x->p, A64_ZA_MAGIC);
		break;
	case E_F_SM_BADVL:
		/* SM set (or kept) and a vl no SVL can be: restore checks it
		 * against the task's SVL before anything is restored */
		sve->p[A64_SVE_FLAGS] |= A64_SVE_FLAG_SM;
		memcpy(sve->p + A64_SVE_VL, &(uint16_t){ 8 }, 2);
		break;
	case E_F_SVE_FLAGS:
		memcpy(sve->p + A64_SVE_FLAGS, &(uint16_t){ 0xfffe }, 2);
		wr32(sve->p + A64_SVE_RESERVED, 0xffffffffu);
		break;
	case E_F_SVE_VL:
		vl = a64_rd16(sve->p + A64_SVE_VL);
		memcpy(sve->p + A64_SVE_VL, &(uint16_t){ vl == 16 ? 32 : 16 },
		       2);
		break;
	default:
		abort();
	}
}

void arch_sig_edit(struct sig_rt *rt, void *ucv)
{
	ucontext_t *uc = ucv;
	uint8_t *res = (uint8_t *)uc->uc_mcontext.__reserved;
	const uint8_t *img = rt->edit_img;
	struct a64_walk w;
	struct a64_rec *fp, *sve;
	uint64_t ivl = 0;
	unsigned vl;

	if (a64_walk_frame(res, A64_RESERVED_SIZE, (uintptr_t)res, NULL, 0, 0,
			   &w) < 0 && w.extra >= 0)
		/* the extra space is live memory at datap: walk it there */
		a64_walk_frame(res, A64_RESERVED_SIZE, (uintptr_t)res,
			       (uint8_t *)(uintptr_t)w.datap, w.xsize, w.datap,
			       &w);
	if (w.err)
		abort();
	fp = a64_find(&w, A64_FPSIMD_MAGIC);
	sve = a64_find(&w, A64_SVE_MAGIC);
	if (img)
		memcpy(&ivl, img + FPABI_A64_CTRL_VL, 8);
	vl = ivl ? (unsigned)ivl : 16;
	if (!fp || (!sve && (rt->slot->edit == E_SVE_ONLY ||
			     rt->slot->edit == E_SVE_HEADER_ONLY)) ||
	    (rt->slot->edit != E_SVE_HEADER_ONLY && !img))
		abort();
	if (E_IS_REC(rt->slot->edit)) {
		edit_records(&w, fp, sve, E_REC_MASK(rt->slot->edit), rt, vl);
		return;
	}
	switch (rt->slot->edit) {
	case E_REGS:
		edit_fpsimd(fp->p, img, vl);
		if (sve)
			edit_sve(sve, img, vl);
		break;
	case E_SVE_ONLY:
		edit_sve(sve, img, vl);
		break;
	case E_FPSIMD_ONLY:
		edit_fpsimd(fp->p, img, vl);
		break;
	case E_SVE_HEADER_ONLY:
		cut_sve(&w, sve);
		break;
	case E_SME_REGS:
		edit_fpsimd(fp->p, img, vl);
		if (sve)
			edit_sve(sve, img, vl);
		edit_sme(&w, img, rt->arch_aux);
		break;
	default:
		/* the forgeries of an sve_context need one; E_F_RANDOM
		 * mutates whatever records the frame has (a CPU without
		 * SVE: fpsimd_context, esr_context, the terminator) */
		if (rt->slot->edit >= E_NEDITS ||
		    ((rt->slot->edit == E_F_DUP_FPSIMD ||
		      rt->slot->edit == E_F_SVE_VL ||
		      (rt->slot->edit >= E_F_EXTRA_SECOND &&
		       rt->slot->edit != E_F_RANDOM)) && !sve))
			abort();
		edit_fpsimd(fp->p, img, vl);
		if (sve)
			edit_sve(sve, img, vl);
		if (rt->slot->edit == E_F_RANDOM)
			mutate_logged(&w, rt->slot, uc);
		else
			forge(&w, fp, sve, rt->slot->edit, vl);
		break;
	}
}
