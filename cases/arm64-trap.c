// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 first-use SVE access trap family: after a syscall (or an AdvSIMD
 * write) discarded the SVE state, the next SVE instruction traps, and what
 * the tracee and the regsets see afterwards is V in Z[127:0] and zero above,
 * never the bytes a stop saved earlier (A-SYS-3).  The stop before the
 * syscall writes this task's phase-1 SVE state to the kernel's buffer, so
 * a trap handler that let that buffer show through is caught as "stale".
 * A stop after the syscall proves the trap comes (PRE_A64_SVE_OFF):
 * NT_ARM_SVE in FPSIMD form there, the form the stop saved, means TIF_SVE
 * was clear, and the read changes nothing.  (A kernel that keeps TIF_SVE
 * across a syscall that did not switch, as 6.12 and 7.3 do, takes no trap:
 * the instance SKIPs, not proven.  The unobserved twins run the same
 * syscall and store with no stop between, where it cannot be seen.)
 * A blocking syscall discards the SVE state only where another task's FP
 * state evicts the tracee's meanwhile (7.3: the save is FPSIMD-only,
 * task_fpsimd_load() then clears TIF_SVE; a state still live on the CPU
 * is never reloaded and keeps it): an idle competitor on the tracee's
 * CPU, which runs whenever the tracee blocks or stops, makes that sure.
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/arm64-case.h"

static const struct fpabi_step after_syscall[] = {
	LOAD(1), TRAP, READ, SYSCALL(0), TRAP, READ, STORE, TRAP, READ, END
};
static const struct fpabi_step after_fpsimd[] = {
	LOAD(1), TRAP, READ, SYSCALL(0), LOADK(2, L_FPSIMD), TRAP, READ, STORE,
	TRAP, READ, END
};

static const struct fpabi_case cases[] = {
	{
		.family = "trap",
		.name = "after-syscall",
		.summary = "the first SVE instruction after a syscall sees V in "
			   "Z[127:0] and zero above; P and FFR zero; regsets agree",
		.rule = "A-SYS-3",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.params = { SC_GETPID, SC_PIPE_READ },
		.steps = after_syscall,
		.pre = PRE_A64_SVE_OFF,
		.competitor = COMP_IDLE,
		.drop = 2, .drop_class = "poison",
	},
	{
		.family = "trap",
		.name = "after-fpsimd-write",
		.summary = "after a syscall and an AdvSIMD-only load, the first "
			   "SVE instruction sees the new V and zero above it",
		.rule = "A-SYS-3",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.params = { SC_PIPE_READ },
		.steps = after_fpsimd,
		.pre = PRE_A64_SVE_OFF,
		.competitor = COMP_IDLE,
		.drop = 4, .drop_class = "stale",
	},
};

const struct fpabi_family a64_family_trap = {
	"trap", cases, sizeof(cases) / sizeof(cases[0])
};
