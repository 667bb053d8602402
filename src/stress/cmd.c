// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi stress, the command: random valid step lists from every family
 * run beside competitors that force switches, a test point per batch and
 * per forcing mode, and each failure's report with its shrunk
 * reproducer; or one list replayed.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/kmsg.h"
#include "fpabi/opts.h"
#include "fpabi/platform.h"
#include "fpabi/report.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

#include "fpabi/shm.h"
#include "stress-int.h"

static void yaml_kv(char *y, size_t n, const char *key, const char *val)
{
	char q[1400];

	yaml_quote(q, sizeof(q), val);
	snprintf(y + strlen(y), n - strlen(y), "%s: %s\n", key, q);
}

/* A failing sequence: its diagnosis, the shrunk list, the reproducer. */
static void report_failure(struct stress *st, struct tap *t,
			   const struct stress_seq *q, unsigned k,
			   const char *name, struct outcome *out)
{
	char y[8192], line[600], text[1200], id[192];
	const struct fpabi_run *r = &out->r;
	const struct fpabi_finding *f = &r->find[0];
	struct stress_seq s = *q;
	unsigned runs = 0;
	double t0 = now_s();

	seq_id(q, name, id, sizeof(id));
	y[0] = 0;
	if (r->timed_out) {
		tap_comment(t, "%s: the tracee did not finish within %u s",
			    id, st->o->timeout);
		snprintf(y, sizeof(y), "verdict: timeout\n");
	} else if (out->broken) {
		tap_comment(t, "%s: setup failed, no verdict on the kernel: %s",
			    id, r->broken);
		snprintf(y, sizeof(y), "verdict: broken\n");
		yaml_kv(y, sizeof(y), "reason", r->broken);
	} else {
		finding_line(f, line, sizeof(line));
		tap_comment(t, "%s", line);
		snprintf(y, sizeof(y), "verdict: fail\n");
	}
	yaml_kv(y, sizeof(y), "arch", fpabi_arch.name);
	yaml_kv(y, sizeof(y), "variant", q->v.name);
	yaml_kv(y, sizeof(y), "competitor", comp_names[q->comp]);
	snprintf(y + strlen(y), sizeof(y) - strlen(y),
		 "sequence: %u\nmaster_seed: %llu\nseed: %llu\n", k,
		 (unsigned long long)st->o->seed, (unsigned long long)q->seed);
	stress_format(q, text, sizeof(text));
	yaml_kv(y, sizeof(y), "steps", text);
	if (r->nfind) {
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "step: %d\nfindings: %u\n", f->step, r->nfind);
		yaml_kv(y, sizeof(y), "observer", f->observer);
		yaml_kv(y, sizeof(y), "register", f->what);
		yaml_kv(y, sizeof(y), "expected", f->expected);
		yaml_kv(y, sizeof(y), "got", f->got);
		yaml_kv(y, sizeof(y), "classification", canary_class_name(f->cls));
		yaml_kv(y, sizeof(y), "origin", f->origin);
		if (f->rule) {
			yaml_kv(y, sizeof(y), "rule", f->rule->id);
			yaml_kv(y, sizeof(y), "source", f->rule->source);
		}
	}
	if (r->proof[0])
		yaml_kv(y, sizeof(y), "proof", r->proof);
	if (st->shrink && !out->broken) {
		char sig[200];

		signature(out, sig, sizeof(sig));
		shrink(st, &s, sig, &runs);
		stress_format(&s, text, sizeof(text));
		yaml_kv(y, sizeof(y), "shrunk", text);
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "shrunk_steps: %u\nshrink_runs: %u\nshrink_seconds: "
			 "%.1f\n", s.n, runs, now_s() - t0);
	}
	stress_reproducer(st, &s, text, sizeof(text));
	yaml_kv(y, sizeof(y), "reproduce", text);
	/* (also as a comment: a harness that shows only the comments of a
	 * failing test, as automake's console does, still shows the list) */
	tap_comment(t, "reproduce: %s", text);
	/* a generated list's result is named by its place among the
	 * failures, never by its sequence number or seed (those are in
	 * the YAML block): the names of two runs are the same set */
	yaml_kv(y, sizeof(y), "sequence", id);
	if (!strncmp(name, "seq", 3))
		snprintf(id, sizeof(id), "%.16s.stress.failure-%u",
			 fpabi_arch.name, ++st->nreported);
	tap_result(t, TAP_FAIL, id, NULL, y);
}

struct totals {
	unsigned long seqs, events, checks, fails, unproven, broken, known,
		      rejected, proven;
};

static void progress(const struct stress *st, const struct totals *a,
		     double t0, double end)
{
	double now = now_s();

	if (!st->progress)
		return;
	fprintf(stderr, "\rstress: %4.0f s left, %lu sequences, %lu events "
		"(%.0f/s), %lu checks, %lu failures ", end - now > 0 ?
		end - now : 0, a->seqs, a->events,
		a->events / (now - t0 > 0 ? now - t0 : 1), a->checks, a->fails);
}

/* A batch's test point and its forcing proof, then the next batch. */
static void batch_point(struct tap *t, unsigned b, const struct totals *a,
			const struct totals *b0, const struct force_sum *fs,
			double secs)
{
	char id[96], txt[400];
	int i;

	snprintf(id, sizeof(id), "%s.stress.batch-%u", fpabi_arch.name, b);
	tap_comment(t, "batch %u: sequences %lu-%lu in %.1f s: %lu events, "
		    "%lu checks, %lu proven, %lu unproven (retried, then "
		    "skipped), %lu known issues", b, b0->seqs,
		    a->seqs ? a->seqs - 1 : 0, secs, a->events - b0->events,
		    a->checks - b0->checks, a->proven - b0->proven,
		    a->unproven - b0->unproven, a->known - b0->known);
	for (i = 0; i < F_NFORCE; i++) {
		if (!fs[i].runs)
			continue;
		force_text(i, &fs[i], txt, sizeof(txt));
		tap_comment(t, "batch %u proof: %s: %s", b, force_names[i], txt);
	}
	/* a batch passes for the lists whose state was proven; with none,
	 * it would pass vacuously */
	if (a->fails + a->broken > b0->fails + b0->broken)
		tap_result(t, TAP_FAIL, id, NULL, NULL);
	else if (a->proven == b0->proven)
		tap_result(t, TAP_SKIP, id, "no list of the batch proved the "
			   "state it ran in", NULL);
	else
		tap_result(t, TAP_PASS, id, NULL, NULL);
}

/*
 * A list whose state was not proven, after its retries: a SKIP with the
 * reason, never a pass.  Named by its place among the unproven lists, as
 * a failure is among the failures; the sequence is in the reason.
 */
static void report_unproven(struct tap *t, const struct outcome *out,
			    unsigned long nth)
{
	char id[96], why[sizeof(out->r.skip) + 200];

	snprintf(id, sizeof(id), "%s.stress.unproven-%lu", fpabi_arch.name,
		 nth);
	snprintf(why, sizeof(why), "%s: %s", out->r.id, out->r.skip[0] ?
		 out->r.skip : "scenario not proven");
	tap_result(t, TAP_SKIP, id, why, NULL);
}

/* Each forcing mode: proven at least once over the run, or why not. */
static void force_points(struct tap *t, const struct force_sum *fs)
{
	char id[96], txt[400], why[480];
	int i;

	for (i = 0; i < F_NFORCE; i++) {
		snprintf(id, sizeof(id), "%s.stress.forcing/%s",
			 fpabi_arch.name, force_names[i]);
		if (!fs[i].runs) {
			tap_result(t, TAP_SKIP, id, "no sequence used it (too "
				   "short a run, or the machine lacks two CPUs)",
				   NULL);
			continue;
		}
		force_text(i, &fs[i], txt, sizeof(txt));
		tap_comment(t, "%s: %s", force_names[i], txt);
		if (fs[i].proven) {
			tap_result(t, TAP_PASS, id, NULL, NULL);
		} else {
			snprintf(why, sizeof(why), "not proven in %u runs: %s",
				 fs[i].runs, txt);
			tap_result(t, TAP_SKIP, id, why, NULL);
		}
	}
}

static int stress_loop(struct stress *st, struct tap *t)
{
	struct totals a = { 0 }, b0 = { 0 };
	struct force_sum fs[F_NFORCE], all[F_NFORCE];
	double t0 = now_s(), end = t0 + st->seconds, tb = t0, tp = 0;
	unsigned k, batch = 0;

	st->end = end;

	memset(fs, 0, sizeof(fs));
	memset(all, 0, sizeof(all));
	for (k = 0; now_s() < end; k++) {
		struct stress_seq q;
		struct outcome out;
		char name[32], proof[640];
		int i;

		seq_gen(st, st->o->seed, k, &q);
		snprintf(name, sizeof(name), "seq%u", k);
		if (fpabi_verbose) {
			char text[1200];

			stress_format(&q, text, sizeof(text));
			vlog("sequence %u (seed %llu, %s, competitor %s%s): %s",
			     k, (unsigned long long)q.seed, q.v.name,
			     comp_names[q.comp], q.altstack ? ", altstack" : "",
			     text);
		}
		run_seq(st, &q, name, &out);
		if (fpabi_interrupt_result(t, name))
			break;
		a.seqs++;
		a.events += q.n;
		a.checks += out.checks;
		a.unproven += out.unproven;
		a.proven += !out.unproven && !out.fail && !out.broken &&
			    !out.rejected && !out.known;
		a.known += out.known;
		a.rejected += out.rejected;
		if (out.known)
			tap_comment(t, "%s: a known kernel issue, not counted as a "
				    "failure: %s", out.r.id, out.known_why);
		if (out.rejected)
			tap_comment(t, "%s: the model refused the list (%s): "
				    "not counted", out.r.id, out.r.broken);
		force_add(fs, &q, &out.r);
		/* every list's proof of the state it ran in */
		list_proof(&q, &out.r, proof, sizeof(proof));
		tap_comment(t, "%s: proof: %s", out.r.id, proof);
		if (out.unproven)
			report_unproven(t, &out, a.unproven);
		if (out.fail || out.broken) {
			if (st->progress)
				fputc('\n', stderr);
			a.fails += out.fail;
			a.broken += out.broken;
			report_failure(st, t, &q, k, name, &out);
		}
		if (now_s() - tp > 0.25) {
			progress(st, &a, t0, end);
			tp = now_s();
		}
		if (now_s() - tb >= 10 || now_s() >= end ||
		    a.fails + a.broken >= st->max_fail) {
			batch_point(t, ++batch, &a, &b0, fs, now_s() - tb);
			for (i = 0; i < F_NFORCE; i++)
				force_merge(&all[i], &fs[i]);
			memset(fs, 0, sizeof(fs));
			b0 = a;
			tb = now_s();
		}
		if (a.fails + a.broken >= st->max_fail)
			break;
	}
	if (st->progress)
		fputc('\n', stderr);
	force_points(t, all);
	tap_comment(t, "stress: %lu sequences, %lu events, %lu checks, %lu "
		    "failures, %lu broken, %lu proven, %lu unproven, %lu known "
		    "issues, %lu refused by the model in %.1f s (%.0f events/s, "
		    "%.0f checks/s)", a.seqs, a.events, a.checks, a.fails,
		    a.broken, a.proven, a.unproven, a.known, a.rejected,
		    now_s() - t0, a.events / (now_s() - t0),
		    a.checks / (now_s() - t0));
	return 0;
}

static int parse_comp(const char *s)
{
	int i;

	for (i = 0; i < COMP_NMODES; i++)
		if (!strcmp(s, comp_names[i]))
			return i;
	return -1;
}

/* --replay: the one list, run --repeat times or until it fails. */
static int replay(struct stress *st, struct tap *t, const char *steps,
		  const char *variant, int comp, bool altstack, unsigned repeat)
{
	struct stress_seq q;
	struct walk_state w;
	struct outcome out;
	char why[200];
	unsigned cls, i;
	int vi = -1;

	memset(&q, 0, sizeof(q));
	for (cls = 0; cls < 3 && vi < 0; cls += 2)
		for (i = 0; i < (unsigned)st->voc[cls].nv && vi < 0; i++)
			if (!variant || !strcmp(variant, st->voc[cls].v[i].name)) {
				vi = i;
				q.cls = cls;
			}
	if (vi < 0) {
		fprintf(stderr, "fpabi: no variant '%s' on this machine\n",
			variant ? variant : "");
		return 2;
	}
	q.v = st->voc[q.cls].v[vi];
	q.comp = comp;
	q.altstack = altstack;
	q.seed = st->o->seed;
	if (stress_parse(steps, &q, why, sizeof(why)) < 0 ||
	    seq_check(st, &q, &w, why, sizeof(why)) < 0) {
		fprintf(stderr, "fpabi: --replay: %s\n", why);
		return 2;
	}
	tap_plan(t, repeat);
	for (i = 0; i < repeat; i++) {
		run_seq(st, &q, "replay", &out);
		if (fpabi_interrupt_result(t, "replay"))
			return fpabi_interrupt_end(t, false);
		if (out.fail || out.broken) {
			st->shrink = false;
			report_failure(st, t, &q, i, "replay", &out);
			tap_totals(t);
			return 1;
		}
		tap_result(t, out.unproven ? TAP_SKIP : TAP_PASS, out.r.id,
			   out.unproven ? (out.r.skip[0] ? out.r.skip :
					   out.r.broken) : NULL, NULL);
		if (out.r.proof[0])
			tap_comment(t, "proof: %s", out.r.proof);
	}
	tap_totals(t);
	return 0;
}

static const char stress_usage[] =
"Usage: fpabi stress [--seconds N] [--seed S] [OPTIONS]\n"
"       fpabi stress --replay 'STEPS' --variant V [--competitor MODE]\n"
"                    [--altstack] --seed S\n"
"Random step lists drawn from the steps of every case family this machine\n"
"runs, each run with the model checking every observation, beside a\n"
"competitor on the tracee's CPU (spinning, at SCHED_IDLE, or woken by\n"
"hrtimers at SCHED_FIFO) and with migrations.  A failure is shrunk to a\n"
"short list that still fails and printed as a --replay command line.\n"
"\n"
"  -n, --seconds N        run for N seconds (default 10)\n"
"  -s, --seed S           master seed (default: random, printed); with\n"
"                         --replay, the sequence's own seed\n"
"      --max-failures N   stop after N failing sequences (default 1)\n"
"      --no-shrink        report failures as found\n"
"      --replay STEPS     run one list (the syntax reproducers print)\n"
"      --variant V        its variant (default: the first)\n"
"      --competitor MODE  none, spin, idle or timer (default none)\n"
"      --altstack         its handlers on a sigaltstack\n"
"  -r, --repeat N         --replay: run it N times or until it fails\n"
"  -t, --timeout S        watchdog per sequence (default 60)\n"
"      --kmsg             fail if the kernel logs an Oops, BUG or WARNING\n"
"      --inject-fault=KIND:TARGET  as for run (TARGET any or stress);\n"
"                         unproven makes every list's proof of its state\n"
"                         fail: each is retried, then a SKIP\n"
"      --no-workarounds   never step around a platform quirk (as for run)\n"
"      --skip-exit N      exit status when ptrace is refused (default 0)\n"
"      --profile NAME, --tracee PATH, -v, -h\n"
"A list passes only in a state it proved (each forcing it used: switch\n"
"counts, the CPU a migration ended on); an unproven list is retried, then\n"
"a SKIP with the reason.\n"
"Progress goes to stderr when it is a terminal.  Exit status: 0 nothing\n"
"failed, 1 a sequence failed, 2 bad usage or setup.\n";

/* What the command line asked for. */
struct stress_args {
	const char *steps, *variant, *profile, *tracee;
	bool seeded, altstack;
	int comp;
};

/* Parse the options into st, o and a: 0, 1 (--help printed), or -1
 * (getopt_long() said what was wrong); bad values are usage errors. */
static int stress_options(int argc, char **argv, struct stress *st,
			  struct fpabi_opts *o, struct stress_args *a)
{
	enum { O_MAXF = 256, O_NOSHRINK, O_REPLAY, O_VARIANT, O_COMP,
	       O_ALTSTACK, O_SKIP_EXIT };
	static const struct option longopts[] = {
		FPABI_COMMON_OPTIONS, FPABI_RUN_OPTIONS,
		{ "seconds", required_argument, NULL, 'n' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "timeout", required_argument, NULL, 't' },
		{ "max-failures", required_argument, NULL, O_MAXF },
		{ "no-shrink", no_argument, NULL, O_NOSHRINK },
		{ "replay", required_argument, NULL, O_REPLAY },
		{ "variant", required_argument, NULL, O_VARIANT },
		{ "competitor", required_argument, NULL, O_COMP },
		{ "altstack", no_argument, NULL, O_ALTSTACK },
		{ "skip-exit", required_argument, NULL, O_SKIP_EXIT },
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_common_opts co = { .tracee = NULL };
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "n:s:r:t:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': st->seconds = opt_uint("--seconds", optarg, 1,
						 FPABI_SECONDS_MAX); break;
		case 'r': o->repeat = opt_uint("--repeat", optarg, 1, 1000000);
			break;
		case 't': o->timeout = opt_uint("--timeout", optarg, 1, 86400);
			break;
		case O_MAXF: st->max_fail = opt_uint("--max-failures", optarg,
						     1, 1000000); break;
		case O_SKIP_EXIT:
			o->skip_exit = opt_uint("--skip-exit", optarg, 0, 255);
			break;
		case O_NOSHRINK: st->shrink = false; break;
		case O_REPLAY: a->steps = optarg; break;
		case O_VARIANT: a->variant = optarg; break;
		case O_COMP:
			a->comp = parse_comp(optarg);
			if (a->comp < 0)
				usage_error("--competitor '%s': want none, "
					    "spin, idle or timer", optarg);
			break;
		case O_ALTSTACK: a->altstack = true; break;
		case 'h': fputs(stress_usage, stdout); return 1;
		default:
			if (!common_option(c, optarg, &co, o))
				return -1;
		}
	}
	a->seeded |= co.seeded;
	if (co.profile)
		a->profile = co.profile;
	if (co.tracee)
		a->tracee = co.tracee;
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	return 0;
}

/* What only goes with --replay, a fault that would hit nothing, a
 * profile that is not: usage errors. */
static void stress_check_args(const struct fpabi_opts *o,
			      const struct stress_args *a)
{
	if (a->profile && !fpabi_profile_find(a->profile))
		usage_error("unknown --profile '%s' (fpabi info --profiles "
			    "lists them)", a->profile);
	if (!a->steps && (a->variant || a->comp != COMP_NONE || a->altstack ||
			  o->repeat != 1))
		usage_error("%s goes with --replay", a->variant ? "--variant" :
			    a->comp != COMP_NONE ? "--competitor" :
			    a->altstack ? "--altstack" : "--repeat");
	if (a->steps && !a->seeded)
		usage_error("%s", "--replay needs the sequence's --seed");
	if (o->inject == INJ_STEP)
		usage_error("%s", "--inject-fault step: stress lists mark no "
			    "step to drop (byte or hang)");
	if (o->inject != INJ_NONE && strcmp(o->inject_target, "any") &&
	    strcmp(o->inject_target, "stress"))
		usage_error("--inject-fault TARGET '%s': stress takes any or "
			    "stress", o->inject_target);
}

/* ptrace refused, as run and fuzz say it: one SKIP of the whole plan. */
static int stress_refused(const struct fpabi_machine *m,
			  const struct fpabi_opts *o, const char *why)
{
	struct tap t;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(m, stdout, "# ");
	tap_plan_skip_all(&t, why);
	tap_totals(&t);
	return o->skip_exit;
}

/* The header, then the replay or the loop: the exit status. */
static int stress_run(struct stress *st, struct fpabi_opts *o,
		      const struct stress_args *a, int kfd)
{
	struct tap t;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(st->m, stdout, "# ");
	if (o->inject != INJ_NONE)
		tap_comment(&t, "fault injection: %s into %s (test-only: "
			    "failures below are expected)",
			    inject_kind_name(o->inject), o->inject_target);
	if (a->steps) {
		tap_comment(&t, "replay: seed %llu, variant %s, competitor %s%s",
			    (unsigned long long)o->seed,
			    a->variant ? a->variant : "-", comp_names[a->comp],
			    a->altstack ? ", altstack" : "");
		return replay(st, &t, a->steps, a->variant, a->comp,
			      a->altstack, o->repeat);
	}
	if (!st->voc[0].n || !st->voc[0].nv) {
		tap_plan_skip_all(&t, "no case of this arch runs here");
		return 0;
	}
	tap_comment(&t, "stress: master seed %llu, %u s, vocabulary %u steps "
		    "(%u in the extra variants), %d + %d variants",
		    (unsigned long long)o->seed, st->seconds, st->voc[0].n,
		    st->voc[2].n, st->voc[0].nv, st->voc[2].nv);
	stress_loop(st, &t);
	if (fpabi_interrupted)
		return fpabi_interrupt_end(&t, true);
	if (o->kmsg)
		kmsg_tap_result(&t, kfd);
	tap_plan(&t, t.n);
	tap_totals(&t);
	return t.failed ? 1 : 0;
}

int cmd_stress(int argc, char **argv)
{
	struct fpabi_opts o = { .repeat = 1, .timeout = 60 };
	struct stress st = { .o = &o, .seconds = 10, .max_fail = 1,
			     .shrink = true, .prove = true };
	struct stress_args a = { .comp = COMP_NONE };
	struct fpabi_machine m;
	int ret, kfd = -1;
	char why[256];

	o.argv0 = "fpabi";
	fpabi_cmd_name = "fpabi stress";
	ret = stress_options(argc, argv, &st, &o, &a);
	if (ret > 0)
		return 0;
	if (ret < 0) {
		/* getopt_long() said what was wrong */
		fprintf(stderr, "Try 'fpabi stress --help'.\n");
		return 2;
	}
	stress_check_args(&o, &a);
	if (!a.seeded &&
	    getrandom(&o.seed, sizeof(o.seed), 0) != sizeof(o.seed))
		o.seed = (uint64_t)getpid() * 2654435761u;
	if (!a.seeded)
		o.seed &= FPABI_SEED_MAX;
	fpabi_setup_signals();	/* before the probe: see main() in src/cmd/main.c */
	fpabi_probe(&m, a.profile);
	st.m = &m;
	o.tracee = fpabi_find_tracee(a.tracee);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	if (fpabi_ptrace_refused(why, sizeof(why))) {
		ret = stress_refused(&m, &o, why);
		free((char *)o.tracee);
		free((char *)o.exec_probe);
		return ret;
	}
	fpabi_check_tracee(o.tracee);
	harvest(&st);
	st.progress = isatty(2) && !a.steps;
	if (o.kmsg)
		kfd = kmsg_open();
	ret = stress_run(&st, &o, &a, kfd);
	if (kfd >= 0)
		close(kfd);
	stress_free(&st);
	free((char *)o.tracee);
	free((char *)o.exec_probe);
	return ret;
}
