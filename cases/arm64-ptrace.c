// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 ptrace families: NT_PRFPREG, NT_ARM_SVE (and the inactive
 * NT_ARM_SSVE) read at a brk stop (A-PT-1, 3, 5, 6, 7), and written in every
 * shape then resumed (A-PT-4, 12, 13, 14): a fresh read and the tracee's
 * own dump must agree with the model; malformed writes (A-PT-22, 23, 24)
 * must get the kernel's errno and, when rejected, change nothing.
 */
#include "fpabi/case.h"
#include "fpabi/arm64-case.h"

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

/*
 * Malformed writes (regset.c, write_malformed()): a rejected write must
 * leave every register as it was (the READ after it and the tracee's
 * dump); dropping the write is then the missing errno ("unknown").
 */
#define REJECT_CASE(nm, kind, r, need, sum)				\
	{								\
		.family = "ptrace-write",				\
		.name = nm,						\
		.summary = sum,						\
		.rule = r,						\
		.needs = need,						\
		.vset = VSET_ALL,					\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), TRAP, READ, WRITE(2, kind), READ,	\
			STORE, END },					\
		.drop = 3, .drop_class = "unknown",			\
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
	REJECT_CASE("reject-sve-len0", W_REJ_SVE_LEN0, "A-PT-22", NEED_SVE,
		    "an NT_ARM_SVE write of 0 bytes is EINVAL and changes "
		    "nothing"),
	REJECT_CASE("reject-sve-below-header", W_REJ_SVE_SHORT, "A-PT-22",
		    NEED_SVE, "an NT_ARM_SVE write of 8 bytes is EINVAL and "
		    "changes nothing"),
	REJECT_CASE("reject-sve-unaligned", W_REJ_SVE_UNALIGNED, "A-PT-22",
		    NEED_SVE, "an NT_ARM_SVE write of the full payload less 8 "
		    "bytes is EINVAL and changes nothing"),
	REJECT_CASE("reject-sve-vl0", W_REJ_SVE_VL0, "A-PT-22", NEED_SVE,
		    "an NT_ARM_SVE write with vl 0 is EINVAL and changes "
		    "nothing"),
	REJECT_CASE("reject-sve-vl-invalid", W_REJ_SVE_VL_INVALID, "A-PT-22",
		    NEED_SVE, "an NT_ARM_SVE write with a vl not a multiple of "
		    "16 is EINVAL and changes nothing"),
	REJECT_CASE("reject-sve-flags", W_REJ_SVE_FLAGS, "A-PT-22", NEED_SVE,
		    "an NT_ARM_SVE write with an unknown flag bit is EINVAL "
		    "and changes nothing"),
	REJECT_CASE("reject-sve-vl-rounded", W_REJ_SVE_VL_ROUNDED, "A-PT-23",
		    NEED_SVE, "an NT_ARM_SVE payload whose vl the kernel rounds "
		    "(vl + 16 unsupported, or clamped to the largest) is EIO "
		    "after the VL is set: nothing else changes (before 6.16) "
		    "or everything is zero (6.16+)"),
	REJECT_CASE("reject-prfpreg-unaligned", W_REJ_FPR_UNALIGNED,
		    "A-PT-24", 0, "an NT_PRFPREG write of 526 bytes is EINVAL "
		    "and changes nothing"),
	WRITE_CASE("sve-above-full", W_SVE_ABOVE, "A-PT-22",
		   "an NT_ARM_SVE write 16 bytes longer than the payload is "
		   "accepted as the full write; the extra bytes are ignored"),
	WRITE_CASE("sve-bad-size", W_SVE_BAD_SIZE, "A-PT-22",
		   "an NT_ARM_SVE write whose header.size is bogus is accepted "
		   "as the full write: the kernel does not read it"),
	WRITE_CASE("sve-vl-rounded-header", W_SVE_VL_ROUNDED_HEADER,
		   "A-PT-23", "a header-only NT_ARM_SVE write whose vl the "
		   "kernel rounds sets that VL and is a header-only write"),
	{
		.family = "ptrace-write",
		.name = "prfpreg-short",
		.summary = "an NT_PRFPREG write of V0-V15 sets those, keeps "
			   "V16-V31, FPSR, FPCR and zeroes live SVE bits",
		.rule = "A-PT-24",
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ, WRITE(2, W_PRFPREG_SHORT), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "ptrace-write",
		.name = "random",
		.summary = "one to three random header, flag and length "
			   "mutations (from the run's seed) of a full write: "
			   "every register its old value, the written one, "
			   "zero or init",
		.rule = "A-PT-26",
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), TRAP, READ,
			WRITE(3, W_RANDOM), READ, STORE, END },
		.drop = 2, .drop_class = "stale",
		.fuzz = 1,
	},
};

const struct fpabi_family a64_family_ptrace_read = {
	"ptrace-read", read_cases, sizeof(read_cases) / sizeof(read_cases[0])
};
const struct fpabi_family a64_family_ptrace_write = {
	"ptrace-write", write_cases, sizeof(write_cases) / sizeof(write_cases[0])
};
