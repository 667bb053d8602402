// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 regset reads at a ptrace stop (an observer): NT_X86_XSTATE and
 * NT_PRFPREG read into poisoned buffers and every byte checked against
 * the model, one row per regset.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/util.h"
#include "x86.h"

#ifndef NT_X86_XSTATE
#define NT_X86_XSTATE 0x202
#endif

#define SLACK 64	/* poisoned bytes past the regset the kernel must not touch */

/* Bytes of the standard format that no field or header check covers. */
static void check_gaps(struct fpabi_run *r, const char *obs,
		       const uint8_t *buf)
{
	const struct fpabi_rule *rule = rule_get("X-PT-3");
	uint8_t *covered = xzalloc(r->lo.size);
	size_t i, start;
	unsigned k;

	memset(covered, 1, XSAVE_EXT_OFF);	/* legacy area and header */
	for (k = 0; k < r->lo.nfields; k++)
		memset(covered + r->lo.f[k].off, 1, r->lo.f[k].size);
	for (i = XSAVE_EXT_OFF; i < r->lo.size; i++) {
		char what[64];
		uint8_t *zero;

		if (covered[i])
			continue;
		for (start = i; i < r->lo.size && !covered[i]; i++)
			;
		snprintf(what, sizeof(what), "bytes %zu-%zu (no enabled component)",
			 start, i - 1);
		zero = xzalloc(i - start);
		check_bytes(r, obs, what, zero, buf + start, i - start, rule);
		free(zero);
	}
	free(covered);
}

static void check_xstate(struct fpabi_run *r, unsigned nread)
{
	const struct x86_machine *x = xm(r);
	const struct fpabi_rule *rule = rule_get("X-PT-3");
	uint8_t *buf = xmalloc(x->size + SLACK), *poison = xmalloc(SLACK);
	uint64_t part, live = x86_expected_live_part(r, &part),
		 xcr0 = x->xl.xcr0;
	static const uint8_t zero[512];
	struct xsave_hdr h;
	char obs[64];
	size_t got;
	unsigned i;
	int err;

	snprintf(obs, sizeof(obs), "NT_X86_XSTATE read %u at stop %d", nread,
		 r->stops);
	err = regset_get(r, NT_X86_XSTATE, buf, x->size + SLACK, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule);
	if (err)
		goto out;
	/*
	 * Raw bytes against the model first (the most telling finding): a
	 * component the model has at init must read as init whether its
	 * XSTATE_BV bit is set (QEMU's TCG and CPUs without the init
	 * optimization) or clear (zero-filled).
	 */
	check_image(r, obs, buf);
	check_value(r, obs, "iov_len", x->size, got, rule_get("PT-IOV"));
	canary_poison(poison, SLACK, r->cseed);	/* x->size % 8 == 0 */
	check_bytes(r, obs, "bytes past the regset", poison, buf + x->size,
		    SLACK, rule_get("PT-IOV"));
	check_bytes(r, obs, "legacy bytes 416-463", zero, buf + 416, 48, rule);
	check_value(r, obs, "bytes 464-471 (user XCR0)", xcr0,
		    *(uint64_t *)(buf + FXSAVE_SW_OFF), rule);
	check_bytes(r, obs, "legacy bytes 472-511", zero, buf + 472, 40, rule);

	xstate_hdr_get(buf, x->size, &h);
	x86_prove_init_read(r, obs, h.xstate_bv);
	check_value(r, obs, "XSTATE_BV bits outside XCR0", 0,
		    h.xstate_bv & ~xcr0, rule);
	for (i = 0; i < XF_MAX; i++) {
		char what[64];

		if (!(live >> i & 1))
			continue;
		snprintf(what, sizeof(what), "XSTATE_BV bit %u (%s)", i,
			 xfeature_name(i));
		check_value(r, obs, what, 1, h.xstate_bv >> i & 1, rule);
	}
	/* X-PT-3: MXCSR comes from the task when SSE or AVX is set */
	if (part)
		check_value(r, obs, "XSTATE_BV's SSE or AVX bit (the mxcsr is "
			    "not at init)", 1, !!(h.xstate_bv & part), rule);
	check_value(r, obs, "xcomp_bv", 0, h.xcomp_bv, rule_get("X-GEN-1"));
	check_bytes(r, obs, "XSAVE header reserved bytes", zero, h.reserved,
		    sizeof(h.reserved), rule);
	check_gaps(r, obs, buf);
out:
	free(buf);
	free(poison);
}

static void check_fpregs(struct fpabi_run *r, unsigned nread)
{
	const struct fpabi_rule *rule = rule_get("X-PT-1");
	uint8_t *buf = xmalloc(512 + SLACK), *img = xmalloc(r->lo.size);
	static const uint8_t zero[96];
	uint8_t poison[SLACK];
	char obs[64];
	size_t got;
	int err;

	snprintf(obs, sizeof(obs), "NT_PRFPREG read %u at stop %d", nread,
		 r->stops);
	err = regset_get(r, NT_PRFPREG, buf, 512 + SLACK, &got);
	check_errno(r, obs, "PTRACE_GETREGSET", 0, err, rule);
	if (err)
		goto out;
	/* the x87 and SSE registers, compared through the image's fields */
	memcpy(img, r->exp.img, r->lo.size);
	memcpy(img, buf, 416);
	check_image_groups(r, obs, img, XFM(XF_FP) | XFM(XF_SSE));
	check_value(r, obs, "iov_len", 512, got, rule_get("PT-IOV"));
	canary_poison(poison, SLACK, r->cseed);
	check_bytes(r, obs, "bytes past the regset", poison, buf + 512, SLACK,
		    rule_get("PT-IOV"));
	check_bytes(r, obs, "bytes 416-511", zero, buf + 416, 96, rule);
out:
	free(buf);
	free(img);
}

/*
 * The regset reads at a stop, one row each (as the writes are, write.c):
 * the regset and the check that reads it into a poisoned buffer and
 * compares it with the model, in this order.
 */
static const struct x86_read {
	unsigned note;
	const char *name;
	void (*check)(struct fpabi_run *r, unsigned nread);
} reads[] = {
	{ NT_X86_XSTATE, "NT_X86_XSTATE", check_xstate },
	{ NT_PRFPREG, "NT_PRFPREG", check_fpregs },
	{ 0 }
};

void x86_check_stop(struct fpabi_run *r)
{
	const struct x86_read *rd;

	/* reads are numbered within a stop, so each observer is named */
	r->reads++;
	for (rd = reads; rd->check; rd++)
		rd->check(r, r->reads);
}
