// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GETREGSET and SETREGSET for the arch backends: reads go into a poisoned
 * buffer, so bytes the kernel did not write are recognised; both honour
 * the test-only dropped step (fault injection).
 */
#include <errno.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "fpabi/run.h"

int regset_get(struct fpabi_run *r, unsigned note, void *buf, size_t len,
	       size_t *got)
{
	struct iovec iov = { buf, len };

	canary_poison(buf, len, r->cseed);
	*got = len;
	if (r->skip_io)
		return 0;	/* fault injection: the read is dropped */
	if (ptrace(PTRACE_GETREGSET, r->pid, note, &iov) < 0)
		return errno;
	*got = iov.iov_len;
	return 0;
}

int regset_set(struct fpabi_run *r, unsigned note, void *buf, size_t len)
{
	struct iovec iov = { buf, len };

	if (r->skip_io)
		return 0;	/* fault injection: the write is dropped */
	if (ptrace(PTRACE_SETREGSET, r->pid, note, &iov) < 0)
		return errno;
	return 0;
}
