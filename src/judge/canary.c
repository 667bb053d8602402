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
	static const unsigned char zero[8];
	uint64_t w = 0;

	memset(v, 0, sizeof(*v));
	if (len > 8)
		len = 8;
	if (!memcmp(got, zero, len)) {
		v->cls = CL_ZERO;
		return;
	}
	if (init && !memcmp(got, init, len)) {
		v->cls = CL_INIT;
		return;
	}
	memcpy(&w, got, len);
	if (len < 8 || !canary_decode(w, &v->prov)) {
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
