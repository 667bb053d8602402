// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The guest side of tests/repro-vm.sh: the reproducers it built, carried
 * inside this program (repro-bins.h: .incbin), each written to /tmp and
 * run as built and with -DFPABI_REPRO_CORRUPT; one result line each
 * (an exit status of 150 + errno: the exec failed).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct bin {
	const char *id;
	const char *start, *end;	/* as built */
	const char *cstart, *cend;	/* with one expected word corrupted */
};

#include "repro-bins.h"

static int run(const char *start, const char *end)
{
	const char *path = "/tmp/repro";
	char *argv[] = { "repro", NULL }, *envp[] = { NULL };
	int fd, st;
	pid_t pid;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0 || write(fd, start, end - start) != end - start || close(fd))
		return 100;
	pid = fork();
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);	/* its own lines are noise in the TAP */
		dup2(null, 2);
		execve(path, argv, envp);
		_exit(errno < 50 ? 150 + errno : 149);	/* 150 + errno */
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return 102;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(void)
{
	unsigned i;

	mkdir("/tmp", 01777);
	for (i = 0; i < sizeof(bins) / sizeof(bins[0]); i++)
		printf("result %s normal=%d corrupt=%d\n", bins[i].id,
		       run(bins[i].start, bins[i].end),
		       run(bins[i].cstart, bins[i].cend));
	return 0;
}
