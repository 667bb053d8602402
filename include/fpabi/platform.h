/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The platform fpabi runs on (hardware, a hardware-virtualised guest, or
 * an emulator such as QEMU TCG) and the emulator quirks it tests for
 * directly: a case whose outcome a present quirk can change SKIPs there,
 * unless the tracee steps around the quirk.
 */
#ifndef FPABI_PLATFORM_H
#define FPABI_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct fpabi_machine;
struct fpabi_case;
struct fpabi_variant;

/*
 * Quirk bits, for struct fpabi_case.quirks and struct fpabi_platform.
 * One list for both arches: a quirk of the other arch is never present.
 */
#define QUIRK_SME_VL_CHAIN	(1u << 0)	/* arm64: stale SVE VL after smstop sm */
#define QUIRK_NO_XINUSE		(1u << 1)	/* x86: XSAVE sets every XSTATE_BV bit */
#define QUIRK_MXCSR_RSVD_OK	(1u << 2)	/* x86: XRSTOR takes reserved MXCSR bits */

enum fpabi_platform_kind {
	PLATFORM_UNKNOWN,
	PLATFORM_HARDWARE,	/* no hypervisor seen */
	PLATFORM_VIRT,		/* a guest whose instructions the CPU runs (KVM, ...) */
	PLATFORM_EMULATOR,	/* instructions emulated (QEMU TCG) */
};

/* A quirk's probe: 1 present, 0 absent, -1 cannot be tested here. */
enum { QUIRK_ABSENT = 0, QUIRK_PRESENT = 1, QUIRK_UNTESTABLE = -1 };

struct fpabi_quirk {
	unsigned bit;		/* QUIRK_* */
	const char *name;	/* "sme-vl-chain": the SKIP reason names it */
	const char *what;	/* one line: what the platform does wrong */
	const char *where;	/* where it is written up */
	/* tests the platform directly (in a child, the register work in
	 * assembly); detail says what it saw */
	int (*probe)(const struct fpabi_machine *m, char *detail, size_t n);
	/* how the tracee steps around it without changing the kernel path
	 * under test, or NULL: the cases it can change SKIP */
	const char *step_around;
	/* does it touch a case instance of this variant (NULL: every
	 * instance of a case that names the quirk) */
	bool (*touches)(const struct fpabi_machine *m,
			const struct fpabi_variant *v);
};

/* each arch's quirks (src/arch/<arch>/platform.c), ending with name NULL */
extern const struct fpabi_quirk fpabi_quirks[];

#define PLATFORM_NQUIRKS	8

struct fpabi_platform {
	enum fpabi_platform_kind kind;
	char what[96];		/* "QEMU TCG", "KVM guest", "hardware" */
	char evidence[192];	/* how fpabi told: CPUID, MIDR, DMI, ... */
	char qemu[96];		/* which QEMU, where it can tell, or "" */
	unsigned present;	/* QUIRK_* bits the probes found */
	unsigned untestable;
	unsigned stepped;	/* present, and the tracee steps around them */
	char detail[PLATFORM_NQUIRKS][192];	/* per fpabi_quirks[] entry */
};

/* --no-workarounds: never step around a quirk (its cases SKIP instead) */
extern int fpabi_no_workarounds;

/*
 * The arch's identification (src/arch/<arch>/platform.c): sets kind,
 * what and evidence from what the CPU says of itself (x86: CPUID's
 * hypervisor leaf; arm64: MIDR_EL1).
 */
void fpabi_platform_identify(struct fpabi_platform *p);

/* Identifies the platform and runs every quirk probe: m->platform. */
void fpabi_platform_probe(struct fpabi_machine *m);
/* the QUIRK_* bits the probes found present (0 before the probe) */
unsigned fpabi_platform_present(void);
/* The platform and its quirks: `fpabi info` (pfx "") and the TAP header
 * (pfx "# ") */
void fpabi_platform_print(const struct fpabi_machine *m, FILE *f,
			  const char *pfx);
/* The SKIP reason of a case instance (its case's quirks, its variant) a
 * present quirk can change, or NULL. */
const char *fpabi_platform_skip(const struct fpabi_machine *m,
				unsigned quirks,
				const struct fpabi_variant *v);
/* Is quirk bit present and stepped around by the tracee? */
bool fpabi_platform_steps(const struct fpabi_machine *m, unsigned bit);

/* Helpers for the arch parts: the first line of a file, "" if none. */
void platform_read_line(const char *path, char *buf, size_t n);

#endif
