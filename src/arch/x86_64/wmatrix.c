// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 regset-write matrix: rows of the write table (struct
 * x86_write, x86.h) generated from the regset and one value of one field
 * at a time (XSTATE_BV: the variant's, every user feature, none, each
 * feature left out, each alone, a bit outside XCR0, a supervisor bit, bit
 * 63; xcomp_bv; the reserved header bytes; MXCSR's reserved bits with
 * each XSTATE_BV that validates it or not; MXCSR_MASK; the size), each
 * with the outcome xstateregs_set(), xfpregs_set() and ptrace_regset()
 * give (arch/x86/kernel/fpu/regset.c, xstate.c: copy_uabi_to_xstate());
 * crossed with the XSTATE_BV subsets of the variants and with task
 * histories by src/plan/matrix.c.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/matrix.h"
#include "fpabi/platform.h"
#include "fpabi/util.h"
#include "x86.h"

#ifndef NT_X86_XSTATE
#define NT_X86_XSTATE	0x202
#endif
#ifndef NT_PRXFPREG
#define NT_PRXFPREG	0x46e62b7f
#endif

enum rs { RS_XSTATE, RS_FPREGS, RS_PRX };

static const char *const rs_id[] = { "xstate", "fpregs", "prxfpreg" };
static const char *const rs_note[] = {
	"NT_X86_XSTATE", "NT_PRFPREG", "NT_PRXFPREG",
};

/* One value of one field. */
struct fval {
	enum rs rs;
	const char *name, *what;
	uint8_t bvsel, bit;
	uint8_t mut;		/* enum bad_mut */
	bool rel;		/* len relative to the regset's size */
	int len;
};

#define XSV(n, w, ...)	{ RS_XSTATE, n, w, .rel = true, __VA_ARGS__ }
#define NO(n, b)	XSV("bv-no-" n, "XSTATE_BV: every user feature but " n, \
			    .bvsel = BV_ALL_BUT, .bit = b)
#define ONLY(n, b)	XSV("bv-only-" n, "XSTATE_BV: " n " alone", \
			    .bvsel = BV_ONLY, .bit = b)
#define XSL(n, w, l, r)	{ RS_XSTATE, n, w, .rel = r, .len = l }
#define FPV(n, w, l, m)	{ RS_FPREGS, n, w, .mut = m, .len = l }

static const struct fval values[] = {
	XSV("bv-variant", "XSTATE_BV: the variant's components"),
	XSV("bv-all", "XSTATE_BV: every user feature", .bvsel = BV_ALL),
	XSV("bv-none", "XSTATE_BV: 0", .bvsel = BV_NONE),
	NO("x87", XF_FP), NO("sse", XF_SSE), NO("avx", XF_YMM),
	NO("opmask", XF_OPMASK), NO("zmm-hi256", XF_ZMM_H),
	NO("hi16-zmm", XF_HI16_ZMM), NO("pkru", XF_PKRU),
	ONLY("x87", XF_FP), ONLY("sse", XF_SSE), ONLY("avx", XF_YMM),
	XSV("bv-outside", "XSTATE_BV: the lowest bit outside XCR0",
	    .bvsel = BV_ALL, .mut = M_BV_OUTSIDE),
	XSV("bv-bit11", "XSTATE_BV: bit 11 (CET_U, supervisor)",
	    .bvsel = BV_ALL, .mut = M_BV_SUPERVISOR),
	XSV("bv-bit63", "XSTATE_BV: bit 63", .bvsel = BV_ALL,
	    .mut = M_BV_BIT63),
	XSV("xcomp-compacted", "xcomp_bv: bit 63 and XSTATE_BV",
	    .bvsel = BV_ALL, .mut = M_XCOMP),
	XSV("xcomp-low", "xcomp_bv: bit 0", .bvsel = BV_ALL,
	    .mut = M_XCOMP_LOW),
	XSV("rsvd-byte16", "header byte 16 (reserved) non-zero",
	    .bvsel = BV_ALL, .mut = M_RSVD_FIRST),
	XSV("rsvd-byte63", "header byte 63 (reserved) non-zero",
	    .bvsel = BV_ALL, .mut = M_RSVD_LAST),
	XSV("mxcsr-rsvd", "MXCSR: a reserved bit, every feature",
	    .bvsel = BV_ALL, .mut = M_MXCSR),
	XSV("mxcsr-rsvd-x87", "MXCSR: a reserved bit, XSTATE_BV x87",
	    .bvsel = BV_ONLY, .bit = XF_FP, .mut = M_MXCSR),
	XSV("mxcsr-rsvd-sse", "MXCSR: a reserved bit, XSTATE_BV SSE",
	    .bvsel = BV_ONLY, .bit = XF_SSE, .mut = M_MXCSR),
	XSV("mxcsr-rsvd-avx", "MXCSR: a reserved bit, XSTATE_BV AVX",
	    .bvsel = BV_ONLY, .bit = XF_YMM, .mut = M_MXCSR),
	XSV("mxcsr-rsvd-none", "MXCSR: a reserved bit, XSTATE_BV 0",
	    .bvsel = BV_NONE, .mut = M_MXCSR),
	XSV("mxcsr-mask", "MXCSR_MASK bogus", .bvsel = BV_ALL,
	    .mut = M_MXCSR_MASK),
	XSL("size-long", "iov_len: the size and 8 more", 8, true),
	XSL("size-huge", "iov_len: the size and 4096 more", 4096, true),
	XSL("size-unaligned", "iov_len: the size less 4", -4, true),
	XSL("size-short", "iov_len: the size less 64", -64, true),
	XSL("size-zero", "iov_len: 0", 0, false),
	XSL("size-8", "iov_len: 8", 8, false),
	XSL("size-legacy", "iov_len: 512, the legacy area", 512, false),
	XSL("size-header", "iov_len: 576, legacy area and header", 576,
	    false),
	FPV("full", "iov_len 512", 512, M_NONE),
	FPV("size-long", "iov_len 520", 520, M_NONE),
	FPV("size-zero", "iov_len 0", 0, M_NONE),
	FPV("size-416", "iov_len 416", 416, M_NONE),
	FPV("size-504", "iov_len 504", 504, M_NONE),
	FPV("size-unaligned", "iov_len 516", 516, M_NONE),
	FPV("mxcsr-rsvd", "MXCSR: a reserved bit", 512, M_MXCSR),
	FPV("mxcsr-mask", "MXCSR_MASK bogus", 512, M_MXCSR_MASK),
	FPV("sw-bytes", "bytes 416-511 (sw_reserved) bogus", 512, M_SW_BYTES),
	{ RS_PRX, "full", "iov_len 512", .len = 512 },
};

#define NROWS	ARRAY_SIZE(values)

static struct x86_write rows[NROWS];
static char row_id[NROWS][40], row_name[NROWS][80];
static bool built;

static x86_write_expect ex_xstate, ex_fpregs, ex_prx;

static void build_rows(void)
{
	static const unsigned notes[] = { NT_X86_XSTATE, NT_PRFPREG,
					  NT_PRXFPREG };
	static x86_write_expect *const ex[] = { ex_xstate, ex_fpregs, ex_prx };
	unsigned i;

	if (built)
		return;
	for (i = 0; i < NROWS; i++) {
		const struct fval *f = &values[i];
		struct x86_write *w = &rows[i];

		snprintf(row_id[i], sizeof(row_id[0]), "%s.%s", rs_id[f->rs],
			 f->name);
		snprintf(row_name[i], sizeof(row_name[0]), "%s, %s",
			 rs_note[f->rs], f->what);
		w->name = row_name[i];
		w->note = notes[f->rs];
		w->rel = f->rel;
		w->len = f->len;
		w->mut = f->mut;
		w->what = f->what;
		w->bvsel = f->bvsel;
		w->bit = f->bit;
		w->expect = ex[f->rs];
	}
	built = true;
}

const struct x86_write *x86_mx_row(unsigned kind)
{
	build_rows();
	return kind >= W_MX_BASE && kind - W_MX_BASE < NROWS ?
	       &rows[kind - W_MX_BASE] : NULL;
}

/* ----------------------------------------------------------- outcomes */

static void refuse(struct x86_outcome *o, int err, const char *rule,
		   const char *what)
{
	o->err = err;
	o->rule = rule;
	o->what = what;
	o->changes = false;
}

#define FP_SSE_YMM	(XFM(XF_FP) | XFM(XF_SSE) | XFM(XF_YMM))

/*
 * NT_X86_XSTATE: ptrace_regset() (iov_len a multiple of 8, cut to the
 * regset's size), xstateregs_set() (the whole buffer or EFAULT),
 * copy_uabi_to_xstate(): validate_user_xstate_header() (X-PT-6), MXCSR's
 * reserved bits only where x87, SSE or AVX is written (X-PT-7); taken,
 * each component XSTATE_BV names from the buffer, the others at init
 * (X-PT-5), MXCSR the buffer's where x87, SSE or AVX is written, else
 * kept (X-PT-13).
 */
static void ex_xstate(const struct x86_write *w, const struct fpabi_machine *m,
		      const struct fpabi_variant *v, struct x86_outcome *o)
{
	const struct x86_machine *x = m->arch;
	uint64_t user = x->xl.xcr0 & ~x86_comp_mask(-1, C_DYNAMIC), bv;
	size_t full = x->size, len = w->rel ? full + (size_t)(long)w->len :
				     (size_t)w->len;

	if (!(m->have & NEED_XSAVE)) {
		o->skip = "no XSAVE: no NT_X86_XSTATE";
		return refuse(o, EINVAL, "X-PT-8", "no regset");
	}
	if ((w->bvsel == BV_ALL_BUT || w->bvsel == BV_ONLY) &&
	    !(x->testable & XFM(w->bit)))
		o->skip = "XCR0 has no such component: the row is another's";
	bv = v ? x86_row_bv(m, v, w) : 0;
	if (w->mut == M_BV_OUTSIDE)
		bv |= x86_bv_outside_bit(x);
	if (w->mut == M_BV_SUPERVISOR)
		bv |= XFM(11);
	if (w->mut == M_BV_BIT63)
		bv |= 1ull << 63;
	if (len % 8)
		return refuse(o, EINVAL, "X-PT-8", "refused: iov_len not a "
			      "multiple of 8; nothing changes");
	if (MIN(len, full) != full)
		return refuse(o, EFAULT, "X-PT-8", "refused: not the whole "
			      "standard-format buffer; nothing changes");
	if (bv & ~user)
		return refuse(o, EINVAL, "X-PT-6", "refused: an XSTATE_BV bit "
			      "outside the task's user features; nothing "
			      "changes");
	if (w->mut == M_XCOMP || w->mut == M_XCOMP_LOW ||
	    w->mut == M_RSVD_FIRST || w->mut == M_RSVD_LAST)
		return refuse(o, EINVAL, "X-PT-6", "refused: xcomp_bv or a "
			      "reserved header byte non-zero; nothing changes");
	if (w->mut == M_MXCSR && (bv & FP_SSE_YMM))
		return refuse(o, EINVAL, "X-PT-7", "refused: a reserved MXCSR "
			      "bit with x87, SSE or AVX written; nothing "
			      "changes");
	o->changes = true;
	/* X-PT-14: a compacted kernel buffer (XSAVES) restores with XRSTORS,
	 * which puts MXCSR at init with the rest of SSE state */
	if (x->xl.xsaves && !(bv & XFM(XF_SSE))) {
		o->rule = "X-PT-14";
		o->mxcsr = MX_INIT;
		o->what = "the components XSTATE_BV names from the buffer, the "
			  "others at init (PKRU 0); MXCSR at init (XRSTORS)";
		return;
	}
	o->rule = bv & FP_SSE_YMM ? "X-PT-5" : "X-PT-13";
	o->mxcsr = bv & FP_SSE_YMM ? MX_WRITTEN : MX_KEPT;
	o->what = bv & FP_SSE_YMM ? "the components XSTATE_BV names from the "
		  "buffer, the others at init (PKRU 0); MXCSR written" :
		  "the components XSTATE_BV names from the buffer, the others "
		  "at init (PKRU 0); MXCSR kept";
}

/* NT_PRFPREG: xfpregs_set(): exactly 512 bytes, no reserved MXCSR bit
 * (X-PT-9); taken, x87 and SSE from the buffer, the rest kept (X-PT-2) */
static void ex_fpregs(const struct x86_write *w, const struct fpabi_machine *m,
		      const struct fpabi_variant *v, struct x86_outcome *o)
{
	size_t len = (size_t)w->len;

	(void)m;
	(void)v;
	if (len % 8 || MIN(len, 512u) != 512)
		return refuse(o, EINVAL, "X-PT-9", "refused: not exactly 512 "
			      "bytes; nothing changes");
	if (w->mut == M_MXCSR)
		return refuse(o, EINVAL, "X-PT-9", "refused: a reserved MXCSR "
			      "bit; nothing changes");
	o->rule = "X-PT-2";
	o->fpregs = true;
	o->changes = true;
	o->what = "x87 and SSE (MXCSR too) from the buffer, the rest kept";
}

/* NT_PRXFPREG: not in the 64-bit regset view (X-PT-10) */
static void ex_prx(const struct x86_write *w, const struct fpabi_machine *m,
		   const struct fpabi_variant *v, struct x86_outcome *o)
{
	(void)w;
	(void)m;
	(void)v;
	refuse(o, EINVAL, "X-PT-10", "refused: no such regset for a 64-bit "
	       "task; nothing changes");
}

/* ------------------------------------------------------- the matrix */

static unsigned mx_nsubjects(void)
{
	return NROWS;
}

static const char *mx_subject_name(unsigned k)
{
	build_rows();
	return row_id[k];
}

static const char *mx_subject_group(unsigned k)
{
	return rs_note[values[k].rs];
}

const char *x86_mx_mode_name(unsigned k)
{
	return x86_variant_name(k);
}

/* XSTATE_BV subset k: the variant of that name (VSET_ALL), a SKIP where
 * the CPU lacks it */
const char *x86_mx_mode_variant(const struct fpabi_machine *m, unsigned k,
				struct fpabi_variant *v)
{
	struct fpabi_variant vs[FPABI_MAX_VARIANTS];
	int n = x86_variants(m, VSET_ALL, vs, FPABI_MAX_VARIANTS);

	if ((int)k >= n)
		return "no such variant";
	*v = vs[k];
	return NULL;
}

const char *const x86_mx_hist_kinds[X86_MX_HISTS] = {
	"after-syscall", "after-sigreturn", "switched-out",
};

/* before the cell's first load, which then runs with these */
const char *const x86_mx_hist_sets[X86_MX_HISTS] = {
	"a syscall after a load: nothing discarded (X-SYS-1), the registers "
	"live (TIF_NEED_FPU_LOAD clear)",
	"a signal and its sigreturn: XINUSE as __fpu_restore_sig()'s XRSTOR "
	"of the frame left it",
	"a ptrace stop after a load: TIF_NEED_FPU_LOAD set, fpstate saved by "
	"XSAVES/XSAVEOPT (XINUSE into XSTATE_BV), restored before the cell",
};

enum { WIN_BRK, WIN_SYSCALL, WIN_MIGRATED, NWIN };

/* the stop a write is at */
static const struct fpabi_mx_win stops[NWIN] = {
	[WIN_BRK] = { "brk", "a breakpoint from user mode: TIF_NEED_FPU_LOAD "
		      "set, fpstate saved, last_cpu this CPU",
		      "the breakpoint stop the tracer saw", 0 },
	[WIN_SYSCALL] = { "syscall", "a syscall-entry stop: fpstate saved in "
			  "the syscall (nothing discarded: X-SYS-1), then the "
			  "exit stop", "the syscall-entry and exit stops the "
			  "tracer saw", 0 },
	[WIN_MIGRATED] = { "migrated", "a breakpoint, then moved to another "
			   "CPU: last_cpu another CPU, so fpregs_state_valid() "
			   "fails and the written fpstate is restored there",
			   "the migration's own proof: the tracee's CPU after "
			   "the stop is the one it was moved to, else SKIP",
			   NEED_SMP2 },
};

const struct fpabi_history *x86_mx_history(const struct fpabi_machine *m,
					   unsigned k,
					   const struct fpabi_variant *v)
{
	const struct fpabi_history *h;

	(void)m;
	(void)v;
	for (h = x86_histories; h->name; h++)
		if (!strcmp(h->name, x86_mx_hist_kinds[k]))
			return h;
	return NULL;
}

static const char *errno_name(int err)
{
	switch (err) {
	case 0: return "taken";
	case EINVAL: return "EINVAL";
	case EFAULT: return "EFAULT";
	}
	return "another errno";
}

/* A cell: LOAD(1), a stop, a read, the write of phase 2, a read, a signal
 * (its frame, the handler's start, sigreturn of its clobber), the dump. */
static void mx_cell(const struct fpabi_machine *m, unsigned k, unsigned mode,
		    unsigned win, const struct fpabi_variant *v,
		    struct fpabi_mx_cell *out)
{
	const struct x86_write *w;
	struct x86_outcome o;

	(void)mode;
	build_rows();
	w = &rows[k];
	memset(&o, 0, sizeof(o));
	w->expect(w, m, v, &o);
	out->rule = o.rule;
	out->expect = errno_name(o.err);
	out->what = o.what;
	out->unspecified = o.unspecified;
	out->skip = o.skip;
	out->summary = w->name;
	out->needs = NEED_XSAVE;
	/* the checks of copy_uabi_to_xstate() and xfpregs_set() (5.14) */
	out->min_kver = KVER(5, 14);
	out->min_kver_why = "kernel before 5.14: malformed regset writes were "
			    "masked, not refused (not modelled)";
	memcpy(out->steps, (const struct fpabi_step[]){
		LOAD(1), TRAP, READ, WRITE(2, W_MX_BASE + k), READ,
		SIGNAL(3, E_NONE, 0), STORE, END },
	       8 * sizeof(struct fpabi_step));
	out->drop = o.err || o.changes ? 3 : 6;
	out->drop_class = o.err ? "unknown" : o.changes ? "stale" : "poison";
	/* the XSTATE_BV subset's XINUSE 0: proven in every read and frame
	 * (a CPU that sets every bit, quirk no-xinuse, cannot show it) */
	out->pre |= PRE_X86_INIT;
	out->quirks |= QUIRK_NO_XINUSE;
	/* the stop: after the TRAP (step 1); a syscall's exit stop before
	 * the signal (step 5) */
	if (win == WIN_SYSCALL) {
		mx_insert(out, 5, (const struct fpabi_step[]){ SYSEXIT }, 1);
		mx_insert(out, 2, (const struct fpabi_step[]){
			SYSCALL_STOP(SC_GETPID) }, 1);
	} else if (win == WIN_MIGRATED) {
		mx_insert(out, 2, (const struct fpabi_step[]){ MIGRATE }, 1);
	}
}

const struct fpabi_matrix x86_matrix_write = {
	.name = "regset-write",
	.what = "every regset write, one value of one header field or size "
		"at a time, in every XSTATE_BV subset and after task histories",
	.subject = "write",
	.nsubjects = mx_nsubjects,
	.subject_name = mx_subject_name,
	.subject_group = mx_subject_group,
	.mode_axis = "XSTATE_BV subset",
	.nmodes = X86_MX_MODES,
	.mode_name = x86_mx_mode_name,
	.mode_variant = x86_mx_mode_variant,
	.nhist = X86_MX_HISTS,
	.hist_kinds = x86_mx_hist_kinds,
	.history = x86_mx_history,
	.hist_sets = x86_mx_hist_sets,
	.win_axis = "stop",
	.nwin = NWIN,
	.wins = stops,
	.cell = mx_cell,
};
