// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 frame side of the tracee's SIGILL handler: copy the ucontext
 * and, when the frame has one, the extra_context space; apply the case's
 * edit; step over the udf.  Runs after the entry events stored the
 * registers.
 */
#include <string.h>
#include <ucontext.h>

#include "uapi-compat/arm64.h"
#include "../sig.h"

/* extra_context's space, found by walking __reserved (sigcontext.h) */
static const struct extra_context *find_extra(const struct sigcontext *sc)
{
	const uint8_t *p = (const uint8_t *)sc->__reserved;
	size_t off = 0, size = sizeof(sc->__reserved);

	while (off + sizeof(struct _aarch64_ctx) <= size) {
		const struct _aarch64_ctx *h = (const void *)(p + off);

		if (!h->magic || h->size < sizeof(*h) || h->size > size - off)
			return NULL;
		if (h->magic == EXTRA_MAGIC)
			return (const void *)h;
		off += h->size;
	}
	return NULL;
}

void arch_sig_frame(struct sig_rt *rt, void *ucv)
{
	ucontext_t *uc = ucv;
	struct fpabi_sig_slot *s = rt->slot;
	struct sigcontext *sc = (struct sigcontext *)&uc->uc_mcontext;
	const struct extra_context *x = find_extra(sc);
	size_t off = (sizeof(*uc) + 15) & ~15ul;

	memcpy(rt->frame, uc, sizeof(*uc));
	s->frame_addr = (uintptr_t)uc;
	s->frame_len = sizeof(*uc);
	s->aux[0] = (uintptr_t)sc->__reserved;	/* where records start */
	if (x && x->size <= s->frame_cap - off) {
		memcpy(rt->frame + off, (const void *)(uintptr_t)x->datap,
		       x->size);
		s->aux[1] = off;			/* extra space in the copy */
		s->aux[2] = x->datap;			/* and in the tracee */
		s->aux[3] = x->size;
		s->frame_len = off + x->size;
	}
	if (s->edit)
		arch_sig_edit(rt, uc);
	if (s->signo == SIGILL)
		uc->uc_mcontext.pc += 4;	/* udf #0 */
}
