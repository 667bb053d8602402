/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The x86_64 backend's shared declarations. */
#ifndef FPABI_X86_H
#define FPABI_X86_H

#include "fpabi/arch.h"
#include "fpabi/run.h"
#include "xsave.h"

/* NEED_* bits of this arch */
#define NEED_XSAVE	(1ull << 0)
#define NEED_AVX	(1ull << 1)
#define NEED_AVX512	(1ull << 2)
#define NEED_PKU	(1ull << 3)
#define NEED_AMX	(1ull << 4)
#define NEED_XSAVEC	(1ull << 5)	/* XRSTOR takes the compacted form */
/* (1ull << 6) was NEED_MXCSR_GP: now platform quirk mxcsr-reserved-accepted */

/* write kinds (S_WRITE b) */
enum {
	W_XSTATE,	/* NT_X86_XSTATE, XSTATE_BV = the variant's components */
	W_XSTATE_LEGACY,	/* NT_X86_XSTATE, XSTATE_BV = x87 | SSE only */
	W_FPREGS,	/* NT_PRFPREG, the 512-byte legacy area */
	/* malformed or odd-sized writes (regset.c: bad_writes[]) */
	W_XS_BV_OUTSIDE,	/* XSTATE_BV: lowest bit outside XCR0 */
	W_XS_BV_SUPERVISOR,	/* XSTATE_BV: CET_U (11), a supervisor bit */
	W_XS_BV_BIT63,		/* XSTATE_BV: bit 63 */
	W_XS_XCOMP,		/* xcomp_bv = bit 63 | XSTATE_BV (compacted) */
	W_XS_RSVD_FIRST,	/* first reserved header byte non-zero */
	W_XS_RSVD_LAST,		/* last reserved header byte non-zero */
	W_XS_MXCSR,		/* MXCSR with a bit outside MXCSR_MASK */
	W_XS_MXCSR_SSE,		/* the same, XSTATE_BV = SSE only */
	W_XS_MXCSR_YMM,		/* the same, XSTATE_BV = AVX only */
	W_XS_LEN_0,		/* iov_len 0 */
	W_XS_LEN_8,		/* 8: below the legacy area */
	W_XS_LEN_512,		/* the legacy area only */
	W_XS_LEN_576,		/* legacy area and XSAVE header */
	W_XS_LEN_SHORT,		/* the full size less 64 */
	W_XS_LEN_UNALIGNED,	/* the full size less 4 */
	W_XS_LEN_LONG,		/* the full size and 8 more: accepted */
	W_XS_LEN_HUGE,		/* the full size and 4096 more: accepted */
	W_FP_LEN_0,		/* NT_PRFPREG iov_len 0 */
	W_FP_LEN_416,		/* without the software bytes 416-511 */
	W_FP_LEN_504,		/* 8 short */
	W_FP_LEN_UNALIGNED,	/* 516 */
	W_FP_LEN_LONG,		/* 520: accepted */
	W_FP_MXCSR,		/* MXCSR with a bit outside MXCSR_MASK */
	W_PRXFPREG,		/* NT_PRXFPREG: not in the 64-bit view */
	W_RANDOM,		/* fuzz: NT_X86_XSTATE or NT_PRFPREG with random
				   header, MXCSR and length mutations */
	W_NKINDS
};

#include "sigedit.h"	/* signal frame edits (S_FAULT b & 0xff) */

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
	return xm(r)->testable | (r->v.xfeatures & XFM_AMX);
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

void x86_amx_probe(struct fpabi_run *r);
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
