// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi-tracee FD [trace|compete|race]: maps the shared memory the tracer
 * prepared and runs in the mode asked: a case's event list under the
 * tracer (tracee.c), a competitor (tracee.c) or the race loop (race.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "fpabi/shm.h"
#include "tracee.h"

int main(int argc, char **argv)
{
	struct fpabi_shm_hdr *h;
	uint8_t *base;
	struct stat st;
	int fd;

	/* the runner asks once which tracee this is (fpabi_check_tracee) */
	if (argc == 2 && !strcmp(argv[1], "--abi")) {
		printf("fpabi-tracee %#x %u\n", FPABI_SHM_MAGIC,
		       FPABI_SHM_VERSION);
		return 0;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: fpabi-tracee FD [trace|compete|race] (started by fpabi)\n");
		return 2;
	}
	fd = atoi(argv[1]);
	if (fstat(fd, &st) < 0 || st.st_size < 4096) {
		fprintf(stderr, "fpabi-tracee: fd %d is not fpabi's memory\n", fd);
		return 2;
	}
	base = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		return 2;
	h = (struct fpabi_shm_hdr *)base;
	tracee_attach(base, h);
	if (h->magic != FPABI_SHM_MAGIC || h->version != FPABI_SHM_VERSION ||
	    h->size != (uint64_t)st.st_size)
		tracee_fail(EINVAL, "shared memory header mismatch");
	if (argc == 3 && !strcmp(argv[2], "compete"))
		tracee_compete();
	if (argc == 3 && !strcmp(argv[2], "race"))
		race(base, h);
	tracee_trace();
}
