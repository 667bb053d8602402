// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 regset writes: the fixed table of write kinds (x86_writes[],
 * one row per kind: regset, payload, length, mutation, errno, rule) and
 * the executor above it and the regset-write matrix (x86_mx_row(),
 * wmatrix.c): the write a row describes made (payloads from payload.c),
 * its errno checked, and the model updated.
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
#ifndef NT_PRXFPREG
#define NT_PRXFPREG 0x46e62b7f
#endif

#define SLACK 64	/* poisoned bytes past the regset the kernel must not touch */

static int write_xstate(struct fpabi_run *r, unsigned phase,
			const struct x86_write *w)
{
	uint64_t bv = w->bv ? w->bv : XV(&r->v)->xfeatures;
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

/* X-PT-2: x87 and SSE take the written values, the rest stays */
static void expect_fpregs(struct fpabi_run *r, const uint8_t *img,
			  unsigned phase)
{
	unsigned i;

	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		/* (MXCSR_MASK is the CPU's: FILL_FIXED, whatever the
		 * buffer said) */
		if (f->group > XF_SSE || f->fill == FILL_NONE ||
		    f->fill == FILL_FIXED)
			continue;
		expect_field(r, i, img + f->off, rule_get("X-PT-2"));
		r->exp.phase[i] = phase;
	}
}

static int write_fpregs(struct fpabi_run *r, unsigned phase,
			const struct x86_write *w)
{
	uint8_t *img = xmalloc(r->lo.size);
	char obs[64];
	int err;

	(void)w;
	image_fill(r, img, phase, 0);
	memset(img + 416, 0, 96);
	snprintf(obs, sizeof(obs), "NT_PRFPREG write at stop %d", r->stops);
	err = regset_set(r, NT_PRFPREG, img, 512);
	check_errno(r, obs, "PTRACE_SETREGSET", 0, err, rule_get("X-PT-2"));
	if (!err)
		expect_fpregs(r, img, phase);
	free(img);
	return 0;
}

static void bad_mutate(struct fpabi_run *r, uint8_t *buf, unsigned mut,
		       bool xs, uint64_t *bv)
{
	const struct x86_machine *x = xm(r);
	uint64_t xcomp = 0;
	uint32_t mxcsr;

	switch (mut) {
	case M_BV_OUTSIDE: *bv |= x86_bv_outside_bit(x); break;
	case M_BV_SUPERVISOR: *bv |= XFM(11); break;
	case M_BV_BIT63: *bv |= 1ull << 63; break;
	case M_XCOMP: xcomp = 1ull << 63 | *bv; break;
	case M_XCOMP_LOW: xcomp = 1; break;
	case M_MXCSR_SSE: *bv = XFM(XF_SSE); break;
	case M_MXCSR_YMM: *bv = XFM(XF_YMM); break;
	case M_MXCSR_MASK:
		memcpy(buf + FXSAVE_MXCSR_MASK_OFF, &(uint32_t){ 0x5a5a }, 4);
		break;
	case M_SW_BYTES:
		canary_poison(buf + 416, 96, r->cseed);
		break;
	}
	if (mut == M_MXCSR || mut == M_MXCSR_SSE || mut == M_MXCSR_YMM) {
		memcpy(&mxcsr, buf + FXSAVE_MXCSR_OFF, 4);
		mxcsr |= x86_mxcsr_reserved_bit(x);
		memcpy(buf + FXSAVE_MXCSR_OFF, &mxcsr, 4);
	}
	if (!xs)
		return;	/* NT_PRFPREG has no header */
	x86_set_header(buf, *bv);
	memcpy(buf + XSAVE_HDR_OFF + 8, &xcomp, 8);
	/* any non-zero reserved byte is refused */
	if (mut == M_RSVD_FIRST)
		buf[XSAVE_HDR_OFF + 16] = 0xa5;
	if (mut == M_RSVD_LAST)
		buf[XSAVE_HDR_OFF + XSAVE_HDR_SIZE - 1] = 0xa5;
}

/* MXCSR's expectation (to keep it across x86_expect_components()) */
struct mxcsr_exp {
	int i;		/* its field, -1: none */
	uint8_t img[4], kind, phase, task;
};

static void mxcsr_save(const struct fpabi_run *r, struct mxcsr_exp *e)
{
	unsigned i;

	e->i = -1;
	for (i = 0; i < r->lo.nfields; i++)
		if (r->lo.f[i].off == FXSAVE_MXCSR_OFF &&
		    r->lo.f[i].size == 4) {
			e->i = (int)i;
			memcpy(e->img, r->exp.img + FXSAVE_MXCSR_OFF, 4);
			e->kind = r->exp.kind[i];
			e->phase = r->exp.phase[i];
			e->task = r->exp.task[i];
		}
}

/* MXCSR as a matrix row's outcome says: the written value whenever x87,
 * SSE or AVX is written, else kept (X-PT-13) */
static void expect_mxcsr(struct fpabi_run *r, const struct mxcsr_exp *e,
			 const struct x86_outcome *o, const uint8_t *img,
			 unsigned phase)
{
	unsigned i;

	if (e->i < 0)
		return;
	i = (unsigned)e->i;
	if (o->mxcsr == MX_INIT) {
		expect_field_init(r, i, rule_get(o->rule));
		return;
	}
	if (o->mxcsr == MX_KEPT) {
		memcpy(r->exp.img + FXSAVE_MXCSR_OFF, e->img, 4);
		r->exp.kind[i] = e->kind;
		r->exp.phase[i] = e->phase;
		r->exp.task[i] = e->task;
	} else {
		memcpy(r->exp.img + FXSAVE_MXCSR_OFF, img + FXSAVE_MXCSR_OFF, 4);
		r->exp.kind[i] = EXP_VALUE;
		r->exp.phase[i] = (uint8_t)phase;
	}
	r->exp.rule[i] = rule_get(o->rule);
}

/* The row's outcome in variant r->v (matrix rows), or its fixed one. */
static void row_outcome(struct fpabi_run *r, const struct x86_write *w,
			struct x86_outcome *o)
{
	memset(o, 0, sizeof(*o));
	if (w->expect) {
		w->expect(w, r->m, &r->v, o);
		if (o->skip)
			run_broken(r, "internal: a matrix row the model cannot "
				   "tell here: %s", o->skip);
		return;
	}
	o->err = w->err;
	o->rule = w->rule;
	o->fpregs = w->note != NT_X86_XSTATE;
	o->mxcsr = MX_WRITTEN;
}

int x86_write_bad(struct fpabi_run *r, unsigned phase,
		  const struct x86_write *bw)
{
	const struct x86_machine *x = xm(r);
	bool xs = bw->note == NT_X86_XSTATE;
	size_t full = xs ? x->size : 512, len, alloc;
	uint64_t bv = x86_row_bv(r->m, &r->v, bw);
	struct x86_outcome o;
	struct mxcsr_exp mx;
	uint8_t *buf, *img;
	char obs[96];
	int err;

	row_outcome(r, bw, &o);
	len = bw->rel ? full + bw->len : (size_t)bw->len;
	alloc = (len > r->lo.size ? len : r->lo.size) + SLACK;
	buf = xmalloc(alloc);
	canary_poison(buf, alloc, r->cseed);	/* past the image: poison */
	image_fill(r, buf, phase, 0);
	if (xs) {
		x86_set_header(buf, bv);
		/* X-PT-4: bytes 416-511 are ignored on write */
		canary_poison(buf + 416, 96, r->cseed);
	} else {
		memset(buf + 416, 0, 96);
	}
	bad_mutate(r, buf, bw->mut, xs, &bv);
	snprintf(obs, sizeof(obs), "%s write (%s) at stop %d",
		 xs ? "NT_X86_XSTATE" : bw->note == NT_PRFPREG ? "NT_PRFPREG" :
		 "NT_PRXFPREG", bw->what, r->stops);
	err = regset_set(r, bw->note, buf, len);
	check_errno(r, obs, "PTRACE_SETREGSET", o.err, err, rule_get(o.rule));
	/* X-PT-11: a refused write changes nothing: the model stays */
	if (!err && !o.err) {
		if (xs) {
			mxcsr_save(r, &mx);
			x86_expect_components(r, phase, bv, rule_get("X-PT-5"));
			if (bw->expect) {
				img = xmalloc(r->lo.size);
				image_fill(r, img, phase, 0);
				expect_mxcsr(r, &mx, &o, img, phase);
				free(img);
			}
		} else {
			expect_fpregs(r, buf, phase);
		}
	}
	free(buf);
	return 0;
}

/*
 * W_RANDOM (X-PT-12): a write of phase's registers, NT_X86_XSTATE three
 * times in four, then one to three mutations from the run's seed:
 * XSTATE_BV or xcomp_bv bits, a reserved header byte, a reserved MXCSR
 * bit, the iov_len.  Never a register's own bytes: any value that is
 * neither old nor written is then a finding.  Taken, partly taken or
 * refused, every register must be its old value, the written one, zero or
 * init.
 */
static int write_random(struct fpabi_run *r, unsigned phase,
			const struct x86_write *w)
{
	const struct x86_machine *x = xm(r);
	uint64_t seed = r->seed ^ 0x77726974652d7264ull, bv = XV(&r->v)->xfeatures;
	uint64_t hdr_bv, xcomp = 0;
	bool xs = mix64_next(&seed) % 4 != 0;
	size_t full = xs ? x->size : 512, len = full;
	size_t alloc = (full > r->lo.size ? full : r->lo.size) + 4096 + SLACK;
	unsigned n = 1 + mix64_next(&seed) % 3, i;
	uint8_t *buf = xmalloc(alloc);
	uint32_t mxcsr;
	char obs[80];
	int err;

	(void)w;
	canary_poison(buf, alloc, r->cseed);
	image_fill(r, buf, phase, 0);
	if (xs)
		x86_set_header(buf, bv);
	else
		memset(buf + 416, 0, 96);
	for (i = 0; i < n; i++) {
		uint64_t v = mix64_next(&seed), k = v >> 8;
		size_t lens[] = { 0, 8, 416, 512, 576, full - 64, full - 4,
				  full + 8, full + 4096, k % (full + 64) };

		switch (v % 5) {
		case 0:
			if (xs) {
				memcpy(&hdr_bv, buf + XSAVE_HDR_OFF, 8);
				hdr_bv ^= 1ull << k % 64;
				memcpy(buf + XSAVE_HDR_OFF, &hdr_bv, 8);
			}
			break;
		case 1:
			xcomp ^= 1ull << k % 64;
			if (xs)
				memcpy(buf + XSAVE_HDR_OFF + 8, &xcomp, 8);
			break;
		case 2:
			if (xs)
				buf[XSAVE_HDR_OFF + 16 + k % 48] ^= 1u << (k >> 8) % 8;
			break;
		case 3:
			if (!x86_mxcsr_reserved_bit(x))
				break;
			memcpy(&mxcsr, buf + FXSAVE_MXCSR_OFF, 4);
			mxcsr |= x86_mxcsr_reserved_bit(x);
			memcpy(buf + FXSAVE_MXCSR_OFF, &mxcsr, 4);
			break;
		default:
			len = lens[k % 10];
			break;
		}
	}
	snprintf(obs, sizeof(obs), "%s write (random) at stop %d",
		 xs ? "NT_X86_XSTATE" : "NT_PRFPREG", r->stops);
	err = regset_set(r, xs ? NT_X86_XSTATE : NT_PRFPREG, buf, len);
	vlog("%s: %s: %zu bytes, %s", r->id, obs, len,
	     err ? strerror(err) : "taken");
	image_fill(r, buf, phase, 0);	/* what was written, unmutated */
	expect_old_or(r, buf, rule_get("X-PT-12"));
	free(buf);
	return 0;
}

/*
 * Every write kind.  The malformed and odd-sized ones (fn NULL) are a
 * whole image of the write's phase (provenance canaries) with one thing
 * changed, so a write the kernel should have refused shows up as that
 * phase's values in the fresh read and in the tracee's dump; a refused
 * write leaves the model as it was (X-PT-11).
 */
#define XS(n, l, e, what) \
	{ n, NULL, NT_X86_XSTATE, false, (l), M_NONE, (e), "X-PT-8", what, 0 }
/* a whole-size write with one thing malformed */
#define XSM(n, m, rule, what) \
	{ n, NULL, NT_X86_XSTATE, true, 0, (m), EINVAL, rule, what, 0 }
#define XSR(n, l, e, what) \
	{ n, NULL, NT_X86_XSTATE, true, (l), M_NONE, (e), "X-PT-8", what, 0 }
#define FP(n, l, m, e, rule, what) \
	{ n, NULL, NT_PRFPREG, false, (l), (m), (e), rule, what, 0 }
#define XSN	"NT_X86_XSTATE, "
#define FPN	"NT_PRFPREG, "

static const struct x86_write x86_writes[W_NKINDS] = {
	/* X-PT-4, X-PT-5 */
	[W_XSTATE] = { "NT_X86_XSTATE", write_xstate },
	[W_XSTATE_LEGACY] = { "NT_X86_XSTATE with XSTATE_BV = x87|SSE",
			      write_xstate, .bv = XFM(XF_FP) | XFM(XF_SSE) },
	/* X-PT-2 */
	[W_FPREGS] = { "NT_PRFPREG", write_fpregs },
	/*
	 * X-PT-6: xstate.c: copy_uabi_to_xstate() -> validate_user_xstate_header()
	 * returns -EINVAL for XSTATE_BV bits outside fpstate->user_xfeatures
	 * (unknown, disabled and supervisor features), a non-zero xcomp_bv
	 * (user space uses the standard format only) and any non-zero byte
	 * of header.reserved[48]; nothing is copied before that.
	 */
	[W_XS_BV_OUTSIDE] = XSM(XSN "XSTATE_BV bit outside XCR0",
				M_BV_OUTSIDE, "X-PT-6", "XSTATE_BV outside XCR0"),
	[W_XS_BV_SUPERVISOR] = XSM(XSN "XSTATE_BV bit 11 (CET_U)",
				   M_BV_SUPERVISOR, "X-PT-6", "XSTATE_BV bit 11"),
	[W_XS_BV_BIT63] = XSM(XSN "XSTATE_BV bit 63", M_BV_BIT63, "X-PT-6",
			      "XSTATE_BV bit 63"),
	[W_XS_XCOMP] = XSM(XSN "xcomp_bv compacted", M_XCOMP, "X-PT-6",
			   "xcomp_bv compacted"),
	[W_XS_RSVD_FIRST] = XSM(XSN "header byte 16 non-zero", M_RSVD_FIRST,
				"X-PT-6", "header byte 16"),
	[W_XS_RSVD_LAST] = XSM(XSN "header byte 63 non-zero", M_RSVD_LAST,
			       "X-PT-6", "header byte 63"),
	/*
	 * X-PT-7: copy_uabi_to_xstate(): when XSTATE_BV has x87, SSE or AVX,
	 * "Reserved bits in MXCSR must be zero": mxcsr & ~mxcsr_feature_mask
	 * -> -EINVAL (mxcsr_feature_mask is the CPU's MXCSR_MASK,
	 * fpu/init.c: fpu__init_system_mxcsr()).
	 */
	[W_XS_MXCSR] = XSM(XSN "MXCSR reserved bit", M_MXCSR, "X-PT-7",
			   "MXCSR reserved bit"),
	[W_XS_MXCSR_SSE] = XSM(XSN "MXCSR reserved bit, XSTATE_BV = SSE",
			       M_MXCSR_SSE, "X-PT-7", "MXCSR, BV=SSE"),
	[W_XS_MXCSR_YMM] = XSM(XSN "MXCSR reserved bit, XSTATE_BV = AVX",
			       M_MXCSR_YMM, "X-PT-7", "MXCSR, BV=AVX"),
	/*
	 * X-PT-8: kernel/ptrace.c: ptrace_regset(): an iov_len that is not a
	 * multiple of the regset's unit (8) is -EINVAL; a longer one is cut
	 * to n * size (the user XSAVE size).  regset.c: xstateregs_set(): "A
	 * whole standard-format XSAVE buffer is needed": pos != 0 or count
	 * != fpu_user_cfg.max_size -> -EFAULT (0 included).
	 */
	[W_XS_LEN_0] = XS(XSN "iov_len 0", 0, EFAULT, "iov_len 0"),
	[W_XS_LEN_8] = XS(XSN "iov_len 8", 8, EFAULT, "iov_len 8"),
	[W_XS_LEN_512] = XS(XSN "iov_len 512", 512, EFAULT, "iov_len 512"),
	[W_XS_LEN_576] = XS(XSN "iov_len 576", 576, EFAULT, "iov_len 576"),
	[W_XS_LEN_SHORT] = XSR(XSN "iov_len size - 64", -64, EFAULT,
			       "iov_len size-64"),
	[W_XS_LEN_UNALIGNED] = XSR(XSN "iov_len size - 4", -4, EINVAL,
				   "iov_len size-4"),
	[W_XS_LEN_LONG] = XSR(XSN "iov_len size + 8", 8, 0, "iov_len size+8"),
	[W_XS_LEN_HUGE] = XSR(XSN "iov_len size + 4096", 4096, 0,
			      "iov_len size+4096"),
	/*
	 * X-PT-9: ptrace_regset() as above (unit sizeof(long), n * size 512);
	 * regset.c: xfpregs_set(): "No funny business with partial or
	 * oversized writes": count != sizeof(struct fxregs_state) -> -EINVAL;
	 * "Do not allow an invalid MXCSR value": mxcsr & ~mxcsr_feature_mask
	 * -> -EINVAL, both before anything is copied.
	 */
	[W_FP_LEN_0] = FP(FPN "iov_len 0", 0, M_NONE, EINVAL, "X-PT-9",
			  "iov_len 0"),
	[W_FP_LEN_416] = FP(FPN "iov_len 416", 416, M_NONE, EINVAL, "X-PT-9",
			    "iov_len 416"),
	[W_FP_LEN_504] = FP(FPN "iov_len 504", 504, M_NONE, EINVAL, "X-PT-9",
			    "iov_len 504"),
	[W_FP_LEN_UNALIGNED] = FP(FPN "iov_len 516", 516, M_NONE, EINVAL,
				  "X-PT-9", "iov_len 516"),
	[W_FP_LEN_LONG] = FP(FPN "iov_len 520", 520, M_NONE, 0, "X-PT-9",
			     "iov_len 520"),
	[W_FP_MXCSR] = FP(FPN "MXCSR reserved bit", 512, M_MXCSR, EINVAL,
			  "X-PT-9", "MXCSR reserved bit"),
	/*
	 * X-PT-10: arch/x86/kernel/ptrace.c: x86_64_regsets[] has no
	 * NT_PRXFPREG (only x86_32_regsets[] REGSET32_XFP does), so
	 * find_regset() fails in ptrace_regset(): -EINVAL.
	 */
	[W_PRXFPREG] = { "NT_PRXFPREG", NULL, NT_PRXFPREG, false, 512, M_NONE,
			 EINVAL, "X-PT-10", "NT_PRXFPREG", 0 },
	/* X-PT-12 */
	[W_RANDOM] = { "NT_X86_XSTATE or NT_PRFPREG, randomly mutated",
		       write_random },
};

static const struct x86_write *row_of(unsigned kind)
{
	return kind >= W_MX_BASE ? x86_mx_row(kind) :
	       kind < W_NKINDS ? &x86_writes[kind] : NULL;
}

const char *x86_write_kind_name(unsigned kind)
{
	const struct x86_write *w = row_of(kind);

	return w && w->name ? w->name : "?";
}

int x86_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	const struct x86_write *w = row_of(kind);

	if (!w || !w->name)
		die("internal: unknown x86 write kind %u", kind);
	return w->fn ? w->fn(r, phase, w) : x86_write_bad(r, phase, w);
}
