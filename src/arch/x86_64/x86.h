/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The x86_64 backend's shared declarations. */
#ifndef FPABI_X86_H
#define FPABI_X86_H

#include "fpabi/arch.h"
#include "fpabi/run.h"
#include "xsave.h"
#include "fpabi/x86_64-case.h"




/* This backend's part of a variant (struct fpabi_variant.arch): the
 * components the variant loads non-init (an XSTATE_BV). */
struct __attribute__((may_alias)) x86_variant {
	uint64_t xfeatures;
};

_Static_assert(sizeof(struct x86_variant) <=
	       sizeof(((struct fpabi_variant *)0)->arch), "x86_variant fits");

#define XV(v)	FPABI_VARIANT_VIEW(struct x86_variant, v)

struct x86_machine {
	struct xsave_layout xl;
	char vendor[13];
	char brand[49];
	unsigned family, model, stepping;
	bool amd, xsaveerptr, ospke;
	/* profile: sigreturn looks for magic2 at the task's XSAVE size and
	 * ignores fx_sw.xstate_size (6.14 to 7.0, dc8aa31a7ac2) */
	bool magic2_at_user_size;
	bool fp_pointers;	/* FOP/FIP/FDP survive XRSTOR + XSAVE */
	uint32_t mxcsr_mask;
	uint64_t testable;	/* components the cases load: x87..AVX-512, PKRU */
	uint32_t size;		/* user XSAVE size: images, NT_X86_XSTATE */
	int xcomp_err;		/* errno of ARCH_GET_XCOMP_SUPP, 0 if it worked */
	uint64_t xcomp_supp, xcomp_perm;
	unsigned long minsigstksz;
};

static inline const struct x86_machine *xm(const struct fpabi_run *r)
{
	return r->m->arch;
}

/* The components a run loads and stores: AMX tiles only when asked. */
static inline uint64_t x86_mask(const struct fpabi_run *r)
{
	return xm(r)->testable | (XV(&r->v)->xfeatures & XFM_AMX);
}

void x86_probe(struct fpabi_machine *m);
void x86_info(const struct fpabi_machine *m, FILE *f);
int x86_variants(const struct fpabi_machine *m, enum variant_set set,
		 struct fpabi_variant *v, int max);
const char *x86_group_name(unsigned group);

void x86_layout(const struct fpabi_machine *m, const struct fpabi_variant *v,
		struct fpabi_layout *lo);
void x86_init_image(struct fpabi_run *r, uint8_t *img);
void x86_fill_shaped(struct fpabi_run *r, const struct fpabi_field *f,
		     uint8_t *dst, unsigned phase, unsigned task);
void x86_set_header(uint8_t *img, uint64_t xstate_bv);
uint64_t x86_expected_live(const struct fpabi_run *r);
void x86_expect_fresh(struct fpabi_run *r, const struct fpabi_rule *rule);
void x86_expect_components(struct fpabi_run *r, unsigned phase,
			   uint64_t live, const struct fpabi_rule *rule);

void x86_check_stop(struct fpabi_run *r);
int x86_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind);
const char *x86_write_kind_name(unsigned kind);

void x86_model_handler_entry(struct fpabi_run *r);
void x86_model_sigreturn(struct fpabi_run *r, unsigned edit, unsigned phase);
void x86_model_refused(struct fpabi_run *r, unsigned edit, unsigned phase,
		       unsigned clobber);
void x86_check_frame(struct fpabi_run *r, const struct fpabi_sig_slot *s,
		     const uint8_t *copy, const char *observer);
const char *x86_edit_name(unsigned edit);

extern const struct fpabi_rule x86_rules[];
extern const struct fpabi_family *const x86_families[];

#endif
