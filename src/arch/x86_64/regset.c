// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 regsets at a ptrace stop: read NT_X86_XSTATE and NT_PRFPREG into
 * poisoned buffers and check every byte; write them and update the model.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

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
	uint64_t live = x86_expected_live(r), xcr0 = x->xl.xcr0;
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

void x86_check_stop(struct fpabi_run *r)
{
	/* reads are numbered within a stop, so each observer is named */
	r->reads++;
	check_xstate(r, r->reads);
	check_fpregs(r, r->reads);
}

static int write_xstate(struct fpabi_run *r, unsigned phase, uint64_t bv)
{
	const struct x86_machine *x = xm(r);
	uint8_t *buf = xmalloc(x->size);
	char obs[64];
	int err;

	image_fill(r, buf, phase, 0);
	x86_set_header(buf, bv);
	/* X-PT-4: bytes 416-511 are ignored on write: poison proves it */
	canary_poison(buf + 416, 96, r->cseed);
	snprintf(obs, sizeof(obs), "NT_X86_XSTATE write at stop %d", r->stops);
	err = regset_set(r, NT_X86_XSTATE, buf, x->size);
	check_errno(r, obs, "PTRACE_SETREGSET", 0, err, rule_get("X-PT-4"));
	free(buf);
	if (err)
		return 0;
	x86_expect_components(r, phase, bv, rule_get("X-PT-5"));
	return 0;
}

static int write_fpregs(struct fpabi_run *r, unsigned phase)
{
	uint8_t *img = xmalloc(r->lo.size);
	char obs[64];
	unsigned i;
	int err;

	image_fill(r, img, phase, 0);
	memset(img + 416, 0, 96);
	snprintf(obs, sizeof(obs), "NT_PRFPREG write at stop %d", r->stops);
	err = regset_set(r, NT_PRFPREG, img, 512);
	check_errno(r, obs, "PTRACE_SETREGSET", 0, err, rule_get("X-PT-2"));
	if (!err) {
		/* X-PT-2: x87 and SSE take the written values, the rest stays */
		for (i = 0; i < r->lo.nfields; i++) {
			const struct fpabi_field *f = &r->lo.f[i];

			if (f->group > XF_SSE || f->fill == FILL_NONE)
				continue;
			expect_field(r, i, img + f->off, rule_get("X-PT-2"));
			r->exp.phase[i] = phase;
		}
	}
	free(img);
	return 0;
}

int x86_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	switch (kind) {
	case W_XSTATE:
		return write_xstate(r, phase, r->v.xfeatures);
	case W_XSTATE_LEGACY:
		return write_xstate(r, phase, XFM(XF_FP) | XFM(XF_SSE));
	case W_FPREGS:
		return write_fpregs(r, phase);
	}
	die("internal: unknown x86 write kind %u", kind);
}
