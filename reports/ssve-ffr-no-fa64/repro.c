// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reproducer of fpabi case arm64.sme.write-ssve/vl64-svl32-off, seed 1
 * (written by `fpabi repro`; standalone: libc only).
 *
 * Recorded on: Linux 7.3.4+deb13-arm64 #1 SMP PREEMPT Debian 7.3.4-1~bpo13+1 (2026-11-15)
 * CPU: arm64, SVE, SME (no FA64); the variant (vl64-svl32-off): VL 64, SVL 32, SVCR 0
 * Build on another machine: aarch64-linux-gnu-gcc -static -O2 repro.c
 * Case: NT_ARM_SSVE written at a stop: streaming mode with the written Z/P/FFR, FPSR, FPCR; ZA kept; FPMR 0 if SM changed
 * Rule A-PT-13: an SVE-format NT_ARM_SVE write replaces all SVE state; 6.16+: what the payload does not cover is zero (header only: everything zero)
 *   source: arch/arm64/kernel/ptrace.c: sve_set_common()
 * Steps: load(1) trap write(NT_ARM_SSVE SVE format, 2) read store
 * There fpabi found 1 difference(s); the first: NT_ARM_SSVE read 1 at stop 1: ffr: this task's phase-2 value of ffr.
 * This program checks the words that differed.
 * Their rule A-PT-8: in streaming mode without FEAT_SME_FA64 FFR is not accessible: the tracee's dump, NT_ARM_SSVE and the signal frame carry its slot as zero
 *   source: Documentation/arch/arm64/sve.rst section 1 ("when it is not supported and these interfaces are used to access streaming mode FFR is read and written as zero"); arch/arm64/kernel/fpsimd.c: fpsimd_save_user_state() (save_ffr false), arch/arm64/include/asm/fpsimdmacros.h: sve_save (pfalse into the slot); KNOWN-ISSUES.md ssve-ffr-no-fa64
 * Not replayed: fpabi's other checks (headers, sizes, errnos), its tracer-register
 * checks (PT-TRACER).
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

#define SHM_SIZE 0xa000
#define EV_OFF 0x1000
#define DUMP_SIZE 3392
#define SEED 0x10de	/* the canaries' */
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

#define SVE_VL 64	/* PR_SVE_SET_VL first, if set */
#define SME_VL 32

/* fpabi's event walker for arm64 (src/tracee/arm64/events.S) */
__asm__(".pushsection .text\n"
	" .arch armv8.2-a+sve\n"
	" .arch_extension sme\n"
	" .macro v_stride\n"
	" ldr x13, [x19, #16 + 16]\n"
	" cbnz x13, 9f\n"
	" mov x13, #16\n"
	"9:\n"
	" .endm\n"
	".macro ldr_zt0 nx\n"
	" .inst 0xe11f8000 | ((\\nx) << 5)\n"
	".endm\n"
	".macro str_zt0 nx\n"
	" .inst 0xe13f8000 | ((\\nx) << 5)\n"
	".endm\n"
	".macro cond_za skip\n"
	" tst x20, #(1u << 12)\n"
	" b.eq 9f\n"
	" mrs x15, svcr\n"
	" tbz x15, #1, \\skip\n"
	"9:\n"
	".endm\n"
	".macro cond_ffr skip\n"
	" tst x20, #(1u << 12)\n"
	" b.eq 9f\n"
	" tbnz x22, #2, 9f\n"
	" mrs x15, svcr\n"
	" tbnz x15, #0, \\skip\n"
	"9:\n"
	".endm\n"
	".macro p_base\n"
	" rdvl x10, #1\n"
	" add x11, x21, #64\n"
	" add x11, x11, x10, lsl #5\n"
	".endm\n"
	".macro vz_mask\n"
	" tst x20, #(1u << 15)\n"
	" b.eq 9f\n"
	" tbnz x22, #1, 9f\n"
	" mrs x15, svcr\n"
	" tbnz x15, #0, 9f\n"
	" bic x20, x20, #((1u << 1) | (1u << 2) | (1u << 3))\n"
	" orr x20, x20, #(1u << 0)\n"
	"9:\n"
	".endm\n"
	" .text\n"
	" .balign 16\n"
	" .globl fpabi_run_events\n"
	" .type fpabi_run_events, %function\n"
	"fpabi_run_events:\n"
	" stp x29, x30, [sp, #-112]!\n"
	" mov x29, sp\n"
	" stp x19, x20, [sp, #16]\n"
	" stp x21, x22, [sp, #32]\n"
	" stp d8, d9, [sp, #48]\n"
	" stp d10, d11, [sp, #64]\n"
	" stp d12, d13, [sp, #80]\n"
	" stp d14, d15, [sp, #96]\n"
	" mov x19, x0\n"
	".Lnext:\n"
	" ldr x9, [x19, #0]\n"
	" ldr x20, [x19, #80]\n"
	" ldr x21, [x19, #72]\n"
	" ldr x22, [x19, #88]\n"
	" cbz x9, .Ldone\n"
	" cmp x9, #1\n"
	" b.eq .Lload\n"
	" cmp x9, #2\n"
	" b.eq .Lstore\n"
	" cmp x9, #3\n"
	" b.eq .Lsyscall\n"
	" cmp x9, #4\n"
	" b.eq .Ltrap\n"
	" cmp x9, #5\n"
	" b.eq .Lspin\n"
	" cmp x9, #6\n"
	" b.eq .Lfault\n"
	" cmp x9, #16\n"
	" b.eq .Lsmstart\n"
	" cmp x9, #17\n"
	" b.eq .Lsmstart_sm\n"
	" cmp x9, #18\n"
	" b.eq .Lsmstart_za\n"
	" cmp x9, #19\n"
	" b.eq .Lsmstop\n"
	" cmp x9, #20\n"
	" b.eq .Lsmstop_sm\n"
	" cmp x9, #21\n"
	" b.eq .Lsmstop_za\n"
	" udf #1\n"
	".Lfault:\n"
	" udf #0\n"
	" b .Lstep\n"
	".Lstep:\n"
	" add x19, x19, #128\n"
	" b .Lnext\n"
	".Ldone:\n"
	" ldr x9, [x19, #8]\n"
	" cbnz x9, 1f\n"
	" ldp d8, d9, [sp, #48]\n"
	" ldp d10, d11, [sp, #64]\n"
	" ldp d12, d13, [sp, #80]\n"
	" ldp d14, d15, [sp, #96]\n"
	"1: ldp x21, x22, [sp, #32]\n"
	" ldp x19, x20, [sp, #16]\n"
	" ldp x29, x30, [sp], #112\n"
	" ret\n"
	".Lload:\n"
	" tst x20, #(1u << 10)\n"
	" b.eq 1f\n"
	" smstart sm\n"
	"1: tst x20, #(1u << 11)\n"
	" b.eq 1f\n"
	" smstart za\n"
	"1: tst x20, #(1u << 13)\n"
	" b.eq 1f\n"
	" smstop sm\n"
	"1: tst x20, #(1u << 14)\n"
	" b.eq 1f\n"
	" smstop za\n"
	"1: vz_mask\n"
	" tst x20, #(1u << 4)\n"
	" b.eq 1f\n"
	" ldr x9, [x21, #0]\n"
	" msr fpsr, x9\n"
	" ldr x9, [x21, #8]\n"
	" msr fpcr, x9\n"
	"1: tst x20, #(1u << 5)\n"
	" b.eq 1f\n"
	" ldr x9, [x21, #16]\n"
	" msr s3_3_c4_c4_2, x9\n"
	"1: tst x20, #(1u << 6)\n"
	" b.eq 1f\n"
	" ldr x9, [x21, #24]\n"
	" msr tpidr2_el0, x9\n"
	"1: tst x20, #(1u << 0)\n"
	" b.eq 1f\n"
	" add x9, x21, #64\n"
	" v_stride\n"
	" .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	" ldr q\\n, [x9]\n"
	" add x9, x9, x13\n"
	" .endr\n"
	"1: tst x20, #(1u << 1)\n"
	" b.eq 1f\n"
	" add x9, x21, #64\n"
	" .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	" ldr z\\n, [x9, #\\n, mul vl]\n"
	" .endr\n"
	"1: tst x20, #(1u << 3)\n"
	" b.eq 1f\n"
	" cond_ffr 1f\n"
	" p_base\n"
	" ldr p0, [x11, #16, mul vl]\n"
	" wrffr p0.b\n"
	" ldr p0, [x11, #0, mul vl]\n"
	"1: tst x20, #(1u << 2)\n"
	" b.eq 1f\n"
	" p_base\n"
	" .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n"
	" ldr p\\n, [x11, #\\n, mul vl]\n"
	" .endr\n"
	"1: tst x20, #(1u << 7)\n"
	" b.eq 1f\n"
	" cond_za 1f\n"
	" ldr x9, [x19, #16 + 0]\n"
	" rdsvl x10, #1\n"
	" mov w12, #0\n"
	"2: ldr za[w12, 0], [x9]\n"
	" add x9, x9, x10\n"
	" add w12, w12, #1\n"
	" cmp w12, w10\n"
	" b.ne 2b\n"
	"1: tst x20, #(1u << 8)\n"
	" b.eq 1f\n"
	" cond_za 1f\n"
	" ldr x9, [x19, #16 + 8]\n"
	" ldr_zt0 9\n"
	"1: b .Lstep\n"
	".Lstore:\n"
	" tst x20, #(1u << 10)\n"
	" b.eq 1f\n"
	" smstart sm\n"
	"1: tst x20, #(1u << 11)\n"
	" b.eq 1f\n"
	" smstart za\n"
	"1: vz_mask\n"
	" tst x20, #(1u << 0)\n"
	" b.eq 1f\n"
	" add x9, x21, #64\n"
	" v_stride\n"
	" .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	" str q\\n, [x9]\n"
	" add x9, x9, x13\n"
	" .endr\n"
	"1: tst x20, #(1u << 1)\n"
	" b.eq 1f\n"
	" add x9, x21, #64\n"
	" .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	" str z\\n, [x9, #\\n, mul vl]\n"
	" .endr\n"
	"1: tst x20, #(1u << 2)\n"
	" b.eq 1f\n"
	" p_base\n"
	" .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n"
	" str p\\n, [x11, #\\n, mul vl]\n"
	" .endr\n"
	"1: tst x20, #(1u << 3)\n"
	" b.eq 1f\n"
	" cond_ffr 5f\n"
	" p_base\n"
	" str p0, [x11, #0, mul vl]\n"
	" rdffr p0.b\n"
	" str p0, [x11, #16, mul vl]\n"
	" ldr p0, [x11, #0, mul vl]\n"
	" b 1f\n"
	"5: p_base\n"
	" add x9, x11, x10, lsl #1\n"
	" lsr x10, x10, #4\n"
	"2: strh wzr, [x9], #2\n"
	" subs x10, x10, #1\n"
	" b.ne 2b\n"
	"1: tst x20, #(1u << 4)\n"
	" b.eq 1f\n"
	" mrs x9, fpsr\n"
	" str x9, [x21, #0]\n"
	" mrs x9, fpcr\n"
	" str x9, [x21, #8]\n"
	"1: tst x20, #(1u << 5)\n"
	" b.eq 1f\n"
	" mrs x9, s3_3_c4_c4_2\n"
	" str x9, [x21, #16]\n"
	"1: tst x20, #(1u << 6)\n"
	" b.eq 1f\n"
	" mrs x9, tpidr2_el0\n"
	" str x9, [x21, #24]\n"
	"1: tst x20, #(1u << 7)\n"
	" b.eq 1f\n"
	" ldr x9, [x19, #16 + 0]\n"
	" cond_za 5f\n"
	" rdsvl x10, #1\n"
	" mov w12, #0\n"
	"2: str za[w12, 0], [x9]\n"
	" add x9, x9, x10\n"
	" add w12, w12, #1\n"
	" cmp w12, w10\n"
	" b.ne 2b\n"
	" b 1f\n"
	"5: rdsvl x10, #1\n"
	" mul x10, x10, x10\n"
	"2: stp xzr, xzr, [x9], #16\n"
	" subs x10, x10, #16\n"
	" b.ne 2b\n"
	"1: tst x20, #(1u << 8)\n"
	" b.eq 1f\n"
	" ldr x9, [x19, #16 + 8]\n"
	" cond_za 5f\n"
	" str_zt0 9\n"
	" b 1f\n"
	"5: stp xzr, xzr, [x9]\n"
	" stp xzr, xzr, [x9, #16]\n"
	" stp xzr, xzr, [x9, #32]\n"
	" stp xzr, xzr, [x9, #48]\n"
	"1: tst x20, #(1u << 9)\n"
	" b.eq 1f\n"
	" mov x9, #0\n"
	" mov x10, #0\n"
	" mov x11, #0\n"
	" tbz x22, #0, 2f\n"
	" mrs x9, svcr\n"
	" rdsvl x11, #1\n"
	" tbnz x9, #0, 3f\n"
	"2: tbz x22, #1, 4f\n"
	"3: rdvl x10, #1\n"
	"4: str x9, [x21, #32]\n"
	" str x10, [x21, #40]\n"
	" str x11, [x21, #48]\n"
	"1: b .Lstep\n"
	".Lsyscall:\n"
	" ldr x8, [x19, #8]\n"
	" ldp x0, x1, [x19, #16 + 0]\n"
	" ldp x2, x3, [x19, #16 + 16]\n"
	" ldp x4, x5, [x19, #16 + 32]\n"
	" svc #0\n"
	" cbnz x0, 1f\n"
	" ldr x9, [x19, #72]\n"
	" cbz x9, 1f\n"
	" mov x19, x9\n"
	" b .Lnext\n"
	"1: str x0, [x19, #64]\n"
	" b .Lstep\n"
	".Ltrap:\n"
	" brk #0\n"
	" b .Lstep\n"
	".Lspin:\n"
	" ldr x11, [x19, #16 + 8]\n"
	" cbz x11, 1f\n"
	" mov x10, #1\n"
	" stlr x10, [x11]\n"
	"1: ldr x10, [x19, #16 + 0]\n"
	"1: ldar x11, [x21]\n"
	" cbnz x11, 2f\n"
	" cbz x10, 2f\n"
	" sub x10, x10, #1\n"
	" yield\n"
	" b 1b\n"
	"2: str x10, [x19, #64]\n"
	" b .Lstep\n"
	".Lsmstart:\n"
	" smstart\n"
	" b .Lstep\n"
	".Lsmstart_sm:\n"
	" smstart sm\n"
	" b .Lstep\n"
	".Lsmstart_za:\n"
	" smstart za\n"
	" b .Lstep\n"
	".Lsmstop:\n"
	" smstop\n"
	" b .Lstep\n"
	".Lsmstop_sm:\n"
	" smstop sm\n"
	" b .Lstep\n"
	".Lsmstop_za:\n"
	" smstop za\n"
	" b .Lstep\n"
	" .size fpabi_run_events, . - fpabi_run_events\n"
	" .section .note.GNU-stack, \"\", %progbits\n"
".popsection\n");

/* each signal's lists {entry, exit} */
struct slot { uint64_t entry, exit; };
#define NSLOTS 0
static const struct slot slots[] = {
	{ 0, 0 },
};

#define run_events fpabi_run_events
#define THREAD_ARGS (uintptr_t)(thread_stack + sizeof(thread_stack)), 0, 0, (uintptr_t)&thread_tid
void fpabi_run_events(struct ev *ev);
void sig_entry(int sig, siginfo_t *si, void *uc);
/* the SIGILL handler: store, then C, then the clobbering load */
__asm__(".pushsection .text\n.globl sig_entry\nsig_entry:\n"
	"stp x29, x30, [sp, #-32]!\nmov x29, sp\nstr x19, [sp, #16]\n"
	"mov x19, x2\nadrp x9, sig_list\nldr x0, [x9, :lo12:sig_list]\n"
	"bl fpabi_run_events\nmov x0, x19\nbl sig_body\nbl fpabi_run_events\n"
	"ldr x19, [sp, #16]\nldp x29, x30, [sp], #32\nret\n.popsection\n");

struct ev *sig_list;	/* the next signal's entry list */
static unsigned nsig;

/* the handler's C: step over the udf, on to the next slot */
struct ev *sig_body(ucontext_t *uc)
{
	const struct slot *s = &slots[nsig++];

	uc->uc_mcontext.pc += 4;
	sig_list = (struct ev *)(shm + slots[nsig < NSLOTS ? nsig : 0].entry);
	return (struct ev *)(shm + s->exit);
}

/* brk leaves the PC at itself: the tracer steps over it */
static void after_trap(void)
{
	uint64_t regs[34];
	struct iovec iov = { regs, sizeof(regs) };

	if (ptrace(PTRACE_GETREGSET, pid, (void *)1, &iov) < 0)
		fail("NT_PRSTATUS");
	regs[32] += 4;	/* pc */
	if (ptrace(PTRACE_SETREGSET, pid, (void *)1, &iov) < 0)
		fail("NT_PRSTATUS");
}

static void arch_setup(void)
{
	struct sigaction sa;

	if ((SVE_VL && prctl(PR_SVE_SET_VL, SVE_VL) != SVE_VL) ||
	    (SME_VL && prctl(PR_SME_SET_VL, SME_VL) != SME_VL))
		_exit(3);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = sig_entry;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sig_list = (struct ev *)(shm + slots[0].entry);
	if (NSLOTS && sigaction(SIGILL, &sa, NULL) < 0)
		_exit(3);
}

/* an SVE payload in FPSIMD format (the kernel's choice at the stop):
 * the word's place there, or zero where that format has nothing of it */
static uint64_t fixup(const struct word *w, uint64_t got)
{
	uint16_t fmt;
	unsigned alt = w->flags >> 8;

	memcpy(&fmt, shm + w->buf + 12, 2);	/* user_sve_header.flags */
	if (!(w->flags & 2) || (fmt & 1))	/* SVE_PT_REGS_SVE */
		return got;
	got = 0;
	if (alt != 0xffff)
		memcpy(&got, shm + w->buf + alt, w->len);
	return got;
}

/* the event lists, at their offsets in the shared memory (ptr: an offset too) */
static const struct evdef evs[] = {
	{ 0x1000, 1, 0, { 0x2900, 0x2d00, 0x40 }, 0x2000, 0x10de, 0x3 },
	{ 0x1080, 4, 0, { 0, 0, 0 }, 0, 0, 0 },
	{ 0x1100, 2, 0, { 0x3900, 0x3d00, 0x40 }, 0x3000, 0x12de, 0x3 },
	{ 0x1180, 0, 0, { 0, 0, 0 }, 0, 0, 0 },
};

/* the images the tracee loads, and the tracer's writes: canary runs {off, bytes, raw, task, phase, comp, reg, lane} and raw words */
static const struct run runs[] = {
	{ 0x2000, 8, 1, 0, 0, 0, 0, 0, 0x88ull }, { 0x2008, 8, 1, 0, 0, 0, 0, 0, 0x5400000ull }, { 0x2018, 8, 0, 0, 1, 24, 0, 0, 0 },
	{ 0x2028, 8, 1, 0, 0, 0, 0, 0, 0x40ull }, { 0x2030, 8, 1, 0, 0, 0, 0, 0, 0x20ull }, { 0x2040, 64, 0, 0, 1, 16, 0, 0, 0 },
	{ 0x2080, 64, 0, 0, 1, 16, 1, 0, 0 }, { 0x20c0, 64, 0, 0, 1, 16, 2, 0, 0 }, { 0x2100, 64, 0, 0, 1, 16, 3, 0, 0 },
	{ 0x2140, 64, 0, 0, 1, 16, 4, 0, 0 }, { 0x2180, 64, 0, 0, 1, 16, 5, 0, 0 }, { 0x21c0, 64, 0, 0, 1, 16, 6, 0, 0 },
	{ 0x2200, 64, 0, 0, 1, 16, 7, 0, 0 }, { 0x2240, 64, 0, 0, 1, 16, 8, 0, 0 }, { 0x2280, 64, 0, 0, 1, 16, 9, 0, 0 },
	{ 0x22c0, 64, 0, 0, 1, 16, 10, 0, 0 }, { 0x2300, 64, 0, 0, 1, 16, 11, 0, 0 }, { 0x2340, 64, 0, 0, 1, 16, 12, 0, 0 },
	{ 0x2380, 64, 0, 0, 1, 16, 13, 0, 0 }, { 0x23c0, 64, 0, 0, 1, 16, 14, 0, 0 }, { 0x2400, 64, 0, 0, 1, 16, 15, 0, 0 },
	{ 0x2440, 64, 0, 0, 1, 16, 16, 0, 0 }, { 0x2480, 64, 0, 0, 1, 16, 17, 0, 0 }, { 0x24c0, 64, 0, 0, 1, 16, 18, 0, 0 },
	{ 0x2500, 64, 0, 0, 1, 16, 19, 0, 0 }, { 0x2540, 64, 0, 0, 1, 16, 20, 0, 0 }, { 0x2580, 64, 0, 0, 1, 16, 21, 0, 0 },
	{ 0x25c0, 64, 0, 0, 1, 16, 22, 0, 0 }, { 0x2600, 64, 0, 0, 1, 16, 23, 0, 0 }, { 0x2640, 64, 0, 0, 1, 16, 24, 0, 0 },
	{ 0x2680, 64, 0, 0, 1, 16, 25, 0, 0 }, { 0x26c0, 64, 0, 0, 1, 16, 26, 0, 0 }, { 0x2700, 64, 0, 0, 1, 16, 27, 0, 0 },
	{ 0x2740, 64, 0, 0, 1, 16, 28, 0, 0 }, { 0x2780, 64, 0, 0, 1, 16, 29, 0, 0 }, { 0x27c0, 64, 0, 0, 1, 16, 30, 0, 0 },
	{ 0x2800, 64, 0, 0, 1, 16, 31, 0, 0 }, { 0x2840, 8, 0, 0, 1, 17, 0, 0, 0 }, { 0x2848, 8, 0, 0, 1, 17, 1, 0, 0 },
	{ 0x2850, 8, 0, 0, 1, 17, 2, 0, 0 }, { 0x2858, 8, 0, 0, 1, 17, 3, 0, 0 }, { 0x2860, 8, 0, 0, 1, 17, 4, 0, 0 },
	{ 0x2868, 8, 0, 0, 1, 17, 5, 0, 0 }, { 0x2870, 8, 0, 0, 1, 17, 6, 0, 0 }, { 0x2878, 8, 0, 0, 1, 17, 7, 0, 0 },
	{ 0x2880, 8, 0, 0, 1, 17, 8, 0, 0 }, { 0x2888, 8, 0, 0, 1, 17, 9, 0, 0 }, { 0x2890, 8, 0, 0, 1, 17, 10, 0, 0 },
	{ 0x2898, 8, 0, 0, 1, 17, 11, 0, 0 }, { 0x28a0, 8, 0, 0, 1, 17, 12, 0, 0 }, { 0x28a8, 8, 0, 0, 1, 17, 13, 0, 0 },
	{ 0x28b0, 8, 0, 0, 1, 17, 14, 0, 0 }, { 0x28b8, 8, 0, 0, 1, 17, 15, 0, 0 }, { 0x28c0, 8, 1, 0, 0, 0, 0, 0, 0x1ffffffffffffffull },
	{ 0x2900, 32, 0, 0, 1, 22, 0, 0, 0 }, { 0x2920, 32, 0, 0, 1, 22, 1, 0, 0 }, { 0x2940, 32, 0, 0, 1, 22, 2, 0, 0 },
	{ 0x2960, 32, 0, 0, 1, 22, 3, 0, 0 }, { 0x2980, 32, 0, 0, 1, 22, 4, 0, 0 }, { 0x29a0, 32, 0, 0, 1, 22, 5, 0, 0 },
	{ 0x29c0, 32, 0, 0, 1, 22, 6, 0, 0 }, { 0x29e0, 32, 0, 0, 1, 22, 7, 0, 0 }, { 0x2a00, 32, 0, 0, 1, 22, 8, 0, 0 },
	{ 0x2a20, 32, 0, 0, 1, 22, 9, 0, 0 }, { 0x2a40, 32, 0, 0, 1, 22, 10, 0, 0 }, { 0x2a60, 32, 0, 0, 1, 22, 11, 0, 0 },
	{ 0x2a80, 32, 0, 0, 1, 22, 12, 0, 0 }, { 0x2aa0, 32, 0, 0, 1, 22, 13, 0, 0 }, { 0x2ac0, 32, 0, 0, 1, 22, 14, 0, 0 },
	{ 0x2ae0, 32, 0, 0, 1, 22, 15, 0, 0 }, { 0x2b00, 32, 0, 0, 1, 22, 16, 0, 0 }, { 0x2b20, 32, 0, 0, 1, 22, 17, 0, 0 },
	{ 0x2b40, 32, 0, 0, 1, 22, 18, 0, 0 }, { 0x2b60, 32, 0, 0, 1, 22, 19, 0, 0 }, { 0x2b80, 32, 0, 0, 1, 22, 20, 0, 0 },
	{ 0x2ba0, 32, 0, 0, 1, 22, 21, 0, 0 }, { 0x2bc0, 32, 0, 0, 1, 22, 22, 0, 0 }, { 0x2be0, 32, 0, 0, 1, 22, 23, 0, 0 },
	{ 0x2c00, 32, 0, 0, 1, 22, 24, 0, 0 }, { 0x2c20, 32, 0, 0, 1, 22, 25, 0, 0 }, { 0x2c40, 32, 0, 0, 1, 22, 26, 0, 0 },
	{ 0x2c60, 32, 0, 0, 1, 22, 27, 0, 0 }, { 0x2c80, 32, 0, 0, 1, 22, 28, 0, 0 }, { 0x2ca0, 32, 0, 0, 1, 22, 29, 0, 0 },
	{ 0x2cc0, 32, 0, 0, 1, 22, 30, 0, 0 }, { 0x2ce0, 32, 0, 0, 1, 22, 31, 0, 0 },
	{ 0x4000, 8, 1, 0, 0, 0, 0, 0, 0x470ull }, { 0x4008, 8, 1, 0, 0, 0, 0, 0, 0x100200020ull }, { 0x4010, 32, 0, 0, 2, 16, 0, 0, 0 },
	{ 0x4030, 32, 0, 0, 2, 16, 1, 0, 0 }, { 0x4050, 32, 0, 0, 2, 16, 2, 0, 0 }, { 0x4070, 32, 0, 0, 2, 16, 3, 0, 0 },
	{ 0x4090, 32, 0, 0, 2, 16, 4, 0, 0 }, { 0x40b0, 32, 0, 0, 2, 16, 5, 0, 0 }, { 0x40d0, 32, 0, 0, 2, 16, 6, 0, 0 },
	{ 0x40f0, 32, 0, 0, 2, 16, 7, 0, 0 }, { 0x4110, 32, 0, 0, 2, 16, 8, 0, 0 }, { 0x4130, 32, 0, 0, 2, 16, 9, 0, 0 },
	{ 0x4150, 32, 0, 0, 2, 16, 10, 0, 0 }, { 0x4170, 32, 0, 0, 2, 16, 11, 0, 0 }, { 0x4190, 32, 0, 0, 2, 16, 12, 0, 0 },
	{ 0x41b0, 32, 0, 0, 2, 16, 13, 0, 0 }, { 0x41d0, 32, 0, 0, 2, 16, 14, 0, 0 }, { 0x41f0, 32, 0, 0, 2, 16, 15, 0, 0 },
	{ 0x4210, 32, 0, 0, 2, 16, 16, 0, 0 }, { 0x4230, 32, 0, 0, 2, 16, 17, 0, 0 }, { 0x4250, 32, 0, 0, 2, 16, 18, 0, 0 },
	{ 0x4270, 32, 0, 0, 2, 16, 19, 0, 0 }, { 0x4290, 32, 0, 0, 2, 16, 20, 0, 0 }, { 0x42b0, 32, 0, 0, 2, 16, 21, 0, 0 },
	{ 0x42d0, 32, 0, 0, 2, 16, 22, 0, 0 }, { 0x42f0, 32, 0, 0, 2, 16, 23, 0, 0 }, { 0x4310, 32, 0, 0, 2, 16, 24, 0, 0 },
	{ 0x4330, 32, 0, 0, 2, 16, 25, 0, 0 }, { 0x4350, 32, 0, 0, 2, 16, 26, 0, 0 }, { 0x4370, 32, 0, 0, 2, 16, 27, 0, 0 },
	{ 0x4390, 32, 0, 0, 2, 16, 28, 0, 0 }, { 0x43b0, 32, 0, 0, 2, 16, 29, 0, 0 }, { 0x43d0, 32, 0, 0, 2, 16, 30, 0, 0 },
	{ 0x43f0, 32, 0, 0, 2, 16, 31, 0, 0 }, { 0x4410, 8, 1, 0, 0, 0, 0, 0, 0x5119a00011ca0ull }, { 0x4418, 8, 1, 0, 0, 0, 0, 0, 0xd1d0800091d84ull },
	{ 0x4420, 8, 1, 0, 0, 0, 0, 0, 0x15193500111091ull }, { 0x4428, 8, 1, 0, 0, 0, 0, 0, 0x1d113f001912d2ull }, { 0x4430, 8, 1, 0, 0, 0, 0, 0, 0x2513d900211d02ull },
	{ 0x4438, 8, 1, 0, 0, 0, 0, 0, 0x2d106800291551ull }, { 0x4440, 8, 1, 0, 0, 0, 0, 0, 0x351a7600311132ull }, { 0x4448, 8, 1, 0, 0, 0, 0, 0, 0x3d104900391626ull },
	{ 0x4450, 8, 1, 0, 0, 0, 0, 0, 0x7ffffull }, { 0x4460, 8, 1, 0, 0, 0, 0, 0, 0x380000000000097ull },
};

/* the words checked: {buffer, offset, bytes, kind, component, flags, expected, init, observer, word, what was expected, what fpabi got there and what it said of it} */
static struct word words[] = {
	{ 0x6000, 1104, 4, 0, 3, 16776962, 0ull, 0ull, "NT_ARM_SSVE read 1 at stop 1", "ffr bytes 0-3", "zero (init)",
	  0x7ffffull, "this task's phase-2 value of ffr" },
};

/* the registers those words belong to {comp, reg, first lane, byte of it, name} */
static const struct name names[] = {
	{ 18, 0, 0, 0, "ffr" },
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
	set(0x4000, 0x40b, 1136);	/* ok there */
	get(0x5000, 0x2, 592);	/* ok there */
	get(0x6000, 0x40b, 1200);	/* ok there */
	get(0x7000, 0x405, 1024);	/* ok there */
	get(0x8000, 0x40c, 1104);	/* ok there */
	get(0x9000, 0x401, 80);	/* ok there */
	cont(0);
	finish();
	return check();
}
