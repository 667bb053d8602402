// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 syscall family: every user xstate component, every lane, survives
 * a syscall, including ones that switch the task out (X-SYS-1).
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/x86_64-case.h"

/*
 * Phase 1 is loaded and stored first, so that if the phase-2 load or the
 * syscall went wrong, what is left shows as phase 1 (stale), not as noise.
 */
static const struct fpabi_step preserve[] = {
	LOAD(1), STORE, LOAD(2), SYSCALL(0), STORE, END
};

static const struct fpabi_case cases[] = {
	{
		.family = "syscall",
		.name = "preserve",
		.summary = "x87, SSE, AVX, AVX-512 and PKRU state is unchanged "
			   "by a syscall, also when the task sleeps in it",
		.rule = "X-SYS-1",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* urandom-write: the kernel's own FPU use in the syscall
		 * (kernel_fpu_begin() saves the registers, sets
		 * TIF_NEED_FPU_LOAD, and the return restores them);
		 * io-uring-write: an io-wq worker cloned from the task in
		 * the syscall (fpu_clone()'s minimal branch) uses the FPU
		 * in the kernel (PF_USER_WORKER: nothing of its to save)
		 * while the task waits */
		.params = { SC_GETPID, SC_SCHED_YIELD, SC_PIPE_READ,
			    SC_NANOSLEEP, SC_URANDOM_WRITE, SC_IOURING_WRITE },
		.steps = preserve,
		.drop = 2, .drop_class = "stale",
	},
};

const struct fpabi_family x86_family_syscall = {
	"syscall", cases, sizeof(cases) / sizeof(cases[0])
};
