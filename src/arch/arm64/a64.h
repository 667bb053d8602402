/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The arm64 backend's shared declarations. */
#ifndef FPABI_A64_H
#define FPABI_A64_H

#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/arm64-image.h"
#include "fpabi/run.h"
#include "sigframe.h"	/* enum a64_edit, the frame records */

/* NEED_* bits of this arch */
#define NEED_SVE	(1ull << 0)
#define NEED_SME	(1ull << 1)
#define NEED_SME2	(1ull << 2)
#define NEED_FPMR	(1ull << 3)
#define NEED_FA64	(1ull << 4)
#define NEED_SVE_2VL	(1ull << 5)	/* at least two SVE VLs to change between */
#define NEED_SME_2VL	(1ull << 6)	/* at least two SME VLs to change between */

/* syscall argument codes (SYSCALLA(SC_SET_SVE_VL or SC_SET_SME_VL, code)) */
enum { VL_OTHER = 1, VL_BACK,
       VL_ONEXEC,	/* SC_SET_SME_VL: another SVL | PR_SME_SET_VL_ONEXEC */
       VL_INHERIT };	/* SC_SET_SME_VL: another SVL | PR_SME_VL_INHERIT */

/*
 * astate[1] (SME runs): the task's SME on-exec VL (bits 0-15, 0: the
 * system default) and its PR_SME_VL_INHERIT flag (bit 16), as
 * vec_set_vector_length() and fpsimd_flush_thread_vl() keep them.
 */
#define A64_SME_ONEXEC(r)	((r)->astate[1] & 0xffff)
#define A64_SME_INHERIT		(1u << 16)

/* how a VL change carries V, FPSR and FPCR over */
enum { CARRY_KEEP, CARRY_KEPT_OR_ZERO, CARRY_ZERO };

/* field groups (the model's granularity) */
enum {
	G_ZLO,		/* Z[127:0], i.e. V */
	G_ZHI,		/* Z above bit 127 */
	G_P,
	G_FFR,
	G_FPSR,		/* FPSR and FPCR */
	G_INFO,		/* VL, SVCR as the tracee read them */
	G_ZA,		/* ZA rows (SME variants only) */
	G_ZT,		/* ZT0 (SME2) */
	G_TPIDR2,
	G_FPMR,
	G_NGROUPS
};
#define GM(g)	(1ull << (g))

/* canary component numbers */
enum { C_Z = 16, C_P, C_FFR, C_FPSR, C_FPCR, C_INFO, C_ZA, C_ZT, C_TPIDR2,
       C_FPMR };

/* LOAD kinds (S_LOAD b) */
enum {
	L_ALL,		/* everything; SME variants: smstart into the
			   variant's SVCR first, then Z/P/FFR at its
			   effective VL, ZA/ZT if ZA, TPIDR2, FPMR */
	L_FPSIMD,
	L_SMSTART,	/* SME variants: smstart (SM and ZA), nothing loaded:
			   after a syscall, the first-use SME trap (A-SYS-4) */
	/* SME variants: one PSTATE bit alone, nothing loaded (A-ARCH-2,
	   A-ARCH-3) */
	L_SMSTART_SM, L_SMSTART_ZA, L_SMSTOP_SM, L_SMSTOP_ZA,
};

/*
 * SME variants (variant set VSET_SME): v.svl != 0, v.svcr the SVCR the
 * case's loads establish (the model keeps the current one in the image's
 * svcr field, and r->v.svcr in step with it).
 */
#define VSET_SME	2
/* SVE VLs whose signal frame moves sve_context to the extra_context space
 * (it cannot fit __reserved beside fpsimd_context: VL >= 112 bytes) */
#define VSET_XFRAME	3
#define A64_XFRAME_MIN_VQ	7
#define SV_SM		1u
#define SV_ZA		2u

/* FORK_ARCH(sc, k) kinds: the child executes smstart before its STORE
 * (the first-use SME trap in a fork child, A-SYS-4) */
enum { CHILD_SMSTART = 1 };

/* write kinds (S_WRITE b) */
enum {
	W_SVE,		/* NT_ARM_SVE, SVE format, full payload */
	W_FPSIMD,	/* NT_ARM_SVE, FPSIMD format, full payload */
	W_PRFPREG,	/* NT_PRFPREG, 528 bytes */
	W_SVE_HEADER,	/* NT_ARM_SVE, SVE format, header only */
	W_SVE_HALF,	/* NT_ARM_SVE, SVE format, Z0-Z15 only */
	W_FPSIMD_HEADER,	/* NT_ARM_SVE, FPSIMD format, header only */
	W_SVE_VL,	/* NT_ARM_SVE, SVE format header only, another VL */
	W_SSVE,		/* NT_ARM_SSVE, SVE format, full payload (SM = 1) */
	W_ZA,		/* NT_ARM_ZA, full payload (ZA = 1) */
	W_ZA_HEADER,	/* NT_ARM_ZA, header only (ZA = 0) */
	W_ZA_HALF,	/* NT_ARM_ZA, the first SVL/2 rows */
	W_ZT,		/* NT_ARM_ZT (ZA = 1) */
	W_ZA_VL,	/* NT_ARM_ZA header only, another SVL (A-VL-7) */
	W_ZA_VL_BACK,	/* NT_ARM_ZA header only, the variant's SVL */
	W_SSVE_VL,	/* NT_ARM_SSVE SVE-format header only, another SVL */
	W_SSVE_VL_BACK,	/* the same with the variant's SVL */
	W_TLS,		/* NT_ARM_TLS, TPIDR_EL0 (unchanged) and TPIDR2 */
	W_FPMR,		/* NT_ARM_FPMR */
	/* malformed writes: rejected ones must change nothing (regset.c) */
	W_REJ_SVE_LEN0,		/* NT_ARM_SVE, iov_len 0 */
	W_REJ_SVE_SHORT,	/* NT_ARM_SVE, 8 bytes: below the header */
	W_REJ_SVE_UNALIGNED,	/* NT_ARM_SVE, full payload less 8 bytes */
	W_REJ_SVE_VL0,		/* NT_ARM_SVE, full payload, header vl 0 */
	W_REJ_SVE_VL_INVALID,	/* NT_ARM_SVE, full payload, vl + 8 */
	W_REJ_SVE_FLAGS,	/* NT_ARM_SVE, full payload, unknown flag 0x8 */
	W_REJ_SVE_VL_ROUNDED,	/* NT_ARM_SVE, full payload, a vl the kernel
				   rounds to the task's VL */
	W_REJ_FPR_UNALIGNED,	/* NT_PRFPREG, 526 bytes */
	W_SVE_ABOVE,		/* NT_ARM_SVE, full payload and 16 more bytes */
	W_SVE_BAD_SIZE,		/* NT_ARM_SVE, full payload, header.size bogus */
	W_SVE_VL_ROUNDED_HEADER,	/* NT_ARM_SVE header only, a vl the
					   kernel rounds to the task's VL */
	W_PRFPREG_SHORT,	/* NT_PRFPREG, V0-V15 only (256 bytes) */
	/* malformed SME writes, all rejected (sme.c) */
	W_REJ_SSVE_LEN0,	/* NT_ARM_SSVE, iov_len 0 */
	W_REJ_SSVE_UNALIGNED,	/* NT_ARM_SSVE, full payload less 8 bytes */
	W_REJ_SSVE_VL_INVALID,	/* NT_ARM_SSVE, full payload, vl + 8 */
	W_REJ_SSVE_FLAGS,	/* NT_ARM_SSVE, full payload, unknown flag 0x8 */
	W_REJ_ZA_LEN0,		/* NT_ARM_ZA, iov_len 0 */
	W_REJ_ZA_UNALIGNED,	/* NT_ARM_ZA, full payload less 8 bytes */
	W_REJ_ZA_VL_INVALID,	/* NT_ARM_ZA, full payload, vl + 8 */
	W_REJ_ZA_FLAGS,		/* NT_ARM_ZA, full payload, unknown flag 0x8 */
	W_REJ_ZT_SHORT,		/* NT_ARM_ZT, 32 of its 64 bytes */
	W_RANDOM,		/* fuzz: NT_ARM_SVE (or NT_PRFPREG) with random
				   header, flag and length mutations */
	/* odd-sized NT_ARM_TLS and NT_ARM_FPMR writes (sme.c) */
	W_REJ_TLS_UNALIGNED,	/* NT_ARM_TLS, 12 bytes: EINVAL */
	W_TLS_TPIDR_ONLY,	/* NT_ARM_TLS, 8 bytes: TPIDR only */
	W_TLS_LONG,		/* NT_ARM_TLS, 24 bytes: cut to 16 */
	W_REJ_FPMR_UNALIGNED,	/* NT_ARM_FPMR, 4 bytes: EINVAL */
	W_FPMR_LONG,		/* NT_ARM_FPMR, 16 bytes: cut to 8 */
	W_NKINDS
};

/*
 * What format a regset read must report (astate[0]).  A case starts at
 * FMT_EITHER: the tracee's libc may have used SVE before the first load.
 */
enum { FMT_EITHER, FMT_FPSIMD, FMT_SVE };

#define MAX_VLS 16

struct a64_machine {
	unsigned long hwcap, hwcap2;
	unsigned sve_vls[MAX_VLS], nsve;	/* supported, ascending */
	unsigned sme_vls[MAX_VLS], nsme;
	int sve_default, sme_default;		/* /proc/sys/abi, -1 if absent */
	unsigned sve_max, sme_max;
	bool v616;				/* the 6.16 ABI revision */
};

static inline const struct a64_machine *am(const struct fpabi_run *r)
{
	return r->m->arch;
}

static inline bool has_sve(const struct fpabi_run *r)
{
	return r->m->have & NEED_SVE;
}

static inline bool sme_run(const struct fpabi_run *r)
{
	return r->v.svl != 0;
}

/* the effective vector length of r->v (what layouts are made at) */
static inline unsigned v_eff_vl(const struct fpabi_run *r)
{
	if (sme_run(r) && (r->v.svcr & SV_SM))
		return r->v.svl;
	return has_sve(r) ? r->v.vl : 16;
}

/*
 * the image's vector length: the effective one, 16 without SVE.  SME
 * runs read it from the expectation's vl field, which snapshots carry
 * (a frame is checked after the run, with its snapshot restored).
 */
static inline unsigned img_vl(const struct fpabi_run *r)
{
	if (sme_run(r) && r->exp.img) {
		uint64_t vl;

		memcpy(&vl, r->exp.img + FPABI_A64_CTRL_VL, 8);
		if (vl)
			return (unsigned)vl;
	}
	return v_eff_vl(r);
}

/* SME image areas (image.c): at offsets that do not depend on the VL */
size_t a64_za_off(const struct fpabi_machine *m);
size_t a64_zt_off(const struct fpabi_machine *m);
size_t a64_sme_image_size(const struct fpabi_machine *m);
/* the model's SVCR (from the expectation's svcr field) */
unsigned a64_svcr(const struct fpabi_run *r);
/* SVCR becomes svcr: relayout if the effective VL changes (everything
 * then at init, V carried as carry says), the svcr field set */
void a64_sme_model_smstart(struct fpabi_run *r);
void a64_set_svcr(struct fpabi_run *r, unsigned svcr, uint64_t keep,
		  uint64_t koz, const struct fpabi_rule *rule);
void a64_sme_model_load(struct fpabi_run *r, unsigned phase);
void a64_sme_model_syscall(struct fpabi_run *r);
/* L_SMSTART_SM .. L_SMSTOP_ZA */
void a64_sme_model_pstate(struct fpabi_run *r, unsigned kind);
/* the task's SME VL becomes svl (vec_set_vector_length(), A-VL-6) */
void a64_sme_change_svl(struct fpabi_run *r, unsigned svl,
			const struct fpabi_rule *rule);
/* PR_SME_SET_VL from the tracee with arg (after the syscall's own effect) */
void a64_sme_model_prctl(struct fpabi_run *r, uint64_t arg);
/* another supported SME VL than the variant's */
unsigned a64_other_svl(const struct fpabi_run *r);
bool a64_sme_check_stop(struct fpabi_run *r);
int a64_sme_write(struct fpabi_run *r, unsigned phase, unsigned kind);
int a64_sme_write_tls_fpmr(struct fpabi_run *r, unsigned phase,
			   unsigned kind);
int a64_sme_write_malformed(struct fpabi_run *r, unsigned phase,
			    unsigned kind);
void a64_sme_handler_entry(struct fpabi_run *r);
void a64_sme_model_exec(struct fpabi_run *r);
void a64_sme_model_child(struct fpabi_run *r, unsigned sc);
/* the SVE VL a new image starts with */
unsigned a64_exec_vl(const struct fpabi_run *r);
/* the model's r->v.svcr from the expectation (after a snapshot restore) */
void a64_sync_svcr(struct fpabi_run *r);

void a64_probe(struct fpabi_machine *m);
void a64_info(const struct fpabi_machine *m, FILE *f);
int a64_variants(const struct fpabi_machine *m, enum variant_set set,
		 struct fpabi_variant *v, int max);
const char *a64_group_name(unsigned group);

void a64_layout(const struct fpabi_machine *m, const struct fpabi_variant *v,
		struct fpabi_layout *lo);
void a64_init_image(struct fpabi_run *r, uint8_t *img);
void a64_fill_shaped(struct fpabi_run *r, const struct fpabi_field *f,
		     uint8_t *dst, unsigned phase, unsigned task);
void a64_expect_groups(struct fpabi_run *r, uint64_t groups,
		       const uint8_t *src, unsigned phase,
		       const struct fpabi_rule *rule);
void a64_expect_zero(struct fpabi_run *r, uint64_t groups,
		     const struct fpabi_rule *rule);

unsigned a64_other_vl(const struct fpabi_run *r);
void a64_change_vl(struct fpabi_run *r, unsigned vl, int carry,
		   const struct fpabi_rule *rule);

void a64_check_stop(struct fpabi_run *r);
/* A-PT-1: bytes of buf from off to len are still the poison a read put there. */
void a64_check_untouched(struct fpabi_run *r, const char *obs,
			 const uint8_t *buf, size_t off, size_t len);
/* A-PT-6: an SVE-format (or, NT_ARM_SVE only, FPSIMD-format) payload
 * at the image's VL, and its zero padding, against the model. */
struct user_sve_header;
void a64_check_sve_payload(struct fpabi_run *r, const char *obs,
			   const uint8_t *buf, const struct user_sve_header *h);
int a64_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind);
const char *a64_write_kind_name(unsigned kind);

/* signals (sigframe.c) */
const char *a64_edit_name(unsigned edit);
void a64_model_handler_entry(struct fpabi_run *r);
void a64_model_refused(struct fpabi_run *r, unsigned edit, unsigned phase,
		       unsigned clobber);
void a64_model_sigreturn(struct fpabi_run *r, unsigned edit, unsigned phase);
void a64_check_frame(struct fpabi_run *r, const struct fpabi_sig_slot *s,
		     const uint8_t *copy, const char *observer);

extern const struct fpabi_rule a64_rules[];
extern const struct fpabi_family *const a64_families[];

#endif
