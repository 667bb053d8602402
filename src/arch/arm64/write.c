// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 regset writes, one table row per write kind (S_WRITE b): the
 * regset, how the payload is made, its length, what is changed in it,
 * the errno the kernel must answer, the rule, and the model of what the
 * write changes (regset.c, sme.c).  a64_write_stop() makes the write a
 * row describes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "write.h"

#define FPR_SIZE	528	/* struct user_fpsimd_state */

#ifndef SVE_PT_VL_ONEXEC
#define SVE_PT_VL_ONEXEC	4	/* PR_SVE_SET_VL_ONEXEC >> 16 */
#endif

/* ------------------------------------------------------------ payloads */

/* V, FPSR and FPCR of an image as a struct user_fpsimd_state */
void a64_image_to_fpsimd(struct fpabi_run *r, const uint8_t *img,
			    uint8_t *fpr)
{
	unsigned vl = img_vl(r), n;

	memset(fpr, 0, FPR_SIZE);
	for (n = 0; n < 32; n++)
		memcpy(fpr + 16 * n, img + FPABI_A64_Z_OFF(vl, n), 16);
	memcpy(fpr + 512, img + FPABI_A64_CTRL_FPSR, 4);
	memcpy(fpr + 516, img + FPABI_A64_CTRL_FPCR, 4);
}

/* An SVE-format payload of img at VL vl (the image's layout at vl). */
size_t a64_sve_format(const uint8_t *img, unsigned vl, uint8_t *buf,
		      bool payload)
{
	unsigned vq = vl / 16;
	struct user_sve_header *h = (struct user_sve_header *)buf;

	h->vl = vl;
	h->flags = SVE_PT_REGS_SVE;
	h->size = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);
	if (!payload)
		return h->size;
	memcpy(buf + SVE_PT_SVE_OFFSET, img + FPABI_A64_Z_OFF(vl, 0),
	       SVE_PT_SVE_FFR_OFFSET(vq) + SVE_PT_SVE_FFR_SIZE(vq) -
	       SVE_PT_SVE_OFFSET);
	memcpy(buf + SVE_PT_SVE_FPSR_OFFSET(vq), img + FPABI_A64_CTRL_FPSR, 4);
	memcpy(buf + SVE_PT_SVE_FPCR_OFFSET(vq), img + FPABI_A64_CTRL_FPCR, 4);
	return h->size;
}

/* NT_ARM_SVE, SVE format, at the image's VL */
static size_t b_sve(struct a64_wctx *c, uint8_t *buf, bool payload,
		    size_t *half)
{
	((struct user_sve_header *)buf)->max_vl = am(c->r)->sve_max;
	*half = SVE_PT_SVE_ZREG_OFFSET(c->vl / 16, 16);
	return a64_sve_format(c->img, c->vl, buf, payload);
}

/* NT_ARM_SVE, FPSIMD format */
static size_t b_sve_fpsimd(struct a64_wctx *c, uint8_t *buf, bool payload,
			   size_t *half)
{
	struct user_sve_header *h = (struct user_sve_header *)buf;

	h->vl = c->vl;
	h->max_vl = am(c->r)->sve_max;
	h->flags = SVE_PT_REGS_FPSIMD;
	h->size = SVE_PT_SIZE(c->vl / 16, SVE_PT_REGS_FPSIMD);
	if (payload)
		a64_image_to_fpsimd(c->r, c->img, buf + SVE_PT_FPSIMD_OFFSET);
	*half = h->size;
	return h->size;
}

/* NT_PRFPREG: struct user_fpsimd_state */
size_t a64_b_fpr(struct a64_wctx *c, uint8_t *buf, bool payload,
		    size_t *half)
{
	(void)payload;
	a64_image_to_fpsimd(c->r, c->img, buf);
	*half = FPR_SIZE;
	return FPR_SIZE;
}

/* NT_ARM_SSVE, SVE format at the SVL (the image streaming, WF_ENTER_SM) */
static size_t b_ssve(struct a64_wctx *c, uint8_t *buf, bool payload,
		     size_t *half)
{
	((struct user_sve_header *)buf)->max_vl = am(c->r)->sme_max;
	*half = 0;
	return a64_sve_format(c->img, AV(&c->r->v)->svl, buf, payload);
}

/*
 * NT_ARM_SSVE for a write the kernel must refuse: an SVE-format header at
 * the SVL and canaries from the image's Z area at whatever layout it has
 * (a write taken anyway shows them).
 */
static size_t b_ssve_refused(struct a64_wctx *c, uint8_t *buf, bool payload,
			     size_t *half)
{
	struct fpabi_run *r = c->r;
	unsigned svl = AV(&r->v)->svl;
	struct user_sve_header *h = (struct user_sve_header *)buf;
	size_t zoff = FPABI_A64_Z_OFF(c->vl, 0);

	h->vl = svl;
	h->max_vl = am(r)->sme_max;
	h->flags = SVE_PT_REGS_SVE;
	h->size = SVE_PT_SIZE(svl / 16, SVE_PT_REGS_SVE);
	if (payload)
		memcpy(buf + SVE_PT_SVE_OFFSET, c->img + zoff,
		       MIN(h->size - SVE_PT_SVE_OFFSET, r->lo.size - zoff));
	*half = 0;
	return h->size;
}

/* NT_ARM_ZA: the header, then the SVL rows of SVL bytes */
size_t a64_b_za(struct a64_wctx *c, uint8_t *buf, bool payload,
		   size_t *half)
{
	unsigned svl = AV(&c->r->v)->svl;
	struct user_za_header *h = (struct user_za_header *)buf;

	h->vl = svl;
	h->max_vl = am(c->r)->sme_max;
	h->size = ZA_PT_SIZE(svl / 16);
	if (payload)
		memcpy(buf + ZA_PT_ZA_OFFSET, c->img + a64_za_off(c->r->m),
		       (size_t)svl * svl);
	*half = ZA_PT_ZA_OFFSET + (size_t)svl * svl / 2;
	return h->size;
}

/* NT_ARM_ZT: ZT0's 64 bytes */
size_t a64_b_zt(struct a64_wctx *c, uint8_t *buf, bool payload,
		   size_t *half)
{
	(void)payload;
	memcpy(buf, c->img + a64_zt_off(c->r->m), 64);
	*half = 32;
	return 64;
}

/* NT_ARM_TLS: TPIDR_EL0 as it is (the tracee's thread pointer), then
 * TPIDR2 (twice: a long write's extra word is TPIDR2's again) */
size_t a64_b_tls(struct a64_wctx *c, uint8_t *buf, bool payload,
		    size_t *half)
{
	struct iovec iov = { buf, 16 };

	(void)payload;
	if (ptrace(PTRACE_GETREGSET, c->r->pid, NT_ARM_TLS, &iov) < 0)
		run_broken(c->r, "NT_ARM_TLS read before the write: %s",
			   strerror(errno));
	memcpy(buf + 8, c->img + FPABI_A64_CTRL_TPIDR2, 8);
	memcpy(buf + 16, c->img + FPABI_A64_CTRL_TPIDR2, 8);
	*half = 8;
	return 16;
}

/* NT_ARM_FPMR: one u64 (twice, as for TLS) */
size_t a64_b_fpmr(struct a64_wctx *c, uint8_t *buf, bool payload,
		     size_t *half)
{
	(void)payload;
	memcpy(buf, c->img + FPABI_A64_CTRL_FPMR, 8);
	memcpy(buf + 8, c->img + FPABI_A64_CTRL_FPMR, 8);
	*half = 4;
	return 8;
}

/*
 * The header vl of the rounding cases: vl + 16 where that VL is not
 * supported (find_supported_vector_length() rounds it down to vl), else
 * SVE_VL_MAX, which vec_set_vector_length() clamps to VL_ARCH_MAX (256)
 * and rounds down to the largest supported VL.
 */
unsigned a64_vl_to_round(const unsigned *vls, unsigned n, unsigned max,
			 unsigned vl)
{
	unsigned i;

	if (vl >= max)
		return 8192;
	for (i = 0; i < n; i++)
		if (vls[i] == vl + 16)
			return 8192;
	return vl + 16;
}

static unsigned header_vl(const struct a64_wctx *c, const struct a64_write *w,
			  unsigned vl)
{
	switch (w->vl) {
	case VL_ZERO:
		return 0;
	case VL_PLUS8:
		return vl + 8;
	case VL_ROUND:
		return w->note == NT_ARM_SVE ?
		       a64_vl_to_round(am(c->r)->sve_vls, am(c->r)->nsve,
				       am(c->r)->sve_max, vl) :
		       a64_vl_to_round(am(c->r)->sme_vls, am(c->r)->nsme,
				       am(c->r)->sme_max, vl);
	case VL_ANOTHER:
		return w->note == NT_ARM_SVE ? a64_other_vl(c->r) :
		       a64_other_svl(c->r);
	case VL_FIRST:
		return AV(&c->r->v0)->svl;
	}
	return vl;
}

/* The row's payload in buf, changed as it says; returns iov_len. */
static size_t make(struct a64_wctx *c, const struct a64_write *w,
		   uint8_t *buf)
{
	struct user_sve_header *h = (struct user_sve_header *)buf;
	bool header = w->note != NT_PRFPREG && w->note != NT_ARM_ZT &&
		      w->note != NT_ARM_TLS && w->note != NT_ARM_FPMR;
	size_t full, half;

	full = w->build(c, buf, w->len != LEN_HEADER, &half);
	if (header) {
		h->vl = (uint16_t)header_vl(c, w, h->vl);
		c->hvl = h->vl;
	}
	if (w->set_flags)
		h->flags = w->hflags;
	if (w->mut & MU_FLAG8)
		h->flags |= 0x8;
	if (w->mut & MU_MAX_VL)
		h->max_vl = 0x5a50;
	if (w->mut & MU_RESERVED)
		h->__reserved = 0xa5a5;
	if (w->mut & MU_SIZE_HEADER)
		h->size = sizeof(*h);
	if (w->mut & MU_BAD_SIZE)
		h->size = 0xdead0010;
	if (w->mut & MU_TAIL16)
		memset(buf + full, 0xa5, 16);
	switch (w->len) {
	case LEN_HEADER:
		return sizeof(*h);
	case LEN_HALF:
		return half;
	case LEN_FIXED:
		return (size_t)w->add;
	}
	return full + w->add;
}

/* ------------------------------------------------------------- W_RANDOM */

/*
 * W_RANDOM (A-PT-26): a full SVE-format NT_ARM_SVE write of phase's
 * registers (NT_PRFPREG one time in four), then one to three mutations
 * from the run's seed: header.size, iov_len, flag bits (VL_ONEXEC,
 * unknown ones), an invalid vl (0, or not a multiple of 16), max_vl and
 * __reserved.  Never the format bit (an SVE payload read as FPSIMD puts Z
 * bytes in the wrong V registers), never VL_INHERIT (a taken write keeps
 * it, and every later header reports it: task state the model does not
 * follow), never a valid other vl (a VL change), never register bytes:
 * then, taken, partly taken or
 * refused, every register must be its old value, the written one, zero
 * or init.
 */
static int write_random(struct fpabi_run *r, unsigned phase)
{
	unsigned vl = img_vl(r), vq = vl / 16;
	uint64_t seed = r->seed ^ 0x77726974652d7264ull;
	bool sve = (r->m->have & NEED_SVE) && mix64_next(&seed) % 4 != 0;
	size_t full = sve ? SVE_PT_SIZE(vq, SVE_PT_REGS_SVE) : FPR_SIZE;
	size_t len = full;
	uint8_t *img = xmalloc(r->lo.size), *buf = xzalloc(full + 4096);
	struct user_sve_header *h = (struct user_sve_header *)buf;
	unsigned n = 1 + mix64_next(&seed) % 3, i;
	char obs[96];
	int err;

	image_fill(r, img, phase, 0);
	if (sve) {
		h->max_vl = am(r)->sve_max;
		a64_sve_format(img, vl, buf, true);
	} else {
		a64_image_to_fpsimd(r, img, buf);
	}
	for (i = 0; i < n; i++) {
		uint64_t v = mix64_next(&seed), k = v >> 8;
		size_t lens[] = { 0, 8, 16, full - 8, full - 16, full / 2 & ~15ul,
				  full + 16, k % (full + 32) };
		uint32_t sizes[] = { 0, 16, h->size - 16, h->size + 16,
				     (uint32_t)k };
		static const uint16_t flags[] = {
			SVE_PT_VL_ONEXEC, 0x8, 0x10, 0x100, 0x8000,
		};

		switch (sve ? v % 5 : 4) {
		case 0:
			h->size = sizes[k % 5];
			break;
		case 1:
			h->flags |= flags[k % 5];
			break;
		case 2:
			h->vl = k & 1 ? 0 : vl + 8;
			break;
		case 3:
			h->max_vl = (uint16_t)k;
			h->__reserved = (uint16_t)(k >> 16);
			break;
		default:
			len = lens[k % 8];
			break;
		}
	}
	snprintf(obs, sizeof(obs), "%s write (random) at stop %d",
		 sve ? "NT_ARM_SVE" : "NT_PRFPREG", r->stops);
	err = regset_set(r, sve ? NT_ARM_SVE : NT_PRFPREG, buf, len);
	vlog("%s: %s: %zu bytes, flags %#x, vl %u, size %u: %s", r->id, obs,
	     len, h->flags, h->vl, h->size, err ? strerror(err) : "taken");
	expect_old_or(r, img, rule_get("A-PT-26"));
	/* either regset format may follow */
	r->astate[0] = FMT_EITHER;
	free(img);
	free(buf);
	return 0;
}

/* ---------------------------------------------------------------- rows */

#define SVE(n, ...)	{ n, NT_ARM_SVE, b_sve, __VA_ARGS__ }
#define FPR(n, ...)	{ n, NT_PRFPREG, a64_b_fpr, __VA_ARGS__ }
#define SSVE(n, ...)	{ n, NT_ARM_SSVE, b_ssve, __VA_ARGS__ }
#define ZA(n, ...)	{ n, NT_ARM_ZA, a64_b_za, __VA_ARGS__ }
#define FULL		.len = LEN_FULL
#define HEADER		.len = LEN_HEADER
#define HALF		.len = LEN_HALF
#define FIXED(n)	.len = LEN_FIXED, .add = (n)
/* the SME writes of a64_sme_write() before: the model's SVCR first, and
 * an NT_ARM_SSVE or NT_ARM_ZA header's flags clear INHERIT */
#define SME_WF		(WF_SYNC_SVCR | WF_VL_FLAGS)

static const struct a64_write a64_writes[W_NKINDS] = {
	/* A-PT-13: an SVE-format NT_ARM_SVE write sets every register */
	[W_SVE] = SVE("NT_ARM_SVE SVE format", FULL, .rule = "A-PT-13",
		      .model = a64_wm_sve),
	/* A-PT-12: FPSIMD format: V, FPSR, FPCR; no SVE bits survive */
	[W_FPSIMD] = { "NT_ARM_SVE FPSIMD format", NT_ARM_SVE, b_sve_fpsimd,
		       FULL, .rule = "A-PT-12", .model = a64_wm_fpsimd },
	/* A-PT-4: NT_PRFPREG */
	[W_PRFPREG] = FPR("NT_PRFPREG", FULL, .rule = "A-PT-4",
			  .model = a64_wm_prfpreg),
	/* A-PT-13, A-PT-14: what a partial write leaves */
	[W_SVE_HEADER] = SVE("NT_ARM_SVE SVE format header only", HEADER,
			     .rule = "A-PT-13", .model = a64_wm_sve_header),
	[W_SVE_HALF] = SVE("NT_ARM_SVE SVE format Z0-Z15 only", HALF,
			   .rule = "A-PT-13", .model = a64_wm_sve_half),
	[W_FPSIMD_HEADER] = { "NT_ARM_SVE FPSIMD format header only",
			      NT_ARM_SVE, b_sve_fpsimd, HEADER,
			      .rule = "A-PT-12",
			      .model = a64_wm_fpsimd_header },
	/* A-PT-11: a header with another VL changes the VL */
	[W_SVE_VL] = SVE("NT_ARM_SVE header only with another VL", HEADER,
			 .vl = VL_ANOTHER, .mut = MU_SIZE_HEADER,
			 .rule = "A-PT-11", .model = a64_wm_sve_vl),
	/* A-PT-13 (with A-PT-11's entry into streaming mode) */
	[W_SSVE] = SSVE("NT_ARM_SSVE SVE format", FULL,
			.flags = SME_WF | WF_ENTER_SM, .rule = "A-PT-13",
			.model = a64_wm_ssve),
	/* A-PT-17: NT_ARM_ZA */
	[W_ZA] = ZA("NT_ARM_ZA", FULL, .flags = SME_WF, .rule = "A-PT-17",
		    .model = a64_wm_za),
	[W_ZA_HEADER] = ZA("NT_ARM_ZA header only", HEADER,
			   .mut = MU_SIZE_HEADER, .flags = SME_WF,
			   .rule = "A-PT-17", .model = a64_wm_za_header),
	[W_ZA_HALF] = ZA("NT_ARM_ZA first half of the rows", HALF,
			 .flags = SME_WF, .rule = "A-PT-17",
			 .model = a64_wm_za_half),
	/* A-PT-19: NT_ARM_ZT */
	[W_ZT] = { "NT_ARM_ZT", NT_ARM_ZT, a64_b_zt, FULL, .flags = WF_SYNC_SVCR,
		   .rule = "A-PT-19", .model = a64_wm_zt },
	/* A-VL-7: an NT_ARM_ZA header with another SVL */
	[W_ZA_VL] = ZA("NT_ARM_ZA header only with another SVL", HEADER,
		       .vl = VL_ANOTHER, .mut = MU_SIZE_HEADER, .flags = SME_WF,
		       .rule = "A-VL-7", .model = a64_wm_za_vl),
	[W_ZA_VL_BACK] = ZA("NT_ARM_ZA header only with the first SVL", HEADER,
			    .vl = VL_FIRST, .mut = MU_SIZE_HEADER,
			    .flags = SME_WF, .rule = "A-VL-7",
			    .model = a64_wm_za_vl),
	/* A-VL-9: an NT_ARM_SSVE header with another SVL */
	[W_SSVE_VL] = SSVE("NT_ARM_SSVE header only with another SVL", HEADER,
			   .vl = VL_ANOTHER, .mut = MU_SIZE_HEADER,
			   .flags = SME_WF, .rule = "A-VL-9",
			   .model = a64_wm_ssve_vl),
	[W_SSVE_VL_BACK] = SSVE("NT_ARM_SSVE header only with the first SVL",
				HEADER, .vl = VL_FIRST, .mut = MU_SIZE_HEADER,
				.flags = SME_WF, .rule = "A-VL-9",
				.model = a64_wm_ssve_vl),
	/* A-PT-21, A-PT-20 */
	[W_TLS] = { "NT_ARM_TLS with TPIDR2", NT_ARM_TLS, a64_b_tls, FULL,
		    .flags = WF_SYNC_SVCR, .rule = "A-PT-21",
		    .model = a64_wm_tpidr2 },
	[W_FPMR] = { "NT_ARM_FPMR", NT_ARM_FPMR, a64_b_fpmr, FULL,
		     .flags = WF_SYNC_SVCR, .rule = "A-PT-20",
		     .model = a64_wm_fpmr },
	/*
	 * A-PT-22: malformed NT_ARM_SVE writes (regset.c, before
	 * a64_wm_sve_rounded(), says why each gives what it gives)
	 */
	[W_REJ_SVE_LEN0] = SVE("NT_ARM_SVE of 0 bytes", FIXED(0),
			       .err = EINVAL, .rule = "A-PT-22"),
	[W_REJ_SVE_SHORT] = SVE("NT_ARM_SVE of 8 bytes (below the header)",
				FIXED(8), .err = EINVAL, .rule = "A-PT-22"),
	[W_REJ_SVE_UNALIGNED] = SVE("NT_ARM_SVE full payload less 8 bytes",
				    FULL, .add = -8, .err = EINVAL,
				    .rule = "A-PT-22"),
	[W_REJ_SVE_VL0] = SVE("NT_ARM_SVE with vl 0", FULL, .vl = VL_ZERO,
			      .err = EINVAL, .rule = "A-PT-22"),
	[W_REJ_SVE_VL_INVALID] = SVE("NT_ARM_SVE with a vl not a multiple of 16",
				     FULL, .vl = VL_PLUS8, .err = EINVAL,
				     .rule = "A-PT-22"),
	[W_REJ_SVE_FLAGS] = SVE("NT_ARM_SVE with unknown flag 0x8", FULL,
				.mut = MU_FLAG8, .err = EINVAL,
				.rule = "A-PT-22"),
	/* A-PT-23: a vl the kernel rounds */
	[W_REJ_SVE_VL_ROUNDED] = SVE("NT_ARM_SVE payload with a vl the kernel rounds",
				     FULL, .vl = VL_ROUND, .err = EIO,
				     .rule = "A-PT-23",
				     .model = a64_wm_sve_rounded),
	/* A-PT-24: NT_PRFPREG lengths */
	[W_REJ_FPR_UNALIGNED] = FPR("NT_PRFPREG of 526 bytes", FIXED(526),
				    .err = EINVAL, .rule = "A-PT-24"),
	/* A-PT-22: taken, bytes past the payload and header.size unread */
	[W_SVE_ABOVE] = SVE("NT_ARM_SVE full payload and 16 more bytes", FULL,
			    .add = 16, .mut = MU_TAIL16, .rule = "A-PT-22",
			    .model = a64_wm_sve),
	[W_SVE_BAD_SIZE] = SVE("NT_ARM_SVE with a bogus header.size", FULL,
			       .mut = MU_BAD_SIZE, .rule = "A-PT-22",
			       .model = a64_wm_sve),
	[W_SVE_VL_ROUNDED_HEADER] = SVE("NT_ARM_SVE header only, a vl the kernel rounds",
					HEADER, .vl = VL_ROUND,
					.rule = "A-PT-23",
					.model = a64_wm_sve_rounded_header),
	[W_PRFPREG_SHORT] = FPR("NT_PRFPREG V0-V15 only", FIXED(256),
				.rule = "A-PT-24",
				.model = a64_wm_prfpreg_short),
	/*
	 * A-PT-25: malformed SME writes, each refused with EINVAL before
	 * the kernel touches any state, so the model changes nothing; the
	 * payload holds phase-phase canaries, so a write applied anyway is
	 * seen:
	 *  - iov_len not a multiple of the regset's element size (16 for
	 *    NT_ARM_SSVE and NT_ARM_ZA, 64 for NT_ARM_ZT): kernel/ptrace.c:
	 *    ptrace_regset().
	 *  - 0 bytes: below the header (sve_set_common(), za_set(): count <
	 *    sizeof(header)).
	 *  - vl not a multiple of 16, or a flag other than INHERIT and
	 *    ONEXEC (and the format for NT_ARM_SSVE):
	 *    vec_set_vector_length(), called first by sve_set_common() and
	 *    za_set().
	 */
	[W_REJ_SSVE_LEN0] = { "NT_ARM_SSVE of 0 bytes", NT_ARM_SSVE,
			      b_ssve_refused, FIXED(0), .err = EINVAL,
			      .rule = "A-PT-25" },
	[W_REJ_SSVE_UNALIGNED] = { "NT_ARM_SSVE full payload less 8 bytes",
				   NT_ARM_SSVE, b_ssve_refused, FULL,
				   .add = -8, .err = EINVAL,
				   .rule = "A-PT-25" },
	[W_REJ_SSVE_VL_INVALID] = { "NT_ARM_SSVE with a vl not a multiple of 16",
				    NT_ARM_SSVE, b_ssve_refused, FULL,
				    .vl = VL_PLUS8, .err = EINVAL,
				    .rule = "A-PT-25" },
	[W_REJ_SSVE_FLAGS] = { "NT_ARM_SSVE with unknown flag 0x8",
			       NT_ARM_SSVE, b_ssve_refused, FULL,
			       .mut = MU_FLAG8, .err = EINVAL,
			       .rule = "A-PT-25" },
	[W_REJ_ZA_LEN0] = ZA("NT_ARM_ZA of 0 bytes", FIXED(0), .err = EINVAL,
			     .rule = "A-PT-25"),
	[W_REJ_ZA_UNALIGNED] = ZA("NT_ARM_ZA full payload less 8 bytes", FULL,
				  .add = -8, .err = EINVAL, .rule = "A-PT-25"),
	[W_REJ_ZA_VL_INVALID] = ZA("NT_ARM_ZA with a vl not a multiple of 16",
				   FULL, .vl = VL_PLUS8, .err = EINVAL,
				   .rule = "A-PT-25"),
	[W_REJ_ZA_FLAGS] = ZA("NT_ARM_ZA with unknown flag 0x8", FULL,
			      .mut = MU_FLAG8, .err = EINVAL,
			      .rule = "A-PT-25"),
	[W_REJ_ZT_SHORT] = { "NT_ARM_ZT of 32 bytes", NT_ARM_ZT, a64_b_zt,
			     FIXED(32), .err = EINVAL, .rule = "A-PT-25" },
	/* A-PT-26 */
	[W_RANDOM] = { "NT_ARM_SVE or NT_PRFPREG, randomly mutated",
		       .custom = write_random },
	/*
	 * A-PT-27: odd-sized NT_ARM_TLS and NT_ARM_FPMR writes.
	 * ptrace_regset() (kernel/ptrace.c) refuses an iov_len that is not
	 * a multiple of the regset's element size (8 for both) with EINVAL
	 * and cuts a longer one to the regset's size; tls_set() and
	 * fpmr_set() start from the task's values and user_regset_copyin()
	 * overwrites only the bytes given, so an 8-byte NT_ARM_TLS write
	 * sets TPIDR_EL0 alone and keeps TPIDR2.  TPIDR_EL0 (the tracee's
	 * thread pointer) is always written back unchanged.
	 */
	[W_REJ_TLS_UNALIGNED] = { "NT_ARM_TLS of 12 bytes", NT_ARM_TLS, a64_b_tls,
				  FIXED(12), .err = EINVAL,
				  .rule = "A-PT-27" },
	[W_TLS_TPIDR_ONLY] = { "NT_ARM_TLS of 8 bytes (TPIDR only)",
			       NT_ARM_TLS, a64_b_tls, FIXED(8),
			       .rule = "A-PT-27" },
	[W_TLS_LONG] = { "NT_ARM_TLS of 24 bytes", NT_ARM_TLS, a64_b_tls,
			 FIXED(24), .rule = "A-PT-27",
			 .model = a64_wm_tpidr2 },
	[W_REJ_FPMR_UNALIGNED] = { "NT_ARM_FPMR of 4 bytes", NT_ARM_FPMR,
				   a64_b_fpmr, FIXED(4), .err = EINVAL,
				   .rule = "A-PT-27" },
	[W_FPMR_LONG] = { "NT_ARM_FPMR of 16 bytes", NT_ARM_FPMR, a64_b_fpmr,
			  FIXED(16), .rule = "A-PT-27",
			  .model = a64_wm_fpmr },
};

const char *a64_write_kind_name(unsigned kind)
{
	const struct a64_write *w = kind >= W_MX_BASE ? a64_mx_row(kind) :
				    kind < W_NKINDS ? &a64_writes[kind] : NULL;

	return w && w->name ? w->name : "?";
}

void a64_outcome_init(struct a64_outcome *o)
{
	memset(o, 0, sizeof(*o));
	o->pre_svcr = -1;
	o->inherit = -1;
}

/*
 * A matrix row's outcome in the task's state now, and the mode and VL the
 * kernel puts the task in before it reads the payload (the payload is
 * then made at that layout: the model follows first).
 */
static void outcome_now(struct fpabi_run *r, const struct a64_write *w,
			struct a64_outcome *o)
{
	struct a64_wstate s = {
		.m = r->m, .vl = AV(&r->v)->vl, .svl = AV(&r->v)->svl,
		.svcr = a64_svcr(r),
	};

	w->expect(w, &s, o);
	if (o->skip)
		run_broken(r, "internal: a matrix row the model cannot tell "
			   "here: %s", o->skip);
	AV(&r->v)->svcr = s.svcr;
	if (o->pre_svl)
		a64_sme_change_svl(r, o->pre_svl, rule_get("A-VL-6"));
	if (o->pre_vl)
		a64_sme_change_sve_vl(r, o->pre_vl, rule_get(o->rule));
	if (o->pre_svcr >= 0 && (unsigned)o->pre_svcr != a64_svcr(r))
		a64_set_svcr(r, (unsigned)o->pre_svcr, GM(G_ZA) | GM(G_ZT) |
			     GM(G_TPIDR2) | GM(G_FPMR), 0, rule_get("A-PT-11"));
}

/* The header flags' effect on the task (vec_set_vector_length()). */
static void vl_flags_after(struct fpabi_run *r, const struct a64_write *w,
			   const struct a64_outcome *o)
{
	if (o->inherit < 0)
		return;
	if (w->note == NT_ARM_SVE) {
		r->astate[1] = (r->astate[1] & ~A64_SVE_INHERIT) |
			       (o->inherit ? A64_SVE_INHERIT : 0);
		return;
	}
	r->astate[1] = (r->astate[1] & A64_SVE_INHERIT) | o->onexec |
		       (o->inherit ? A64_SME_INHERIT : 0);
}

int a64_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	const struct a64_write *w = kind >= W_MX_BASE ? a64_mx_row(kind) :
				    kind < W_NKINDS ? &a64_writes[kind] : NULL;
	struct a64_wctx c = { .r = r, .phase = phase };
	struct a64_outcome o;
	const struct a64_machine *a = am(r);
	int want;
	uint8_t *img, *buf;
	size_t len;
	char obs[112];
	int err;

	if (!w || !w->name)
		die("internal: unknown arm64 write kind %u", kind);
	if (w->custom)
		return w->custom(r, phase);
	c.note = w->note;
	a64_outcome_init(&o);
	if (w->expect) {
		outcome_now(r, w, &o);
		c.o = &o;
	}
	c.svcr = a64_svcr(r);
	if (w->flags & WF_SYNC_SVCR)
		AV(&r->v)->svcr = c.svcr;
	if (w->flags & WF_ENTER_SM)
		/* the write puts the task in streaming mode: its layout */
		a64_set_svcr(r, c.svcr | SV_SM, GM(G_ZA) | GM(G_ZT) |
			     GM(G_TPIDR2) | GM(G_FPMR), 0, rule_get("A-PT-11"));
	c.vl = img_vl(r);
	c.rule = rule_get(w->expect ? o.rule : w->rule);
	want = w->expect ? o.err : w->err;
	img = xmalloc(r->lo.size);
	image_fill(r, img, phase, 0);
	c.img = img;
	buf = xzalloc(MAX(MAX(SVE_PT_SIZE(MAX(a->sve_max, 16u) / 16,
					  SVE_PT_REGS_SVE),
			      SVE_PT_SIZE(MAX(a->sme_max, 16u) / 16,
					  SVE_PT_REGS_SVE)),
			  ZA_PT_SIZE(MAX(a->sme_max, 16u) / 16)) +
		      FPR_SIZE + 64);
	len = make(&c, w, buf);
	c.len = len;
	snprintf(obs, sizeof(obs), "%s write at stop %d", w->name, r->stops);
	err = regset_set(r, w->note, buf, len);
	check_errno(r, obs, "PTRACE_SETREGSET", want, err, c.rule);
	if (err == want) {
		if (w->flags & WF_VL_FLAGS)
			r->astate[1] &= A64_SVE_INHERIT;
		if (w->expect)
			vl_flags_after(r, w, &o);
		if (w->expect ? o.model != NULL : w->model != NULL)
			(w->expect ? o.model : w->model)(&c);
	}
	free(img);
	free(buf);
	return 0;
}
