// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * noptrace: run a command where ptrace(2) is refused the way a container
 * refuses it: a seccomp filter (inherited by every descendant) makes each
 * ptrace call fail with EPERM.  Used by tests/nonroot.sh.  With
 * NOPTRACE_SYSCALL=NAME in the environment it refuses that syscall
 * instead (memfd_create: tests/nonroot.sh's refused shared memory).
 */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	scmp_filter_ctx ctx;
	int rc;

	if (argc < 2) {
		fprintf(stderr, "usage: noptrace COMMAND [ARGS...]\n");
		return 2;
	}
	/* libseccomp sets no_new_privs first, so no privilege is needed */
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx) {
		fprintf(stderr, "noptrace: seccomp_init failed\n");
		return 2;
	}
	{
		const char *name = getenv("NOPTRACE_SYSCALL");
		int nr = name ? seccomp_syscall_resolve_name(name) :
			 SCMP_SYS(ptrace);

		if (nr == __NR_SCMP_ERROR) {
			fprintf(stderr, "noptrace: no syscall '%s'\n", name);
			return 2;
		}
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
	}
	if (!rc)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	if (rc) {
		fprintf(stderr, "noptrace: seccomp: %s\n", strerror(-rc));
		return 2;
	}
	/*
	 * LeakSanitizer stops the process's threads with ptrace at exit: in
	 * a sanitizer build (configure --enable-sanitizers) it would die
	 * here with "LeakSanitizer has encountered a fatal error".  Leaks
	 * are still checked by every other test of that build.
	 */
	{
		const char *old = getenv("ASAN_OPTIONS");
		char opts[512];

		snprintf(opts, sizeof(opts), "%s%sdetect_leaks=0",
			 old ? old : "", old && *old ? ":" : "");
		setenv("ASAN_OPTIONS", opts, 1);
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "noptrace: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
