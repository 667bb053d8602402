/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scenario preconditions (src/judge/precond.c): a state of the kernel that a
 * case's rule needs, which its steps set up but the ABI lets the kernel
 * not be in (a component in its init state in the saved state, TIF_SVE
 * clear before a first-use trap, a frame record with its payload).  A
 * case names the ones its rule needs (struct fpabi_case.pre); each is a
 * row of its arch's table (fpabi_arch.preconds) with its proof: the
 * arch's observers note, at every observation that bears on it, whether
 * it held (pre_note()).  At the end of a run with no finding it must
 * have held at every such observation, and at one at least, or the run
 * is unproven: retried, then `ok ... # SKIP scenario not proven: ...`
 * naming what was observed.  Never a pass.
 */
#ifndef FPABI_PRECOND_H
#define FPABI_PRECOND_H

#include <stddef.h>

struct fpabi_machine;
struct fpabi_case;
struct fpabi_variant;
struct fpabi_run;

struct fpabi_precond {
	unsigned bit;		/* in struct fpabi_case.pre (the arch's PRE_*) */
	const char *name;	/* "component in init": proofs and SKIPs */
	/*
	 * fpabi list's "pre:" for instance v of case c: what is proven,
	 * from which observation, or that it cannot be; NULL: it does not
	 * bear on this instance (e.g. a variant that leaves no component
	 * in init), which then needs no proof of it.
	 */
	const char *(*text)(const struct fpabi_machine *m,
			    const struct fpabi_case *c,
			    const struct fpabi_variant *v);
	/*
	 * the instance's precondition cannot be proven by any observation
	 * it makes (no stop where it could be seen): the run is not held
	 * to it (the "pre:" text says so); NULL: always provable
	 */
	int (*unprovable)(const struct fpabi_machine *m,
			  const struct fpabi_case *c,
			  const struct fpabi_variant *v);
};

/*
 * An observation of run r bore on precondition bit: it held or not, and
 * fmt says what was seen (an observer and the value: "NT_X86_XSTATE read
 * 1 at stop 1: XSTATE_BV 0x3, avx bit clear").  A no-op unless the
 * case names bit.
 */
void pre_note(struct fpabi_run *r, unsigned bit, int held,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Does the run's case name bit, and does it bear on the run's variant? */
int pre_wanted(const struct fpabi_run *r, unsigned bit);

/*
 * After a run with no finding: every precondition of its case that
 * bears on its variant held wherever it was observed, and was observed;
 * its proof appended to r->proof, or r unproven with the reason.
 */
void precond_check(struct fpabi_run *r);

/* fpabi list's "pre:" texts of instance v of c, appended to out. */
void precond_texts(const struct fpabi_machine *m, const struct fpabi_case *c,
		   const struct fpabi_variant *v, char *out, size_t n);

#endif
