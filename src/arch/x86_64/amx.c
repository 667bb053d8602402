// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 AMX permission ABI (X-AMX-1), asked of the kernel directly in a
 * child process: these answers exist on every x86_64 kernel since 5.16,
 * with or without AMX in the CPU.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fpabi/util.h"
#include "x86.h"

#define ARCH_GET_XCOMP_SUPP	0x1021
#define ARCH_GET_XCOMP_PERM	0x1022
#define ARCH_REQ_XCOMP_PERM	0x1023

struct answers {
	long supp_ret, perm_ret;
	uint64_t supp, perm;
	int err_cfg, err_data, err_big;		/* errno, 0 on success */
};

static int req(unsigned long idx)
{
	return syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, idx) < 0 ? errno : 0;
}

/* In a child: the permission it asks for must not stay with the runner. */
static int ask(struct answers *a)
{
	int fd[2], status;
	pid_t pid;

	if (pipe2(fd, O_CLOEXEC) < 0)
		return -1;
	pid = fpabi_fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		struct answers c;

		memset(&c, 0, sizeof(c));
		c.supp_ret = syscall(SYS_arch_prctl, ARCH_GET_XCOMP_SUPP, &c.supp);
		c.perm_ret = syscall(SYS_arch_prctl, ARCH_GET_XCOMP_PERM, &c.perm);
		c.err_cfg = req(XF_TILECFG);
		c.err_data = req(XF_TILEDATA);
		c.err_big = req(63);
		_exit(write(fd[1], &c, sizeof(c)) == sizeof(c) ? 0 : 1);
	}
	close(fd[1]);
	if (read(fd[0], a, sizeof(*a)) != sizeof(*a)) {
		close(fd[0]);
		waitpid(pid, &status, 0);
		return -1;
	}
	close(fd[0]);
	waitpid(pid, &status, 0);
	return 0;
}

void x86_amx_probe(struct fpabi_run *r)
{
	const struct x86_machine *x = xm(r);
	const struct fpabi_rule *rule = rule_get("X-AMX-1");
	const char *obs = "arch_prctl";
	struct answers a;

	if (ask(&a) < 0) {
		run_broken(r, "the probe child failed: %s", strerror(errno));
		return;
	}
	/* test-only: a corrupted answer, or the TILECFG request not made */
	if (r->inject_byte)
		a.supp ^= 1;
	if (r->drop_step)
		a.err_cfg = 0;
	check_value(r, obs, "ARCH_GET_XCOMP_SUPP succeeds", 0, a.supp_ret, rule);
	check_value(r, obs, "ARCH_GET_XCOMP_PERM succeeds", 0, a.perm_ret, rule);
	check_value(r, obs, "XCOMP_SUPP has x87 and SSE", 3, a.supp & 3, rule);
	check_value(r, obs, "XCOMP_SUPP bits outside XCR0", 0,
		    a.supp & ~(x->xl.xcr0 | 3), rule);
	check_value(r, obs, "XCOMP_PERM bits outside XCOMP_SUPP", 0,
		    a.perm & ~a.supp, rule);
	check_errno(r, obs, "ARCH_REQ_XCOMP_PERM(TILECFG)", EOPNOTSUPP,
		    a.err_cfg, rule);
	check_errno(r, obs, "ARCH_REQ_XCOMP_PERM(TILEDATA)",
		    r->m->have & NEED_AMX ? 0 : EOPNOTSUPP, a.err_data, rule);
	check_errno(r, obs, "ARCH_REQ_XCOMP_PERM(63)", EINVAL, a.err_big, rule);
}
