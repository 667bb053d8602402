/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Provenance canaries: every 64-bit word loaded into a register names where
 * it came from (seed, phase, task, component, register, lane), so a value
 * seen in the wrong place says what leaked from where.
 *
 *   63..48 seed (never 0)   47..44 task   43..40 phase
 *   39..26 lane             25..18 register   17..12 component
 *   11..0  check (a hash of bits 63..12)
 *
 * A word with the seed field 0 is never produced, so a canary is never zero
 * and never an architectural init value (all of which fit in 48 bits).
 */
#ifndef FPABI_CANARY_H
#define FPABI_CANARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CANARY_MAX_PHASE	15
#define PHASE_NONE		0xff	/* expected: no canary (an init value) */
#define CANARY_MAX_TASK		15
#define CANARY_MAX_LANE		16383
#define CANARY_MAX_REG		255
#define CANARY_MAX_COMP		63

/* The component number reserved for poison: bytes the kernel never wrote. */
#define CANARY_COMP_POISON	63

struct canary_prov {
	uint16_t seed;
	uint8_t task;
	uint8_t phase;
	uint16_t lane;
	uint8_t reg;
	uint8_t comp;
};

/* Map any 64-bit seed to a non-zero 16-bit canary seed. */
uint16_t canary_seed16(uint64_t seed);

uint64_t canary_encode(const struct canary_prov *p);
/* True if w is a well-formed canary; fills *p. */
bool canary_decode(uint64_t w, struct canary_prov *p);

/*
 * Fill len bytes with the canary words of one register: word i is lane
 * first_lane + i; a trailing partial word takes the low bytes.
 */
void canary_fill(void *buf, size_t len, uint16_t seed, unsigned task,
		 unsigned phase, unsigned comp, unsigned reg,
		 unsigned first_lane);

/*
 * The same for a register of which the CPU keeps only the bits set in
 * kept (len bytes; fpabi/calib.h): the provenance is packed into the kept
 * bits, and decodes from them alone (canary_decode_kept(): false if fewer
 * than 50 bits are kept, too few for the whole seed).
 */
uint64_t canary_encode_kept(const struct canary_prov *p, uint64_t kept);
bool canary_decode_kept(uint64_t w, uint64_t kept, struct canary_prov *p);
void canary_fill_kept(void *buf, size_t len, uint16_t seed, unsigned task,
		      unsigned phase, unsigned comp, unsigned reg,
		      unsigned first_lane, const uint8_t *kept);

/* Fill with poison: one canary word of the poison component, repeated. */
void canary_poison(void *buf, size_t len, uint16_t seed);

/*
 * What an unexpected value is.  The classifier looks at one word (or a
 * shorter field) that differs from what was expected.
 */
enum canary_class {
	CL_ZERO,	/* all zero */
	CL_INIT,	/* the architectural init value */
	CL_POISON,	/* tracer's poison: the kernel did not write it */
	CL_STALE,	/* this task's value from another phase */
	CL_FOREIGN,	/* another task's value */
	CL_MISPLACED,	/* this phase's value of another register or lane */
	CL_OTHER_RUN,	/* a canary from another seed */
	CL_UNKNOWN,	/* bytes of unknown origin */
	CL_NCLASSES
};

const char *canary_class_name(enum canary_class c);

struct canary_verdict {
	enum canary_class cls;
	struct canary_prov prov;	/* valid for STALE..OTHER_RUN */
	bool has_prov;
};

/*
 * Classify got (len <= 8 bytes) where expected was exp; init is the init
 * value of those bytes (may be NULL: zero).  seed/task/phase are the
 * expected word's; the caller describes the register.
 */
void canary_classify(const void *got, const void *init, size_t len,
		     uint16_t seed, unsigned task, unsigned phase,
		     struct canary_verdict *v);
/* ... of the bits set in kept only (len bytes; NULL: every bit) */
void canary_classify_kept(const void *got, const void *init,
			  const uint8_t *kept, size_t len, uint16_t seed,
			  unsigned task, unsigned phase,
			  struct canary_verdict *v);

#endif
