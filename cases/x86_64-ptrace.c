// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 ptrace families: NT_X86_XSTATE and NT_PRFPREG read at a
 * breakpoint stop (X-PT-1, X-PT-3), and written then resumed (X-PT-2,
 * X-PT-4, X-PT-5): the tracee's own dump and a fresh read must agree.
 */
#include "fpabi/case.h"
#include "../src/arch/x86_64/x86.h"

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
		.steps = write_fpregs,
		.drop = 3, .drop_class = "stale",
	},
};

const struct fpabi_family x86_family_ptrace_read = {
	"ptrace-read", read_cases, sizeof(read_cases) / sizeof(read_cases[0])
};
const struct fpabi_family x86_family_ptrace_write = {
	"ptrace-write", write_cases, sizeof(write_cases) / sizeof(write_cases[0])
};
