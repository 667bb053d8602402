// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GETREGSET and SETREGSET for the arch backends: reads go into a poisoned
 * buffer, so bytes the kernel did not write are recognised; both honour
 * the test-only dropped step (fault injection).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "fpabi/record.h"
#include "fpabi/run.h"
#include "fpabi/util.h"

#define TRACER_TASK	2	/* canary task of the tracer's own registers */
#define TRACER_REGS_MAX	2048

/*
 * PT-TRACER: the ptrace call made with the tracer's own vector registers
 * holding canaries of its own (task 2), checked after: a regset function
 * that acted on current (the tracer) instead of target shows here.
 * Returns ptrace()'s result, errno set as ptrace() sets it.
 */
long regset_tracer_ptrace(struct fpabi_run *r, long req, unsigned long addr,
			  void *data, const char *what)
{
	uint8_t in[TRACER_REGS_MAX], out[TRACER_REGS_MAX];
	unsigned width, k;
	const char *name;
	size_t len;
	long ret;

	if (!fpabi_arch.tracer_ptrace)
		return ptrace(req, r->pid, addr, data);
	name = fpabi_arch.tracer_regs(r->m, &len, &width);
	if (len > TRACER_REGS_MAX)
		die("internal: tracer register image of %zu bytes", len);
	for (k = 0; k < len / width; k++)
		canary_fill(in + k * width, width, r->cseed, TRACER_TASK,
			    r->stops & CANARY_MAX_PHASE, 0, k, 0);
	canary_poison(out, len, r->cseed);
	ret = fpabi_arch.tracer_ptrace(r->m, req, r->pid, (void *)addr, data,
				       in, out);
	if (ret < 0) {
		errno = (int)-ret;
		ret = -1;
	}
	for (k = 0; k < len / width; k++) {
		struct fpabi_finding f;

		if (!memcmp(in + k * width, out + k * width, width))
			continue;
		memset(&f, 0, sizeof(f));
		snprintf(f.observer, sizeof(f.observer),
			 "the tracer's own registers across %s", what);
		snprintf(f.what, sizeof(f.what), "%s%u", name, k);
		snprintf(f.group, sizeof(f.group), "tracer");
		f.hi = width - 1;
		hex_bytes(f.expected, sizeof(f.expected), in + k * width, width);
		hex_bytes(f.got, sizeof(f.got), out + k * width, width);
		f.cls = CL_UNKNOWN;
		for (len = 0; len < width && !out[k * width + len]; len++)
			;
		if (len == width)
			f.cls = CL_ZERO;
		snprintf(f.origin, sizeof(f.origin), "%s, not the value the "
			 "tracer had before the call",
			 f.cls == CL_ZERO ? "zero" : "other bytes");
		f.rule = rule_get("PT-TRACER");
		add_finding(r, &f);
		break;	/* one finding names it; the rest follow */
	}
	return ret;
}

int regset_get(struct fpabi_run *r, unsigned note, void *buf, size_t len,
	       size_t *got)
{
	struct iovec iov = { buf, len };

	canary_poison(buf, len, r->cseed);
	*got = len;
	if (r->skip_io) {
		/* fault injection: the read is dropped; the record's words of
		 * buf are of no call (not of the last read's buffer) */
		record_observe(r, SRC_REGSET, 0, 0);
		return 0;
	}
	if (regset_tracer_ptrace(r, PTRACE_GETREGSET, note, &iov,
				 "PTRACE_GETREGSET") < 0) {
		int err = errno;

		record_regset(r, false, note, buf, len, 0, err);
		return err;
	}
	if (r->inject_iovlen)
		iov.iov_len = len + 4096;	/* test-only: a kernel that claims more */
	/*
	 * kernel/ptrace.c: ptrace_regset(): "iov->iov_len = min(iov_len,
	 * regset size)": the kernel never grows it.  One that did would
	 * claim bytes past buf: *got keeps the claim (the callers' iov_len
	 * checks report it), but no byte past len is ever read.
	 */
	*got = iov.iov_len;
	record_regset(r, false, note, buf, len, MIN(*got, len), 0);
	return 0;
}

int regset_set(struct fpabi_run *r, unsigned note, void *buf, size_t len)
{
	struct iovec iov = { buf, len };
	int err = 0;

	if (r->skip_io)
		return 0;	/* fault injection: the write is dropped */
	if (regset_tracer_ptrace(r, PTRACE_SETREGSET, note, &iov,
				 "PTRACE_SETREGSET") < 0)
		err = errno;
	record_regset(r, true, note, buf, len, len, err);
	return err;
}
