// SPDX-License-Identifier: GPL-2.0-or-later
/* Provenance canaries: encode, decode, classify (see fpabi/canary.h). */
#include <string.h>

#include "fpabi/canary.h"
#include "fpabi/util.h"

static uint64_t check_bits(uint64_t hi)
{
	return mix64(hi ^ 0x66706162692d6376ULL) & 0xfff;
}

uint16_t canary_seed16(uint64_t seed)
{
	return (uint16_t)(mix64(seed) % 0xffff + 1);
}

uint64_t canary_encode(const struct canary_prov *p)
{
	uint64_t w = (uint64_t)p->seed << 48 |
		     (uint64_t)(p->task & 0xf) << 44 |
		     (uint64_t)(p->phase & 0xf) << 40 |
		     (uint64_t)(p->lane & 0x3fff) << 26 |
		     (uint64_t)p->reg << 18 |
		     (uint64_t)(p->comp & 0x3f) << 12;

	return w | check_bits(w);
}

bool canary_decode(uint64_t w, struct canary_prov *p)
{
	uint64_t hi = w & ~0xfffULL;

	if ((w >> 48) == 0 || (w & 0xfff) != check_bits(hi))
		return false;
	p->seed = w >> 48;
	p->task = (w >> 44) & 0xf;
	p->phase = (w >> 40) & 0xf;
	p->lane = (w >> 26) & 0x3fff;
	p->reg = (w >> 18) & 0xff;
	p->comp = (w >> 12) & 0x3f;
	return true;
}

void canary_fill(void *buf, size_t len, uint16_t seed, unsigned task,
		 unsigned phase, unsigned comp, unsigned reg,
		 unsigned first_lane)
{
	struct canary_prov p = {
		.seed = seed, .task = task, .phase = phase,
		.reg = reg, .comp = comp,
	};
	unsigned char *b = buf;
	size_t off;

	for (off = 0; off < len; off += 8) {
		uint64_t w;

		p.lane = first_lane + off / 8;
		w = canary_encode(&p);
		memcpy(b + off, &w, len - off < 8 ? len - off : 8);
	}
}

/*
 * Poison is one canary word repeated, so that poisoned bytes are known
 * wherever they land: regset payloads and images put the same register at
 * different offsets (always 8-byte aligned the same way).
 */
void canary_poison(void *buf, size_t len, uint16_t seed)
{
	struct canary_prov p = { .seed = seed, .comp = CANARY_COMP_POISON };
	uint64_t w = canary_encode(&p);
	unsigned char *b = buf;
	size_t off;

	for (off = 0; off < len; off += 8)
		memcpy(b + off, &w, len - off < 8 ? len - off : 8);
}

static const char *const class_names[CL_NCLASSES] = {
	[CL_ZERO] = "zero",
	[CL_INIT] = "init-value",
	[CL_POISON] = "poison",
	[CL_STALE] = "stale",
	[CL_FOREIGN] = "foreign-task",
	[CL_MISPLACED] = "misplaced",
	[CL_OTHER_RUN] = "other-run",
	[CL_UNKNOWN] = "unknown",
};

const char *canary_class_name(enum canary_class c)
{
	return c < CL_NCLASSES ? class_names[c] : "?";
}

void canary_classify(const void *got, const void *init, size_t len,
		     uint16_t seed, unsigned task, unsigned phase,
		     struct canary_verdict *v)
{
	canary_classify_kept(got, init, NULL, len, seed, task, phase, v);
}

/*
 * A canary for a word of which the CPU keeps only the bits of kept
 * (fpabi/calib.h).  The provenance is packed into those bits, lowest
 * first, in an order that loses the least useful part first when fewer
 * than 64 are kept:
 *
 *   logical 11..0 check   17..12 component   25..18 register
 *           29..26 phase  33..30 task        49..34 seed   63..50 lane
 *
 * and the check is a hash of the logical bits kept above it, so a word
 * read back (with whatever the CPU did to the other bits) decodes from
 * its kept bits alone.
 */
#define NARROW_SEED_END 50

static uint64_t deposit(uint64_t v, uint64_t mask)
{
	uint64_t out = 0, bit;

	for (bit = 1; mask; bit <<= 1, mask &= mask - 1)
		if (v & bit)
			out |= mask & -mask;
	return out;
}

static uint64_t extract(uint64_t w, uint64_t mask)
{
	uint64_t out = 0, bit;

	for (bit = 1; mask; bit <<= 1, mask &= mask - 1)
		if (w & mask & -mask)
			out |= bit;
	return out;
}

static uint64_t low_mask(unsigned k)
{
	return k >= 64 ? ~0ull : (1ull << k) - 1;
}

uint64_t canary_encode_kept(const struct canary_prov *p, uint64_t kept)
{
	unsigned k = (unsigned)__builtin_popcountll(kept);
	uint64_t l = (uint64_t)(p->lane & 0x3fff) << 50 |
		     (uint64_t)p->seed << 34 |
		     (uint64_t)(p->task & 0xf) << 30 |
		     (uint64_t)(p->phase & 0xf) << 26 |
		     (uint64_t)p->reg << 18 |
		     (uint64_t)(p->comp & 0x3f) << 12;

	if (kept == ~0ull)
		return canary_encode(p);
	l &= low_mask(k);
	l |= check_bits(l & ~0xfffULL);
	return deposit(l & low_mask(k), kept);
}

bool canary_decode_kept(uint64_t w, uint64_t kept, struct canary_prov *p)
{
	unsigned k = (unsigned)__builtin_popcountll(kept);
	uint64_t l;

	if (kept == ~0ull)
		return canary_decode(w, p);
	if (k < NARROW_SEED_END)
		return false;	/* too few bits for the whole seed */
	l = extract(w, kept);
	if (((l ^ check_bits(l & ~0xfffULL)) & 0xfff & low_mask(k)) ||
	    !((l >> 34) & 0xffff))
		return false;
	p->comp = (l >> 12) & 0x3f;
	p->reg = (l >> 18) & 0xff;
	p->phase = (l >> 26) & 0xf;
	p->task = (l >> 30) & 0xf;
	p->seed = (l >> 34) & 0xffff;
	p->lane = (uint16_t)(l >> 50);
	return true;
}

void canary_fill_kept(void *buf, size_t len, uint16_t seed, unsigned task,
		      unsigned phase, unsigned comp, unsigned reg,
		      unsigned first_lane, const uint8_t *kept)
{
	struct canary_prov p = {
		.seed = seed, .task = task, .phase = phase,
		.reg = reg, .comp = comp,
	};
	unsigned char *b = buf;
	size_t off;

	for (off = 0; off < len; off += 8) {
		size_t n = len - off < 8 ? len - off : 8;
		uint64_t w, km = 0;

		memcpy(&km, kept + off, n);
		if (n < 8)
			km |= ~0ull << (n * 8);
		p.lane = first_lane + off / 8;
		w = canary_encode_kept(&p, km);
		memcpy(b + off, &w, n);
	}
}

/* canary_classify() of the kept bits only (kept NULL: all of them) */
void canary_classify_kept(const void *got, const void *init,
			  const uint8_t *kept, size_t len, uint16_t seed,
			  unsigned task, unsigned phase,
			  struct canary_verdict *v)
{
	uint64_t g = 0, in = 0, km = 0;

	memset(v, 0, sizeof(*v));
	if (len > 8)
		len = 8;
	memcpy(&g, got, len);
	if (kept)
		memcpy(&km, kept, len);
	else
		km = len == 8 ? ~0ull : (1ull << (len * 8)) - 1;
	if (init)
		memcpy(&in, init, len);
	if (!(g & km)) {
		v->cls = CL_ZERO;
		return;
	}
	if (init && !((g ^ in) & km)) {
		v->cls = CL_INIT;
		return;
	}
	if (len < 8 || !canary_decode_kept(g, km, &v->prov)) {
		v->cls = CL_UNKNOWN;
		return;
	}
	v->has_prov = true;
	if (v->prov.comp == CANARY_COMP_POISON)
		v->cls = CL_POISON;
	else if (v->prov.seed != seed)
		v->cls = CL_OTHER_RUN;
	else if (v->prov.task != task)
		v->cls = CL_FOREIGN;
	else if (v->prov.phase != phase)
		v->cls = CL_STALE;
	else
		v->cls = CL_MISPLACED;
}
