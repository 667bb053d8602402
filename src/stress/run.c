// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi stress: one list run by the engine (with retries of unproven
 * runs), its verdict and known issues, the forcing proofs summed over
 * lists, and shrinking a failing list.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "fpabi/tap.h"
#include "fpabi/common-run.h"
#include "fpabi/report.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"

#include "fpabi/shm.h"
#include "stress-int.h"

const char *const comp_names[COMP_NMODES] = {
	[COMP_NONE] = "none", [COMP_SPIN] = "spin", [COMP_IDLE] = "idle",
	[COMP_TIMER] = "timer",
};

/* The families a sequence's steps come from, as "ARCH.FAM.stress/V" IDs
 * a known issue's glob is matched against. */
static const struct fpabi_known_issue *known_issue(const struct stress *st,
						   const struct stress_seq *q,
						   const struct fpabi_run *r)
{
	const struct fpabi_known_issue *k;
	unsigned i;

	if (!fpabi_arch.known || !r->nfind || r->broken[0] || r->timed_out)
		return NULL;
	for (k = fpabi_arch.known; k->id_glob; k++) {
		bool fam = false;

		if (r->nfind > FPABI_MAX_FINDINGS && !k->spans)
			continue;
		for (i = 0; i < q->n && !fam; i++) {
			const struct word *w = vocab_find(
				(struct vocab *)&st->voc[q->cls], &q->s[i]);
			unsigned f;

			for (f = 0; w && f < 64 && fpabi_arch.families[f] &&
			     !fam; f++) {
				char id[192];

				if (!(w->families >> f & 1))
					continue;
				snprintf(id, sizeof(id), "%s.%s.stress/%s",
					 fpabi_arch.name,
					 fpabi_arch.families[f]->name, q->v.name);
				fam = !fnmatch(k->id_glob, id, 0);
			}
		}
		if (fam && known_match(r, k))
			return k;
	}
	return NULL;
}

void seq_id(const struct stress_seq *q, const char *name, char *id,
		   size_t n)
{
	snprintf(id, n, "%.16s.stress.%.32s/%.40s", fpabi_arch.name, name,
		 q->v.name);
}

static bool force_proven(int mode, const struct stress_seq *q,
			 const struct fpabi_run *r);
static unsigned force_used(const struct stress_seq *q,
			   const struct fpabi_run *r);

/*
 * The state a list ran in, proven or not (proof-rules.md): each forcing
 * mode it used by force_proven()'s evidence (the switch counts of the
 * tracee and its competitor, the CPU a migration ended on), as the
 * engine proves a case's switches.  A list with no finding whose state
 * is not proven is unproven: retried (run_again()), then a SKIP with
 * what was observed, never a pass.  A finding stays a failure: the
 * model's expectations hold whether or not the switch happened.
 */
static void list_state_check(const struct stress_seq *q,
			     struct fpabi_run *r)
{
	const struct fpabi_sched_proof *p = &r->sp;
	unsigned used;
	int mode;

	if (r->nfind || r->broken[0] || r->timed_out)
		return;
	if (r->skip[0]) {
		/* the engine's own proof of a step failed (a migration, a
		 * preemption): its reason stands, and the list is retried */
		size_t o = strlen(r->skip);

		if (!strstr(r->skip, "attempts"))
			snprintf(r->skip + o, sizeof(r->skip) - o, " (the last "
				 "of %u attempts)", r->attempt);
		r->unproven = true;
		return;
	}
	if (r->unproven)
		return;
	if (r->inject_unproven) {
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "scenario not proven: "
			 "test-only: --inject-fault=unproven made the list's "
			 "proof fail (the last of %u attempts)", r->attempt);
		return;
	}
	if (!p->valid) {
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "scenario not proven: no "
			 "scheduling proof recorded (the last of %u attempts)",
			 r->attempt);
		return;
	}
	used = force_used(q, r);
	for (mode = 0; mode < F_NFORCE; mode++) {
		if (!(used >> mode & 1) || force_proven(mode, q, r))
			continue;
		r->unproven = true;
		snprintf(r->skip, sizeof(r->skip), "scenario not proven: %s: "
			 "tracee voluntary switches %ld, involuntary %ld, CPU "
			 "%d -> %d; competitor voluntary %ld, involuntary %ld, "
			 "%u wakes due (the last of %u attempts)",
			 force_names[mode], p->nvcsw, p->nivcsw, p->cpu0,
			 p->cpu1, p->comp_nvcsw, p->comp_nivcsw, p->comp_wakes,
			 r->attempt);
		return;
	}
}

void run_seq_mode(const struct stress *st, const struct stress_seq *q,
		  const char *name, struct outcome *out, bool bare)
{
	struct fpabi_run *r = &out->r;
	unsigned attempt = 0;

	memset(&out->c, 0, sizeof(out->c));
	out->c.family = "stress";
	out->c.generated = 1;
	out->c.name = name;
	out->c.summary = "a random sequence of steps from every family, "
			 "with the model checking every observation";
	out->c.rule = st->rule;
	out->c.steps = q->s;
	out->c.competitor = q->comp;
	out->c.altstack = q->altstack;
	out->c.drop = -1;
	do {
		struct timespec deadline = r->deadline;

		/* a retry keeps the first attempt's deadline (run_again()) */
		memset(r, 0, sizeof(*r));
		if (attempt)
			r->deadline = deadline;
		r->m = st->m;
		r->o = st->o;
		r->c = &out->c;
		r->v = r->v0 = q->v;
		r->attempt = ++attempt;
		seq_id(q, name, r->id, sizeof(r->id));
		r->seed = q->seed;
		r->cseed = canary_seed16(r->seed);
		r->inject_byte = inject_applies(st->o, r->id, "stress") &&
				 st->o->inject == INJ_BYTE;
		r->hang = inject_applies(st->o, r->id, "stress") && st->o->inject == INJ_HANG;
		r->bare = bare;
		r->inject_unproven = inject_applies(st->o, r->id, "stress") &&
				     st->o->inject == INJ_UNPROVEN;
		run_case(r);
		if (st->prove)
			list_state_check(q, r);
	} while (!fpabi_interrupted && run_again(r));
	out->checks = r->checks;
	out->known = known_issue(st, q, r) != NULL;
	out->known_why = out->known ? known_issue(st, q, r)->reason : NULL;
	out->unproven = !r->nfind && (r->unproven || r->skip[0]);
	/* the model refused the list: the generator's fault, not a verdict */
	out->rejected = !strncmp(r->broken, "internal: ", 10);
	out->broken = r->broken[0] && !r->nfind && !r->unproven &&
		      !out->rejected;
	out->fail = ((r->nfind && !out->known) || r->timed_out) &&
		    !out->rejected;
}

void run_seq(const struct stress *st, const struct stress_seq *q,
	     const char *name, struct outcome *out)
{
	run_seq_mode(st, q, name, out, false);
}

const char *const force_names[F_NFORCE] = {
	[F_SPIN] = "competitor-spin",
	[F_IDLE] = "competitor-sched-idle",
	[F_TIMER] = "competitor-hrtimer-fifo",
	[F_MIGRATE] = "tracer-migration",
	[F_SELF] = "tracee-self-migration",
	[F_BLOCK] = "blocking-syscall",
};

static bool has_sc_step(const struct stress_seq *q, unsigned flags)
{
	unsigned i;

	for (i = 0; i < q->n; i++)
		if (sc_has(step_syscall(&q->s[i], 0), flags))
			return true;
	return false;
}

/*
 * What proves each forcing a sequence used: the competitor's switches
 * (at SCHED_IDLE it ran whenever the tracee stopped; at SCHED_FIFO its
 * wakes are its voluntary switches), the tracee's involuntary switches,
 * and its CPU before and after a migration.
 */
/* The forcing mode of q's competitor, or -1. */
static int comp_mode(const struct stress_seq *q)
{
	return q->comp == COMP_SPIN ? F_SPIN : q->comp == COMP_IDLE ? F_IDLE :
	       q->comp == COMP_TIMER ? F_TIMER : -1;
}

/* Did run r of q prove forcing mode (one q used)? */
static bool force_proven(int mode, const struct stress_seq *q,
			 const struct fpabi_run *r)
{
	const struct fpabi_sched_proof *p = &r->sp;

	switch (mode) {
	case F_SPIN:
		/* the tracee came back to a CPU the competitor had: it was
		 * preempted, or the competitor was (when the tracee woke) */
		return p->nivcsw > 0 || (p->comp_nivcsw > 0 && p->nvcsw > 0);
	case F_IDLE:
		/* the competitor ran (while the tracee stopped) and was
		 * preempted when the tracee came back */
		return p->comp_nivcsw > 0;
	case F_TIMER:
		return p->comp_wakes > 0 && p->comp_nvcsw > 0;
	case F_MIGRATE:
	case F_SELF:
		/* the engine's proof of where the tracee ended (its skip
		 * otherwise: the list's own reason may be another mode's) */
		return strncmp(r->skip, "migration not proven", 20) != 0;
	case F_BLOCK:
		(void)q;
		return p->nvcsw > 0;
	}
	return false;
}

/* Which forcing modes q used (a mask of 1 << F_*), from r's proof. */
static unsigned force_used(const struct stress_seq *q,
			   const struct fpabi_run *r)
{
	const struct fpabi_sched_proof *p = &r->sp;
	int mode = comp_mode(q);

	return (mode >= 0 ? 1u << mode : 0) |
	       (p->tracer_migrations ? 1u << F_MIGRATE : 0) |
	       (p->self_migrations ? 1u << F_SELF : 0) |
	       (has_sc_step(q, SCF_BLOCKS) ? 1u << F_BLOCK : 0);
}

/*
 * What proves each forcing a sequence used: the competitor's switches
 * (at SCHED_IDLE it ran whenever the tracee stopped; at SCHED_FIFO its
 * wakes are its voluntary switches), the tracee's involuntary switches,
 * and its CPU before and after a migration.
 */
void force_add(struct force_sum *fs, const struct stress_seq *q,
		      const struct fpabi_run *r)
{
	const struct fpabi_sched_proof *p = &r->sp;
	unsigned used;
	int mode;

	if (!p->valid)
		return;
	used = force_used(q, r);
	for (mode = 0; mode < F_NFORCE; mode++) {
		struct force_sum *f = &fs[mode];

		if (!(used >> mode & 1))
			continue;
		f->runs++;
		f->proven += force_proven(mode, q, r);
		if (mode == F_MIGRATE || mode == F_SELF) {
			f->moves += mode == F_MIGRATE ? p->tracer_migrations :
				    p->self_migrations;
			f->cpu_changed += p->cpu0 != p->cpu1;
			continue;
		}
		f->nvcsw += p->nvcsw;
		if (mode == F_BLOCK)
			continue;
		f->degraded += p->comp_degraded;
		f->nivcsw += p->nivcsw;
		f->comp_nvcsw += p->comp_nvcsw > 0 ? p->comp_nvcsw : 0;
		f->comp_nivcsw += p->comp_nivcsw > 0 ? p->comp_nivcsw : 0;
		f->wakes += p->comp_wakes;
	}
}

/*
 * The proof of the state one list ran in (fpabi stress prints it for
 * every list): its variant and competitor, each forcing mode it used and
 * whether this run proved it (by force_proven()'s evidence), then the
 * engine's own proof of the run (switch counts, CPUs, preconditions).
 */
void list_proof(const struct stress_seq *q, const struct fpabi_run *r,
		char *out, size_t n)
{
	const struct fpabi_sched_proof *p = &r->sp;
	unsigned used = force_used(q, r);
	size_t o;
	int mode;

	o = (size_t)snprintf(out, n, "variant %s, competitor %s%s", q->v.name,
			     comp_names[q->comp],
			     q->altstack ? ", altstack" : "");
	if (!p->valid && o < n)
		o += (size_t)snprintf(out + o, n - o, "; no scheduling proof "
				      "recorded (the run ended early)");
	for (mode = 0; p->valid && mode < F_NFORCE && o < n; mode++)
		if (used >> mode & 1)
			o += (size_t)snprintf(out + o, n - o, "; %s %s",
					      force_names[mode],
					      force_proven(mode, q, r) ?
					      "proven" : "not proven");
	if (o < n)
		snprintf(out + o, n - o, "; %s", r->proof[0] ? r->proof :
			 "the engine recorded no proof");
}

void force_merge(struct force_sum *to, const struct force_sum *f)
{
	to->runs += f->runs;
	to->proven += f->proven;
	to->degraded += f->degraded;
	to->nvcsw += f->nvcsw;
	to->nivcsw += f->nivcsw;
	to->comp_nvcsw += f->comp_nvcsw;
	to->comp_nivcsw += f->comp_nivcsw;
	to->wakes += f->wakes;
	to->moves += f->moves;
	to->cpu_changed += f->cpu_changed;
}

void force_text(int mode, const struct force_sum *f, char *out,
		       size_t n)
{
	switch (mode) {
	case F_SPIN:
		snprintf(out, n, "%u runs, %u proven: tracee involuntary "
			 "switches %ld, voluntary %ld; the competitor preempted "
			 "%ld times", f->runs, f->proven, f->nivcsw, f->nvcsw,
			 f->comp_nivcsw);
		break;
	case F_IDLE:
		snprintf(out, n, "%u runs (%u at SCHED_OTHER: SCHED_IDLE "
			 "refused), %u where the competitor ran and was "
			 "preempted (%ld voluntary + %ld involuntary switches); "
			 "tracee voluntary %ld, involuntary %ld", f->runs, f->degraded, f->proven,
			 f->comp_nvcsw, f->comp_nivcsw, f->nvcsw, f->nivcsw);
		break;
	case F_TIMER:
		snprintf(out, n, "%u runs (%u at SCHED_OTHER: SCHED_FIFO "
			 "refused), %u with a wake proven: %ld wakes due, %ld "
			 "competitor sleeps; tracee involuntary switches %ld",
			 f->runs, f->degraded, f->proven, f->wakes,
			 f->comp_nvcsw, f->nivcsw);
		break;
	case F_MIGRATE:
	case F_SELF:
		snprintf(out, n, "%u runs, %ld moves, %u ended on the CPU they "
			 "were sent to, %ld on another CPU than they started",
			 f->runs, f->moves, f->proven, f->cpu_changed);
		break;
	case F_BLOCK:
		snprintf(out, n, "%u runs, %u with voluntary switches (%ld)",
			 f->runs, f->proven, f->nvcsw);
		break;
	}
}

double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

void stress_reproducer(const struct stress *st, const struct stress_seq *q,
		       char *out, size_t n)
{
	char steps[1200];
	int o;

	stress_format(q, steps, sizeof(steps));
	o = snprintf(out, n, "%s stress --replay '%s' --variant %s "
		     "--competitor %s%s --seed %llu", st->o->argv0, steps,
		     q->v.name, comp_names[q->comp],
		     q->altstack ? " --altstack" : "",
		     (unsigned long long)q->seed);
	if (o > 0 && (size_t)o < n)
		reproducer_options(st->m, st->o, out + o, n - o);
}

/* A failure's signature: the kind of observer (without its numbers),
 * the register and the classification; or a timeout. */
void signature(const struct outcome *o, char *out, size_t n)
{
	const struct fpabi_finding *f = &o->r.find[0];
	size_t k = 0;
	const char *c;

	if (!o->r.nfind) {
		snprintf(out, n, "%s", o->r.timed_out ? "timeout" : "-");
		return;
	}
	for (c = f->observer; *c && k + 1 < n; c++)
		if (*c < '0' || *c > '9')
			out[k++] = *c;
	out[k] = 0;
	snprintf(out + k, n - k, "|%s|%s", f->what, canary_class_name(f->cls));
}

/* --seconds are over, or a signal asked the command to stop: nothing
 * more starts, shrinking included, so that the command ends within them
 * plus one sequence's --timeout. */
static bool past_end(const struct stress *st)
{
	return (st->end && now_s() >= st->end) || fpabi_interrupted;
}

/* Does the list still fail the same way?  Races are flaky: up to tries
 * runs. */
static bool still_fails(const struct stress *st, const struct stress_seq *q,
			const char *sig, unsigned tries, unsigned *runs)
{
	char got[200];
	struct walk_state w;
	struct outcome out;
	char why[160];
	unsigned i;

	if (seq_check(st, q, &w, why, sizeof(why)) < 0 ||
	    !(w.g.obs || w.all_reads))
		return false;
	for (i = 0; i < tries && !past_end(st); i++) {
		(*runs)++;
		run_seq(st, q, "shrink", &out);
		signature(&out, got, sizeof(got));
		if (out.fail && !strcmp(sig, got))
			return true;
	}
	return false;
}

/*
 * Delta debugging: drop chunks of steps (halves, quarters, ... single
 * steps) while the list stays valid and still fails; then drop the
 * competitor and the altstack if the failure does not need them.
 * Bounded by a run budget, a minute and the end of --seconds.
 */
void shrink(const struct stress *st, struct stress_seq *q,
		   const char *sig, unsigned *runs)
{
	double t0 = now_s();
	unsigned chunk, i, j, timeout = st->o->timeout;

	/* a hang is found again in far less than the full watchdog */
	if (st->o->timeout > 10)
		st->o->timeout = 10;
	for (chunk = q->n / 2 ? q->n / 2 : 1; chunk >= 1; chunk /= 2) {
		for (i = 0; i + chunk <= q->n && *runs < 300 &&
		     now_s() - t0 < 60;) {
			struct stress_seq c = *q;

			for (j = i; j + chunk <= c.n; j++)
				c.s[j] = c.s[j + chunk];
			c.n -= chunk;
			c.s[c.n].op = S_END;
			if (still_fails(st, &c, sig, 3, runs))
				*q = c;
			else
				i++;
		}
		if (chunk == 1)
			break;
	}
	if (q->comp != COMP_NONE) {
		struct stress_seq c = *q;

		c.comp = COMP_NONE;
		if (still_fails(st, &c, sig, 3, runs))
			*q = c;
	}
	if (q->altstack) {
		struct stress_seq c = *q;

		c.altstack = 0;
		if (still_fails(st, &c, sig, 3, runs))
			*q = c;
	}
	st->o->timeout = timeout;
}
