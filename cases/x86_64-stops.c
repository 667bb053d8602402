// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 ptrace stop kinds beyond the breakpoint: syscall entry and exit
 * (PTRACE_SYSCALL), a seccomp stop (SCMP_ACT_TRACE), PTRACE_INTERRUPT and
 * group-stop of a spinning tracee, and a SIGSYS from SCMP_ACT_TRAP.  At
 * each, the regsets hold the tracee's registers and a write is what the
 * tracee then holds (X-SYS-1, X-PT-3, X-PT-5, X-SIG-3).
 */
#include "fpabi/case.h"
#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/x86_64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "stops",
		.name = "syscall-entry-exit",
		.summary = "read at syscall entry, write there, read at exit: the "
			   "written state survives the syscall",
		.rule = "X-PT-5",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, SYSCALL_STOP(SC_GETPID), READ,
			WRITE(2, W_XSTATE), SYSEXIT, READ, STORE, END },
		.drop = 4, .drop_class = "stale",
	},
	{
		.family = "stops",
		.name = "seccomp",
		.summary = "at a PTRACE_EVENT_SECCOMP stop the regsets hold the "
			   "registers and a write reaches the tracee",
		.rule = "X-PT-5",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), SECCOMP_STOP(SC_GETPPID), READ,
			WRITE(2, W_XSTATE), READ, STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "stops",
		.name = "interrupt",
		.summary = "PTRACE_INTERRUPT of a spinning tracee: the regsets hold "
			   "its registers and a write reaches it",
		.rule = "X-PT-5",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), INTERRUPT, READ, WRITE(2, W_XSTATE), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "stops",
		.name = "group-stop",
		.summary = "a SIGSTOP group-stop of a spinning tracee: the regsets "
			   "hold its registers, which it keeps",
		.rule = "X-PT-3",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), GROUPSTOP, READ, STORE, END },
		.drop = 2, .drop_class = "poison",
	},
	{
		.family = "stops",
		.name = "sigsys",
		.summary = "a SIGSYS from a seccomp SCMP_ACT_TRAP: the frame holds "
			   "the registers of the syscall, sigreturn restores them",
		.rule = "X-SIG-3",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		/* a component the variant leaves in init is seen through a header
		 * the CPU wrote (XSTATE_BV from XINUSE): proven clear there */
		.quirks = QUIRK_NO_XINUSE,
		.pre = PRE_X86_INIT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGSYS_TRAP(3, E_NONE, 0),
			STORE, END },
		.drop = 2, .drop_class = "stale",
	},
};

const struct fpabi_family x86_family_stops = {
	"stops", cases, sizeof(cases) / sizeof(cases[0])
};
