// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reproducer of fpabi case x86_64.exec.fresh-image/xsave-all, seed 1
 * (written by `fpabi repro`; standalone: libc only).
 *
 * Recorded on: Linux 7.3.4+deb13-amd64 #1 SMP PREEMPT_DYNAMIC Debian 7.3.4-1~bpo13+1 (2026-11-15)
 * CPU: x86_64, XCR0 0x21f; the variant (xsave-all) loads XSTATE_BV 0x207:
 *   x87 sse avx pkru
 * Case: after execve every component is at init, at the PTRACE_EVENT_EXEC stop and at the new image's first instruction
 * Rule X-PROC-1: after execve every user component is at its init value and PKRU is init_pkru_value (0x55555554 by default)
 *   source: arch/x86/kernel/process.c: flush_thread() -> fpu/core.c: fpu_flush_thread(); arch/x86/mm/pkeys.c
 * Steps: load(1) trap exec read
 * There fpabi found 2 difference(s); the first: NT_X86_XSTATE read 1 at stop 2: pkru: zero.
 * This program checks the words that differed.
 * Not replayed: fpabi's other checks (headers, sizes, errnos), its tracer-register
 * checks (PT-TRACER), and the exec probe's dump (libc runs before main).
 *
 * Build and run: gcc -static -O2 repro.c && ./a.out
 * Exit status: 1 the bug shows (a word differs), 0 it does not, 2 no verdict.
 * -DFPABI_REPRO_CORRUPT corrupts one expected word (a self-test: then it exits 1).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define SHM_SIZE 0x6000
#define EV_OFF 0x1000
#define DUMP_SIZE 2696
#define SEED 0x86b1	/* the canaries' */
#define USES_PIPE 0
#define USES_THREAD 0
#define OPT_FORK 0	/* the fork's event stop */
#define CORRUPT_WORD 0

#define EV_END 0
#define EV_LOAD 1
#define EV_STORE 2
#define EV_SYSCALL 3
struct ev { uint64_t kind, nr, arg[6], ret, ptr, mask, aux, pad[4]; };
struct evdef { uint64_t at, kind; long nr; uint64_t arg[6], ptr, mask, aux; };
struct run { uint64_t off; uint32_t len; uint8_t raw, task, phase, comp, reg;
	     uint16_t lane; uint64_t v; };
struct word { uint64_t buf; uint32_t off; uint8_t len, kind, comp;
	      uint32_t flags;
	      uint64_t exp, init; const char *obs, *what, *exp_desc;
	      uint64_t seen; const char *seen_desc; };
struct name { uint8_t comp, reg; uint16_t lane0, byte0; const char *name; };
static uint8_t *shm;
static pid_t pid;
static const struct timespec one_ms = { 0, 1000000 };
static char pipe_byte;
static int pipefd[2] = { -1, -1 };
static char *probe_argv[] = { "fpabi-exec-probe", NULL }, *probe_envp[] = { NULL };
static uint8_t thread_stack[65536] __attribute__((aligned(64)));
static volatile int thread_tid;

static void __attribute__((noreturn)) fail(const char *what)
{
	fprintf(stderr, "repro: %s: %s (no verdict)\n", what, strerror(errno));
	if (pid > 0)
		kill(pid, SIGKILL);
	exit(2);
}

static uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* fpabi's provenance canary: seed, task, phase, lane, register, component */
static uint64_t canary(unsigned task, unsigned phase, unsigned comp, unsigned reg,
		       unsigned lane)
{
	uint64_t w = (uint64_t)SEED << 48 | (uint64_t)(task & 15) << 44 |
		     (uint64_t)(phase & 15) << 40 | (uint64_t)(lane & 0x3fff) << 26 |
		     (uint64_t)reg << 18 | (uint64_t)(comp & 63) << 12;

	return w | (mix64(w ^ 0x66706162692d6376ull) & 0xfff);
}

#define THREAD_ARGS (uintptr_t)(thread_stack + sizeof(thread_stack)), 0, (uintptr_t)&thread_tid, 0

/* the tracee's events, run with general-purpose registers only (no
 * compiled code between a load and the event under test) */
void run_events(struct ev *ev);
void sig_entry(int sig, siginfo_t *si, void *uc);
__asm__(".pushsection .text\n.globl run_events\nrun_events:\n"
	"push %rbx\npush %rbp\nmov %rdi, %rbx\n"
	"1: mov 0(%rbx), %rax\ncmp $0, %rax\nje 9f\n"
	"mov 72(%rbx), %rcx\nmov 80(%rbx), %eax\nmov 84(%rbx), %edx\n"
	"cmpq $1, 0(%rbx)\njne 2f\nxrstor64 (%rcx)\njmp 8f\n"
	"2: cmpq $2, 0(%rbx)\njne 3f\nxsave64 (%rcx)\njmp 8f\n"
	"3: cmpq $4, 0(%rbx)\njne 4f\nint3\njmp 8f\n"
	"4: cmpq $6, 0(%rbx)\njne 5f\nud2\njmp 8f\n"
	"5: mov 8(%rbx), %rax\nmov 16(%rbx), %rdi\nmov 24(%rbx), %rsi\n"
	"mov 32(%rbx), %rdx\nmov 40(%rbx), %r10\nmov 48(%rbx), %r8\n"
	"mov 56(%rbx), %r9\nsyscall\n"
	/* a clone's child (0, .ptr set) goes on with its own list */
	"test %rax, %rax\njnz 6f\nmov 72(%rbx), %rcx\ntest %rcx, %rcx\n"
	"jz 6f\nmov %rcx, %rbx\njmp 1b\n6: mov %rax, 64(%rbx)\n"
	"8: add $128, %rbx\njmp 1b\n9: pop %rbp\npop %rbx\nret\n"
	/* the SIGILL handler: store, then C, then the clobbering load */
	".globl sig_entry\nsig_entry:\npush %rbx\npush %r12\npush %r13\n"
	"mov %rdx, %r13\nmov sig_list(%rip), %rdi\ncall run_events\n"
	"mov %r13, %rdi\ncall sig_body\nmov %rax, %rdi\ncall run_events\n"
	"pop %r13\npop %r12\npop %rbx\nret\n.popsection\n");

/* each signal's lists, frame copy and edit {entry, exit, frame, edit, edit image} */
struct slot { uint64_t entry, exit, frame; unsigned edit; uint64_t img; };
#define NSLOTS 0
static const struct slot slots[] = {
	{ 0, 0, 0, 0, 0 },
};

struct ev *sig_list;	/* the next signal's entry list */
static unsigned nsig;

/* the handler's C: copy the frame's XSAVE area, make the edit, step
 * over the ud2 */
struct ev *sig_body(ucontext_t *uc)
{
	uint8_t *fp = (uint8_t *)uc->uc_mcontext.fpregs;
	const struct slot *s = &slots[nsig++];
	uint32_t magic1, ext, xsize;
	uint64_t bv;

	memcpy(&magic1, fp + 464, 4);	/* struct _fpx_sw_bytes */
	memcpy(&ext, fp + 468, 4);
	memcpy(&xsize, fp + 480, 4);
	memcpy(shm + s->frame, fp, magic1 == 0x46505853 ? ext : 512);
	if (s->edit == 1) {	/* every register from the edit image */
		memcpy(fp, shm + s->img, 416);
		memcpy(fp + 576, shm + s->img + 576, xsize - 576);
		memcpy(fp + 512, shm + s->img + 512, 8);
	} else if (s->edit == 2) {	/* XSTATE_BV without AVX, AVX-512 */
		memcpy(&bv, fp + 512, 8);
		bv &= ~0xe4ull;
		memcpy(fp + 512, &bv, 8);
	}
	uc->uc_mcontext.gregs[REG_RIP] += 2;
	sig_list = (struct ev *)(shm + slots[nsig < NSLOTS ? nsig : 0].entry);
	return (struct ev *)(shm + s->exit);
}

/* int3 leaves the PC after it: nothing to step over */
static void after_trap(void)
{
}

static void arch_setup(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = sig_entry;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sig_list = (struct ev *)(shm + slots[0].entry);
	if (NSLOTS && sigaction(SIGILL, &sa, NULL) < 0)
		_exit(3);
}

/* an XSAVE area: a component whose XSTATE_BV bit is clear is at init
 * (MXCSR and its mask excepted) */
static uint64_t fixup(const struct word *w, uint64_t got)
{
	uint64_t bv;

	memcpy(&bv, shm + w->buf + 512, 8);
	if ((w->flags & 1) && !(bv >> w->comp & 1) && w->off != 24 && w->off != 28)
		return w->init;
	return got;
}

/* the event lists, at their offsets in the shared memory (ptr: an offset too) */
static const struct evdef evs[] = {
	{ 0x1000, 1, 0, { 0, 0, 0 }, 0x2000, 0x207, 0 },
	{ 0x1080, 4, 0, { 0, 0, 0 }, 0, 0, 0 },
	{ 0x1100, 3, SYS_execve, { (uintptr_t)"/proc/self/exe", (uintptr_t)probe_argv, (uintptr_t)probe_envp }, 0, 0, 0 },
	{ 0x1180, 0, 0, { 0, 0, 0 }, 0, 0, 0 },
};

/* the images the tracee loads, and the tracer's writes: canary runs {off, bytes, raw, task, phase, comp, reg, lane} and raw words */
static const struct run runs[] = {
	{ 0x2000, 8, 1, 0, 0, 0, 0, 0, 0xc323000b7full }, { 0x2018, 8, 1, 0, 0, 0, 0, 0, 0xffff00003ff0ull }, { 0x2020, 11, 0, 0, 1, 0, 0, 0, 0 },
	{ 0x2030, 10, 0, 0, 1, 0, 1, 0, 0 }, { 0x2040, 10, 0, 0, 1, 0, 2, 0, 0 }, { 0x2050, 10, 0, 0, 1, 0, 3, 0, 0 },
	{ 0x2060, 10, 0, 0, 1, 0, 4, 0, 0 }, { 0x2070, 10, 0, 0, 1, 0, 5, 0, 0 }, { 0x2080, 10, 0, 0, 1, 0, 6, 0, 0 },
	{ 0x2090, 10, 0, 0, 1, 0, 7, 0, 0 }, { 0x20a0, 16, 0, 0, 1, 1, 0, 0, 0 }, { 0x20b0, 16, 0, 0, 1, 1, 1, 0, 0 },
	{ 0x20c0, 16, 0, 0, 1, 1, 2, 0, 0 }, { 0x20d0, 16, 0, 0, 1, 1, 3, 0, 0 }, { 0x20e0, 16, 0, 0, 1, 1, 4, 0, 0 },
	{ 0x20f0, 16, 0, 0, 1, 1, 5, 0, 0 }, { 0x2100, 16, 0, 0, 1, 1, 6, 0, 0 }, { 0x2110, 16, 0, 0, 1, 1, 7, 0, 0 },
	{ 0x2120, 16, 0, 0, 1, 1, 8, 0, 0 }, { 0x2130, 16, 0, 0, 1, 1, 9, 0, 0 }, { 0x2140, 16, 0, 0, 1, 1, 10, 0, 0 },
	{ 0x2150, 16, 0, 0, 1, 1, 11, 0, 0 }, { 0x2160, 16, 0, 0, 1, 1, 12, 0, 0 }, { 0x2170, 16, 0, 0, 1, 1, 13, 0, 0 },
	{ 0x2180, 16, 0, 0, 1, 1, 14, 0, 0 }, { 0x2190, 16, 0, 0, 1, 1, 15, 0, 0 }, { 0x2200, 8, 1, 0, 0, 0, 0, 0, 0x207ull },
	{ 0x2240, 16, 0, 0, 1, 2, 0, 0, 0 }, { 0x2250, 16, 0, 0, 1, 2, 1, 0, 0 }, { 0x2260, 16, 0, 0, 1, 2, 2, 0, 0 },
	{ 0x2270, 16, 0, 0, 1, 2, 3, 0, 0 }, { 0x2280, 16, 0, 0, 1, 2, 4, 0, 0 }, { 0x2290, 16, 0, 0, 1, 2, 5, 0, 0 },
	{ 0x22a0, 16, 0, 0, 1, 2, 6, 0, 0 }, { 0x22b0, 16, 0, 0, 1, 2, 7, 0, 0 }, { 0x22c0, 16, 0, 0, 1, 2, 8, 0, 0 },
	{ 0x22d0, 16, 0, 0, 1, 2, 9, 0, 0 }, { 0x22e0, 16, 0, 0, 1, 2, 10, 0, 0 }, { 0x22f0, 16, 0, 0, 1, 2, 11, 0, 0 },
	{ 0x2300, 16, 0, 0, 1, 2, 12, 0, 0 }, { 0x2310, 16, 0, 0, 1, 2, 13, 0, 0 }, { 0x2320, 16, 0, 0, 1, 2, 14, 0, 0 },
	{ 0x2330, 16, 0, 0, 1, 2, 15, 0, 0 }, { 0x2a80, 8, 1, 0, 0, 0, 0, 0, 0xb08b7648ull },
};

/* the words checked: {buffer, offset, bytes, kind, component, flags, expected, init, observer, word, what was expected, what fpabi got there and what it said of it} */
static struct word words[] = {
	{ 0x4000, 2688, 4, 0, 9, 1, 0x55555554ull, 0ull, "NT_X86_XSTATE read 1 at stop 2", "pkru bytes 0-3", "0x55555554",
	  0ull, "zero" },
};

/* the registers those words belong to {comp, reg, first lane, byte of it, name} */
static const struct name names[] = {
	{ 9, 0, 0, 0, "pkru" },
};

static void fill(void)
{
	unsigned i, k;

	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
		for (k = 0; k < runs[i].len; k += 8) {
			uint64_t w = runs[i].raw ? runs[i].v :
				canary(runs[i].task, runs[i].phase, runs[i].comp,
				       runs[i].reg, runs[i].lane + k / 8);

			memcpy(shm + runs[i].off + k, &w, runs[i].len - k < 8 ?
			       runs[i].len - k : 8);
		}
}

/* the tracer's poison: bytes the kernel or the CPU did not write show as it */
static void poison(uint64_t off, size_t len)
{
	uint64_t w = canary(0, 0, 63, 0, 0);
	size_t k;

	for (k = 0; k < len; k += 8)
		memcpy(shm + off + k, &w, len - k < 8 ? len - k : 8);
}

static void setup_events(void)
{
	unsigned i;

	for (i = 0; i < sizeof(evs) / sizeof(evs[0]); i++) {
		struct ev *e = (struct ev *)(shm + evs[i].at);

		memset(e, 0, sizeof(*e));
		e->kind = evs[i].kind;
		e->nr = evs[i].nr;
		memcpy(e->arg, evs[i].arg, sizeof(e->arg));
		e->ptr = evs[i].ptr ? (uintptr_t)(shm + evs[i].ptr) : 0;
		e->mask = evs[i].mask;
		e->aux = evs[i].aux;
		if (e->kind == EV_STORE)
			poison(evs[i].ptr, DUMP_SIZE);
		/* arm64: ZA and ZT0 buffers, offsets in the shared memory too */
		if ((e->kind == EV_LOAD || e->kind == EV_STORE) && e->arg[0])
			e->arg[0] += (uintptr_t)shm;
		if ((e->kind == EV_LOAD || e->kind == EV_STORE) && e->arg[1])
			e->arg[1] += (uintptr_t)shm;
		if (e->kind == EV_SYSCALL && e->nr == SYS_read)
			e->arg[0] = pipefd[0];
	}
}

static void cont(int sig)
{
	if (ptrace(PTRACE_CONT, pid, 0, sig) < 0)
		fail("PTRACE_CONT");
}

static void wait_for(int sig, int event, const char *what)
{
	int st;

	for (;;) {
		if (waitpid(pid, &st, __WALL) < 0)
			fail("waitpid");
		if (!WIFSTOPPED(st)) {
			errno = 0;
			fprintf(stderr, "repro: status %#x before %s\n", st, what);
			fail("the tracee ended");
		}
		if (WSTOPSIG(st) == sig && (st >> 16) == event)
			return;
		if (WSTOPSIG(st) != SIGCHLD || (st >> 16)) {
			errno = 0;
			fprintf(stderr, "repro: stop %#x, not %s\n", st, what);
			fail("unexpected stop");
		}
		cont(SIGCHLD);
	}
}

/* the child a fork stop reports: let it run untraced */
static void let_child_go(void)
{
	unsigned long child;
	int st;

	if (ptrace(PTRACE_GETEVENTMSG, pid, 0, &child) < 0 ||
	    waitpid((pid_t)child, &st, __WALL) < 0 ||
	    ptrace(PTRACE_DETACH, (pid_t)child, 0, 0) < 0)
		fail("the fork's child");
}

static void get(uint64_t off, unsigned note, size_t len)
{
	struct iovec iov = { shm + off, len };

	poison(off, len);
	if (ptrace(PTRACE_GETREGSET, pid, (void *)(uintptr_t)note, &iov) < 0)
		printf("# GETREGSET %#x: %s\n", note, strerror(errno));
}

static void set(uint64_t off, unsigned note, size_t len)
{
	struct iovec iov = { shm + off, len };

	if (ptrace(PTRACE_SETREGSET, pid, (void *)(uintptr_t)note, &iov) < 0)
		printf("# SETREGSET %#x: %s\n", note, strerror(errno));
}

static void finish(void)
{
	int st;

	for (;;) {
		if (waitpid(pid, &st, __WALL) < 0)
			fail("waitpid");
		if (!WIFSTOPPED(st))
			break;
		cont(WSTOPSIG(st) == SIGCHLD && !(st >> 16) ? SIGCHLD : 0);
	}
	pid = 0;
	errno = 0;
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		fail("the tracee did not finish its events");
}

/* what a word is, in fpabi's provenance language */
static void describe(uint64_t v, const struct word *w, char *buf, size_t n)
{
	unsigned task = v >> 44 & 15, phase = v >> 40 & 15, lane = v >> 26 & 0x3fff;
	unsigned reg = v >> 18 & 255, comp = v >> 12 & 63, i;
	const char *who = task ? "another task's" : "this task's";

	if (!v || v == w->init || v == canary(0, 0, 63, 0, 0) || w->len < 8 ||
	    v != canary(task, phase, comp, reg, lane)) {
		snprintf(buf, n, "%s", !v ? "zero" : v == w->init ? "the init value" :
			 v == canary(0, 0, 63, 0, 0) ? "poison: nothing wrote it" :
			 "bytes of unknown origin");
		return;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].comp == comp && names[i].reg == reg && lane >= names[i].lane0) {
			unsigned b = names[i].byte0 + (lane - names[i].lane0) * 8;

			snprintf(buf, n, "%s phase-%u value of %s bytes %u-%u", who,
				 phase, names[i].name, b, b + 7);
			return;
		}
	snprintf(buf, n, "%s phase-%u value of component %u register %u lane %u",
		 who, phase, comp, reg, lane);
}

static int check(void)
{
	unsigned i, bad = 0;
	char g[128];

#ifdef FPABI_REPRO_CORRUPT
	words[CORRUPT_WORD].exp ^= 1ull << 40;	/* self-test: this must exit 1 */
#endif
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		const struct word *w = &words[i];
		uint64_t got = 0;

		memcpy(&got, shm + w->buf + w->off, w->len);
		got = fixup(w, got);
		/* kind 2: unspecified, each word its old value or zero */
		if (got == w->exp || (w->kind == 2 && !got)) {
			printf("ok: %s: %s\n", w->obs, w->what);
			continue;
		}
		bad++;
		describe(got, w, g, sizeof(g));
		if (got == w->seen && w->seen_desc[0])
			snprintf(g, sizeof(g), "%s, as fpabi saw it", w->seen_desc);
		printf("BUG: %s: %s: expected %#llx (%s), got %#llx (%s)\n",
		       w->obs, w->what, (unsigned long long)w->exp, w->exp_desc,
		       (unsigned long long)got, g);
	}
	printf("%u of %u words differ: %s\n", bad, i, bad ? "the bug shows" :
	       "the kernel behaves as the rule says");
	return bad ? 1 : 0;
}

static void tracee(void)
{
	if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
		_exit(3);
	raise(SIGSTOP);
	arch_setup();
	run_events((struct ev *)(shm + EV_OFF));
	/* wait for the children the list made, so their dumps are complete */
	while (thread_tid)
		syscall(SYS_futex, &thread_tid, FUTEX_WAIT, thread_tid, NULL, NULL, 0);
	while (wait(NULL) > 0)
		;
	_exit(0);
}

int main(int argc, char **argv)
{
	if (argc > 0 && !strcmp(argv[0], "fpabi-exec-probe"))
		return 0;	/* the image the case execs */
	shm = mmap(NULL, SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		   -1, 0);
	if (shm == MAP_FAILED)
		fail("mmap");
	if (USES_PIPE && pipe(pipefd) < 0)
		fail("pipe");
	thread_tid = USES_THREAD ? -1 : 0;
	fill();
	setup_events();
	alarm(60);
	pid = fork();
	if (pid < 0)
		fail("fork");
	if (!pid)
		tracee();
	wait_for(SIGSTOP, 0, "the tracee's start");
	if (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL | PTRACE_O_TRACEEXEC |
		   OPT_FORK) < 0)
		fail("PTRACE_SETOPTIONS");
	if (USES_PIPE && fork() == 0) {
		usleep(100000);	/* the tracee blocks in read() meanwhile */
		_exit(write(pipefd[1], "x", 1) != 1);
	}
	cont(0);
	wait_for(SIGTRAP, 0, "the breakpoint (step 2)");
	after_trap();
	cont(0);
	wait_for(SIGTRAP, PTRACE_EVENT_EXEC, "the PTRACE_EVENT_EXEC stop (step 3)");
	get(0x4000, 0x202, 2760);	/* ok there */
	get(0x5000, 0x2, 576);	/* ok there */
	cont(0);
	finish();
	return check();
}
