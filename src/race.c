// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi race: the unobserved, self-checking fast loop.  Round after round
 * a tracee nobody traces loads, takes an event, stores and compares in
 * assembly, beside the competitors and migrations of fpabi stress and
 * under timer and thread signals; the tracer only reads the counters and
 * the dumps the loop refused, which the model classifies.  A failure is
 * shrunk to the fewest kinds and forcings that still show it and printed
 * as a --replay command line.
 */
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/kmsg.h"
#include "fpabi/race-run.h"
#include "fpabi/report.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

#define MAX_VARIANTS	32
#define ROUND_S		2.0	/* a round's length */
#define QUIET_MS	3000	/* a long round's window with no syscall */

/* CI's and the rates, printed with the measured one */
#define TARGET_HW	100000
#define TARGET_TCG	5000

static const char *const comp_names[COMP_NMODES] = {
	[COMP_NONE] = "none", [COMP_SPIN] = "spin", [COMP_IDLE] = "idle",
	[COMP_TIMER] = "timer",
};

struct race {
	const struct fpabi_machine *m;
	struct fpabi_opts *o;
	struct fpabi_variant v[2][MAX_VARIANTS];	/* base, extra */
	int nv[2];
	double seconds, round_s;
	unsigned max_fail;
	bool shrink, progress;
	/* what the options fix (-1: each round draws it) */
	int kinds, comp, migrate, sigs, quiet_ms;
	const char *variant;
	struct fpabi_variant vfixed;	/* --variant's */
	uint64_t inject_rate;
	int cpu, cpu2;
	struct race_counts total;
	unsigned fails, broken;
};

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* The loop's CPU (the last this process may use) and another one. */
static void pick_cpus(struct race *ra)
{
	cpu_set_t set;
	int cpu;

	ra->cpu = 0;
	ra->cpu2 = -1;
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return;
	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		if (ra->cpu2 == -1 && !ra->cpu && cpu) {
			ra->cpu = cpu;
			continue;
		}
		if (ra->cpu != cpu) {
			ra->cpu2 = cpu;
			return;
		}
	}
}

static uint32_t runnable_kinds(const struct race *ra)
{
	uint32_t k = 0;
	unsigned i;

	for (i = 0; i < RACE_NKINDS; i++)
		if (!race_kinds[i].smp2 || ra->cpu2 >= 0)
			k |= 1u << i;
	return k;
}

static const struct fpabi_variant *find_variant(const struct race *ra,
						const char *name)
{
	int c, i;

	for (c = 0; c < 2; c++)
		for (i = 0; i < ra->nv[c]; i++)
			if (!name || !strcmp(name, ra->v[c][i].name))
				return &ra->v[c][i];
	return NULL;
}

/* Round k's configuration: the options', or drawn from the master seed. */
static void round_cfg(const struct race *ra, unsigned k, struct race_cfg *c)
{
	uint64_t x = mix64(ra->o->seed ^ (0x726f756e64ull + k));
	unsigned cls;

	memset(c, 0, sizeof(*c));
	c->seed = mix64_next(&x) & 0xffffffffffffull;
	c->kinds = ra->kinds >= 0 ? (uint32_t)ra->kinds : runnable_kinds(ra);
	c->comp = ra->comp >= 0 ? (unsigned)ra->comp : k % COMP_NMODES;
	c->migrate = ra->migrate >= 0 ? ra->migrate :
		     ra->cpu2 >= 0 && (k / 2) % 2;
	c->sigs = ra->sigs >= 0 ? ra->sigs : RACE_SIG_TIMER | RACE_SIG_THREAD;
	c->quiet_ms = ra->quiet_ms >= 0 ? (unsigned)ra->quiet_ms :
		      k % 5 == 4 ? QUIET_MS : 0;
	/* a quiet window: only timer signals, no thread's syscalls */
	if (c->quiet_ms)
		c->sigs &= ~RACE_SIG_THREAD;
	if (ra->variant) {
		c->v = ra->vfixed;
		return;
	}
	cls = ra->nv[1] && mix64_next(&x) % 10 < 3;
	c->v = ra->v[cls][mix64_next(&x) % ra->nv[cls]];
}

static void kinds_text(uint32_t kinds, char *out, size_t n)
{
	unsigned i;
	size_t o = 0;

	out[0] = 0;
	for (i = 0; i < RACE_NKINDS; i++)
		if (kinds >> i & 1)
			o += snprintf(out + o, o < n ? n - o : 0, "%s%s",
				      o ? "," : "", race_kinds[i].name);
}

static void sigs_text(unsigned sigs, char *out, size_t n)
{
	snprintf(out, n, "%s%s%s", sigs & RACE_SIG_TIMER ? "timer" : "",
		 sigs == (RACE_SIG_TIMER | RACE_SIG_THREAD) ? "," : "",
		 sigs & RACE_SIG_THREAD ? "thread" : sigs ? "" : "none");
}

static void cfg_text(const struct race_cfg *c, char *out, size_t n)
{
	char k[96], s[32];

	kinds_text(c->kinds, k, sizeof(k));
	sigs_text(c->sigs, s, sizeof(s));
	snprintf(out, n, "%s, kinds %s, competitor %s, %s, signals %s%s, "
		 "seed %llu", c->v.name, k, comp_names[c->comp],
		 c->migrate ? "tracer migrations" : "no tracer migrations", s,
		 c->quiet_ms ? ", a quiet window" : "",
		 (unsigned long long)c->seed);
}

static void race_reproducer(const struct race *ra, const struct race_cfg *c,
		       char *out, size_t n)
{
	char k[96], s[32];
	int o;

	kinds_text(c->kinds, k, sizeof(k));
	sigs_text(c->sigs, s, sizeof(s));
	o = snprintf(out, n, "%s race --replay '%s' --variant %s --competitor "
		     "%s%s --signals %s --quiet %u --seed %llu", ra->o->argv0,
		     k, c->v.name, comp_names[c->comp],
		     c->migrate ? " --migrate" : " --no-migrate", s,
		     c->quiet_ms / 1000, (unsigned long long)c->seed);
	if (o > 0 && (size_t)o < n && ra->inject_rate)
		o += snprintf(out + o, n - o, " --inject-fault=byte:race:%llu",
			      (unsigned long long)ra->inject_rate);
	if (o > 0 && (size_t)o < n && ra->m->profile_force)
		snprintf(out + o, n - o, " --profile %s", ra->m->profile_force);
}

static void run_round(const struct race *ra, const struct race_cfg *c,
		      double secs, struct race_result *res)
{
	struct race_round rd;

	memset(&rd, 0, sizeof(rd));
	rd.m = ra->m;
	rd.o = ra->o;
	rd.cfg = *c;
	rd.inject_rate = ra->inject_rate;
	rd.cpu = ra->cpu;
	rd.cpu2 = ra->cpu2;
	race_round_run(&rd, secs, res);
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
	double t0 = now_s();
	struct race_result res;
	char got[160];

	while (now_s() - t0 < budget) {
		(*runs)++;
		run_round(ra, c, budget - (now_s() - t0), &res);
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
	double t0 = now_s(), budget = 3 * found + 1;
	unsigned i;

	if (budget > 10)
		budget = 10;
	for (i = 0; i < RACE_NKINDS && now_s() - t0 < 60; i++) {
		struct race_cfg t = *c;

		if (!(c->kinds >> i & 1) || !(c->kinds & ~(1u << i)))
			continue;
		t.kinds &= ~(1u << i);
		if (still_fails(ra, &t, sig, budget, runs))
			*c = t;
	}
	for (i = 0; i < 5 && now_s() - t0 < 60; i++) {
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

static void yaml_kv(char *y, size_t n, const char *key, const char *val)
{
	char q[1400];

	yaml_quote(q, sizeof(q), val);
	snprintf(y + strlen(y), n - strlen(y), "%s: %s\n", key, q);
}

/* A failing round: the diagnosis, the shrunk configuration, the
 * reproducer. */
static void report_failure(const struct race *ra, struct tap *t,
			   const char *id, const struct race_cfg *c,
			   const struct race_result *res)
{
	const struct fpabi_finding *f = &res->find.find[0];
	char y[8192], line[600], text[700];
	struct race_cfg s = *c;
	unsigned runs = 0;
	double t0 = now_s();

	finding_line(f, line, sizeof(line));
	tap_comment(t, "%s", line);
	snprintf(y, sizeof(y), "verdict: fail\n");
	yaml_kv(y, sizeof(y), "arch", fpabi_arch.name);
	yaml_kv(y, sizeof(y), "profile", ra->m->profile);
	cfg_text(c, text, sizeof(text));
	yaml_kv(y, sizeof(y), "round", text);
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
	yaml_kv(y, sizeof(y), "observer", f->observer);
	yaml_kv(y, sizeof(y), "component", f->group[0] ? f->group : "-");
	yaml_kv(y, sizeof(y), "register", f->what);
	yaml_kv(y, sizeof(y), "expected", f->expected);
	yaml_kv(y, sizeof(y), "got", f->got);
	yaml_kv(y, sizeof(y), "classification", canary_class_name(f->cls));
	yaml_kv(y, sizeof(y), "origin", f->origin);
	if (f->rule) {
		yaml_kv(y, sizeof(y), "rule", f->rule->id);
		yaml_kv(y, sizeof(y), "rule_text", f->rule->text);
		yaml_kv(y, sizeof(y), "source", f->rule->source);
	}
	if (ra->shrink) {
		char sig[160];

		signature(res, sig, sizeof(sig));
		shrink(ra, &s, sig, res->t_found, &runs);
		cfg_text(&s, text, sizeof(text));
		yaml_kv(y, sizeof(y), "shrunk", text);
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "shrink_runs: %u\nshrink_seconds: %.1f\n", runs,
			 now_s() - t0);
	}
	race_reproducer(ra, &s, text, sizeof(text));
	yaml_kv(y, sizeof(y), "reproduce", text);
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
static void round_comments(struct tap *t, const char *id,
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

static void proof_points(const struct race *ra, struct tap *t)
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

static void progress(const struct race *ra, double t0, double end)
{
	double now = now_s();

	if (!ra->progress)
		return;
	fprintf(stderr, "\rrace: %4.0f s left, %u rounds, %llu iterations "
		"(%.0f/s), %u failures ", end - now > 0 ? end - now : 0,
		ra->total.rounds, (unsigned long long)ra->total.iters,
		ra->total.secs > 0 ? ra->total.iters / ra->total.secs : 0.0,
		ra->fails);
	(void)t0;
}

/* The length of a round of cfg with left seconds to go (0: none fits). */
static double round_len(const struct race *ra, struct race_cfg *c, double left,
			bool first)
{
	double len = c->quiet_ms ? c->quiet_ms / 1000.0 + 1 : ra->round_s;

	if (len <= left)
		return len;
	if (c->quiet_ms && ra->quiet_ms < 0) {
		c->quiet_ms = 0;	/* a drawn window that does not fit */
		return round_len(ra, c, left, first);
	}
	return first || left >= 0.9 ? left : 0;
}

/* Rounds until the time is up or max_fail rounds failed; replay runs
 * the one configuration. */
static void race_loop(struct race *ra, struct tap *t, const struct race_cfg *fixed)
{
	double t0 = now_s(), end = t0 + ra->seconds;
	unsigned k;

	for (k = 0; now_s() < end && ra->fails < ra->max_fail; k++) {
		struct race_result res;
		struct race_cfg c;
		char id[160], text[400];
		double len;

		if (fixed)
			c = *fixed;
		else
			round_cfg(ra, k, &c);
		len = round_len(ra, &c, end - now_s(), !k);
		if (len <= 0)
			break;
		snprintf(id, sizeof(id), "%s.race.round-%u/%s", fpabi_arch.name,
			 k + 1, c.v.name);
		cfg_text(&c, text, sizeof(text));
		tap_comment(t, "%s: %s", id, text);
		run_round(ra, &c, len, &res);
		race_counts_add(&ra->total, &res.n);
		if (res.n.rounds)
			round_comments(t, id, &res.n, c.kinds);
		if (ra->progress)
			fputc('\n', stderr);
		if (res.fail) {
			ra->fails++;
			report_failure(ra, t, id, &c, &res);
		} else if (res.broken) {
			char y[2048];

			ra->broken++;
			tap_comment(t, "%s: no verdict on the kernel: %s", id,
				    res.why);
			snprintf(y, sizeof(y), "verdict: broken\n");
			yaml_kv(y, sizeof(y), "reason", res.why);
			tap_result(t, TAP_FAIL, id, NULL, y);
			if (ra->broken >= 3)
				break;
		} else {
			tap_result(t, TAP_PASS, id, NULL, NULL);
		}
		progress(ra, t0, end);
	}
}

static void totals(const struct race *ra, struct tap *t)
{
	const struct race_counts *n = &ra->total;
	double rate = n->secs > 0 ? n->iters / n->secs : 0;

	tap_comment(t, "race: %u rounds, %llu iterations in %.1f s: %.0f checked "
		    "iterations/s (targets: %u/s on hardware, %u/s per vCPU "
		    "under QEMU TCG; fpabi bench race measures them), %llu "
		    "dumps and %llu handler entries differed, %llu of those "
		    "found the ring full", n->rounds,
		    (unsigned long long)n->iters, n->secs, rate, TARGET_HW,
		    TARGET_TCG, (unsigned long long)n->mismatches,
		    (unsigned long long)n->sig_mismatch,
		    (unsigned long long)n->lost);
}

static int parse_kinds(const char *s)
{
	char buf[256], *tok, *save;
	int k = 0;
	unsigned i;

	snprintf(buf, sizeof(buf), "%s", s);
	for (tok = strtok_r(buf, ", ", &save); tok;
	     tok = strtok_r(NULL, ", ", &save)) {
		for (i = 0; i < RACE_NKINDS; i++)
			if (!strcmp(tok, race_kinds[i].name))
				break;
		if (i == RACE_NKINDS)
			return -1;
		k |= 1 << i;
	}
	return k ? k : -1;
}

static int parse_sigs(const char *s)
{
	if (!strcmp(s, "none"))
		return 0;
	if (!strcmp(s, "timer"))
		return RACE_SIG_TIMER;
	if (!strcmp(s, "thread"))
		return RACE_SIG_THREAD;
	if (!strcmp(s, "timer,thread") || !strcmp(s, "thread,timer"))
		return RACE_SIG_TIMER | RACE_SIG_THREAD;
	return -1;
}

static int parse_comp(const char *s)
{
	int i;

	for (i = 0; i < COMP_NMODES; i++)
		if (!strcmp(s, comp_names[i]))
			return i;
	return -1;
}

/* --inject-fault=byte:race:N (or byte:any:N): 1 dump in N, 500 if no N */
static int parse_inject(struct race *ra)
{
	const char *tgt = ra->o->inject_target, *n;
	char *end;

	if (ra->o->inject == INJ_NONE)
		return 0;
	if (ra->o->inject != INJ_BYTE ||
	    (strncmp(tgt, "race", 4) && strncmp(tgt, "any", 3)))
		return -1;
	n = strchr(tgt, ':');
	ra->inject_rate = n ? strtoull(n + 1, &end, 10) : 500;
	if (n && (*end || !n[1]))
		return -1;
	return ra->inject_rate ? 0 : -1;
}

static const char race_usage[] =
"Usage: fpabi race [--seconds N] [--seed S] [OPTIONS]\n"
"       fpabi race --replay KINDS --variant V --seed S [OPTIONS]\n"
"The unobserved loop: a tracee nobody traces loads canaries, takes an event\n"
"(a syscall, a yield, a sleep, a spin that timer and thread signals,\n"
"preemption and migration hit, a self-migration), stores and compares its\n"
"registers with the model's expectation, in assembly, round after round;\n"
"its signal handler checks what it starts with, and sigreturn must undo\n"
"its clobbers.  A differing dump is classified by the model, the round\n"
"shrunk to the fewest kinds and forcings that still show it, and printed\n"
"as a --replay command line.\n"
"\n"
"  -n, --seconds N        run for N seconds (default 10)\n"
"      --round S          rounds of S seconds (default 2)\n"
"  -s, --seed S           master seed (default: random, printed); with\n"
"                         --replay, the round's own seed\n"
"      --kinds LIST       only these kinds (getpid,yield,sleep,spin,migrate)\n"
"      --replay KINDS     every round with these kinds and the options'\n"
"                         variant, competitor, migrations, signals, quiet\n"
"      --variant V        the variant (default: each round draws one)\n"
"      --competitor MODE  none, spin, idle or timer (default: in turn)\n"
"      --migrate, --no-migrate  the tracer moves the loop between CPUs\n"
"      --signals LIST     timer, thread, timer,thread or none\n"
"      --quiet S          each round first runs S seconds (3 or more)\n"
"                         with no syscall, only timer signals (0: never;\n"
"                         default: one round in five, 3 s)\n"
"      --max-failures N   stop after N failing rounds (default 1)\n"
"      --no-shrink        report failures as found\n"
"      --inject-fault=byte:race[:N]  test-only: corrupt 1 dump in N (500)\n"
"      --kmsg, --profile NAME, --tracee PATH, -v, -h\n"
"Exit status: 0 nothing failed, 1 a round failed, 2 bad usage or setup.\n";

static int variants(struct race *ra)
{
	ra->nv[0] = fpabi_arch.variants(ra->m, VSET_ALL, ra->v[0], MAX_VARIANTS);
	ra->nv[1] = fpabi_arch.variants(ra->m, VSET_EXTRA, ra->v[1],
					MAX_VARIANTS);
	if (ra->nv[0] < 0)
		ra->nv[0] = 0;
	if (ra->nv[1] < 0)
		ra->nv[1] = 0;
	return ra->nv[0] + ra->nv[1];
}

/* Checks what the options fixed; the replay's configuration. */
static int options_done(struct race *ra, const char *replay, bool seeded,
			struct race_cfg *fixed)
{
	const struct fpabi_variant *v = find_variant(ra, ra->variant);

	if (!v) {
		fprintf(stderr, "fpabi race: no variant '%s' on this machine\n",
			ra->variant);
		return -1;
	}
	ra->vfixed = *v;
	if (ra->kinds >= 0 && (ra->kinds & ~runnable_kinds(ra))) {
		fprintf(stderr, "fpabi race: a kind needs a second CPU\n");
		return -1;
	}
	if (ra->migrate > 0 && ra->cpu2 < 0) {
		fprintf(stderr, "fpabi race: --migrate needs a second CPU\n");
		return -1;
	}
	if (ra->quiet_ms > 0 && ra->quiet_ms < 3000) {
		fprintf(stderr, "fpabi race: --quiet is 0 or 3 s and more\n");
		return -1;
	}
	if (!replay)
		return 0;
	if (!seeded) {
		fprintf(stderr, "fpabi race: --replay needs the round's --seed\n");
		return -1;
	}
	memset(fixed, 0, sizeof(*fixed));
	fixed->kinds = ra->kinds;
	fixed->comp = ra->comp >= 0 ? ra->comp : COMP_NONE;
	fixed->migrate = ra->migrate > 0;
	fixed->sigs = ra->sigs >= 0 ? ra->sigs : RACE_SIG_TIMER | RACE_SIG_THREAD;
	fixed->quiet_ms = ra->quiet_ms > 0 ? ra->quiet_ms : 0;
	fixed->v = ra->vfixed;
	fixed->seed = ra->o->seed;
	return 0;
}

static void header(const struct race *ra, struct tap *t, const char *replay)
{
	char k[96];

	if (ra->o->inject != INJ_NONE)
		tap_comment(t, "fault injection: 1 dump in %llu corrupted "
			    "(test-only: failures below are expected)",
			    (unsigned long long)ra->inject_rate);
	kinds_text(ra->kinds >= 0 ? (uint32_t)ra->kinds : runnable_kinds(ra),
		   k, sizeof(k));
	tap_comment(t, "race: %s seed %llu, %.0f s in rounds of %.1f s, kinds "
		    "%s, %d + %d variants, the loop on CPU %d%s", replay ?
		    "replay," : "master", (unsigned long long)ra->o->seed,
		    ra->seconds, ra->round_s, k, ra->nv[0], ra->nv[1], ra->cpu,
		    ra->cpu2 >= 0 ? ", another CPU for the signals and "
		    "migrations" : ", no other CPU");
	tap_comment(t, "race: targets %u checked iterations/s on hardware, %u "
		    "per vCPU under QEMU TCG (fpabi bench race)", TARGET_HW,
		    TARGET_TCG);
}

int cmd_race(int argc, char **argv)
{
	enum { O_ROUND = 256, O_KINDS, O_REPLAY, O_VARIANT, O_COMP, O_MIGRATE,
	       O_NOMIGRATE, O_SIGNALS, O_QUIET, O_MAXF, O_NOSHRINK, O_INJECT,
	       O_KMSG, O_PROFILE, O_TRACEE };
	static const struct option longopts[] = {
		{ "seconds", required_argument, NULL, 'n' },
		{ "round", required_argument, NULL, O_ROUND },
		{ "seed", required_argument, NULL, 's' },
		{ "kinds", required_argument, NULL, O_KINDS },
		{ "replay", required_argument, NULL, O_REPLAY },
		{ "variant", required_argument, NULL, O_VARIANT },
		{ "competitor", required_argument, NULL, O_COMP },
		{ "migrate", no_argument, NULL, O_MIGRATE },
		{ "no-migrate", no_argument, NULL, O_NOMIGRATE },
		{ "signals", required_argument, NULL, O_SIGNALS },
		{ "quiet", required_argument, NULL, O_QUIET },
		{ "max-failures", required_argument, NULL, O_MAXF },
		{ "no-shrink", no_argument, NULL, O_NOSHRINK },
		{ "inject-fault", required_argument, NULL, O_INJECT },
		{ "kmsg", no_argument, NULL, O_KMSG },
		{ "profile", required_argument, NULL, O_PROFILE },
		{ "tracee", required_argument, NULL, O_TRACEE },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_opts o = { .repeat = 1, .timeout = 60 };
	struct race ra = { .o = &o, .seconds = 10, .round_s = ROUND_S,
			   .max_fail = 1, .shrink = true, .kinds = -1,
			   .comp = -1, .migrate = -1, .sigs = -1,
			   .quiet_ms = -1 };
	const char *replay = NULL, *profile = NULL, *tracee = NULL;
	struct race_cfg fixed;
	struct fpabi_machine m;
	bool seeded = false;
	int c, ret = 2, kfd = -1;
	struct tap t;
	char *end;

	o.argv0 = "fpabi";
	optind = 1;
	while ((c = getopt_long(argc, argv, "n:s:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': ra.seconds = strtod(optarg, &end);
			if (*end || ra.seconds <= 0) goto bad;
			break;
		case O_ROUND: ra.round_s = strtod(optarg, &end);
			if (*end || ra.round_s < 0.2) goto bad;
			break;
		case 's': o.seed = strtoull(optarg, &end, 0); seeded = true;
			if (*end || !*optarg) goto bad;
			break;
		case O_KINDS:
		case O_REPLAY:
			ra.kinds = parse_kinds(optarg);
			if (ra.kinds < 0) goto bad;
			if (c == O_REPLAY)
				replay = optarg;
			break;
		case O_VARIANT: ra.variant = optarg; break;
		case O_COMP: ra.comp = parse_comp(optarg);
			if (ra.comp < 0) goto bad;
			break;
		case O_MIGRATE: ra.migrate = 1; break;
		case O_NOMIGRATE: ra.migrate = 0; break;
		case O_SIGNALS: ra.sigs = parse_sigs(optarg);
			if (ra.sigs < 0) goto bad;
			break;
		case O_QUIET: ra.quiet_ms = (int)(strtod(optarg, &end) * 1000);
			if (*end || ra.quiet_ms < 0) goto bad;
			break;
		case O_MAXF: ra.max_fail = strtoul(optarg, &end, 10);
			if (*end || !ra.max_fail) goto bad;
			break;
		case O_NOSHRINK: ra.shrink = false; break;
		case O_INJECT: fpabi_parse_inject(&o, optarg); break;
		case O_KMSG: o.kmsg = true; break;
		case O_PROFILE: profile = optarg; break;
		case O_TRACEE: tracee = optarg; break;
		case 'v': fpabi_verbose = 1; break;
		case 'h': fputs(race_usage, stdout); return 0;
		default: goto bad;
		}
	}
	if (optind < argc || parse_inject(&ra) < 0)
		goto bad;
	if (profile && !fpabi_profile_find(profile)) {
		fprintf(stderr, "fpabi: unknown --profile '%s'\n", profile);
		return 2;
	}
	if (!seeded && getrandom(&o.seed, sizeof(o.seed), 0) != sizeof(o.seed))
		o.seed = (uint64_t)getpid() * 2654435761u;
	if (!seeded)
		o.seed &= 0xffffffffffffull;
	fpabi_probe(&m, profile);
	ra.m = &m;
	pick_cpus(&ra);
	if (!variants(&ra) || options_done(&ra, replay, seeded, &fixed) < 0)
		return 2;
	o.tracee = fpabi_find_tracee(tracee);
	if (access(o.tracee, X_OK) != 0)
		die("cannot run the tracee %s: %s (use --tracee)", o.tracee,
		    strerror(errno));
	fpabi_setup_signals();
	ra.progress = isatty(2);
	if (replay)
		ra.shrink = false;	/* it is the reproducer */
	if (o.kmsg)
		kfd = kmsg_open();
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(&m, stdout, "# ");
	header(&ra, &t, replay);
	race_loop(&ra, &t, replay ? &fixed : NULL);
	if (ra.progress)
		fputc('\n', stderr);
	proof_points(&ra, &t);
	totals(&ra, &t);
	if (o.kmsg)
		kmsg_tap_result(&t, kfd);
	tap_plan(&t, t.n);
	tap_totals(&t);
	ret = t.failed ? 1 : 0;
	if (kfd >= 0)
		close(kfd);
	free((char *)o.tracee);
	return ret;
bad:
	fprintf(stderr, "fpabi race: bad usage\nTry 'fpabi race --help'.\n");
	return 2;
}
