// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reproducer of fpabi case arm64.sme.write-ssve/vl64-svl32-off, seed 1
 * (`fpabi repro`: gcc -O2 repro.c && ./a.out, TAP out), recorded on Linux 7.3.4+deb13-arm64 #1 SMP PREEMPT Debian 7.3.4-1~bpo13+1 (2026-11-15).
 * CPU: arm64, SVE, SME, SME2 (no FA64); the variant (vl64-svl32-off): VL 64, SVL 32, SVCR 0
 * Build on another machine: aarch64-linux-gnu-gcc -static -O2 repro.c
 * Rule A-PT-13: an SVE-format NT_ARM_SVE write replaces all SVE state; 6.16+: what the payload does not cover is zero (header only: everything zero)
 *   source: arch/arm64/kernel/ptrace.c: sve_set_common()
 * Steps: load(1) trap write(NT_ARM_SSVE SVE format, 2) read store; the file stops after step 4, its last observation
 * fpabi found 1 difference(s), the first: NT_ARM_SSVE read 1 at stop 1: ffr: this task's phase-2 value of ffr.
 * Exit: 0 as the rule says, 1 BUG, 3 the CPU's own change (a control), 4 no feature, 2 no verdict.
 */
#define _GNU_SOURCE
#include <asm/hwcap.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#define SEED 0x10de	/* fpabi's canaries' */
static unsigned int n, bad, cpu;	/* the TAP test number; BUGs; CPU changes */
#define SKIP(what) (printf("1..0 # SKIP %s\n", what), exit(4))
#define bail(what) (printf("Bail out! %s (no verdict)\n", what), exit(2))
uint8_t *shm;	/* shared with the tracee: images, dumps, regset buffers */
static pid_t pid;

static void timeout(int sig)
{
	bail(sig == SIGALRM ? "60 s and the scenario has not ended" : "");
}

/* len bytes at off: fpabi's canaries of a register, 8 bytes a lane; comp 63: poison */
static void fill(uint64_t off, unsigned int len, uint64_t task, uint64_t phase,
		 uint64_t comp, uint64_t reg, uint64_t lane)
{
	for (unsigned int k = 0; k < len; k += 8) {
		uint64_t w = (uint64_t)SEED << 48 | task << 44 | phase << 40 | reg << 18 |
			     (comp == 63 ? 0 : lane + k / 8) << 26 | comp << 12;
		uint64_t x = (w ^ 0x66706162692d6376ull) + 0x9e3779b97f4a7c15ull;

		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
		x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
		w |= (x ^ (x >> 31)) & 0xfff;	/* the check bits */
		memcpy(shm + off + k, &w, len - k < 8 ? len - k : 8);
	}
}

struct word {	/* a checked word: its area, where, how; expected, init, the control's */
	uint64_t area;
	unsigned int off, len, comp, how;
	uint64_t exp, init, ctl;
	const char *what;
};

#define CTL_NONE 0	/* no control: the expected value */
#define CTL_FPSR 1
#define CTL_FPCR 2
#define CTL_V 3	/* a V or Z lane through d0 */

#define ALT(off) ((off) << 16 | 32)	/* its place in an SVE payload's FPSIMD format */
#define SVE_PT_REGS_SVE 1	/* user_sve_header.flags: SVE format */

/* a word; in an SVE payload in FPSIMD format (the kernel's choice) elsewhere, or zero */
static uint64_t read_word(const struct word *w, const uint8_t *area)
{
	uint64_t v = 0;
	uint16_t fmt;

	memcpy(&fmt, area + 12, 2);
	if ((w->how & 32) && !(fmt & SVE_PT_REGS_SVE)) {
		if (w->how >> 16 != 0xffff)
			memcpy(&v, area + (w->how >> 16), w->len);
		return v;
	}
	memcpy(&v, area + w->off, w->len);
	return v;
}

/* the control: the value alone through the CPU, the caller's put back: FPSR, FPCR by MSR,
 * MRS (bits a CPU lacks read as zero), a V or Z lane through d0; P, FFR: as expected */
static uint64_t roundtrip(const struct word *w)
{
	uint64_t v = w->exp, old;

	if ((w->how & 7) == CTL_FPSR)
		__asm__ volatile("mrs %0, fpsr\n\tmsr fpsr, %1\n\tmrs %1, fpsr\n\tmsr fpsr, %0"
				 : "=&r"(old), "+r"(v));
	else if ((w->how & 7) == CTL_FPCR)
		__asm__ volatile("mrs %0, fpcr\n\tmsr fpcr, %1\n\tmrs %1, fpcr\n\tmsr fpcr, %0"
				 : "=&r"(old), "+r"(v));
	else if ((w->how & 7) == CTL_V)
		__asm__ volatile("fmov d0, %0\n\tfmov %0, d0" : "+r"(v) : : "v0");
	else
		return w->exp;
	if (w->len < 8)
		v &= (1ull << 8 * w->len) - 1;
	return v;
}

#ifndef PR_SME_SET_VL
#define PR_SME_SET_VL 63
#define PR_SME_VL_LEN_MASK 0xffff
#endif
#ifndef HWCAP2_SME
#define HWCAP2_SME (1 << 23)
#endif
#ifndef HWCAP2_SME_FA64
#define HWCAP2_SME_FA64 (1 << 30)
#endif
static void check_features(void)
{
	if (!(getauxval(AT_HWCAP) & HWCAP_SVE))
		SKIP("no SVE (HWCAP_SVE)");
	if (!(getauxval(AT_HWCAP2) & HWCAP2_SME))
		SKIP("no SME (HWCAP2_SME)");
	if (getauxval(AT_HWCAP2) & HWCAP2_SME_FA64)
		SKIP("FA64 (HWCAP2_SME_FA64): the expected streaming FFR is zero only without it");
	if ((prctl(PR_SVE_SET_VL, 64) & PR_SVE_VL_LEN_MASK) != 64)
		SKIP("SVE VL 64 is not offered (PR_SVE_SET_VL)");
	if ((prctl(PR_SME_SET_VL, 32) & PR_SME_VL_LEN_MASK) != 32)
		SKIP("SME VL 32 is not offered (PR_SME_SET_VL)");
}

/* brk leaves the PC at itself: the tracer steps over it */
static void after_trap(void)
{
	uint64_t regs[34];
	struct iovec iov = { regs, sizeof(regs) };

	if (ptrace(PTRACE_GETREGSET, pid, (void *)1, &iov) < 0)
		bail("NT_PRSTATUS");
	regs[32] += 4;	/* pc */
	if (ptrace(PTRACE_SETREGSET, pid, (void *)1, &iov) < 0)
		bail("NT_PRSTATUS");
}

static struct word words[] = {
	{ 0x6000, 1104, 4, 3, CTL_NONE | ALT(0xffff), 0ull, 0ull, 0,
	  "NT_ARM_SSVE read 1 at stop 1: ffr bytes 0-3 (zero (init); fpabi got 0x7ffff: this task's phase-2 value of ffr)" },
};
#define NWORDS 1u

/* resume (req -1: not) to the next stop (0: the exit 0); any other ends the run */
static void go(int req, int sig, int stop, int event, const char *what)
{
	int st = -1;

	if (req >= 0 && ptrace(req, pid, 0, sig) < 0)
		bail("ptrace: the resume");
	if (waitpid(pid, &st, __WALL) == pid && (stop ? WIFSTOPPED(st) &&
	    WSTOPSIG(st) == stop && (st >> 16) == event : WIFEXITED(st) && !WEXITSTATUS(st)))
		return;
	printf("# status %#x, not %s\n", st, what);
	bail("unexpected stop");
}

static int get(uint64_t off, unsigned int note, size_t len)
{
	struct iovec iov = { shm + off, len };

	fill(off, len, 0, 0, 63, 0, 0);
	if (ptrace(PTRACE_GETREGSET, pid, (void *)(uintptr_t)note, &iov) == 0)
		return 0;
	printf("# GETREGSET %#x: %s\n", note, strerror(errno));
	return errno;
}

static int set(uint64_t off, unsigned int note, size_t len)
{
	struct iovec iov = { shm + off, len };

	if (ptrace(PTRACE_SETREGSET, pid, (void *)(uintptr_t)note, &iov) == 0)
		return 0;
	printf("# SETREGSET %#x: %s\n", note, strerror(errno));
	return errno;
}

/* one word: as the rule says, changed by the CPU alone (the control), or a BUG */
static void check(const struct word *w)
{
	uint64_t got = read_word(w, shm + w->area);
	int pass = got == w->exp;
	int by_cpu = !pass && w->ctl != w->exp && got == w->ctl;

	if (by_cpu)
		printf("# control: the CPU turns %#" PRIx64 " into %#" PRIx64 "\n", w->exp, w->ctl);
	else if (!pass)
		printf("# BUG: %s: expected %#" PRIx64 ", got %#" PRIx64 "\n", w->what, w->exp, got);
	cpu += by_cpu;
	bad += !pass && !by_cpu;
	printf("%sok %u - %s%s\n", pass || by_cpu ? "" : "not ", ++n, w->what,
	       by_cpu ? " # SKIP the CPU changes this field; no kernel bug shown" : "");
}

/* the tracee: its events in one asm block, no compiled code between them */
static void tracee(void)
{
	if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
		_exit(3);
	raise(SIGSTOP);
	__asm__ volatile(
	".arch_extension sve\n\t"	/* rdvl, ldr z, ... */
	".arch_extension sme\n\t"	/* smstart, ZA, ... */
	"adrp x19, shm\n\tldr x19, [x19, :lo12:shm]\n\t"	/* x19: the shared memory */
	"movz x9, #0x2000\n\tadd x9, x19, x9\n\tadd x10, x9, #64\n\t"	/* load the image at 0x2000, x10: V0 or Z0 */
	"ldp x14, x15, [x9, #0]\n\tmsr fpsr, x14\n\tmsr fpcr, x15\n\t"	/* FPSR, FPCR */
	"ldr x14, [x9, #16]\n\tmsr s3_3_c4_c4_2, x14\n\t"	/* FPMR */
	"ldr x14, [x9, #24]\n\tmsr tpidr2_el0, x14\n\t"	/* TPIDR2 */
	".irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,\t16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n\tldr z\\i, [x10, #\\i, mul vl]\n\t.endr\n\t"	/* Z0-Z31 */
	"rdvl x11, #1\n\tadd x11, x10, x11, lsl #5\n\t"	/* P0: after 32 VL of Z */
	"ldr p0, [x11, #16, mul vl]\n\twrffr p0.b\n\t"	/* FFR, through P0 */
	".irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\tldr p\\i, [x11, #\\i, mul vl]\n\t.endr\n\t"	/* P0-P15 */
	"brk #0\n\t"	/* the breakpoint */
		: : : "x0", "x1", "x2", "x3", "x4", "x5", "x8", "x9", "x10", "x11",
		  "x12", "x13", "x14", "x15", "x19", "v0", "v1", "v2", "v3", "v4",
		  "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
		  "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
		  "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31", "cc", "memory");
	_exit(0);
}

int main(void)
{
	unsigned int i;

	printf("TAP version 13\n");
	check_features();
	shm = mmap(NULL, 0xc000, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED)
		bail("mmap");
	for (i = 0; i < NWORDS; i++)	/* the control: no kernel event */
		words[i].ctl = roundtrip(&words[i]);
#ifdef FPABI_REPRO_CORRUPT	/* a self-test: one expected word wrong, exit 1 */
	words[0].ctl = words[0].exp ^= 0x10000ull;
#endif
	/* the images the tracee loads, the tracer's writes (canary runs) */
	memcpy(shm + 0x2000, (uint64_t[]){ 0x88ull, 0x5402003ull, 0x23282d0096ull }, 24);
	fill(0x2018, 8, 0, 1, 24, 0, 0);
	memcpy(shm + 0x2028, (uint64_t[]){ 0x40ull, 0x20ull }, 16);
	fill(0x2040, 64, 0, 1, 16, 0, 0);
	fill(0x2840, 8, 0, 1, 17, 0, 0);
	memcpy(shm + 0x28c0, &(uint64_t){ 0x1ffffffffffffffull }, 8);
	fill(0x2900, 32, 0, 1, 22, 0, 0);
	fill(0x2d00, 64, 0, 1, 23, 0, 0);
	memcpy(shm + 0x4000, (uint64_t[]){ 0x470ull, 0x100200020ull }, 16);
	fill(0x4010, 32, 0, 2, 16, 0, 0);
	memcpy(shm + 0x4410, (uint64_t[]){ 0x5119a00011ca0ull, 0xd1d0800091d84ull, 0x15193500111091ull, 0x1d113f001912d2ull, 0x2513d900211d02ull, 0x2d106800291551ull, 0x351a7600311132ull, 0x3d104900391626ull, 0x7ffffull }, 72);
	memcpy(shm + 0x4460, &(uint64_t){ 0x380000300000097ull }, 8);
	signal(SIGALRM, timeout);
	alarm(60);
	pid = fork();
	if (pid < 0)
		bail("fork");
	if (!pid)
		tracee();
	go(-1, 0, SIGSTOP, 0, "the tracee's start");
	if (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL) < 0)
		bail("PTRACE_SETOPTIONS");
	go(PTRACE_CONT, 0, SIGTRAP, 0, "the breakpoint (step 2)");
	after_trap();
	set(0x4000, 0x40b, 1136);	/* NT_ARM_SSVE: ok there */
	get(0x5000, 0x2, 592);	/* NT_PRFPREG: ok there */
	get(0x6000, 0x40b, 1200);	/* NT_ARM_SSVE: ok there */
	go(PTRACE_CONT, 0, 0, 0, "the tracee's exit");
	printf("1..%u\n", NWORDS);
	for (i = 0; i < NWORDS; i++)
		check(&words[i]);
	printf("# %u of %u words differ: %s\n", bad + cpu, NWORDS, bad ? "the bug shows" :
	       cpu ? "the CPU changes this field; no kernel bug shown" : "as the rule says");
	return bad ? 1 : cpu ? 3 : 0;
}
