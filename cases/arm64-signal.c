// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 signal family: a SIGILL (udf) taken with live SVE state.  The
 * frame's records and registers (A-SIG-1, 2, 5), what the handler sees
 * (A-SIG-7), and what rt_sigreturn restores after the handler clobbers
 * everything, with the frame untouched or edited in each way the kernel
 * distinguishes (A-SR-3, A-SR-5); after a syscall the frame has no payload
 * or a zero one; a tracer write at the delivery stop is what the frame holds.
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/arm64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "signal",
		.name = "frame-restore",
		.summary = "the frame holds every register; the handler starts "
			   "with them; its clobbers are undone by sigreturn",
		.rule = "A-SIG-2",
		.vset = VSET_ALL,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "frame-edit",
		.summary = "V, FPSR, FPCR and the SVE payload the handler writes "
			   "into the frame are the registers after sigreturn",
		.rule = "A-SR-5",
		.vset = VSET_ALL,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_REGS, 4), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "frame-edit-sve-only",
		.summary = "an edited SVE payload gives the upper Z bits, P and "
			   "FFR; Z[127:0] still comes from fpsimd_context",
		.rule = "A-SR-5",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_SVE_ONLY, 4),
			STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "frame-edit-fpsimd-only",
		.summary = "an edited fpsimd_context gives Z[127:0], FPSR and "
			   "FPCR; the bits above come from the SVE payload",
		.rule = "A-SR-5",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_FPSIMD_ONLY, 4),
			STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "frame-sve-header-only",
		.summary = "sve_context cut to its header: sigreturn restores "
			   "V, FPSR, FPCR; Z above bit 127, P and FFR are zero",
		.rule = "A-SR-3",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2),
			SIGNAL(3, E_SVE_HEADER_ONLY, 0), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "after-syscall",
		.summary = "a signal after a syscall: the frame's sve_context "
			   "has no payload or a zero one, never stale SVE bits",
		.rule = "A-SIG-2",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.params = { SC_GETPID, SC_PIPE_READ },
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SYSCALL(0),
			SIGNAL(3, E_NONE, 0), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "write-at-delivery-stop",
		.summary = "NT_ARM_SVE written at the SIGILL delivery stop is "
			   "what the frame holds and what sigreturn restores",
		.rule = "A-SIG-2",
		.needs = NEED_SVE,
		.vset = VSET_DEFAULT,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), SIGNAL(2, E_NONE, 0), READ, WRITE(3, W_SVE),
			READ, STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "nested",
		.summary = "a SIGILL inside the handler: its frame holds the "
			   "handler's registers, each sigreturn restores its own",
		.rule = "A-SIG-2",
		.vset = VSET_ALL,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL_NESTED(3, 0, 0),
			SIGNAL(4, 0, 0), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "altstack",
		.summary = "on a sigaltstack of AT_MINSIGSTKSZ the frame fits, "
			   "holds every register, and sigreturn restores them",
		.rule = "SIG-ALTSTACK",
		.vset = VSET_ALL,
		.altstack = 1,
		.pre = PRE_A64_PAYLOAD,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
};

const struct fpabi_family a64_family_signal = {
	"signal", cases, sizeof(cases) / sizeof(cases[0])
};
