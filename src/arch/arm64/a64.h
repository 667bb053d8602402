/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The arm64 backend's shared declarations. */
#ifndef FPABI_A64_H
#define FPABI_A64_H

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

/* syscall argument codes (SYSCALLA(SC_SET_SVE_VL, code)) */
enum { VL_OTHER = 1, VL_BACK };

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
	G_NGROUPS
};
#define GM(g)	(1ull << (g))

/* canary component numbers */
enum { C_Z = 16, C_P, C_FFR, C_FPSR, C_FPCR, C_INFO };

/* LOAD kinds (S_LOAD b) */
enum { L_ALL, L_FPSIMD };

/* write kinds (S_WRITE b) */
enum {
	W_SVE,		/* NT_ARM_SVE, SVE format, full payload */
	W_FPSIMD,	/* NT_ARM_SVE, FPSIMD format, full payload */
	W_PRFPREG,	/* NT_PRFPREG, 528 bytes */
	W_SVE_HEADER,	/* NT_ARM_SVE, SVE format, header only */
	W_SVE_HALF,	/* NT_ARM_SVE, SVE format, Z0-Z15 only */
	W_FPSIMD_HEADER,	/* NT_ARM_SVE, FPSIMD format, header only */
	W_SVE_VL,	/* NT_ARM_SVE, SVE format header only, another VL */
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

/* the image's vector length: the variant's, 16 without SVE */
static inline unsigned img_vl(const struct fpabi_run *r)
{
	return has_sve(r) ? r->v.vl : 16;
}

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
int a64_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind);
const char *a64_write_kind_name(unsigned kind);

/* signals (sigframe.c) */
const char *a64_edit_name(unsigned edit);
void a64_model_handler_entry(struct fpabi_run *r);
void a64_model_sigreturn(struct fpabi_run *r, unsigned edit, unsigned phase);
void a64_check_frame(struct fpabi_run *r, const struct fpabi_sig_slot *s,
		     const uint8_t *copy, const char *observer);

extern const struct fpabi_rule a64_rules[];
extern const struct fpabi_family *const a64_families[];

#endif
