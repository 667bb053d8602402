// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench race: the race loop's rates and the proof that it finds a
 * rare fault.  Checked iterations per second of one loop (on one CPU:
 * one vCPU in a guest) for the default mix of kinds with signals, for
 * single kinds, and beside a spinning competitor; and the seconds a run
 * of fpabi race takes to find one corrupted dump in 500, over seeded
 * runs.  The targets are printed beside the figures; the bench
 * reports them, it does not fail on them.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/kmsg.h"
#include "fpabi/opts.h"
#include "fpabi/race-run.h"
#include "fpabi/stats.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

#define TARGET_HW	100000	/* checked iterations/s on hardware */
#define TARGET_TCG	5000	/* per vCPU under QEMU TCG */
#define INJECT_RATE	500	/* 1 dump in 500 */
#define INJECT_SECS	30	/* found within this */
#define INJECT_NEED	19	/* in this many of 20 runs */

struct rate_def {
	const char *name;
	uint32_t kinds;		/* 0: every kind the machine runs */
	unsigned sigs, comp;
	const char *summary;
};

static const struct rate_def rates[] = {
	{ "loop", 0, RACE_SIG_TIMER | RACE_SIG_THREAD, COMP_NONE,
	  "every kind, timer and thread signals, no competitor: the target's "
	  "figure" },
	{ "getpid", 1u << RACE_GETPID, 0, COMP_NONE,
	  "getpid only, no signals" },
	{ "spin", 1u << RACE_SPIN, 0, COMP_NONE, "the spin only, no signals" },
	{ "competitor-spin", 0, RACE_SIG_TIMER | RACE_SIG_THREAD, COMP_SPIN,
	  "every kind beside a spinning competitor on the loop's CPU" },
};

struct bopts {
	unsigned samples, runs;
	double secs;
	bool in_vm;
};

/* One sample: a round of secs, its checked iterations per second. */
static double sample(const struct fpabi_machine *m, struct fpabi_opts *o,
		     const struct rate_def *d, const struct fpabi_variant *v,
		     double secs, uint64_t seed, char *why, size_t n)
{
	struct race_result res;
	struct race_round rd;

	memset(&rd, 0, sizeof(rd));
	rd.m = m;
	rd.o = o;
	race_pick_cpus(&rd.cpu, &rd.cpu2);
	rd.cfg.kinds = d->kinds ? d->kinds : race_all_kinds(m, rd.cpu2);
	rd.cfg.sigs = d->sigs;
	rd.cfg.comp = d->comp;
	rd.cfg.v = *v;
	rd.cfg.seed = seed;
	race_round_run(&rd, secs, &res);
	if (res.fail || res.broken) {
		snprintf(why, n, "%s", res.fail ? res.find.find[0].observer :
			 res.why);
		return -1;
	}
	return res.n.secs > 0 ? res.n.checked / res.n.secs : 0;
}

static void rate_result(struct tap *t, const struct fpabi_machine *m,
			struct fpabi_opts *o, const struct rate_def *d,
			const struct fpabi_variant *v, const struct bopts *b)
{
	double *x = xmalloc(b->samples * sizeof(*x));
	unsigned target = b->in_vm ? TARGET_TCG : TARGET_HW, i;
	char id[96], why[256], y[1024];
	struct stat5 s;

	snprintf(id, sizeof(id), "race/%s", d->name);
	/* a warm-up round first: a new process's first pages, and under
	 * TCG its first translations */
	sample(m, o, d, v, 0.5, 1, why, sizeof(why));
	for (i = 0; i < b->samples; i++) {
		x[i] = sample(m, o, d, v, b->secs, i + 1, why, sizeof(why));
		if (fpabi_interrupt_result(t, id)) {
			free(x);
			return;
		}
		if (x[i] < 0) {
			tap_result(t, TAP_FAIL, id, NULL, NULL);
			tap_comment(t, "%s: the round failed: %s", id, why);
			free(x);
			return;
		}
	}
	stat5_of(x, b->samples, &s);
	snprintf(y, sizeof(y), "summary: \"%s\"\nvariant: \"%s\"\n"
		 "iterations_per_s: {median: %.0f, q1: %.0f, q3: %.0f, min: "
		 "%.0f, max: %.0f}\nsamples: %u\nseconds_per_sample: %.1f\n",
		 d->summary, v->name, s.median, s.q1, s.q3, s.min, s.max,
		 b->samples, b->secs);
	if (d == &rates[0])
		snprintf(y + strlen(y), sizeof(y) - strlen(y),
			 "target: %u\ntarget_for: \"%s\"\nmeets_target: %s\n",
			 target, b->in_vm ? "one vCPU under QEMU TCG" :
			 "hardware", s.median >= target ? "yes" : "no");
	tap_result(t, TAP_PASS, id, NULL, y);
	tap_comment(t, "%s: %.0f checked iterations/s (median of %u)%s", id,
		    s.median, b->samples, d == &rates[0] ?
		    (s.median >= target ? ", meets the target" :
		     ", below the target") : "");
	free(x);
}

/* The proof: runs of fpabi race with 1 dump in 500 corrupted. */
static void inject_result(struct tap *t, const struct fpabi_machine *m,
			  struct fpabi_opts *o, const struct bopts *b)
{
	double *x = xmalloc(b->runs * sizeof(*x));
	unsigned i, found = 0, stale = 0, need;
	char y[1024], cls[300];
	struct stat5 s;

	need = (b->runs * INJECT_NEED + 19) / 20;
	for (i = 0; i < b->runs && !fpabi_interrupted; i++) {
		double tf = race_first_failure(m, o, i + 1, INJECT_RATE,
					       INJECT_SECS, cls, sizeof(cls));

		x[i] = tf >= 0 ? tf : INJECT_SECS;
		found += tf >= 0;
		stale += tf >= 0 && !strcmp(cls, "stale");
		tap_comment(t, "race/inject: seed %u: %s", i + 1, tf >= 0 ?
			    "found" : "not found");
		if (tf >= 0)
			tap_comment(t, "race/inject: seed %u: after %.2f s, %s",
				    i + 1, tf, cls);
	}
	if (fpabi_interrupt_result(t, "race/inject")) {
		free(x);
		return;
	}
	stat5_of(x, b->runs, &s);
	snprintf(y, sizeof(y), "summary: \"1 dump in %u corrupted with the "
		 "previous phase's word: runs of fpabi race until the first "
		 "failure, %u s at most\"\nruns: %u\nfound: %u\nclassified_stale: "
		 "%u\nseconds_to_find: {median: %.2f, q1: %.2f, q3: %.2f, min: "
		 "%.2f, max: %.2f}\ntarget: \"%u of 20 within %u s\"\n"
		 "meets_target: %s\n", INJECT_RATE, INJECT_SECS, b->runs,
		 found, stale, s.median, s.q1, s.q3, s.min, s.max, INJECT_NEED,
		 INJECT_SECS, found >= need ? "yes" : "no");
	tap_result(t, TAP_PASS, "race/inject", NULL, y);
	tap_comment(t, "race/inject: found within %u s in %u of %u seeded runs "
		    "(%u classified stale), median %.2f s", INJECT_SECS, found,
		    b->runs, stale, s.median);
	free(x);
}

static const char usage[] =
"Usage: fpabi bench race [-n SAMPLES] [--seconds S] [--runs N] [--no-inject]\n"
"The race loop's checked iterations per second (median of SAMPLES rounds of\n"
"S seconds, default 5 of 2) for every kind with signals (the targets: 100000\n"
"on hardware, 5000 per vCPU under QEMU TCG), single kinds, and beside a\n"
"competitor; then N (default 20) seeded runs of fpabi race with 1 dump in\n"
"500 corrupted: how many found it within 30 s (the target: 19 of 20).\n"
"  --kmsg, --tracee PATH, --profile NAME, -h\n";

int bench_race(int argc, char **argv)
{
	enum { O_SECS = 256, O_RUNS, O_NOINJ, O_TRACEE, O_PROFILE, O_KMSG };
	static const struct option longopts[] = {
		{ "samples", required_argument, NULL, 'n' },
		{ "seconds", required_argument, NULL, O_SECS },
		{ "runs", required_argument, NULL, O_RUNS },
		{ "no-inject", no_argument, NULL, O_NOINJ },
		{ "tracee", required_argument, NULL, O_TRACEE },
		{ "profile", required_argument, NULL, O_PROFILE },
		{ "kmsg", no_argument, NULL, O_KMSG },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct bopts b = { .samples = 5, .runs = 20, .secs = 2 };
	struct fpabi_opts o = { .repeat = 1, .timeout = 60, .argv0 = "fpabi" };
	const char *tracee = NULL, *profile = NULL;
	struct fpabi_variant v;
	struct fpabi_machine m;
	bool inject = true;
	struct tap t;
	unsigned i;
	int c, kfd = -1;

	optind = 1;
	while ((c = getopt_long(argc, argv, "n:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': b.samples = opt_uint("-n", optarg, 1, 1000); break;
		case O_SECS: b.secs = atof(optarg); break;
		case O_RUNS: b.runs = opt_uint("--runs", optarg, 1, 1000); break;
		case O_NOINJ: inject = false; break;
		case O_TRACEE: tracee = optarg; break;
		case O_PROFILE: profile = optarg; break;
		case O_KMSG: o.kmsg = true; break;
		case 'h': fputs(usage, stdout); return 0;
		default: fprintf(stderr, "Try 'fpabi bench race --help'.\n");
			return 2;
		}
	}
	if (optind < argc || !b.samples || !b.runs || b.secs < 0.2)
		bad_usage("%s", "bench race: bad usage");
	fpabi_setup_signals();	/* before the probe: see main() in src/cmd/main.c */
	fpabi_probe(&m, profile);
	o.tracee = fpabi_find_tracee(tracee);
	if (access(o.tracee, X_OK) != 0)
		die("cannot run the tracee %s: %s (use --tracee)", o.tracee,
		    strerror(errno));
	if (fpabi_arch.variants(&m, VSET_DEFAULT, &v, 1) < 1 || v.skip)
		die("no variant of this arch runs here");
	b.in_vm = getenv("FPABI_IN_VM") != NULL;
	if (o.kmsg)
		kfd = kmsg_open();
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(&m, stdout, "# ");
	tap_comment(&t, "bench race: %u samples of %.1f s per result, %s; "
		    "targets: %u checked iterations/s on hardware, %u per vCPU "
		    "under QEMU TCG, a fault in 1 of %u dumps found within %u s "
		    "in %u of 20 runs", b.samples, b.secs, b.in_vm ?
		    "in a guest (the TCG target applies)" : "on this machine",
		    TARGET_HW, TARGET_TCG, INJECT_RATE, INJECT_SECS, INJECT_NEED);
	for (i = 0; i < ARRAY_SIZE(rates) && !fpabi_interrupted; i++)
		rate_result(&t, &m, &o, &rates[i], &v, &b);
	if (inject && !fpabi_interrupted)
		inject_result(&t, &m, &o, &b);
	if (fpabi_interrupted) {
		free((char *)o.tracee);
		return fpabi_interrupt_end(&t, true);
	}
	if (o.kmsg) {
		kmsg_tap_result(&t, kfd);
		close(kfd);
	}
	tap_plan(&t, t.n);
	tap_totals(&t);
	free((char *)o.tracee);
	return t.failed ? 1 : 0;
}
