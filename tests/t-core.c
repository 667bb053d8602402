// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the core data: the step and syscall tables' invariants,
 * the validator's accept/reject table, plan IDs (their form and
 * uniqueness), the unobserved twin's derivation, the classification of
 * a finding, and the difference of the tracee's proof counters.  Linked
 * with the whole tracer but its main.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/canary.h"
#include "fpabi/run.h"
#include "fpabi/util.h"
#include "fpabi/case.h"
#include "fpabi/common-run.h"
#include "fpabi/derive.h"
#include "fpabi/ops.h"
#include "fpabi/plan.h"
#include "fpabi/platform.h"
#include "fpabi/report.h"
#include "fpabi/shm.h"
#include "fpabi/steps.h"
#include "fpabi/syscalls.h"
#include "tap-mini.h"

/* Every row named once, found by its name, consistent with its flags. */
static void step_table(void)
{
	unsigned op, k, bad_name = 0, bad_side = 0, bad_flags = 0, bad_pre = 0;

	for (op = S_END + 1; op < S_NOPS; op++) {
		const struct fpabi_op_info *i = &fpabi_ops[op];

		if (!i->name || op_by_name(i->name) != op || !i->what)
			bad_name++;
		for (k = S_END + 1; k < op; k++)
			if (i->name && fpabi_ops[k].name &&
			    !strcmp(i->name, fpabi_ops[k].name))
				bad_name++;
		/* a tracer step acts at the stop the tracee sits in */
		if (i->side == SIDE_TRACER && !(i->flags & OPF_AT_STOP))
			bad_side++;
		/* a tracee step is an event of its list (S_REFUSED: none),
		 * a tracer step none */
		if ((i->side == SIDE_TRACEE && op != S_REFUSED &&
		     i->ev == OPEV_NONE) ||
		    (i->side == SIDE_TRACER && i->ev != OPEV_NONE))
			bad_side++;
		/* a signal's handler takes its own signal, and only a
		 * signal kind has one */
		if (!(i->flags & OPF_SIGNAL) != !i->signo)
			bad_flags++;
		/* a spin is ended by the tracer: scheduling, never a
		 * reproducer; a migration forces scheduling, and no placed
		 * form tells it apart */
		if (((i->flags & OPF_SPIN) && !(i->flags & OPF_SCHED)) ||
		    ((i->flags & OPF_MIGRATES) &&
		     !(i->flags & OPF_SCHED && i->flags & OPF_UNPLACED)))
			bad_flags++;
		/* what a scheduling step needs proven is said */
		if ((i->flags & OPF_PROOF) && !i->pre)
			bad_pre++;
		if (i->stop > ST_KEEP)
			bad_flags++;
	}
	T_OK(bad_name == 0, "step table: every kind has one name, found by op_by_name()");
	T_OK(bad_side == 0, "step table: tracer steps need a stop and make no event, tracee steps are events");
	T_OK(bad_flags == 0, "step table: spins and migrations are scheduling, migrations unplaced, signals have their signal");
	T_OK(bad_pre == 0, "step table: every OPF_PROOF kind says what a run proves");
	T_OK(op_by_name("no-such-step") == S_END, "op_by_name() of an unknown name is S_END");
}

static void syscall_table(void)
{
	unsigned sc, k, bad = 0, named = 0;

	for (sc = 1; sc < SC_NR; sc++) {
		const struct fpabi_sc_info *i = sc_info(sc);

		if (i->name) {
			named++;
			for (k = 1; k < sc; k++)
				if (sc_info(k)->name &&
				    !strcmp(sc_info(k)->name, i->name))
					bad++;
			if (strcmp(sc_name(sc), i->name))
				bad++;
		}
		if (sc_has(sc, SCF_BLOCKS) && !sc_has(sc, SCF_SWITCHES))
			bad++;
		if (sc_has(sc, SCF_THREAD) && !sc_has(sc, SCF_FORKS))
			bad++;
		if (sc_has(sc, SCF_MIGRATES) &&
		    (!sc_has(sc, SCF_SWITCHES) || !(i->needs & NEED_SMP2)))
			bad++;
		if (i->c_nr && !i->c_args)
			bad++;
		if (sc_switches(sc) != sc_has(sc, SCF_SWITCHES))
			bad++;
	}
	T_OK(bad == 0, "syscall table: unique names, consistent flags (%u named)", named);
	T_OK(sc_switches(SC_PIPE_READ) && sc_switches(SC_NANOSLEEP) &&
	     !sc_switches(SC_GETPID) && !sc_switches(SC_SCHED_YIELD),
	     "syscall table: a blocking read and a sleep switch, getpid does not");
	T_OK(!sc_info(SC_ARCH)->flags && !sc_info(SC_ARCH)->c_nr,
	     "syscall table: an arch kind has the empty row");
}

/* The validator: lists it must accept, and lists it must refuse. */
static void validator(void)
{
	static const struct fpabi_step ok_syscall[] = {
		LOAD(1), STORE, LOAD(2), SYSCALL(SC_GETPID), STORE, END
	};
	static const struct fpabi_step ok_read[] = {
		LOAD(1), TRAP, READ, WRITE(2, 0), READ, STORE, END
	};
	static const struct fpabi_step ok_sysexit[] = {
		LOAD(1), TRAP, SYSCALL_STOP(SC_GETPID), READ, SYSEXIT, READ,
		STORE, END
	};
	static const struct fpabi_step no_stop_read[] = {
		LOAD(1), READ, END
	};
	static const struct fpabi_step no_entry_sysexit[] = {
		LOAD(1), TRAP, SYSEXIT, END
	};
	static const struct fpabi_step tracee_at_entry[] = {
		LOAD(1), TRAP, SYSCALL_STOP(SC_GETPID), STORE, END
	};
	static const struct fpabi_step after_exec[] = {
		LOAD(1), TRAP, EXEC, STORE, END
	};
	static const struct fpabi_step interrupt_after_fork[] = {
		LOAD(1), FORK(SC_FORK), INTERRUPT, END
	};
	static const struct {
		const struct fpabi_step *steps;
		bool unobserved;
		const char *refusal;	/* NULL: accepted */
		const char *what;
	} t[] = {
		{ ok_syscall, false, NULL, "load, store, syscall, store" },
		{ ok_syscall, true, NULL, "the same, unobserved" },
		{ ok_read, false, NULL, "a read and a write at a trap" },
		{ ok_sysexit, false, NULL, "a syscall-entry stop, its exit" },
		{ ok_read, true, "cannot stop the tracee", "a trap, unobserved" },
		{ no_stop_read, false, "needs a stop before it", "a read with no stop" },
		{ no_entry_sysexit, false, "needs a syscall-entry stop",
		  "sysexit without an entry stop" },
		{ tracee_at_entry, false, "sysexit first",
		  "a tracee step at an entry stop" },
		{ after_exec, false, "after the exec",
		  "a tracee step after the exec" },
		{ interrupt_after_fork, false, "after a fork",
		  "PTRACE_INTERRUPT after a fork" },
	};
	unsigned i;
	char why[256];

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		int r;

		why[0] = 0;
		r = steps_check_mode(t[i].steps, 0, t[i].unobserved, why,
				     sizeof(why));
		T_OK(t[i].refusal ? r < 0 && strstr(why, t[i].refusal) : r == 0,
		     "validator %s: %s%s%s", t[i].refusal ? "refuses" :
		     "accepts", t[i].what, why[0] ? ": " : "", why);
	}
}

/* Plan IDs: their form, and one per instance across the whole plan. */
static void plan_ids(const struct fpabi_machine *m)
{
	static const struct fpabi_step steps[] = { LOAD(1), STORE, END };
	const struct fpabi_case c = { .family = "fam", .name = "nm",
				      .steps = steps };
	const struct fpabi_variant v = { .name = "var" };
	const struct fpabi_history h = { .name = "hist" };
	struct plan p = { .n = 0 }, q = { .n = 0 };
	struct plan_item *it;
	char want[256];
	unsigned i, dup = 0, same = 1;

	it = plan_add(&p, &c, &v, SC_PIPE_READ, NULL, &h, PLACE_ALONE);
	snprintf(want, sizeof(want), "%s.fam.nm/var/pipe-read/h=hist/p=alone",
		 fpabi_arch.name);
	T_OK(!strcmp(it->id, want), "plan_add() ID %s", it->id);
	it = plan_add(&p, &c, &v, 0, NULL, NULL, PLACE_NONE);
	snprintf(want, sizeof(want), "%s.fam.nm/var", fpabi_arch.name);
	T_OK(!strcmp(it->id, want), "plan_add() ID %s (no parameter)", it->id);
	plan_free(&p);

	plan_build(&p, m, NULL, TIER_MATRIX);
	plan_build(&q, m, NULL, TIER_MATRIX);
	for (i = 0; i < p.n; i++) {
		unsigned k;

		for (k = 0; k < i && !dup; k++)
			dup += !strcmp(p.items[i].id, p.items[k].id);
		if (i >= q.n || strcmp(p.items[i].id, q.items[i].id))
			same = 0;
	}
	T_OK(p.n > 0 && dup == 0, "plan --tier matrix: %u IDs, each once", p.n);
	T_OK(same && p.n == q.n, "plan: the same IDs in the same order twice");
	plan_free(&p);
	plan_free(&q);
}

/* The unobserved twin: its tracee steps with every stop and tracer
 * action taken out; none for a list that needs the tracer. */
static void twins(void)
{
	static const struct fpabi_step observed[] = {
		LOAD(1), TRAP, READ, SYSCALL(SC_GETPID), STORE, END
	};
	static const struct fpabi_step spin[] = {
		LOAD(1), PREEMPT(3), STORE, END
	};
	const struct fpabi_case base = { .family = "fam", .name = "nm",
					 .steps = observed };
	const struct fpabi_case spins = { .family = "fam", .name = "spin",
					  .steps = spin };
	struct derive_pool pool = { .head = NULL };
	const struct fpabi_case *d;
	const struct fpabi_step *s;
	unsigned stops = 0, n = 0;
	char why[256] = "";

	d = derive_case(&pool, &base, NULL, true, why, sizeof(why));
	T_OK(d && d->unobserved, "a twin of load, trap, read, syscall, store");
	for (s = d ? d->steps : NULL; s && s->op != S_END; s++, n++)
		stops += op_tracer(s->op) || op_info(s->op)->stop != ST_NONE;
	T_OK(d && stops == 0 && n == 3, "the twin keeps load, syscall, store (%u steps, %u stops)", n, stops);
	T_OK(d && steps_check_mode(d->steps, 0, true, why, sizeof(why)) == 0,
	     "the twin passes the validator unobserved");
	T_OK(!derive_case(&pool, &spins, NULL, true, why, sizeof(why)),
	     "no twin of a spin the tracer ends");
	derive_free(&pool);
}

/* A finding (check.c): the bytes that differ, and where they came from;
 * a finding that names an origin leads one that cannot (findings_lead). */
static void findings(void)
{
	struct fpabi_run *r = xzalloc(sizeof(*r));
	uint64_t exp[2], got[2];
	struct canary_prov p = { .seed = 77, .task = 1, .phase = 0,
				 .comp = 5, .reg = 3, .lane = 1 };

	r->cseed = 77;
	canary_fill(exp, sizeof(exp), 77, 0, 0, 5, 3, 0);
	memcpy(got, exp, sizeof(got));
	check_bytes(r, "obs", "reg", exp, got, sizeof(exp), NULL);
	T_OK(r->nfind == 0 && r->checks == 1, "equal bytes: no finding, one check");
	got[1] = 0;
	check_bytes(r, "obs", "reg", exp, got, sizeof(exp), NULL);
	T_OK(r->nfind == 1 && r->find[0].cls == CL_ZERO &&
	     r->find[0].lo >= 8 && r->find[0].hi <= 15 &&
	     !strcmp(r->find[0].observer, "obs"),
	     "a zeroed word: bytes %zu-%zu, %s", (size_t)r->find[0].lo,
	     (size_t)r->find[0].hi, canary_class_name(r->find[0].cls));
	got[1] = canary_encode(&p);
	check_bytes(r, "obs", "reg", exp, got, sizeof(exp), NULL);
	T_OK(r->nfind == 2 && r->find[1].cls == CL_FOREIGN,
	     "task 1's word where task 0's was due: %s (%s)",
	     canary_class_name(r->find[1].cls), r->find[1].origin);
	p.seed = 78;
	p.task = 0;
	got[1] = canary_encode(&p);
	check_bytes(r, "obs", "reg", exp, got, sizeof(exp), NULL);
	T_OK(r->nfind == 3 && r->find[2].cls == CL_OTHER_RUN,
	     "another seed's word: %s", canary_class_name(r->find[2].cls));
	memset(r, 0, sizeof(*r));
	check_value(r, "obs", "svcr", 2, 3, NULL);
	check_value(r, "obs", "vl", 2, 0, NULL);
	T_OK(r->nfind == 2 && r->find[0].cls == CL_UNKNOWN &&
	     r->find[0].nocanary && r->find[1].cls == CL_ZERO,
	     "a value: unknown, or zero; no canary to name");
	p.seed = 0;
	r->cseed = 77;
	p.seed = 77;
	p.task = 0;
	p.phase = 1;
	got[1] = canary_encode(&p);
	check_bytes(r, "obs", "reg", exp, got, sizeof(exp), NULL);
	findings_lead(r);
	T_OK(r->nfind == 3 && r->find[0].cls == CL_STALE &&
	     r->find[1].cls == CL_UNKNOWN,
	     "findings_lead(): the stale word (%s) leads the values",
	     r->find[0].origin);
	free(r);
}

/*
 * A known issue's entry: a kernel issue matches on the kernel versions
 * that have it, a platform's (QEMU TCG's) only where its quirk's probe
 * found it; elsewhere the same findings fail.  No platform has the other
 * arch's quirk.
 */
static void known_platform(const struct fpabi_machine *m)
{
	static struct fpabi_run r;
	unsigned other = !strcmp(fpabi_arch.name, "arm64") ?
			 QUIRK_NO_XINUSE : QUIRK_SME_VL_CHAIN;
	struct fpabi_known_issue k = { "a.b.c/v", "tracee dump", "z",
				       "why", false, 0 };

	r.m = m;
	r.nfind = 1;
	snprintf(r.find[0].observer, sizeof(r.find[0].observer),
		 "tracee dump 1");
	snprintf(r.find[0].what, sizeof(r.find[0].what), "z5");
	T_OK(known_match(&r, &k), "a kernel issue's entry matches its findings");
	k.min_kver = m->kver;
	k.below_kver = m->kver + 1;
	T_OK(known_match(&r, &k), "and on a kernel in its versions");
	k.min_kver = m->kver + 1;
	k.below_kver = 0;
	T_OK(!known_match(&r, &k), "not on a kernel older than its first");
	k.min_kver = 0;
	k.below_kver = m->kver;
	T_OK(!known_match(&r, &k), "not on a kernel with its fix: a regression");
	k.below_kver = 0;
	k.quirk = other;
	T_OK(!known_match(&r, &k) && !(fpabi_platform_present() & other),
	     "a platform issue's entry does not where its quirk is absent");
}

/* The tracee's switch counters are its own to write: their difference
 * is never a signed overflow (in the sanitizer build, UBSan aborts). */
static void proof_counters(void)
{
	T_OK(fpabi_proof_delta(5, 7) == 2 && fpabi_proof_delta(7, 5) == -2,
	     "fpabi_proof_delta(): after - before");
	T_OK(fpabi_proof_delta(INT64_MIN, INT64_MAX) == -1 &&
	     fpabi_proof_delta(INT64_MAX, INT64_MIN) == 1 &&
	     fpabi_proof_delta(-1, INT64_MAX) == INT64_MIN,
	     "fpabi_proof_delta(): counters that would overflow wrap instead");
}

int main(void)
{
	struct fpabi_machine m;

	T_PLAN(39);
	proof_counters();
	step_table();
	syscall_table();
	validator();
	fpabi_probe(&m, NULL);
	plan_ids(&m);
	twins();
	findings();
	known_platform(&m);
	return T_DONE();
}
