// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 forged signal frames: the SIGILL handler writes a new phase into
 * the frame and then breaks one thing check_xstate_in_sigframe() or XRSTOR
 * judges.  Frames the kernel still takes restore what its rules say (an
 * FXSAVE-only restore, components outside fx_sw.xfeatures at init, or
 * everything at init); frames it refuses end in SIGSEGV with every user
 * component at init.  Either way no value of an older phase survives.
 */
#include "fpabi/case.h"
#include "fpabi/platform.h"
#include "fpabi/x86_64-case.h"

/* a forged frame sigreturn takes: the tracee's dump after it */
#define TAKEN(nm, edit, rl, nd, vs, sum)				\
	{								\
		.family = "forge", .name = nm, .summary = sum,		\
		.rule = rl, .needs = nd, .vset = vs,			\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), STORE, LOAD(2), SIGNAL(3, edit, 4),	\
			STORE, END },					\
		.drop = 2, .drop_class = "stale",			\
	}

/* a forged frame sigreturn refuses: the regsets at the SIGSEGV stop */
#define REFUSED_AT(nm, edit, sum) REFUSED_QUIRKS(nm, edit, 0, sum)
#define REFUSED_QUIRKS(nm, edit, qk, sum)				\
	{								\
		.family = "forge", .name = nm, .summary = sum,		\
		.rule = "X-SR-5", .needs = NEED_XSAVE, .quirks = qk,	\
		.vset = VSET_DEFAULT,					\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), STORE, LOAD(2), SIGNAL(3, edit, 4),	\
			REFUSED, READ, END },				\
		.drop = 2, .drop_class = "stale",			\
	}

static const struct fpabi_case cases[] = {
	TAKEN("magic1", E_F_MAGIC1, "X-SR-4", NEED_XSAVE, VSET_ALL,
	      "without magic1 the frame is restored FXSAVE-only: x87 and "
	      "SSE from it, the rest at init"),
	TAKEN("magic2", E_F_MAGIC2, "X-SR-4", NEED_XSAVE, VSET_ALL,
	      "without magic2 after the XSAVE area the frame is restored "
	      "FXSAVE-only"),
	TAKEN("xstate-size-576", E_F_SIZE_SMALL, "X-SR-6", NEED_XSAVE,
	      VSET_DEFAULT,
	      "fx_sw.xstate_size 576: FXSAVE-only where it locates magic2, "
	      "a full restore where it is ignored (profile)"),
	TAKEN("frame-avx-sized", E_F_SIZE_MOVED, "X-SR-6", NEED_AVX,
	      VSET_DEFAULT,
	      "a self-consistent frame of x87+SSE+AVX only (magic2 moved): "
	      "those restored, the rest at init (profile)"),
	TAKEN("xfeatures-no-avx", E_F_XFEAT_NOAVX, "X-SR-7", NEED_AVX,
	      VSET_DEFAULT,
	      "fx_sw.xfeatures without AVX and AVX-512: those at init, the "
	      "rest restored"),
	TAKEN("xfeatures-beyond-xcr0", E_F_XFEAT_EXTRA, "X-SR-7", NEED_XSAVE,
	      VSET_DEFAULT,
	      "fx_sw.xfeatures with every bit outside XCR0: ignored, a full "
	      "restore"),
	TAKEN("fpstate-null", E_F_FP_NULL, "X-SR-8", NEED_XSAVE, VSET_DEFAULT,
	      "a NULL fpstate pointer: every user component at init, no "
	      "SIGSEGV"),
	TAKEN("xcomp-bv-compacted", E_F_XCOMP, "X-SR-9",
	      NEED_XSAVE | NEED_XSAVEC, VSET_ALL,
	      "xcomp_bv bit 63 set: XRSTOR reads the frame in the compacted "
	      "form, each component from its compacted offset"),
	REFUSED_AT("xcomp-bv-beyond-xcr0", E_F_XCOMP_OUTSIDE,
		   "xcomp_bv with a bit outside XCR0: SIGSEGV, everything at "
		   "init"),
	REFUSED_AT("header-reserved", E_F_HDR_RSVD,
		   "a reserved XSAVE header byte set: SIGSEGV, everything at "
		   "init"),
	REFUSED_AT("xstate-bv-beyond-xcr0", E_F_BV_OUTSIDE,
		   "XSTATE_BV with a bit outside XCR0: SIGSEGV, everything at "
		   "init"),
	/* an XRSTOR that takes reserved MXCSR bits cannot refuse the frame */
	REFUSED_QUIRKS("mxcsr-reserved", E_F_MXCSR, QUIRK_MXCSR_RSVD_OK,
		   "MXCSR with a bit outside MXCSR_MASK: SIGSEGV, everything "
		   "at init"),
	REFUSED_AT("fpstate-unmapped", E_F_FP_UNMAPPED,
		   "fpstate pointing at an unmapped page: SIGSEGV, everything "
		   "at init"),
	REFUSED_AT("fpstate-kernel", E_F_FP_KERNEL,
		   "fpstate pointing into the kernel half: SIGSEGV, "
		   "everything at init"),
	REFUSED_AT("fpstate-misaligned", E_F_FP_MISALIGNED,
		   "fpstate 8 bytes off its alignment: SIGSEGV, everything "
		   "at init"),
	{
		.family = "forge",
		.name = "random",
		.summary = "one to three random mutations (from the run's seed) "
			   "of what sigreturn checks: taken or refused, every "
			   "register is zero, init, or its own value of the "
			   "pre-signal state, the handler's or the edit's",
		.rule = "X-SR-10",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL_MAYBE(3, E_F_RANDOM, 4),
			TRAP, READ, END },
		.drop = 2, .drop_class = "stale",
		.fuzz = 1,
	},
};

const struct fpabi_family x86_family_forge = {
	"forge", cases, sizeof(cases) / sizeof(cases[0])
};
