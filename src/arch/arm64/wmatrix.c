// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 regset-write matrix: rows of the write table (struct
 * a64_write, write.h) generated from two axes, the regset and one value
 * of one of its header fields or of its size (every flag bit, the vl
 * current, another, rounded, invalid, zero; the size exact, short, header
 * only, long, unaligned), each with the outcome the kernel's checks give
 * in the task's state (its SVCR, its VLs), from
 * Documentation/arch/arm64/sve.rst and sme.rst and
 * arch/arm64/kernel/ptrace.c; crossed with the SVCR (the SME variants)
 * and with task histories by src/plan/matrix.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/matrix.h"
#include "fpabi/util.h"
#include "write.h"

#define FPR_SIZE	528
#define FLAG_SVE	SVE_PT_REGS_SVE
#define FLAG_INHERIT	SVE_PT_VL_INHERIT
#define FLAG_ONEXEC	4	/* SVE_PT_VL_ONEXEC */

static const struct a64_machine *am_of(const struct fpabi_machine *m)
{
	return m->arch;
}

/* the regsets (the first axis's groups) */
enum rs { RS_FPR, RS_SVE, RS_SSVE, RS_ZA, RS_ZT, RS_TLS, RS_FPMR, RS_N };

static const struct {
	const char *id, *note_name;
	unsigned note;
} rsi[RS_N] = {
	[RS_FPR] = { "fpr", "NT_PRFPREG", NT_PRFPREG },
	[RS_SVE] = { "sve", "NT_ARM_SVE", NT_ARM_SVE },
	[RS_SSVE] = { "ssve", "NT_ARM_SSVE", NT_ARM_SSVE },
	[RS_ZA] = { "za", "NT_ARM_ZA", NT_ARM_ZA },
	[RS_ZT] = { "zt", "NT_ARM_ZT", NT_ARM_ZT },
	[RS_TLS] = { "tls", "NT_ARM_TLS", NT_ARM_TLS },
	[RS_FPMR] = { "fpmr", "NT_ARM_FPMR", NT_ARM_FPMR },
};

#define HDR	((1u << RS_SVE) | (1u << RS_SSVE) | (1u << RS_ZA))

/* One value of one field: the second half of a row. */
enum fflags { F_OWN, F_INHERIT, F_ONEXEC, F_FPSIMD };

struct fval {
	const char *name, *what;
	unsigned rs;		/* the regsets it applies to (bits) */
	uint8_t len;		/* enum wlen */
	int16_t add;
	uint8_t vl;		/* enum wvl */
	uint8_t mut;		/* MU_* */
	uint8_t flags;		/* enum fflags: the header's flags */
};

#define FV_HDR(n, w, ...)	{ .name = n, .what = w, .rs = HDR, __VA_ARGS__ }

static const struct fval hdr_values[] = {
	FV_HDR("full", "the whole payload, every header field as read"),
	{ .name = "fmt-fpsimd", .what = "flags: FPSIMD format (an FPSIMD "
	  "payload)", .rs = (1u << RS_SVE) | (1u << RS_SSVE),
	  .flags = F_FPSIMD },
	FV_HDR("flag-inherit", "flags: VL_INHERIT", .flags = F_INHERIT),
	FV_HDR("flag-onexec", "flags: VL_ONEXEC", .flags = F_ONEXEC),
	FV_HDR("vl-other", "vl: another supported VL (the payload at it)",
	       .vl = VL_ANOTHER),
	FV_HDR("vl-rounded", "vl: one the kernel rounds", .vl = VL_ROUND),
	FV_HDR("vl-invalid", "vl: not a multiple of 16", .vl = VL_PLUS8),
	FV_HDR("vl-zero", "vl: 0", .vl = VL_ZERO),
	FV_HDR("size-header", "iov_len: the header alone", .len = LEN_HEADER),
	FV_HDR("size-half", "iov_len: half the registers", .len = LEN_HALF),
	FV_HDR("size-long", "iov_len: the payload and 16 bytes more",
	       .add = 16, .mut = MU_TAIL16),
	FV_HDR("size-unaligned", "iov_len: the payload less 8 bytes",
	       .add = -8),
	FV_HDR("size-below-header", "iov_len: 8 bytes", .len = LEN_FIXED,
	       .add = 8),
	FV_HDR("size-zero", "iov_len: 0", .len = LEN_FIXED),
	FV_HDR("hdr-size", "header.size bogus", .mut = MU_BAD_SIZE),
	FV_HDR("hdr-max-vl", "header.max_vl bogus", .mut = MU_MAX_VL),
	FV_HDR("hdr-reserved", "header.__reserved non-zero",
	       .mut = MU_RESERVED),
};

/* headerless regsets: sizes (LEN_FIXED) */
static const struct {
	enum rs rs;
	int16_t len;
	const char *name, *what;
} fixed_values[] = {
	{ RS_FPR, FPR_SIZE, "size-full", "iov_len 528: every field" },
	{ RS_FPR, 256, "size-short", "iov_len 256: V0-V15" },
	{ RS_FPR, 526, "size-unaligned", "iov_len 526" },
	{ RS_FPR, 0, "size-zero", "iov_len 0" },
	{ RS_FPR, FPR_SIZE + 16, "size-long", "iov_len 544" },
	{ RS_ZT, 64, "size-full", "iov_len 64: ZT0" },
	{ RS_ZT, 32, "size-short", "iov_len 32" },
	{ RS_ZT, 0, "size-zero", "iov_len 0" },
	{ RS_ZT, 128, "size-long", "iov_len 128" },
	{ RS_TLS, 16, "size-full", "iov_len 16: TPIDR_EL0, TPIDR2_EL0" },
	{ RS_TLS, 8, "size-short", "iov_len 8: TPIDR_EL0" },
	{ RS_TLS, 12, "size-unaligned", "iov_len 12" },
	{ RS_TLS, 0, "size-zero", "iov_len 0" },
	{ RS_TLS, 24, "size-long", "iov_len 24" },
	{ RS_FPMR, 8, "size-full", "iov_len 8: FPMR" },
	{ RS_FPMR, 4, "size-unaligned", "iov_len 4" },
	{ RS_FPMR, 0, "size-zero", "iov_len 0" },
	{ RS_FPMR, 16, "size-long", "iov_len 16" },
};

/* header flag bits no kernel knows, each its own row: 3..15 (and bit 0
 * for NT_ARM_ZA, whose flags have no format bit) */
#define UNKNOWN_BITS	14

#define MX_ROWS	128

static struct a64_write rows[MX_ROWS];
static uint8_t row_rs[MX_ROWS];
static char row_id[MX_ROWS][40], row_name[MX_ROWS][80];
static unsigned nrows;

static a64_build b_mx_sve, b_mx_fpsimd;
static a64_write_expect ex_fpr, ex_sve, ex_za, ex_zt, ex_tls, ex_fpmr;

static a64_write_expect *const rs_expect[RS_N] = {
	[RS_FPR] = ex_fpr, [RS_SVE] = ex_sve, [RS_SSVE] = ex_sve,
	[RS_ZA] = ex_za, [RS_ZT] = ex_zt, [RS_TLS] = ex_tls,
	[RS_FPMR] = ex_fpmr,
};

static a64_build *const rs_build[RS_N] = {
	[RS_FPR] = a64_b_fpr, [RS_SVE] = b_mx_sve, [RS_SSVE] = b_mx_sve,
	[RS_ZA] = a64_b_za, [RS_ZT] = a64_b_zt, [RS_TLS] = a64_b_tls,
	[RS_FPMR] = a64_b_fpmr,
};

static struct a64_write *new_row(enum rs rs, const char *val,
				 const char *what)
{
	struct a64_write *w;

	if (nrows == MX_ROWS)
		die("internal: too many arm64 matrix rows");
	w = &rows[nrows];
	row_rs[nrows] = rs;
	snprintf(row_id[nrows], sizeof(row_id[0]), "%s.%s", rsi[rs].id, val);
	snprintf(row_name[nrows], sizeof(row_name[0]), "%s, %s",
		 rsi[rs].note_name, what);
	w->name = row_name[nrows];
	w->what = what;
	w->note = rsi[rs].note;
	w->build = rs_build[rs];
	w->expect = rs_expect[rs];
	nrows++;
	return w;
}

/* The rows: a regset crossed with each value of its fields (the table is
 * the same on every machine; the outcome is the state's). */
static void build_rows(void)
{
	unsigned i, b, rs;

	if (nrows)
		return;
	for (i = 0; i < ARRAY_SIZE(fixed_values); i++)
		if (fixed_values[i].rs == RS_FPR) {
			struct a64_write *w = new_row(RS_FPR,
					fixed_values[i].name, fixed_values[i].what);

			w->len = LEN_FIXED;
			w->add = fixed_values[i].len;
		}
	for (rs = RS_SVE; rs <= RS_ZA; rs++) {
		for (i = 0; i < ARRAY_SIZE(hdr_values); i++) {
			const struct fval *f = &hdr_values[i];
			struct a64_write *w;

			if (!(f->rs >> rs & 1))
				continue;
			w = new_row(rs, f->name, f->what);
			w->len = f->len;
			w->add = f->add;
			w->vl = f->vl;
			w->mut = f->mut;
			if (f->flags == F_FPSIMD)
				w->build = b_mx_fpsimd;
			if (f->flags == F_INHERIT || f->flags == F_ONEXEC) {
				w->set_flags = true;
				w->hflags = (uint16_t)((rs == RS_ZA ? 0 :
							FLAG_SVE) |
					(f->flags == F_INHERIT ? FLAG_INHERIT :
					 FLAG_ONEXEC));
			}
		}
		for (b = 0; b < 16; b++) {
			static char names[3][16][24];
			struct a64_write *w;

			if (b == 1 || b == 2 || (b == 0 && rs != RS_ZA))
				continue;
			snprintf(names[rs - RS_SVE][b], sizeof(names[0][0]),
				 "flag-bit%u", b);
			w = new_row(rs, names[rs - RS_SVE][b],
				    "flags: an unknown bit");
			w->set_flags = true;
			w->hflags = (uint16_t)((rs == RS_ZA ? 0 : FLAG_SVE) |
					       1u << b);
		}
	}
	for (i = 0; i < ARRAY_SIZE(fixed_values); i++) {
		struct a64_write *w;

		if (fixed_values[i].rs == RS_FPR)
			continue;
		w = new_row(fixed_values[i].rs, fixed_values[i].name,
			    fixed_values[i].what);
		w->len = LEN_FIXED;
		w->add = fixed_values[i].len;
	}
}

const struct a64_write *a64_mx_row(unsigned kind)
{
	build_rows();
	return kind >= W_MX_BASE && kind - W_MX_BASE < nrows ?
	       &rows[kind - W_MX_BASE] : NULL;
}

/* ----------------------------------------------------------- payloads */

/* The VL of the regset a write is to, in the task's state now. */
static unsigned regset_vl(const struct a64_wctx *c)
{
	return c->note == NT_ARM_SVE ? AV(&c->r->v)->vl : AV(&c->r->v)->svl;
}

static void sve_header(const struct a64_wctx *c, struct user_sve_header *h,
		       unsigned vl, unsigned flags)
{
	const struct a64_machine *a = am(c->r);

	h->vl = (uint16_t)vl;
	h->max_vl = (uint16_t)(c->note == NT_ARM_SVE ? a->sve_max : a->sme_max);
	h->flags = (uint16_t)flags;
	h->size = SVE_PT_SIZE(vl / 16, flags);
	h->max_size = SVE_PT_SIZE(h->max_vl / 16, SVE_PT_REGS_SVE);
}

/*
 * NT_ARM_SVE or NT_ARM_SSVE, SVE format at the regset's VL.  The model has
 * the task at that layout when the kernel reads the payload (a taken
 * write: outcome_now() moved it there first); otherwise (a write refused
 * before it reads the payload) the payload holds the image's canaries as
 * they lie, so a write taken anyway still shows.
 */
static size_t b_mx_sve(struct a64_wctx *c, uint8_t *buf, bool payload,
		       size_t *half)
{
	struct fpabi_run *r = c->r;
	unsigned vl = regset_vl(c), vq = vl / 16;
	size_t zoff = FPABI_A64_Z_OFF(c->vl, 0), size;

	if (vl == c->vl)
		a64_sve_format(c->img, vl, buf, payload);
	else if (payload)
		memcpy(buf + SVE_PT_SVE_OFFSET, c->img + zoff,
		       MIN(SVE_PT_SIZE(vq, SVE_PT_REGS_SVE) - SVE_PT_SVE_OFFSET,
			   r->lo.size - zoff));
	sve_header(c, (struct user_sve_header *)buf, vl, SVE_PT_REGS_SVE);
	size = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);
	*half = SVE_PT_SVE_ZREG_OFFSET(vq, 16);
	return size;
}

/* NT_ARM_SVE or NT_ARM_SSVE, FPSIMD format */
static size_t b_mx_fpsimd(struct a64_wctx *c, uint8_t *buf, bool payload,
			  size_t *half)
{
	sve_header(c, (struct user_sve_header *)buf, regset_vl(c),
		   SVE_PT_REGS_FPSIMD);
	if (payload)
		a64_image_to_fpsimd(c->r, c->img, buf + SVE_PT_FPSIMD_OFFSET);
	*half = SVE_PT_FPSIMD_OFFSET + 256;
	return SVE_PT_SIZE(regset_vl(c) / 16, SVE_PT_REGS_FPSIMD);
}

/* ----------------------------------------------------------- outcomes */

static void refuse(struct a64_outcome *o, int err, const char *rule,
		   const char *what)
{
	o->err = err;
	o->rule = rule;
	o->what = what;
	o->model = NULL;
	o->changes = false;
	o->pre_svcr = -1;
	o->pre_vl = o->pre_svl = 0;
	o->inherit = -1;
}

static void taken(struct a64_outcome *o, a64_write_model *model,
		  const char *rule, bool changes, const char *what)
{
	o->err = 0;
	o->model = model;
	o->rule = rule;
	o->changes = changes;
	o->what = what;
}

static enum rs rs_of(const struct a64_write *w)
{
	return (enum rs)row_rs[w - rows];
}

/* iov_len of w when the regset's VL is vl (write.c's make()) */
static size_t row_len(const struct a64_write *w, unsigned vl)
{
	size_t full = 0, half = 0;

	switch (rs_of(w)) {
	case RS_FPR: full = half = FPR_SIZE; break;
	case RS_SVE: case RS_SSVE:
		full = w->build == b_mx_fpsimd ?
		       SVE_PT_SIZE(vl / 16, SVE_PT_REGS_FPSIMD) :
		       SVE_PT_SIZE(vl / 16, SVE_PT_REGS_SVE);
		half = w->build == b_mx_fpsimd ? SVE_PT_FPSIMD_OFFSET + 256 :
		       SVE_PT_SVE_ZREG_OFFSET(vl / 16, 16);
		break;
	case RS_ZA:
		full = ZA_PT_SIZE(vl / 16);
		half = ZA_PT_ZA_OFFSET + (size_t)vl * vl / 2;
		break;
	case RS_ZT: full = 64; break;
	case RS_TLS: full = 16; break;
	case RS_FPMR: full = 8; break;
	case RS_N: break;
	}
	switch (w->len) {
	case LEN_HEADER: return 16;
	case LEN_HALF: return half;
	case LEN_FIXED: return (size_t)w->add;
	}
	return (size_t)((long)full + w->add);
}

/* find_supported_vector_length() after vec_set_vector_length()'s clamp */
static unsigned rounded(const unsigned *vls, unsigned n, unsigned vl)
{
	unsigned best = n ? vls[0] : 16, i;

	vl = MIN(vl, 256u);
	for (i = 0; i < n; i++)
		if (vls[i] <= vl)
			best = vls[i];
	return best;
}

/* The header's vl and flags as make() writes them. */
static unsigned row_hvl(const struct a64_write *w, const struct a64_wstate *s,
			bool sme)
{
	const struct a64_machine *a = s->m->arch;
	const unsigned *vls = sme ? a->sme_vls : a->sve_vls;
	unsigned n = sme ? a->nsme : a->nsve, vl = sme ? s->svl : s->vl;

	switch (w->vl) {
	case VL_ZERO: return 0;
	case VL_PLUS8: return vl + 8;
	case VL_ROUND:
		return a64_vl_to_round(vls, n, sme ? a->sme_max : a->sve_max, vl);
	case VL_ANOTHER:
		return !n ? vl : vls[0] != vl ? vls[0] : vls[n - 1];
	}
	return vl;
}

static unsigned row_flags(const struct a64_write *w, bool za)
{
	unsigned f = w->set_flags ? w->hflags :
		     za || w->build == b_mx_fpsimd ? 0 : SVE_PT_REGS_SVE;

	return w->mut & MU_FLAG8 ? f | 0x8 : f;
}

/*
 * vec_set_vector_length() (fpsimd.c), which sve_set_common() and
 * za_set() call first: flags other than INHERIT and ONEXEC, and a vl
 * sve_vl_valid() refuses, are EINVAL; otherwise the VL becomes the
 * clamped, rounded one unless ONEXEC; INHERIT and the on-exec VL follow
 * the flags.  Returns the VL the write works at, 0 when refused.
 */
static unsigned set_vl(const struct a64_write *w, const struct a64_wstate *s,
		       bool sme, unsigned fl, const char *rule,
		       struct a64_outcome *o)
{
	const struct a64_machine *a = s->m->arch;
	unsigned hvl = row_hvl(w, s, sme), tvl = sme ? s->svl : s->vl, nvl;

	if (fl & ~(unsigned)(FLAG_INHERIT | FLAG_ONEXEC)) {
		refuse(o, EINVAL, rule, "refused: an unknown header flag "
		       "(vec_set_vector_length()); nothing changes");
		return 0;
	}
	if (hvl % 16 || hvl < 16 || hvl > 8192) {
		refuse(o, EINVAL, rule, "refused: vl not a valid VL "
		       "(sve_vl_valid()); nothing changes");
		return 0;
	}
	nvl = rounded(sme ? a->sme_vls : a->sve_vls, sme ? a->nsme : a->nsve,
		      hvl);
	if (w->vl == VL_ANOTHER && hvl == tvl)
		o->skip = "one supported VL: no other to set";
	o->inherit = !!(fl & FLAG_INHERIT);
	o->onexec = fl & (FLAG_INHERIT | FLAG_ONEXEC) ? nvl : 0;
	if (fl & FLAG_ONEXEC)
		return tvl;
	if (nvl != tvl) {
		if (sme)
			o->pre_svl = nvl;
		else
			o->pre_vl = nvl;
	}
	return nvl;
}

static const char *sme_pre616 =
	"the matrix models SME regset writes of arm64-6.16+ only (no stock "
	"kernel before 6.16 here has SME to check them on)";

/* NT_PRFPREG: fpr_set(), __fpr_set(); ptrace_regset() */
static void ex_fpr(const struct a64_write *w, const struct a64_wstate *s,
		   struct a64_outcome *o)
{
	size_t len = row_len(w, s->vl);
	bool hi = (s->m->have & NEED_SVE) || (s->svcr & SV_SM);

	if (s->svl && !am_of(s->m)->v616)
		o->skip = sme_pre616;
	if (len % 4)
		return refuse(o, EINVAL, "A-PT-24", "refused: iov_len not a "
			      "multiple of 4 (ptrace_regset()); nothing changes");
	taken(o, a64_wmx_fpr, len >= FPR_SIZE ? "A-PT-4" : "A-PT-24",
	      len >= 16 || hi, len >= FPR_SIZE ?
	      "V, FPSR, FPCR written; live SVE bits zero; the mode kept" :
	      len ? "the V registers given written, the rest kept; live SVE "
	      "bits zero" : "nothing written; live SVE bits zero");
}

/*
 * NT_ARM_SVE and NT_ARM_SSVE: ptrace_regset() (iov_len a multiple of 16),
 * then sve_set_common() in the kernel's order (7.3; 6.12 where it
 * differs: no SME there).  A write that gets past the checks leaves the
 * task in the regset's mode (NT_ARM_SVE: SM 0; NT_ARM_SSVE: SM 1, ZA and
 * ZT0 kept: A-PT-11) at the VL set (A-VL-2, A-VL-6).
 */
static void ex_sve(const struct a64_write *w, const struct a64_wstate *s,
		   struct a64_outcome *o)
{
	const struct fpabi_machine *m = s->m;
	bool ssve = rs_of(w) == RS_SSVE, v616 = am_of(m)->v616;
	bool has_sve = m->have & NEED_SVE, has_sme = m->have & NEED_SME;
	unsigned tvl = ssve ? s->svl : s->vl, fl = row_flags(w, false), nvl;
	size_t len = row_len(w, tvl ? tvl : 16);
	const char *rej = ssve ? "A-PT-25" : "A-PT-22";

	if (ssve ? !has_sme : !has_sve && !has_sme)
		return refuse(o, EINVAL, "A-PT-9", "refused: the system has no "
			      "such regset");
	if (!has_sve)
		o->skip = "SME without SVE: NT_ARM_SVE takes FPSIMD-format "
			  "writes of vl 0 only there (not modelled)";
	if (s->svl && !v616)
		o->skip = sme_pre616;
	if (len % 16 || len < 16)
		return refuse(o, EINVAL, rej, "refused: iov_len not a multiple "
			      "of 16, or below the header; nothing changes");
	if (ssve && !(fl & FLAG_SVE) && v616)
		return refuse(o, EINVAL, "A-PT-28", "refused: streaming data "
			      "in FPSIMD format; nothing changes");
	if (!row_hvl(w, s, ssve))
		return refuse(o, EINVAL, rej, "refused: vl 0 on a system with "
			      "SVE; nothing changes");
	nvl = set_vl(w, s, ssve, fl & ~(unsigned)FLAG_SVE, rej, o);
	if (!nvl)
		return;
	/* (an SVL change has turned ZA off first: A-VL-6) */
	if (s->svl)
		o->pre_svcr = (int)(ssve ? (o->pre_svl ? s->svcr & ~SV_ZA :
					    s->svcr) | SV_SM :
				    s->svcr & ~SV_SM);
	if (!(fl & FLAG_SVE))
		return taken(o, a64_wmx_fpsimd, "A-PT-12", true, "V, FPSR, FPCR "
			     "from the payload; no SVE state; streaming mode "
			     "left, ZA, TPIDR2, FPMR kept");
	if (len > 16 && nvl != row_hvl(w, s, ssve)) {
		o->err = EIO;
		o->rule = ssve ? "A-PT-29" : "A-PT-23";
		o->model = v616 ? a64_wmx_reset : NULL;
		o->what = v616 ? "EIO after the VL is set: in the regset's mode "
			  "every register zero; ZA, TPIDR2, FPMR kept" :
			  "EIO after the VL is set: V, FPSR, FPCR kept, the "
			  "rest zero at the new VL";
		return;
	}
	o->unspecified = !v616 &&
			 len < SVE_PT_SIZE(nvl / 16, SVE_PT_REGS_SVE);
	taken(o, a64_wmx_sve, !v616 && o->unspecified ? "A-PT-14" :
	      s->svcr & SV_SM ? (ssve ? "A-PT-13" : "A-PT-11") :
	      ssve ? "A-PT-11" : "A-PT-13",
	      len > 16 || v616, len == 16 ?
	      (v616 ? "header only: every register zero in the regset's mode" :
	       "header only: each register its old value or zero") :
	      w->len == LEN_HALF ? (v616 ? "Z0-Z15 written, every other "
	      "register zero" : "Z0-Z15 written, the rest old or zero") :
	      "every register from the payload, in the regset's mode; ZA, "
	      "TPIDR2, FPMR kept");
}

/* NT_ARM_ZA: za_set() */
static void ex_za(const struct a64_write *w, const struct a64_wstate *s,
		  struct a64_outcome *o)
{
	unsigned fl = row_flags(w, true), nvl;
	size_t len = row_len(w, s->svl ? s->svl : 16);
	bool was;

	if (!(s->m->have & NEED_SME))
		return refuse(o, EINVAL, "A-PT-9", "refused: the system has no "
			      "such regset");
	if (s->svl && !am_of(s->m)->v616)
		o->skip = sme_pre616;
	if (len % 16 || len < 16)
		return refuse(o, EINVAL, "A-PT-25", "refused: iov_len not a "
			      "multiple of 16, or below the header; nothing "
			      "changes");
	nvl = set_vl(w, s, true, fl, "A-PT-25", o);
	if (!nvl)
		return;
	was = (s->svcr & SV_ZA) && nvl == s->svl;
	if (len == 16)
		return taken(o, a64_wmx_za_off, o->pre_svl ? "A-VL-7" : "A-PT-17",
			     was, "header only: PSTATE.ZA 0 (ZA, ZT0 read zero)");
	if (nvl != row_hvl(w, s, true)) {
		o->err = EIO;
		o->rule = "A-PT-29";
		o->what = "EIO after the SVL is set: ZA as it was (off after "
			  "an SVL change)";
		return;
	}
	taken(o, a64_wmx_za, "A-PT-17", true, w->len == LEN_HALF ?
	      (was ? "the first rows written, the rest and ZT0 kept" :
	       "the first rows written, the rest and ZT0 zero") :
	      was ? "ZA from the payload, ZT0 kept" :
	      "ZA on from the payload, ZT0 zero");
}

/* NT_ARM_ZT: zt_set() */
static void ex_zt(const struct a64_write *w, const struct a64_wstate *s,
		  struct a64_outcome *o)
{
	size_t len = row_len(w, 0);

	if (!(s->m->have & NEED_SME2))
		return refuse(o, EINVAL, "A-PT-9", "refused: the system has no "
			      "such regset");
	if (s->svl && !am_of(s->m)->v616)
		o->skip = sme_pre616;
	if (len % 64)
		return refuse(o, EINVAL, "A-PT-25", "refused: iov_len not a "
			      "multiple of 64; nothing changes");
	taken(o, a64_wmx_zt, "A-PT-19", len >= 64, len ? "ZT0 from the payload; "
	      "PSTATE.ZA 1 (ZA zero if it was off)" : "nothing written; "
	      "PSTATE.ZA 1 (ZA and ZT0 zero if it was off)");
}

/* NT_ARM_TLS: tls_set() (TPIDR_EL0 written back as it is) */
static void ex_tls(const struct a64_write *w, const struct a64_wstate *s,
		   struct a64_outcome *o)
{
	size_t len = row_len(w, 0);

	if (s->svl && !am_of(s->m)->v616)
		o->skip = sme_pre616;
	if (len % 8)
		return refuse(o, EINVAL, "A-PT-27", "refused: iov_len not a "
			      "multiple of 8; nothing changes");
	taken(o, a64_wmx_tls, len == 16 ? "A-PT-21" : "A-PT-27",
	      s->svl && len >= 16, len >= 16 ? (s->svl ? "TPIDR2 from the "
	      "payload (cut to 16 bytes)" : "TPIDR_EL0 as it was; no TPIDR2 "
	      "without SME") : "TPIDR_EL0 as it was, TPIDR2 kept");
}

/* NT_ARM_FPMR: fpmr_set() */
static void ex_fpmr(const struct a64_write *w, const struct a64_wstate *s,
		    struct a64_outcome *o)
{
	size_t len = row_len(w, 0);

	if (!(s->m->have & NEED_FPMR))
		return refuse(o, EINVAL, "A-PT-20", "refused: no FPMR");
	if (!s->svl)
		o->skip = "FPMR is in the model's image in SME variants only";
	else if (!am_of(s->m)->v616)
		o->skip = sme_pre616;
	if (len % 8)
		return refuse(o, EINVAL, "A-PT-27", "refused: iov_len not a "
			      "multiple of 8; nothing changes");
	taken(o, a64_wmx_fpmr, len == 8 ? "A-PT-20" : "A-PT-27", len >= 8,
	      len ? "FPMR from the payload (cut to 8 bytes)" :
	      "nothing written");
}

/* ------------------------------------------------------- the matrix */

static unsigned mx_nsubjects(void)
{
	build_rows();
	return nrows;
}

static const char *mx_subject_name(unsigned k)
{
	build_rows();
	return row_id[k];
}

static const char *mx_subject_group(unsigned k)
{
	build_rows();
	return rsi[row_rs[k]].note_name;
}

static const char *const mode_names[A64_MX_MODES] = {
	"off", "sm", "za", "sm-za",
};

const char *a64_mx_mode_name(unsigned k)
{
	return mode_names[k];
}

/* SVCR k: the SME variant of the default VL pair in it (VSET_SME);
 * without SME, SVCR 0 is the default variant */
const char *a64_mx_mode_variant(const struct fpabi_machine *m, unsigned k,
				struct fpabi_variant *v)
{
	struct fpabi_variant vs[FPABI_MAX_VARIANTS];
	int n, i;

	if (m->have & NEED_SME) {
		n = a64_variants(m, VSET_SME, vs, FPABI_MAX_VARIANTS);
		for (i = 0; i < n; i++)
			if (vs[i].tier == TIER_DEFAULT &&
			    AV(&vs[i])->svcr == k) {
				*v = vs[i];
				return NULL;
			}
		return "no SME variant in this mode";
	}
	if (k)
		return "no SME (HWCAP2_SME clear): SVCR is 0";
	n = a64_variants(m, VSET_DEFAULT, vs, FPABI_MAX_VARIANTS);
	if (n < 1)
		return "no variant";
	*v = vs[0];
	return NULL;
}

const char *const a64_mx_hist_kinds[A64_MX_HISTS] = {
	"discarded", "after-sigreturn", "switched-out",
};

/* before the cell's first load, which then runs with these */
const char *const a64_mx_hist_sets[A64_MX_HISTS] = {
	"a syscall after a load: TIF_SVE may be clear and sve_state "
	"allocated, so the cell's SVE load may take do_sve_acc() with stale "
	"buffers (or, SME: SVCR.SM 0 after the syscall, ZA kept)",
	"a signal and its sigreturn: fp_type and TIF_SVE as the frame's "
	"sve_context restored them",
	"a ptrace stop after a load: fp_type saved by fpsimd_save_user_state(), "
	"the state reloaded by task_fpsimd_load() before the cell",
};

const char *const a64_mx_split[2] = { "SVCR.SM", "SVCR.ZA" };

/* the histories of those kinds (histories.c), SME ones in SME variants */
const struct fpabi_history *a64_mx_history(const struct fpabi_machine *m,
					   unsigned k,
					   const struct fpabi_variant *v)
{
	static const char *const sme[] = {
		"sme-discarded", "sme-after-sigreturn", "sme-switched-out",
	};
	static const char *const plain[] = {
		"sve-discarded", "after-sigreturn", "switched-out",
	};
	const struct fpabi_history *h;
	const char *name = v && AV(v)->svl ? sme[k] : plain[k];

	(void)m;
	for (h = a64_histories; h->name; h++)
		if (!strcmp(h->name, name))
			return h;
	return NULL;
}

static const char *errno_name(int err)
{
	switch (err) {
	case 0: return "taken";
	case EINVAL: return "EINVAL";
	case EIO: return "EIO";
	case EFAULT: return "EFAULT";
	}
	return "another errno";
}

enum { WIN_BRK, WIN_SYSCALL, WIN_MIGRATED, NWIN };

/* the stop a write is at: what the kernel did with the state there */
static const struct fpabi_mx_win stops[NWIN] = {
	[WIN_BRK] = { "brk", "a breakpoint from user mode: to_save "
		      "FP_STATE_CURRENT, so fp_type FP_STATE_SVE where TIF_SVE "
		      "or SVCR.SM is set; fpsimd_last_state saved, still "
		      "bound",
		      "the read before the write: NT_ARM_SVE (NT_ARM_SSVE in "
		      "streaming mode) in the form the model has (A-SYS-6's "
		      "check: another form fails)", 0 },
	[WIN_SYSCALL] = { "syscall", "a syscall-entry stop: SVCR.SM 0 "
			  "(fpsimd_syscall_enter()), to_save FP_STATE_FPSIMD, "
			  "so fp_type FP_STATE_FPSIMD with TIF_SVE still set; "
			  "then the syscall's exit stop",
			  "precondition fp_type FPSIMD: NT_ARM_SVE in FPSIMD "
			  "form at the entry stop, else retried, then SKIP", 0 },
	[WIN_MIGRATED] = { "migrated", "a breakpoint, then moved to another "
			   "CPU: fpsimd_last_state another CPU, "
			   "TIF_FOREIGN_FPSTATE set at the return",
			   "the migration's own proof: the tracee's CPU after "
			   "the stop is the one it was moved to, else SKIP",
			   NEED_SMP2 },
};

/* the cell's steps at stop win: after its TRAP (step 1) */
static void stop_window(struct fpabi_mx_cell *out, unsigned win)
{
	if (win == WIN_SYSCALL) {
		out->pre |= PRE_A64_FP_FPSIMD;
		/* the SYSEXIT before the signal (step 5) */
		mx_insert(out, 5, (const struct fpabi_step[]){ SYSEXIT }, 1);
		mx_insert(out, 2, (const struct fpabi_step[]){
			SYSCALL_STOP(SC_GETPID) }, 1);
	} else if (win == WIN_MIGRATED) {
		mx_insert(out, 2, (const struct fpabi_step[]){ MIGRATE }, 1);
	}
}

/* A syscall leaves streaming mode first: fpsimd_syscall_enter(), "Ensure
 * PSTATE.SM is clear" (A-SYS-2), so SM is 0 at a syscall stop. */
static const char *stop_why(unsigned mask, unsigned mode, unsigned win)
{
	if (win == WIN_SYSCALL && (mask & SV_SM) && (mode & SV_SM))
		return "impossible by the ABI: a syscall leaves streaming "
		       "mode before its entry stop (fpsimd_syscall_enter(): "
		       "sme_smstop_sm(); A-SYS-2)";
	return NULL;
}

/*
 * A cell: LOAD(1), a stop, a read, the write of phase 2, a read, a
 * signal (the frame and the handler's entry, then sigreturn of the
 * handler's clobber: none where the VL moved, since the images are the
 * planned VL's), the tracee's dump.
 */
static void mx_cell(const struct fpabi_machine *m, unsigned k, unsigned mode,
		    unsigned win, const struct fpabi_variant *v,
		    struct fpabi_mx_cell *out)
{
	const struct a64_write *w = &rows[k];
	const struct a64_machine *a = m->arch;
	struct a64_wstate s = {
		.m = m,
		.vl = v ? AV(v)->vl : a->sve_default > 0 ?
		      (unsigned)a->sve_default : MAX(a->sve_max, 16u),
		.svl = v ? AV(v)->svl : 0, .svcr = v ? AV(v)->svcr : mode,
	};
	struct a64_outcome o;
	bool moved;

	build_rows();
	a64_outcome_init(&o);
	w->expect(w, &s, &o);
	moved = o.pre_vl || o.pre_svl;
	out->rule = o.rule;
	out->expect = errno_name(o.err);
	out->what = o.what;
	out->unspecified = o.unspecified;
	out->skip = o.skip;
	out->summary = w->name;
	/* a written streaming FFR reads back without FA64 (KNOWN-ISSUES.md
	 * ssve-ffr-no-fa64) */
	if (rs_of(w) == RS_SSVE && (m->have & NEED_SME))
		out->needs = NEED_FA64;
	memcpy(out->steps, (const struct fpabi_step[]){
		LOAD(1), TRAP, READ, WRITE(2, W_MX_BASE + k), READ,
		SIGNAL(moved ? 0 : 3, E_NONE, 0), STORE, END },
	       8 * sizeof(struct fpabi_step));
	/*
	 * The fault dropping the write makes: an older phase where it
	 * changed registers ("stale"), the errno where it was refused.  A
	 * taken NT_ARM_ZA or NT_ARM_ZT write in a mode without ZA turns ZA
	 * on: dropped, ZA stays off and every difference is in a header or
	 * in ZA reading zero, none with a canary to say where it came from;
	 * those cells drop the dump instead (it stays poisoned).
	 */
	/* at a syscall stop the live SVE bits are zero already (A-SYS-1):
	 * an NT_PRFPREG write of no V register changes nothing there */
	if (win == WIN_SYSCALL && rs_of(w) == RS_FPR && row_len(w, s.vl) < 16)
		o.changes = false;
	out->drop = o.err || (o.changes && !moved) ? 3 : 6;
	if (!o.err && !(s.svcr & SV_ZA) &&
	    (rs_of(w) == RS_ZA || rs_of(w) == RS_ZT))
		out->drop = 6;
	out->drop_class = o.err ? "unknown" : out->drop == 3 ? "stale" :
			  "poison";
	stop_window(out, win);
}

const struct fpabi_matrix a64_matrix_write = {
	.name = "regset-write",
	.what = "every regset write, one value of one header field or size "
		"at a time, in every SVCR and after task histories",
	.subject = "write",
	.nsubjects = mx_nsubjects,
	.subject_name = mx_subject_name,
	.subject_group = mx_subject_group,
	.mode_axis = "SVCR",
	.nmodes = A64_MX_MODES,
	.mode_name = a64_mx_mode_name,
	.mode_variant = a64_mx_mode_variant,
	.nhist = A64_MX_HISTS,
	.hist_kinds = a64_mx_hist_kinds,
	.history = a64_mx_history,
	.hist_sets = a64_mx_hist_sets,
	.nsplit = 2,
	.split_names = a64_mx_split,
	.win_axis = "stop",
	.nwin = NWIN,
	.wins = stops,
	.win_why = stop_why,
	.cell = mx_cell,
};
