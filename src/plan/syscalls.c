// SPDX-License-Identifier: GPL-2.0-or-later
/* The syscall kinds a step makes (fpabi/syscalls.h): names and facts. */
#include <stdbool.h>
#include <stddef.h>

#include "fpabi/arch.h"
#include "fpabi/shm.h"
#include "fpabi/syscalls.h"

static const char *const sc_names[SC_NR] = {
	[SC_GETPID] = "getpid",
	[SC_SCHED_YIELD] = "sched_yield",
	[SC_NANOSLEEP] = "nanosleep",
	[SC_PIPE_READ] = "pipe-read",
	[SC_GETPPID] = "getppid",
	[SC_GETPGID] = "getpgid",
	[SC_EXEC] = "execve",
	[SC_FORK] = "fork", [SC_THREAD] = "thread", [SC_VFORK] = "vfork",
	[SC_CLONE3] = "clone3", [SC_FORK_SETTLS] = "fork-settls",
	[SC_THREAD_SETTLS] = "thread-settls",
	[SC_SLEEP_UNTIL] = "clock_nanosleep-abs",
	[SC_MIGRATE_SELF] = "sched_setaffinity-self",
};

const char *sc_name(unsigned sc)
{
	const char *n = NULL;

	if (sc < SC_NR)
		n = sc_names[sc];
	else if (fpabi_arch.sc_name)
		n = fpabi_arch.sc_name(sc);
	return n ? n : "?";
}

/* A syscall whose nature is to switch the task out: never unobserved. */
bool sc_switches(unsigned sc)
{
	return sc == SC_PIPE_READ || sc == SC_NANOSLEEP ||
	       sc == SC_SLEEP_UNTIL || sc == SC_MIGRATE_SELF;
}
