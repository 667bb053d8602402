// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 task histories (--tier full, /h=NAME): preludes that put the
 * kernel's FP bookkeeping (TIF_SVE, the saved state's format, SVCR, the
 * state's place: live in the CPU or only in memory) into a named state
 * before a case's own steps.  Their loads are phases HIST_PHASE and on,
 * so a prelude value seen later is named as the prelude's: stale.
 */
#include "fpabi/arm64-case.h"
#include "a64.h"

#define P0	HIST_PHASE
#define P1	(HIST_PHASE + 1)

const struct fpabi_history a64_histories[] = {
	/* SVE (or, without SVE, FPSIMD) in use since the last syscall: the
	 * state live in the CPU, TIF_SVE set */
	{ "sve-live", "the registers loaded, no syscall since",
	  (const struct fpabi_step[]){ LOAD(P0), END }, 0, VSET_ALL, 0 },
	/* then a syscall: the upper bits discarded, TIF_SVE clear */
	{ "sve-discarded", "the registers loaded, then a syscall",
	  (const struct fpabi_step[]){ LOAD(P0), SYSCALL(SC_GETPID), END },
	  0, VSET_ALL, 0 },
	/* a syscall, then FPSIMD only: the FPSIMD state live */
	{ "fpsimd-live", "a syscall, then only V, FPSR and FPCR loaded",
	  (const struct fpabi_step[]){ LOAD(P0), SYSCALL(SC_GETPID),
		LOADK(P1, L_FPSIMD), END }, 0, VSET_ALL, 0 },
	/* switched out at a ptrace stop: the state only in memory */
	{ "switched-out", "the registers loaded, then a ptrace stop",
	  (const struct fpabi_step[]){ LOAD(P0), TRAP, END }, 0, VSET_ALL, 1 },
	/* right after a sigreturn: the state the frame held, restored */
	{ "after-sigreturn", "a signal whose handler loads other values",
	  (const struct fpabi_step[]){ LOAD(P0), SIGNAL(P1, E_NONE, 0), END },
	  0, VSET_ALL, 0 },
	/* right after an SVE-format regset write at a stop */
	{ "after-sve-write", "an NT_ARM_SVE write at a stop",
	  (const struct fpabi_step[]){ LOAD(P0), TRAP, WRITE(P1, W_SVE), END },
	  NEED_SVE, VSET_ALL, 1 },
	/* a clone's child was made from this state */
	{ "after-fork", "a fork child made from the loaded registers",
	  (const struct fpabi_step[]){ LOAD(P0), FORK(SC_FORK), END },
	  0, VSET_ALL, 0 },
	/* SME: streaming mode entered and left, ZA used and dropped,
	 * a syscall in the variant's mode */
	{ "sm-entered-left", "streaming mode entered and left again",
	  (const struct fpabi_step[]){ LOADK(P0, L_SMSTART_SM),
		LOADK(P0, L_SMSTOP_SM), END }, NEED_SME, VSET_SME, 0 },
	{ "za-entered-left", "ZA enabled and disabled again",
	  (const struct fpabi_step[]){ LOADK(P0, L_SMSTART_ZA),
		LOADK(P0, L_SMSTOP_ZA), END }, NEED_SME, VSET_SME, 0 },
	{ "sme-discarded", "the variant's state loaded, then a syscall",
	  (const struct fpabi_step[]){ LOAD(P0), SYSCALL(SC_GETPID), END },
	  NEED_SME, VSET_SME, 0 },
	{ "sme-after-sigreturn", "a signal in the variant's mode",
	  (const struct fpabi_step[]){ LOAD(P0), SIGNAL(P1, E_NONE, 0), END },
	  NEED_SME, VSET_SME, 0 },
	{ "sme-switched-out", "the variant's state, then a ptrace stop",
	  (const struct fpabi_step[]){ LOAD(P0), TRAP, END },
	  NEED_SME, VSET_SME, 1 },
	{ NULL, NULL, NULL, 0, 0, 0 }
};
