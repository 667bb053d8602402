// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 ptrace stop kinds beyond the breakpoint.  At a syscall or seccomp
 * stop the SVE state is already discarded (A-SYS-1: the flush is at
 * syscall entry, before the stops) and may be reported in either format
 * (A-SYS-6); an SVE-format write there must reach user space unchanged
 * (A-SYS-7: "arm64/fpsimd: Do not discard modified SVE state").  A stop
 * taken from user mode (PTRACE_INTERRUPT, group-stop) keeps live SVE
 * state, in SVE format.  A SIGSYS frame is built at syscall entry.
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/arm64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "stops",
		.name = "syscall-entry-write",
		.summary = "an SVE write at syscall entry survives the syscall: "
			   "the exit stop and the tracee see it",
		.rule = "A-SYS-7",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, SYSCALL_STOP(SC_GETPID), READ,
			WRITE(2, W_SVE), SYSEXIT, READ, STORE, END },
		.drop = 4, .drop_class = "stale",
	},
	{
		.family = "stops",
		.name = "syscall-exit-write",
		.summary = "an SVE write at syscall exit is what the tracee holds "
			   "when it returns",
		.rule = "A-SYS-7",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, SYSCALL_STOP(SC_SCHED_YIELD), SYSEXIT,
			READ, WRITE(2, W_SVE), READ, STORE, END },
		.drop = 5, .drop_class = "stale",
	},
	{
		.family = "stops",
		.name = "seccomp-write",
		.summary = "at a PTRACE_EVENT_SECCOMP stop the SVE state is "
			   "discarded already; an SVE write there reaches the tracee",
		.rule = "A-SYS-7",
		.needs = NEED_SVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), SECCOMP_STOP(SC_GETPPID), READ,
			WRITE(2, W_SVE), READ, STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "stops",
		.name = "interrupt",
		.summary = "PTRACE_INTERRUPT of a spinning tracee: live SVE state, "
			   "reported in SVE format, kept",
		.rule = "A-SYS-6",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), INTERRUPT, READ, WRITE(2, W_SVE), READ,
			STORE, END },
		.drop = 3, .drop_class = "stale",
	},
	{
		.family = "stops",
		.name = "group-stop",
		.summary = "a SIGSTOP group-stop of a spinning tracee: live SVE "
			   "state in SVE format, kept",
		.rule = "A-SYS-6",
		.needs = NEED_SVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), GROUPSTOP, READ, STORE, END },
		.drop = 2, .drop_class = "poison",
	},
	{
		.family = "stops",
		.name = "sigsys",
		.summary = "a SIGSYS from a seccomp SCMP_ACT_TRAP: the frame is "
			   "built at syscall entry (SVE bits zero), sigreturn "
			   "restores it",
		.rule = "A-SIG-2",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGSYS_TRAP(3, 0, 0), STORE,
			END },
		.drop = 2, .drop_class = "stale",
	},
};

const struct fpabi_family a64_family_stops = {
	"stops", cases, sizeof(cases) / sizeof(cases[0])
};
