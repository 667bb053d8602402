// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 fixed write table, one row per write kind (S_WRITE b): the
 * regset, how the payload is made (wpayload.c), its length, what is
 * changed in it, the errno the kernel must answer, the rule, and the
 * model of what the write changes (the a64_wm_* functions here).  The
 * write executor (write.c) makes the write a row describes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "write.h"

#define FPR_SIZE	528	/* struct user_fpsimd_state */

#ifndef SVE_PT_VL_ONEXEC
#define SVE_PT_VL_ONEXEC	4	/* PR_SVE_SET_VL_ONEXEC >> 16 */
#endif

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

#define SVE(n, ...)	{ n, NT_ARM_SVE, a64_b_sve, __VA_ARGS__ }
#define FPR(n, ...)	{ n, NT_PRFPREG, a64_b_fpr, __VA_ARGS__ }
#define SSVE(n, ...)	{ n, NT_ARM_SSVE, a64_b_ssve, __VA_ARGS__ }
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
	[W_FPSIMD] = { "NT_ARM_SVE FPSIMD format", NT_ARM_SVE, a64_b_sve_fpsimd,
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
			      NT_ARM_SVE, a64_b_sve_fpsimd, HEADER,
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
	 * A-PT-22: malformed NT_ARM_SVE writes (the comment before
	 * a64_wm_sve_rounded() below says why each gives what it gives)
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
			      a64_b_ssve_refused, FIXED(0), .err = EINVAL,
			      .rule = "A-PT-25" },
	[W_REJ_SSVE_UNALIGNED] = { "NT_ARM_SSVE full payload less 8 bytes",
				   NT_ARM_SSVE, a64_b_ssve_refused, FULL,
				   .add = -8, .err = EINVAL,
				   .rule = "A-PT-25" },
	[W_REJ_SSVE_VL_INVALID] = { "NT_ARM_SSVE with a vl not a multiple of 16",
				    NT_ARM_SSVE, a64_b_ssve_refused, FULL,
				    .vl = VL_PLUS8, .err = EINVAL,
				    .rule = "A-PT-25" },
	[W_REJ_SSVE_FLAGS] = { "NT_ARM_SSVE with unknown flag 0x8",
			       NT_ARM_SSVE, a64_b_ssve_refused, FULL,
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

/* The fixed table's row of kind, or NULL (not a fixed kind, or a hole) */
const struct a64_write *a64_fixed_row(unsigned kind)
{
	return kind < W_NKINDS ? &a64_writes[kind] : NULL;
}

/* ---------------------------------- what the FPSIMD and SVE writes change */

/* A write's expected result for fields of groups, from src or zero. */
static void expect_written(struct fpabi_run *r, uint64_t from_src,
			   uint64_t zeroed, const uint8_t *src,
			   unsigned phase, const struct fpabi_rule *rule)
{
	a64_expect_groups(r, from_src, src, phase, rule);
	a64_expect_zero(r, zeroed, rule);
}

/*
 * What a partial NT_ARM_SVE write does to the registers it does not write:
 * 6.16+ zeroes them (A-PT-13); before 6.16 sve.rst calls the effect
 * unspecified, so each word must be its old value or zero, never stale or
 * foreign bytes (A-PT-14).
 */
static void expect_unwritten(struct fpabi_run *r, unsigned i, bool v616)
{
	if (v616)
		expect_field_init(r, i, rule_get("A-PT-13"));
	else
		expect_field_kept_or_zero(r, i, rule_get("A-PT-14"));
}

/* Only Z0-Z15 come from src. */
static void expect_half(struct fpabi_run *r, const uint8_t *src,
			unsigned phase, bool v616)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (f->group == G_INFO)
			continue;
		if (f->comp == C_Z && f->reg < 16) {
			expect_field(r, i, src + f->off, rule_get("A-PT-13"));
			r->exp.phase[i] = phase;
		} else {
			expect_unwritten(r, i, v616);
		}
	}
}

/* Nothing comes from the payload (header-only writes). */
static void expect_nothing_written(struct fpabi_run *r, uint64_t groups,
				   bool v616)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++)
		if (groups >> r->lo.f[i].group & 1)
			expect_unwritten(r, i, v616);
}

#define ALL_SVE	(GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) | GM(G_FPSR))

/*
 * A-PT-13: an SVE-format NT_ARM_SVE write of the full payload sets every
 * register; A-PT-22: so does one with bytes past the payload or a bogus
 * header.size (below).
 */
void a64_wm_sve(struct a64_wctx *c)
{
	expect_written(c->r, ALL_SVE, 0, c->img, c->phase, c->rule);
	c->r->astate[0] = FMT_SVE;
}

/* A-PT-12: an FPSIMD-format write sets V, FPSR, FPCR; no SVE bits survive */
void a64_wm_fpsimd(struct a64_wctx *c)
{
	a64_wm_prfpreg(c);
	c->r->astate[0] = FMT_FPSIMD;
}

/* A-PT-4: NT_PRFPREG sets V, FPSR, FPCR; Z above bit 127, P, FFR zero */
void a64_wm_prfpreg(struct a64_wctx *c)
{
	expect_written(c->r, GM(G_ZLO) | GM(G_FPSR),
		       GM(G_ZHI) | GM(G_P) | GM(G_FFR), c->img, c->phase,
		       c->rule);
}

void a64_wm_sve_header(struct a64_wctx *c)
{
	expect_nothing_written(c->r, ALL_SVE, am(c->r)->v616);
	c->r->astate[0] = FMT_SVE;
}

void a64_wm_sve_half(struct a64_wctx *c)
{
	expect_half(c->r, c->img, c->phase, am(c->r)->v616);
	c->r->astate[0] = FMT_SVE;
}

/* A-PT-11: the VL becomes the header's; 6.16+: V, FPSR, FPCR zero;
 * before: unspecified (A-PT-14) */
void a64_wm_sve_vl(struct a64_wctx *c)
{
	bool v616 = am(c->r)->v616;

	a64_change_vl(c->r, c->hvl, v616 ? CARRY_ZERO : CARRY_KEPT_OR_ZERO,
		      v616 ? c->rule : rule_get("A-PT-14"));
	c->r->astate[0] = FMT_SVE;
}

/* FPSIMD format: no SVE bits survive, whatever the revision */
void a64_wm_fpsimd_header(struct a64_wctx *c)
{
	a64_expect_zero(c->r, GM(G_ZHI) | GM(G_P) | GM(G_FFR), c->rule);
	expect_nothing_written(c->r, GM(G_ZLO) | GM(G_FPSR), am(c->r)->v616);
	c->r->astate[0] = FMT_FPSIMD;
}

/* The VL the kernel sets for a header vl (valid, as write.c's
 * vl_to_round() gives). */
static unsigned vl_rounded(const struct fpabi_run *r, unsigned hvl)
{
	const struct a64_machine *a = am(r);
	unsigned i, best = a->sve_vls[0];

	hvl = MIN(hvl, 256u);
	for (i = 0; i < a->nsve; i++)
		if (a->sve_vls[i] <= hvl)
			best = a->sve_vls[i];
	return best;
}

/* Only V0-V15 come from src (a short NT_PRFPREG write); see A-PT-24. */
static void expect_v_low(struct fpabi_run *r, const uint8_t *src,
			 unsigned phase, const struct fpabi_rule *rule)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (f->group == G_ZLO && f->reg < 16) {
			expect_field(r, i, src + f->off, rule);
			r->exp.phase[i] = phase;
		}
	}
	a64_expect_zero(r, GM(G_ZHI) | GM(G_P) | GM(G_FFR), rule);
}

/*
 * Malformed NT_ARM_SVE and NT_PRFPREG writes.  Each carries phase-phase
 * canaries, so a rejected write the kernel applied anyway shows up in the
 * next read and in the tracee's dump.  The errno each must give, and what
 * it leaves (nothing, unless said), with the source it comes from:
 *
 *  - iov_len not a multiple of the regset's element size (16 bytes for
 *    NT_ARM_SVE, 4 for NT_PRFPREG): EINVAL before the regset is called
 *    (kernel/ptrace.c: ptrace_regset()); so are 8 bytes and full - 8.
 *  - NT_ARM_SVE shorter than the header (0 bytes): EINVAL
 *    (arch/arm64/kernel/ptrace.c: sve_set_common(), count < sizeof(header)).
 *  - vl 0, vl not a multiple of 16, a flag other than the format,
 *    SVE_PT_VL_INHERIT and SVE_PT_VL_ONEXEC: EINVAL from
 *    vec_set_vector_length() (arch/arm64/kernel/fpsimd.c: sve_vl_valid(),
 *    the flags mask), called before sve_set_common() touches any state;
 *    6.16+ rejects vl 0 itself when the system has SVE.
 *  - a vl the kernel rounds (vl_to_round()), with register data: EIO
 *    ("If setting a different VL from the requested VL and there is
 *    register data ... don't even try to set the registers"), after
 *    vec_set_vector_length() has set the rounded VL.  Before 6.16 the
 *    check comes before sve_alloc(): nothing else changes.  6.16+
 *    does sve_alloc(target, true), zeroes V, FPSR and FPCR and sets
 *    fp_type = FP_STATE_SVE first, so the task is left as a header-only
 *    write leaves it: every register zero (A-PT-23).
 *  - accepted by design: the same vl with no register data (a header-only
 *    write, A-PT-13/14); header.size, which sve_set_common() never reads;
 *    bytes past the payload (ptrace_regset() cuts iov_len to the regset,
 *    sve_set_common() copies FPSR/FPCR and stops); an NT_PRFPREG of V0-V15
 *    (__fpr_set() starts from the task's state, so the rest is kept).
 */
/*
 * W_REJ_SVE_VL_ROUNDED: the VL is set before the EIO: where vl + 16 is
 * supported the clamp makes it the largest (A-VL-2: V, FPSR, FPCR kept
 * before 6.16; A-PT-11: zero 6.16+).  6.16+ then resets every register
 * (A-PT-23); before 6.16 nothing else changes.
 */
void a64_wm_sve_rounded(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	bool v616 = am(r)->v616;

	if (vl_rounded(r, c->hvl) != c->vl) {
		a64_change_vl(r, vl_rounded(r, c->hvl),
			      v616 ? CARRY_ZERO : CARRY_KEEP,
			      v616 ? c->rule : rule_get("A-VL-2"));
		r->astate[0] = FMT_FPSIMD;
	}
	if (v616) {
		a64_expect_zero(r, ALL_SVE, c->rule);
		r->astate[0] = FMT_SVE;
	}
}

/* W_SVE_VL_ROUNDED_HEADER: as W_SVE_VL where the clamp changes the VL */
void a64_wm_sve_rounded_header(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	bool v616 = am(r)->v616;

	a64_change_vl(r, vl_rounded(r, c->hvl),
		      v616 ? CARRY_ZERO : CARRY_KEPT_OR_ZERO,
		      v616 ? c->rule : rule_get("A-PT-14"));
	expect_nothing_written(r, ALL_SVE, v616);
	r->astate[0] = FMT_SVE;
}

void a64_wm_prfpreg_short(struct a64_wctx *c)
{
	expect_v_low(c->r, c->img, c->phase, c->rule);
}

/* --------------------------------------------- what the SME writes change */

/*
 * The SME write kinds' models (the table above names them; an NT_ARM_SSVE or
 * NT_ARM_ZA write's header flags, 0, have cleared INHERIT and the
 * on-exec VL first, A-VL-8):
 *  W_SSVE: sve_set_common(ARM64_VEC_SME): SM = 1 (ZA/ZT kept:
 *    sme_alloc(target, false)), V/FPSR/FPCR zeroed then the payload
 *    (A-PT-11, A-PT-13); FPMR kept even when SM changed (unlike a
 *    hardware SMSTART; the list patch "arm64/ptrace: Zero FPMR on
 *    streaming mode entry/exit" is not in 7.3).
 *  W_ZA: za_set(): ZA = payload, PSTATE.ZA = 1; ZT zero if ZA was off,
 *    kept if it was on (A-PT-17: za_set() calls
 *    sme_alloc(target, !thread_za_enabled()), "Only flush the storage if
 *    PSTATE.ZA was not already set"; the ZT0 storage follows ZA's).
 *  W_ZA_HEADER: za_set() without payload: PSTATE.ZA = 0 (ZA, ZT read 0).
 *  W_ZA_HALF: the first SVL/2 rows; the rest (and ZT) zero if ZA was off,
 *    kept if it was on: user_regset_copyin() writes only the bytes given.
 *  Both "kept" cases hold from the arm64-6.16+ profile on; before it they
 *    are old value or zero: until "arm64/ptrace: Don't flush ZA/ZT
 *    storage when writing ZA via ptrace" (January 2024, v6.8 and its
 *    stable backports) za_set() flushed the whole storage on every write,
 *    so a pre-6.16 kernel may do either.
 *  W_ZA_VL, W_ZA_VL_BACK: za_set() header only with another SVL (or the
 *    variant's again): vec_set_vector_length() (A-VL-6: ZA off, SM off
 *    before 6.16, V, FPSR, FPCR, FPMR, TPIDR2 kept), then PSTATE.ZA = 0
 *    (A-VL-7).
 *  W_ZT: zt_set(): ZT0 = payload, PSTATE.ZA = 1, ZA zero if it was off
 *    (A-PT-19).
 *  W_TLS: tls_set(): TPIDR_EL0 (written back unchanged) and TPIDR2.
 *  W_FPMR: fpmr_set().
 */
void a64_wm_ssve(struct a64_wctx *c)
{
	a64_expect_groups(c->r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			  GM(G_FPSR), c->img, c->phase, c->rule);
	/* FPMR is not touched although SM changed (A-PT-11: 7.3
	 * sve_set_common() has no FPMR reset; a 2024 list patch,
	 * "arm64/ptrace: Zero FPMR on streaming mode entry/exit",
	 * proposed one) */
	a64_ffr_rule(c->r);
	c->r->astate[0] = FMT_SVE;
}

/* ZT after a write that turned ZA on (was_on: it was already) */
static void zt_after_za(struct fpabi_run *r, bool was_on,
			const struct fpabi_rule *rule)
{
	unsigned i;

	if (!was_on)
		a64_expect_zero(r, GM(G_ZT), rule);
	else if (!am(r)->v616)
		for (i = 0; i < r->lo.nfields; i++)
			if (r->lo.f[i].group == G_ZT)
				expect_field_kept_or_zero(r, i, rule);
}

void a64_wm_za(struct a64_wctx *c)
{
	a64_set_svcr(c->r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	a64_expect_groups(c->r, GM(G_ZA), c->img, c->phase, c->rule);
	zt_after_za(c->r, c->svcr & SV_ZA, c->rule);
}

void a64_wm_za_header(struct a64_wctx *c)
{
	a64_set_svcr(c->r, c->svcr & ~SV_ZA, ~0ull, 0, c->rule);
	a64_expect_zero(c->r, GM(G_ZA) | GM(G_ZT), c->rule);
}

void a64_wm_za_half(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	unsigned svl = AV(&r->v)->svl, i;

	a64_set_svcr(r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (f->group == G_ZA && f->reg < svl / 2) {
			expect_field(r, i, c->img + f->off, c->rule);
			r->exp.phase[i] = c->phase;
		} else if (f->group == G_ZA || f->group == G_ZT) {
			if (!(c->svcr & SV_ZA))
				expect_field_init(r, i, c->rule);
			else if (!am(r)->v616)
				expect_field_kept_or_zero(r, i, c->rule);
			/* else kept: the expectation stands */
		}
	}
}

/*
 * W_SSVE_VL, W_SSVE_VL_BACK: the VL change (A-VL-6), then a header-only
 * SVE-format write: streaming mode with nothing (6.16+: every Z, P, FFR,
 * V, FPSR, FPCR zero; before: A-PT-14, V, FPSR and FPCR old value or
 * zero); ZA off from the change.
 */
void a64_wm_ssve_vl(struct a64_wctx *c)
{
	struct fpabi_run *r = c->r;
	uint64_t keep = GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2) | GM(G_FPMR);

	a64_sme_change_svl(r, c->hvl, rule_get("A-VL-6"));
	a64_set_svcr(r, a64_svcr(r) | SV_SM, keep,
		     am(r)->v616 ? 0 : GM(G_ZLO) | GM(G_FPSR), c->rule);
	a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), c->rule);
	r->astate[0] = FMT_SVE;
}

/* W_ZA_VL, W_ZA_VL_BACK: the VL change (SM and ZA off) if any, then ZA off */
void a64_wm_za_vl(struct a64_wctx *c)
{
	a64_sme_change_svl(c->r, c->hvl, c->rule);
	a64_set_svcr(c->r, a64_svcr(c->r) & ~SV_ZA, ~0ull, 0, c->rule);
	a64_expect_zero(c->r, GM(G_ZA) | GM(G_ZT), c->rule);
}

void a64_wm_zt(struct a64_wctx *c)
{
	a64_set_svcr(c->r, c->svcr | SV_ZA, ~0ull, 0, c->rule);
	if (!(c->svcr & SV_ZA))
		a64_expect_zero(c->r, GM(G_ZA), c->rule);
	a64_expect_groups(c->r, GM(G_ZT), c->img, c->phase, c->rule);
}

/* W_TLS, W_TLS_LONG (A-PT-27: cut to 16 bytes) */
void a64_wm_tpidr2(struct a64_wctx *c)
{
	a64_expect_groups(c->r, GM(G_TPIDR2), c->img, c->phase, c->rule);
}

/* W_FPMR, W_FPMR_LONG (A-PT-27: cut to 8 bytes) */
void a64_wm_fpmr(struct a64_wctx *c)
{
	a64_expect_groups(c->r, GM(G_FPMR), c->img, c->phase, c->rule);
}
