// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 rules catalogue (list --rules): every ABI rule the model
 * encodes, its text quoted from the documentation or the kernel's
 * behaviour, and the source that holds it.  Data only: the model,
 * the observers and the writes name rules by ID (rule_get()).
 */
#include "a64.h"

const struct fpabi_rule a64_rules[] = {
	{ "A-ARCH-1", "an AdvSIMD write to Vn zeroes the bits of Zn above 127; "
	  "P and FFR are not touched",
	  "Arm ARM, SVE register file; Documentation/arch/arm64/sve.rst section 2" },
	{ "A-SYS-1", "a syscall keeps Z[127:0], FPSR and FPCR; Z above bit 127, "
	  "every P and FFR become zero",
	  "Documentation/arch/arm64/sve.rst section 3; "
	  "arch/arm64/kernel/entry-common.c: fpsimd_syscall_enter()" },
	{ "A-SYS-3", "the first SVE instruction after its state was discarded "
	  "traps and sees Z[127:0] = V, the rest zero: never stale data",
	  "arch/arm64/kernel/fpsimd.c: do_sve_acc()" },
	{ "A-SYS-4", "the first SMSTART after a syscall (SME access may be "
	  "disabled: the kernel traps, enables SME and re-executes it) has "
	  "its architectural effect only: SM = 1 with Z, P, FFR zero at the "
	  "SVL, FPSR 0x0800009f, FPMR 0, FPCR kept; ZA and ZT0 kept if "
	  "PSTATE.ZA was 1, zero if it was 0; TPIDR2 kept: never stale data",
	  "arch/arm64/kernel/fpsimd.c: do_sme_acc(); "
	  "Arm ARM ResetSVEState(), ResetSMEState(); "
	  "Documentation/arch/arm64/sme.rst \"System call behaviour\"" },
	{ "A-SYS-6", "at a stop taken from user mode with live SVE state "
	  "NT_ARM_SVE is in SVE format; after a syscall either format may be "
	  "reported, with the same values",
	  "arch/arm64/kernel/ptrace.c: sve_init_header_from_task()" },
	{ "A-SYS-7", "a tracer's write at a syscall-entry, syscall-exit or "
	  "seccomp stop reaches user space unchanged: the syscall's discard "
	  "of SVE state is not applied to written state",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (fpsimd_flush_task_state); "
	  "fpsimd.c: fpsimd_bind_task_to_cpu(); "
	  "\"arm64/fpsimd: Do not discard modified SVE state\"" },
	{ "A-SYS-8", "without a syscall or signal, every register is kept bit "
	  "for bit, across preemption and migration",
	  "arch/arm64/kernel/fpsimd.c: fpsimd_save_user_state(), task_fpsimd_load()" },
	{ "A-SYS-2", "a syscall in streaming mode returns with SM = 0 and "
	  "PSTATE.ZA, ZA, ZT0 and TPIDR2 kept; the SMSTOP resets the "
	  "streaming state: Z above bit 127, P, FFR zero, FPSR 0x0800009f, "
	  "FPMR 0, FPCR kept, V kept or zero (implementation defined)",
	  "arch/arm64/kernel/entry-common.c: fpsimd_syscall_enter() -> "
	  "sme_smstop_sm(); Arm ARM ResetSVEState(); "
	  "Documentation/arch/arm64/sme.rst sections 3, appendix A" },
	{ "A-GEN-4", "leaving streaming mode by the kernel's own path "
	  "(signal delivery): V = 0, FPSR = 0x0800009f, FPMR = 0, FPCR "
	  "kept, no live SVE state",
	  "arch/arm64/kernel/fpsimd.c: task_smstop_sm()" },
	{ "A-SIG-3", "za_context: vl = SVL; ZA off: a bare 16-byte header; "
	  "ZA on: ZA_SIG_CONTEXT_SIZE with the rows, then zt_context (SME2: "
	  "nregs 1, ZT0); tpidr2_context and fpmr_context hold the "
	  "pre-signal values (A-SIG-4)",
	  "arch/arm64/kernel/signal.c: preserve_za_context(), "
	  "preserve_zt_context(), preserve_tpidr2_context(), "
	  "preserve_fpmr_context()" },
	{ "A-PT-8", "in streaming mode without FEAT_SME_FA64 FFR is not "
	  "accessible: the tracee's dump, NT_ARM_SSVE and the signal frame "
	  "carry its slot as zero",
	  "Documentation/arch/arm64/sve.rst section 1 (\"when it is not "
	  "supported and these interfaces are used to access streaming mode "
	  "FFR is read and written as zero\"); arch/arm64/kernel/fpsimd.c: "
	  "fpsimd_save_user_state() (save_ffr false), "
	  "arch/arm64/include/asm/fpsimdmacros.h: sve_save (pfalse into the "
	  "slot); KNOWN-ISSUES.md ssve-ffr-no-fa64" },
	{ "A-PT-17", "an NT_ARM_ZA write with a payload sets PSTATE.ZA and "
	  "ZA; if ZA was off the storage is zeroed first (ZT0 and rows a "
	  "short payload does not cover read zero), if it was on they are "
	  "kept (6.16+ profile; before it: old value or zero); a bare header "
	  "clears PSTATE.ZA: ZA and ZT0 then read zero; SM, V, P are kept",
	  "arch/arm64/kernel/ptrace.c: za_set() (\"Only flush the storage if "
	  "PSTATE.ZA was not already set\": sme_alloc(target, "
	  "!thread_za_enabled())); Documentation/arch/arm64/sme.rst section 7 "
	  "(\"If a payload is provided then PSTATE.ZA will be set to 1\")" },
	{ "A-ARCH-2", "SMSTART SM or SMSTOP SM alone that changes PSTATE.SM "
	  "zeroes Z (all bits), P and FFR at the new effective VL, sets FPSR "
	  "to 0x0800009f and FPMR to 0, keeps FPCR, PSTATE.ZA, ZA, ZT0 and "
	  "TPIDR2; one that does not change it has no effect",
	  "Arm ARM SetPSTATE_SM() -> ResetSVEState(); "
	  "Documentation/arch/arm64/sme.rst appendix A (\"When the value of "
	  "PSTATE.SM is changed ... Any other bits will be cleared\")" },
	{ "A-ARCH-3", "SMSTART ZA alone that sets PSTATE.ZA zeroes ZA and ZT0; "
	  "SMSTOP ZA alone makes them inaccessible (ZA and ZT0 then read zero "
	  "and NT_ARM_ZA is a bare header) and keeps PSTATE.SM and every "
	  "other register; one that does not change PSTATE.ZA has no effect",
	  "Arm ARM SetPSTATE_ZA() -> ResetSMEState(); "
	  "Documentation/arch/arm64/sme.rst appendix A (\"When PSTATE.ZA is "
	  "changed from 0 to 1 all bits in ZA are cleared\"); "
	  "arch/arm64/kernel/ptrace.c: za_get(), zt_get()" },
	{ "A-VL-6", "a change of the SME VL (PR_SME_SET_VL, an NT_ARM_ZA or "
	  "NT_ARM_SSVE header) clears PSTATE.ZA (6.16+; before 6.16 PSTATE.SM "
	  "too, and a streaming task is left at the new SVL from 6.16 on), "
	  "keeps V, FPSR, FPCR, FPMR and TPIDR2 and discards the rest: ZA, "
	  "ZT0, P, FFR and Z above bit 127 read zero, and turning ZA or SM "
	  "back on, even at the old SVL, finds zeros, never the old contents; "
	  "the same VL again changes nothing",
	  "Documentation/arch/arm64/sme.rst section 6 (\"Changing the vector "
	  "length causes PSTATE.ZA to be cleared\"; \"all of ZA, ZTn, P0..P15, "
	  "FFR and all bits of Z0..Z31 except for Z0 bits [127:0] .. Z31 bits "
	  "[127:0] ... become unspecified, including both streaming and "
	  "non-streaming SVE state\"); arch/arm64/kernel/fpsimd.c: "
	  "vec_set_vector_length() (sve_to_fpsimd(), sme_free(), sve_alloc()), "
	  "sme_alloc(), do_sme_acc()" },
	{ "A-VL-8", "PR_SME_SET_VL with PR_SME_SET_VL_ONEXEC changes nothing "
	  "now and gives the next execve() that SVL; with PR_SME_VL_INHERIT "
	  "it changes the SVL now and every later execve() keeps it, and "
	  "NT_ARM_SSVE / NT_ARM_ZA headers report SME_PT_VL_INHERIT; without "
	  "either the next execve() takes the system default; a fork child "
	  "has the parent's SVL",
	  "Documentation/arch/arm64/sme.rst sections 4, 6 and 9 (\"the "
	  "vector length is reset to the system default at execve()\" "
	  "unless PR_SME_VL_INHERIT or a deferred change); "
	  "arch/arm64/kernel/fpsimd.c: vec_set_vector_length(), "
	  "fpsimd_flush_thread_vl(); ptrace.c: za_get() (ZA_PT_VL_INHERIT)" },
	{ "A-VL-9", "an NT_ARM_SSVE header alone with another vl sets that "
	  "SVL (A-VL-6) and puts the task in streaming mode with no register "
	  "data: 6.16+ every Z, P, FFR, V, FPSR and FPCR zero; ZA off, "
	  "TPIDR2 and FPMR kept",
	  "Documentation/arch/arm64/sve.rst section 7 (\"it is permissible "
	  "to omit the payload, in which case only the vector length and "
	  "flags are changed\"; \"any SETREGSET of NT_ARM_SSVE will enter "
	  "streaming mode\"); sme.rst section 3 (\"if no register content is "
	  "provided as part of switching no state will be assumed to be "
	  "shared and everything will be zeroed\"); "
	  "arch/arm64/kernel/ptrace.c: sve_set_common()" },
	{ "A-VL-7", "an NT_ARM_ZA header with another vl sets that SVL (A-VL-6) "
	  "and, having no payload, leaves PSTATE.ZA 0",
	  "Documentation/arch/arm64/sme.rst section 7 (\"it is permissible to "
	  "omit the payload, in which case the vector length and flags are "
	  "changed and PSTATE.ZA is set to 0\"); "
	  "arch/arm64/kernel/ptrace.c: za_set()" },
	{ "A-PT-19", "an NT_ARM_ZT write sets PSTATE.ZA with the written ZT0; "
	  "ZA zero if it was off",
	  "arch/arm64/kernel/ptrace.c: zt_set()" },
	{ "A-VL-2", "a VL change keeps V (Z[127:0]), FPSR and FPCR and zeroes "
	  "Z above bit 127, P and FFR at the new VL: nothing of the old VL's "
	  "state comes back (sve.rst section 6 calls those bits unspecified; "
	  "the kernel zeroes them)",
	  "arch/arm64/kernel/fpsimd.c: vec_set_vector_length(), "
	  "change_live_vector_length()" },
	{ "A-PT-11", "an NT_ARM_SVE/SSVE write with another vl changes the VL "
	  "first; NT_ARM_SVE sets SM = 0, NT_ARM_SSVE SM = 1 (ZA, ZT0 kept); "
	  "6.16+ then zeroes V, FPSR and FPCR before the payload; FPMR is "
	  "not touched, even when SM changed",
	  "arch/arm64/kernel/ptrace.c: sve_set_common()" },
	{ "A-PT-9", "a regset of a feature the system lacks (NT_ARM_SVE without SVE, NT_ARM_SSVE and "
	  "NT_ARM_ZA without SME, NT_ARM_ZT without SME2) gives EINVAL",
	  "arch/arm64/kernel/ptrace.c: ssve_get(), za_get(), zt_get(); "
	  "kernel/ptrace.c: ptrace_regset()" },
	{ "A-PT-16", "NT_ARM_ZA with ZA off is the header alone: size 16, vl "
	  "the task's SVL, max_vl the largest",
	  "arch/arm64/kernel/ptrace.c: za_get()" },
	{ "A-PT-18", "NT_ARM_ZT is 64 bytes: ZT0 while ZA is on, all zero "
	  "while it is off (ZA and ZT0 read zero in the tracee's dump too)",
	  "arch/arm64/kernel/ptrace.c: zt_get()" },
	{ "A-PT-20", "NT_ARM_FPMR is one u64, EINVAL without FPMR; it reads "
	  "and writes the task's FPMR; FPMR is 0 after exec",
	  "arch/arm64/kernel/ptrace.c: fpmr_get(); fpsimd.c: fpsimd_flush_thread()" },
	{ "A-PT-21", "NT_ARM_TLS is TPIDR_EL0 then TPIDR2_EL0; TPIDR2 reads 0 "
	  "without SME, and is 0 until the task sets it; a write sets it",
	  "arch/arm64/kernel/ptrace.c: tls_get(); Documentation/arch/arm64/sme.rst section 8" },
	{ "A-PROC-1", "after execve V, FPSR, FPCR (and FPMR, TPIDR2) are zero, "
	  "no SVE state is live, SVCR is 0 (SM and ZA off: ZA and ZT0 read "
	  "zero), and the SVE and SME VLs are the defaults",
	  "arch/arm64/kernel/process.c: flush_thread() -> fpsimd.c: "
	  "fpsimd_flush_thread(), fpsimd_flush_thread_vl(); process.c: "
	  "tls_thread_flush(); Documentation/arch/arm64/sve.rst section 6, "
	  "sme.rst section 9" },
	{ "A-PROC-2", "a forked child or a new thread starts with the parent's "
	  "V, FPSR, FPCR (and FPMR) at the clone, SM = 0 and no live SVE state",
	  "arch/arm64/kernel/process.c: arch_dup_task_struct(), copy_thread(); "
	  "Documentation/arch/arm64/sme.rst section 4" },
	{ "A-PROC-3", "a clone without CLONE_VM (fork, clone3() without "
	  "flags, clone(CLONE_SETTLS)) keeps PSTATE.ZA with ZA and ZT0, and "
	  "TPIDR2, in the child; with CLONE_VM (a thread, with or without "
	  "CLONE_SETTLS, or vfork) the child has ZA off (ZA, ZT0 read zero) "
	  "and TPIDR2 0; the parent keeps its own",
	  "Documentation/arch/arm64/sme.rst section 1 (\"On thread creation "
	  "PSTATE.ZA and TPIDR2_EL0 are preserved unless CLONE_VM is "
	  "specified, in which case PSTATE.ZA is set to 0 and TPIDR2_EL0 is "
	  "set to 0\"); arch/arm64/kernel/process.c: arch_dup_task_struct(), "
	  "copy_thread(), copy_thread_za() (the AAPCS64 lazy ZA saving scheme)" },
	{ "PT-TRACER", "a regset read or write changes the tracee only: the "
	  "tracer's own V registers are what they were before its ptrace "
	  "call (a syscall keeps them, A-SYS-1)",
	  "arch/arm64/kernel/ptrace.c: the regset set/get functions act on "
	  "target, never on current" },
	{ "SIG-ALTSTACK", "with SA_ONSTACK the frame is on the sigaltstack and "
	  "fits in AT_MINSIGSTKSZ bytes (which leaves out the ZA matrix: "
	  "A-SIG-0)",
	  "arch/arm64/kernel/signal.c: get_sigframe(), minsigstksz_setup()" },
	{ "A-PT-1", "GETREGSET sets iov_len to the regset's size cut to the "
	  "buffer, and writes no byte past what the regset produced",
	  "kernel/ptrace.c: ptrace_regset(); kernel/regset.c: __regset_get()" },
	{ "A-PT-3", "NT_PRFPREG holds V = Z[127:0], FPSR, FPCR and 8 reserved "
	  "bytes (zero unless written)",
	  "arch/arm64/kernel/ptrace.c: __fpr_get()" },
	{ "A-PT-4", "an NT_PRFPREG write sets V, FPSR and FPCR and zeroes live "
	  "SVE state above bit 127, P and FFR",
	  "arch/arm64/kernel/ptrace.c: fpr_set(); "
	  "fpsimd.c: fpsimd_sync_to_effective_state_zeropad()" },
	{ "A-PT-5", "the NT_ARM_SVE header: vl is the task's SVE VL, max_vl "
	  "the system's largest, max_size SVE_PT_SIZE of it, flags only the "
	  "format and INHERIT, reserved zero",
	  "arch/arm64/kernel/ptrace.c: sve_init_header_from_task()" },
	{ "A-PT-6", "an SVE-format NT_ARM_SVE read has size SVE_PT_SIZE(vq, "
	  "SVE) and zero padding; FPSIMD format has size 544",
	  "arch/arm64/kernel/ptrace.c: sve_get_common()" },
	{ "A-PT-7", "NT_ARM_SSVE while not streaming is a 16-byte header of "
	  "FPSIMD format and nothing else (6.16 and later)",
	  "arch/arm64/kernel/ptrace.c: sve_get_common(); "
	  "\"arm64/fpsimd: ptrace: Do not present register data for inactive mode\"",
	  "arm64-6.16+" },
	{ "A-PT-12", "an FPSIMD-format NT_ARM_SVE write leaves no live SVE "
	  "state; 6.16+: bytes it does not write are zero; before 6.16 they "
	  "keep their values",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (FPSIMD branch)" },
	{ "A-PT-13", "an SVE-format NT_ARM_SVE write replaces all SVE state; "
	  "6.16+: what the payload does not cover is zero (header only: "
	  "everything zero)",
	  "arch/arm64/kernel/ptrace.c: sve_set_common()" },
	{ "A-PT-14", "before 6.16 the effect of a partial or header-only "
	  "NT_ARM_SVE payload on the registers it does not write is "
	  "unspecified: each word is its old value or zero, never stale or "
	  "foreign bytes (6.12 zeroes V when SVE is live and keeps FPSR/FPCR)",
	  "Documentation/arch/arm64/sve.rst section 4 (6.12); "
	  "6.12 arch/arm64/kernel/ptrace.c: sve_set_common()",
	  "arm64-pre-6.16" },
	{ "A-PT-22", "a malformed NT_ARM_SVE write is rejected with EINVAL and "
	  "changes nothing: iov_len not a multiple of 16 or below the "
	  "16-byte header (0, 8, the full payload less 8), vl 0 or not a "
	  "multiple of 16, a flag other than the format, INHERIT and ONEXEC; "
	  "header.size is not read and bytes past the payload are ignored",
	  "kernel/ptrace.c: ptrace_regset(); arch/arm64/kernel/ptrace.c: "
	  "sve_set_common(); arch/arm64/kernel/fpsimd.c: "
	  "vec_set_vector_length(), sve_vl_valid()" },
	{ "A-PT-23", "an NT_ARM_SVE vl the kernel rounds (above the largest: "
	  "clamped to it; an unsupported one: rounded down) sets that VL; "
	  "header only is then a header-only write; with register data it "
	  "is EIO, which before 6.16 changes nothing but the VL and 6.16+ "
	  "leaves every register zero (sve_alloc() and the V/FPSR/FPCR reset "
	  "come before the check)",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (\"If setting a "
	  "different VL from the requested VL and there is register data\"); "
	  "fpsimd.c: vec_set_vector_length(), find_supported_vector_length(); "
	  "sve.rst: \"the same as if the payload were omitted, except that an "
	  "EIO error is reported\" (its \"FPSIMD state is preserved\" no "
	  "longer holds on 6.16+: KNOWN-ISSUES.md sve-eio-zeroes-fpsimd)" },
	{ "A-PT-24", "NT_PRFPREG: an iov_len not a multiple of 4 is EINVAL and "
	  "changes nothing; a short write (V0-V15) sets those and keeps "
	  "V16-V31, FPSR and FPCR; live SVE bits above 127, P, FFR zero",
	  "kernel/ptrace.c: ptrace_regset() (regset size 4); "
	  "arch/arm64/kernel/ptrace.c: fpr_set(), __fpr_set()" },
	{ "A-PT-25", "a malformed NT_ARM_SSVE, NT_ARM_ZA or NT_ARM_ZT write is "
	  "rejected with EINVAL and changes nothing: iov_len not a multiple "
	  "of 16 (64 for ZT) or below the header, vl not a multiple of 16, "
	  "an unknown flag",
	  "kernel/ptrace.c: ptrace_regset(); arch/arm64/kernel/ptrace.c: "
	  "sve_set_common(), za_set(), zt_set(); fpsimd.c: "
	  "vec_set_vector_length()" },
	{ "A-SIG-1", "the frame's records start at __reserved, 16-byte "
	  "aligned, in the order fpsimd_context (0x210 bytes), esr_context "
	  "(only when the fault set an ESR: not for a udf SIGILL), "
	  "gcs_context (while GCS is in use), sve_context (whenever SVE or SME "
	  "exists), tpidr2_context and za_context (SME), fpmr_context (FPMR), "
	  "poe_context (POE), then a null terminator",
	  "arch/arm64/kernel/signal.c: setup_sigframe_layout(), "
	  "setup_sigframe(); traps.c: do_el0_undef() -> "
	  "force_signal_inject(SIGILL, ILL_ILLOPC, pc, 0)" },
	{ "A-SIG-2", "sve_context: vl is the task's SVE VL, flags 0 outside "
	  "streaming mode, __reserved 0; it carries Z/P/FFR exactly when the "
	  "saved state is in SVE format (head.size the 16-rounded "
	  "SVE_SIG_CONTEXT_SIZE), else it is a bare 16-byte header; "
	  "fpsimd_context's V equal Z[127:0]",
	  "arch/arm64/kernel/signal.c: preserve_sve_context(), "
	  "preserve_fpsimd_context(); Documentation/arch/arm64/sve.rst section 4" },
	{ "A-SIG-5", "records that do not fit in __reserved (48 bytes kept "
	  "back) go, from the first that does not fit on, into the space an "
	  "extra_context (head.size 32) points at: datap just after the "
	  "terminator that follows it, size the whole space including its "
	  "own terminator",
	  "arch/arm64/kernel/signal.c: __sigframe_alloc(), setup_sigframe()" },
	{ "A-SIG-7", "without streaming mode the handler starts with the "
	  "interrupted V, FPSR, FPCR (FPMR) and live SVE bits unchanged; "
	  "with SME it runs with SM = 0, ZA = 0 (ZA, ZT0 zero) and "
	  "TPIDR2 = 0",
	  "arch/arm64/kernel/signal.c: setup_rt_frame() "
	  "(fpsimd_save_and_flush_current_state), setup_return()" },
	{ "A-PT-26", "whatever the kernel makes of an NT_ARM_SVE or NT_PRFPREG "
	  "write with random header, flag and length mutations (taken, partly, "
	  "or refused), every register is its old value, the written one, "
	  "zero or init: nothing stale, foreign or misplaced",
	  "arch/arm64/kernel/ptrace.c: sve_set_common(), fpr_set(); the rules "
	  "A-PT-4..25" },
	{ "A-SR-1", "a frame rt_sigreturn refuses (a record parse error, no "
	  "fpsimd_context, an sve_context vl other than the task's) raises "
	  "SIGSEGV; refused before any FP restore, the registers are the "
	  "handler's at its rt_sigreturn syscall, nothing of the frame",
	  "arch/arm64/kernel/signal.c: sys_rt_sigreturn() badframe, "
	  "restore_sigframe(), parse_user_sigframe(), "
	  "restore_sve_fpsimd_context()" },
	{ "A-PT-27", "NT_ARM_TLS and NT_ARM_FPMR writes: an iov_len that is not "
	  "a multiple of 8 is EINVAL and changes nothing; a longer one is cut "
	  "to the regset; an 8-byte NT_ARM_TLS write sets TPIDR_EL0 only and "
	  "keeps TPIDR2",
	  "kernel/ptrace.c: ptrace_regset(); arch/arm64/kernel/ptrace.c: "
	  "tls_set(), fpmr_set()" },
	{ "A-PT-28", "an NT_ARM_SSVE write in FPSIMD format is EINVAL and "
	  "changes nothing: streaming data is SVE format only (6.16 and "
	  "later)",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (\"Streaming SVE data "
	  "is always stored and presented in SVE format\"); sve.rst section 7",
	  "arm64-6.16+" },
	{ "A-PT-29", "an NT_ARM_SSVE or NT_ARM_ZA write with register data and "
	  "a vl the kernel rounds is EIO after the SVL is set: NT_ARM_SSVE "
	  "leaves streaming mode entered with every register zero, NT_ARM_ZA "
	  "leaves ZA as the SVL change left it",
	  "arch/arm64/kernel/ptrace.c: sve_set_common(), za_set() (\"If "
	  "setting a different VL from the requested VL and there is register "
	  "data\"); fpsimd.c: vec_set_vector_length()" },
	{ "A-SR-6", "sigreturn restores TPIDR2 and FPMR from their records "
	  "(head.size exactly 16); without a record the register keeps the "
	  "handler's value",
	  "arch/arm64/kernel/signal.c: restore_tpidr2_context(), "
	  "restore_fpmr_context()" },
	{ "A-SR-7", "a za_context with a payload turns ZA on and loads its rows "
	  "(ZT0 zero unless a zt_context follows); a bare header turns ZA off",
	  "arch/arm64/kernel/signal.c: restore_za_context()" },
	{ "A-SR-8", "a zt_context (ZA on, head.size 80, nregs 1) loads ZT0",
	  "arch/arm64/kernel/signal.c: restore_zt_context()" },
	{ "A-SR-2", "the kernel's frame parses: 16-byte aligned records that "
	  "fit their space, at most one extra_context, followed by a "
	  "terminator, datap right after it, and a terminator to end the walk",
	  "arch/arm64/kernel/signal.c: parse_user_sigframe()" },
	{ "A-SR-3", "sigreturn without an sve_context payload (none, or a bare "
	  "header) takes V, FPSR and FPCR from fpsimd_context and leaves no "
	  "live SVE state: Z above bit 127, P and FFR read zero",
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context() -> "
	  "restore_fpsimd_context()" },
	{ "A-SR-4", "an sve_context whose vl is not the task's current VL "
	  "(its SVE VL, or its SME VL with SVE_SIG_FLAG_SM) is refused: the "
	  "VL cannot change through sigreturn",
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context()" },
	{ "A-SR-9", "whatever rt_sigreturn makes of a frame with mutated "
	  "records (taken, or refused with SIGSEGV), no register holds a value "
	  "the frame, the handler or the task before the signal did not give "
	  "it: nothing stale, foreign or misplaced",
	  "arch/arm64/kernel/signal.c: restore_sigframe() and the rules "
	  "A-SR-1..5" },
	{ "A-SR-10", "where fpsimd_context and the sve_context payload (or its "
	  "streaming payload) both carry V, sigreturn takes V from "
	  "fpsimd_context and Z above bit 127, P, FFR from the payload, in "
	  "every mode: a handler that edits both sees its fpsimd_context "
	  "values in Z[127:0]",
	  "Documentation/arch/arm64/sve.rst section 5 (\"bits [127:0] of "
	  "Z0..Z31 are always restored from the corresponding members of "
	  "fpsimd_context.vregs[] and not from sve_context\"); "
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context() "
	  "(read_fpsimd_context() after the payload, then "
	  "fpsimd_update_current_state() -> fpsimd_to_sve())" },
	{ "A-SR-5", "sigreturn with an sve_context payload loads Z, P and FFR "
	  "from it, then Z[127:0] of every register from fpsimd_context.vregs "
	  "and FPSR/FPCR from fpsimd_context",
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context() -> "
	  "fpsimd_update_current_state()" },
	{ "A-SIG-8", "a signal delivered asynchronously (an interval timer, "
	  "another thread) to a task running with its state live: the "
	  "handler starts as A-SIG-7 says, and rt_sigreturn of the unedited "
	  "frame gives the interrupted code back every register it had, bit "
	  "for bit (the frame carries the live SVE or streaming state: "
	  "A-SIG-2, A-SR-5); whatever the handler loaded never shows",
	  "Documentation/arch/arm64/sve.rst \"Signal handling\", \"Signal "
	  "return\", sme.rst \"Signal handling\"; "
	  "arch/arm64/kernel/signal.c: setup_rt_frame() "
	  "(fpsimd_save_and_flush_current_state), restore_sigframe()" },
	{ "A-SYS-5", "after a syscall during which the task was switched out "
	  "only its FPSIMD state was saved: its first SVE instruction traps "
	  "again (do_sve_acc) and finds V with the rest zero; without a "
	  "switch SVE stays enabled and nothing traps; the values are the "
	  "same either way (A-SYS-1, A-SYS-3).  Seen only by timing",
	  "arch/arm64/kernel/entry-common.c: fpsimd_syscall_enter(), "
	  "fpsimd_syscall_exit(); fpsimd.c: fpsimd_save_user_state(), "
	  "task_fpsimd_load()" },
	{ NULL, NULL, NULL }
};
