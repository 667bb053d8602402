// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 kernel's FPU/XSAVE branch variables (fpabi/axes.h,
 * `fpabi list --axes`): each with the kernel functions that decide by it,
 * how fpabi sets it and how a run proves it.
 */
#include <stddef.h>

#include "fpabi/axes.h"

#define CORE	"arch/x86/kernel/fpu/core.c"
#define SIGNAL	"arch/x86/kernel/fpu/signal.c"
#define XSTATE	"arch/x86/kernel/fpu/xstate.c"
#define XSTATEH	"arch/x86/kernel/fpu/xstate.h"
#define REGSET	"arch/x86/kernel/fpu/regset.c"
#define CONTEXT	"arch/x86/kernel/fpu/context.h"
#define TRAPS	"arch/x86/kernel/traps.c"

/*
 * Why XFD, the AMX permission and the fpstate size are on no matrix
 * axis: each has a second value only where XCR0 has TILEDATA.
 */
#define AMX_ONLY							\
	"no matrix axis: one value on a CPU without AMX, where user space "	\
	"cannot set another (xstate.c: fpu__init_system_xstate() arms XFD "	\
	"only for the dynamic features XCR0 has (X86_FEATURE_XFD), "	\
	"xstate_request_perm() refuses a TILEDATA that "			\
	"fpu_user_cfg.max_features lacks, so fpstate_realloc() never "	\
	"grows the fpstate); on an AMX CPU the amx family "		\
	"(cases/x86_64-amx.c) sets and proves both values: the first-use "	\
	"#NM, ARCH_GET_XCOMP_PERM, the frame's xstate_size"

/*
 * XINUSE of one component: SDM vol. 1, 13.6 and 13.7: XSAVEOPT/XSAVES
 * (os_xsave()) write XSTATE_BV[i] = XINUSE[i]; the kernel then copies or
 * initialises by that bit.
 */
#define XINUSE(comp, loadbv)						\
	{								\
		.name = "XINUSE." comp,					\
		.what = "the CPU's in-use bit of " comp ", as "		\
			"XSTATE_BV in the saved fpstate",		\
		.values = { "0 (init)", "1 (in use)" },			\
		.reads = {						\
			{ XSTATE, "__copy_xstate_to_uabi_buf", "bit clear: "\
			  "init_fpstate's values or zeroes, not fpstate's" },\
			{ SIGNAL, "copy_fpstate_to_sigframe", "the frame is "\
			  "the CPU's XSAVE: the bit as XINUSE" },	\
			{ SIGNAL, "__fpu_restore_sig", "sigreturn's XRSTOR "\
			  "initialises a clear bit" },			\
			{ CORE, "save_fpregs_to_fpstate", "os_xsave(): "	\
			  "XSAVEOPT/XSAVES skip a component in init" },	\
		},							\
		.set = "0: a variant whose loads' XSTATE_BV leaves "	\
		       comp " out (XRSTOR initialises it); 1: " loadbv,	\
		.proof = "XSTATE_BV in every NT_X86_XSTATE read and "	\
			 "signal frame (x86_prove_init_read, "		\
			 "x86_prove_init_frame: a set bit is legal, and "\
			 "proves nothing of the init path)",		\
		.apart = "the other components' bits: the subsets load "\
			 "them apart",					\
		.crossed = "regset-write, signal-edit, event-*: XSTATE_BV "\
			   "subset",					\
	}

static const struct fpabi_axis_def rows[] = {
	{
		.name = "TIF_NEED_FPU_LOAD",
		.what = "thread flag: the registers do not hold the task's "
			"state, fpstate does (reload at return to user)",
		.values = { "clear", "set" },
		.reads = {
			{ CORE, "switch_fpu_return", "set: "
			  "fpregs_restore_userregs()" },
			{ CONTEXT, "fpregs_restore_userregs", "set: XRSTOR "
			  "unless fpregs_state_valid()" },
			{ SIGNAL, "copy_fpstate_to_sigframe", "clear: XSAVE the "
			  "live registers to the frame; set: reload first" },
			{ SIGNAL, "__fpu_restore_sig", "clear: restore "
			  "straight into the registers" },
			{ CORE, "fpu_sync_fpstate", "clear: save before a "
			  "regset read (ptrace of a running tracee's state)" },
			{ CORE, "fpregs_lock_and_load", "set: load before an "
			  "in-kernel edit" },
			{ CORE, "kernel_fpu_begin_mask", "clear: save the "
			  "registers to fpstate and set it (the kernel's own "
			  "FPU use in the task's syscall); set: no save" },
		},
		.set = "clear: no stop and no switch since the load (the "
		       "unobserved twins, untraced: no signal-delivery stop "
		       "either); set: a ptrace stop (TRAP, and the "
		       "signal-delivery stop of every traced signal), a yield "
		       "to a competitor, the kernel's own FPU use in a "
		       "syscall (urandom-write: BLAKE2s in SIMD under "
		       "kernel_fpu_begin(), lib/crypto/x86/blake2s.h, where "
		       "the CPU has SSSE3; its use is the kernel's, not "
		       "proven per cell)",
		.proof = "clear: the tracee's own ru_nvcsw and ru_nivcsw "
			 "unchanged and one CPU across the window; set: the "
			 "stop the tracer saw, or the switch counts grown",
		.apart = "the fpregs owner: after a switch TIF_NEED_FPU_LOAD "
			 "is set while the registers may still be valid (no "
			 "other FPU user on the CPU): no XRSTOR",
		.crossed = "regset-write: stop; signal-edit, event-*: window "
			   "(set at every traced cell's event: a stop switched the "
			   "tracee out; clear in the unobserved twins: the signal "
			   "family's, and at tier full those of the default cells "
			   "of event-signal and signal-edit, whose frame is saved "
			   "from the live registers); set inside the syscall by "
			   "the kernel's FPU use: syscall.preserve and "
			   "event-syscall's urandom-write, live (untraced twins, "
			   "no window: kernel_fpu_begin() saves) and after a stop "
			   "(set already: no save), a write of two pages, so "
			   "cond_resched() can switch it out with the flag set)",
	},
	{
		.name = "fpregs owner",
		.what = "per-CPU fpu_fpregs_owner_ctx: whose fpstate the "
			"CPU's registers hold",
		.values = { "this task", "another context" },
		.reads = {
			{ CONTEXT, "fpregs_state_valid", "owner == fpstate "
			  "and last_cpu == this CPU: skip the XRSTOR" },
			{ CONTEXT, "fpregs_activate", "sets it at a load" },
			{ CORE, "kernel_fpu_begin_mask", "in-kernel FPU use "
			  "invalidates it" },
		},
		.set = "this task: a switch with nothing else FP on the "
		       "CPU; another context: a competitor that loads its "
		       "own registers on the tracee's CPU and runs there "
		       "while the tracee is stopped (EVICT), or the kernel's "
		       "own FPU use in the task's syscall (urandom-write: "
		       "kernel_fpu_begin() invalidates it; io-uring-write: "
		       "the task's io-wq worker, cloned in the syscall "
		       "(fpu_clone()'s minimal branch), writes the same "
		       "under kernel_fpu_begin() as a PF_USER_WORKER, "
		       "which saves nothing, while the task waits; not "
		       "proven per cell)",
		.proof = "another context: the competitor's run time "
			 "(/proc/PID/schedstat) grown during the stop, on the "
			 "CPU the tracee stopped on (the evict step's proof: "
			 "else retried, then SKIP); this task: the tracee's "
			 "switch counts with no competitor",
		.apart = "TIF_NEED_FPU_LOAD (see there)",
		.crossed = "event-syscall, event-signal, event-exec, "
			   "event-fork, signal-edit: window (this task: "
			   "switched-out, a switch with nothing else FP on the "
			   "CPU, not proven per cell; another context: "
			   "evicted, a competitor at SCHED_IDLE with its "
			   "canaries in every register runs on the tracee's "
			   "CPU while it is stopped, proven per cell); "
			   "the sched family's competitor cases set it too, "
			   "proven by their switch counts",
	},
	{
		.name = "last_cpu",
		.what = "fpu->last_cpu: the CPU the task's registers were "
			"last loaded on",
		.values = { "this CPU", "another CPU" },
		.reads = {
			{ CONTEXT, "fpregs_state_valid", "another CPU: reload" },
			{ CONTEXT, "__fpu_invalidate_fpregs_state", "-1: force "
			  "the reload (a ptrace write)" },
		},
		.set = "another CPU: a migration at a stop (MIGRATE) or "
		       "while running (MIGRATE_RUNNING)",
		.proof = "sched_getcpu() in the tracee before and after, the "
			 "step's own proof that the CPU changed",
		.apart = "the fpregs owner: a migration back to a CPU whose "
			 "registers are still the task's",
		.crossed = "regset-write: stop (migrated); signal-edit, "
			   "event-*: window (migrated)",
	},
	XINUSE("x87", "any load (FCW is never init after fninit + "
	       "the loads' own values)"),
	XINUSE("SSE", "the loads of XMM and MXCSR"),
	XINUSE("AVX", "the variants that load YMM"),
	XINUSE("opmask", "the AVX-512 variants"),
	XINUSE("ZMM_Hi256", "the AVX-512 variants that load zmm0-15"),
	XINUSE("Hi16_ZMM", "the AVX-512 variants that load zmm16-31"),
	XINUSE("PKRU", "a non-zero PKRU (__copy_xstate_to_uabi_buf() sets "
	       "the bit when thread.pkru is not 0)"),
	XINUSE("TILEDATA", "an AMX load after ARCH_REQ_XCOMP_PERM"),
	{
		.name = "XFD",
		.what = "fpstate->xfd: TILEDATA armed (the first use takes "
			"#NM) or disarmed",
		.values = { "armed", "disarmed" },
		.reads = {
			{ TRAPS, "handle_xfd_event", "armed: permission "
			  "decides SIGILL or a larger fpstate" },
			{ XSTATEH, "xfd_update_state", "MSR_IA32_XFD at the "
			  "switch" },
			{ XSTATE, "__xfd_enable_feature", "disarms it" },
			{ REGSET, "xstateregs_set", "armed: a TILEDATA bit is "
			  "EINVAL (not in the current features)" },
		},
		.set = "armed: no AMX instruction since exec; disarmed: an "
		       "AMX load with permission",
		.proof = "the frame's fx_sw_reserved.xfeatures (TILEDATA only "
			 "once disarmed), the SIGILL of an AMX load without "
			 "permission",
		.apart = "the permission: permitted and still armed until the "
			 "first use",
		.crossed = AMX_ONLY,
	},
	{
		.name = "AMX permission",
		.what = "fpu->perm.__state_perm: ARCH_REQ_XCOMP_PERM granted "
			"TILEDATA to the process",
		.values = { "not permitted", "permitted" },
		.reads = {
			{ XSTATE, "xstate_request_perm", "already: 0; the "
			  "sigaltstacks too small: ENOSPC" },
			{ XSTATE, "__xfd_enable_feature", "not permitted: "
			  "SIGILL at the #NM" },
			{ SIGNAL, "fpu__alloc_mathframe", "the frame's size" },
			{ "arch/x86/kernel/signal.c", "sigaltstack_size_valid",
			  "permitted: the larger frame checked" },
			{ CORE, "fpu_clone", "fork copies it, exec clears it" },
		},
		.set = "permitted: the tracee's ARCH_REQ_XCOMP_PERM at start "
		       "on a machine with AMX",
		.proof = "ARCH_GET_XCOMP_PERM",
		.apart = "XFD (see there)",
		.crossed = AMX_ONLY,
	},
	{
		.name = "fpstate size",
		.what = "fpu->fpstate->size, user_size: the default fpstate "
			"or the larger one of a task with TILEDATA",
		.values = { "default", "with TILEDATA" },
		.reads = {
			{ SIGNAL, "save_sw_bytes", "xstate_size, extended_size "
			  "of the frame" },
			{ SIGNAL, "check_xstate_in_sigframe", "xstate_size "
			  "above user_size: the FX-only fallback" },
			{ SIGNAL, "copy_fpstate_to_sigframe", "how much the "
			  "frame holds" },
			{ XSTATE, "fpstate_realloc", "grows it at the first AMX "
			  "use" },
			{ REGSET, "xstateregs_get", "the read's extent" },
		},
		.set = "with TILEDATA: an AMX load after permission; default: "
		       "every other task, and after exec",
		.proof = "fx_sw_reserved.xstate_size and the MAGIC2 offset in "
			 "the frame",
		.apart = "XFD: a disarmed task keeps the larger fpstate",
		.crossed = AMX_ONLY,
	},
	{ .name = NULL },
};

const struct fpabi_axes x86_axes = {
	.source = "Linux 7.3 (the research catalogue's reading of Debian "
		  "linux-source-7.3, research/abi-rules.md); the functions "
		  "checked against the index's arch/x86/kernel/fpu/core.c of "
		  "the fpregs_restore_userregs() era",
	.rows = rows,
};
