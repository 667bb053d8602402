// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: fpabi race's --kinds and --replay parser
 * (race_kinds_parse()) fed arbitrary text; what it accepts must be a
 * mask of known kinds that prints back (race_kinds_text()) to a list it
 * parses to the same mask.  A crash, a sanitizer report or an abort is
 * the bug.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/race-run.h"
#include "../../src/race/race-int.h"

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	char text[1024], back[256];
	int k;

	if (n >= sizeof(text))
		return 0;
	memcpy(text, d, n);
	text[n] = 0;
	k = race_kinds_parse(text);
	if (k < 0)
		return 0;
	if (!k || k >> RACE_NKINDS)
		abort();
	race_kinds_text((uint32_t)k, back, sizeof(back));
	if (race_kinds_parse(back) != k)
		abort();
	return 0;
}
