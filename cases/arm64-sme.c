// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 SME family (Documentation/arch/arm64/sme.rst): every case runs in
 * each SME variant, an SVE VL x SVL pair x SVCR {off, SM, ZA, SM|ZA} that
 * the case's loads establish (smstart in the load event): the dumps, the
 * regsets in and out of streaming mode, syscalls leaving streaming mode,
 * regset writes of NT_ARM_SSVE, NT_ARM_ZA, NT_ARM_ZT, NT_ARM_TLS, FPMR;
 * exec from every mode, fork and thread children (and the event stops).
 *
 * On a CPU with SME but no SVE the variants are FPSIMD outside streaming
 * mode; the cases run there too (sve_context's vl is 0 outside streaming
 * mode there: sigframe.c knows).
 */
#include "fpabi/case.h"
#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/arm64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "sme",
		.name = "load-store",
		.summary = "Z/P/FFR at the effective VL, ZA, ZT0, TPIDR2, FPMR "
			   "and SVCR as loaded, in every mode; a brk stop's "
			   "regsets show them",
		.rule = "A-PT-16",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), TRAP, READ, STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "syscall",
		.summary = "a syscall leaves streaming mode (FPSR 0x0800009f, "
			   "FPMR 0, Z above V, P, FFR zero) and keeps ZA, ZT0, "
			   "TPIDR2",
		.rule = "A-SYS-2",
		.needs = NEED_SME,
		.vset = VSET_SME,
		/* bpf-prog-load: kernel_neon_begin() in the syscall saves
		 * ZA and ZT0 and flushes the CPU's with SMSTOP;
		 * io-uring-write: a worker cloned from the task while in
		 * streaming mode with ZA on (its own SVCR, ZA and TPIDR2
		 * are the clone's business, not the task's) */
		.params = { SC_GETPID, SC_PIPE_READ, SC_BPF_PROG_LOAD,
			    SC_IOURING_WRITE },
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SYSCALL(0), STORE, TRAP, READ,
			END },
		.drop = 2, .drop_class = "stale",
	},
	/*
	 * First-use SME trap (A-SYS-4): the syscall leaves streaming mode
	 * (A-SYS-2); an AdvSIMD load (no SME) then puts phase-2 V and FPSR
	 * in place; in the variants that never executed smstart (SVCR 0)
	 * SME access is still disabled, so the smstart after it takes the
	 * SME access trap (fpsimd.c: do_sme_acc()): their loads run no SME
	 * instruction (not even mrs svcr), and the run proves none ran
	 * (PRE_A64_SME_UNUSED).  Expected either way:
	 * SM on with Z, P, FFR zero, FPSR 0x0800009f, FPMR 0; ZA and ZT0
	 * kept if ZA stayed on, zero if smstart turned it on; TPIDR2 kept.
	 */
	{
		.family = "sme",
		.name = "trap-smstart",
		.summary = "the first smstart after a syscall and an AdvSIMD "
			   "load: streaming Z (V too), P, FFR zero, FPSR "
			   "0x0800009f, FPMR 0; ZA and ZT0 kept "
			   "if ZA was on, zero if not; TPIDR2 kept",
		.rule = "A-SYS-4",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.params = { SC_GETPID, SC_PIPE_READ },
		.pre = PRE_A64_SME_UNUSED,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ, SYSCALL(0), LOADK(2, L_FPSIMD),
			LOADK(2, L_SMSTART), STORE, TRAP, READ, END },
		.drop = 5, .drop_class = "stale",
	},
	/*
	 * The same with stops on either side of the syscall: the first
	 * saves the phase-1 state (streaming in SM variants) to the
	 * kernel's buffer, the second the phase-2 V the AdvSIMD load put
	 * there; a trap handler that let either buffer show through is
	 * caught as stale.  No store before the smstart: the store reads
	 * SVCR (an SME access), which in the SVCR-0 variants would take the
	 * trap in the smstart's place (PRE_A64_SME_UNUSED).
	 */
	{
		.family = "sme",
		.name = "trap-smstart-stop",
		.summary = "stops before and after a syscall, then the first "
			   "smstart: the streaming state is zero and ZA as the "
			   "syscall kept it, never the bytes a stop saved",
		.rule = "A-SYS-4",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.params = { SC_GETPID, SC_PIPE_READ },
		.pre = PRE_A64_SME_UNUSED,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, SYSCALL(0), LOADK(2, L_FPSIMD), TRAP,
			READ, LOADK(2, L_SMSTART), STORE, TRAP, READ, END },
		.drop = 6, .drop_class = "stale",
	},
	/*
	 * One PSTATE bit alone (A-ARCH-2, A-ARCH-3).  Each case first puts
	 * every variant in the state the instruction changes (the opposite
	 * one), loads there, and then executes the instruction alone: what
	 * it zeroes and keeps shows in the dump, the regsets and the frame
	 * of a SIGILL taken right after (whose handler and sigreturn see
	 * the new state).  In the variants that never used SME the first
	 * of them takes the SME access trap (A-SYS-4).
	 */
	{
		.family = "sme",
		.name = "smstart-sm",
		.summary = "smstart sm alone after V and FPSR were loaded out of "
			   "streaming mode: streaming Z, P, FFR zero at the SVL, "
			   "FPSR 0x0800009f, FPMR 0; ZA, ZT0, TPIDR2, FPCR kept",
		.rule = "A-ARCH-2",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOADK(2, L_SMSTOP_SM), LOADK(2, L_FPSIMD),
			TRAP, READ, LOADK(2, L_SMSTART_SM), STORE, TRAP, READ,
			SIGNAL(3, E_NONE, 0), STORE, END },
		.drop = 5, .drop_class = "stale",
		/* the code after its smstop sm runs in a block QEMU TCG
		 * may have chained at another task's VL */
		.quirks = QUIRK_SME_VL_CHAIN,
	},
	{
		.family = "sme",
		.name = "smstop-sm",
		.summary = "smstop sm alone after V and FPSR were loaded in "
			   "streaming mode: Z, P, FFR zero at the SVE VL, FPSR "
			   "0x0800009f, FPMR 0; PSTATE.ZA, ZA, ZT0, TPIDR2, FPCR "
			   "kept",
		.rule = "A-ARCH-2",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOADK(2, L_SMSTART_SM), LOADK(2, L_FPSIMD),
			TRAP, READ, LOADK(2, L_SMSTOP_SM), STORE, TRAP, READ,
			SIGNAL(3, E_NONE, 0), STORE, END },
		.drop = 5, .drop_class = "stale",
		/* the code after its smstop sm runs in a block QEMU TCG
		 * may have chained at another task's VL */
		.quirks = QUIRK_SME_VL_CHAIN,
	},
	{
		.family = "sme",
		.name = "smstart-za",
		.summary = "smstart za alone after smstop za dropped loaded ZA "
			   "rows: ZA and ZT0 zero, never the old rows; SM and "
			   "every other register kept",
		.rule = "A-ARCH-3",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOADK(2, L_SMSTART_ZA), LOAD(2), TRAP, READ,
			LOADK(3, L_SMSTOP_ZA), LOADK(3, L_SMSTART_ZA), STORE,
			TRAP, READ, SIGNAL(3, E_NONE, 0), STORE, END },
		.drop = 5, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "smstop-za",
		.summary = "smstop za alone with ZA loaded: ZA and ZT0 read "
			   "zero and NT_ARM_ZA is a bare header; PSTATE.SM, Z, P, "
			   "FFR, FPSR, FPMR, TPIDR2 kept",
		.rule = "A-ARCH-3",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOADK(2, L_SMSTART_ZA), LOAD(2), TRAP, READ,
			LOADK(3, L_SMSTOP_ZA), STORE, TRAP, READ,
			SIGNAL(3, E_NONE, 0), STORE, END },
		.drop = 5, .drop_class = "stale",
	},
	/*
	 * SME VL changes (A-VL-6): prctl(PR_SME_SET_VL) from every mode
	 * (its syscall leaves streaming mode first, A-SYS-2), then back,
	 * then smstart za: ZA and ZT0 must come back zero, never with the
	 * contents they had at the first SVL (write-za-vl does the same
	 * through ptrace, with smstart of SM too).  The step fault injection
	 * drops is the load (or TPIDR2 write) just before the change: what
	 * the change keeps then shows an older phase in every variant.
	 */
	{
		.family = "sme",
		.name = "prctl-svl",
		.summary = "PR_SME_SET_VL to another SVL and back from every "
			   "mode: SM and ZA off, V, FPSR, FPCR, FPMR, TPIDR2 kept; "
			   "the smstart za that follows finds ZA and ZT0 zero",
		.rule = "A-VL-6",
		.needs = NEED_SME | NEED_SME_2VL,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOAD(2), SYSCALLA(SC_SET_SME_VL, VL_OTHER),
			STORE, TRAP, READ, SYSCALLA(SC_SET_SME_VL, VL_BACK),
			TRAP, READ, LOADK(3, L_SMSTART_ZA), STORE, TRAP, READ,
			END },
		.drop = 1, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "prctl-svl-signal",
		.summary = "a SIGILL at the other SVL after PR_SME_SET_VL: the "
			   "frame has the new SVL, ZA off, V, TPIDR2, FPMR kept",
		.rule = "A-VL-6",
		.needs = NEED_SME | NEED_SME_2VL,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOAD(2), SYSCALLA(SC_SET_SME_VL, VL_OTHER),
			SIGNAL(3, E_NONE, 0), STORE, END },
		.drop = 1, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-ssve-vl",
		.summary = "NT_ARM_SSVE headers with another SVL and back at a "
			   "stop: streaming mode with every register zero, ZA "
			   "off, TPIDR2, FPMR kept; smstart za then finds ZA "
			   "zero and no old streaming register comes back",
		.rule = "A-VL-9",
		.needs = NEED_SME | NEED_SME_2VL,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_TLS), WRITE(0, W_SSVE_VL),
			READ, WRITE(0, W_SSVE_VL_BACK), READ,
			LOADK(3, L_SMSTART_ZA), STORE, TRAP, READ, END },
		.drop = 2, .drop_class = "stale",
	},
	/*
	 * A-VL-8: the on-exec SVL and PR_SME_VL_INHERIT.  (The dropped step
	 * of fault injection is again the load before the prctl.)
	 */
	{
		.family = "sme",
		.name = "prctl-svl-onexec",
		.summary = "PR_SME_SET_VL_ONEXEC with another SVL: nothing "
			   "changes but the syscall's own effect; the execve() "
			   "that follows starts the new image at that SVL",
		.rule = "A-VL-8",
		.needs = NEED_SME | NEED_SME_2VL,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOAD(2), SYSCALLA(SC_SET_SME_VL, VL_ONEXEC),
			STORE, TRAP, READ, EXEC, READ, END },
		.drop = 1, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "prctl-svl-inherit",
		.summary = "PR_SME_VL_INHERIT with another SVL: the SVL changes "
			   "now, the headers say INHERIT, and the new image of "
			   "an execve() keeps that SVL and the flag",
		.rule = "A-VL-8",
		.needs = NEED_SME | NEED_SME_2VL,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOAD(2), SYSCALLA(SC_SET_SME_VL, VL_INHERIT),
			STORE, TRAP, READ, EXEC, READ, END },
		.drop = 1, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "prctl-svl-inherit-fork",
		.summary = "PR_SME_VL_INHERIT with another SVL, then fork: the "
			   "child runs at that SVL, the parent keeps it",
		.rule = "A-VL-8",
		.needs = NEED_SME | NEED_SME_2VL,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), LOAD(2), SYSCALLA(SC_SET_SME_VL, VL_INHERIT),
			STORE, FORK(SC_FORK), STORE, TRAP, READ, END },
		.drop = 1, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-za-vl",
		.summary = "NT_ARM_ZA headers with another SVL and back at a "
			   "stop: ZA off (SM too before 6.16), V, FPSR, FPMR, "
			   "TPIDR2 kept; the tracee's smstart za and sm then find "
			   "ZA, ZT0, Z, P zero",
		.rule = "A-VL-7",
		.needs = NEED_SME | NEED_SME_2VL,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_TLS), WRITE(0, W_ZA_VL), READ,
			WRITE(0, W_ZA_VL_BACK), READ, LOADK(3, L_SMSTART_ZA),
			LOADK(3, L_SMSTART_SM), STORE, TRAP, READ, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-ssve",
		.summary = "NT_ARM_SSVE written at a stop: streaming mode with "
			   "the written Z/P/FFR, FPSR, FPCR; ZA kept; FPMR 0 "
			   "if SM changed",
		.rule = "A-PT-13",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_SSVE), READ, STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-za",
		.summary = "NT_ARM_ZA written twice at a stop (ZA off or on, "
			   "then on): ZA on with the written rows; ZT0 zero if "
			   "ZA was off",
		.rule = "A-PT-17",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_ZA), WRITE(3, W_ZA), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-za-header",
		.summary = "an NT_ARM_ZA header alone turns ZA off (after a "
			   "write turned it on): ZA and ZT0 read zero; nothing "
			   "else changes",
		.rule = "A-PT-17",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_ZA), WRITE(0, W_ZA_HEADER),
			READ, STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-za-half",
		.summary = "NT_ARM_ZA with the first half of the rows: those "
			   "rows written, the rest zero (or kept when ZA was on)",
		.rule = "A-PT-17",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_ZA_HALF), WRITE(3, W_ZA_HALF), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-zt",
		.summary = "NT_ARM_ZT written at a stop turns ZA on (zeroed if "
			   "it was off) with the written ZT0",
		.rule = "A-PT-19",
		.needs = NEED_SME | NEED_SME2,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_ZT), WRITE(3, W_ZT), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-tls-fpmr",
		.summary = "NT_ARM_TLS (TPIDR2) and NT_ARM_FPMR written at a "
			   "stop are what the tracee runs with",
		.rule = "A-PT-21",
		.needs = NEED_SME | NEED_FPMR,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_TLS), WRITE(2, W_FPMR), READ,
			STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "write-tls",
		.summary = "NT_ARM_TLS written at a stop sets TPIDR2",
		.rule = "A-PT-21",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, WRITE(2, W_TLS), READ, STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "signal",
		.summary = "a SIGILL in every mode: sve_context (SM flag, "
			   "payload), tpidr2/za/zt/fpmr records; the handler runs "
			   "with SM, ZA, TPIDR2 off; sigreturn undoes its "
			   "clobbers (smstart, every register) and restores all",
		.rule = "A-SIG-3",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "signal-edit",
		.summary = "a handler that writes a new phase into every record "
			   "(V, the SVE or streaming payload, ZA rows, ZT0, "
			   "TPIDR2, FPMR): sigreturn restores all of it, in the "
			   "delivery's mode",
		.rule = "A-SR-7",
		.needs = NEED_SME | NEED_FA64,
		.vset = VSET_SME,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_SME_REGS, 4), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "exec",
		.summary = "execve from every mode: the new image (its first "
			   "instruction) and the PTRACE_EVENT_EXEC stop's "
			   "regsets show SVCR 0, ZA off, TPIDR2 0, FPMR 0, V "
			   "zero, the default SVE VL and SVL",
		.rule = "A-PROC-1",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, EXEC, READ, END },
		.drop = 3, .drop_class = "poison",
	},
	/*
	 * First use after execve: the new image has SME disabled (TIF_SME
	 * clear, fpsimd_flush_thread()), so its first instruction, smstart,
	 * takes the SME access trap; what it then sees is A-SYS-4 from the
	 * A-PROC-1 state: SM and ZA on, Z, P, FFR, ZA, ZT0 zero at the
	 * new image's SVL, FPSR 0x0800009f, FPMR and TPIDR2 0.  Nothing of
	 * the old image's streaming state or ZA may come back.  The READ
	 * at the exec event stop comes before that smstart (the new image
	 * has run no instruction yet): there the regsets show execve()'s
	 * own state, SVCR 0 and FPSR 0 (A-PROC-1), and the smstart's effect
	 * shows in the probe's dump only.
	 */
	{
		.family = "sme",
		.name = "exec-smstart",
		.summary = "execve from every mode, then smstart as the new "
			   "image's first instruction (the SME access trap): "
			   "Z, P, FFR, ZA, ZT0 zero at the default SVL, FPSR "
			   "0x0800009f, FPMR and TPIDR2 0",
		.rule = "A-SYS-4",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, { S_EXEC, 0, L_SMSTART }, READ, END },
		/* (the exec dropped, the tracee runs to its end and the read
		 * finds no stop: the exec cases drop their exec) */
		.drop = 3, .drop_class = "poison",
	},
	{
		.family = "sme",
		.name = "fork-child",
		.summary = "a forked child starts with SM 0 and the parent's "
			   "ZA, ZT0, TPIDR2, FPMR and V at the clone (after its "
			   "syscall entry left streaming mode); the parent "
			   "keeps its own",
		.rule = "A-PROC-3",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), FORK(SC_FORK), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "thread-child",
		.summary = "a new thread (CLONE_VM) starts with SM 0, ZA off "
			   "and TPIDR2 0, and the creating thread's V and FPMR; "
			   "the creating thread keeps its ZA and TPIDR2",
		.rule = "A-PROC-3",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), FORK(SC_THREAD), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	/*
	 * First use in a clone's child: its first instruction after the
	 * clone is smstart.  A fork child of a task with ZA off has no SME
	 * storage and TIF_SME clear (process.c: arch_dup_task_struct()), so
	 * the smstart takes the SME access trap; with ZA on it inherits
	 * both.  Either way (A-SYS-4): SM on with Z, P, FFR zero, FPSR
	 * 0x0800009f, FPMR 0; ZA and ZT0 as the child inherited them if ZA
	 * was on, zero if not; TPIDR2 as A-PROC-3 says.
	 */
	{
		.family = "sme",
		.name = "fork-child-smstart",
		.summary = "a fork child whose first instruction is smstart: "
			   "streaming Z, P, FFR zero, FPSR 0x0800009f, FPMR 0; "
			   "the parent's ZA, ZT0 if ZA was on, else zero; TPIDR2 "
			   "the parent's",
		.rule = "A-SYS-4",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2),
			FORK_ARCH(SC_FORK, CHILD_SMSTART), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "sme",
		.name = "thread-child-smstart",
		.summary = "a new thread whose first instruction is smstart: "
			   "streaming Z, P, FFR, ZA, ZT0 zero, FPSR 0x0800009f, "
			   "FPMR and TPIDR2 0",
		.rule = "A-SYS-4",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2),
			FORK_ARCH(SC_THREAD, CHILD_SMSTART), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
#define SME_CLONE(nm, sc, sum)						\
	{								\
		.family = "sme",					\
		.name = nm,						\
		.summary = sum,						\
		.rule = "A-PROC-3",					\
		.needs = NEED_SME,					\
		.vset = VSET_SME,					\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), STORE, LOAD(2), FORK(sc), STORE, END },	\
		.drop = 2, .drop_class = "stale",			\
	}
	SME_CLONE("vfork-child", SC_VFORK,
		  "a vfork child (CLONE_VM) starts with SM 0, ZA off and "
		  "TPIDR2 0; the parent keeps its ZA and TPIDR2"),
	SME_CLONE("clone3-child", SC_CLONE3,
		  "a clone3() child without flags keeps PSTATE.ZA, ZA, ZT0 "
		  "and TPIDR2, with SM 0"),
	SME_CLONE("fork-settls-child", SC_FORK_SETTLS,
		  "a clone(CLONE_SETTLS) child without CLONE_VM keeps "
		  "PSTATE.ZA, ZA, ZT0 and TPIDR2: CLONE_SETTLS is TPIDR_EL0's"),
	SME_CLONE("thread-settls-child", SC_THREAD_SETTLS,
		  "a thread made with CLONE_SETTLS starts with ZA off and "
		  "TPIDR2 0, as any CLONE_VM child"),
	{
		.family = "sme",
		.name = "fork-event-stop",
		.summary = "at the PTRACE_EVENT_FORK stop the parent's regsets "
			   "show it out of streaming mode with its ZA, ZT0, "
			   "TPIDR2; the child gets them too",
		.rule = "A-PROC-3",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, FORK_STOP(SC_FORK), READ, STORE, END },
		.drop = 3, .drop_class = "poison",
	},
	{
		.family = "sme",
		.name = "clone-event-stop",
		.summary = "at the PTRACE_EVENT_CLONE stop the creating "
			   "thread's regsets keep its ZA, ZT0, TPIDR2; the "
			   "thread starts with ZA off and TPIDR2 0",
		.rule = "A-PROC-3",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, FORK_STOP(SC_THREAD), READ, STORE, END },
		.drop = 3, .drop_class = "poison",
	},
#define SME_REJECT(nm, kind, need, sum)					\
	{								\
		.family = "sme",					\
		.name = nm,						\
		.summary = sum,						\
		.rule = "A-PT-25",					\
		.needs = NEED_SME | (need),			\
		.vset = VSET_SME,					\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), TRAP, READ, WRITE(2, kind), READ,	\
			STORE, END },					\
		.drop = 3, .drop_class = "unknown",			\
	}
	/* malformed writes: EINVAL, and nothing changes (sme.c) */
	SME_REJECT("reject-ssve-len0", W_REJ_SSVE_LEN0, 0,
		   "an NT_ARM_SSVE write of 0 bytes is EINVAL"),
	SME_REJECT("reject-ssve-unaligned", W_REJ_SSVE_UNALIGNED, 0,
		   "an NT_ARM_SSVE write of the payload less 8 bytes is EINVAL"),
	SME_REJECT("reject-ssve-vl-invalid", W_REJ_SSVE_VL_INVALID, 0,
		   "an NT_ARM_SSVE write with vl not a multiple of 16 is "
		   "EINVAL"),
	SME_REJECT("reject-ssve-flags", W_REJ_SSVE_FLAGS, 0,
		   "an NT_ARM_SSVE write with an unknown flag is EINVAL"),
	SME_REJECT("reject-za-len0", W_REJ_ZA_LEN0, 0,
		   "an NT_ARM_ZA write of 0 bytes is EINVAL"),
	SME_REJECT("reject-za-unaligned", W_REJ_ZA_UNALIGNED, 0,
		   "an NT_ARM_ZA write of the payload less 8 bytes is EINVAL"),
	SME_REJECT("reject-za-vl-invalid", W_REJ_ZA_VL_INVALID, 0,
		   "an NT_ARM_ZA write with vl not a multiple of 16 is EINVAL"),
	SME_REJECT("reject-za-flags", W_REJ_ZA_FLAGS, 0,
		   "an NT_ARM_ZA write with an unknown flag is EINVAL"),
	SME_REJECT("reject-zt-short", W_REJ_ZT_SHORT, NEED_SME2,
		   "an NT_ARM_ZT write of 32 bytes is EINVAL"),
#define TLS_FPMR(nm, kind, need, drop_cls, sum)				\
	{								\
		.family = "sme",					\
		.name = nm,						\
		.summary = sum,						\
		.rule = "A-PT-27",					\
		.needs = NEED_SME | (need),				\
		.vset = VSET_SME,					\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), TRAP, READ, WRITE(2, kind), READ,	\
			STORE, END },					\
		.drop = 3, .drop_class = drop_cls,			\
	}
	/* odd-sized NT_ARM_TLS and NT_ARM_FPMR writes (sme.c) */
	TLS_FPMR("reject-tls-unaligned", W_REJ_TLS_UNALIGNED, 0, "unknown",
		 "an NT_ARM_TLS write of 12 bytes is EINVAL, nothing changes"),
	{
		.family = "sme",
		.name = "tls-tpidr-only",
		.summary = "after a full NT_ARM_TLS write, one of 8 bytes sets "
			   "TPIDR_EL0 only: TPIDR2 keeps the first write's value",
		.rule = "A-PT-27",
		.needs = NEED_SME,
		.vset = VSET_SME,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ, WRITE(2, W_TLS),
			WRITE(3, W_TLS_TPIDR_ONLY), READ, STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	TLS_FPMR("tls-long", W_TLS_LONG, 0, "stale",
		 "an NT_ARM_TLS write of 24 bytes is cut to 16: TPIDR2 set"),
	TLS_FPMR("reject-fpmr-unaligned", W_REJ_FPMR_UNALIGNED, NEED_FPMR,
		 "unknown", "an NT_ARM_FPMR write of 4 bytes is EINVAL, "
		 "nothing changes"),
	TLS_FPMR("fpmr-long", W_FPMR_LONG, NEED_FPMR, "stale",
		 "an NT_ARM_FPMR write of 16 bytes is cut to 8: FPMR set"),
};

const struct fpabi_family a64_family_sme = {
	"sme", cases, sizeof(cases) / sizeof(cases[0])
};
