// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi fuzz: the randomised hostile-input cases (by default the cases
 * marked .fuzz, the forge and ptrace-write families' "random" cases:
 * sigreturn of a frame, or a regset write, with random mutations, taken
 * or refused, with no stale, foreign or misplaced value allowed after it)
 * run again and again, each round with the next seed, for --seconds.
 *
 * Output is TAP: one test point per ten seconds of runs, which fails if
 * any of its runs failed, naming how many and the first one's reproducer;
 * the first FUZZ_MAX_REPORTS failing runs are also reported in full, as
 * `fpabi run` reports them (`fpabi run --filter ID --seed S` replays one
 * exactly: the mutations come from the run's seed).  With --kmsg a kernel
 * Oops, BUG or WARNING logged during the run fails it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/kmsg.h"
#include "fpabi/opts.h"
#include "fpabi/plan.h"
#include "fpabi/report.h"
#include "fpabi/run.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

/* what the default plan (the cases marked .fuzz) is called in the output */
#define FUZZ_DEFAULT_NAME	"the fuzz cases (*.random)"
#define FUZZ_BATCH_SECONDS	10
#define FUZZ_MAX_REPORTS	20

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool run_failed(const struct fpabi_run *r)
{
	return r->nfind || r->broken[0] || r->timed_out;
}

struct batch {
	unsigned no, runs, failed;
	uint64_t seed0, seed1;
	char first[256];	/* the first failure's reproducer */
};

static void batch_result(struct tap *t, struct batch *b, const char *filter)
{
	char id[160], yaml[512], q[300];

	if (!b->runs)
		return;
	/* the name holds no count or seed (a result history keys on it):
	 * those are in the comment and the YAML block */
	snprintf(id, sizeof(id), "%s.fuzz.batch-%u", fpabi_arch.name, b->no);
	tap_comment(t, "%s: %u runs of %s, seeds %llu..%llu", id, b->runs,
		    filter, (unsigned long long)b->seed0,
		    (unsigned long long)b->seed1);
	yaml_quote(q, sizeof(q), b->first);
	snprintf(yaml, sizeof(yaml), "verdict: fail\nruns: %u\nfailed_runs: %u\n"
		 "seeds: \"%llu..%llu\"\nfirst_failure: %s", b->runs, b->failed,
		 (unsigned long long)b->seed0, (unsigned long long)b->seed1, q);
	tap_result(t, b->failed ? TAP_FAIL : TAP_PASS, id, NULL,
		   b->failed ? yaml : NULL);
	b->no++;
	b->runs = b->failed = 0;
}

int cmd_fuzz(const struct fpabi_machine *m, struct fpabi_opts *o)
{
	const char *filter = o->filter ? o->filter : FUZZ_DEFAULT_NAME;
	unsigned long long runs = 0, checks = 0, failed = 0;
	double start = now(), end = start + o->seconds, batch_end;
	bool tty = isatty(STDERR_FILENO);
	struct batch b = { 0 };
	char why[256];
	uint64_t base = o->seed, k;
	struct plan p;
	struct tap t;
	unsigned i, runnable = 0;
	int kfd = -1;

	plan_select(&p, m, o);
	if (!o->filter) {	/* by default the cases marked fuzz */
		unsigned n = 0;

		for (i = 0; i < p.n; i++)
			if (p.items[i].c->fuzz)
				p.items[n++] = p.items[i];
		p.n = n;
	}
	fpabi_inject_check(o, &p);
	for (i = 0; i < p.n; i++)
		runnable += !p.items[i].skip;
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(m, stdout, "# ");
	if (!runnable || fpabi_ptrace_refused(why, sizeof(why))) {
		if (!runnable)
			snprintf(why, sizeof(why), "no case of %s runs here%s%s",
				 filter, p.n ? ": " : "",
				 p.n ? p.items[0].skip : "");
		tap_plan_skip_all(&t, why);
		plan_free(&p);
		return o->skip_exit;
	}
	fpabi_check_tracee(o->tracee);
	if (o->kmsg)
		kfd = kmsg_open();
	tap_comment(&t, "fuzz: %s for %u s from seed %llu, %u instances",
		    filter, o->seconds, (unsigned long long)base, runnable);
	batch_end = start + FUZZ_BATCH_SECONDS;
	for (k = 0; now() < end && !fpabi_interrupted; k++) {
		o->seed = (base + k) & FPABI_SEED_MAX;	/* replayable */
		if (!b.runs)
			b.seed0 = o->seed;
		b.seed1 = o->seed;
		for (i = 0; i < p.n; i++) {
			const struct plan_item *it = &p.items[i];
			struct fpabi_run r;
			unsigned attempt = 0;

			if (it->skip)
				continue;
			/* --seconds bound the whole: plus one run at most */
			if (now() >= end || fpabi_interrupted)
				break;
			do {
				init_run(&r, m, o, it, ++attempt);
				run_case(&r);
			} while (!fpabi_interrupted && run_again(&r));
			if (fpabi_interrupt_result(&t, r.id))
				break;
			runs++;
			b.runs++;
			checks += r.checks;
			if (run_failed(&r)) {
				if (!b.failed++)
					reproducer(&r, b.first, sizeof(b.first));
				if (failed++ < FUZZ_MAX_REPORTS)
					report(&t, &r);
			}
		}
		if (tty)
			fprintf(stderr, "\rfuzz: %.0f s, %llu runs (%.0f/s), %llu "
				"checks, %llu failed ", now() - start, runs,
				runs / (now() - start), checks, failed);
		if (now() >= batch_end) {
			batch_result(&t, &b, filter);
			batch_end = now() + FUZZ_BATCH_SECONDS;
		}
	}
	batch_result(&t, &b, filter);
	if (tty)
		fputc('\n', stderr);
	if (o->kmsg)
		kmsg_tap_result(&t, kfd);
	tap_comment(&t, "fuzz: %llu runs in %.1f s, %llu values checked, "
		    "%llu failed; seeds %llu..%llu", runs, now() - start,
		    checks, failed, (unsigned long long)base,
		    (unsigned long long)((base + k - 1) & FPABI_SEED_MAX));
	o->seed = base;
	plan_free(&p);
	if (fpabi_interrupted)
		return fpabi_interrupt_end(&t, true);
	tap_plan(&t, t.n);
	tap_totals(&t);
	return t.failed ? 1 : 0;
}
