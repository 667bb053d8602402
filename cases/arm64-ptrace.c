// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 ptrace families: NT_PRFPREG, NT_ARM_SVE (and the inactive
 * NT_ARM_SSVE) read at a brk stop (A-PT-1, 3, 5, 6, 7), and written in every
 * shape then resumed (A-PT-4, 12, 13, 14): a fresh read and the tracee's
 * own dump must agree with the model.
 */
#include "fpabi/case.h"
#include "../src/arch/arm64/a64.h"

static const struct fpabi_step read_at_brk[] = {
	LOAD(1), TRAP, READ, STORE, END
};

static const struct fpabi_case read_cases[] = {
	{
		.family = "ptrace-read",
		.name = "at-breakpoint",
		.summary = "at a brk stop NT_PRFPREG and NT_ARM_SVE hold what the "
			   "tracee loaded, with a consistent header, zero padding "
			   "and nothing written past their size",
		.rule = "A-PT-6",
		.vset = VSET_ALL,
		.steps = read_at_brk,
		.drop = 2, .drop_class = "poison",
	},
};

#define WRITE_CASE(nm, kind, r, sum)					\
	{								\
		.family = "ptrace-write",				\
		.name = nm,						\
		.summary = sum,						\
		.rule = r,						\
		.needs = NEED_SVE,					\
		.vset = VSET_ALL,					\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), TRAP, READ, WRITE(2, kind), READ,	\
			STORE, END },					\
		.drop = 3, .drop_class = "stale",			\
	}

static const struct fpabi_case write_cases[] = {
	WRITE_CASE("sve", W_SVE, "A-PT-13",
		   "an SVE-format NT_ARM_SVE write is what the tracee holds "
		   "when it resumes, and what a fresh read shows"),
	WRITE_CASE("fpsimd-format", W_FPSIMD, "A-PT-12",
		   "an FPSIMD-format NT_ARM_SVE write sets V, FPSR, FPCR and "
		   "leaves no SVE bits: Z above 127, P and FFR zero"),
	WRITE_CASE("prfpreg", W_PRFPREG, "A-PT-4",
		   "an NT_PRFPREG write sets V, FPSR and FPCR and zeroes the "
		   "live SVE bits"),
	WRITE_CASE("sve-half", W_SVE_HALF, "A-PT-13",
		   "an NT_ARM_SVE write with Z0-Z15 only: the rest is zero "
		   "(6.16+) or keeps V, FPSR, FPCR (before 6.16)"),
	{
		.family = "ptrace-write",
		.name = "sve-header-only",
		.summary = "a header-only SVE-format NT_ARM_SVE write: all zero "
			   "(6.16+) or V, FPSR, FPCR kept (before 6.16)",
		.rule = "A-PT-13",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ, WRITE(2, W_SVE_HEADER), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "ptrace-write",
		.name = "fpsimd-header-only",
		.summary = "a header-only FPSIMD-format NT_ARM_SVE write: all "
			   "zero (6.16+) or V, FPSR, FPCR kept (before 6.16)",
		.rule = "A-PT-12",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ, WRITE(2, W_FPSIMD_HEADER), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "ptrace-write",
		.name = "prfpreg-fpsimd-only",
		.summary = "NT_PRFPREG written on a machine or state without SVE "
			   "sets V, FPSR and FPCR",
		.rule = "A-PT-4",
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOADK(1, L_FPSIMD), TRAP, READ, WRITE(2, W_PRFPREG),
			READ, STORE, END },
		.drop = 3, .drop_class = "stale",
	},
};

const struct fpabi_family a64_family_ptrace_read = {
	"ptrace-read", read_cases, sizeof(read_cases) / sizeof(read_cases[0])
};
const struct fpabi_family a64_family_ptrace_write = {
	"ptrace-write", write_cases, sizeof(write_cases) / sizeof(write_cases[0])
};
