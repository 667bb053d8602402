// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 regset reads at a ptrace stop (an observer): NT_PRFPREG,
 * NT_ARM_SVE, NT_ARM_SSVE, NT_ARM_ZA, NT_ARM_ZT, NT_ARM_TLS and
 * NT_ARM_FPMR read into poisoned buffers and checked byte by byte
 * against the model, in every SME mode.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/util.h"
#include "a64.h"

#define SLACK		64
#define FPR_SIZE	528	/* struct user_fpsimd_state */
#define SVE_REGSET_MAX	SVE_PT_SIZE(16, SVE_PT_REGS_SVE)	/* ARCH_SVE_VQ_MAX */

static void check_fpr(struct fpabi_run *r)
{
	uint8_t buf[FPR_SIZE + SLACK], *img = xmalloc(r->lo.size);
	static const uint8_t zero[8];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_PRFPREG read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_PRFPREG, buf, sizeof(buf), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-3"));
	if (!err) {
		memcpy(img, r->exp.img, r->lo.size);
		a64_fpsimd_to_image(r, buf, img);
		check_image_groups(r, obs, img, GM(G_ZLO) | GM(G_FPSR));
		check_bytes(r, obs, "reserved bytes 520-527", zero, buf + 520,
			    8, rule_get("A-PT-3"));
		check_value(r, obs, "iov_len", FPR_SIZE, got, rule_get("A-PT-1"));
		a64_check_untouched(r, obs, buf, FPR_SIZE, sizeof(buf));
	}
	free(img);
}

static void check_sve(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	size_t len = SVE_REGSET_MAX + SLACK, got;
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	unsigned vq = AV(&r->v)->vl / 16, fmt = r->astate[0];
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_SVE read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_SVE, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-5"));
	if (err)
		goto out;
	memcpy(&h, buf, sizeof(h));
	/* the registers first: the most telling finding */
	a64_check_sve_payload(r, obs, buf, &h);
	check_value(r, obs, "header.vl", AV(&r->v)->vl, h.vl, rule_get("A-PT-5"));
	check_value(r, obs, "header.max_vl", a->sve_max, h.max_vl,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.max_size",
		    SVE_PT_SIZE(a->sve_max / 16, SVE_PT_REGS_SVE), h.max_size,
		    rule_get("A-PT-5"));
	/* SVE_PT_VL_INHERIT as the last write's header left it */
	check_value(r, obs, "header flags other than the format",
		    r->astate[1] & A64_SVE_INHERIT ? SVE_PT_VL_INHERIT : 0,
		    h.flags & ~SVE_PT_REGS_SVE, rule_get("A-PT-5"));
	check_value(r, obs, "header.__reserved", 0, h.__reserved,
		    rule_get("A-PT-5"));
	/* (in an SME run, between the syscall, which left streaming mode,
	 * A-SYS-2, and the next SVE or SME instruction: the form follows
	 * fp_type as without SME, ZA on or off) */
	if (fmt == FMT_EITHER &&
	    (!sme_run(r) || (r->astate[1] & A64_SVE_OFF_OPEN)))
		a64_prove_sve_off(r, obs, h.flags);
	if (fmt == FMT_EITHER && !(a64_svcr(r) & SV_SM))
		a64_prove_fp_fpsimd(r, obs, h.flags);
	if (fmt != FMT_EITHER)
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE",
			    fmt == FMT_SVE, h.flags & SVE_PT_REGS_SVE,
			    rule_get("A-SYS-6"));
	else if (!(h.flags & SVE_PT_REGS_SVE) && a64_expects_sve_bits(r))
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE (live SVE "
			    "state must not be dropped)", 1, 0,
			    rule_get("A-SYS-6"));
	check_value(r, obs, "header.size",
		    SVE_PT_SIZE(vq, h.flags & SVE_PT_REGS_SVE), h.size,
		    rule_get("A-PT-6"));
	check_value(r, obs, "iov_len", SVE_REGSET_MAX, got, rule_get("A-PT-1"));
	a64_check_untouched(r, obs, buf, MIN((size_t)h.size, SVE_REGSET_MAX),
			    len);
out:
	free(buf);
}

/* A-PT-7 (6.16+): the inactive streaming regset is a bare header. */
static void check_ssve_inactive(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	size_t len = 1024, got;
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_SSVE read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_SSVE, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-7"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		check_value(r, obs, "header.size (not streaming)",
			    sizeof(h), h.size, rule_get("A-PT-7"));
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE", 0,
			    h.flags & SVE_PT_REGS_SVE, rule_get("A-PT-7"));
		check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
			    rule_get("A-PT-5"));
		a64_check_untouched(r, obs, buf, sizeof(h), len);
	}
	free(buf);
}

/* A-PT-9, A-PT-20: a regset of a feature the system lacks is EINVAL. */
static void check_absent(struct fpabi_run *r, unsigned note, const char *name,
			 const char *rule)
{
	uint8_t buf[64];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "%s read %u at stop %d", name, r->reads,
		 r->stops);
	err = regset_get(r, note, buf, sizeof(buf), &got);
	check_errno(r, obs, "PTRACE_GETREGSET (feature absent)", EINVAL, err,
		    rule_get(rule));
}

/*
 * A-PT-16: NT_ARM_ZA with ZA off (the cases never turn it on) is a
 * header: size 16, vl the task's SVL, max_vl the system's largest, and
 * nothing written after it.  A-PT-18: NT_ARM_ZT reads as zeros then.
 */
static void check_za_off(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	uint8_t buf[256];
	struct user_za_header h;
	static const uint8_t zero[64];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_ZA read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZA, buf, sizeof(buf), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-16"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		check_value(r, obs, "header.size (ZA off)", sizeof(h), h.size,
			    rule_get("A-PT-16"));
		if (a->sme_default > 0)
			check_value(r, obs, "header.vl (the default SVL)",
				    (unsigned)a->sme_default, h.vl,
				    rule_get("A-PT-16"));
		check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
			    rule_get("A-PT-16"));
		a64_check_untouched(r, obs, buf, sizeof(h), sizeof(buf));
	}
	if (!(r->m->have & NEED_SME2)) {
		check_absent(r, NT_ARM_ZT, "NT_ARM_ZT", "A-PT-9");
		return;
	}
	snprintf(obs, sizeof(obs), "NT_ARM_ZT read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZT, buf, 64, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-18"));
	if (!err)
		check_bytes(r, obs, "ZT0 with ZA off", zero, buf, 64,
			    rule_get("A-PT-18"));
}

/*
 * A-PT-21: NT_ARM_TLS is TPIDR_EL0 then (where the kernel knows TPIDR2)
 * TPIDR2_EL0, which reads 0 without SME and is 0 here with it (the cases
 * never set it).  A-PT-20: NT_ARM_FPMR is one u64, 0 after exec.
 */
static void check_tls_fpmr(struct fpabi_run *r)
{
	uint64_t tls[2 + SLACK / 8], fpmr[2];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_TLS read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_TLS, (uint8_t *)tls, sizeof(tls), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-21"));
	if (!err) {
		if (got != 8)
			check_value(r, obs, "iov_len (TPIDR_EL0, TPIDR2_EL0)", 16,
				    got, rule_get("A-PT-21"));
		if (got == 16)
			check_value(r, obs, "TPIDR2_EL0", 0, tls[1],
				    rule_get("A-PT-21"));
		a64_check_untouched(r, obs, (uint8_t *)tls, got, sizeof(tls));
	}
	if (!(r->m->have & NEED_FPMR)) {
		check_absent(r, NT_ARM_FPMR, "NT_ARM_FPMR", "A-PT-20");
		return;
	}
	snprintf(obs, sizeof(obs), "NT_ARM_FPMR read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_FPMR, (uint8_t *)fpmr, sizeof(fpmr), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-20"));
	if (!err) {
		check_value(r, obs, "iov_len", 8, got, rule_get("A-PT-20"));
		check_value(r, obs, "FPMR (0 since exec)", 0, fpmr[0],
			    rule_get("A-PT-20"));
	}
}

/* ------------------------------------------------------ SME variants */

/*
 * A-PT-7 (6.16+): the regset of the inactive mode is a bare header,
 * FPSIMD format, vl that mode's VL (sve_get_common(): "active").
 */
static void check_inactive(struct fpabi_run *r, unsigned note,
			   const char *name, unsigned vl, unsigned max_vl)
{
	size_t len = 1024, got;
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "%s read %u at stop %d", name, r->reads,
		 r->stops);
	err = regset_get(r, note, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-7"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		check_value(r, obs, "header.size (inactive mode)", sizeof(h),
			    h.size, rule_get("A-PT-7"));
		check_value(r, obs, "header flags: SVE_PT_REGS_SVE", 0,
			    h.flags & SVE_PT_REGS_SVE, rule_get("A-PT-7"));
		check_value(r, obs, "header.vl", vl, h.vl, rule_get("A-PT-5"));
		check_value(r, obs, "header.max_vl", max_vl, h.max_vl,
			    rule_get("A-PT-5"));
		a64_check_untouched(r, obs, buf, sizeof(h), len);
	}
	free(buf);
}

/* A-PT-6 for NT_ARM_SSVE while streaming: always SVE format, at SVL. */
static void check_ssve_active(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	unsigned vq = img_vl(r) / 16;
	size_t len = SVE_PT_SIZE(a->sme_max / 16, SVE_PT_REGS_SVE) + SLACK, got;
	size_t end = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);
	uint8_t *buf = xmalloc(len);
	struct user_sve_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_SSVE read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_SSVE, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-6"));
	if (err)
		goto out;
	memcpy(&h, buf, sizeof(h));
	check_value(r, obs, "header flags: SVE_PT_REGS_SVE (streaming)", 1,
		    h.flags & SVE_PT_REGS_SVE, rule_get("A-PT-6"));
	/* the same payload layout and padding rules as NT_ARM_SVE */
	if (h.flags & SVE_PT_REGS_SVE)
		a64_check_sve_payload(r, obs, buf, &h);
	check_value(r, obs, "header.vl (SVL)", AV(&r->v)->svl, h.vl,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.max_size",
		    SVE_PT_SIZE(a->sme_max / 16, SVE_PT_REGS_SVE), h.max_size,
		    rule_get("A-PT-5"));
	check_value(r, obs, "header.size", end, h.size, rule_get("A-PT-6"));
	check_value(r, obs, "header flags other than the format",
		    r->astate[1] & A64_SME_INHERIT ? SVE_PT_VL_INHERIT : 0,
		    h.flags & ~SVE_PT_REGS_SVE, rule_get("A-VL-8"));
	a64_check_untouched(r, obs, buf, MIN((size_t)h.size, len - SLACK), len);
out:
	free(buf);
}

/* A-PT-16: NT_ARM_ZA; A-PT-18: NT_ARM_ZT (za_get(), zt_get()). */
static void check_za_zt(struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);
	unsigned svl = AV(&r->v)->svl, vq = svl / 16, on = a64_svcr(r) & SV_ZA;
	size_t za = a64_za_off(r->m), len = ZA_PT_SIZE(vq) + SLACK, got;
	uint8_t *buf = xmalloc(len), *img = xmalloc(r->lo.size);
	struct user_za_header h;
	char obs[64];
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_ZA read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZA, buf, len, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-16"));
	if (!err) {
		memcpy(&h, buf, sizeof(h));
		if (!a64_svcr(r))
			a64_prove_sme_off(r, obs, "a bare header (ZA off)",
					  h.size == sizeof(h));
		/* the rows first (the most telling finding): ZA off in the
		 * model expects them zero, so rows where none are due show */
		if (h.size == ZA_PT_SIZE(vq)) {
			memcpy(img, r->exp.img, r->lo.size);
			memcpy(img + za, buf + ZA_PT_ZA_OFFSET,
			       (size_t)svl * svl);
			check_image_groups(r, obs, img, GM(G_ZA));
		}
		check_value(r, obs, on ? "header.size (ZA on)" :
			    "header.size (ZA off)", on ? ZA_PT_SIZE(vq) : sizeof(h),
			    h.size, rule_get("A-PT-16"));
		check_value(r, obs, "header.vl (SVL)", svl, h.vl,
			    rule_get("A-PT-16"));
		check_value(r, obs, "header.max_vl", a->sme_max, h.max_vl,
			    rule_get("A-PT-16"));
		check_value(r, obs, "header.max_size (of the current SVL)",
			    ZA_PT_SIZE(vq), h.max_size, rule_get("A-PT-16"));
		check_value(r, obs, "header.flags (SME_PT_VL_INHERIT)",
			    r->astate[1] & A64_SME_INHERIT ? SVE_PT_VL_INHERIT : 0,
			    h.flags, rule_get("A-VL-8"));
		a64_check_untouched(r, obs, buf, on ? ZA_PT_SIZE(vq) : sizeof(h),
				len);
	}
	if (!(r->m->have & NEED_SME2))
		goto out;
	snprintf(obs, sizeof(obs), "NT_ARM_ZT read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_ZT, buf, 64, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-18"));
	if (!err) {
		memcpy(img, r->exp.img, r->lo.size);
		memcpy(img + a64_zt_off(r->m), buf, 64);
		check_image_groups(r, obs, img, GM(G_ZT));
		check_value(r, obs, "iov_len", 64, got, rule_get("A-PT-18"));
	}
out:
	free(img);
	free(buf);
}

/* A-PT-21: NT_ARM_TLS word 1 is TPIDR2; A-PT-20: NT_ARM_FPMR. */
static void check_sme_tls_fpmr(struct fpabi_run *r)
{
	uint64_t tls[2 + SLACK / 8], fpmr[2];
	uint8_t *img = xmalloc(r->lo.size);
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_ARM_TLS read %u at stop %d", r->reads,
		 r->stops);
	err = regset_get(r, NT_ARM_TLS, (uint8_t *)tls, sizeof(tls), &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule_get("A-PT-21"));
	if (!err) {
		check_value(r, obs, "iov_len (TPIDR_EL0, TPIDR2_EL0)", 16, got,
			    rule_get("A-PT-21"));
		memcpy(img, r->exp.img, r->lo.size);
		memcpy(img + FPABI_A64_CTRL_TPIDR2, &tls[1], 8);
		check_image_groups(r, obs, img, GM(G_TPIDR2));
		a64_check_untouched(r, obs, (uint8_t *)tls, 16, sizeof(tls));
	}
	if (r->m->have & NEED_FPMR) {
		snprintf(obs, sizeof(obs), "NT_ARM_FPMR read %u at stop %d",
			 r->reads, r->stops);
		err = regset_get(r, NT_ARM_FPMR, (uint8_t *)fpmr, sizeof(fpmr),
				&got);
		check_errno(r, obs, "PTRACE_GETREGSET", 0, err,
			    rule_get("A-PT-20"));
		if (!err) {
			check_value(r, obs, "iov_len", 8, got, rule_get("A-PT-20"));
			memcpy(img, r->exp.img, r->lo.size);
			memcpy(img + FPABI_A64_CTRL_FPMR, &fpmr[0], 8);
			check_image_groups(r, obs, img, GM(G_FPMR));
		}
	}
	free(img);
}

/*
 * S_READ of an SME variant: NT_PRFPREG (the caller: V of the active
 * mode, A-PT-3), the active one of NT_ARM_SVE / NT_ARM_SSVE in full and
 * the inactive one as a header (6.16+), ZA, ZT, TLS, FPMR.  Returns
 * whether NT_ARM_SVE is left to the caller's (non-streaming) check.
 */
/* ------------------------------------------------------------ the rows */

/*
 * The regset reads at a stop, one row each (as the writes are, wtable.c):
 * the regset, when it is read (NULL: at every stop), the check that reads
 * it into a poisoned buffer and compares it with the model, and for a
 * regset the system lacks the rule of its EINVAL.  a64_check_stop() runs
 * the rows of the run's table in order.
 */
struct a64_read {
	unsigned note;		/* NT_*; the first, for a check of two */
	const char *name;	/* as the observer names it */
	bool (*when)(const struct fpabi_run *r);
	void (*check)(struct fpabi_run *r, const struct a64_read *rd);
	const char *rule;	/* read_absent(): EINVAL's rule */
};

static void read_absent(struct fpabi_run *r, const struct a64_read *rd)
{
	check_absent(r, rd->note, rd->name, rd->rule);
}

/* A-PT-7 (6.16+): the inactive mode's regset at that mode's VL */
static void read_inactive(struct fpabi_run *r, const struct a64_read *rd)
{
	const struct a64_machine *a = am(r);
	bool sve = rd->note == NT_ARM_SVE;

	check_inactive(r, rd->note, rd->name, sve ? AV(&r->v)->vl : AV(&r->v)->svl,
		       sve ? a->sve_max : a->sme_max);
}

/* Not a read: the model's SVCR from the expectation (after a snapshot
 * restore), which the layout of the reads after it follows. */
static void sync_svcr(struct fpabi_run *r, const struct a64_read *rd)
{
	(void)rd;
	a64_sync_svcr(r);
}

#define A64_READ(fn) \
	static void read_##fn(struct fpabi_run *r, const struct a64_read *rd) \
	{ \
		(void)rd; \
		check_##fn(r); \
	}
A64_READ(fpr)
A64_READ(sve)
A64_READ(ssve_inactive)
A64_READ(za_off)
A64_READ(tls_fpmr)
A64_READ(ssve_active)
A64_READ(za_zt)
A64_READ(sme_tls_fpmr)
#undef A64_READ

static bool with_sve(const struct fpabi_run *r)
{
	return has_sve(r);
}

static bool without_sve(const struct fpabi_run *r)
{
	return !has_sve(r);
}

static bool with_sme(const struct fpabi_run *r)
{
	return r->m->have & NEED_SME;
}

static bool without_sme(const struct fpabi_run *r)
{
	return !(r->m->have & NEED_SME);
}

static bool sme_v616(const struct fpabi_run *r)
{
	return with_sme(r) && am(r)->v616;
}

static bool streaming(const struct fpabi_run *r)
{
	return a64_svcr(r) & SV_SM;
}

/* streaming, with the non-streaming NT_ARM_SVE inactive (6.16+) */
static bool streaming_sve_v616(const struct fpabi_run *r)
{
	return streaming(r) && am(r)->v616 && has_sve(r);
}

static bool not_streaming_v616(const struct fpabi_run *r)
{
	return !streaming(r) && am(r)->v616;
}

static bool not_streaming_sve(const struct fpabi_run *r)
{
	return !streaming(r) && has_sve(r);
}

/* A run without SME variants: SM and ZA off throughout */
static const struct a64_read reads[] = {
	{ NT_PRFPREG, "NT_PRFPREG", NULL, read_fpr },
	{ NT_ARM_SVE, "NT_ARM_SVE", with_sve, read_sve },
	{ NT_ARM_SSVE, "NT_ARM_SSVE", sme_v616, read_ssve_inactive },
	{ NT_ARM_ZA, "NT_ARM_ZA", with_sme, read_za_off },
	{ NT_ARM_SSVE, "NT_ARM_SSVE", without_sme, read_absent, "A-PT-9" },
	{ NT_ARM_ZA, "NT_ARM_ZA", without_sme, read_absent, "A-PT-9" },
	{ NT_ARM_ZT, "NT_ARM_ZT", without_sme, read_absent, "A-PT-9" },
	{ NT_ARM_TLS, "NT_ARM_TLS", NULL, read_tls_fpmr },
	{ 0 }
};

/*
 * An SME variant's run: NT_PRFPREG (V of the active mode, A-PT-3), the
 * active one of NT_ARM_SVE / NT_ARM_SSVE in full and the inactive one as
 * a header (6.16+), ZA, ZT, TLS, FPMR, then the non-streaming
 * NT_ARM_SVE (or its absence: SME alone).
 */
static const struct a64_read sme_reads[] = {
	{ NT_PRFPREG, "NT_PRFPREG", NULL, read_fpr },
	{ 0, "SVCR", NULL, sync_svcr },
	{ NT_ARM_SSVE, "NT_ARM_SSVE", streaming, read_ssve_active },
	{ NT_ARM_SVE, "NT_ARM_SVE", streaming_sve_v616, read_inactive },
	{ NT_ARM_SSVE, "NT_ARM_SSVE", not_streaming_v616, read_inactive },
	{ NT_ARM_ZA, "NT_ARM_ZA", NULL, read_za_zt },
	{ NT_ARM_TLS, "NT_ARM_TLS", NULL, read_sme_tls_fpmr },
	{ NT_ARM_SVE, "NT_ARM_SVE", without_sve, read_absent, "A-PT-9" },
	{ NT_ARM_SVE, "NT_ARM_SVE", not_streaming_sve, read_sve },
	{ 0 }
};

void a64_check_stop(struct fpabi_run *r)
{
	const struct a64_read *rd;

	r->reads++;
	for (rd = sme_run(r) ? sme_reads : reads; rd->check; rd++)
		if (!rd->when || rd->when(r))
			rd->check(r, rd);
}
