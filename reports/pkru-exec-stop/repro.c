// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reproducer of fpabi case x86_64.exec.fresh-image/xsave-all, seed 1
 * (`fpabi repro`; libc only: gcc -O2 repro.c && ./a.out, TAP out).
 * Recorded on Linux 7.3.4+deb13-amd64 #1 SMP PREEMPT_DYNAMIC Debian 7.3.4-1~bpo13+1 (2026-11-15).
 * CPU: x86_64, XCR0 0x21f; the variant (xsave-all) loads XSTATE_BV 0x207:
 *   x87 sse avx pkru
 * Rule X-PROC-1: after execve every user component is at its init value and PKRU is init_pkru_value (0x55555554 by default)
 *   source: arch/x86/kernel/process.c: flush_thread() -> fpu/core.c: fpu_flush_thread(); arch/x86/mm/pkeys.c
 * Steps: load(1) trap exec read
 * fpabi found 2 difference(s), the first: NT_X86_XSTATE read 1 at stop 2: pkru: zero.
 * A control first: each value checked through the CPU alone.  Exit: 0 as the
 * rule says, 1 BUG, 3 only fields the CPU itself changes differ (no kernel
 * bug shown), 4 a feature is missing, 2 no verdict; -DFPABI_REPRO_CORRUPT: 1.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define SEED 0x86b1	/* fpabi's canaries' */
#define STR(x) #x
#define XSTR(x) STR(x)	/* SYS_getpid as "39" */
static unsigned int n;	/* the TAP test number */
#define BAIL(what) (printf("Bail out! %s (no verdict)\n", what), exit(2))
#define SKIP(what) (printf("1..0 # SKIP %s\n", what), exit(4))
#define PASS(what) printf("ok %u - %s\n", ++n, what)
#define CPU(what) printf("ok %u - %s # SKIP the CPU changes this field; "\
			  "no kernel bug shown\n", ++n, what)
#define FAIL(what) printf("not ok %u - %s\n", ++n, what)
uint8_t *shm;	/* shared with the tracee: images, dumps, regset buffers */
static pid_t pid;

static void __attribute__((noreturn)) bail(const char *what)
{
	if (pid > 0)
		kill(pid, SIGKILL);
	BAIL(what);
}

static void timeout(int sig)
{
	bail(sig == SIGALRM ? "60 s and the scenario has not ended" : "");
}

/* len bytes at off: fpabi's canaries of one register, a lane (8 bytes)
 * each; component 63: the poison, one value (bytes nothing wrote)
 */
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

static char *probe_argv[] = { "fpabi-exec-probe", NULL }, *probe_envp[] = { NULL };
#define IN_XSAVE 8	/* a clear XSTATE_BV bit reads as init */
#define OR_ZERO 16	/* its old value or zero will do */
struct word {
	uint64_t area;
	unsigned int off, len, comp, how;
	uint64_t exp, init;
	const char *what;
};

#define CTL_NONE 0	/* no control: the expected value */
#define CTL_XSAVE 1	/* XRSTOR and XSAVE */
#define after_trap()	/* int3 leaves the PC after it */

/* CPUID.1:ECX.OSXSAVE, then XCR0: the components the images load */
static void check_features(void)
{
	static const char *const name[64] = { [1] = "XCR0 lacks sse", [2] = "XCR0 lacks avx", [9] = "XCR0 lacks pkru", };
	unsigned int a, b, c, d, lo, hi, i;

	__cpuid(1, a, b, c, d);
	if (!(c & bit_OSXSAVE))
		SKIP("XSAVE is not enabled (CPUID.1:ECX.OSXSAVE clear)");
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	for (i = 0; i < 64; i++)
		if (name[i] && !(((uint64_t)hi << 32 | lo) >> i & 1))
			SKIP(name[i]);
}

/* a word of an XSAVE area: a component whose XSTATE_BV bit is clear
 * is at init (MXCSR and its mask excepted)
 */
static uint64_t read_word(const struct word *w, const uint8_t *area)
{
	uint64_t bv, v = 0;

	memcpy(&bv, area + 512, 8);
	if ((w->how & IN_XSAVE) && !(bv >> w->comp & 1) && w->off / 8 != 3)
		return w->init;
	memcpy(&v, area + w->off, w->len);
	return v;
}

/* the control: the value alone through XRSTOR and XSAVE of its component
 * (the caller's own saved in b around them)
 */
static uint64_t roundtrip(const struct word *w)
{
	static uint8_t a[16384] __attribute__((aligned(64))), b[sizeof(a)] __attribute__((aligned(64)));
	uint64_t bv = 1ull << w->comp;

	if (!(w->how & CTL_XSAVE))
		return w->exp;
	memcpy(a + 24, &(uint32_t){ 0x1f80 }, 4);	/* MXCSR */
	memcpy(a + w->off, &w->exp, w->len);
	memcpy(a + 512, &bv, 8);	/* XSTATE_BV */
	__asm__ volatile("xsave64 %1\n\txrstor64 %0\n\txsave64 %0\n\txrstor64 %1" : "+m"(a), "+m"(b)
			 : "a"((uint32_t)bv), "d"((uint32_t)(bv >> 32)) : "memory");
	return read_word(w, a);
}

/* the syscalls' arguments, a row each (the tracee's assembly loads them) */
uint64_t sc_args[][6] = {
	{ (uintptr_t)"/proc/self/exe", (uintptr_t)probe_argv, (uintptr_t)probe_envp },	/* execve */
};

static struct word words[] = {
	/* 0x55555554; fpabi got 0: zero */
	{ 0x4000, 2688, 4, 9, CTL_XSAVE | IN_XSAVE, 0x55555554ull, 0ull,
	  "NT_X86_XSTATE read 1 at stop 2: pkru bytes 0-3" },
};
#define NWORDS 1u
#define CORRUPT_WORD 0

static void cont(int sig)
{
	if (ptrace(PTRACE_CONT, pid, 0, sig) < 0)
		bail("PTRACE_CONT");
}

/* on to the stop the scenario takes next (sig 0: the tracee's exit 0);
 * any other ends the run
 */
static void wait_for(int sig, int event, const char *what)
{
	int st = -1;

	if (waitpid(pid, &st, __WALL) == pid && (sig ? WIFSTOPPED(st) &&
	    WSTOPSIG(st) == sig && (st >> 16) == event : WIFEXITED(st) && !WEXITSTATUS(st)))
		return;
	printf("# status %#x, not %s\n", st, what);
	bail("unexpected stop");
}

static void get(uint64_t off, unsigned int note, size_t len)
{
	struct iovec iov = { shm + off, len };

	fill(off, len, 0, 0, 63, 0, 0);
	if (ptrace(PTRACE_GETREGSET, pid, (void *)(uintptr_t)note, &iov) < 0)
		printf("# GETREGSET %#x: %s\n", note, strerror(errno));
}

static unsigned int bad, cpu;

/* one word: as the rule says, as the CPU alone changes it (the control:
 * no kernel bug shown), or a BUG
 */
static void check(const struct word *w, uint64_t ctl)
{
	uint64_t got = read_word(w, shm + w->area);

	if (ctl != w->exp)
		printf("# control: the CPU alone turns %#llx into %#llx\n",
		       (unsigned long long)w->exp, (unsigned long long)ctl);
	if (got == w->exp || (w->how & OR_ZERO && !got)) {
		PASS(w->what);
	} else if (ctl != w->exp && got == ctl) {
		cpu++;
		CPU(w->what);
	} else {
		bad++;
		printf("# BUG: %s: expected %#llx, got %#llx\n", w->what,
		       (unsigned long long)w->exp, (unsigned long long)got);
		FAIL(w->what);
	}
}

/* the tracee: its events in one asm block, no compiled code between them */
static void tracee(void)
{
	if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
		_exit(3);
	raise(SIGSTOP);
	__asm__ volatile(
	"mov $0x207, %%eax\n\tmov $0, %%edx\n\txrstor64 0x2000(%%rbx)\n\t"	/* load the image */
	"int3\n\t"	/* the breakpoint */
	"mov $" XSTR(SYS_execve) ", %%eax\n\t"	/* execve */
	"mov sc_args+0(%%rip), %%rdi\n\tmov sc_args+8(%%rip), %%rsi\n\t"
	"mov sc_args+16(%%rip), %%rdx\n\tmov sc_args+24(%%rip), %%r10\n\t"
	"mov sc_args+32(%%rip), %%r8\n\tmov sc_args+40(%%rip), %%r9\n\t"
	"syscall\n\t"
		: : "b"(shm) : "rax", "rcx", "rdx", "rdi", "rsi", "r8", "r9", "r10", "r11",
		  "memory");
	_exit(0);
}

int main(int argc, char **argv)
{
	uint64_t ctl[NWORDS];
	unsigned int i;

	if (argc > 0 && !strcmp(argv[0], "fpabi-exec-probe"))
		return 0;	/* the image the case execs */
	printf("TAP version 13\n");
	check_features();
	shm = mmap(NULL, 0x6000, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED)
		bail("mmap");
	for (i = 0; i < NWORDS; i++)	/* the control: no kernel event */
		ctl[i] = roundtrip(&words[i]);
#ifdef FPABI_REPRO_CORRUPT	/* a self-test: one expected word wrong, exit 1 */
	if (ctl[CORRUPT_WORD] == words[CORRUPT_WORD].exp)
		ctl[CORRUPT_WORD] ^= 1ull << (4 * words[CORRUPT_WORD].len);
	words[CORRUPT_WORD].exp ^= 1ull << (4 * words[CORRUPT_WORD].len);
#endif
	/* the images the tracee loads, the tracer's writes (canary runs) */
	memcpy(shm + 0x2000, &(uint64_t){ 0xc323000b7full }, 8);
	memcpy(shm + 0x2018, &(uint64_t){ 0xffff00003ff0ull }, 8);
	fill(0x2020, 11, 0, 1, 0, 0, 0);
	fill(0x20a0, 16, 0, 1, 1, 0, 0);
	memcpy(shm + 0x2200, &(uint64_t){ 0x207ull }, 8);
	fill(0x2240, 16, 0, 1, 2, 0, 0);
	memcpy(shm + 0x2a80, &(uint64_t){ 0xb08b7648ull }, 8);
	signal(SIGALRM, timeout);
	alarm(60);
	pid = fork();
	if (pid < 0)
		bail("fork");
	if (!pid)
		tracee();
	wait_for(SIGSTOP, 0, "the tracee's start");
	if (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL | PTRACE_O_TRACEEXEC |
		   PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACESECCOMP) < 0)
		bail("PTRACE_SETOPTIONS");
	cont(0);
	wait_for(SIGTRAP, 0, "the breakpoint (step 2)");
	after_trap();
	cont(0);
	wait_for(SIGTRAP, PTRACE_EVENT_EXEC, "the PTRACE_EVENT_EXEC stop (step 3)");
	get(0x4000, 0x202, 2760);	/* NT_X86_XSTATE: ok there */
	get(0x5000, 0x2, 576);	/* NT_PRFPREG: ok there */
	cont(0);
	wait_for(0, 0, "the tracee's exit");
	printf("1..%u\n", NWORDS);
	for (i = 0; i < NWORDS; i++)
		check(&words[i], ctl[i]);
	printf("# %u of %u words differ: %s\n", bad + cpu, NWORDS, bad ? "the bug shows" :
	       cpu ? "the CPU changes this field; no kernel bug shown" : "as the rule says");
	return bad ? 1 : cpu ? 3 : 0;
}
