// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of the provenance canaries: encode, decode, classify. */
#include <string.h>

#include "fpabi/canary.h"
#include "fpabi/util.h"
#include "tap-mini.h"

static struct canary_prov P(uint16_t seed, unsigned task, unsigned phase,
			    unsigned comp, unsigned reg, unsigned lane)
{
	struct canary_prov p = { seed, task, phase, lane, reg, comp };

	return p;
}

int main(void)
{
	struct canary_prov p = P(0x1234, 3, 7, 6, 21, 9000), q;
	struct canary_verdict v;
	uint64_t w = canary_encode(&p), buf[4], init = 0x1f80;
	unsigned i, bad = 0, found = 0;
	uint16_t s;

	T_PLAN(21);
	T_OK(canary_decode(w, &q) && !memcmp(&p, &q, sizeof(p)),
	     "decode(encode(p)) gives p back: seed, task, phase, comp, reg, lane");
	T_OK(!canary_decode(w ^ 0x100000, &q), "one flipped bit is not a canary");
	T_OK(!canary_decode(0, &q) && !canary_decode(0x1f80, &q) &&
	     !canary_decode(0x037f, &q), "zero and init values are not canaries");

	for (s = 1; s < 2000; s++) {
		struct canary_prov r = P(s, s & 15, (s >> 4) & 15, s & 63,
					 s & 255, s * 7 & 0x3fff);

		if (!canary_encode(&r) || (canary_encode(&r) >> 48) == 0)
			bad++;
		if (!canary_decode(canary_encode(&r), &q) ||
		    memcmp(&r, &q, sizeof(r)))
			bad++;
	}
	T_OK(!bad, "2000 provenances round-trip and are never zero");

	/* random words are rarely mistaken for canaries (12-bit check) */
	for (i = 0; i < 100000; i++)
		found += canary_decode(mix64(i) | 1ull << 60, &q);
	T_OK(found < 100000 / 1000, "random words pass the check %u times in 100000 (< 100)", found);

	T_OK(canary_seed16(0) != 0 && canary_seed16(~0ull) != 0 &&
	     canary_seed16(42) == canary_seed16(42), "seed16 is never 0 and is stable");

	canary_fill(buf, sizeof(buf), 77, 1, 2, 5, 3, 10);
	T_OK(canary_decode(buf[2], &q) && q.lane == 12 && q.reg == 3 &&
	     q.comp == 5 && q.phase == 2 && q.task == 1 && q.seed == 77,
	     "fill: word i carries lane first_lane + i");

	/* classification of what an observer shows instead of the canary */
	w = 0;
	canary_classify(&w, &init, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_ZERO, "zero word: %s", canary_class_name(v.cls));
	canary_classify(&init, &init, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_INIT, "init value: %s", canary_class_name(v.cls));
	canary_poison(&w, 8, 77);
	canary_classify(&w, NULL, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_POISON, "poison: %s", canary_class_name(v.cls));
	p = P(77, 1, 1, 5, 3, 0);
	w = canary_encode(&p);
	canary_classify(&w, NULL, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_STALE && v.prov.phase == 1,
	     "phase 1 where phase 2 was due: %s", canary_class_name(v.cls));
	p = P(77, 4, 2, 5, 3, 0);
	w = canary_encode(&p);
	canary_classify(&w, NULL, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_FOREIGN && v.prov.task == 4,
	     "task 4's value in task 1: %s", canary_class_name(v.cls));
	p = P(77, 1, 2, 5, 4, 0);
	w = canary_encode(&p);
	canary_classify(&w, NULL, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_MISPLACED && v.prov.reg == 4,
	     "this phase, another register: %s", canary_class_name(v.cls));
	p = P(78, 1, 2, 5, 3, 0);
	w = canary_encode(&p);
	canary_classify(&w, NULL, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_OTHER_RUN, "another seed: %s", canary_class_name(v.cls));
	w = 0x0123456789abcdefull;
	canary_classify(&w, NULL, 8, 77, 1, 2, &v);
	T_OK(v.cls == CL_UNKNOWN, "garbage: %s", canary_class_name(v.cls));
	w = 0x1122;
	canary_classify(&w, NULL, 2, 77, 1, 2, &v);
	T_OK(v.cls == CL_UNKNOWN, "a short field that is neither zero nor init: %s",
	     canary_class_name(v.cls));

	/* a register the CPU keeps only bits 0-56 of (x87-fip-canonical-57):
	 * the provenance lives in those bits and survives the CPU's copies
	 * of bit 56 into 57-63 */
	{
		const uint64_t k57 = (1ull << 57) - 1, k_lo = ~0xffull;
		uint64_t c;
		int sh = 7;

		p = P(0xbeef, 2, 9, 1, 20, 5);
		w = canary_encode_kept(&p, k57);
		c = (uint64_t)((int64_t)(w << sh) >> sh);	/* canonical */
		T_OK(canary_decode_kept(c, k57, &q) &&
		     !memcmp(&p, &q, sizeof(p)),
		     "kept bits 0-56: decoded whole after canonicalisation");
		T_OK(!canary_decode_kept(c ^ 1ull << 30, k57, &q),
		     "kept bits 0-56: a flipped kept bit fails the check");
		canary_classify_kept(&c, NULL, (const uint8_t *)&k57, 8,
				     0xbeef, 2, 10, &v);
		T_OK(v.cls == CL_STALE && v.prov.phase == 9,
		     "kept bits 0-56: phase 9 where 10 was due is stale: %s",
		     canary_class_name(v.cls));
		w = canary_encode_kept(&p, k_lo) & k_lo;
		T_OK(canary_decode_kept(w | 0x5a, k_lo, &q) &&
		     !memcmp(&p, &q, sizeof(p)),
		     "kept bits 8-63: the dropped low byte does not matter");
		T_OK(!canary_decode_kept(w, (1ull << 40) - 1, &q),
		     "40 kept bits are too few for the whole seed: no decode");
	}
	return T_DONE();
}
