// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 known issues (KNOWN-ISSUES.md): the failures fpabi reports as
 * not ok # TODO, each matched by case ID, observer and register (kernel
 * issues, on the kernels that have them, and sve-stale-after-syscall-za,
 * QEMU TCG's, where its probe finds it).
 */
#include "fpabi/arm64-case.h"
#include "fpabi/platform.h"
#include "a64.h"

#define STALE_Z_ZA \
	"KNOWN-ISSUES.md sve-stale-after-syscall-za (a platform issue): in " \
	"a task with ZA on and streaming mode off, Z bits above 127 loaded " \
	"before a syscall show in a later signal frame, NT_ARM_SVE read or " \
	"the task's own dump " \
	"where A-SYS-1 requires zero; QEMU TCG's chaining after an SVCR " \
	"change (gone with -d nochain or the patch in " \
	"reports/qemu-sme-vl-chain/)"
#define STALE_Z_ZA_RACE \
	"KNOWN-ISSUES.md sve-stale-after-syscall-za, with no tracer: the " \
	"task's own Z bits above 127 kept across a syscall with ZA on " \
	"(QEMU TCG's chaining after an SVCR change)"

#define VL_LIVE_V \
	"KNOWN-ISSUES.md sve-vl-change-live-v-lost: PR_SVE_SET_VL with the " \
	"state live in the CPU and TIF_SVE set (6.2-6.15) saves V, then " \
	"overwrites it from the stale or zeroed sve_state " \
	"(vec_set_vector_length(): sve_to_fpsimd() keyed on TIF_SVE, not " \
	"fp_type); fixed upstream in 6.16 by 49ce484187f7"

/* a finding of sve-stale-after-syscall-za in a Z register */
#define ZA_STALE(glob, observer) \
	{ glob, observer, "z", STALE_Z_ZA, true, QUIRK_SME_VL_CHAIN }

const struct fpabi_known_issue a64_known[] = {
	{ "arm64.sme.write-ssve/*", "NT_ARM_SSVE read", "ffr",
	  "KNOWN-ISSUES.md ssve-ffr-no-fa64: without FA64 an "
	  "NT_ARM_SSVE read at the stop of an NT_ARM_SSVE write "
	  "returns the FFR bytes written, where sve.rst says FFR is "
	  "read and written as zero" },
	/*
	 * the same stale upper Z bits, with a finding per Z register (more
	 * than a run keeps): the kept ones must all match.  QEMU TCG's, so
	 * only where its probe finds sme-vl-chain, the chaining behind it:
	 * on hardware or a fixed QEMU these findings fail.
	 */
	ZA_STALE("arm64.*.stress/*-za", "signal frame"),
	ZA_STALE("arm64.*.stress/*-za", "NT_ARM_SVE read"),
	/* (the task's own store after the syscall: as the race rounds'
	 * STALE_Z_ZA_RACE sighting, with no tracer; a CI stress list) */
	ZA_STALE("arm64.*.stress/*-za", "tracee dump"),
	/* the SME family's *-za variants, and those with a history or
	 * no tracer (/unobserved: the task's own store is the observer;
	 * seen in CI as prctl-svl-onexec/vl64-svl16-za/unobserved) */
	ZA_STALE("arm64.sme.*/*-za", "signal frame"),
	ZA_STALE("arm64.sme.*/*-za", "NT_ARM_SVE read"),
	ZA_STALE("arm64.sme.*/*-za", "tracee dump"),
	ZA_STALE("arm64.sme.*/*-za/*", "signal frame"),
	ZA_STALE("arm64.sme.*/*-za/*", "NT_ARM_SVE read"),
	ZA_STALE("arm64.sme.*/*-za/*", "tracee dump"),
	/* the matrices' cells over the branch axes: a syscall before the
	 * signal or the stop (w=syscall) or in the history, ZA on */
	ZA_STALE("arm64.signal-edit.*/*-za/*", "signal frame"),
	ZA_STALE("arm64.regset-write.*/*-za/*", "NT_ARM_SVE read"),
	ZA_STALE("arm64.event-*/*-za/*", "signal frame"),
	ZA_STALE("arm64.event-*/*-za/*", "NT_ARM_SVE read"),
	{ "arm64.race.*/*-za", "race iteration", "z", STALE_Z_ZA_RACE, true,
	  QUIRK_SME_VL_CHAIN },
	/* every V register in every later dump: more findings than a
	 * run keeps, so the kept ones must all match */
	{ "arm64.vl.prctl-and-back/*/unobserved", "tracee dump", "z",
	  VL_LIVE_V, true, 0, KVER(6, 2), KVER(6, 16) },
	{ NULL, NULL, NULL, NULL, false, 0, 0, 0 },
};
