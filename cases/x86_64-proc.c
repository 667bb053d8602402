// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 fork and threads: a child process (clone with SIGCHLD) and a
 * thread (CLONE_VM | CLONE_THREAD) dump their registers first thing: they
 * hold the parent's registers at the clone, every component (X-PROC-2);
 * the parent keeps its own.  Also the PTRACE_EVENT_FORK/CLONE stop, where
 * the parent's regsets are read.
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/x86_64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "proc",
		.name = "fork-child",
		.summary = "a forked child starts with the parent's registers; "
			   "the parent keeps them",
		.rule = "X-PROC-2",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), FORK(SC_FORK), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "proc",
		.name = "thread-child",
		.summary = "a new thread starts with the creating thread's "
			   "registers",
		.rule = "X-PROC-2",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), FORK(SC_THREAD), STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "proc",
		.name = "fork-event-stop",
		.summary = "at the PTRACE_EVENT_FORK stop the parent's regsets "
			   "hold its registers; the child gets them too",
		.rule = "X-PROC-2",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, FORK_STOP(SC_FORK), READ, STORE, END },
		.drop = 3, .drop_class = "poison",
	},
	{
		.family = "proc",
		.name = "clone-event-stop",
		.summary = "at the PTRACE_EVENT_CLONE stop the creating thread's "
			   "regsets hold its registers; the thread gets them too",
		.rule = "X-PROC-2",
		.needs = NEED_XSAVE,
		.vset = VSET_DEFAULT,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, FORK_STOP(SC_THREAD), READ, STORE, END },
		.drop = 3, .drop_class = "poison",
	},
};

const struct fpabi_family x86_family_proc = {
	"proc", cases, sizeof(cases) / sizeof(cases[0])
};
