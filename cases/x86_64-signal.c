// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 signal family: a SIGILL taken with every component live.  The
 * frame's fpstate holds the interrupted registers (X-SIG-1..3), the handler
 * starts at init (X-SIG-5), and after the handler clobbers everything,
 * sigreturn gives back the originals or the frame's edits (X-SR-3).  A
 * tracer write at the signal-delivery stop is what the frame and the
 * task then hold.
 */
#include "fpabi/case.h"
#include "fpabi/platform.h"
#include "fpabi/x86_64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "signal",
		.name = "frame-restore",
		.summary = "the frame holds every register; the handler starts "
			   "at init; its clobbers are undone by sigreturn",
		.rule = "X-SIG-3",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "frame-edit",
		.summary = "registers the handler writes into the frame are the "
			   "task's registers after sigreturn",
		.rule = "X-SR-3",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_REGS, 4), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "frame-clear-avx-bits",
		.summary = "clearing AVX and AVX-512 bits of the frame's "
			   "XSTATE_BV puts those components at init",
		.rule = "X-SR-3",
		.needs = NEED_AVX,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_CLEAR_AVX, 0),
			STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "nested",
		.summary = "a SIGILL inside the handler: its frame holds the "
			   "handler's registers, each sigreturn restores its own",
		.rule = "X-SIG-3",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
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
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
		.altstack = 1,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_NONE, 0), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "signal",
		.name = "write-at-delivery-stop",
		.summary = "NT_X86_XSTATE written at the SIGILL delivery stop is "
			   "what the frame holds and what sigreturn restores",
		.rule = "X-PT-5",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), SIGNAL(2, E_NONE, 0), READ, WRITE(3, W_XSTATE),
			READ, STORE, END },
		.drop = 3, .drop_class = "stale",
	},
};

const struct fpabi_family x86_family_signal = {
	"signal", cases, sizeof(cases) / sizeof(cases[0])
};
