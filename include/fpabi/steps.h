/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one validator of step lists (src/plan/steps.c): every precondition a step
 * has in the engine and the model, and the limits of fpabi/limits.h.  The
 * engine checks each list with it before a run; fpabi stress keeps only
 * the lists it accepts, and adds the rules of its own grammar.
 */
#ifndef FPABI_STEPS_H
#define FPABI_STEPS_H

#include <stdbool.h>
#include <stddef.h>

#include "fpabi/ops.h"

struct fpabi_machine;
struct fpabi_variant;

/* What a walk over a list found so far: where it stands, what it used. */
struct steps_state {
	enum stop_class stop;
	unsigned dumps, sigs, obs, spins, children, threads, pipes, selfmig;
	enum fpabi_op last_tracee;	/* the last tracee step (S_END: none) */
	bool nested_done;		/* a nesting pair of signals ran */
	bool exec, groupstop, fork_events, refused;
	bool unobserved;		/* the list runs untraced: no stop */
};

void steps_begin(struct steps_state *w);

/*
 * Step s (prev: the one before it, or NULL) after the steps w has seen:
 * 0, and w moves on; or -1 with the reason in why.  sc_param stands in
 * for SYSCALL(0).
 */
int steps_next(struct steps_state *w, const struct fpabi_step *s,
	       const struct fpabi_step *prev, unsigned sc_param, char *why,
	       size_t n);

/*
 * Are step s's fields in the ranges the engine's tables have (a phase at
 * most CANARY_MAX_PHASE, a known syscall, no argument where the kind
 * takes none)?  0, or -1 with why.  steps_next() checks it first.
 */
int step_args_check(const struct fpabi_step *s, char *why, size_t n);

/* A whole list (ending with S_END): 0, or -1 with the step and why. */
int steps_check(const struct fpabi_step *steps, unsigned sc_param,
		char *why, size_t n);
/* The same for a list that runs untraced (an unobserved twin) if
 * unobserved: no step may stop the tracee or act as the tracer. */
int steps_check_mode(const struct fpabi_step *steps, unsigned sc_param,
		     bool unobserved, char *why, size_t n);

/*
 * What a run of the instance (case c at variant v, on m) must prove
 * happened before it may pass (the scenario its rule needs: each stop
 * came, each handler ran, the switch, the untraced window, the
 * placement, and the case's arch preconditions: fpabi/precond.h), as
 * fpabi list's "pre:" says it.
 */
void steps_preconditions(const struct fpabi_machine *m,
			 const struct fpabi_case *c,
			 const struct fpabi_variant *v, unsigned sc_param,
			 enum fpabi_place pl, char *out, size_t n);

/* The syscall a step makes (SYSCALL(0): sc_param), or 0. */
unsigned step_syscall(const struct fpabi_step *s, unsigned sc_param);

#endif
