// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 features: CPUID, XCR0, the XSAVE layout, the kernel's XCOMP
 * answers and AT_MINSIGSTKSZ; the variants cases are crossed with; and the
 * ABI profile for this kernel.
 */
#include <cpuid.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fpabi/util.h"
#include "fpabi/reports.h"
#include "x86.h"

#ifndef ARCH_GET_XCOMP_SUPP
#define ARCH_GET_XCOMP_SUPP	0x1021
#define ARCH_GET_XCOMP_PERM	0x1022
#endif
#ifndef AT_MINSIGSTKSZ
#define AT_MINSIGSTKSZ		51
#endif

static void host_cpuid(unsigned leaf, unsigned sub, uint32_t r[4], void *ctx)
{
	(void)ctx;
	__cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
}

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static uint32_t cpu_mxcsr_mask(void)
{
	uint8_t buf[512] __attribute__((aligned(64)));
	uint32_t mask;

	memset(buf, 0, sizeof(buf));
	__asm__ volatile("fxsave64 %0" : "=m"(buf));
	memcpy(&mask, buf + FXSAVE_MXCSR_MASK_OFF, 4);
	/* 0 means the default mask (SDM vol. 1, 11.6.6) */
	return mask ? mask : 0xffbf;
}

static void probe_cpu(struct x86_machine *x)
{
	uint32_t a, b, c, d, r[4];
	unsigned i;

	__cpuid(0, a, b, c, d);
	memcpy(x->vendor, &b, 4);
	memcpy(x->vendor + 4, &d, 4);
	memcpy(x->vendor + 8, &c, 4);
	x->amd = !strcmp(x->vendor, "AuthenticAMD") ||
		 !strcmp(x->vendor, "HygonGenuine");
	__cpuid(1, a, b, c, d);
	x->family = (a >> 8) & 0xf;
	if (x->family == 0xf)
		x->family += (a >> 20) & 0xff;
	x->model = ((a >> 4) & 0xf) | ((a >> 12) & 0xf0);
	x->stepping = a & 0xf;
	__cpuid(0x80000000, a, b, c, d);
	if (a >= 0x80000004) {
		for (i = 0; i < 3; i++) {
			__cpuid(0x80000002 + i, r[0], r[1], r[2], r[3]);
			memcpy(x->brand + 16 * i, r, 16);
		}
	}
	if (a >= 0x80000008) {
		__cpuid(0x80000008, a, b, c, d);
		x->xsaveerptr = b & (1u << 2);
	}
	__cpuid_count(7, 0, a, b, c, d);
	x->ospke = c & (1u << 4);
}

/* profile flags (fpabi_profiles[] below) */
#define X86_PROFILE_MAGIC2_AT_USER_SIZE 1u	/* x86_machine.magic2_at_user_size */

void x86_probe(struct fpabi_machine *m)
{
	static struct x86_machine x;
	uint32_t a, b, c, d;
	uint64_t supp;

	memset(&x, 0, sizeof(x));
	m->arch = &x;
	probe_cpu(&x);
	__cpuid(1, a, b, c, d);
	if (!(c & (1u << 27)))	/* OSXSAVE */
		return;
	m->have |= NEED_XSAVE;
	if (xsave_layout_parse(&x.xl, host_cpuid, NULL, xgetbv0(), 0) < 0)
		die("CPUID leaf 0xD describes an impossible XSAVE layout");
	x.mxcsr_mask = cpu_mxcsr_mask();
	x.size = x.xl.size_enabled;
	/* the tested components and NEED_AVX, AVX512, PKU, AMX (comp.c) */
	x86_comps_probe(m, &x);
	/* PKRU in XCR0 is not enough: RDPKRU and WRPKRU need CR4.PKE */
	if (!x.ospke)
		m->have &= ~NEED_PKU;
	if (x.xl.xsavec)
		m->have |= NEED_XSAVEC;
	if (syscall(SYS_arch_prctl, ARCH_GET_XCOMP_SUPP, &supp) == 0) {
		x.xcomp_supp = supp;
		syscall(SYS_arch_prctl, ARCH_GET_XCOMP_PERM, &x.xcomp_perm);
	} else {
		x.xcomp_err = errno;
	}
	x.minsigstksz = getauxval(AT_MINSIGSTKSZ);

	/* the ABI profile: what differs by kernel version (below) */
	x.magic2_at_user_size = fpabi_profile_choose(m)->flags &
				X86_PROFILE_MAGIC2_AT_USER_SIZE;
}

/*
 * Every x86_64 profile (struct fpabi_profile), newest first.
 *
 * 5.16 added XFD and the ARCH_*_XCOMP_PERM permission model
 * (Documentation/arch/x86/xstate.rst); that is probed from the machine
 * (arch_prctl answers, CPUID), not assumed from the profile, so it sets no
 * flag.
 *
 * 6.14 (dc8aa31a7ac2, "x86/fpu: Refine and simplify the magic number check
 * during signal return") made sigreturn seek FP_XSTATE_MAGIC2 at the
 * task's XSAVE size and ignore fx_sw_reserved.xstate_size; 7.1 reverted it
 * (44eeff9bc467: it broke CRIU and gVisor frames), and the revert went to
 * the 6.18 and 7.0 stable trees in June 2026.  Kernels 6.14-6.17 and 6.19
 * (no stable tree by then) keep the 6.14 rule; 6.18 and 7.0 are modelled
 * with the revert (their point releases from before June 2026 need
 * --profile x86-6.14-sigframe).
 */
#define KV(a, b) ((a) << 16 | (b) << 8)
const struct fpabi_profile fpabi_profiles[] = {
	{ "x86-7.0+", KV(7u, 0u), "7.0 and later",
	  "sigreturn finds magic2 at fx_sw.xstate_size (the 6.14 change "
	  "reverted in 7.1 and 7.0-stable)", 0, "none" },
	{ "x86-6.19-sigframe", KV(6u, 19u), "6.19",
	  "sigreturn seeks magic2 at the task's XSAVE size and ignores "
	  "fx_sw.xstate_size", X86_PROFILE_MAGIC2_AT_USER_SIZE,
	  "magic2_at_user_size", KV(7u, 0u) },
	{ "x86-6.18", KV(6u, 18u), "6.18 (LTS, with the June 2026 revert)",
	  "sigreturn finds magic2 at fx_sw.xstate_size (6.18-stable took "
	  "the revert)", 0, "none", KV(6u, 19u) },
	{ "x86-6.14-sigframe", KV(6u, 14u), "6.14 to 6.17",
	  "sigreturn seeks magic2 at the task's XSAVE size and ignores "
	  "fx_sw.xstate_size", X86_PROFILE_MAGIC2_AT_USER_SIZE,
	  "magic2_at_user_size", KV(6u, 18u) },
	{ "x86-5.16+", KV(5u, 16u), "5.16 to 6.13",
	  "XFD and XCOMP permissions; sigreturn finds magic2 at "
	  "fx_sw.xstate_size", 0, "none" },
	{ "x86-pre-5.16", 0, "before 5.16",
	  "no XFD, no XCOMP permissions", 0, "none" },
	{ NULL, 0, NULL, NULL, 0, NULL, 0 },
};

const char *x86_group_name(unsigned group)
{
	return xfeature_name(group);
}

void x86_info(const struct fpabi_machine *m, FILE *f)
{
	const struct x86_machine *x = m->arch;
	unsigned i;

	fprintf(f, "cpu: %s family %#x model %#x stepping %u: %s\n",
		x->vendor, x->family, x->model, x->stepping, x->brand);
	if (!(m->have & NEED_XSAVE)) {
		fprintf(f, "xsave: not enabled by the OS (CR4.OSXSAVE clear)\n");
		return;
	}
	fprintf(f, "xcr0: %#llx\n", (unsigned long long)x->xl.xcr0);
	fprintf(f, "xsave: size for XCR0 %u, for all user features %u, "
		"compacted %u (computed %u)\n", x->xl.size_enabled,
		x->xl.size_supported, x->xl.size_compacted, x->xl.compacted_end);
	fprintf(f, "xsave instructions: xsaveopt %s, xsavec %s, xgetbv1 %s, "
		"xsaves %s, xfd %s\n", x->xl.xsaveopt ? "yes" : "no",
		x->xl.xsavec ? "yes" : "no", x->xl.xgetbv1 ? "yes" : "no",
		x->xl.xsaves ? "yes" : "no", x->xl.xfd ? "yes" : "no");
	fprintf(f, "user features supported: %#llx, supervisor (XSS): %#llx\n",
		(unsigned long long)x->xl.user_supported,
		(unsigned long long)x->xl.xss_supported);
	fprintf(f, "components (number name: size @ standard offset, compacted offset):\n");
	for (i = 0; i < XF_MAX; i++) {
		const struct xsave_comp *c = &x->xl.comp[i];

		if (!((x->xl.user_supported | x->xl.xss_supported) >> i & 1))
			continue;
		fprintf(f, "  %2u %-17s %5u @ %5u, %5u%s%s%s\n", i,
			xfeature_name(i), c->size, c->offset, c->coffset,
			c->supervisor ? " supervisor" : "",
			c->align64 ? " align64" : "",
			(x->xl.xcr0 >> i & 1) ? " enabled" : "");
	}
	fprintf(f, "mxcsr_mask: %#x\n", x->mxcsr_mask);
	if (x->amd)
		fprintf(f, "x87 FOP/FIP/FDP: CPUID %s XSAVEERPTR (what the CPU "
			"keeps of them: the calibration)\n",
			x->xsaveerptr ? "says" : "does not say");
	if (x->xcomp_err)
		fprintf(f, "arch_prctl(ARCH_GET_XCOMP_SUPP): %s\n",
			strerror(x->xcomp_err));
	else
		fprintf(f, "arch_prctl XCOMP_SUPP %#llx PERM %#llx\n",
			(unsigned long long)x->xcomp_supp,
			(unsigned long long)x->xcomp_perm);
	fprintf(f, "AT_MINSIGSTKSZ: %lu\n", x->minsigstksz);
	fprintf(f, "components tested: %#llx\n", (unsigned long long)x->testable);
}

void x86_env_json(const struct fpabi_machine *m, FILE *f)
{
	const struct x86_machine *x = m->arch;

	fputs("\"vendor\": ", f);
	json_write_str(f, x->vendor);
	fputs(", \"model_name\": ", f);
	json_write_str(f, x->brand);
	fprintf(f, ", \"family\": %u, \"model\": %u, \"stepping\": %u",
		x->family, x->model, x->stepping);
	if (!(m->have & NEED_XSAVE)) {
		fputs(", \"xcr0\": null", f);
		return;
	}
	fprintf(f, ", \"xcr0\": \"0x%llx\", \"xsave\": {\"size\": %u, "
		"\"size_all_user\": %u, \"size_compacted\": %u, "
		"\"user_supported\": \"0x%llx\", \"xss_supported\": \"0x%llx\", "
		"\"xsaveopt\": %s, \"xsavec\": %s, \"xsaves\": %s, "
		"\"xgetbv1\": %s, \"xfd\": %s}, \"mxcsr_mask\": \"0x%x\", "
		"\"components_tested\": \"0x%llx\", \"minsigstksz\": %lu",
		(unsigned long long)x->xl.xcr0, x->xl.size_enabled,
		x->xl.size_supported, x->xl.size_compacted,
		(unsigned long long)x->xl.user_supported,
		(unsigned long long)x->xl.xss_supported,
		x->xl.xsaveopt ? "true" : "false", x->xl.xsavec ? "true" : "false",
		x->xl.xsaves ? "true" : "false", x->xl.xgetbv1 ? "true" : "false",
		x->xl.xfd ? "true" : "false", x->mxcsr_mask,
		(unsigned long long)x->testable, x->minsigstksz);
	if (x->xcomp_err)
		fputs(", \"xcomp_supp\": null, \"xcomp_perm\": null", f);
	else
		fprintf(f, ", \"xcomp_supp\": \"0x%llx\", \"xcomp_perm\": \"0x%llx\"",
			(unsigned long long)x->xcomp_supp,
			(unsigned long long)x->xcomp_perm);
}

/* Why the CPU cannot run a variant that loads components mask. */
static const char *variant_missing(const struct fpabi_machine *m,
				   const struct x86_machine *x, uint64_t mask)
{
	if (!(m->have & NEED_XSAVE))
		return "no XSAVE on this CPU";
	if ((mask & XFM_AVX512) && !(m->have & NEED_AVX512))
		return "no AVX-512 on this CPU (XCR0 has no AVX-512 state)";
	if ((mask & XFM(XF_YMM)) && !(m->have & NEED_AVX))
		return "no AVX on this CPU (XCR0 has no AVX state)";
	if ((mask & XFM_AMX) && !(m->have & NEED_AMX))
		return "no AMX on this CPU (XCR0 has no AMX tile state)";
	/* the components only some variants load (AMX) are not in
	 * testable: their NEED_* bit above says whether the CPU has them */
	mask &= ~x86_comp_mask(T_VARIANT, 0);
	if ((mask & x->testable) != mask)
		return "the CPU lacks a component this variant loads";
	return NULL;
}

/*
 * Variants: which components are loaded non-init.  The rest of the tested
 * components are put in their init state by the same XRSTOR.  Every
 * variant of the table is returned; one the CPU cannot run, or cannot
 * tell apart from xsave-all, carries its SKIP reason.
 */
/* the variants of VSET_ALL: the components each loads non-init */
static const struct {
	const char *name;
	uint64_t mask;
} table[] = {
	{ "xsave-all", ~0ull },
	{ "x87-sse", XFM(XF_FP) | XFM(XF_SSE) },
	{ "avx", XFM(XF_FP) | XFM(XF_SSE) | XFM(XF_YMM) },
	{ "avx512-no-ymm", XFM(XF_FP) | XFM(XF_SSE) | XFM_AVX512 },
	{ "opmask-only", XFM(XF_FP) | XFM(XF_SSE) | XFM(XF_OPMASK) },
};

/* variant k's name (the same on every machine) */
const char *x86_variant_name(unsigned k)
{
	return k < ARRAY_SIZE(table) ? table[k].name : "?";
}

int x86_variants(const struct fpabi_machine *m, enum variant_set set,
		 struct fpabi_variant *v, int max)
{
	const struct x86_machine *x = m->arch;
	int n = 0;
	unsigned i;

	if (!max)
		return 0;
	if (set == VSET_EXTRA) {
		/* the tiles too: AMX cases */
		memset(&v[0], 0, sizeof(v[0]));
		snprintf(v[0].name, sizeof(v[0].name), "amx");
		XV(&v[0])->xfeatures = x->testable | XFM_AMX;
		v[0].skip = variant_missing(m, x, XFM_AMX);
		return 1;
	}
	for (i = 0; i < ARRAY_SIZE(table) && n < max; i++) {
		uint64_t mask = table[i].mask & x->testable;

		memset(&v[n], 0, sizeof(v[n]));
		snprintf(v[n].name, sizeof(v[n].name), "%s", table[i].name);
		XV(&v[n])->xfeatures = mask;
		if (!(m->have & NEED_XSAVE) || (i && mask != table[i].mask))
			v[n].skip = variant_missing(m, x, table[i].mask);
		else if (i && mask == x->testable)
			v[n].skip = "this CPU has no component beyond these: "
				    "the same as xsave-all";
		n++;
		if (set == VSET_DEFAULT)
			break;
	}
	return n;
}
