/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cases derived from hand-written ones (src/plan/derive.c): a task history's
 * prelude before a case's steps (/h=NAME), and unobserved twins
 * (/unobserved).  The plan owns the pool they come from.
 */
#ifndef FPABI_DERIVE_H
#define FPABI_DERIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "fpabi/case.h"
#include "fpabi/syscalls.h"

struct derived;
struct pool_block;
struct derive_pool {
	struct derived *head;
	struct pool_block *blocks;	/* derive_pool_alloc()'s */
};

/*
 * base with history h's prelude first (h NULL: none), as an unobserved
 * twin if twin; NULL (why says why, when it is a validator's refusal)
 * when there is no such case: a probe, a fuzz case, a twin of steps that
 * need the tracer (a spin it ends, a refused sigreturn, a SIGNAL_MAYBE),
 * with no event or no observation left, or a blocking syscall.
 */
const struct fpabi_case *derive_case(struct derive_pool *pool,
				     const struct fpabi_case *base,
				     const struct fpabi_history *h, bool twin,
				     char *why, size_t nwhy);
/* A stop the observed case takes at step s that its twin, which keeps the
 * step, goes without: a traced signal's delivery stop, a syscall or
 * seccomp stop, a fork's event stop (twin_step()'s forms). */
bool twin_loses_stop(const struct fpabi_step *s);
/* The two would run the same steps with the same needs. */
bool derived_same(const struct fpabi_case *a, const struct fpabi_case *b);
void derive_free(struct derive_pool *pool);
/* A case made from proto with its own copy of steps (ending S_END), in the
 * pool; NULL if the steps are more than a derived case holds. */
const struct fpabi_case *derive_from(struct derive_pool *pool,
				     const struct fpabi_case *proto,
				     const struct fpabi_step *steps);
/* size zeroed bytes that live as long as the pool */
void *derive_pool_alloc(struct derive_pool *pool, size_t size);

#endif
