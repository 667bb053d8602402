/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arm64 regset writes, from the bottom up: the payload builders
 * (wpayload.c), the fixed table of write kinds and the models of what
 * each changes (wtable.c), the regset-write matrix's rows (wmatrix.c,
 * their outcomes in wmodel.c), and the executor above both tables
 * (write.c).
 */
#ifndef FPABI_A64_WRITE_H
#define FPABI_A64_WRITE_H

#include "uapi-compat/arm64.h"
#include "a64.h"

#ifndef ZA_PT_ZA_OFFSET
struct user_za_header {
	__u32 size, max_size;
	__u16 vl, max_vl, flags, __reserved;
};
#define ZA_PT_ZA_OFFSET		16
#define ZA_PT_SIZE(vq)		(ZA_PT_ZA_OFFSET + (vq) * 16 * (vq) * 16)
#endif

struct a64_outcome;

/* A write kind's regset write, as made (write.c: a64_write_stop()). */
struct a64_wctx {
	struct fpabi_run *r;
	unsigned phase;
	unsigned vl;		/* the image's VL when the write was made */
	unsigned svcr;		/* the model's SVCR before the write */
	unsigned hvl;		/* the vl of the header written (0: none) */
	const uint8_t *img;	/* the phase's image the payload came from */
	const struct fpabi_rule *rule;	/* the row's */
	const struct a64_outcome *o;	/* a matrix row's outcome, or NULL */
	size_t len;			/* the iov_len written */
	unsigned note;			/* the regset's NT_* */
};

/*
 * Models: what a write that got the errno its row expects changes.  Each
 * is one behaviour of the kernel's regset code, described where it is
 * defined; the rows name them.
 */
typedef void a64_write_model(struct a64_wctx *c);

/*
 * The task's state a matrix row's outcome depends on: at plan time from
 * the variant (wmatrix.c), at the write from the model.
 */
struct a64_wstate {
	const struct fpabi_machine *m;
	unsigned vl, svl, svcr;		/* SVE VL, SVL (0: no SME variant) */
};

/*
 * What a write does in that state (the kernel's checks in order): the
 * errno and its rule; the mode and VL the kernel puts the task in before
 * it reads the payload, which is made at that layout; the model of what
 * changes after; whether the documents leave part of it unspecified;
 * whether something definite changes (fault injection drops the write)
 * or nothing does (it drops the final dump).
 */
struct a64_outcome {
	int err;
	const char *rule;
	int pre_svcr;			/* -1: SM as it is */
	unsigned pre_vl, pre_svl;	/* 0: as it is */
	a64_write_model *model;		/* NULL: nothing changes */
	size_t cover;			/* register bytes after the header (or
					   from 0, headerless) the payload
					   gives */
	int inherit;			/* -1: untouched; else the VL_INHERIT
					   flag after it */
	unsigned onexec;		/* SME: the on-exec SVL after it */
	bool unspecified, changes;
	const char *skip;		/* the matrix cannot model it here */
	const char *what;
};

/* no change, no pre-payload change, flags untouched */
void a64_outcome_init(struct a64_outcome *o);

struct a64_write;
typedef void a64_write_expect(const struct a64_write *w,
			      const struct a64_wstate *s,
			      struct a64_outcome *o);

/* how long the write is (iov_len) */
enum wlen {
	LEN_FULL,	/* the payload's full size, plus add */
	LEN_HEADER,	/* the 16-byte header alone */
	LEN_HALF,	/* Z0-Z15 (NT_ARM_SVE), the first SVL/2 rows (NT_ARM_ZA) */
	LEN_FIXED,	/* add bytes */
};

/* the header's vl (the user_sve_header and user_za_header layouts agree) */
enum wvl {
	VL_TASK,	/* as the payload was made: the task's VL or SVL */
	VL_ZERO,
	VL_PLUS8,	/* not a multiple of 16 */
	VL_ROUND,	/* a VL the kernel rounds (a64_vl_to_round()) */
	VL_ANOTHER,	/* another supported VL (NT_ARM_SVE) or SVL */
	VL_FIRST,	/* the variant's SVL again */
};

/* other changes (bits) */
#define MU_FLAG8	1u	/* header flags | 0x8, a flag no kernel knows */
#define MU_SIZE_HEADER	2u	/* header.size 16, as for no payload */
#define MU_BAD_SIZE	4u	/* header.size bogus */
#define MU_TAIL16	8u	/* 16 bytes of 0xa5 after the full payload */
#define MU_MAX_VL	16u	/* header.max_vl bogus */
#define MU_RESERVED	32u	/* header.__reserved non-zero */

/* row flags */
#define WF_SYNC_SVCR	1u	/* the variant's SVCR from the model first */
#define WF_ENTER_SM	2u	/* NT_ARM_SSVE: the task is streaming after it,
				   so the payload is made at its layout */
#define WF_VL_FLAGS	4u	/* the header's flags (0) reach
				   vec_set_vector_length(): no INHERIT and no
				   on-exec SME VL after it (A-VL-8) */

/* makes the payload at buf (zeroed); returns its full size, *half the
 * LEN_HALF one; the payload bytes are made only if payload */
typedef size_t a64_build(struct a64_wctx *c, uint8_t *buf, bool payload,
			 size_t *half);

struct a64_write {
	const char *name;	/* write_kind_name(); the observer's name */
	unsigned note;		/* NT_* */
	a64_build *build;
	uint8_t len;		/* enum wlen */
	int16_t add;
	uint8_t vl;		/* enum wvl */
	uint8_t mut;		/* MU_* */
	uint8_t flags;		/* WF_* */
	int err;		/* the errno the kernel answers; 0: taken */
	const char *rule;
	a64_write_model *model;	/* what it changes when err is as expected
				   (NULL: nothing) */
	/* a kind of its own (W_RANDOM): everything above unused */
	int (*custom)(struct fpabi_run *r, unsigned phase);
	/* matrix rows (wmatrix.c) */
	bool set_flags;		/* the header's flags are hflags */
	uint16_t hflags;
	/* the outcome in the task's state; NULL: err and model above */
	a64_write_expect *expect;
	const char *what;	/* the field's value, in words */
};


/* the payload builders (wpayload.c), below the tables and the executor */
void a64_image_to_fpsimd(struct fpabi_run *r, const uint8_t *img,
			 uint8_t *fpr);
size_t a64_sve_format(const uint8_t *img, unsigned vl, uint8_t *buf,
		      bool payload);
a64_build a64_b_sve, a64_b_sve_fpsimd, a64_b_fpr, a64_b_ssve,
	  a64_b_ssve_refused, a64_b_za, a64_b_zt, a64_b_tls, a64_b_fpmr;
/* the header vl of the rounding rows: one the kernel rounds (to vl, or
 * clamps to the largest of vls) */
unsigned a64_vl_to_round(const unsigned *vls, unsigned n, unsigned max,
			 unsigned vl);

/* the fixed table's rows (wtable.c): kinds below W_NKINDS, or NULL */
const struct a64_write *a64_fixed_row(unsigned kind);
/* matrix rows (wmatrix.c): kinds W_MX_BASE and up */
const struct a64_write *a64_mx_row(unsigned kind);

/* the fixed rows' models (wtable.c): NT_ARM_SVE and NT_PRFPREG */
a64_write_model a64_wm_sve, a64_wm_fpsimd, a64_wm_prfpreg, a64_wm_sve_header,
		a64_wm_sve_half, a64_wm_sve_vl, a64_wm_fpsimd_header,
		a64_wm_sve_rounded, a64_wm_sve_rounded_header,
		a64_wm_prfpreg_short;
/* NT_ARM_SSVE, NT_ARM_ZA, NT_ARM_ZT, NT_ARM_TLS, NT_ARM_FPMR */
a64_write_model a64_wm_ssve, a64_wm_ssve_vl, a64_wm_za, a64_wm_za_header,
		a64_wm_za_half, a64_wm_za_vl, a64_wm_zt, a64_wm_tpidr2,
		a64_wm_fpmr;
/* the regset-write matrix's outcomes (wmodel.c) */
a64_write_model a64_wmx_sve, a64_wmx_fpsimd, a64_wmx_reset, a64_wmx_fpr,
		a64_wmx_za_off, a64_wmx_za, a64_wmx_zt, a64_wmx_tls,
		a64_wmx_fpmr;

#endif
