// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 task histories (--tier full, /h=NAME): preludes that put the
 * kernel's FP bookkeeping (the registers live or only in fpstate,
 * TIF_NEED_FPU_LOAD, fpstate written by ptrace or sigreturn) into a named
 * state before a case's own steps.  Their loads are phases HIST_PHASE and
 * on, so a prelude value seen later is named as the prelude's: stale.
 */
#include "fpabi/x86_64-case.h"
#include "x86.h"

#define P0	HIST_PHASE
#define P1	(HIST_PHASE + 1)

const struct fpabi_history x86_histories[] = {
	{ "live", "the registers loaded, no syscall since",
	  (const struct fpabi_step[]){ LOAD(P0), END }, 0, VSET_ALL, 0 },
	{ "after-syscall", "the registers loaded, then a syscall",
	  (const struct fpabi_step[]){ LOAD(P0), SYSCALL(SC_GETPID), END },
	  0, VSET_ALL, 0 },
	{ "switched-out", "the registers loaded, then a ptrace stop",
	  (const struct fpabi_step[]){ LOAD(P0), TRAP, END }, 0, VSET_ALL, 1 },
	{ "after-sigreturn", "a signal whose handler loads other values",
	  (const struct fpabi_step[]){ LOAD(P0), SIGNAL(P1, E_NONE, 0), END },
	  0, VSET_ALL, 0 },
	{ "after-xstate-write", "an NT_X86_XSTATE write at a stop",
	  (const struct fpabi_step[]){ LOAD(P0), TRAP, WRITE(P1, W_XSTATE),
		END }, NEED_XSAVE, VSET_ALL, 1 },
	{ "after-fork", "a fork child made from the loaded registers",
	  (const struct fpabi_step[]){ LOAD(P0), FORK(SC_FORK), END },
	  0, VSET_ALL, 0 },
	{ NULL, NULL, NULL, 0, 0, 0 }
};
