// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What fpabi race reports: each round's counts and proofs, the run's
 * proof points and totals, a failure's diagnosis (the model's finding,
 * as fpabi's other commands print it) with its shrinking to the fewest
 * kinds and forcings that still fail the same way, and the reproducer.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/tap.h"
#include "fpabi/report.h"
#include "fpabi/util.h"
#include "race-int.h"

void race_kinds_text(uint32_t kinds, char *out, size_t n)
{
	unsigned i;
	size_t o = 0;

	out[0] = 0;
	for (i = 0; i < RACE_NKINDS; i++)
		if (kinds >> i & 1)
			o += snprintf(out + o, o < n ? n - o : 0, "%s%s",
				      o ? "," : "", race_kinds[i].name);
}

static void race_sigs_text(unsigned sigs, char *out, size_t n)
{
	snprintf(out, n, "%s%s%s", sigs & RACE_SIG_TIMER ? "timer" : "",
		 sigs == (RACE_SIG_TIMER | RACE_SIG_THREAD) ? "," : "",
		 sigs & RACE_SIG_THREAD ? "thread" : sigs ? "" : "none");
}

void race_cfg_text(const struct race_cfg *c, char *out, size_t n)
{
	char k[96], s[32];

	race_kinds_text(c->kinds, k, sizeof(k));
	race_sigs_text(c->sigs, s, sizeof(s));
	snprintf(out, n, "%s, kinds %s, competitor %s, %s, signals %s%s, "
		 "seed %llu", c->v.name, k, race_comp_names[c->comp],
		 c->migrate ? "tracer migrations" : "no tracer migrations", s,
		 c->quiet_ms ? ", a quiet window" : "",
		 (unsigned long long)c->seed);
}

void race_reproducer(const struct race *ra, const struct race_cfg *c,
		       char *out, size_t n)
{
	char k[96], s[32];
	int o;

	race_kinds_text(c->kinds, k, sizeof(k));
	race_sigs_text(c->sigs, s, sizeof(s));
	o = snprintf(out, n, "%s race --replay '%s' --variant %s --competitor "
		     "%s%s --signals %s --quiet %u --seed %llu", ra->o->argv0,
		     k, c->v.name, race_comp_names[c->comp],
		     c->migrate ? " --migrate" : " --no-migrate", s,
		     c->quiet_ms / 1000, (unsigned long long)c->seed);
	if (o > 0 && (size_t)o < n && ra->inject_rate)
		o += snprintf(out + o, n - o, " --inject-fault=byte:race:%llu",
			      (unsigned long long)ra->inject_rate);
	if (o > 0 && (size_t)o < n && ra->m->profile_force)
		snprintf(out + o, n - o, " --profile %s", ra->m->profile_force);
}

/* A failure's signature: where it was seen, the component, the class. */
static void signature(const struct race_result *res, char *out, size_t n)
{
	const struct fpabi_finding *f = &res->find.find[0];

	snprintf(out, n, "%s|%s|%s", res->slot.point == RACE_POST ? "dump" :
		 "handler", f->group, canary_class_name(f->cls));
}

/* Does cfg still fail that way within budget seconds of rounds? */
static bool still_fails(const struct race *ra, const struct race_cfg *c,
			const char *sig, double budget, unsigned *runs)
{
	double t0 = race_now();
	struct race_result res;
	char got[160];

	while (race_now() - t0 < budget && !fpabi_interrupted) {
		(*runs)++;
		race_run_cfg(ra, c, budget - (race_now() - t0), &res);
		if (res.fail) {
			signature(&res, got, sizeof(got));
			return !strcmp(got, sig);
		}
		if (res.broken)
			return false;
	}
	return false;
}

/*
 * Shrinking: drop a kind at a time, then the competitor, the tracer's
 * migrations, each signal source and the quiet window, keeping each
 * change that still fails the same way within a budget three times the
 * time the failure took to show (1 to 10 s); a minute in all.
 */
static void shrink(const struct race *ra, struct race_cfg *c, const char *sig,
		   double found, unsigned *runs)
{
	/* the slowest kinds first: what is left is cheap to replay */
	static const unsigned order[RACE_NKINDS] = {
		RACE_MIGRATE, RACE_SLEEP, RACE_URANDOM, RACE_YIELD, RACE_SPIN,
		RACE_GETPID
	};
	double t0 = race_now(), budget = 3 * found + 1;
	unsigned i;

	if (budget > 10)
		budget = 10;
	for (i = 0; i < RACE_NKINDS && race_now() - t0 < 60; i++) {
		struct race_cfg t = *c;
		unsigned k = order[i];

		if (!(c->kinds >> k & 1) || !(c->kinds & ~(1u << k)))
			continue;
		t.kinds &= ~(1u << k);
		if (still_fails(ra, &t, sig, budget, runs))
			*c = t;
	}
	for (i = 0; i < 5 && race_now() - t0 < 60; i++) {
		struct race_cfg t = *c;

		if (i == 0)
			t.comp = COMP_NONE;
		else if (i == 1)
			t.migrate = 0;
		else if (i == 2)
			t.sigs &= ~RACE_SIG_THREAD;
		else if (i == 3)
			t.sigs &= ~RACE_SIG_TIMER;
		else
			t.quiet_ms = 0;
		if (!memcmp(&t, c, sizeof(t)))
			continue;
		if (still_fails(ra, &t, sig, budget, runs))
			*c = t;
	}
}

void race_yaml_kv(char *y, size_t n, const char *key, const char *val)
{
	char q[1400];

	yaml_quote(q, sizeof(q), val);
	snprintf(y + strlen(y), n - strlen(y), "%s: %s\n", key, q);
}

/* A failing round: the diagnosis, the shrunk configuration, the
 * reproducer. */
/* The known kernel issue (KNOWN-ISSUES.md) every kept finding matches. */
const struct fpabi_known_issue *race_known(const char *id,
					   const struct race_result *res)
{
	const struct fpabi_known_issue *k;

	if (!fpabi_arch.known || !res->fail)
		return NULL;
	for (k = fpabi_arch.known; k->id_glob; k++)
		if (!fnmatch(k->id_glob, id, 0) &&
		    (res->find.nfind <= FPABI_MAX_FINDINGS || k->spans) &&
		    known_match(&res->find, k))
			return k;
	return NULL;
}

void race_report_failure(const struct race *ra, struct tap *t,
			 const char *id, const struct race_cfg *c,
			 const struct race_result *res)
{
	const struct fpabi_known_issue *known = race_known(id, res);
	const struct fpabi_finding *f = &res->find.find[0];
	char y[8192], line[600], text[700];
	struct race_cfg s = *c;
	unsigned runs = 0;
	double t0 = race_now();

	finding_line(f, line, sizeof(line));
	tap_comment(t, "%s", line);
	snprintf(y, sizeof(y), "verdict: fail\n");
	race_yaml_kv(y, sizeof(y), "arch", fpabi_arch.name);
	race_yaml_kv(y, sizeof(y), "profile", ra->m->profile);
	race_cfg_text(c, text, sizeof(text));
	race_yaml_kv(y, sizeof(y), "round", text);
	snprintf(y + strlen(y), sizeof(y) - strlen(y),
		 "master_seed: %llu\nseed: %llu\niteration: %llu\n"
		 "found_after_s: %.3f\niterations: %llu\nfindings: %u\n",
		 (unsigned long long)ra->o->seed, (unsigned long long)c->seed,
		 (unsigned long long)res->slot.iter, res->t_found,
		 (unsigned long long)res->n.iters, res->find.nfind);
	if (ra->inject_rate)
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "injected: %llu\nfound: %llu\n",
			 (unsigned long long)res->n.injected,
			 (unsigned long long)(res->n.mismatches +
					      res->n.sig_mismatch));
	race_yaml_kv(y, sizeof(y), "observer", f->observer);
	race_yaml_kv(y, sizeof(y), "component", f->group[0] ? f->group : "-");
	race_yaml_kv(y, sizeof(y), "register", f->what);
	race_yaml_kv(y, sizeof(y), "expected", f->expected);
	race_yaml_kv(y, sizeof(y), "got", f->got);
	race_yaml_kv(y, sizeof(y), "classification", canary_class_name(f->cls));
	race_yaml_kv(y, sizeof(y), "origin", f->origin);
	if (f->rule) {
		race_yaml_kv(y, sizeof(y), "rule", f->rule->id);
		race_yaml_kv(y, sizeof(y), "rule_text", f->rule->text);
		race_yaml_kv(y, sizeof(y), "source", f->rule->source);
	}
	if (known) {
		/* the issue's own entry says how to reproduce it */
		race_reproducer(ra, &s, text, sizeof(text));
		race_yaml_kv(y, sizeof(y), "reproduce", text);
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "verdict_known: \"a known kernel issue: "
			 "KNOWN-ISSUES.md\"\n");
		tap_result(t, TAP_TODO, id, known->reason, y);
		return;
	}
	if (ra->shrink) {
		char sig[160];

		signature(res, sig, sizeof(sig));
		shrink(ra, &s, sig, res->t_found, &runs);
		race_cfg_text(&s, text, sizeof(text));
		race_yaml_kv(y, sizeof(y), "shrunk", text);
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "shrink_runs: %u\nshrink_seconds: %.1f\n", runs,
			 race_now() - t0);
	}
	race_reproducer(ra, &s, text, sizeof(text));
	race_yaml_kv(y, sizeof(y), "reproduce", text);
	tap_result(t, TAP_FAIL, id, NULL, y);
}

/* The first SVE instructions that took a trap, as the loop timed them. */
static uint64_t traps(const struct race_counts *n)
{
	uint64_t t = 0;
	unsigned i;

	for (i = 0; i < RACE_NKINDS; i++)
		t += n->k_traps[i];
	return t;
}

static uint64_t sum(const uint64_t *v)
{
	uint64_t t = 0;
	unsigned i;

	for (i = 0; i < RACE_NKINDS; i++)
		t += v[i];
	return t;
}

/* A round's counts and what they prove, as comments. */
void race_round_comments(struct tap *t, const char *id,
			   const struct race_counts *n, uint32_t kinds)
{
	char line[1024];
	size_t o = 0;
	unsigned i;

	for (i = 0; i < RACE_NKINDS; i++) {
		if (!(kinds >> i & 1) && !n->k_iters[i])
			continue;
		o += snprintf(line + o, sizeof(line) - o, "%s%s %llu", o ? ", " :
			      "", race_kinds[i].name,
			      (unsigned long long)n->k_iters[i]);
		if (race_kinds[i].sc)
			o += snprintf(line + o, sizeof(line) - o,
				      " (switched in %llu)", (unsigned long long)
				      (n->k_nvcsw[i] + n->k_nivcsw[i]));
	}
	tap_comment(t, "%s: %.1f s, %llu iterations (%.0f/s), %llu checked: %s",
		    id, n->secs, (unsigned long long)n->iters,
		    n->secs > 0 ? n->iters / n->secs : 0.0,
		    (unsigned long long)n->checked, line);
	tap_comment(t, "%s proof: preempted in %llu iterations, switched "
		    "voluntarily in %llu, on another CPU after %llu (the "
		    "tracer moved it %u times); signals %llu (timer %llu, "
		    "thread %llu of %llu sent), %llu found the window and "
		    "their handler's entry state was checked", id,
		    (unsigned long long)sum(n->k_nivcsw),
		    (unsigned long long)sum(n->k_nvcsw),
		    (unsigned long long)sum(n->k_migrated), n->moves,
		    (unsigned long long)(n->sig_timer + n->sig_thread),
		    (unsigned long long)n->sig_timer,
		    (unsigned long long)n->sig_thread,
		    (unsigned long long)n->thr_sent,
		    (unsigned long long)n->sig_checked);
	if (n->trap_ticks) {
		char h[400];
		size_t ho = 0;

		for (i = 0; i < RACE_HIST; i++)
			if (n->hist[i])
				ho += snprintf(h + ho, sizeof(h) - ho, " <%llu:%llu",
					       1ull << i, (unsigned long long)
					       n->hist[i]);
		tap_comment(t, "%s proof: the first SVE instruction after the "
			    "event took a trap (>= %llu ticks) in %llu "
			    "iterations (%s); ticks:%s", id,
			    (unsigned long long)n->trap_ticks,
			    (unsigned long long)traps(n),
			    fpabi_race_arch.rule_trap, h);
	}
	if (n->quiet_windows)
		tap_comment(t, "%s proof: a quiet window of %.1f s: %llu "
			    "iterations, no syscall but the sigreturns of %llu "
			    "timer signals; %llu involuntary and %llu voluntary "
			    "switches in it", id, n->quiet_secs,
			    (unsigned long long)n->quiet_iters,
			    (unsigned long long)n->quiet_sigs,
			    (unsigned long long)n->quiet_nivcsw,
			    (unsigned long long)n->quiet_nvcsw);
	if (n->injected)
		tap_comment(t, "%s: fault injection: %llu dumps corrupted, %llu "
			    "found by the loop's comparison", id,
			    (unsigned long long)n->injected,
			    (unsigned long long)n->mismatches);
}

/* One proof of the whole run: what happened at least once, or why not. */
static void proof_point(struct tap *t, const char *what, uint64_t count,
			const char *text, const char *none)
{
	char id[96], why[256];

	snprintf(id, sizeof(id), "%s.race.proof/%s", fpabi_arch.name, what);
	if (count) {
		tap_comment(t, "%s: %s", id, text);
		tap_result(t, TAP_PASS, id, NULL, NULL);
		return;
	}
	snprintf(why, sizeof(why), "not seen: %s", none);
	tap_result(t, TAP_SKIP, id, why, NULL);
}

void race_proof_points(const struct race *ra, struct tap *t)
{
	const struct race_counts *n = &ra->total;
	uint64_t sw = n->k_nvcsw[RACE_YIELD] + n->k_nivcsw[RACE_YIELD] +
		      n->k_nvcsw[RACE_SLEEP] + n->k_nivcsw[RACE_SLEEP];
	char text[256];

	snprintf(text, sizeof(text), "%llu iterations held an involuntary "
		 "switch", (unsigned long long)sum(n->k_nivcsw));
	proof_point(t, "preemption", sum(n->k_nivcsw), text,
		    "no competitor preempted the loop");
	snprintf(text, sizeof(text), "%llu yields and sleeps switched",
		 (unsigned long long)sw);
	proof_point(t, "switch-in-syscall", sw, text,
		    "no yield or sleep switched (no competitor?)");
	snprintf(text, sizeof(text), "%llu iterations ended on another CPU",
		 (unsigned long long)sum(n->k_migrated));
	proof_point(t, "migration", sum(n->k_migrated), text,
		    ra->cpu2 < 0 ? "this machine gives fpabi one CPU" :
		    "no round migrated");
	snprintf(text, sizeof(text), "%llu signals found the loop's window "
		 "and their handler's entry was checked",
		 (unsigned long long)n->sig_checked);
	proof_point(t, "signal-in-window", n->sig_checked, text,
		    "no signal came while the registers held a load");
	if (fpabi_race_arch.rule_trap) {
		snprintf(text, sizeof(text), "%llu first SVE instructions "
			 "after the event took a trap (%s)",
			 (unsigned long long)traps(n),
			 fpabi_race_arch.rule_trap);
		proof_point(t, "trap", traps(n), text, n->trap_ticks ?
			    "no SVE instruction was slow enough to be a trap" :
			    "the CPU has no SVE to time");
	} else {
		proof_point(t, "trap", 0, "", fpabi_race_arch.no_trap_why);
	}
	snprintf(text, sizeof(text), "%u quiet windows, %.1f s in all, no "
		 "syscall but %llu timer signals' sigreturns", n->quiet_windows,
		 n->quiet_secs, (unsigned long long)n->quiet_sigs);
	proof_point(t, "quiet-window", n->quiet_windows, text,
		    "no round had one (--quiet, or a run of 10 s and more)");
}

void race_progress(const struct race *ra, double end)
{
	double now = race_now();

	if (!ra->progress)
		return;
	fprintf(stderr, "\rrace: %4.0f s left, %u rounds, %llu iterations "
		"(%.0f/s), %u failures ", end - now > 0 ? end - now : 0,
		ra->total.rounds, (unsigned long long)ra->total.iters,
		ra->total.secs > 0 ? ra->total.iters / ra->total.secs : 0.0,
		ra->fails);
}

void race_totals(const struct race *ra, struct tap *t)
{
	const struct race_counts *n = &ra->total;
	double rate = n->secs > 0 ? n->iters / n->secs : 0;

	tap_comment(t, "race: %u rounds, %llu iterations in %.1f s: %.0f checked "
		    "iterations/s (targets: %u/s on hardware, %u/s per vCPU "
		    "under QEMU TCG; fpabi bench race measures them), %llu "
		    "dumps and %llu handler entries differed, %llu of those "
		    "found the ring full; %u failing rounds, %u known kernel "
		    "issues, %u without a verdict", n->rounds,
		    (unsigned long long)n->iters, n->secs, rate, TARGET_HW,
		    TARGET_TCG, (unsigned long long)n->mismatches,
		    (unsigned long long)n->sig_mismatch,
		    (unsigned long long)n->lost, ra->fails, ra->known,
		    ra->broken);
}
