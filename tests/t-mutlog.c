// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the tracee's random-edit log (src/tracee/mutlog.c): the
 * runs of bytes that changed, each at most 8 bytes, as offsets from the
 * ucontext; an address area whole, relative where it points near the
 * ucontext; a log that does not fit marked as such.
 */
#include <stdint.h>
#include <string.h>

#include "sig.h"
#include "tap-mini.h"

static uint8_t frame[1024];	/* a ucontext at its start, then the frame */

/* one area of 64 bytes at 256: two runs changed, one of 11 bytes */
static void runs(void)
{
	struct fpabi_sig_slot s = { .nmut = 7 };
	struct mut_area a[] = { { frame + 256, 64, 0 } };
	uint64_t v;

	memset(frame, 0x5a, sizeof(frame));
	mut_save(a, 1);
	frame[256 + 3] = 0x01;
	memset(frame + 256 + 20, 0x77, 11);	/* bytes 20-30 */
	mut_log(&s, frame, a, 1);
	T_OK(s.nmut == 3, "three runs logged (1 byte; 11 bytes as 8 + 3): %u", s.nmut);
	T_OK(s.mut[0].off == 259 && s.mut[0].len == 1 && s.mut[0].val == 0x01 && !s.mut[0].rel,
	   "the first: offset 259 from the ucontext, 1 byte, 0x01");
	memset(&v, 0x77, 8);
	T_OK(s.mut[1].off == 276 && s.mut[1].len == 8 && s.mut[1].val == v,
	   "the second: offset 276, 8 bytes of 0x77");
	T_OK(s.mut[2].off == 284 && s.mut[2].len == 3 && s.mut[2].val == 0x777777,
	   "the third: offset 284, the 3 bytes left");
}

/* an address area: logged whole; near the ucontext, as an offset */
static void pointers(void)
{
	struct fpabi_sig_slot s = { 0 };
	uint64_t *p = (uint64_t *)(frame + 64);
	struct mut_area a[] = { { (uint8_t *)p, 8, 1 } };

	*p = 0;
	mut_save(a, 1);
	*p = (uintptr_t)(frame + 520);
	mut_log(&s, frame, a, 1);
	T_OK(s.nmut == 1 && s.mut[0].rel && s.mut[0].val == 520 && s.mut[0].len == 8 &&
	   s.mut[0].off == 64, "a pointer into the frame: relative, 520 from the ucontext");
	mut_save(a, 1);
	*p = 4096;
	mut_log(&s, frame, a, 1);
	T_OK(s.nmut == 1 && !s.mut[0].rel && s.mut[0].val == 4096,
	   "a pointer elsewhere (4096): as it is");
	mut_save(a, 1);
	mut_log(&s, frame, a, 1);
	T_OK(s.nmut == 0, "nothing changed: nothing logged");
}

/* more runs than the log holds: marked as not fitting */
static void overflow(void)
{
	struct fpabi_sig_slot s = { 0 };
	struct mut_area a[] = { { frame + 512, 64, 0 } };
	unsigned k;

	mut_save(a, 1);
	for (k = 0; k <= FPABI_MAX_MUT; k++)
		frame[512 + 2 * k] ^= 0xff;
	mut_log(&s, frame, a, 1);
	T_OK(s.nmut == FPABI_MAX_MUT + 1, "%u separate runs: the log says it did not fit (%u)",
	   FPABI_MAX_MUT + 1, s.nmut);
}

int main(void)
{
	T_PLAN(8);
	runs();
	pointers();
	overflow();
	return T_DONE();
}
