// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench on arm64: the vector-state variants (FPSIMD only, SVE used
 * once, SVE used before every operation, at the task's current VL) and
 * the FP regsets.
 */
#include <elf.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <time.h>

#include "fpabi/bench.h"

#ifndef HWCAP_SVE
#define HWCAP_SVE (1ul << 22)
#endif
#ifndef NT_ARM_SVE
#define NT_ARM_SVE 0x405
#endif
#ifndef PR_SVE_GET_VL
#define PR_SVE_GET_VL 51
#endif
#ifndef PR_SVE_VL_LEN_MASK
#define PR_SVE_VL_LEN_MASK 0xffff
#endif
#ifndef AT_MINSIGSTKSZ
#define AT_MINSIGSTKSZ 51
#endif

void fpabi_bench_a64_touch_fpsimd(void);
void fpabi_bench_a64_touch_sve(void);
void fpabi_bench_a64_spin_ms(unsigned long ms);

/*
 * sve-1s: the SVE state live (TIF_SVE set by an SVE access trap) and that
 * trap more than a second old, with no syscall since: what a kernel that
 * drops TIF_SVE at syscall entry a second after the last trap (seed 001)
 * acts on at the loop's first syscall.  A blocking syscall first (a
 * context switch inside a syscall discards the SVE state, so the write
 * that follows traps), then the write, then 1.1 s in user space.
 */
static void a64_sve_then_wait(void)
{
	struct timespec ts = { 0, 1000000 };

	nanosleep(&ts, NULL);
	fpabi_bench_a64_touch_sve();
	fpabi_bench_a64_spin_ms(1100);
}

#define BW_ALL (BW_SYSCALL | BW_SIGNAL | BW_TRAP_PIPE | BW_CTXSW | BW_PTRACE)

static const struct bench_vec a64_vecs[] = {
	{ "fpsimd", "v0-v7 and v16-v31 written before each operation "
	  "(AdvSIMD only)", BW_ALL, NULL, fpabi_bench_a64_touch_fpsimd },
	{ "sve-once", "z0-z31, p0-p15 and FFR written once before the loop "
	  "(the first syscall discards them)", BW_SYSCALL,
	  fpabi_bench_a64_touch_sve, NULL },
	{ "sve-1s", "z0-z31, p0-p15 and FFR written once (after an SVE access "
	  "trap), then 1.1 s with no syscall before the loop", BW_SYSCALL,
	  a64_sve_then_wait, NULL },
	{ "sve-each", "z0-z31, p0-p15 and FFR written before each operation "
	  "(an SVE access trap only where the kernel dropped the state: "
	  "after a switch, or a syscall on kernels that discard there)",
	  BW_ALL, NULL,
	  fpabi_bench_a64_touch_sve },
	{ NULL }
};

static const struct bench_regset a64_regsets[] = {
	{ "NT_PRFPREG", NT_PRFPREG, 528 },
	{ "NT_ARM_SVE", NT_ARM_SVE, 1 << 17 },
	{ NULL }
};

static const char *a64_unsupported(const struct bench_vec *v)
{
	bool sve = v->touch == fpabi_bench_a64_touch_sve ||
		   v->prepare == fpabi_bench_a64_touch_sve ||
		   v->prepare == a64_sve_then_wait;

	if (sve && !(getauxval(AT_HWCAP) & HWCAP_SVE))
		return "the CPU has no SVE (HWCAP_SVE clear)";
	return NULL;
}

static void a64_describe(char *buf, size_t n)
{
	int vl = -1;

	if (getauxval(AT_HWCAP) & HWCAP_SVE)
		vl = prctl(PR_SVE_GET_VL, 0, 0, 0, 0);
	if (vl < 0)
		snprintf(buf, n, "no SVE, AT_MINSIGSTKSZ %lu",
			 getauxval(AT_MINSIGSTKSZ));
	else
		snprintf(buf, n, "SVE VL %d bytes, AT_MINSIGSTKSZ %lu",
			 vl & PR_SVE_VL_LEN_MASK, getauxval(AT_MINSIGSTKSZ));
}

const struct bench_arch bench_arch = {
	.vecs = a64_vecs,
	.regsets = a64_regsets,
	.unsupported = a64_unsupported,
	.describe = a64_describe,
};
