// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ssve-ffr-no-fa64, trimmed by hand from repro.c (fpabi repro
 * arm64.sme.write-ssve/vl64-svl32-off --seed 1): without FEAT_SME_FA64 an
 * NT_ARM_SSVE write keeps the FFR bytes it was given, and an NT_ARM_SSVE
 * read at the same stop returns them.  The tracee only stops at a brk;
 * the tracer writes a streaming SVE payload whose FFR slot is all ones (a
 * valid FFR) and reads it back.
 *
 * Recorded on: Linux 7.3.4+deb13-arm64 (Debian 7.3.4-1~bpo13+1), QEMU 10
 *   TCG -cpu max,pauth-impdef=on,sme_fa64=off (SME, no FA64), SVL 32
 * Rule (fpabi A-PT-8), Documentation/arch/arm64/sve.rst section 1: "In
 *   streaming mode FFR is not accessible unless HWCAP2_SME_FA64 is present
 *   in the system, when it is not supported and these interfaces are used
 *   to access streaming mode FFR is read and written as zero."
 *   (kernel: arch/arm64/kernel/ptrace.c: sve_set_common(), sve_get_common())
 *
 * Build and run: aarch64-linux-gnu-gcc -static -O2 repro-short.c && ./a.out
 * Exit status: 1 the bug shows (FFR reads back non-zero), 0 it does not,
 * 2 no verdict (no SME, FA64 present, or a setup failure).
 * -DFPABI_REPRO_CORRUPT expects the written bytes instead (a self-test:
 * then it exits 1 on a kernel that zeroes them).
 */
#define _GNU_SOURCE
#include <asm/ptrace.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef NT_ARM_SSVE
#define NT_ARM_SSVE 0x40b
#endif
#define HWCAP2_SME_BIT (1UL << 23)
#define HWCAP2_SME_FA64_BIT (1UL << 30)

static pid_t pid;

static void __attribute__((noreturn)) fail(const char *what)
{
	fprintf(stderr, "repro: %s: %s (no verdict)\n", what, strerror(errno));
	if (pid > 0)
		kill(pid, SIGKILL);
	exit(2);
}

static void regset(int req, void *buf, size_t len, const char *what)
{
	struct iovec iov = { buf, len };

	if (ptrace(req, pid, (void *)NT_ARM_SSVE, &iov) < 0)
		fail(what);
}

int main(void)
{
	unsigned long hwcap2 = getauxval(AT_HWCAP2);
	struct user_sve_header h;
	unsigned char *buf, *back, want;
	unsigned vq, i, bad = 0, z_ok;
	size_t size;
	int st;

	if (!(hwcap2 & HWCAP2_SME_BIT) || (hwcap2 & HWCAP2_SME_FA64_BIT)) {
		printf("no verdict: the rule is for SME without FA64; this CPU "
		       "has %s\n", hwcap2 & HWCAP2_SME_BIT ?
		       "FA64 (FFR is accessible in streaming mode)" : "no SME");
		return 2;
	}
	pid = fork();
	if (pid < 0)
		fail("fork");
	if (!pid) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
			_exit(3);
		raise(SIGSTOP);
		__asm__ volatile("brk #0");	/* the stop the tracer writes at */
		_exit(0);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFSTOPPED(st) ||
	    ptrace(PTRACE_CONT, pid, 0, 0) < 0 || waitpid(pid, &st, 0) < 0 ||
	    !WIFSTOPPED(st) || WSTOPSIG(st) != SIGTRAP)
		fail("the breakpoint stop");

	/* the header of the inactive streaming regset names the SVL */
	regset(PTRACE_GETREGSET, &h, sizeof(h), "NT_ARM_SSVE header read");
	vq = __sve_vq_from_vl(h.vl);
	size = SVE_PT_SIZE(vq, SVE_PT_REGS_SVE);
	buf = calloc(1, size);
	back = calloc(1, size);
	if (!buf || !back)
		fail("calloc");
	h.size = size;
	h.flags = SVE_PT_REGS_SVE;
	memcpy(buf, &h, sizeof(h));
	/* Z and P hold a pattern; the FFR slot all ones (a valid FFR) */
	for (i = SVE_PT_SVE_OFFSET; i < SVE_PT_SVE_FFR_OFFSET(vq); i++)
		buf[i] = (unsigned char)(i * 7 + 1);
	memset(buf + SVE_PT_SVE_FFR_OFFSET(vq), 0xff, SVE_PT_SVE_FFR_SIZE(vq));
	regset(PTRACE_SETREGSET, buf, size, "NT_ARM_SSVE write");

	memset(back, 0x5a, size);
	regset(PTRACE_GETREGSET, back, size, "NT_ARM_SSVE read");
	z_ok = !memcmp(back + SVE_PT_SVE_ZREG_OFFSET(vq, 0),
		       buf + SVE_PT_SVE_ZREG_OFFSET(vq, 0),
		       SVE_PT_SVE_ZREG_SIZE(vq));
	printf("%s: NT_ARM_SSVE read after the write at the same stop: z0 "
	       "bytes 0-%u %s\n", z_ok ? "ok" : "BUG", 16 * vq - 1,
	       z_ok ? "hold what was written" : "do not hold what was written");
#ifdef FPABI_REPRO_CORRUPT
	want = 0xff;	/* self-test: expect the written bytes */
#else
	want = 0;	/* read and written as zero */
#endif
	for (i = 0; i < SVE_PT_SVE_FFR_SIZE(vq); i++)
		bad += back[SVE_PT_SVE_FFR_OFFSET(vq) + i] != want;
	printf("%s: ffr bytes 0-%u: expected %s, got %02x%02x... (%u bytes "
	       "differ%s)\n", bad ? "BUG" : "ok", SVE_PT_SVE_FFR_SIZE(vq) - 1,
	       want ? "the written 0xff bytes" : "zero (no FA64: read and "
	       "written as zero)", back[SVE_PT_SVE_FFR_OFFSET(vq)],
	       back[SVE_PT_SVE_FFR_OFFSET(vq) + 1], bad,
	       bad && back[SVE_PT_SVE_FFR_OFFSET(vq)] == 0xff ?
	       ": the bytes the tracer wrote" : "");
	if (ptrace(PTRACE_CONT, pid, 0, 0) < 0 || waitpid(pid, &st, 0) < 0)
		fail("the end");
	pid = 0;
	return bad || !z_ok ? 1 : 0;
}
