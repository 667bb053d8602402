// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The XSAVE components as data: one row per component the kernel knows
 * (arch/x86/include/asm/fpu/types.h), and for those the cases test, their
 * registers, when they are tested, and how each register is filled and
 * checked.  Offsets and sizes come from CPUID leaf 0xD (xsave.c), as
 * kselftest's x86/xstate.c takes them; x87 and SSE sit in the legacy area
 * at fixed offsets (SDM vol. 1, 10.5.1).
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/calib.h"
#include "fpabi/util.h"
#include "x86.h"

/* canary register numbers of the control registers (the data registers
 * are numbered as the user knows them: st3 is 3, zmm17 is 17) */
enum { R_FCW = 16, R_FSW, R_FTW, R_FOP, R_FIP, R_FDP, R_MXCSR = 16,
       R_MXCSR_MASK, R_PKRU = 0, R_TILECFG = 0 };

/*
 * Shaped fills.  Control registers take canary bits only where any value
 * is valid and harmless: exceptions stay masked, no x87 exception is
 * pending, and PKRU keeps key 0 (all of the tracee's memory) accessible.
 * w is the register's canary word (mix64(canary_encode())).
 */

/* all exceptions masked (bits 0-5), bit 6 as the CPU keeps it, PC, RC
 * and X from the canary, never the init value */
static void shape_fcw(const struct fpabi_run *r, uint64_t w, uint8_t *dst)
{
	uint16_t v = 0x007f | (uint16_t)((w & 0x1f) << 8);

	(void)r;
	if (v == 0x037f)
		v ^= 0x1000;
	memcpy(dst, &v, 2);
}

/* C0-C3 and TOP only: no exception flags, ES, or B */
static void shape_fsw(const struct fpabi_run *r, uint64_t w, uint8_t *dst)
{
	uint16_t v = (uint16_t)(w & 0x7f00) | 0x0100;

	(void)r;
	memcpy(dst, &v, 2);
}

/* the abridged tag word (FXSAVE format): one bit a register, never 0 */
static void shape_ftw(const struct fpabi_run *r, uint64_t w, uint8_t *dst)
{
	(void)r;
	dst[0] = (uint8_t)(w | 1);
}

/* an 11-bit opcode */
static void shape_fop(const struct fpabi_run *r, uint64_t w, uint8_t *dst)
{
	uint16_t v = (uint16_t)((w & 0x7ff) | 1);

	(void)r;
	memcpy(dst, &v, 2);
}

/* masks on; flags, RC, FZ, DAZ from the canary, never init */
static void shape_mxcsr(const struct fpabi_run *r, uint64_t w, uint8_t *dst)
{
	uint32_t v = 0x1f80 | (uint32_t)(w & 0xe07f);

	v &= xm(r)->mxcsr_mask;
	if (!(v & 0x3f))
		v |= 1;
	memcpy(dst, &v, 4);
}

/* FILL_FIXED: the CPU's MXCSR_MASK, in every image (X-GEN-3) */
static void shape_mxcsr_mask(const struct fpabi_run *r, uint64_t w,
			     uint8_t *dst)
{
	(void)w;
	memcpy(dst, &xm(r)->mxcsr_mask, 4);
}

/* access and write disable bits of keys 1-15 from the canary; key 0 open */
static void shape_pkru(const struct fpabi_run *r, uint64_t w, uint8_t *dst)
{
	uint32_t v = (uint32_t)(w & 0xfffffffc);

	(void)r;
	if (!v)
		v = 0x0c;
	memcpy(dst, &v, 4);
}

/*
 * Not a canary: a tile configuration must be valid or XRSTOR faults
 * (SDM: LDTILECFG).  Palette 1, every tile 16 rows of 64 bytes, so the
 * whole of TILEDATA is live.
 */
static void shape_tilecfg(const struct fpabi_run *r, uint64_t w, uint8_t *dst)
{
	unsigned t;

	(void)r;
	(void)w;
	memset(dst, 0, 64);
	dst[0] = 1;			/* palette 1 */
	for (t = 0; t < 8; t++) {
		dst[16 + 2 * t] = 64;	/* colsb */
		dst[48 + t] = 16;	/* rows */
	}
}

/* PKRU's value in a fresh state: init_pkru_value (arch/x86/mm/pkeys.c,
 * 0x55555554 unless changed with init_pkru= or debugfs): pkey 0 allowed,
 * the rest denied */
static const uint32_t init_pkru = 0x55555554;

/* one register */
#define REG(nm, o, sz, rg, fl, ...) \
	{ .name = nm, .off = o, .size = sz, .stride = sz, .n = 1, \
	  .first = rg, .fill = fl, __VA_ARGS__ }
/* n registers of sz bytes, stride st apart, numbered from f */
#define REGS(nm, o, cnt, sz, st, f, ...) \
	{ .name = nm, .off = o, .size = sz, .stride = st, .n = cnt, \
	  .first = f, .fill = FILL_WORDS, __VA_ARGS__ }
#define KNOWN(x, nm)	{ .xf = x, .name = nm, .tested = T_NEVER }

const struct x86_comp x86_comps[] = {
	{ .xf = XF_FP, .name = "x87", .tested = T_ALWAYS,
	  .flags = C_IN_FRAME, .regs = {
		/* X-GEN-3: FCW 0x037f, the rest 0 */
		REG("fcw", 0, 2, R_FCW, FILL_SHAPED, .shape = shape_fcw,
		    .init = 0x037f),
		REG("fsw", 2, 2, R_FSW, FILL_SHAPED, .shape = shape_fsw),
		REG("ftw", 4, 1, R_FTW, FILL_SHAPED, .shape = shape_ftw),
		/* FOP/FIP/FDP: checked in the bits the CPU keeps (the
		 * calibration, fpabi/calib.h) */
		REG("fop", 6, 2, R_FOP, FILL_SHAPED, .shape = shape_fop,
		    .flags = RUN_FP_POINTER),
		REG("fip", 8, 8, R_FIP, FILL_WORDS, .flags = RUN_FP_POINTER),
		REG("fdp", 16, 8, R_FDP, FILL_WORDS, .flags = RUN_FP_POINTER),
		/* 80-bit registers in 16-byte slots: 6 reserved bytes each */
		REGS("st", 32, 8, 10, 16, 0, .pad = 6),
	} },
	/*
	 * MXCSR is SSE state in the legacy area, but XSAVE stores it (and
	 * MXCSR_MASK) whenever RFBM has SSE or AVX, whatever XINUSE says
	 * (SDM vol. 1, 13.7), so an observer shows it even where the SSE
	 * bit of XSTATE_BV is clear.
	 */
	{ .xf = XF_SSE, .name = "mxcsr", .tested = T_ALWAYS,
	  .flags = C_PART | C_LEGACY, .saved_with = XFM(XF_SSE) | XFM(XF_YMM),
	  .regs = {
		/* X-GEN-3: MXCSR 0x1f80, MXCSR_MASK the CPU's */
		REG("mxcsr", FXSAVE_MXCSR_OFF, 4, R_MXCSR, FILL_SHAPED,
		    .shape = shape_mxcsr, .init = 0x1f80),
		REG("mxcsr_mask", FXSAVE_MXCSR_MASK_OFF, 4, R_MXCSR_MASK,
		    FILL_FIXED, .shape = shape_mxcsr_mask),
	} },
	{ .xf = XF_SSE, .name = "sse", .tested = T_ALWAYS,
	  .flags = C_IN_FRAME, .regs = {
		REGS("xmm", 0, 16, 16, 16, 0),
	} },
	/* the upper halves of YMM0-15 (YMM_Hi128) */
	{ .xf = XF_YMM, .name = "avx", .tested = T_XCR0, .need = NEED_AVX,
	  .regs = { REGS("ymm", 0, 16, 16, 16, 0, .reg_off = 16) } },
	KNOWN(XF_BNDREGS, "mpx_bndregs"),
	KNOWN(XF_BNDCSR, "mpx_bndcsr"),
	{ .xf = XF_OPMASK, .name = "avx512_opmask", .tested = T_XCR0,
	  .need = NEED_AVX512, .regs = { REGS("k", 0, 8, 8, 8, 0) } },
	/* the upper 256 bits of ZMM0-15 */
	{ .xf = XF_ZMM_H, .name = "avx512_zmm_hi256", .tested = T_XCR0,
	  .need = NEED_AVX512,
	  .regs = { REGS("zmm", 0, 16, 32, 32, 0, .reg_off = 32) } },
	/* ZMM16-31 whole */
	{ .xf = XF_HI16_ZMM, .name = "avx512_hi16_zmm", .tested = T_XCR0,
	  .need = NEED_AVX512, .regs = { REGS("zmm", 0, 16, 64, 64, 16) } },
	KNOWN(XF_PT, "pt"),
	/* a signal frame always carries PKRU (X-SIG-3); a fresh state has
	 * init_pkru_value, not 0 (X-PROC-1, X-SIG-5) */
	{ .xf = XF_PKRU, .name = "pkru", .tested = T_XCR0, .need = NEED_PKU,
	  .flags = C_IN_FRAME, .fresh = &init_pkru, .regs = {
		REG("pkru", 0, 4, R_PKRU, FILL_SHAPED, .shape = shape_pkru),
	} },
	KNOWN(XF_PASID, "pasid"),
	KNOWN(XF_CET_U, "cet_user"),
	KNOWN(XF_CET_S, "cet_kernel"),
	KNOWN(XF_HDC, "hdc"),
	KNOWN(XF_UINTR, "uintr"),
	KNOWN(XF_LBR, "lbr"),
	KNOWN(XF_HWP, "hwp"),
	/*
	 * AMX: only in the variants that ask (the task must first be
	 * granted TILEDATA with ARCH_REQ_XCOMP_PERM, X86_SETUP_AMX).
	 * TILEDATA is dynamic: the kernel grows the task's buffer on first
	 * use (XFD), so signal frames carry it only once used; and a fork
	 * child starts with it at init (X-AMX-2).
	 */
	{ .xf = XF_TILECFG, .name = "amx_tilecfg", .tested = T_VARIANT,
	  .need = NEED_AMX, .regs = {
		REG("tilecfg", 0, 64, R_TILECFG, FILL_SHAPED,
		    .shape = shape_tilecfg),
	} },
	{ .xf = XF_TILEDATA, .name = "amx_tiledata", .tested = T_VARIANT,
	  .need = NEED_AMX, .flags = C_DYNAMIC, .fork_rule = "X-AMX-2",
	  .regs = { REGS("tmm", 0, 8, 1024, 1024, 0) } },
	KNOWN(XF_APX, "apx"),
	{ .name = NULL },
};

const char *xfeature_name(unsigned x)
{
	const struct x86_comp *c;

	for (c = x86_comps; c->name; c++)
		if (c->xf == x && !(c->flags & C_PART))
			return c->name;
	return "unknown";
}

/* The features of the components whose tested is t, or whose flags has
 * all of flags. */
uint64_t x86_comp_mask(int tested, unsigned flags)
{
	const struct x86_comp *c;
	uint64_t m = 0;

	for (c = x86_comps; c->name; c++)
		if ((tested < 0 || c->tested == tested) &&
		    (c->flags & flags) == flags && c->tested != T_NEVER)
			m |= XFM(c->xf);
	return m;
}

const struct x86_run *x86_run_of(const struct fpabi_field *f,
				 const struct x86_comp **comp)
{
	const struct x86_comp *c;
	const struct x86_run *k;

	for (c = x86_comps; c->name; c++) {
		if (c->xf != f->group)
			continue;
		for (k = c->regs; k->name; k++)
			if (f->reg >= k->first && f->reg < k->first + k->n) {
				if (comp)
					*comp = c;
				return k;
			}
	}
	die("internal: field %s is in no XSAVE component's row", f->name);
}

const struct x86_comp *x86_comp_of(const struct fpabi_field *f)
{
	const struct x86_comp *c;

	x86_run_of(f, &c);
	return c;
}

/* Where the component's registers start in the standard format. */
static uint32_t comp_base(const struct x86_machine *x, const struct x86_comp *c)
{
	return c->flags & C_LEGACY ? 0 : x->xl.comp[c->xf].offset;
}

/*
 * Every tested component's registers lie inside it as CPUID describes it
 * (leaf 0xD: EAX the size; x87 and SSE the fixed 160 and 256 bytes).
 */
void x86_comps_check(const struct x86_machine *x)
{
	const struct x86_comp *c;
	const struct x86_run *k;

	for (c = x86_comps; c->name; c++) {
		uint32_t size = c->flags & C_LEGACY ? XSAVE_LEGACY_SIZE :
				x->xl.comp[c->xf].size;

		if (c->tested == T_NEVER || !(x->xl.xcr0 >> c->xf & 1))
			continue;
		for (k = c->regs; k->name; k++)
			if (k->off + (uint32_t)k->stride * (k->n - 1) + k->size +
			    k->pad > size)
				die("CPUID leaf 0xD: %s is %u bytes, too small "
				    "for %s", c->name, size, k->name);
	}
}

/*
 * What the components give the machine: the tested ones XCR0 enables,
 * and each NEED_* bit whose components XCR0 all enables (AVX-512 is
 * three, AMX two).
 */
void x86_comps_probe(struct fpabi_machine *m, struct x86_machine *x)
{
	const struct x86_comp *c;
	uint64_t needs = 0, missing = 0;

	x->testable = x->xl.xcr0 & (x86_comp_mask(T_ALWAYS, 0) |
				    x86_comp_mask(T_XCR0, 0));
	for (c = x86_comps; c->name; c++) {
		needs |= c->need;
		if (!(x->xl.xcr0 >> c->xf & 1))
			missing |= c->need;
	}
	m->have |= needs & ~missing;
	x86_comps_check(x);
}

/* The XSTATE_BV bits a signal frame always has (X-SIG-3). */
uint64_t x86_frame_bv(const struct fpabi_run *r)
{
	const struct x86_comp *c;
	uint64_t bv = 0;

	for (c = x86_comps; c->name; c++)
		if ((c->flags & C_IN_FRAME) &&
		    (!c->need || (r->m->have & c->need)))
			bv |= XFM(c->xf);
	return bv;
}

/*
 * Did an XSAVE with requested-feature bitmap rfbm that wrote xstate_bv
 * store f?  A component whose XSTATE_BV bit is clear is in its init
 * state and XSAVE need not write its area (SDM vol. 1, 13.7), but a
 * C_PART row is stored whenever rfbm has one of its saved_with bits.
 */
bool x86_field_saved(const struct fpabi_field *f, uint64_t xstate_bv,
		     uint64_t rfbm)
{
	const struct x86_comp *c = x86_comp_of(f);

	if (c->flags & C_PART)
		return rfbm & c->saved_with;
	return xstate_bv >> f->group & 1;
}

/* Is c in the layout of variant v? */
static bool comp_tested(const struct x86_machine *x,
			const struct fpabi_variant *v, const struct x86_comp *c)
{
	switch (c->tested) {
	case T_ALWAYS:
		return true;
	case T_XCR0:
		return x->testable >> c->xf & 1;
	case T_VARIANT:
		return XV(v)->xfeatures >> c->xf & 1;
	}
	return false;
}

static void add_run(struct fpabi_layout *lo, const struct fpabi_machine *m,
		    const struct x86_comp *c, const struct x86_run *k)
{
	const struct x86_machine *x = m->arch;
	enum field_fill fill = k->fill;
	uint32_t off = comp_base(x, c) + k->off;
	char name[24];
	unsigned i;

	for (i = 0; i < k->n; i++, off += k->stride) {
		if (k->n > 1)
			snprintf(name, sizeof(name), "%s%u", k->name,
				 k->first + i);
		else
			snprintf(name, sizeof(name), "%s", k->name);
		/* a register of which the CPU keeps no bit (the calibration:
		 * FOP/FIP/FDP on AMD CPUs that store them only while an x87
		 * exception is pending) is unchecked */
		if (calib_none(m, c->xf, name))
			fill = FILL_NONE;
		layout_add(lo, name, off, k->size, k->reg_off, c->xf,
			   k->first + i, 0, fill, c->xf);
		if (!k->pad)
			continue;
		snprintf(name + strlen(name), sizeof(name) - strlen(name),
			 ".reserved");
		layout_add(lo, name, off + k->size, k->pad, k->size, c->xf,
			   k->first + i, 0, FILL_NONE, c->xf);
	}
}

/*
 * The image is the standard-format XSAVE area of the enabled user
 * features (SDM vol. 1, 13.4): every tested component's registers, in
 * image order (the legacy area interleaves x87 and SSE: FCW..FDP, MXCSR,
 * ST0-7, XMM0-15), so findings read in the order of the bytes.
 */
void x86_layout(const struct fpabi_machine *m, const struct fpabi_variant *v,
		struct fpabi_layout *lo)
{
	const struct x86_machine *x = m->arch;
	const struct x86_comp *c;
	const struct x86_run *k;
	unsigned i, j;

	memset(lo, 0, sizeof(*lo));
	lo->size = x->size;
	for (c = x86_comps; c->name; c++)
		if (c->tested != T_NEVER && comp_tested(x, v, c))
			for (k = c->regs; k->name; k++)
				add_run(lo, m, c, k);
	/* a stable insertion sort by offset */
	for (i = 1; i < lo->nfields; i++) {
		struct fpabi_field f = lo->f[i];

		for (j = i; j > 0 && lo->f[j - 1].off > f.off; j--)
			lo->f[j] = lo->f[j - 1];
		lo->f[j] = f;
	}
}
