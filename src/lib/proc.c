// SPDX-License-Identifier: GPL-2.0-or-later
/* The runner's children: they die with it, whatever ends it (SIGKILL too). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fpabi/shm.h"
#include "fpabi/run.h"
#include "fpabi/util.h"

/* the tracee being run, for the runner's signal handler */
volatile pid_t fpabi_current_tracee;

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

/*
 * A traced thread that dies stays a zombie until its tracer reaps it
 * (kernel/exit.c: exit_notify() autoreaps only an untraced thread), and
 * its group leader cannot be reaped before it (wait_consider_task() skips
 * a zombie leader while delay_group_leader()): a waitpid() on the leader
 * alone then waits for ever.  That happens when the run ends between a
 * clone event stop and the detach of the new thread (a signal to the
 * runner, or the deadline, in ctl_fork_stop()).  So every child is
 * reaped, the traced threads with __WALL, until the tracee itself is.
 */
void fpabi_kill_reap(pid_t pid)
{
	int status;
	pid_t p;

	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	do
		p = waitpid(-1, &status, __WALL);
	while (p != pid && (p >= 0 || errno == EINTR));
}

long long fpabi_schedstat(pid_t pid, unsigned k)
{
	long long v[3];
	char path[64];
	FILE *f;
	int n;

	if (k > 2)
		return -1;
	snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	n = fscanf(f, "%lld %lld %lld", &v[0], &v[1], &v[2]);
	fclose(f);
	return n > (int)k ? v[k] : -1;
}

/*
 * Is path fpabi's tracee, of this build's shared-memory ABI?  Asked once,
 * before any case: `fpabi-tracee --abi` prints its magic and version.
 * Anything else (not executable, another program, another version, no
 * answer within 10 s) is a setup error, exit status 2.
 */
void fpabi_check_tracee(const char *path)
{
	char want[64], got[64] = "";
	int fd[2], status, n = 0, i;
	struct pollfd pfd;
	ssize_t r;
	pid_t pid;

	if (access(path, X_OK) != 0)
		die("cannot run the tracee %s: %s (use --tracee)", path,
		    strerror(errno));
	snprintf(want, sizeof(want), "fpabi-tracee %#x %u\n", FPABI_SHM_MAGIC,
		 FPABI_SHM_VERSION);
	if (pipe2(fd, O_CLOEXEC) < 0)
		die("pipe: %s", strerror(errno));
	pid = fpabi_fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		int null = open("/dev/null", O_RDWR);

		dup2(fd[1], 1);
		dup2(null, 0);
		dup2(null, 2);
		execl(path, "fpabi-tracee", "--abi", (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	pfd.fd = fd[0];
	pfd.events = POLLIN;
	for (i = 0; i < 100 && n < (int)sizeof(got) - 1; i++) {
		if (poll(&pfd, 1, 100) <= 0)
			continue;
		r = read(fd[0], got + n, sizeof(got) - 1 - n);
		if (r <= 0)
			break;
		n += r;
	}
	got[n] = 0;
	close(fd[0]);
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (strcmp(got, want)) {
		got[strcspn(got, "\n")] = 0;
		die("%s is not this fpabi's tracee: asked with --abi it said "
		    "'%s', not '%.*s' (use --tracee)", path, got,
		    (int)strlen(want) - 1, want);
	}
}
