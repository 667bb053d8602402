// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `fpabi repro`: run one case instance with the recorder's hooks armed,
 * then let the arch write it out as a standalone C program.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/output.h"
#include "fpabi/plan.h"
#include "fpabi/record.h"
#include "fpabi/run.h"
#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/util.h"

static unsigned repro_flags;	/* REPRO_KSELFTEST */

static const char repro_usage[] =
"usage: fpabi repro ID --seed S [-o FILE] [--kselftest] [--profile NAME] [--tracee PATH]\n"
"       fpabi repro --filter ID --seed S [-o FILE]\n"
"       fpabi repro --sample [--filter GLOB] --seed S\n"
"Runs case instance ID once with seed S and writes it as one standalone C\n"
"program (libc only; gcc -static -O2 FILE) that replays its steps and checks\n"
"the words that differed (or, on a pass, words of the case's rule): it\n"
"exits 1 when the kernel shows the bug, 0 when not, 3 when only fields its\n"
"control shows the CPU itself changes differ, 4 when the machine lacks a\n"
"feature.  --inject-fault=step:TARGET (test-only) records the run with its\n"
"marked step dropped, as fpabi run does.  --kselftest writes the same\n"
"scenario as a kselftest program (the ksft_* API of kselftest.h, GPL-2.0)\n"
"for tools/testing/selftests/x86 or arm64/fp.  --sample writes one\n"
"for the first runnable instance of each family (of each case --filter\n"
"matches) to stdout, each after a line /* ==== fpabi repro: ID ==== */.\n";

/* Run plan item it once, recorded, and write it to f; 0, 3 (refused,
 * why filled) or a die() for a run without a verdict. */
static int repro_one(const struct fpabi_machine *m, struct fpabi_opts *o,
		     const struct plan_item *it, FILE *f, char *why, size_t n,
		     unsigned *nfind)
{
	struct fpabi_rec rec;
	struct fpabi_run r;
	unsigned attempt = 0;
	int ret;

	do {
		init_run(&r, m, o, it, ++attempt);
		record_begin(&rec, &r);
		run_case(&r);
		record_end();
		if (r.unproven && attempt < FPABI_ATTEMPTS)
			record_free(&rec);
	} while (r.unproven && attempt < FPABI_ATTEMPTS);
	if (r.broken[0] || r.timed_out || r.skip[0]) {
		snprintf(why, n, "no verdict (%.200s)", r.broken[0] ?
			 r.broken : r.timed_out ? "timeout" : r.skip);
		record_free(&rec);
		return 2;
	}
	*nfind = r.nfind;
	ret = repro_write(&rec, f, repro_flags, why, n) < 0 ? 3 : 0;
	record_free(&rec);
	return ret;
}

static int repro_run(const struct fpabi_machine *m, struct fpabi_opts *o,
		     const char *id, const char *out)
{
	struct plan p;
	const struct plan_item *it = NULL;
	unsigned i, nfind = 0;
	char why[256];
	FILE *f;
	int ret;

	plan_build(&p, m, id, TIER_MATRIX);
	for (i = 0; i < p.n; i++)
		if (!strcmp(p.items[i].id, id))
			it = &p.items[i];
	if (!it) {
		/* a cell of the three-way array only */
		plan_free(&p);
		plan_build(&p, m, id, TIER_EXHAUSTIVE);
		for (i = 0; i < p.n; i++)
			if (!strcmp(p.items[i].id, id))
				it = &p.items[i];
	}
	if (!it)
		die("no case instance '%s' (fpabi list names them)", id);
	if (it->skip)
		die("%s: not runnable here: %s", id, it->skip);
	if (fpabi_ptrace_refused(why, sizeof(why)))
		die("%s", why);
	f = out ? output_open(out) : stdout;
	if (!f)
		die("%s: %s", out, strerror(errno));
	ret = repro_one(m, o, it, f, why, sizeof(why), &nfind);
	if ((out && fclose(f)) || (!out && fflush(f)))
		die("%s: write failed", out ? out : "stdout");
	if (ret && out)
		remove(out);
	if (ret == 2)
		die("%s: %s", id, why);
	if (ret == 3)
		fprintf(stderr, "fpabi: %s cannot be made standalone: %s\n",
			id, why);
	else if (out)
		/* (on stdout the file is all there is: fpabi-vm's guest
		 * sends stderr there too) */
		fprintf(stderr, "fpabi: %s (seed %llu): wrote %s, %u findings\n",
			id, (unsigned long long)o->seed, out, nfind);
	plan_free(&p);
	return ret;
}

/*
 * --sample: the first runnable instance of each case --filter matches
 * (without one: of each family), every reproducer on stdout after a
 * marker line naming it; a refused one is its marker line with the reason.
 */
static int repro_sample(const struct fpabi_machine *m, struct fpabi_opts *o,
			const char *filter)
{
	struct plan p;
	unsigned i, k, nfind;
	char why[256], key[192], seen[64][192];
	unsigned nseen = 0;
	int ret;

	plan_build(&p, m, filter, TIER_DEFAULT);
	if (filter)
		plan_check_filter(&p, m, filter, TIER_DEFAULT,
				  UNMATCHED_ERROR_ONLY);
	if (fpabi_ptrace_refused(why, sizeof(why)))
		die("%s", why);
	for (i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.items[i];

		snprintf(key, sizeof(key), "%s", it->id);
		if (filter)
			key[strcspn(key, "/")] = 0;	/* the case */
		else
			*strchr(strchr(key, '.') + 1, '.') = 0;	/* family */
		for (k = 0; k < nseen && strcmp(seen[k], key); k++)
			;
		if (it->skip || k < nseen || nseen == ARRAY_SIZE(seen))
			continue;
		snprintf(seen[nseen++], sizeof(seen[0]), "%s", key);
		printf("/* ==== fpabi repro: %s ==== */\n", it->id);
		fflush(stdout);	/* (before the run forks) */
		ret = repro_one(m, o, it, stdout, why, sizeof(why), &nfind);
		if (ret)
			printf("/* ==== fpabi repro: %s: %s: %s ==== */\n",
			       it->id, ret == 3 ? "cannot be made standalone" :
			       "no verdict", why);
	}
	plan_free(&p);
	return fflush(stdout) ? 2 : 0;
}

int cmd_repro(int argc, char **argv)
{
	enum { OPT_SAMPLE = 256, OPT_KSELFTEST };
	/* (--kmsg: fpabi-vm adds it; a reproducer has no kernel-log check;
	 * --seed through the one strict parser: every seed a run prints is
	 * at most FPABI_SEED_MAX, and 010 is ten here as for run) */
	static const struct option longopts[] = {
		FPABI_COMMON_OPTIONS,
		{ "filter", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "sample", no_argument, NULL, OPT_SAMPLE },
		{ "kselftest", no_argument, NULL, OPT_KSELFTEST },
		/* (test-only: the recorded run drops its marked step, or runs
		 * without the calibration, so the file replays a scenario
		 * with a real difference, or the CPU's own) */
		FPABI_RUN_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_common_opts co = { .tracee = NULL };
	struct fpabi_opts o = { .repeat = 1, .timeout = 60 };
	const char *id = NULL, *out = NULL, *tracee = NULL, *profile = NULL;
	struct fpabi_machine m;
	bool sample = false;
	int c, ret;

	o.argv0 = argv[0];
	optind = 1;
	while ((c = getopt_long(argc, argv, "f:s:o:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': id = plan_check_globs("--filter", optarg); break;
		case 'o': out = strcmp(optarg, "-") ? optarg : NULL; break;
		case OPT_SAMPLE: sample = true; break;
		case OPT_KSELFTEST: repro_flags |= REPRO_KSELFTEST; break;
		case 'h': fputs(repro_usage, stdout); return 0;
		default:
			if (!common_option(c, optarg, &co, &o)) {
				fputs(repro_usage, stderr);
				return 2;
			}
		}
	}
	tracee = co.tracee;
	profile = co.profile;
	if (optind < argc && !id)
		id = argv[optind++];
	if (optind < argc || (!id && !sample) || !co.seeded) {
		fputs(repro_usage, stderr);
		return 2;
	}
	fpabi_setup_signals();	/* before the probe: see main() in src/cmd/main.c */
	fpabi_probe(&m, profile);
	o.tracee = fpabi_find_tracee(tracee);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	ret = sample ? repro_sample(&m, &o, id) : repro_run(&m, &o, id, out);
	free((char *)o.tracee);
	free((char *)o.exec_probe);
	return ret;
}
