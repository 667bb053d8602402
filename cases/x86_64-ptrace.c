// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 ptrace families: NT_X86_XSTATE and NT_PRFPREG read at a
 * breakpoint stop (X-PT-1, X-PT-3), and written then resumed (X-PT-2,
 * X-PT-4, X-PT-5): the tracee's own dump and a fresh read must agree;
 * malformed and odd-sized writes refused or cut as the kernel's source
 * says, and a refused write changing nothing (X-PT-6..11).
 */
#include "fpabi/case.h"
#include "fpabi/platform.h"
#include "fpabi/x86_64-case.h"

static const struct fpabi_step read_at_trap[] = {
	LOAD(1), TRAP, READ, STORE, END
};

static const struct fpabi_case read_cases[] = {
	{
		.family = "ptrace-read",
		.name = "at-breakpoint",
		.summary = "NT_X86_XSTATE and NT_PRFPREG at an int3 stop hold "
			   "what the tracee loaded, in the documented layout, "
			   "with components at init shown as init",
		.rule = "X-PT-3",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
		.steps = read_at_trap,
		.drop = 2, .drop_class = "poison",
	},
};

static const struct fpabi_step write_xstate[] = {
	LOAD(1), TRAP, READ, WRITE(2, W_XSTATE), READ, STORE, END
};
static const struct fpabi_step write_legacy_bv[] = {
	LOAD(1), TRAP, READ, WRITE(2, W_XSTATE_LEGACY), READ, STORE, END
};
static const struct fpabi_step write_fpregs[] = {
	LOAD(1), TRAP, READ, WRITE(2, W_FPREGS), READ, STORE, END
};

/*
 * Malformed and odd-sized regset writes at a stop (X-PT-6..11): each is
 * refused with the errno the kernel's source gives, or (lengths past the
 * regset, cut by ptrace_regset()) accepted.  The written buffer is a whole
 * phase-2 image, so a wrongly accepted write shows as phase-2 values; a
 * refused one must leave the fresh read and the tracee's dump at phase 1.
 * Fault injection drops the write: a refusal the kernel did not give is
 * reported (unknown: the kernel's answer); an accepted write not made
 * leaves phase-1 values (stale).
 */
#define REJECT_STEPS(kind) \
	((const struct fpabi_step[]){ LOAD(1), TRAP, READ, WRITE(2, kind), \
				      READ, STORE, END })
/*
 * Before 5.14 xfpregs_set() took partial writes and both setters masked
 * MXCSR's reserved bits instead of refusing them; 5.14 merged "x86/fpu:
 * Rewrite xfpregs_set()", "x86/fpu: Fail ptrace() requests that try to set
 * invalid MXCSR values" and "x86/fpu: Reject invalid MXCSR values in
 * copy_kernel_to_xstate()".  The old rules are not modelled.
 */
#define MALFORMED_KVER	.min_kver = KVER(5, 14),			\
	.min_kver_why = "kernel before 5.14: malformed regset writes were " \
			"masked, not refused (not modelled)"
#define REJECT(nm, kind, rl, nd, sum) {					\
	.family = "ptrace-write", .name = nm, .summary = sum,		\
	.rule = rl, .needs = NEED_XSAVE | (nd), .vset = VSET_DEFAULT,	\
	.steps = REJECT_STEPS(kind), .drop = 3, .drop_class = "unknown", \
	MALFORMED_KVER,							\
}
#define ACCEPT(nm, kind, rl, sum) {					\
	.family = "ptrace-write", .name = nm, .summary = sum,		\
	.rule = rl, .needs = NEED_XSAVE, .vset = VSET_DEFAULT,		\
	.steps = REJECT_STEPS(kind), .drop = 3, .drop_class = "stale",	\
	MALFORMED_KVER,							\
}


static const struct fpabi_case write_cases[] = {
	{
		.family = "ptrace-write",
		.name = "xstate",
		.summary = "an NT_X86_XSTATE write at a stop is what the tracee "
			   "holds when it resumes, and what a fresh read shows",
		.rule = "X-PT-5",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.steps = write_xstate,
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "ptrace-write",
		.name = "xstate-bv-x87-sse",
		.summary = "an NT_X86_XSTATE write with only the x87 and SSE "
			   "bits in XSTATE_BV puts every other component at init",
		.rule = "X-PT-5",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.steps = write_legacy_bv,
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "ptrace-write",
		.name = "fpregs",
		.summary = "an NT_PRFPREG write changes x87 and SSE state and "
			   "leaves AVX and AVX-512 state alone",
		.rule = "X-PT-2",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
		.steps = write_fpregs,
		.drop = 3, .drop_class = "stale",
	},
	REJECT("reject-xstate-bv-outside-xcr0", W_XS_BV_OUTSIDE, "X-PT-6", 0,
	       "NT_X86_XSTATE with an XSTATE_BV bit outside XCR0: EINVAL, "
	       "nothing changes"),
	REJECT("reject-xstate-bv-supervisor", W_XS_BV_SUPERVISOR, "X-PT-6", 0,
	       "NT_X86_XSTATE with XSTATE_BV bit 11 (CET_U, supervisor "
	       "state): EINVAL, nothing changes"),
	REJECT("reject-xstate-bv-bit63", W_XS_BV_BIT63, "X-PT-6", 0,
	       "NT_X86_XSTATE with XSTATE_BV bit 63: EINVAL, nothing changes"),
	REJECT("reject-xstate-xcomp-bv", W_XS_XCOMP, "X-PT-6", 0,
	       "NT_X86_XSTATE in compacted form (xcomp_bv bit 63 and the "
	       "features): EINVAL, nothing changes"),
	REJECT("reject-xstate-reserved-first", W_XS_RSVD_FIRST, "X-PT-6", 0,
	       "NT_X86_XSTATE with header byte 16 (first reserved) "
	       "non-zero: EINVAL, nothing changes"),
	REJECT("reject-xstate-reserved-last", W_XS_RSVD_LAST, "X-PT-6", 0,
	       "NT_X86_XSTATE with header byte 63 (last reserved) "
	       "non-zero: EINVAL, nothing changes"),
	REJECT("reject-xstate-mxcsr", W_XS_MXCSR, "X-PT-7", 0,
	       "NT_X86_XSTATE with an MXCSR bit outside MXCSR_MASK: "
	       "EINVAL, nothing changes"),
	REJECT("reject-xstate-mxcsr-bv-sse", W_XS_MXCSR_SSE, "X-PT-7", 0,
	       "the same with XSTATE_BV = SSE only (no x87): EINVAL"),
	REJECT("reject-xstate-mxcsr-bv-avx", W_XS_MXCSR_YMM, "X-PT-7", NEED_AVX,
	       "the same with XSTATE_BV = AVX only: EINVAL"),
	REJECT("reject-xstate-len-0", W_XS_LEN_0, "X-PT-8", 0,
	       "NT_X86_XSTATE with iov_len 0: EFAULT, nothing changes"),
	REJECT("reject-xstate-len-8", W_XS_LEN_8, "X-PT-8", 0,
	       "NT_X86_XSTATE with iov_len 8 (below the legacy area): "
	       "EFAULT, nothing changes"),
	REJECT("reject-xstate-len-512", W_XS_LEN_512, "X-PT-8", 0,
	       "NT_X86_XSTATE of the legacy area only: EFAULT, nothing "
	       "changes"),
	REJECT("reject-xstate-len-576", W_XS_LEN_576, "X-PT-8", 0,
	       "NT_X86_XSTATE of the legacy area and header: EFAULT, "
	       "nothing changes"),
	REJECT("reject-xstate-len-short", W_XS_LEN_SHORT, "X-PT-8", 0,
	       "NT_X86_XSTATE 64 bytes short of the XSAVE size: EFAULT, "
	       "nothing changes"),
	REJECT("reject-xstate-len-unaligned", W_XS_LEN_UNALIGNED, "X-PT-8", 0,
	       "NT_X86_XSTATE with iov_len not a multiple of 8: EINVAL, "
	       "nothing changes"),
	ACCEPT("xstate-len-long", W_XS_LEN_LONG, "X-PT-8",
	       "NT_X86_XSTATE 8 bytes longer than the XSAVE size: cut and "
	       "accepted, reads back as written"),
	ACCEPT("xstate-len-huge", W_XS_LEN_HUGE, "X-PT-8",
	       "NT_X86_XSTATE 4096 bytes longer: cut and accepted, the "
	       "bytes past the size ignored"),
	REJECT("reject-fpregs-len-0", W_FP_LEN_0, "X-PT-9", 0,
	       "NT_PRFPREG with iov_len 0: EINVAL, nothing changes"),
	REJECT("reject-fpregs-len-416", W_FP_LEN_416, "X-PT-9", 0,
	       "NT_PRFPREG without bytes 416-511: EINVAL, nothing changes"),
	REJECT("reject-fpregs-len-504", W_FP_LEN_504, "X-PT-9", 0,
	       "NT_PRFPREG 8 bytes short: EINVAL, nothing changes"),
	REJECT("reject-fpregs-len-unaligned", W_FP_LEN_UNALIGNED, "X-PT-9", 0,
	       "NT_PRFPREG with iov_len 516: EINVAL, nothing changes"),
	ACCEPT("fpregs-len-long", W_FP_LEN_LONG, "X-PT-9",
	       "NT_PRFPREG with iov_len 520: cut to 512 and accepted"),
	REJECT("reject-fpregs-mxcsr", W_FP_MXCSR, "X-PT-9", 0,
	       "NT_PRFPREG with an MXCSR bit outside MXCSR_MASK: EINVAL, "
	       "nothing changes"),
	REJECT("reject-prxfpreg", W_PRXFPREG, "X-PT-10", 0,
	       "NT_PRXFPREG (32-bit view only) on a 64-bit tracee: EINVAL, "
	       "nothing changes"),
	{
		.family = "ptrace-write",
		.name = "random",
		.summary = "one to three random header, MXCSR and length "
			   "mutations (from the run's seed) of a full write: "
			   "every register its old value, the written one, "
			   "zero or init",
		.rule = "X-PT-12",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), TRAP, READ,
			WRITE(3, W_RANDOM), READ, STORE, END },
		.drop = 2, .drop_class = "stale",
		.fuzz = 1,
		MALFORMED_KVER,
	},
};

const struct fpabi_family x86_family_ptrace_read = {
	"ptrace-read", read_cases, sizeof(read_cases) / sizeof(read_cases[0])
};
const struct fpabi_family x86_family_ptrace_write = {
	"ptrace-write", write_cases, sizeof(write_cases) / sizeof(write_cases[0])
};
