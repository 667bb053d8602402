// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the x86_64 parsers of src/arch/x86_64/xsave.c.
 * CPUID leaf 0xD answers come from the input (a hypervisor can say
 * anything): a layout xsave_layout_parse() accepts must be usable, every
 * enabled user component inside [576, 16 MiB), the XCR0 size (EBX) holding
 * them all and the compacted end past the header.  fpstate_parse() and xstate_hdr_get() get the rest of the
 * input as a signal frame's fpstate / an NT_X86_XSTATE buffer, in an
 * exact-size copy so ASan sees any read past its end.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/arch/x86_64/xsave.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct feed {
	const uint8_t *p;
	size_t n;
};

static uint32_t take32(struct feed *f)
{
	uint32_t v = 0;

	if (f->n >= 4) {
		memcpy(&v, f->p, 4);
		f->p += 4;
		f->n -= 4;
	} else {
		f->n = 0;
	}
	return v;
}

static void fake_cpuid(unsigned leaf, unsigned sub, uint32_t r[4], void *ctx)
{
	struct feed *f = ctx;
	unsigned i;

	(void)leaf;
	(void)sub;
	for (i = 0; i < 4; i++)
		r[i] = take32(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xsave_layout l;
	struct fpstate_info fi;
	struct xsave_hdr h;
	struct feed f;
	uint64_t xcr0, xss, end;
	uint32_t user_size;
	size_t cut, len;
	uint8_t *buf;
	unsigned i;

	if (size < 24)
		return 0;
	memcpy(&xcr0, data, 8);
	memcpy(&xss, data + 8, 8);
	memcpy(&user_size, data + 16, 4);
	cut = (data[20] | data[21] << 8) % (size - 22 + 1);
	data += 22;
	size -= 22;

	/* the layout, from the first cut bytes */
	xcr0 |= 3;		/* x87 and SSE are always enabled */
	f.p = data;
	f.n = cut;
	if (xsave_layout_parse(&l, fake_cpuid, &f, xcr0, xss) == 0) {
		for (i = 2; i < XF_MAX; i++) {
			const struct xsave_comp *c = &l.comp[i];

			if (!(xcr0 >> i & 1) || c->supervisor)
				continue;
			end = (uint64_t)c->offset + c->size;
			if (!c->size || c->offset < XSAVE_EXT_OFF ||
			    end > 1u << 24)
				abort();
		}
		end = xsave_std_end(&l, xcr0);
		if (end < XSAVE_EXT_OFF || end > 1u << 24)
			abort();
		if (l.compacted_end < XSAVE_EXT_OFF)
			abort();
		/* the size every buffer is made with holds the components */
		if (l.size_enabled < end || l.size_enabled > 1u << 24)
			abort();
	}

	/* the rest as a buffer from the kernel or the tracee */
	len = size - cut;
	buf = malloc(len ? len : 1);
	if (!buf)
		return 0;
	memcpy(buf, data + cut, len);
	fpstate_parse(buf, len, user_size, &fi);
	if (fi.kind == FPSTATE_XSAVE &&
	    ((size_t)fi.sw.xstate_size + 4 > len || fi.sw.xstate_size < 576 ||
	     fi.sw.xstate_size > user_size || fi.magic2 != FP_XSTATE_MAGIC2))
		abort();
	if (fi.kind != FPSTATE_XSAVE && !fi.why)
		abort();
	if (xstate_hdr_get(buf, len, &h) != (len >= 576))
		abort();
	free(buf);
	return 0;
}
