// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64's part of the platform probe: QEMU TCG told from MIDR_EL1, and
 * the quirk sme-vl-chain tested in a child.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "uapi-compat/arm64.h"
#include "fpabi/platform.h"
#include "fpabi/util.h"
#include "a64.h"

#ifndef HWCAP_CPUID
#define HWCAP_CPUID	(1UL << 11)
#endif

long a64_vl_after_smstop(void);		/* platform.S */
long a64_vl_after_smstop_br(void);

/*
 * MIDR_EL1: Linux gives it in sysfs, and emulates the mrs for EL0 where
 * HWCAP_CPUID says so (and so does qemu-aarch64).  0 if neither.
 */
unsigned long long a64_read_midr(void)
{
	char buf[64];
	unsigned long long v = 0;

	platform_read_line("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1",
			   buf, sizeof(buf));
	if (buf[0])
		return strtoull(buf, NULL, 0);
	if (getauxval(AT_HWCAP) & HWCAP_CPUID)
		__asm__ volatile("mrs %0, midr_el1" : "=r"(v));
	return v;
}

/*
 * QEMU's "max" CPU (and "any") has MIDR implementer 0, "reserved for
 * software use", and part number 'Q' (target/arm/tcg/cpu64.c,
 * aarch64_max_tcg_initfn()).  Named CPU models (-cpu neoverse-v1) and KVM
 * guests carry a real MIDR, which says nothing of the accelerator.
 */
void fpabi_platform_identify(struct fpabi_platform *p)
{
	unsigned long long midr = a64_read_midr();
	unsigned impl = midr >> 24 & 0xff, part = midr >> 4 & 0xfff;
	char compat[64];

	platform_read_line("/proc/device-tree/compatible", compat, sizeof(compat));
	if (midr && impl == 0 && part == 'Q') {
		p->kind = PLATFORM_EMULATOR;
		snprintf(p->what, sizeof(p->what), "QEMU TCG");
		snprintf(p->evidence, sizeof(p->evidence), "MIDR_EL1 %#llx: "
			 "implementer 0 (software), part 'Q': QEMU's max CPU",
			 midr);
	} else if (!strcmp(compat, "linux,dummy-virt")) {
		p->kind = PLATFORM_UNKNOWN;
		snprintf(p->what, sizeof(p->what), "a QEMU virt guest, "
			 "KVM or TCG with a named CPU");
		snprintf(p->evidence, sizeof(p->evidence), "device tree "
			 "linux,dummy-virt; MIDR_EL1 %#llx", midr);
	} else {
		p->kind = midr ? PLATFORM_HARDWARE : PLATFORM_UNKNOWN;
		snprintf(p->what, sizeof(p->what), "%s", midr ?
			 "hardware, or a guest that shows the CPU's MIDR" :
			 "unknown");
		snprintf(p->evidence, sizeof(p->evidence), "MIDR_EL1 %#llx "
			 "(implementer %#x, part %#x)", midr, impl, part);
	}
}

/* In the child: the SVE VL after smstop sm at VL a, then b, then a again. */
static void vl_chain_child(int fd, unsigned a, unsigned b)
{
	long got[4] = { -1, -1, -1, -1 };
	const unsigned vl[3] = { a, b, a };
	unsigned i;

	for (i = 0; i < 3; i++) {
		if ((prctl(PR_SVE_SET_VL, vl[i]) & PR_SVE_VL_LEN_MASK) != (int)vl[i])
			_exit(1);
		got[i] = a64_vl_after_smstop();
	}
	got[3] = a64_vl_after_smstop_br();	/* at VL a */
	if (write(fd, got, sizeof(got)) != sizeof(got))
		_exit(1);
	_exit(0);
}

/*
 * sme-vl-chain: QEMU ends the block at smstop sm and chains it to the
 * next, whose VL (from ZCR_EL1) is not in the streaming-mode block's key
 * (rebuild_hflags_a64()), so the code after smstop sm runs at the VL it
 * was first translated for.  A task that sets another VL (or another task
 * at the same code) then reads a stale rdvl and its SVE instructions work
 * on another vector length.  KNOWN-ISSUES.md, reports/qemu-sme-vl-chain/.
 */
static int probe_sme_vl_chain(const struct fpabi_machine *m, char *d, size_t n)
{
	const struct a64_machine *a = m->arch;
	unsigned hi, lo;
	long got[4];
	int fd[2], st;
	pid_t pid;

	if (!(m->have & NEED_SME) || !(m->have & NEED_SVE)) {
		snprintf(d, n, "needs SVE and SME");
		return QUIRK_UNTESTABLE;
	}
	if (!(m->have & NEED_SVE_2VL)) {
		snprintf(d, n, "one SVE VL: nothing to go stale");
		return QUIRK_UNTESTABLE;
	}
	hi = a->sve_vls[a->nsve - 1];
	lo = a->sve_vls[0];
	if (pipe2(fd, O_CLOEXEC) < 0 || (pid = fpabi_fork()) < 0) {
		snprintf(d, n, "cannot fork the probe");
		return QUIRK_UNTESTABLE;
	}
	if (pid == 0) {
		close(fd[0]);
		vl_chain_child(fd[1], hi, lo);
	}
	close(fd[1]);
	st = read(fd[0], got, sizeof(got)) == sizeof(got);
	close(fd[0]);
	while (waitpid(pid, NULL, 0) < 0)
		;
	if (!st) {
		snprintf(d, n, "the probe's PR_SVE_SET_VL failed");
		return QUIRK_UNTESTABLE;
	}
	snprintf(d, n, "rdvl after smstart sm; smstop sm at VL %u, %u, %u: "
		 "%ld, %ld, %ld (with an indirect branch after smstop sm, "
		 "at VL %u: %ld)", hi, lo, hi, got[0], got[1], got[2], hi,
		 got[3]);
	return got[0] != hi || got[1] != lo || got[2] != hi ?
	       QUIRK_PRESENT : QUIRK_ABSENT;
}

const struct fpabi_quirk fpabi_quirks[] = {
	{ QUIRK_SME_VL_CHAIN, "sme-vl-chain",
	  "QEMU TCG runs the block after smstop sm at a stale SVE VL "
	  "(KNOWN-ISSUES.md)",
	  "KNOWN-ISSUES.md sme-vl-chain, reports/qemu-sme-vl-chain/",
	  probe_sme_vl_chain,
	  "an indirect branch after each SVCR change", NULL },
	{ 0, NULL, NULL, NULL, NULL, NULL, NULL },
};
