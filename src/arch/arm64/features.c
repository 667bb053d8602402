// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 features: hwcaps, the vector lengths the system supports (probed
 * with prctl, as Documentation/arch/arm64/sve.rst section 6 describes), the
 * default VLs, the variants cases are crossed with, and the ABI profile.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>

#include "uapi-compat/arm64.h"
#include "fpabi/reports.h"
#include "fpabi/util.h"
#include "a64.h"
#include "vl.h"

/* fpabi_profiles[].flags: the a64_machine flags a profile sets */
#define A64_PROFILE_V616 1u	/* a64_machine.v616 */

static int read_int(const char *path)
{
	FILE *f = fopen(path, "re");
	int v = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/*
 * Every VL the system supports for one vector type: PR_*_SET_VL rounds a
 * request down to the largest supported VL (A-VL-1), so asking for each
 * VQ from the top finds them all.  The caller's VL is restored.
 */
static unsigned probe_vls(int set, int get, unsigned *out)
{
	int orig = prctl(get), vq, got;
	unsigned n = 0, i, last = 0;

	if (orig < 0)
		return 0;
	for (vq = A64_VQ_MAX; vq >= 1; vq--) {
		got = prctl(set, vq * 16);
		if (got < 0)
			break;
		got &= PR_SVE_VL_LEN_MASK;
		if (!a64_vl_answer_ok(vq * 16, got))
			die("prctl(%s, %d) answered VL %d: not a multiple of 16 "
			    "from 16 to the request (at most %d); Documentation/"
			    "arch/arm64/sve.rst", set == PR_SVE_SET_VL ?
			    "PR_SVE_SET_VL" : "PR_SME_SET_VL", vq * 16, got,
			    16 * A64_VQ_MAX);
		if ((unsigned)got == last)
			continue;
		last = got;
		if (n < MAX_VLS)
			out[n++] = got;
		vq = got / 16;	/* the next request is below this one */
	}
	prctl(set, orig & (PR_SVE_VL_LEN_MASK | PR_SVE_VL_INHERIT));
	/* ascending */
	for (i = 0; i < n / 2; i++) {
		unsigned t = out[i];

		out[i] = out[n - 1 - i];
		out[n - 1 - i] = t;
	}
	return n;
}

void a64_probe(struct fpabi_machine *m)
{
	static struct a64_machine a;

	memset(&a, 0, sizeof(a));
	m->arch = &a;
	a.hwcap = getauxval(AT_HWCAP);
	a.hwcap2 = getauxval(AT_HWCAP2);
	if (a.hwcap & HWCAP_SVE) {
		m->have |= NEED_SVE;
		a.nsve = probe_vls(PR_SVE_SET_VL, PR_SVE_GET_VL, a.sve_vls);
		if (a.nsve >= 2)
			m->have |= NEED_SVE_2VL;
	}
	if (a.hwcap2 & HWCAP2_SME) {
		m->have |= NEED_SME;
		a.nsme = probe_vls(PR_SME_SET_VL, PR_SME_GET_VL, a.sme_vls);
		if (a.nsme >= 2)
			m->have |= NEED_SME_2VL;
		if (a.hwcap2 & HWCAP2_SME_FA64)
			m->have |= NEED_FA64;
		if (a.hwcap2 & HWCAP2_SME2)
			m->have |= NEED_SME2;
	}
	if (a.hwcap2 & HWCAP2_FPMR)
		m->have |= NEED_FPMR;
	a.sve_max = a.nsve ? a.sve_vls[a.nsve - 1] : 0;
	a.sme_max = a.nsme ? a.sme_vls[a.nsme - 1] : 0;
	a.sve_default = read_int("/proc/sys/abi/sve_default_vector_length");
	a.sme_default = read_int("/proc/sys/abi/sme_default_vector_length");

	/*
	 * Profiles.  6.16 changed ptrace and VL-change semantics: inactive
	 * streaming/non-streaming regsets are header-only, partial NT_ARM_SVE
	 * writes zero what they do not write, and an SME VL change keeps SM
	 * ("Consistently handle partial writes to NT_ARM_(S)SVE", "Do not
	 * present register data for inactive mode").
	 */
	a.v616 = fpabi_profile_choose(m)->flags & A64_PROFILE_V616;
}

/* Every arm64 profile (struct fpabi_profile), newest first. */
const struct fpabi_profile fpabi_profiles[] = {
	{ "arm64-6.16+", 6u << 16 | 16u << 8, "6.16 and later",
	  "kernel 6.16 or later: partial NT_ARM_SVE writes zero-fill, inactive mode is header-only",
	  A64_PROFILE_V616, "v616" },
	{ "arm64-pre-6.16", 0, "before 6.16",
	  "kernel before 6.16: partial NT_ARM_SVE writes keep V, FPSR and FPCR",
	  0, "none (v616 off)" },
	{ NULL, 0, NULL, NULL, 0, NULL },
};

const char *a64_group_name(unsigned group)
{
	static const char *const names[G_NGROUPS] = {
		[G_ZLO] = "v (z[127:0])", [G_ZHI] = "z above bit 127",
		[G_P] = "p", [G_FFR] = "ffr", [G_FPSR] = "fpsr/fpcr",
		[G_INFO] = "vl/svcr", [G_ZA] = "za", [G_ZT] = "zt0",
		[G_TPIDR2] = "tpidr2", [G_FPMR] = "fpmr",
	};

	return group < G_NGROUPS ? names[group] : "?";
}

static void print_vls(FILE *f, const char *what, const unsigned *v,
		      unsigned n, int def)
{
	unsigned i;

	fprintf(f, "%s vector lengths (bytes):", what);
	for (i = 0; i < n; i++)
		fprintf(f, " %u", v[i]);
	if (!n)
		fprintf(f, " none");
	if (def >= 0)
		fprintf(f, "; default %d", def);
	fputc('\n', f);
}

void a64_info(const struct fpabi_machine *m, FILE *f)
{
	const struct a64_machine *a = m->arch;

	fprintf(f, "hwcap: %#lx hwcap2: %#lx\n", a->hwcap, a->hwcap2);
	fprintf(f, "features: sve %s, sme %s, sme_fa64 %s, sme2 %s, fpmr %s\n",
		m->have & NEED_SVE ? "yes" : "no",
		m->have & NEED_SME ? "yes" : "no",
		m->have & NEED_FA64 ? "yes" : "no",
		m->have & NEED_SME2 ? "yes" : "no",
		m->have & NEED_FPMR ? "yes" : "no");
	print_vls(f, "SVE", a->sve_vls, a->nsve, a->sve_default);
	print_vls(f, "SME", a->sme_vls, a->nsme, a->sme_default);
}

static void vls_json(FILE *f, const char *key, const unsigned *v, unsigned n,
		     int def)
{
	unsigned i;

	fprintf(f, ", \"%s\": {\"supported\": [", key);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%u", i ? ", " : "", v[i]);
	if (def >= 0)
		fprintf(f, "], \"default\": %d}", def);
	else
		fputs("], \"default\": null}", f);
}

/*
 * The ID registers Linux lets EL0 read (HWCAP_CPUID: the kernel emulates
 * the mrs and shows the fields it exposes), as arm64's cpu-feature-
 * registers.rst lists them; null without HWCAP_CPUID.
 */
static void idregs_json(const struct a64_machine *a, FILE *f)
{
	uint64_t pfr0, pfr1, zfr0, smfr0, isar0, isar1, mmfr0;

	if (!(a->hwcap & HWCAP_CPUID)) {
		fputs(", \"id_registers\": null", f);
		return;
	}
	__asm__ volatile("mrs %0, S3_0_C0_C4_0" : "=r"(pfr0));
	__asm__ volatile("mrs %0, S3_0_C0_C4_1" : "=r"(pfr1));
	__asm__ volatile("mrs %0, S3_0_C0_C4_4" : "=r"(zfr0));
	__asm__ volatile("mrs %0, S3_0_C0_C4_5" : "=r"(smfr0));
	__asm__ volatile("mrs %0, S3_0_C0_C6_0" : "=r"(isar0));
	__asm__ volatile("mrs %0, S3_0_C0_C6_1" : "=r"(isar1));
	__asm__ volatile("mrs %0, S3_0_C0_C7_0" : "=r"(mmfr0));
	fprintf(f, ", \"id_registers\": {\"id_aa64pfr0_el1\": \"0x%llx\", "
		"\"id_aa64pfr1_el1\": \"0x%llx\", \"id_aa64zfr0_el1\": \"0x%llx\", "
		"\"id_aa64smfr0_el1\": \"0x%llx\", \"id_aa64isar0_el1\": \"0x%llx\", "
		"\"id_aa64isar1_el1\": \"0x%llx\", \"id_aa64mmfr0_el1\": \"0x%llx\"}",
		(unsigned long long)pfr0, (unsigned long long)pfr1,
		(unsigned long long)zfr0, (unsigned long long)smfr0,
		(unsigned long long)isar0, (unsigned long long)isar1,
		(unsigned long long)mmfr0);
}

void a64_env_json(const struct fpabi_machine *m, FILE *f)
{
	const struct a64_machine *a = m->arch;
	unsigned long long midr = a64_read_midr();

	if (midr)
		fprintf(f, "\"midr_el1\": \"0x%llx\"", midr);
	else
		fputs("\"midr_el1\": null", f);
	fprintf(f, ", \"hwcap\": \"0x%lx\", \"hwcap2\": \"0x%lx\"",
		a->hwcap, a->hwcap2);
	idregs_json(a, f);
	vls_json(f, "sve_vls", a->sve_vls, a->nsve, a->sve_default);
	vls_json(f, "sme_vls", a->sme_vls, a->nsme, a->sme_default);
}

/*
 * Variants: the SVE VL.  All of them: a spread over the supported VLs
 * (smallest, default, largest, the powers of two between, and the first
 * that is not a power of two, whose layouts are the least common).
 */
/*
 * SME variants: SVE VL (the default and the smallest) x SVL (the default
 * and the largest, or the smallest when they are one) x SVCR {0, SM, ZA,
 * SM|ZA}: equal and unequal VL pairs, every mode (at most 16).  The default
 * tier takes the default pair in every mode, the full tier every pair.
 */
static int sme_variants(const struct fpabi_machine *m, struct fpabi_variant *v,
			int max)
{
	static const char *const mode[4] = { "off", "sm", "za", "sm-za" };
	const struct a64_machine *a = m->arch;
	unsigned vls[2], svls[2], nv = 0, ns = 0, i, j, k, x;
	int n = 0;

	if (!(m->have & NEED_SME) || !a->nsme)
		return 0;
	if (!(m->have & NEED_SVE))
		vls[nv++] = 16;	/* SME alone: FPSIMD outside streaming mode */
	else
		vls[nv++] = a->sve_default > 0 ? (unsigned)a->sve_default :
						 a->sve_max;
	if (nv == 1 && (m->have & NEED_SVE) && a->sve_vls[0] != vls[0])
		vls[nv++] = a->sve_vls[0];
	svls[ns++] = a->sme_default > 0 ? (unsigned)a->sme_default :
					  a->sme_vls[0];
	if (a->sme_max != svls[0])
		svls[ns++] = a->sme_max;
	else if (a->sme_vls[0] != svls[0])
		svls[ns++] = a->sme_vls[0];
	for (i = 0; i < nv; i++)
		for (j = 0; j < ns; j++)
			for (k = 0; k < 4 && n < max; k++) {
				x = n++;
				memset(&v[x], 0, sizeof(v[x]));
				if (m->have & NEED_SVE)
					snprintf(v[x].name, sizeof(v[x].name),
						 "vl%u-svl%u-%s", vls[i],
						 svls[j], mode[k]);
				else
					snprintf(v[x].name, sizeof(v[x].name),
						 "fpsimd-svl%u-%s", svls[j],
						 mode[k]);
				AV(&v[x])->vl = vls[i];
				AV(&v[x])->svl = svls[j];
				AV(&v[x])->svcr = k;
				/* the default tier: every mode at the default
				 * VL and SVL; the full one: the other pairs */
				v[x].tier = i || j ? TIER_FULL : TIER_DEFAULT;
			}
	return n;
}

int a64_variants(const struct fpabi_machine *m, enum variant_set set,
		 struct fpabi_variant *v, int max)
{
	const struct a64_machine *a = m->arch;
	bool odd_done = false;
	unsigned i;
	int n = 0;

	if ((int)set == VSET_SME)
		return sme_variants(m, v, max);

	if (!(m->have & NEED_SVE)) {
		memset(&v[0], 0, sizeof(v[0]));
		snprintf(v[0].name, sizeof(v[0].name), "fpsimd");
		AV(&v[0])->vl = 16;
		return 1;
	}
	for (i = 0; i < a->nsve && n < max; i++) {
		unsigned vl = a->sve_vls[i];
		bool pow2 = !(vl & (vl - 1));
		bool def = (int)vl == a->sve_default ||
			   (a->sve_default < 0 && i == a->nsve - 1);

		bool odd = !pow2 && !odd_done;

		if ((int)set == VSET_XFRAME ? vl / 16 < A64_XFRAME_MIN_VQ :
		    set == VSET_DEFAULT ? !def :
		    !(pow2 || def || odd || i == 0 || i == a->nsve - 1))
			continue;
		odd_done |= !pow2;
		memset(&v[n], 0, sizeof(v[n]));
		snprintf(v[n].name, sizeof(v[n].name), "vl%u", vl);
		AV(&v[n])->vl = vl;
		n++;
	}
	if (n == 0 && (int)set == VSET_XFRAME && max > 0) {
		/* a CPU whose VLs all fit the frame (a64fx: 64 bytes at
		 * most): the case's one instance says why it cannot run */
		static char why[120];

		snprintf(why, sizeof(why),
			 "needs an SVE VL of %u bytes or more (sve_context in the extra_context space); this CPU's largest is %u",
			 A64_XFRAME_MIN_VQ * 16, a->sve_max);
		memset(&v[0], 0, sizeof(v[0]));
		snprintf(v[0].name, sizeof(v[0].name), "default");
		v[0].skip = why;
		n = 1;
	}
	return n;
}
