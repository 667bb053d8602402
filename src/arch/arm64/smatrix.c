// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 signal-edit matrix: a handler that writes new values into one
 * record of its frame, or into two, each with a phase of its own
 * (fpsimd_context, sve_context's payload, streaming or not, za_context,
 * zt_context, tpidr2_context, fpmr_context: E_REC(mask), sigedit.c),
 * crossed with the SVCR and task histories (src/plan/matrix.c): sigreturn must
 * restore each register from the record the ABI names (sigframe.c:
 * expect_rec_edit()), V from fpsimd_context where the payload carries it
 * too (A-SR-10).
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/matrix.h"
#include "fpabi/util.h"
#include "a64.h"

#define NSUBJ	(A64_NREC + A64_NREC * (A64_NREC - 1) / 2)

static const char *const short_names[A64_NREC] = {
	[REC_FPSIMD] = "fpsimd", [REC_SVE] = "sve", [REC_ZA] = "za",
	[REC_ZT] = "zt", [REC_TPIDR2] = "tpidr2", [REC_FPMR] = "fpmr",
};

/* subject k's record mask: each record alone, then every pair */
static unsigned subject_mask(unsigned k)
{
	unsigned i, j, n = A64_NREC;

	if (k < A64_NREC)
		return 1u << k;
	for (i = 0; i < A64_NREC; i++)
		for (j = i + 1; j < A64_NREC; j++)
			if (n++ == k)
				return 1u << i | 1u << j;
	die("internal: arm64 signal-edit subject %u", k);
}

static unsigned mx_nsubjects(void)
{
	return NSUBJ;
}

static const char *mx_subject_name(unsigned k)
{
	static char names[NSUBJ][24];
	unsigned mask = subject_mask(k), rec, n = 0;

	if (names[k][0])
		return names[k];
	for (rec = 0; rec < A64_NREC; rec++)
		if (mask >> rec & 1)
			n += (unsigned)snprintf(names[k] + n, sizeof(names[0]) - n,
						"%s%s", n ? "+" : "",
						short_names[rec]);
	return names[k];
}

static const char *mx_subject_group(unsigned k)
{
	return k < A64_NREC ? "one record" : "two records";
}

/* Why m or this mode has no record rec to edit, or NULL. */
static const char *rec_missing(const struct fpabi_machine *m, unsigned rec,
			       unsigned svcr, bool sme_variant)
{
	switch (rec) {
	case REC_SVE:
		if (!(m->have & NEED_SVE) && !(svcr & SV_SM))
			return "no SVE: sve_context has no payload outside "
			       "streaming mode";
		return NULL;
	case REC_ZA:
	case REC_TPIDR2:
		return m->have & NEED_SME ? NULL :
		       "no SME: the frame has no za_context, tpidr2_context";
	case REC_ZT:
		return m->have & NEED_SME2 ? NULL :
		       "no SME2: the frame has no zt_context";
	case REC_FPMR:
		return !(m->have & NEED_FPMR) ? "no FPMR: no fpmr_context" :
		       !sme_variant ? "FPMR is in the model's image in SME "
				      "variants only" : NULL;
	}
	return NULL;
}

/* What the cell restores, in words, and the rule it comes from. */
static const char *cell_rule(unsigned mask, unsigned svcr, const char **what)
{
	if ((mask & 3) == 3) {
		*what = "V from fpsimd_context (its phase), Z above bit 127, "
			"P, FFR from the payload (the next phase), never V "
			"from the payload";
		return "A-SR-10";
	}
	if (mask & 1u << REC_FPSIMD) {
		*what = "V, FPSR, FPCR from fpsimd_context; the rest as "
			"delivered";
		return "A-SR-5";
	}
	if (mask & 1u << REC_SVE) {
		*what = "Z above bit 127, P, FFR from the payload; V still "
			"fpsimd_context's";
		return "A-SR-5";
	}
	if (mask & (1u << REC_ZA | 1u << REC_ZT)) {
		*what = svcr & SV_ZA ? "ZA rows / ZT0 from their records" :
			"ZA off: the records have nothing to edit, ZA stays "
			"off";
		return mask & 1u << REC_ZA ? "A-SR-7" : "A-SR-8";
	}
	*what = "TPIDR2 / FPMR from their records";
	return "A-SR-6";
}

enum { WIN_NONE, WIN_SYSCALL, WIN_SWITCHED, WIN_MIGRATED, WIN_EVICTED,
       NWIN };

/* what runs between the loads and the SIGILL */
static const struct fpabi_mx_win wins[NWIN] = {
	[WIN_NONE] = { "none", "nothing between the loads and the fault: "
		       "the state saved at the SIGILL's signal-delivery stop, "
		       "still bound to "
		       "the CPU unless another FP user ran there, and saved "
		       "again into the frame (to_save FP_STATE_CURRENT)",
		       "the stops the tracer saw; the binding itself is not "
		       "observable", 0 },
	[WIN_SYSCALL] = { "syscall", "a syscall: SVE bits above 127, P, FFR "
			  "flushed (sve_flush_live()), TIF_SVE still set, "
			  "SVCR.SM 0, ZA kept",
			  "precondition a payload present: the frame's "
			  "sve_context carries the registers (TIF_SVE still "
			  "set at the fault), else retried, then SKIP", 0 },
	[WIN_SWITCHED] = { "switched-out", "a ptrace stop: the state saved "
			   "(fp_type by TIF_SVE and SVCR.SM) and reloaded by "
			   "task_fpsimd_load() before the fault",
			   "the breakpoint stop the tracer saw", 0 },
	[WIN_MIGRATED] = { "migrated", "a ptrace stop and a move to another "
			   "CPU: TIF_FOREIGN_FPSTATE set at the return, the "
			   "state reloaded there",
			   "the migration's own proof: the tracee's CPU after "
			   "the stop is the one it was moved to, else SKIP",
			   NEED_SMP2 },
	[WIN_EVICTED] = { "evicted", "a ptrace stop while a competitor with its own "
			  "registers loaded runs on the tracee's CPU: "
			  "fpsimd_last_state the competitor's, so "
			  "TIF_FOREIGN_FPSTATE set by fpsimd_thread_switch() "
			  "and the state reloaded by task_fpsimd_load() before "
			  "the fault",
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

/* A syscall leaves streaming mode (fpsimd_syscall_enter(): A-SYS-2): SM
 * is 0 at a fault after it. */
static const char *win_why(unsigned mask, unsigned mode, unsigned win)
{
	if (win == WIN_SYSCALL && (mask & SV_SM) && (mode & SV_SM))
		return "impossible by the ABI: the syscall before the signal "
		       "leaves streaming mode (fpsimd_syscall_enter(): "
		       "sme_smstop_sm(); A-SYS-2)";
	return NULL;
}

/*
 * A cell: phases 1 and 2 loaded (a dump between), a SIGILL whose handler
 * loads phase 3 and edits the records (phases 4 and 5), the dump after
 * sigreturn; the frame and the handler's entry are checked too.
 */
static void mx_cell(const struct fpabi_machine *m, unsigned k, unsigned mode,
		    unsigned win, const struct fpabi_variant *v,
		    struct fpabi_mx_cell *out)
{
	unsigned mask = subject_mask(k), svcr = v ? AV(v)->svcr : mode, rec;
	const char *what;

	out->rule = cell_rule(mask, svcr, &what);
	out->what = what;
	out->expect = "restored";
	out->summary = a64_edit_name(E_REC(mask));
	for (rec = 0; rec < A64_NREC && !out->skip; rec++)
		if (mask >> rec & 1)
			out->skip = rec_missing(m, rec, svcr, v && AV(v)->svl);
	/* without FA64 streaming FFR is not restored from the payload */
	if ((mask & 1u << REC_SVE) && (svcr & SV_SM))
		out->needs = NEED_FA64;
	memcpy(out->steps, (const struct fpabi_step[]){
		LOAD(1), STORE, LOAD(2), SIGNAL(3, E_REC(mask), 4), STORE,
		END }, 6 * sizeof(struct fpabi_step));
	out->drop = 2;
	out->drop_class = "stale";
	/* the payload the edit (or the window's TIF_SVE) is about */
	if (win == WIN_SYSCALL || (mask & 1u << REC_SVE))
		out->pre |= PRE_A64_PAYLOAD;
	/* the window's steps before the signal (step 3) */
	if (win)
		mx_insert(out, 3, windows[win].steps, windows[win].n);
	/* the other FP user: spinning with its canaries, at SCHED_IDLE on
	 * the tracee's CPU, it runs there whenever the tracee stops */
	if (win == WIN_EVICTED)
		out->competitor = COMP_IDLE;
}

const struct fpabi_matrix a64_matrix_signal = {
	.name = "signal-edit",
	.what = "a handler's edit of every frame record alone and of every "
		"pair (each record its own phase), in every SVCR and after "
		"task histories",
	.subject = "edit",
	.nsubjects = mx_nsubjects,
	.subject_name = mx_subject_name,
	.subject_group = mx_subject_group,
	.mode_axis = "SVCR",
	.nmodes = A64_MX_MODES,
	.mode_name = a64_mx_mode_name,
	.mode_variant = a64_mx_mode_variant,
	.nhist = A64_MX_HISTS,
	.hist_kinds = a64_mx_hist_kinds,
	.history = a64_mx_history,
	.hist_sets = a64_mx_hist_sets,
	.nsplit = 2,
	.split_names = a64_mx_split,
	.win_axis = "window",
	.nwin = NWIN,
	.wins = wins,
	.nwin_base = WIN_EVICTED,
	.win_why = win_why,
	.cell = mx_cell,
};
