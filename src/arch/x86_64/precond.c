// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64's scenario preconditions (fpabi/precond.h) and their proofs:
 * "component in init", seen in the XSAVE header of every NT_X86_XSTATE
 * read and signal frame.
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/precond.h"
#include "x86.h"

/* mask's component names, ", " between, into out */
static const char *names(uint64_t mask, char *out, size_t n)
{
	size_t o = 0;
	unsigned i;

	out[0] = 0;
	for (i = 0; i < XF_MAX && o + 2 < n; i++)
		if (mask >> i & 1)
			o += (size_t)snprintf(out + o, n - o, "%s%s",
					      o ? ", " : "", xfeature_name(i));
	return out;
}

/* the tested components variant v leaves in init (its loads' XSTATE_BV
 * clears them, so XRSTOR initialises them: SDM vol. 1, 13.8.1) */
static uint64_t left_in_init(const struct fpabi_machine *m,
			     const struct fpabi_variant *v)
{
	const struct x86_machine *x = m->arch;

	return x->testable & ~XV(v)->xfeatures;
}

/* Does c look at a header the kernel wrote: a regset read, a frame? */
static bool sees_header(const struct fpabi_case *c)
{
	const struct fpabi_step *s;

	for (s = c->steps; s && s->op != S_END; s++)
		if (s->op == S_READ || op_has(s->op, OPF_SIGNAL))
			return true;
	return false;
}

static const char *init_text(const struct fpabi_machine *m,
			     const struct fpabi_case *c,
			     const struct fpabi_variant *v)
{
	static char buf[320];
	char list[128];
	uint64_t init = left_in_init(m, v);

	/* (an unobserved twin of a ptrace case reads no regset: its rule
	 * is the syscall's, which never reads the saved header) */
	if (!init || !sees_header(c))
		return NULL;
	snprintf(buf, sizeof(buf), "component in init: %s (left in init by "
		 "the loads) with the XSTATE_BV bit clear in every "
		 "NT_X86_XSTATE read and signal frame, so the kernel took its "
		 "init path (a set bit is legal, but proves nothing)",
		 names(init, list, sizeof(list)));
	return buf;
}

/*
 * The proof, at one XSAVE header the kernel wrote (observer obs, its
 * XSTATE_BV bv): every tested component the model has in its init state
 * here, but those the header always carries (in_header), has its bit
 * clear.
 *
 * SDM vol. 1, 13.7: XSAVE (and XSAVEOPT, XSAVES) writes XSTATE_BV[i] =
 * XINUSE[i] for each requested component; a component XRSTOR initialised
 * is not in use (13.6) on a CPU that tracks XINUSE.  What the kernel then
 * does with a clear bit is the path the case's rule is about:
 * arch/x86/kernel/fpu/xstate.c, __copy_xstate_to_uabi_buf() copies the
 * component "from fpstate" only where header.xfeatures has it and
 * otherwise fills in init_fpstate's values (copy_feature()) or zeroes
 * (the gap tracking); a signal frame is the CPU's own XSAVE
 * (signal.c: copy_fpstate_to_sigframe() -> xsave_to_user_sigframe()),
 * and sigreturn's XRSTOR initialises what its XSTATE_BV leaves out
 * (X-SIG-3).  A set bit with init values is legal (13.6: XINUSE[i] may
 * be 1 for a component in its initial configuration): then the init path
 * was not taken, and the case proves nothing of it.
 */
static void note_header(struct fpabi_run *r, const char *obs, uint64_t bv,
			uint64_t in_header)
{
	uint64_t init = xm(r)->testable & ~x86_expected_live(r) & ~in_header;
	char list[128];

	if (!init)
		return;
	if (bv & init)
		pre_note(r, PRE_X86_INIT, 0, "%s: XSTATE_BV %#llx has %s set, "
			 "though the model has them in init (their init path "
			 "not taken)", obs, (unsigned long long)bv,
			 names(bv & init, list, sizeof(list)));
	else
		pre_note(r, PRE_X86_INIT, 1, "%s: XSTATE_BV %#llx, %s clear",
			 obs, (unsigned long long)bv,
			 names(init, list, sizeof(list)));
}

void x86_prove_init_read(struct fpabi_run *r, const char *obs, uint64_t bv)
{
	/* __copy_xstate_to_uabi_buf(): PKRU's bit is set whenever PKRU is
	 * not 0 (the model knows it then as live) */
	note_header(r, obs, bv, 0);
}

void x86_prove_init_frame(struct fpabi_run *r, const char *obs, uint64_t bv)
{
	/* save_xstate_epilog() sets x87 and SSE, update_pkru_in_sigframe()
	 * PKRU, in every frame (x86_frame_bv()) */
	note_header(r, obs, bv, x86_frame_bv(r));
}

const struct fpabi_precond x86_preconds[] = {
	{ PRE_X86_INIT, "component in init", init_text, NULL },
	{ 0, NULL, NULL, NULL },
};
