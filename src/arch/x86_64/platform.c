// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64's part of the platform probe: the hypervisor CPUID leaf, and
 * the quirks no-xinuse and mxcsr-reserved-accepted tested in children.
 */
#include <cpuid.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fpabi/platform.h"
#include "fpabi/util.h"
#include "x86.h"

void x86_xrstor_xsave(const void *in, void *out, uint64_t rfbm);	/* platform.S */

/*
 * CPUID.1:ECX[31] says a hypervisor is there; leaf 0x40000000 names it.
 * QEMU's TCG answers "TCGTCGTCGTCG" (target/i386/cpu.c, cpu_x86_cpuid(),
 * unless -cpu ...,tcg-cpuid=off), KVM "KVMKVMKVM".
 */
void fpabi_platform_identify(struct fpabi_platform *p)
{
	static const struct {
		const char *sig, *what;
		enum fpabi_platform_kind kind;
	} known[] = {
		{ "TCGTCGTCGTCG", "QEMU TCG", PLATFORM_EMULATOR },
		{ "KVMKVMKVM", "a KVM guest", PLATFORM_VIRT },
		{ "Microsoft Hv", "a Hyper-V guest", PLATFORM_VIRT },
		{ "VMwareVMware", "a VMware guest", PLATFORM_VIRT },
		{ "XenVMMXenVMM", "a Xen guest", PLATFORM_VIRT },
	};
	uint32_t a, b, c, d;
	char sig[13] = "";
	unsigned i;

	__cpuid(1, a, b, c, d);
	if (!(c & (1u << 31))) {
		p->kind = PLATFORM_HARDWARE;
		snprintf(p->what, sizeof(p->what), "hardware");
		snprintf(p->evidence, sizeof(p->evidence),
			 "CPUID.1:ECX[31] (hypervisor) clear");
		return;
	}
	__cpuid(0x40000000, a, b, c, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	p->kind = PLATFORM_VIRT;
	snprintf(p->what, sizeof(p->what), "a guest of an unnamed hypervisor");
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (!strcmp(sig, known[i].sig)) {
			p->kind = known[i].kind;
			snprintf(p->what, sizeof(p->what), "%s", known[i].what);
		}
	}
	snprintf(p->evidence, sizeof(p->evidence), "CPUID.1:ECX[31] set, "
		 "leaf 0x40000000 \"%s\"", sig);
}

/*
 * XRSTOR of in, XSAVE into out, in a child (its FP state and a #GP are
 * its own); returns out's XSTATE_BV, or -1 if the child died of SIGSEGV,
 * -2 if it could not run.
 */
static long long roundtrip(const uint8_t *in, uint64_t rfbm)
{
	static uint8_t out[4096] __attribute__((aligned(64)));
	uint64_t bv = 0;
	int fd[2], status, got;
	pid_t pid;

	if (pipe2(fd, O_CLOEXEC) < 0)
		return -2;
	pid = fpabi_fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -2;
	}
	if (pid == 0) {
		struct rlimit none = { 0, 0 };

		close(fd[0]);
		setrlimit(RLIMIT_CORE, &none);	/* a #GP is an answer */
		signal(SIGSEGV, SIG_DFL);
		memset(out, 0, sizeof(out));
		x86_xrstor_xsave(in, out, rfbm);
		memcpy(&bv, out + XSAVE_HDR_OFF, 8);
		_exit(write(fd[1], &bv, 8) == 8 ? 0 : 1);
	}
	close(fd[1]);
	got = read(fd[0], &bv, 8) == 8;
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV)
		return -1;
	return got ? (long long)bv : -2;
}

/* A standard-format image: x87 at its init control word, MXCSR mxcsr,
 * XMM0 non-zero, XSTATE_BV bv. */
static void make_image(uint8_t *in, uint32_t mxcsr, uint64_t bv)
{
	uint16_t fcw = 0x37f;

	memset(in, 0, 4096);
	memcpy(in, &fcw, 2);
	memcpy(in + FXSAVE_MXCSR_OFF, &mxcsr, 4);
	memset(in + 160, 0x5a, 16);	/* XMM0 */
	memcpy(in + XSAVE_HDR_OFF, &bv, 8);
}

/*
 * no-xinuse: XSAVE writes XSTATE_BV[i] = XINUSE[i] (SDM vol. 1 13.7); a
 * component XRSTOR has just put in its init state (XSTATE_BV[i] clear,
 * RFBM[i] set, 13.8.1) reads as not in use where the CPU tracks XINUSE,
 * which the kernel's init optimisation relies on.  QEMU's TCG does not
 * track it (target/i386/tcg/fpu_helper.c, get_xinuse(): "we don't track
 * XINUSE"): every bit reads set, so no saved state ever has a component
 * in init, and cases whose scenario needs one pass without it.
 */
static int probe_no_xinuse(const struct fpabi_machine *m, char *d, size_t n)
{
	static uint8_t in[4096] __attribute__((aligned(64)));
	const struct x86_machine *x = m->arch;
	unsigned comp = x->xl.xcr0 & XFM(XF_YMM) ? XF_YMM : XF_SSE;
	uint64_t rfbm = XFM(XF_FP) | XFM(XF_SSE) | XFM(comp);
	long long bv;

	if (!(m->have & NEED_XSAVE)) {
		snprintf(d, n, "no XSAVE");
		return QUIRK_UNTESTABLE;
	}
	/* x87 (and SSE when it is not the component tested) live */
	make_image(in, 0x1f80, comp == XF_SSE ? XFM(XF_FP) :
		   XFM(XF_FP) | XFM(XF_SSE));
	bv = roundtrip(in, rfbm);
	if (bv < 0) {
		snprintf(d, n, "the XRSTOR+XSAVE child failed");
		return QUIRK_UNTESTABLE;
	}
	snprintf(d, n, "XRSTOR with XSTATE_BV[%s] clear, then XSAVE: "
		 "XSTATE_BV %#llx, %s bit %s", xfeature_name(comp), bv,
		 xfeature_name(comp), bv >> comp & 1 ? "set" : "clear");
	return bv >> comp & 1 ? QUIRK_PRESENT : QUIRK_ABSENT;
}

/* a case instance whose variant leaves a tested component at init */
static bool touches_init(const struct fpabi_machine *m,
			 const struct fpabi_variant *v)
{
	const struct x86_machine *x = m->arch;

	return (x->testable & ~XV(v)->xfeatures) != 0;
}

/*
 * mxcsr-reserved-accepted: XRSTOR must raise #GP for an MXCSR with a bit
 * outside MXCSR_MASK (SDM vol. 1 13.8); QEMU's TCG loads it
 * (fpu_helper.c, do_xrstor_mxcsr()), so a frame with such an MXCSR cannot
 * be refused there.
 */
static int probe_mxcsr(const struct fpabi_machine *m, char *d, size_t n)
{
	static uint8_t in[4096] __attribute__((aligned(64)));
	const struct x86_machine *x = m->arch;
	uint32_t bit = ~x->mxcsr_mask & -~x->mxcsr_mask;
	long long r;

	if (!(m->have & NEED_XSAVE) || !bit) {
		snprintf(d, n, "%s", !bit ? "no reserved MXCSR bit" : "no XSAVE");
		return QUIRK_UNTESTABLE;
	}
	make_image(in, 0x1f80 | bit, XFM(XF_FP) | XFM(XF_SSE));
	r = roundtrip(in, XFM(XF_FP) | XFM(XF_SSE));
	if (r == -2) {
		snprintf(d, n, "the XRSTOR child failed");
		return QUIRK_UNTESTABLE;
	}
	snprintf(d, n, "XRSTOR of MXCSR %#x (MXCSR_MASK %#x): %s",
		 0x1f80 | bit, x->mxcsr_mask, r == -1 ? "#GP" : "taken");
	return r == -1 ? QUIRK_ABSENT : QUIRK_PRESENT;
}

const struct fpabi_quirk fpabi_quirks[] = {
	{ QUIRK_NO_XINUSE, "no-xinuse",
	  "XSAVE sets the XSTATE_BV bit of components in their init state, "
	  "so the kernel never sees one in init",
	  "KNOWN-ISSUES.md no-xinuse", probe_no_xinuse, NULL, touches_init },
	{ QUIRK_MXCSR_RSVD_OK, "mxcsr-reserved-accepted",
	  "XRSTOR takes reserved MXCSR bits instead of raising #GP",
	  "KNOWN-ISSUES.md mxcsr-reserved-accepted", probe_mxcsr, NULL, NULL },
	{ 0, NULL, NULL, NULL, NULL, NULL, NULL },
};
