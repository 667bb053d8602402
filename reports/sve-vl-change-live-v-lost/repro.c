// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Standalone reproducer of fpabi finding sve-vl-change-live-v-lost: on arm64
 * Linux 6.2..6.15, PR_SVE_SET_VL with the FPSIMD/SVE state live in the CPU
 * and TIF_SVE set replaces V0-V31 with the low 128 bits of the task's stale
 * (or zeroed) saved SVE buffer, where sve.rst says V is preserved.
 *
 * Each mode runs in a fresh fork()ed child (TIF_SVE clear), then in one asm
 * block with no syscall between the loads and the prctl:
 *   fpsimd      no SVE instruction: TIF_SVE stays clear (the control)
 *   sve-zero    ptrue (the first-use SVE trap sets TIF_SVE), V0-V31 := B,
 *               prctl(PR_SVE_SET_VL, other VL), store V0-V31
 *   sve-stale   V0-V31 := A, ptrue, brk #0 (a SIGTRAP whose delivery saves
 *               A into the task's SVE buffer; its handler clobbers V; the
 *               sigreturn restores A), V0-V31 := B, prctl, store V0-V31
 * and compares the stored V with B.  sve.rst (prctl extensions,
 * PR_SVE_SET_VL): a VL change leaves Z0-Z31 bits [127:0] (V0-V31)
 * preserved; everything else becomes unspecified.
 *
 * Build: aarch64-linux-gnu-gcc -static -O2 -o repro repro.c
 * Run:   ./repro [--vl BYTES]   (other arguments are ignored, so the binary
 *        can stand in for fpabi in an fpabi-vm guest)
 * Exit:  1 V was not preserved in some mode, 0 it was in every mode,
 *        2 no verdict (no SVE, one VL only, a child died).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef HWCAP_SVE
#define HWCAP_SVE (1 << 22)
#endif
#ifndef PR_SVE_SET_VL
#define PR_SVE_SET_VL 50
#define PR_SVE_GET_VL 51
#endif
#define PR_SVE_VL_LEN_MASK 0xffff

enum mode { M_FPSIMD, M_SVE_ZERO, M_SVE_STALE, M_NR };
static const char *const mode_name[M_NR] = { "fpsimd", "sve-zero", "sve-stale" };

/* 32 V registers of 16 bytes: A (loaded first, sve-stale only) and B */
static uint8_t val_a[512] __attribute__((aligned(16)));
static uint8_t val_b[512] __attribute__((aligned(16)));
static uint8_t out[512] __attribute__((aligned(16)));

static void fill(uint8_t *v, uint8_t tag)
{
	for (int r = 0; r < 32; r++)
		for (int i = 0; i < 16; i++)
			v[r * 16 + i] = (uint8_t)(tag ^ (r << 3) ^ (i * 0x11) ^ 0x80);
}

/* the SIGTRAP of brk #0: clobber V (the kernel restores it from the frame
 * at sigreturn) and step over the brk */
static void on_trap(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	(void)sig; (void)si;
	__asm__ volatile("movi v0.16b, #0x77\n\tmovi v1.16b, #0x77\n\t"
			 "movi v31.16b, #0x77" ::: "v0", "v1", "v31");
	uc->uc_mcontext.pc += 4;
}

#define LD_V(reg) \
	"ld1 {v0.16b-v3.16b}, [" reg "], #64\n\t"	\
	"ld1 {v4.16b-v7.16b}, [" reg "], #64\n\t"	\
	"ld1 {v8.16b-v11.16b}, [" reg "], #64\n\t"	\
	"ld1 {v12.16b-v15.16b}, [" reg "], #64\n\t"	\
	"ld1 {v16.16b-v19.16b}, [" reg "], #64\n\t"	\
	"ld1 {v20.16b-v23.16b}, [" reg "], #64\n\t"	\
	"ld1 {v24.16b-v27.16b}, [" reg "], #64\n\t"	\
	"ld1 {v28.16b-v31.16b}, [" reg "], #64\n\t"
#define ST_V(reg) \
	"st1 {v0.16b-v3.16b}, [" reg "], #64\n\t"	\
	"st1 {v4.16b-v7.16b}, [" reg "], #64\n\t"	\
	"st1 {v8.16b-v11.16b}, [" reg "], #64\n\t"	\
	"st1 {v12.16b-v15.16b}, [" reg "], #64\n\t"	\
	"st1 {v16.16b-v19.16b}, [" reg "], #64\n\t"	\
	"st1 {v20.16b-v23.16b}, [" reg "], #64\n\t"	\
	"st1 {v24.16b-v27.16b}, [" reg "], #64\n\t"	\
	"st1 {v28.16b-v31.16b}, [" reg "], #64\n\t"
#define V_CLOBBERS \
	"v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", \
	"v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19",     \
	"v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28",     \
	"v29", "v30", "v31"

/* returns prctl's return value; *rdvl: the VL the CPU runs at after it */
static long window(enum mode m, unsigned long vl, unsigned long *rdvl)
{
	register long x0 __asm__("x0");
	register unsigned long x12 __asm__("x12");
	register const uint8_t *pa __asm__("x9") = val_a;
	register const uint8_t *pb __asm__("x10") = val_b;
	register uint8_t *po __asm__("x11") = out;
	register unsigned long x1 __asm__("x1") = vl;
	register long x8 __asm__("x8") = __NR_prctl;

	switch (m) {
	case M_FPSIMD:
		__asm__ volatile(LD_V("x10")
				 "mov x0, #50\n\t"	/* PR_SVE_SET_VL */
				 "svc #0\n\t"
				 ST_V("x11")
				 ".arch_extension sve\n\t"
				 "rdvl x12, #1\n\t"
				 : "=r"(x0), "=r"(x12), "+r"(pb), "+r"(po)
				 : "r"(x1), "r"(x8)
				 : "memory", V_CLOBBERS);
		break;
	case M_SVE_ZERO:
		__asm__ volatile(".arch_extension sve\n\t"
				 "ptrue p0.b\n\t"	/* first-use trap: TIF_SVE */
				 LD_V("x10")
				 "mov x0, #50\n\t"
				 "svc #0\n\t"
				 ST_V("x11")
				 "rdvl x12, #1\n\t"
				 : "=r"(x0), "=r"(x12), "+r"(pb), "+r"(po)
				 : "r"(x1), "r"(x8)
				 : "memory", "p0", V_CLOBBERS);
		break;
	default:
		__asm__ volatile(".arch_extension sve\n\t"
				 LD_V("x9")
				 "ptrue p0.b\n\t"
				 "brk #0\n\t"		/* SIGTRAP: A saved, restored */
				 LD_V("x10")
				 "mov x0, #50\n\t"
				 "svc #0\n\t"
				 ST_V("x11")
				 "rdvl x12, #1\n\t"
				 : "=r"(x0), "=r"(x12), "+r"(pa), "+r"(pb), "+r"(po)
				 : "r"(x1), "r"(x8)
				 : "memory", "p0", V_CLOBBERS);
		break;
	}
	*rdvl = x12;
	return x0;
}

/* the child: 0 V kept, 1 V lost, 2 no verdict */
static int child(enum mode m, unsigned long vl)
{
	struct sigaction sa;
	unsigned long rdvl;
	long ret;
	int bad = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_trap;
	sa.sa_flags = SA_SIGINFO;
	if (sigaction(SIGTRAP, &sa, NULL))
		return 2;
	memset(out, 0xee, sizeof(out));
	ret = window(m, vl, &rdvl);
	if (ret < 0 || (unsigned long)(ret & PR_SVE_VL_LEN_MASK) != vl ||
	    rdvl != vl) {
		printf("# %s: prctl(PR_SVE_SET_VL, %lu) returned %ld, rdvl %lu\n",
		       mode_name[m], vl, ret, rdvl);
		return 2;
	}
	for (int r = 0; r < 32; r++) {
		const uint8_t *o = out + r * 16, *b = val_b + r * 16;
		const char *what = "other";

		if (!memcmp(o, b, 16))
			continue;
		if (!memcmp(o, val_a + r * 16, 16))
			what = "A, loaded before the signal: stale";
		else if (!o[0] && !memcmp(o, o + 1, 15))
			what = "zero";
		if (bad++ < 4) {
			printf("#   v%-2d = ", r);
			for (int i = 15; i >= 0; i--)
				printf("%02x", o[i]);
			printf(" (%s), expected ", what);
			for (int i = 15; i >= 0; i--)
				printf("%02x", b[i]);
			printf("\n");
		}
	}
	if (bad)
		printf("#   %d of 32 V registers not preserved\n", bad);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned long cur, vl = 0;
	struct utsname u;
	int lost = 0, unknown = 0, n = 0;

	for (int i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--vl"))
			vl = strtoul(argv[++i], NULL, 0);
	uname(&u);
	printf("TAP version 13\n# %s %s %s\n", u.sysname, u.release, u.version);
	if (!(getauxval(AT_HWCAP) & HWCAP_SVE)) {
		printf("1..0 # SKIP no SVE\n");
		return 2;
	}
	cur = prctl(PR_SVE_GET_VL) & PR_SVE_VL_LEN_MASK;
	if (!vl)
		vl = cur == 16 ? 32 : 16;
	printf("# VL %lu -> %lu\n1..%d\n", cur, vl, M_NR);
	fill(val_a, 0xa0);
	fill(val_b, 0xb0);
	for (int m = 0; m < M_NR; m++) {
		int st, rc;
		pid_t pid;

		fflush(stdout);	/* or the child prints it again */
		pid = fork();

		if (pid == 0)
			exit(child(m, vl));	/* exit: flush the child's stdout */
		if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
			rc = 2;
		else
			rc = WEXITSTATUS(st);
		printf("%s %d - %s: V0-V31 across PR_SVE_SET_VL%s\n",
		       rc ? "not ok" : "ok", ++n, mode_name[m],
		       rc == 2 ? " # no verdict" : "");
		lost |= rc == 1;
		unknown |= rc == 2;
	}
	printf("# %s\n", lost ? "V not preserved: the bug shows" :
	       unknown ? "no verdict" : "V preserved in every mode");
	return lost ? 1 : unknown ? 2 : 0;
}
