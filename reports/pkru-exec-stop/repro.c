// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reproducer of fpabi case x86_64.exec.fresh-image/xsave-all, seed 1
 * (`fpabi repro`: gcc -O2 repro.c && ./a.out, TAP out), recorded on Linux 7.3.4+deb13-amd64 #1 SMP PREEMPT_DYNAMIC Debian 7.3.4-1~bpo13+1 (2026-11-15).
 * CPU: x86_64, XCR0 0x21f; the variant (xsave-all) loads XSTATE_BV 0x207: x87 sse avx pkru
 * Rule X-PROC-1: after execve every user component is at its init value and PKRU is init_pkru_value (0x55555554 by default)
 *   source: arch/x86/kernel/process.c: flush_thread() -> fpu/core.c: fpu_flush_thread(); arch/x86/mm/pkeys.c
 * Steps: load(1) trap exec read
 * fpabi found 2 difference(s), the first: NT_X86_XSTATE read 1 at stop 2: pkru: zero.
 * Exit: 0 as the rule says, 1 BUG, 3 the CPU's own change (a control), 4 no feature, 2 no verdict.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
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

static char *probe_argv[] = { "fpabi-exec-probe", NULL }, *probe_envp[] = { NULL };
struct word {	/* a checked word: its area, where, how; expected, init, the control's */
	uint64_t area;
	unsigned int off, len, comp, how;
	uint64_t exp, init, ctl;
	const char *what;
};

#define IN_XSAVE 8	/* a clear XSTATE_BV bit reads as init */
#define CTL_XSAVE 1	/* XRSTOR and XSAVE */
#define POISON 0x86b100000003fb39ull	/* fill()'s comp 63: kept where XSAVE writes nothing */

/* XSAVE enabled (CPUID.1:ECX.OSXSAVE), XCR0 with the components the images load */
static void check_features(void)
{
	unsigned int a, b, c, d, lo, hi;

	__cpuid(1, a, b, c, d);
	if (!(c & bit_OSXSAVE))
		SKIP("XSAVE is not enabled (CPUID.1:ECX.OSXSAVE clear)");
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	if ((((uint64_t)hi << 32 | lo) & 0x206ull) != 0x206ull)
		SKIP("XCR0 lacks one of sse avx pkru");
}

/* a word of an XSAVE area; a clear XSTATE_BV bit: at init (MXCSR, its mask excepted) */
static uint64_t read_word(const struct word *w, const uint8_t *area)
{
	uint64_t bv, v = 0;

	memcpy(&bv, area + 512, 8);
	if ((w->how & IN_XSAVE) && !(bv >> w->comp & 1) && w->off / 8 != 3)
		return w->init;
	memcpy(&v, area + w->off, w->len);
	return v;
}

/* the control: the value alone through XRSTOR, then XSAVE over the POISON as a dump
 * (the caller's own saved in b around them): a field XSAVE does not write keeps it */
static uint64_t roundtrip(const struct word *w)
{
	static _Alignas(64) uint8_t a[16384], b[16384], c[16384];
	uint64_t bv = 1ull << w->comp;

	memcpy(a + 24, &(uint32_t){ 0x1f80 }, 4);	/* MXCSR */
	memcpy(a + w->off, &w->exp, w->len);
	memcpy(a + 512, &bv, 8);	/* XSTATE_BV */
	for (unsigned int i = 0; i < sizeof(c); i += 8)
		memcpy(c + i, &(uint64_t){ POISON }, 8);
	__asm__ volatile("xsave64 %1\n\txrstor64 %0\n\txsave64 %2\n\txrstor64 %1"
			 : "+m"(a), "+m"(b), "+m"(c)
			 : "a"((uint32_t)bv), "d"((uint32_t)(bv >> 32)) : "memory");
	return read_word(w, c);
}

/* the exec probe, the new image's first instructions (no libc, no loader;
 * fpabi's fpabi-exec-probe starts the same): XSAVE of every component,
 * then the image written to the dump at 0x3000 of the shared memory (fd 3) */
extern const uint8_t probe[], probe_end[];
__asm__(".pushsection .rodata\n.globl probe, probe_end\nprobe:\n\t"
	"and $-64, %rsp\n\tsub $131136, %rsp\n\tmov %rsp, %r12\n\t"	/* the image */
	"lea -12288(%r12), %rbx\n\t"	/* rbx + the dump's offset: the image */
	"mov $0xffffffff, %eax\n\tmov $0xffffffff, %edx\n\txsave64 0x3000(%rbx)\n\t"	/* store to a dump */
	"mov $" XSTR(SYS_pwrite64) ", %eax\n\tmov $3, %edi\n\tmov %r12, %rsi\n\t"
	"mov $2696, %edx\n\tmov $12288, %r10\n\tsyscall\n\t"	/* to the dump */
	"mov $" XSTR(SYS_exit_group) ", %eax\n\txor %edi, %edi\n\tsyscall\n"
	"probe_end:\n.popsection\n");

/* the probe as a minimal static ELF, in a memfd at the tracee's fd 4 */
static void make_probe(void)
{
	struct { Elf64_Ehdr e; Elf64_Phdr p; } h = {
		.e = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64,
				    ELFDATA2LSB, EV_CURRENT },
		       .e_type = ET_EXEC, .e_machine = EM_X86_64, .e_version = EV_CURRENT,
		       .e_entry = 0x400000 + sizeof(h), .e_phoff = sizeof(h.e),
		       .e_ehsize = sizeof(h.e), .e_phentsize = sizeof(h.p), .e_phnum = 1 },
		.p = { .p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_vaddr = 0x400000,
		       .p_filesz = sizeof(h) + (probe_end - probe), .p_align = 0x10000 },
	};
	int fd = memfd_create("fpabi-exec-probe", 0);

	h.p.p_memsz = h.p.p_filesz;
	if (fd < 0 || write(fd, &h, sizeof(h)) != sizeof(h) ||
	    write(fd, probe, probe_end - probe) != probe_end - probe || dup2(fd, 4) != 4)
		bail("the exec probe");
}

/* the syscalls' arguments, a row each (the tracee's assembly loads them) */
uint64_t sc_args[][6] = {
	{ (uintptr_t)"/proc/self/fd/4", (uintptr_t)probe_argv, (uintptr_t)probe_envp },	/* execve */
};

static struct word words[] = {
	{ 0x4000, 2688, 4, 9, CTL_XSAVE | IN_XSAVE, 0x55555554ull, 0ull, 0,
	  "NT_X86_XSTATE read 1 at stop 2: pkru bytes 0-3 (0x55555554; fpabi got 0: zero)" },
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

/* one word: as the rule says, changed by the CPU alone (the control), or a BUG */
static void check(const struct word *w)
{
	uint64_t got = read_word(w, shm + w->area);
	int pass = got == w->exp;
	int by_cpu = !pass && w->ctl != w->exp && (got == w->ctl ||
		     w->ctl == (POISON >> w->off % 8 * 8 & ~0ull >> (64 - 8 * w->len)));

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

int main(void)
{
	unsigned int i;

	printf("TAP version 13\n");
	check_features();
	if (dup2(memfd_create("fpabi-shm", 0), 3) != 3 ||
	    ftruncate(3, 0x6000) < 0)
		bail("memfd_create");
	make_probe();
	shm = mmap(NULL, 0x6000, PROT_READ | PROT_WRITE, MAP_SHARED, 3, 0);
	if (shm == MAP_FAILED)
		bail("mmap");
	for (i = 0; i < NWORDS; i++)	/* the control: no kernel event */
		words[i].ctl = roundtrip(&words[i]);
#ifdef FPABI_REPRO_CORRUPT	/* a self-test: one expected word wrong, exit 1 */
	words[0].ctl = words[0].exp ^= 0x10000ull;
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
	go(-1, 0, SIGSTOP, 0, "the tracee's start");
	if (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL | PTRACE_O_TRACEEXEC) < 0)
		bail("PTRACE_SETOPTIONS");
	go(PTRACE_CONT, 0, SIGTRAP, 0, "the breakpoint (step 2)");
	go(PTRACE_CONT, 0, SIGTRAP, PTRACE_EVENT_EXEC, "the PTRACE_EVENT_EXEC stop (step 3)");
	get(0x4000, 0x202, 2760);	/* NT_X86_XSTATE: ok there */
	go(PTRACE_CONT, 0, 0, 0, "the tracee's exit");
	printf("1..%u\n", NWORDS);
	for (i = 0; i < NWORDS; i++)
		check(&words[i]);
	printf("# %u of %u words differ: %s\n", bad + cpu, NWORDS, bad ? "the bug shows" :
	       cpu ? "the CPU changes this field; no kernel bug shown" : "as the rule says");
	return bad ? 1 : cpu ? 3 : 0;
}
