// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 rules catalogue (list --rules): every ABI rule the model
 * encodes, its text quoted from the documentation or the kernel's
 * behaviour, and the source that holds it.  Data only: the model, the
 * observers and the writes name rules by ID (rule_get()).
 */
#include "x86.h"

const struct fpabi_rule x86_rules[] = {
	{ "X-GEN-1", "user space only ever sees the standard (non-compacted) "
	  "XSAVE format; xcomp_bv is 0 in everything the kernel produces",
	  "arch/x86/kernel/fpu/xstate.c: __copy_xstate_to_uabi_buf()" },
	{ "X-GEN-3", "init values: FCW 0x037f, FSW 0, FTW 0, MXCSR 0x1f80, "
	  "MXCSR_MASK the CPU's, every extended component all zeros",
	  "arch/x86/kernel/fpu/xstate.c: setup_init_fpu_buf(); SDM vol. 1 13.6" },
	{ "X-SYS-1", "an ordinary syscall keeps all user xstate: x87, SSE, "
	  "AVX, AVX-512, PKRU",
	  "arch/x86/kernel/fpu/core.c: switch_fpu_return() restores lazily; "
	  "no zeroing on the syscall path" },
	{ "X-PT-1", "NT_PRFPREG is the 512-byte FXSAVE image of the task; "
	  "bytes 416-511 are zero",
	  "arch/x86/kernel/fpu/regset.c: xfpregs_get()" },
	{ "X-PT-2", "an NT_PRFPREG write of 512 bytes loads the x87 and SSE "
	  "state; the other components are unchanged",
	  "arch/x86/kernel/fpu/regset.c: xfpregs_set()" },
	{ "X-PT-3", "NT_X86_XSTATE is the task's user xstate in standard format, "
	  "of the largest user XSAVE size: bytes 416-463 zero, bytes 464-471 "
	  "the user XCR0, 472-511 zero, XSTATE_BV within XCR0, xcomp_bv and "
	  "the reserved header bytes zero, components whose XSTATE_BV bit is "
	  "clear and gaps between components zero-filled (x87/SSE at init)",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_get(); "
	  "xstate.c: __copy_xstate_to_uabi_buf()" },
	{ "X-PT-4", "an NT_X86_XSTATE write of the full size with a valid "
	  "header succeeds",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set(); "
	  "xstate.c: copy_uabi_to_xstate()" },
	{ "X-PT-5", "after an NT_X86_XSTATE write, components whose XSTATE_BV "
	  "bit is set hold the written values and the others are at init",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate()" },
	{ "X-PT-6", "an NT_X86_XSTATE write whose XSAVE header has XSTATE_BV "
	  "bits outside the task's user features (unknown, disabled or "
	  "supervisor), a non-zero xcomp_bv, or a non-zero reserved byte "
	  "fails with EINVAL",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate(), "
	  "validate_user_xstate_header()" },
	{ "X-PT-7", "an NT_X86_XSTATE write with x87, SSE or AVX in XSTATE_BV "
	  "and an MXCSR bit outside mxcsr_feature_mask (the CPU's MXCSR_MASK) "
	  "fails with EINVAL (5.14+)",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate(); "
	  "fpu/init.c: fpu__init_system_mxcsr()" },
	{ "X-PT-8", "an NT_X86_XSTATE write is the whole user XSAVE area: "
	  "iov_len not a multiple of 8 fails with EINVAL, a shorter one "
	  "(0 included) with EFAULT, a longer one is cut to the size and "
	  "accepted",
	  "kernel/ptrace.c: ptrace_regset(); "
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set()" },
	{ "X-PT-9", "an NT_PRFPREG write is 512 bytes: iov_len not a multiple "
	  "of 8 or shorter (0 included) fails with EINVAL, a longer one is cut "
	  "to 512 and accepted; an MXCSR bit outside mxcsr_feature_mask fails "
	  "with EINVAL (5.14+; before, partial writes were taken and MXCSR "
	  "masked)",
	  "kernel/ptrace.c: ptrace_regset(); "
	  "arch/x86/kernel/fpu/regset.c: xfpregs_set()" },
	{ "X-PT-13", "an NT_X86_XSTATE write whose XSTATE_BV has none of "
	  "x87, SSE and AVX leaves MXCSR as it was: it is neither validated "
	  "nor copied",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate() (\"Validate "
	  "MXCSR when any of the related features is in use\")" },
	{ "X-PT-14", "where the kernel keeps the state compacted (XSAVES), "
	  "an NT_X86_XSTATE write whose XSTATE_BV has no SSE leaves the task "
	  "MXCSR 0x1f80, whatever was written: the XRSTORS that loads the "
	  "state initialises SSE state, MXCSR with it (the standard-form "
	  "XRSTOR loads MXCSR whenever it restores SSE or AVX)",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate() (the kernel "
	  "header takes XSTATE_BV); SDM vol. 1 13.8 (\"the standard form of "
	  "XRSTOR treats MXCSR ... differently from the XMM registers\"); "
	  "CPUID.(EAX=0DH,ECX=1):EAX[3] (XSAVES)" },
	{ "X-PT-10", "NT_PRXFPREG belongs to the 32-bit regset view only: a "
	  "SETREGSET of it on a 64-bit tracee fails with EINVAL",
	  "arch/x86/kernel/ptrace.c: x86_64_regsets[] (REGSET32_XFP is in "
	  "x86_32_regsets[] only); kernel/ptrace.c: ptrace_regset()" },
	{ "X-PT-11", "a refused regset write changes nothing: a fresh read and "
	  "the tracee's registers after it resumes are as before the write",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set(), xfpregs_set() "
	  "validate before copying; xstate.c: copy_uabi_to_xstate()" },
	{ "X-PT-12", "whatever the kernel makes of a regset write with random "
	  "header, MXCSR and length mutations (taken, partly, or refused), "
	  "every register is its old value, the written one, zero or init: "
	  "nothing stale, foreign or misplaced",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set(), xfpregs_set(); "
	  "the rules X-PT-2..11" },
	{ "X-SIG-1", "a signal frame's uc_flags has UC_FP_XSTATE and its "
	  "fpstate is a 64-byte aligned XSAVE area",
	  "arch/x86/kernel/signal.c: get_sigframe(); "
	  "fpu/signal.c: fpu__alloc_mathframe()" },
	{ "X-SIG-2", "fx_sw_reserved: magic1 FP_XSTATE_MAGIC1, xstate_size the "
	  "task's XSAVE size, extended_size 4 more, xfeatures the task's user "
	  "features, zero padding; FP_XSTATE_MAGIC2 right after the area",
	  "arch/x86/kernel/fpu/signal.c: save_sw_bytes()" },
	{ "X-SIG-3", "the frame's XSAVE header: FP and SSE (and PKRU) bits set, "
	  "a bit for every live component, xcomp_bv and reserved bytes zero; "
	  "every register as it was when the signal came",
	  "arch/x86/kernel/fpu/signal.c: copy_fpstate_to_sigframe(), "
	  "save_xstate_epilog()" },
	{ "X-SIG-5", "the handler starts with every user component at init "
	  "and PKRU at init_pkru_value (0x55555554 by default)",
	  "arch/x86/kernel/signal.c: handle_signal(); "
	  "fpu/core.c: fpu__clear_user_states()" },
	{ "X-SR-3", "sigreturn restores the frame's components whose "
	  "XSTATE_BV bit is set and puts the others at init",
	  "arch/x86/kernel/fpu/signal.c: __restore_fpregs_from_user()" },
	{ "X-SIG-6", "a signal delivered asynchronously (an interval timer, "
	  "another thread) to a task running in user space: the handler "
	  "starts as X-SIG-5 says, and rt_sigreturn of the unedited frame "
	  "gives the interrupted code back every component it had, bit for "
	  "bit (X-SR-3); whatever the handler loaded never shows",
	  "Documentation/arch/x86/xstate.rst; arch/x86/kernel/signal.c: "
	  "handle_signal(); fpu/signal.c: copy_fpstate_to_sigframe(), "
	  "fpu__restore_sig()" },
	{ "X-SR-4", "a frame without FP_XSTATE_MAGIC1, or without "
	  "FP_XSTATE_MAGIC2 after its XSAVE area, is restored as an FXSAVE "
	  "frame: x87 and SSE from it, every other user component at init",
	  "arch/x86/kernel/fpu/signal.c: check_xstate_in_sigframe() (setfx), "
	  "__restore_fpregs_from_user() (fx_only, init_bv)" },
	{ "X-SR-5", "a frame whose XSAVE image the CPU refuses (xcomp_bv set, "
	  "reserved header bytes, XSTATE_BV beyond XCR0, MXCSR reserved bits) "
	  "or whose fpstate cannot be read or is misaligned: sigreturn raises "
	  "SIGSEGV and the task's user components are all at init, PKRU at "
	  "its default",
	  "arch/x86/kernel/fpu/signal.c: fpu__restore_sig() -> "
	  "fpu__clear_user_states(); arch/x86/kernel/signal_64.c: "
	  "rt_sigreturn badframe" },
	{ "X-SR-6", "fx_sw_reserved.xstate_size locates magic2 and must lie "
	  "between 576 and the task's XSAVE size (profile x86-6.14-7.0: "
	  "ignored, magic2 sought at the task's XSAVE size)",
	  "arch/x86/kernel/fpu/signal.c: check_xstate_in_sigframe(); commit "
	  "dc8aa31a7ac2 (6.14) and its revert 44eeff9bc467 (7.1, stable)" },
	{ "X-SR-7", "fx_sw_reserved.xfeatures chooses what sigreturn restores: "
	  "user components outside it go to init, bits outside the task's "
	  "features are ignored",
	  "arch/x86/kernel/fpu/signal.c: restore_fpregs_from_user() "
	  "(xrestore &= user_xfeatures), __restore_fpregs_from_user() "
	  "(init_bv)" },
	{ "X-SR-8", "a NULL fpstate pointer in the frame is not an error: "
	  "sigreturn puts every user component at init, PKRU at its default",
	  "arch/x86/kernel/fpu/signal.c: fpu__restore_sig() (!buf)" },
	{ "X-SR-9", "sigreturn does not check the frame's xcomp_bv: XRSTOR "
	  "takes a frame with xcomp_bv bit 63 set (on a CPU with XSAVEC) in the "
	  "compacted form, each component of XSTATE_BV read from its compacted "
	  "offset (fpabi's edit keeps key 0 accessible in PKRU's compacted "
	  "slot: that slot holds another component's bytes in the standard "
	  "form, and a PKRU denying key 0 would fault the task's next access "
	  "to its own memory); an xcomp_bv the CPU cannot take (a bit outside "
	  "XCR0) is refused as X-SR-5",
	  "arch/x86/kernel/fpu/signal.c: xrstor_from_user_sigframe() (no "
	  "header check, unlike ptrace's validate_user_xstate_header()); SDM "
	  "vol. 1 13.8" },
	{ "X-SR-10", "whatever sigreturn makes of a mutated frame (taken, "
	  "FXSAVE-only, partly at init, or refused with SIGSEGV), no register "
	  "holds a value the frame, the handler or the task before the signal "
	  "did not give it: nothing stale, foreign or misplaced",
	  "arch/x86/kernel/fpu/signal.c: fpu__restore_sig() and the rules "
	  "X-SR-3..9" },
	{ "X-SCHED-1", "preemption and migration keep every user xstate "
	  "component bit for bit; no other task's values and no older "
	  "values of the task's own show",
	  "arch/x86/kernel/fpu/core.c: save_fpregs_to_fpstate() on switch "
	  "out, switch_fpu_return() / fpregs_restore_userregs() on return" },
	{ "X-PROC-1", "after execve every user component is at its init value "
	  "and PKRU is init_pkru_value (0x55555554 by default)",
	  "arch/x86/kernel/process.c: flush_thread() -> fpu/core.c: "
	  "fpu_flush_thread(); arch/x86/mm/pkeys.c" },
	{ "X-PROC-2", "a forked child or a new thread starts with a copy of "
	  "the parent's registers at the clone, every default component",
	  "arch/x86/kernel/fpu/core.c: fpu_clone(); process.c: copy_thread()" },
	{ "PT-TRACER", "a regset read or write changes the tracee only: the "
	  "tracer's own vector registers are what they were before its ptrace "
	  "call (a syscall keeps them, X-SYS-1)",
	  "arch/x86/kernel/fpu/regset.c: the regset functions act on target's "
	  "fpstate, never on current's" },
	{ "SIG-ALTSTACK", "with SA_ONSTACK the frame is at the top of the "
	  "sigaltstack, and the whole frame fits in AT_MINSIGSTKSZ bytes",
	  "arch/x86/kernel/signal.c: get_sigframe(), init_sigframe_size(); "
	  "fpu/signal.c: fpu__get_fpstate_size()" },
	{ "X-AMX-1", "ARCH_GET_XCOMP_SUPP includes x87 and SSE and only "
	  "supported features; ARCH_GET_XCOMP_PERM is within it; "
	  "ARCH_REQ_XCOMP_PERM refuses TILECFG (EOPNOTSUPP), a feature the "
	  "CPU lacks (EOPNOTSUPP) and an index past the last feature (EINVAL)",
	  "arch/x86/kernel/fpu/xstate.c: fpu_xstate_prctl(), xstate_request_perm()" },
	{ "X-AMX-2", "a forked child's TILEDATA is at init (XFD re-armed); "
	  "the rest of its xstate, TILECFG included, is the parent's",
	  "arch/x86/kernel/fpu/core.c: fpu_clone() (fpstate_reset)" },
	{ "PT-IOV", "GETREGSET sets iov_len to the regset's size and writes "
	  "no byte past it",
	  "kernel/ptrace.c: ptrace_regset(); kernel/regset.c: copy_regset_to_user()" },
	{ NULL, NULL, NULL }
};
