// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench stress: the stress engine's cost, the same lists run
 * checked and bare (every stop, regset read and dump, no comparison).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "fpabi/output.h"
#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/insns.h"
#include "fpabi/opts.h"
#include "fpabi/stats.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"
#include "fpabi/shm.h"
#include "../stress/stress-int.h"

/* --- fpabi bench stress --- */

/*
 * The bench's k-th list: stress's, without a competitor and without the
 * steps whose proof polls with a budget (a spin the tracer waits for, a
 * migration it waits to see): their waits are noise, not the engine.
 */
static void bench_seq(const struct stress *st, uint64_t seed, unsigned k,
		      struct stress_seq *q)
{
	unsigned j, i;

	for (j = 0;; j++) {
		seq_gen(st, seed, k + j * 1000003u, q);
		for (i = 0; i < q->n; i++)
			if (op_has(q->s[i].op, OPF_SPIN))
				break;
		if (i == q->n || j == 100)
			break;
	}
	q->comp = COMP_NONE;
}

/* The tracer's own CPU time so far (user and system), in seconds. */
static double cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static const char bench_stress_usage[] =
"Usage: fpabi bench stress [-n SAMPLES] [--sequences N] [--seed S]\n"
"                          [--json FILE]\n"
"The stress engine's cost: each sample runs the same N stress sequences\n"
"(no competitor) twice, once checked and once bare (every ptrace stop,\n"
"regset read, dump and frame copy, the model's bookkeeping, but no\n"
"comparison), and reports events per second of each and the share of\n"
"the wall time and of the tracer's CPU time the checks take (target:\n"
"under 25%).  Lists with steps whose proof is polled (spins, migration\n"
"while running) are left out: their waits are noise.\n";

/* The figures of one run of the bench: per sample, and summarised. */
struct bs_figures {
	unsigned samples, nseq;
	unsigned long events, checks;	/* per sample */
	double *v[4];			/* per sample: BS_* */
	struct stat5 st[4];
};

enum { BS_EPS, BS_BARE, BS_COST, BS_CPU };
static const char *const bs_key[4] = {
	"checked_events_per_s", "bare_events_per_s", "check_cost_pct",
	"check_cpu_pct",
};

/* One warm-up sample, then each sample runs the lists checked and bare. */
static void bs_measure(const struct stress *st, uint64_t seed,
		       struct bs_figures *f)
{
	unsigned i, k;

	for (i = 0; i <= f->samples && !fpabi_interrupted; i++) {
		double tc = 0, tb = 0, cc = 0, cb = 0;
		unsigned long ev = 0, ch = 0;

		for (k = 0; k < f->nseq; k++) {
			struct stress_seq q;
			struct outcome out;
			double t0, c0;

			bench_seq(st, seed, k, &q);
			t0 = now_s();
			c0 = cpu_s();
			if (i)
				insns_begin(INSNS_SLOT_CHECKED);
			run_seq_mode(st, &q, "bench", &out, false);
			if (i)
				insns_end(INSNS_SLOT_CHECKED);
			cc += cpu_s() - c0;
			tc += now_s() - t0;
			ev += q.n;
			ch += out.checks;
			t0 = now_s();
			c0 = cpu_s();
			if (i)
				insns_begin(INSNS_SLOT_BARE);
			run_seq_mode(st, &q, "bench", &out, true);
			if (i)
				insns_end(INSNS_SLOT_BARE);
			cb += cpu_s() - c0;
			tb += now_s() - t0;
		}
		if (!i)
			continue;
		f->events = ev;
		f->checks = ch;
		f->v[BS_EPS][i - 1] = ev / tc;
		f->v[BS_BARE][i - 1] = ev / tb;
		/* what the checks cost in events per second, and in the
		 * tracer's CPU time (the comparisons are its work) */
		f->v[BS_COST][i - 1] = 100.0 * (tc - tb) / tc;
		f->v[BS_CPU][i - 1] = cc > 0 ? 100.0 * (cc - cb) / cc : 0;
	}
	for (k = 0; k < 4; k++)
		stat5_of(f->v[k], f->samples, &f->st[k]);
}

/*
 * Under fpabi-vm --count-insns: the same runs in instructions (the tracer,
 * the tracee and the kernel: everything the machine executed), which do
 * not move with the host's load.  YAML lines, and a comment.
 */
static void bs_counted(struct insns *ins, const struct bs_figures *f,
		       struct tap *t, char *y, size_t n)
{
	struct insns_per_event e;
	double ck, br, share;
	size_t o = strlen(y);

	if (!insns_per_event(ins, f->events * f->samples, &e)) {
		tap_comment(t, "insns: not counted: %s", ins->why);
		return;
	}
	ck = e.checked_user + e.checked_kernel;
	br = e.bare_user + e.bare_kernel;
	share = ck > 0 ? 100.0 * (ck - br) / ck : 0;
	if (o < n)
		snprintf(y + o, n - o, "counted_checked_instructions_per_event: "
			 "{user: %.1f, kernel: %.1f}\n"
			 "counted_bare_instructions_per_event: {user: %.1f, "
			 "kernel: %.1f}\ncounted_check_user_instructions_per_event: "
			 "%.1f\ncounted_check_share_pct: %.2f\n",
			 e.checked_user, e.checked_kernel, e.bare_user,
			 e.bare_kernel, e.checked_user - e.bare_user, share);
	/* the comparisons are the tracer's user-space work: that difference
	 * repeats to 0.1%; the kernel's share moves with the runs' timing */
	tap_comment(t, "counted: %.0f instructions per checked event, %.0f "
		    "bare: the checks are %.1f user instructions per event, "
		    "%.2f%% of all", ck, br, e.checked_user - e.bare_user,
		    share);
}

/* The figures as YAML (json false) or as a JSON object's members. */
static void bs_print(const struct bs_figures *f, bool json, char *y,
		     size_t n)
{
	size_t o;
	unsigned k;

	o = snprintf(y, n, json ? "\"sequences_per_sample\": %u, \"samples\": "
		     "%u, \"events_per_sample\": %lu, \"checks_per_sample\": %lu"
		     : "workload: stress\nsequences_per_sample: %u\nsamples: %u\n"
		     "events_per_sample: %lu\nchecks_per_sample: %lu\n",
		     f->nseq, f->samples, f->events, f->checks);
	for (k = 0; k < 4 && o < n; k++) {
		const struct stat5 *s = &f->st[k];

		o += snprintf(y + o, n - o, json ? ", \"%s\": {\"median\": %.1f, "
			      "\"q1\": %.1f, \"q3\": %.1f, \"min\": %.1f, "
			      "\"max\": %.1f}" : "%s: {median: %.1f, q1: %.1f, "
			      "q3: %.1f, min: %.1f, max: %.1f}\n", bs_key[k],
			      s->median, s->q1, s->q3, s->min, s->max);
	}
	if (!json && o < n)
		snprintf(y + o, n - o, "target_pct: 25\n");
}

/* The figures into out (opened before the run), closed: 0, or 2 after
 * saying why on stderr. */
static int bs_json(const struct bs_figures *f, FILE *out, const char *path)
{
	char body[1200];

	bs_print(f, true, body, sizeof(body));
	fprintf(out, "{\"arch\": \"%s\", \"results\": [{\"id\": "
		"\"stress/checked-vs-bare\", %s}]}\n", fpabi_arch.name, body);
	if (out == stdout ? ferror(out) + fflush(out) : ferror(out) + fclose(out)) {
		fprintf(stderr, "fpabi: writing %s: %s\n", path, strerror(errno));
		return 2;
	}
	return 0;
}

int bench_stress(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "samples", required_argument, NULL, 'n' },
		{ "sequences", required_argument, NULL, 'q' },
		{ "seed", required_argument, NULL, 's' },
		{ "json", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_opts o = { .repeat = 1, .timeout = 60, .seed = 1 };
	struct bs_figures f = { .samples = 11, .nseq = 40 };
	struct stress st = { .o = &o };
	const char *json = NULL;
	FILE *jf = NULL;
	struct fpabi_machine m;
	struct insns ins;
	struct tap t;
	char y[1600];
	int c, ret = 0;
	unsigned k;

	o.argv0 = "fpabi";
	fpabi_cmd_name = "fpabi bench stress";
	optind = 1;
	while ((c = getopt_long(argc, argv, "n:q:s:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': f.samples = opt_uint("--samples", optarg, 1, 100000);
			break;
		case 'q': f.nseq = opt_uint("--sequences", optarg, 1, 100000);
			break;
		case 's': o.seed = opt_seed("--seed", optarg); break;
		case 'j': json = optarg; break;
		case 'h': fputs(bench_stress_usage, stdout); return 0;
		default:
			fprintf(stderr, "Try 'fpabi bench stress --help'.\n");
			return 2;
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	/* a --json FILE that cannot be written is refused before the run */
	if (json && !(jf = output_open(json))) {
		fprintf(stderr, "fpabi: --json '%s': %s\n", json, strerror(errno));
		return 2;
	}
	fpabi_setup_signals();	/* before the probe: see main() in src/cmd/main.c */
	fpabi_probe(&m, NULL);
	st.m = &m;
	o.tracee = fpabi_find_tracee(NULL);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	harvest(&st);
	/* --json -: the JSON is stdout, the TAP goes to stderr */
	setvbuf(jf == stdout ? stderr : stdout, NULL, _IOLBF, 0);
	tap_begin(&t, jf == stdout ? stderr : stdout);
	fpabi_header(&m, t.out, "# ");
	if (st.voc[0].n && st.voc[0].nv &&
	    fpabi_ptrace_refused(y, sizeof(y))) {
		tap_plan_skip_all(&t, y);
		goto out;
	}
	if (!st.voc[0].n || !st.voc[0].nv) {
		tap_plan_skip_all(&t, "no case of this arch runs here");
		goto out;
	}
	fpabi_check_tracee(o.tracee);
	for (k = 0; k < 4; k++)
		f.v[k] = xzalloc(f.samples * sizeof(double));
	tap_plan(&t, 1);
	insns_open(&ins);
	bs_measure(&st, o.seed, &f);
	if (fpabi_interrupted) {	/* no figure from a part of the samples */
		insns_close(&ins);
		fpabi_interrupt_result(&t, "stress/checked-vs-bare");
		ret = fpabi_interrupt_end(&t, false);
		goto out;
	}
	bs_print(&f, false, y, sizeof(y));
	bs_counted(&ins, &f, &t, y, sizeof(y));
	insns_close(&ins);
	tap_comment(&t, "stress engine: %.0f checked events/s, %.0f bare: the "
		    "checks take %.1f%% of the wall time and %.1f%% of the "
		    "tracer's CPU time (medians of %u samples)",
		    f.st[BS_EPS].median, f.st[BS_BARE].median,
		    f.st[BS_COST].median, f.st[BS_CPU].median, f.samples);
	tap_result(&t, TAP_PASS, "stress/checked-vs-bare", NULL, y);
	if (jf)
		ret = bs_json(&f, jf, json);
	jf = NULL;
	tap_totals(&t);
out:
	if (jf && jf != stdout)
		fclose(jf);
	for (k = 0; k < 4; k++)
		free(f.v[k]);
	stress_free(&st);
	free((char *)o.tracee);
	free((char *)o.exec_probe);
	return ret;
}
