// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench on x86_64: the vector-state variants (SSE only, AVX, AVX-512,
 * used once or before every operation) and the FP regsets.  The upper
 * AVX and AVX-512 state is put at init with XRSTOR first, so "clean"
 * means clean even when libc's string functions used ymm16-31.
 */
#include <cpuid.h>
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/auxv.h>

#include "fpabi/bench.h"

#ifndef NT_X86_XSTATE
#define NT_X86_XSTATE 0x202
#endif
#ifndef AT_MINSIGSTKSZ
#define AT_MINSIGSTKSZ 51
#endif

#define XF_AVX		(1ull << 2)
#define XF_AVX512	(7ull << 5)	/* opmask, ZMM_Hi256, Hi16_ZMM */

void fpabi_bench_x86_xrstor(void *area, uint64_t mask);
void fpabi_bench_x86_touch_sse(void);
void fpabi_bench_x86_touch_avx(void);
void fpabi_bench_x86_touch_avx512(void);

/* a standard-format XSAVE area whose header says "every component at init" */
static unsigned char init_area[4096] __attribute__((aligned(64)));

static uint64_t xcr0(void)
{
	unsigned a, b, c, d;
	uint32_t lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
		return 0;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static bool have_avx512f(void)
{
	unsigned a, b, c, d;

	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX512F);
}

/* AVX and AVX-512 components this task may use, at init */
static void init_upper(void)
{
	uint64_t mask = xcr0() & (XF_AVX | XF_AVX512);

	if (mask)
		fpabi_bench_x86_xrstor(init_area, mask);
}

static void avx_once(void)
{
	init_upper();
	fpabi_bench_x86_touch_avx();
}

static void avx512_once(void)
{
	init_upper();
	fpabi_bench_x86_touch_avx512();
}

#define BW_ALL (BW_SYSCALL | BW_SIGNAL | BW_TRAP_PIPE | BW_CTXSW | BW_PTRACE)

static const struct bench_vec x86_vecs[] = {
	{ "sse", "xmm0-15 written before each operation; AVX and AVX-512 "
	  "state at init", BW_ALL, init_upper, fpabi_bench_x86_touch_sse },
	{ "avx-once", "ymm0-15 written once before the loop (dirty upper "
	  "YMM), AVX-512 at init", BW_SYSCALL, avx_once, NULL },
	{ "avx-each", "ymm0-15 written before each operation (dirty upper "
	  "YMM), AVX-512 at init", BW_ALL & ~BW_PTRACE, init_upper,
	  fpabi_bench_x86_touch_avx },
	{ "avx512-once", "zmm0-31 and k1-k7 written once before the loop "
	  "(dirty upper AVX-512)", BW_SYSCALL, avx512_once, NULL },
	{ "avx512-each", "zmm0-31 and k1-k7 written before each operation "
	  "(dirty upper AVX-512)", BW_ALL, init_upper,
	  fpabi_bench_x86_touch_avx512 },
	{ NULL }
};

static const struct bench_regset x86_regsets[] = {
	{ "NT_PRFPREG", NT_PRFPREG, 512 },
	{ "NT_X86_XSTATE", NT_X86_XSTATE, 65536 },
	{ NULL }
};

static const char *x86_unsupported(const struct bench_vec *v)
{
	uint64_t x = xcr0();

	if (v->touch == fpabi_bench_x86_touch_avx512 || v->prepare == avx512_once) {
		if (!have_avx512f())
			return "the CPU has no AVX-512";
		if ((x & XF_AVX512) != XF_AVX512)
			return "XCR0 does not enable AVX-512 state";
	}
	if ((v->touch == fpabi_bench_x86_touch_avx || v->prepare == avx_once) &&
	    !(x & XF_AVX))
		return "the CPU or XCR0 has no AVX";
	return NULL;
}

static void x86_describe(char *buf, size_t n)
{
	unsigned a, b = 0, c, d;

	if (!xcr0() || !__get_cpuid_count(0xd, 0, &a, &b, &c, &d))
		b = 0;
	snprintf(buf, n, "XCR0 %#llx, XSAVE %u bytes, AT_MINSIGSTKSZ %lu",
		 (unsigned long long)xcr0(), b, getauxval(AT_MINSIGSTKSZ));
}

const struct bench_arch bench_arch = {
	.vecs = x86_vecs,
	.regsets = x86_regsets,
	.unsupported = x86_unsupported,
	.describe = x86_describe,
};
