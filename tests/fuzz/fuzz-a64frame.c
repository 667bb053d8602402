// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the arm64 signal-frame record walker
 * (src/arch/arm64/sigframe.h) on arbitrary __reserved and extra-space
 * bytes.  The frame comes from the tracee, so nothing in it is trusted:
 * whatever the walker accepts or rejects, every record it reports must
 * lie inside the buffer it came from (checked here, and by ASan on
 * exact-size copies).  Input: 2 bytes of __reserved length, 2 of extra
 * length, 1 of address choice, then the bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/arch/arm64/sigframe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_rec(const struct a64_rec *r, const uint8_t *buf, size_t len)
{
	volatile uint8_t sink = 0;
	size_t i, off;

	if (r->p < buf || r->p > buf + len)
		abort();
	off = (size_t)(r->p - buf);
	if (off != r->off || len - off < A64_HDR_SIZE || r->size > len - off)
		abort();
	for (i = 0; i < r->size; i++)	/* every byte it claims is readable */
		sink ^= r->p[i];
	(void)sink;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t res_len, x_len;
	uint64_t res_addr, x_addr;
	uint8_t *res, *x = NULL;
	struct a64_walk w;
	unsigned i;

	if (size < 5)
		return 0;
	res_len = (data[0] | data[1] << 8) % (A64_RESERVED_SIZE + 1);
	x_len = (data[2] | data[3] << 8) % 16385;
	/* addresses: aligned and consistent most of the time, or not */
	res_addr = 0x7fff0000ull + (data[4] & 0x0f);
	data += 5;
	size -= 5;
	if (res_len > size)
		res_len = size;
	if (x_len > size - res_len)
		x_len = size - res_len;
	res = malloc(res_len ? res_len : 1);
	if (!res)
		return 0;
	memcpy(res, data, res_len);
	if (x_len) {
		x = malloc(x_len);
		if (!x) {
			free(res);
			return 0;
		}
		memcpy(x, data + res_len, x_len);
	}
	/* first without the extra space; if the frame points to one, give
	 * it our copy at the address it names, as the tracer does */
	x_addr = 0;
	if (a64_walk_frame(res, res_len, res_addr, NULL, 0, 0, &w) < 0 &&
	    w.extra >= 0 && x)
		x_addr = w.datap;
	else
		x_len = 0;
	if (a64_walk_frame(res, res_len, res_addr, x_len ? x : NULL, x_len,
			   x_addr, &w) == 0) {
		/* well formed: a terminator ends each space it walked */
		if (!w.n || w.rec[w.n - 1].magic || w.rec[w.n - 1].size)
			abort();
	} else if (!w.err) {
		abort();	/* a rejection always says why */
	}
	if (w.n > A64_MAX_RECS)
		abort();
	for (i = 0; i < w.n; i++) {
		const struct a64_rec *r = &w.rec[i];

		if (r->space == 0)
			check_rec(r, res, res_len);
		else if (r->space == 1 && x_len)
			check_rec(r, x, x_len);
		else
			abort();
	}
	free(res);
	free(x);
	return 0;
}
