// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 register image (include/fpabi/arm64-image.h): control block,
 * then Z, P and FFR at the case's VL, in the order `str z`/`str p` store
 * them, which is also the order of the SVE regset and signal payloads.
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/util.h"
#include "a64.h"

/*
 * SME variants add, after the Z/P/FFR block of the largest VL (SVE or
 * streaming), ZA (SVL rows of SVL bytes, room for the largest SVL) and
 * ZT0 (64 bytes): offsets that stay put when the VL or PSTATE.SM change.
 */
size_t a64_za_off(const struct fpabi_machine *m)
{
	const struct a64_machine *a = m->arch;
	unsigned vl = MAX(MAX(a->sve_max, a->sme_max), 16u);

	return ALIGN_UP(FPABI_A64_IMAGE_SIZE(vl), 64);
}

size_t a64_zt_off(const struct fpabi_machine *m)
{
	const struct a64_machine *a = m->arch;

	return a64_za_off(m) + (size_t)a->sme_max * a->sme_max;
}

size_t a64_sme_image_size(const struct fpabi_machine *m)
{
	return a64_zt_off(m) + 64;
}

static void layout_sme(const struct fpabi_machine *m,
		       const struct fpabi_variant *v, struct fpabi_layout *lo)
{
	size_t za = a64_za_off(m);
	unsigned n;
	char name[24];

	layout_add(lo, "svl", FPABI_A64_CTRL_SVL, 8, 0, C_INFO, 2, 0,
		   FILL_FIXED, G_INFO);
	layout_add(lo, "tpidr2", FPABI_A64_CTRL_TPIDR2, 8, 0, C_TPIDR2, 0, 0,
		   FILL_WORDS, G_TPIDR2);
	if (m->have & NEED_FPMR)
		layout_add(lo, "fpmr", FPABI_A64_CTRL_FPMR, 8, 0, C_FPMR, 0, 0,
			   FILL_SHAPED, G_FPMR);
	for (n = 0; n < AV(v)->svl; n++) {
		snprintf(name, sizeof(name), "za row %u", n);
		layout_add(lo, name, za + (size_t)n * AV(v)->svl, AV(v)->svl, 0, C_ZA,
			   n, 0, FILL_WORDS, G_ZA);
	}
	if (m->have & NEED_SME2)
		layout_add(lo, "zt0", a64_zt_off(m), 64, 0, C_ZT, 0, 0,
			   FILL_WORDS, G_ZT);
}

void a64_layout(const struct fpabi_machine *m, const struct fpabi_variant *v,
		struct fpabi_layout *lo)
{
	bool sve = m->have & NEED_SVE;
	unsigned vl = sve ? AV(v)->vl : 16, n;
	char name[24];

	if (AV(v)->svl && (AV(v)->svcr & SV_SM))
		vl = AV(v)->svl;	/* streaming: the image is at SVL */
	memset(lo, 0, sizeof(*lo));
	lo->size = AV(v)->svl ? a64_sme_image_size(m) : FPABI_A64_IMAGE_SIZE(vl);
	layout_add(lo, "fpsr", FPABI_A64_CTRL_FPSR, 4, 0, C_FPSR, 0, 0,
		   FILL_SHAPED, G_FPSR);
	layout_add(lo, "fpcr", FPABI_A64_CTRL_FPCR, 4, 0, C_FPCR, 0, 0,
		   FILL_SHAPED, G_FPSR);
	if (sve)
		layout_add(lo, "vl", FPABI_A64_CTRL_VL, 8, 0, C_INFO, 0, 0,
			   FILL_FIXED, G_INFO);
	if (m->have & NEED_SME)
		layout_add(lo, "svcr", FPABI_A64_CTRL_SVCR, 8, 0, C_INFO, 1, 0,
			   FILL_FIXED, G_INFO);
	if (AV(v)->svl)
		layout_sme(m, v, lo);
	for (n = 0; n < 32; n++) {
		snprintf(name, sizeof(name), "z%u", n);
		layout_add(lo, name, FPABI_A64_Z_OFF(vl, n), 16, 0, C_Z, n, 0,
			   FILL_WORDS, G_ZLO);
		if (vl > 16)
			layout_add(lo, name, FPABI_A64_Z_OFF(vl, n) + 16, vl - 16,
				   16, C_Z, n, 2, FILL_WORDS, G_ZHI);
	}
	/* P and FFR exist with SVE, or in streaming mode (SME alone) */
	if (!sve && !(AV(v)->svl && (AV(v)->svcr & SV_SM)))
		return;
	for (n = 0; n < 16; n++) {
		snprintf(name, sizeof(name), "p%u", n);
		layout_add(lo, name, FPABI_A64_P_OFF(vl, n), vl / 8, 0, C_P, n,
			   0, FILL_WORDS, G_P);
	}
	layout_add(lo, "ffr", FPABI_A64_FFR_OFF(vl), vl / 8, 0, C_FFR, 0, 0,
		   FILL_SHAPED, G_FFR);
}

/* Architectural resets: everything 0; the info fields hold what the
 * tracee must read back (its VL, SVCR 0). */
void a64_init_image(struct fpabi_run *r, uint8_t *img)
{
	uint64_t vl = v_eff_vl(r), svl = AV(&r->v)->svl, svcr = AV(&r->v)->svcr & 3;

	memset(img, 0, r->lo.size);
	memcpy(img + FPABI_A64_CTRL_VL, &vl, 8);
	if (sme_run(r)) {
		memcpy(img + FPABI_A64_CTRL_SVL, &svl, 8);
		memcpy(img + FPABI_A64_CTRL_SVCR, &svcr, 8);
	}
}

/*
 * Control registers take canary bits where any value is harmless: FPSR's
 * cumulative flags and QC; FPCR's AHP, DN, FZ and RMode, and the bits only
 * some CPUs have, FIZ, AH, NEP (FEAT_AFP), EBF (FEAT_EBF16) and FZ16
 * (FEAT_FP16): a CPU without the feature keeps them as RES0, which the
 * calibration measures (fpabi/calib.h) instead of the model assuming it;
 * never the trap enables.
 * FFR must be a monotonic predicate, or WRFFR's result is UNPREDICTABLE
 * (Arm ARM, WRFFR): ones in its first k lanes, 0 < k < VL.
 */
void a64_fill_shaped(struct fpabi_run *r, const struct fpabi_field *f,
		     uint8_t *dst, unsigned phase, unsigned task)
{
	struct canary_prov p = {
		.seed = r->cseed, .task = task, .phase = phase,
		.comp = f->comp, .reg = f->reg,
	};
	uint64_t w = mix64(canary_encode(&p));
	uint32_t v32;
	unsigned k, i, bits;

	switch (f->comp) {
	case C_FPSR:
		v32 = (uint32_t)(w & 0x0800009f);
		if (!v32)
			v32 = 0x08000001;
		memcpy(dst, &v32, 4);
		break;
	case C_FPCR:
		v32 = (uint32_t)(w & 0x07c82007);
		if (!v32)
			v32 = 1u << 25;
		memcpy(dst, &v32, 4);
		break;
	case C_FPMR:
		/* the defined fields: F8S1/F8S2/F8D, OSM, OSC, LSCALE, NSCALE,
		 * LSCALE2 (Arm ARM, FPMR); the rest is RES0 */
		w &= 0x3fff7fc1ffull;
		if (!w)
			w = 1;
		memcpy(dst, &w, 8);
		break;
	case C_FFR:
		bits = f->size * 8;
		k = 1 + (unsigned)(w % (bits - 1));
		memset(dst, 0, f->size);
		for (i = 0; i < k; i++)
			dst[i / 8] |= 1u << (i % 8);
		break;
	default:
		die("internal: no shaped fill for %s", f->name);
	}
}

/* Fields of these groups take their bytes from src (an image), phase p. */
void a64_expect_groups(struct fpabi_run *r, uint64_t groups,
		       const uint8_t *src, unsigned phase,
		       const struct fpabi_rule *rule)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (!(groups >> f->group & 1) || f->fill == FILL_NONE)
			continue;
		expect_field(r, i, src + f->off, rule);
		r->exp.phase[i] = phase;
	}
}

void a64_expect_zero(struct fpabi_run *r, uint64_t groups,
		     const struct fpabi_rule *rule)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++)
		if (groups >> r->lo.f[i].group & 1)
			expect_field_init(r, i, rule);
}
