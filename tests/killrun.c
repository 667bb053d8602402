// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * killrun: start a command again and again, SIGKILL it at a random moment,
 * and report every process it left behind (this helper is a child
 * subreaper, so every orphan of the run becomes its child).
 *
 *   killrun N MAXMS SEED NAME -- COMMAND [ARGS...]
 *
 * prints one TAP line, "ok - NAME: N kills at 0..MAXMS ms, nothing left",
 * or "not ok" with each leftover's pid, state and command line, and
 * exits 0 or 1.  A leftover has GRACE_MS to die before it counts; it is
 * killed afterwards either way.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define GRACE_MS	3000

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* "pid state cmdline" of each process whose parent is this one */
static unsigned list_children(char *buf, size_t n, int kill_them)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	unsigned found = 0;
	size_t len = strlen(buf);

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[64], st[512], cmd[256], *p;
		int pid = atoi(de->d_name), ppid, fd;
		ssize_t r;
		char state;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		r = read(fd, st, sizeof(st) - 1);
		close(fd);
		if (r <= 0)
			continue;
		st[r] = 0;
		p = strrchr(st, ')');
		if (!p || sscanf(p + 2, "%c %d", &state, &ppid) != 2 ||
		    ppid != getpid())
			continue;
		snprintf(path, sizeof(path), "/proc/%d/cmdline", pid);
		cmd[0] = 0;
		fd = open(path, O_RDONLY);
		if (fd >= 0) {
			r = read(fd, cmd, sizeof(cmd) - 1);
			close(fd);
			cmd[r > 0 ? r : 0] = 0;
			for (ssize_t i = 0; i < r - 1; i++)
				if (!cmd[i])
					cmd[i] = ' ';
		}
		found++;
		if (len + 1 < n)
			len += snprintf(buf + len, n - len, "#   pid %d state %c: %s\n",
					pid, state, cmd);
		if (kill_them)
			kill(pid, SIGKILL);
	}
	closedir(d);
	return found;
}

/* Reap until no child is left (0) or the grace runs out (-1). */
static int reap_all(unsigned grace_ms)
{
	unsigned waited = 0;

	for (;;) {
		pid_t p = waitpid(-1, NULL, WNOHANG | __WALL);

		if (p > 0)
			continue;
		if (p < 0 && errno == ECHILD)
			return 0;
		if (waited >= grace_ms)
			return -1;
		sleep_ms(1);
		waited++;
	}
}

int main(int argc, char **argv)
{
	unsigned n, maxms, i, bad = 0, early = 0;
	static char report[8192];
	uint64_t s;

	if (argc < 7 || strcmp(argv[5], "--")) {
		fprintf(stderr, "usage: killrun N MAXMS SEED NAME -- COMMAND...\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 10);
	maxms = strtoul(argv[2], NULL, 10);
	s = strtoull(argv[3], NULL, 10) * 2654435761u + 1;
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) < 0) {
		printf("not ok - %s: PR_SET_CHILD_SUBREAPER: %s\n", argv[4],
		       strerror(errno));
		return 1;
	}
	for (i = 0; i < n; i++) {
		unsigned ms, t;
		int status;
		pid_t pid;

		s = s * 6364136223846793005ull + 1442695040888963407ull;
		ms = maxms ? (unsigned)(s >> 33) % (maxms + 1) : 0;
		pid = fork();
		if (pid < 0) {
			perror("fork");
			return 2;
		}
		if (!pid) {
			int null = open("/dev/null", O_RDWR);

			dup2(null, 1);
			dup2(null, 2);
			execvp(argv[6], argv + 6);
			_exit(127);
		}
		for (t = 0; t < ms; t++) {
			if (waitpid(pid, &status, WNOHANG) == pid)
				break;
			sleep_ms(1);
		}
		if (t < ms) {
			early++;	/* it ended before its moment */
		} else {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
		}
		if (reap_all(GRACE_MS) < 0) {
			size_t len = strlen(report);

			if (len + 1 < sizeof(report))
				snprintf(report + len, sizeof(report) - len,
					 "# kill %u at %u ms left:\n", i + 1, ms);
			list_children(report, sizeof(report), 1);
			reap_all(GRACE_MS);
			bad++;
		}
	}
	printf("%s - %s: %u kills at 0..%u ms (%u ended first), %u left "
	       "processes behind\n%s", bad ? "not ok" : "ok", argv[4], n,
	       maxms, early, bad, report);
	return bad ? 1 : 0;
}
