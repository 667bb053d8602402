// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 syscall family: a syscall keeps V (Z[127:0]), FPSR and FPCR and
 * zeroes Z above bit 127, every P and FFR (sve.rst section 3, A-SYS-1),
 * including syscalls that switch the task out.
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/arm64-case.h"

static const struct fpabi_step syscall_steps[] = {
	LOAD(1), STORE, LOAD(2), SYSCALL(0), STORE, END
};

static const struct fpabi_case cases[] = {
	{
		.family = "syscall",
		.name = "sve-zeroes-high",
		.summary = "after a syscall Z[127:0], FPSR and FPCR are kept; Z "
			   "above bit 127, P0-P15 and FFR are zero, never stale",
		.rule = "A-SYS-1",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		/* bpf-prog-load: the kernel's own NEON in the syscall
		 * (7.3: the program's tag, SHA-256 under
		 * kernel_neon_begin(), which saves the task's state and
		 * flushes the CPU's) */
		/* io-uring-write: an io-wq worker cloned from the task in
		 * the syscall (copy_thread()'s kernel-thread branch, the
		 * parent's state preserved first) runs while it waits */
		.params = { SC_GETPID, SC_SCHED_YIELD, SC_PIPE_READ,
			    SC_NANOSLEEP, SC_BPF_PROG_LOAD, SC_IOURING_WRITE },
		.steps = syscall_steps,
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "syscall",
		.name = "fpsimd-preserve",
		.summary = "V0-V31, FPSR and FPCR survive a syscall",
		.rule = "A-SYS-1",
		.vset = VSET_DEFAULT,
		.params = { SC_GETPID, SC_PIPE_READ },
		.steps = syscall_steps,
		.drop = 2, .drop_class = "stale",
	},
};

const struct fpabi_family a64_family_syscall = {
	"syscall", cases, sizeof(cases) / sizeof(cases[0])
};
