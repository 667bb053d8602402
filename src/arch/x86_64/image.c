// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 register image is the standard-format XSAVE area of the
 * enabled user features (SDM vol. 1, 13.4): the tracee loads it with XRSTOR
 * and stores it with XSAVE, and NT_X86_XSTATE uses the same format.
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/util.h"
#include "x86.h"

/* canary component numbers are the xfeature numbers; x87 control regs */
enum { R_FCW = 16, R_FSW, R_FTW, R_FOP, R_FIP, R_FDP, R_MXCSR = 16,
       R_MXCSR_MASK, R_PKRU = 0 };

void x86_layout(const struct fpabi_machine *m, const struct fpabi_variant *v,
		struct fpabi_layout *lo)
{
	const struct x86_machine *x = m->arch;
	/* FOP/FIP/FDP: only where the CPU itself keeps them (features.c) */
	enum field_fill ptrs = x->fp_pointers ? FILL_WORDS : FILL_NONE;
	enum field_fill fop = ptrs == FILL_NONE ? FILL_NONE : FILL_SHAPED;
	char name[24];
	unsigned i, off;

	memset(lo, 0, sizeof(*lo));
	lo->size = x->size;
	layout_add(lo, "fcw", 0, 2, 0, XF_FP, R_FCW, 0, FILL_SHAPED, XF_FP);
	layout_add(lo, "fsw", 2, 2, 0, XF_FP, R_FSW, 0, FILL_SHAPED, XF_FP);
	layout_add(lo, "ftw", 4, 1, 0, XF_FP, R_FTW, 0, FILL_SHAPED, XF_FP);
	layout_add(lo, "fop", 6, 2, 0, XF_FP, R_FOP, 0, fop, XF_FP);
	layout_add(lo, "fip", 8, 8, 0, XF_FP, R_FIP, 0, ptrs, XF_FP);
	layout_add(lo, "fdp", 16, 8, 0, XF_FP, R_FDP, 0, ptrs, XF_FP);
	layout_add(lo, "mxcsr", FXSAVE_MXCSR_OFF, 4, 0, XF_SSE, R_MXCSR, 0,
		   FILL_SHAPED, XF_SSE);
	layout_add(lo, "mxcsr_mask", FXSAVE_MXCSR_MASK_OFF, 4, 0, XF_SSE,
		   R_MXCSR_MASK, 0, FILL_FIXED, XF_SSE);
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "st%u", i);
		layout_add(lo, name, 32 + 16 * i, 10, 0, XF_FP, i, 0,
			   FILL_WORDS, XF_FP);
		snprintf(name, sizeof(name), "st%u.reserved", i);
		layout_add(lo, name, 42 + 16 * i, 6, 10, XF_FP, i, 0,
			   FILL_NONE, XF_FP);
	}
	for (i = 0; i < 16; i++) {
		snprintf(name, sizeof(name), "xmm%u", i);
		layout_add(lo, name, 160 + 16 * i, 16, 0, XF_SSE, i, 0,
			   FILL_WORDS, XF_SSE);
	}
	if (x->testable & XFM(XF_YMM))
		for (i = 0; i < 16; i++) {
			off = x->xl.comp[XF_YMM].offset + 16 * i;
			snprintf(name, sizeof(name), "ymm%u", i);
			layout_add(lo, name, off, 16, 16, XF_YMM, i, 0,
				   FILL_WORDS, XF_YMM);
		}
	if (x->testable & XFM(XF_OPMASK))
		for (i = 0; i < 8; i++) {
			off = x->xl.comp[XF_OPMASK].offset + 8 * i;
			snprintf(name, sizeof(name), "k%u", i);
			layout_add(lo, name, off, 8, 0, XF_OPMASK, i, 0,
				   FILL_WORDS, XF_OPMASK);
		}
	if (x->testable & XFM(XF_ZMM_H))
		for (i = 0; i < 16; i++) {
			off = x->xl.comp[XF_ZMM_H].offset + 32 * i;
			snprintf(name, sizeof(name), "zmm%u", i);
			layout_add(lo, name, off, 32, 32, XF_ZMM_H, i, 0,
				   FILL_WORDS, XF_ZMM_H);
		}
	if (x->testable & XFM(XF_HI16_ZMM))
		for (i = 16; i < 32; i++) {
			off = x->xl.comp[XF_HI16_ZMM].offset + 64 * (i - 16);
			snprintf(name, sizeof(name), "zmm%u", i);
			layout_add(lo, name, off, 64, 0, XF_HI16_ZMM, i, 0,
				   FILL_WORDS, XF_HI16_ZMM);
		}
	if (x->testable & XFM(XF_PKRU)) {
		off = x->xl.comp[XF_PKRU].offset;
		layout_add(lo, "pkru", off, 4, 0, XF_PKRU, R_PKRU, 0,
			   FILL_SHAPED, XF_PKRU);
	}
	if ((XV(v)->xfeatures & XFM_AMX) == XFM_AMX) {
		/* palette 1: eight tiles of 16 rows of 64 bytes */
		layout_add(lo, "tilecfg", x->xl.comp[XF_TILECFG].offset, 64, 0,
			   XF_TILECFG, 0, 0, FILL_SHAPED, XF_TILECFG);
		for (i = 0; i < 8; i++) {
			off = x->xl.comp[XF_TILEDATA].offset + 1024 * i;
			snprintf(name, sizeof(name), "tmm%u", i);
			layout_add(lo, name, off, 1024, 0, XF_TILEDATA, i, 0,
				   FILL_WORDS, XF_TILEDATA);
		}
	}
}

/* X-GEN-3: FCW 0x37f, MXCSR 0x1f80, MXCSR_MASK the CPU's, the rest 0. */
void x86_init_image(struct fpabi_run *r, uint8_t *img)
{
	uint16_t fcw = 0x037f;
	uint32_t mxcsr = 0x1f80;

	memset(img, 0, r->lo.size);
	memcpy(img, &fcw, 2);
	memcpy(img + FXSAVE_MXCSR_OFF, &mxcsr, 4);
	memcpy(img + FXSAVE_MXCSR_MASK_OFF, &xm(r)->mxcsr_mask, 4);
}

/*
 * Control registers take canary bits only where any value is valid and
 * harmless: exceptions stay masked, no x87 exception is pending, and PKRU
 * keeps key 0 (all of the tracee's memory) accessible.
 */
void x86_fill_shaped(struct fpabi_run *r, const struct fpabi_field *f,
		     uint8_t *dst, unsigned phase, unsigned task)
{
	struct canary_prov p = {
		.seed = r->cseed, .task = task, .phase = phase,
		.comp = f->comp, .reg = f->reg,
	};
	uint64_t w = mix64(canary_encode(&p));
	uint16_t v16;
	uint32_t v32;
	uint8_t v8;

	if (f->comp == XF_FP && f->reg == R_FCW) {
		/* all exceptions masked (bits 0-5), bit 6 as the CPU keeps it,
		 * PC, RC and X from the canary */
		v16 = 0x007f | (uint16_t)((w & 0x1f) << 8);
		if (v16 == 0x037f)
			v16 ^= 0x1000;
		memcpy(dst, &v16, 2);
	} else if (f->comp == XF_FP && f->reg == R_FSW) {
		/* C0-C3 and TOP only: no exception flags, ES, or B */
		v16 = (uint16_t)(w & 0x7f00) | 0x0100;
		memcpy(dst, &v16, 2);
	} else if (f->comp == XF_FP && f->reg == R_FTW) {
		v8 = (uint8_t)(w | 1);
		memcpy(dst, &v8, 1);
	} else if (f->comp == XF_FP && f->reg == R_FOP) {
		v16 = (uint16_t)((w & 0x7ff) | 1);
		memcpy(dst, &v16, 2);
	} else if (f->comp == XF_SSE && f->reg == R_MXCSR) {
		/* masks on; flags, RC, FZ, DAZ from the canary, never init */
		v32 = 0x1f80 | (uint32_t)(w & 0xe07f);
		v32 &= xm(r)->mxcsr_mask;
		if (!(v32 & 0x3f))
			v32 |= 1;
		memcpy(dst, &v32, 4);
	} else if (f->comp == XF_TILECFG) {
		/*
		 * Not a canary: a tile configuration must be valid or XRSTOR
		 * faults (SDM: LDTILECFG).  The whole of TILEDATA is live.
		 */
		memset(dst, 0, 64);
		dst[0] = 1;				/* palette 1 */
		for (v32 = 0; v32 < 8; v32++) {
			dst[16 + 2 * v32] = 64;		/* colsb */
			dst[48 + v32] = 16;		/* rows */
		}
	} else if (f->comp == XF_PKRU) {
		v32 = (uint32_t)(w & 0xfffffffc);
		if (!v32)
			v32 = 0x0c;
		memcpy(dst, &v32, 4);
	} else {
		die("internal: no shaped fill for %s", f->name);
	}
}

void x86_set_header(uint8_t *img, uint64_t xstate_bv)
{
	memset(img + XSAVE_HDR_OFF, 0, XSAVE_HDR_SIZE);
	memcpy(img + XSAVE_HDR_OFF, &xstate_bv, 8);
}

/*
 * A fresh FPU state, as after exec or on handler entry: every component at
 * init, but PKRU at init_pkru_value (arch/x86/mm/pkeys.c; 0x55555554
 * unless changed with init_pkru= or debugfs): pkey 0 allowed, the rest
 * denied.
 */
void x86_expect_fresh(struct fpabi_run *r, const struct fpabi_rule *rule)
{
	uint32_t pkru = 0x55555554;
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		if (r->lo.f[i].fill == FILL_NONE)
			continue;
		if (r->lo.f[i].group == XF_PKRU)
			expect_field(r, i, (const uint8_t *)&pkru, rule);
		else
			expect_field_init(r, i, rule);
	}
}

/* Components the model expects to hold something other than init. */
uint64_t x86_expected_live(const struct fpabi_run *r)
{
	uint64_t live = 0;
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (r->exp.kind[i] == EXP_VALUE && f->fill != FILL_FIXED &&
		    memcmp(r->exp.img + f->off, r->exp.init + f->off, f->size))
			live |= XFM(f->group);
	}
	return live;
}

/*
 * The expectation after loading phase p with XSTATE_BV = live: those
 * components hold the phase's canaries, every other tested component is in
 * its init state (XRSTOR initialises a component whose RFBM bit is set and
 * XSTATE_BV bit clear: SDM vol. 1, 13.8.1).
 */
void x86_expect_components(struct fpabi_run *r, unsigned phase,
			   uint64_t live, const struct fpabi_rule *rule)
{
	unsigned i;

	expect_fill(r, phase, 0);
	for (i = 0; i < r->lo.nfields; i++) {
		if (r->lo.f[i].fill == FILL_NONE)
			continue;
		if (live >> r->lo.f[i].group & 1)
			r->exp.rule[i] = rule;
		else
			expect_field_init(r, i, rule_get("X-GEN-3"));
	}
}
