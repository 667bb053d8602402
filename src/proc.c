// SPDX-License-Identifier: GPL-2.0-or-later
/* Children of the runner that die with it, whatever ends it (SIGKILL too). */
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "fpabi/util.h"

pid_t fpabi_fork(void)
{
	pid_t parent = getpid(), pid = fork();

	if (pid != 0)
		return pid;
	/*
	 * PR_SET_PDEATHSIG: SIGKILL when the runner's thread exits; a runner
	 * that died between fork() and the prctl() is seen by getppid()
	 * (the child was reparented), and the child goes at once.
	 */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	return 0;
}
