// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the reader of the files fpabi bench --compare is
 * given (src/bench/read.c: bounded JSON, and the bench's TAP turned into
 * it) and the comparison over what it lets in (src/bench/compare.c).
 * The input is one file as hostile bytes, in a memfd (a regular file, as
 * the reader demands), compared with itself (nothing may regress) and
 * with a fixed good file both ways.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fpabi/bench.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char good[] =
	"{\"fpabi_bench\": 1, \"kernel\": \"6.18\", \"results\": [{\"id\": "
	"\"syscall/x\", \"status\": \"ok\", \"metrics\": {\"ns_per_op\": "
	"{\"median\": 1, \"q1\": 1, \"q3\": 1, \"min\": 1, \"max\": 1}}}]}\n";
static char in_path[64], good_path[64];
static int in_fd = -1;

static int memfd_path(const char *name, char *path, size_t n)
{
	int fd = memfd_create(name, 0);

	if (fd < 0)
		abort();
	snprintf(path, n, "/proc/self/fd/%d", fd);
	return fd;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int fd, null = open("/dev/null", O_WRONLY);

	(void)argc;
	(void)argv;
	/* the comparison's table and its refusals: not the fuzzer's log */
	if (null < 0 || dup2(null, 1) < 0)
		abort();
	close(null);
	fd = memfd_path("good", good_path, sizeof(good_path));
	if (write(fd, good, sizeof(good) - 1) != (ssize_t)sizeof(good) - 1)
		abort();
	in_fd = memfd_path("in", in_path, sizeof(in_path));
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int rc;

	if (ftruncate(in_fd, 0) < 0 || pwrite(in_fd, data, size, 0) != (ssize_t)size)
		abort();
	rc = bench_compare(in_path, in_path, 0, 5);
	if (rc == 1)
		abort();	/* a file cannot regress against itself */
	if (rc != 0 && rc != 2)
		abort();
	bench_compare(in_path, good_path, 0, 5);
	bench_compare(good_path, in_path, -1, -1);
	return 0;
}
