// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The guest side of tests/repro-vm.sh: the reproducers it built, carried
 * inside this program (repro-bins.h: .incbin), each written to /tmp and
 * run as built and with -DFPABI_REPRO_CORRUPT; one result line each
 * (an exit status of 150 + errno: the exec failed); a status other than
 * 0 or 1 prints the file's last lines as "# " comments.
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

/* the last lines of what a file printed, as comments */
static void show(const char *log)
{
	char line[256], last[8][256];
	unsigned n = 0, i;
	FILE *f = fopen(log, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		snprintf(last[n++ % 8], sizeof(last[0]), "%s", line);
	fclose(f);
	for (i = n > 8 ? n - 8 : 0; i < n; i++)
		printf("#   %s", last[i % 8]);
}

static int run(const char *start, const char *end)
{
	const char *path = "/tmp/repro", *log = "/tmp/repro.out";
	char *argv[] = { "repro", NULL }, *envp[] = { NULL };
	int fd, st;
	pid_t pid;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0 || write(fd, start, end - start) != end - start || close(fd))
		return 100;
	pid = fork();
	if (!pid) {
		int out = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		dup2(out, 1);	/* its own lines: only for a no-verdict exit */
		dup2(out, 2);
		execve(path, argv, envp);
		_exit(errno < 50 ? 150 + errno : 149);	/* 150 + errno */
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return 102;
	st = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	if (st > 1)
		show(log);
	return st;
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
