// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The files fpabi writes, opened once and safely (fpabi/output.h), and
 * its standard descriptors kept open.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fpabi/output.h"

/* Is the directory that holds path sticky (S_ISVTX, as /tmp is)? */
static bool in_sticky_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	struct stat st;

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	return !stat(dir, &st) && (st.st_mode & S_ISVTX);
}

FILE *output_open(const char *path)
{
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, fd, e;
	struct stat st;
	FILE *f;

	/* "-": standard output, for every output option */
	if (!strcmp(path, "-"))
		return stdout;
	if (in_sticky_dir(path))
		flags |= O_NOFOLLOW;
	fd = open(path, flags, 0666);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || (S_ISREG(st.st_mode) && ftruncate(fd, 0) < 0) ||
	    !(f = fdopen(fd, "w"))) {
		e = errno;
		close(fd);
		errno = e;
		return NULL;
	}
	return f;
}

void output_std_fds(void)
{
	int fd;

	do
		fd = open("/dev/null", O_RDWR);
	while (fd >= 0 && fd <= 2);
	if (fd > 2)
		close(fd);
}
