// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 signal-edit matrix: a handler that changes one thing in its
 * frame's fpstate (one component's slot, one XSTATE_BV bit cleared, one
 * field of fx_sw_reserved: E_SLOT, E_BV_CLEAR, E_SW and the forged edits
 * of the same fields, src/tracee/x86_64/sig.c), crossed with the
 * XSTATE_BV subsets of the variants and task histories (src/plan/matrix.c):
 * sigreturn must restore what __fpu_restore_sig() makes of it
 * (sigframe.c: model_matrix()).
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/matrix.h"
#include "fpabi/platform.h"
#include "fpabi/util.h"
#include "x86.h"

/* the user components a slot or a bit can be */
static const struct {
	const char *name;
	unsigned xf;
} comps[] = {
	{ "x87", XF_FP }, { "sse", XF_SSE }, { "avx", XF_YMM },
	{ "opmask", XF_OPMASK }, { "zmm-hi256", XF_ZMM_H },
	{ "hi16-zmm", XF_HI16_ZMM }, { "pkru", XF_PKRU },
};
#define NCOMP	ARRAY_SIZE(comps)

/* fx_sw_reserved: forged edits that exist, then E_SW ones */
static const struct {
	const char *name;
	unsigned edit;
} sw_values[] = {
	{ "magic1-zero", E_F_MAGIC1 },
	{ "magic1-other", E_SW(SW_MAGIC1_OTHER) },
	{ "magic2", E_F_MAGIC2 },
	{ "xstate-size-576", E_F_SIZE_SMALL },
	{ "xstate-size-512", E_SW(SW_SIZE_512) },
	{ "xstate-size-over", E_SW(SW_SIZE_OVER) },
	{ "xstate-size-over-ext", E_SW(SW_SIZE_OVER_EXT) },
	{ "ext-size-over", E_SW(SW_EXT_OVER) },
	{ "padding", E_SW(SW_PADDING) },
	{ "xfeatures-extra", E_F_XFEAT_EXTRA },
};
#define NSW	ARRAY_SIZE(sw_values)

/* subjects: slots (x87, MXCSR, the rest), bits, fx_sw fields, xfeatures
 * bits */
#define NSLOT	(NCOMP + 1)
#define NSUBJ	(NSLOT + NCOMP + NSW + NCOMP)

/* Subject k: its edit, its component (-1: none) and its name. */
static unsigned subject(unsigned k, int *xf, char *name, size_t n)
{
	*xf = -1;
	if (k < NSLOT) {
		unsigned c = k == 1 ? 0 : k ? k - 1 : 0;

		if (k == 1) {
			snprintf(name, n, "slot-mxcsr");
			return E_SLOT(E_SLOT_MXCSR);
		}
		*xf = (int)comps[c].xf;
		snprintf(name, n, "slot-%s", comps[c].name);
		return E_SLOT(comps[c].xf);
	}
	k -= NSLOT;
	if (k < NCOMP) {
		*xf = (int)comps[k].xf;
		snprintf(name, n, "bv-clear-%s", comps[k].name);
		return E_BV_CLEAR(comps[k].xf);
	}
	k -= NCOMP;
	if (k < NSW) {
		snprintf(name, n, "sw-%s", sw_values[k].name);
		return sw_values[k].edit;
	}
	k -= NSW;
	*xf = (int)comps[k].xf;
	snprintf(name, n, "sw-xfeatures-no-%s", comps[k].name);
	return E_SW(SW_XFEAT_CLEAR + comps[k].xf);
}

static unsigned mx_nsubjects(void)
{
	return NSUBJ;
}

static const char *mx_subject_name(unsigned k)
{
	static char names[NSUBJ][32];
	int xf;

	if (!names[k][0])
		subject(k, &xf, names[k], sizeof(names[0]));
	return names[k];
}

static const char *mx_subject_group(unsigned k)
{
	return k < NSLOT ? "a component's slot" :
	       k < NSLOT + NCOMP ? "an XSTATE_BV bit cleared" :
	       "an fx_sw_reserved field";
}

/* The rule and the outcome in words of edit (with component xf). */
static const char *cell_rule(unsigned edit, const char **what)
{
	if (edit >= E_SLOT_BASE && edit < E_BV_CLEAR_BASE) {
		*what = "the slot's values where its XSTATE_BV bit is set, else "
			"init; the rest as delivered";
		return "X-SR-3";
	}
	if (edit >= E_BV_CLEAR_BASE && edit < E_SW_BASE) {
		*what = "the component at init (MXCSR kept), the rest as "
			"delivered";
		return "X-SR-3";
	}
	switch (edit) {
	case E_F_MAGIC1: case E_F_MAGIC2: case E_SW(SW_MAGIC1_OTHER):
	case E_SW(SW_SIZE_512): case E_SW(SW_SIZE_OVER):
	case E_SW(SW_SIZE_OVER_EXT):
		*what = "FXSAVE-only: x87 and SSE from the frame, the rest at "
			"init";
		return "X-SR-4";
	case E_F_SIZE_SMALL:
		*what = "FXSAVE-only, or everything (the profile's magic2 rule)";
		return "X-SR-6";
	case E_F_XFEAT_EXTRA:
		*what = "bits outside the task's features ignored: everything "
			"restored";
		return "X-SR-7";
	case E_SW(SW_EXT_OVER): case E_SW(SW_PADDING):
		*what = "ignored: everything restored";
		return "X-SR-3";
	}
	*what = "the component at init, the rest restored";
	return "X-SR-7";
}

/* A cell: phases 1 and 2 loaded (a dump between), a SIGILL whose handler
 * loads phase 3 and makes the edit with phase 4, the dump after it. */
enum { WIN_NONE, WIN_SYSCALL, WIN_SWITCHED, WIN_MIGRATED, WIN_EVICTED,
       NWIN };

/* what runs between the loads and the SIGILL */
static const struct fpabi_mx_win wins[NWIN] = {
	[WIN_NONE] = { "none", "nothing between the loads and the fault; "
		       "the SIGILL's signal-delivery stop sets "
		       "TIF_NEED_FPU_LOAD, so copy_fpstate_to_sigframe() "
		       "reloads the registers and XSAVEs them (XINUSE as the "
		       "loads left it)",
		       "the frame's XSTATE_BV (precondition component in init)",
		       0 },
	[WIN_SYSCALL] = { "syscall", "a syscall between the loads and the "
			  "fault: nothing discarded (X-SYS-1)",
			  "the frame's XSTATE_BV (precondition component in "
			  "init)", 0 },
	[WIN_SWITCHED] = { "switched-out", "a ptrace stop: fpstate saved "
			   "(XINUSE into XSTATE_BV) and XRSTORed at the "
			   "return, before the fault",
			   "the breakpoint stop the tracer saw", 0 },
	[WIN_MIGRATED] = { "migrated", "a ptrace stop and a move to another "
			   "CPU: last_cpu another CPU, fpstate restored there",
			   "the migration's own proof: the tracee's CPU after "
			   "the stop is the one it was moved to, else SKIP",
			   NEED_SMP2 },
	[WIN_EVICTED] = { "evicted", "a ptrace stop while a competitor with its own "
			  "registers loaded runs on the tracee's CPU: "
			  "fpu_fpregs_owner_ctx another context, so "
			  "fpregs_state_valid() false and fpstate XRSTORed at "
			  "the return, before the fault",
			  "the eviction's own proof: the competitor's run time "
			  "in /proc/PID/schedstat grew during the stop, on the "
			  "CPU the tracee stopped on, else retried, then SKIP",
			  0 },
};

static const struct {
	struct fpabi_step steps[2];
	unsigned n;
} windows[NWIN] = {
	[WIN_SYSCALL] = { { SYSCALL(SC_GETPID) }, 1 },
	[WIN_SWITCHED] = { { TRAP }, 1 },
	[WIN_MIGRATED] = { { TRAP, MIGRATE }, 2 },
	[WIN_EVICTED] = { { TRAP, EVICT }, 2 },
};

static void mx_cell(const struct fpabi_machine *m, unsigned k, unsigned mode,
		    unsigned win, const struct fpabi_variant *v,
		    struct fpabi_mx_cell *out)
{
	const struct x86_machine *x = m->arch;
	char name[32];
	int xf;
	unsigned edit = subject(k, &xf, name, sizeof(name));
	const char *what;

	(void)mode;
	out->rule = cell_rule(edit, &what);
	out->what = what;
	out->expect = "restored";
	out->summary = x86_edit_name(edit);
	out->needs = NEED_XSAVE;
	if (xf >= 0 && !(x->testable & XFM(xf)))
		out->skip = "XCR0 has no such component";
	/* a slot of a component the variant leaves at init: its XSTATE_BV
	 * bit is the CPU's (XINUSE), so the slot or init */
	if (v && xf >= 0 && edit < E_BV_CLEAR_BASE &&
	    !(XV(v)->xfeatures & XFM(xf)) && xf != XF_FP && xf != XF_SSE &&
	    xf != XF_PKRU) {
		out->unspecified = true;
		out->what = "unspecified: the slot's values or init (the CPU's "
			    "XINUSE decides the frame's XSTATE_BV bit)";
	}
	memcpy(out->steps, (const struct fpabi_step[]){
		LOAD(1), STORE, LOAD(2), SIGNAL(3, edit, 4), STORE, END },
	       6 * sizeof(struct fpabi_step));
	out->drop = 2;
	out->drop_class = "stale";
	/* the XSTATE_BV subset's XINUSE 0: proven in every frame (a CPU
	 * that sets every bit, quirk no-xinuse, cannot show it) */
	out->pre |= PRE_X86_INIT;
	out->quirks |= QUIRK_NO_XINUSE;
	/* the window's steps before the signal (step 3) */
	if (win)
		mx_insert(out, 3, windows[win].steps, windows[win].n);
	/* the other FP user: spinning with its canaries, at SCHED_IDLE on
	 * the tracee's CPU, it runs there whenever the tracee stops */
	if (win == WIN_EVICTED)
		out->competitor = COMP_IDLE;
}

const struct fpabi_matrix x86_matrix_signal = {
	.name = "signal-edit",
	.what = "a handler's change to one component's slot, one XSTATE_BV "
		"bit or one fx_sw_reserved field, in every XSTATE_BV subset "
		"and after task histories",
	.subject = "edit",
	.nsubjects = mx_nsubjects,
	.subject_name = mx_subject_name,
	.subject_group = mx_subject_group,
	.mode_axis = "XSTATE_BV subset",
	.nmodes = X86_MX_MODES,
	.mode_name = x86_mx_mode_name,
	.mode_variant = x86_mx_mode_variant,
	.nhist = X86_MX_HISTS,
	.hist_kinds = x86_mx_hist_kinds,
	.history = x86_mx_history,
	.hist_sets = x86_mx_hist_sets,
	.win_axis = "window",
	.nwin = NWIN,
	.wins = wins,
	.nwin_base = WIN_EVICTED,
	.cell = mx_cell,
};
