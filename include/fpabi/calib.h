/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPU's calibration: what the hardware itself keeps of every field the
 * model checks, measured at start by round trips of the run's own fills
 * through the CPU with no kernel event in between (DESIGN.md, rule 10).
 *
 * Each round trip loads an image and stores it straight away, in one
 * assembly routine, with the instructions the cases use (the arch's
 * calib_trip hook), in a throwaway child so that a fault is an answer.
 * From the patterns and what came back the calibration derives, bit by
 * bit, whether the CPU keeps it, sets it from another bit (a canonical
 * address), forces it to 0 or 1, or leaves it unpredictable.  The model
 * then compares only the kept bits, the canary of such a field carries
 * its provenance in the kept bits (canary_fill_kept()), a field with no
 * kept bit is unchecked, and each field with a bit not kept is a
 * platform quirk named in the TAP header, `fpabi info` and the JSON.
 */
#ifndef FPABI_CALIB_H
#define FPABI_CALIB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct fpabi_machine;
struct fpabi_field;
struct fpabi_layout;

/* What the CPU does with one bit of a field (calib_field.bit[]); a value
 * >= 0 is "a copy of that bit of the field" (a canonical address). */
enum calib_bit {
	CB_KEPT = -1,
	CB_ZERO = -2,		/* always stored as 0 */
	CB_ONE = -3,		/* always stored as 1 */
	CB_VARIES = -4,		/* neither kept nor predictable */
};

/* One field the CPU does not keep whole. */
struct calib_field {
	char name[24];		/* as in the layout: "fip" */
	unsigned group;		/* the layout's group (x86: xfeature) */
	unsigned size;		/* bytes */
	uint8_t *kept;		/* size bytes: 1 bits are kept */
	int16_t *bit;		/* size * 8 entries: enum calib_bit or source */
	char quirk[48];		/* "x87-fip-canonical-57" */
	char how[160];		/* "bits 57-63 are copies of bit 56" */
	bool none;		/* no bit kept: the field is unchecked */
	bool unwritten;		/* no store wrote it (its bytes kept what
				   the buffer held): not kept */
	bool simulated;		/* --inject-fault cpu:/calib: made it */
};

#define CALIB_MAX_FIELDS 256

struct fpabi_calib {
	bool done;		/* false: this arch has no calibration */
	char forms[200];	/* the instruction forms round-tripped */
	char failed[160];	/* why it could not run, or "" */
	char inject[64];	/* the injected fault, or "" */
	unsigned fields;	/* fields round-tripped (of the widest variant) */
	unsigned variants;	/* variants (layouts, XSTATE_BV subsets) */
	unsigned patterns;	/* images per form */
	unsigned trips;		/* round trips in all */
	unsigned n;		/* fields with a bit not kept */
	struct calib_field f[CALIB_MAX_FIELDS];
};

/*
 * Test-only faults (--inject-fault cpu:QUIRK, calib:WHAT), set while the
 * options are parsed, before the calibration runs:
 *   cpu:x87-fip-canonical-57   the CPU as one that keeps FIP as a canonical
 *                              57-bit address (bits 63:57 copies of bit 56),
 *                              in the calibration's round trips and in
 *                              every tracee dump (the cases' own stores)
 *   cpu:x87-fip-canonical-48   the same at 48 bits
 *   calib:off                  the calibration sees every bit kept (the
 *                              uncalibrated model)
 *   calib:FIELD                the calibration sees FIELD's bits 0-7
 *                              dropped (stored as 0)
 */
int calib_parse_inject(const char *spec);	/* 0, or -1 if unknown */
extern const char *const calib_simulations[];	/* the cpu: quirks */

/* Runs the calibration (fpabi_probe() calls it, with the fills of
 * fpabi_calib_seed, set by a command that knows its seed first): m->calib. */
extern uint64_t fpabi_calib_seed;
void fpabi_calibrate(struct fpabi_machine *m, uint64_t seed);

/* The kept-bit mask of field f (f->size bytes), or NULL: every bit kept. */
const uint8_t *calib_kept(const struct fpabi_machine *m,
			  const struct fpabi_field *f);
/* Is no bit of the field named name (of group) kept? */
bool calib_none(const struct fpabi_machine *m, unsigned group,
		const char *name);
/* Sets the bits of a canary fill that the CPU derives from others (a
 * canonical address's copies, forced bits) as it will, so that the fill
 * is a value the CPU keeps exactly. */
void calib_shape(const struct fpabi_machine *m, const struct fpabi_field *f,
		 uint8_t *bytes);
/* The simulated CPU (--inject-fault cpu:): rewrite the fields of a stored
 * image of layout lo as that CPU would have. */
void calib_simulate_store(const struct fpabi_machine *m,
			  const struct fpabi_layout *lo, uint8_t *img);

/* The calibration and its quirks, for `fpabi info` (pfx "") and the TAP
 * header (pfx "# "); as JSON members (no braces) for the JSON writer. */
void calib_print(const struct fpabi_machine *m, FILE *f, const char *pfx);
void calib_json(const struct fpabi_machine *m, FILE *f);

#endif
