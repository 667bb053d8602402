// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi: the command line.  `run` (the default) plans the cases for this
 * machine and runs each in its own tracee; `list` and `info` describe them.
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/output.h"
#include "fpabi/calib.h"
#include "fpabi/escape.h"
#include "fpabi/commands.h"
#include "fpabi/certify.h"
#include "fpabi/compare.h"
#include "fpabi/describe.h"
#include "fpabi/common-run.h"
#include "fpabi/kmsg.h"
#include "fpabi/axes.h"
#include "fpabi/matrix.h"
#include "fpabi/opts.h"
#include "fpabi/race-run.h"
#include "fpabi/plan.h"
#include "fpabi/platform.h"
#include "fpabi/record.h"
#include "fpabi/report.h"
#include "fpabi/steps.h"
#include "fpabi/reports.h"
#include "fpabi/util.h"

static const char usage[] =
"Usage: fpabi [COMMAND] [OPTIONS]\n"
"Check the Linux ABI of floating-point and vector register state: what the\n"
"tracee's own registers, the ptrace regsets and the signal frames show\n"
"across syscalls, stops, writes and context switches.  Output is TAP 13.\n"
"\n"
"Commands:\n"
"  run            run the cases for this machine (the default)\n"
"  list           every case ID, what it needs, whether it can run here\n"
"  list --rules   every ABI rule the model encodes, and its source\n"
"  list --axes    the kernel's branch variables: who reads each, how fpabi\n"
"                 sets it and proves it\n"
"  list --matrix [NAME]  the generated matrices (regset-write, signal-edit):\n"
"                 their axes, cells, and what each cell expects\n"
"  info           kernel, CPU features, register layout, ABI profile, the\n"
"                 platform (hardware, guest, QEMU TCG) and its quirks\n"
"  info --profiles every ABI profile of this arch: the kernels it is chosen\n"
"                 for, what differs, the model flags it sets\n"
"  bench          time syscalls, signals, switches and ptrace with vector\n"
"                 state live; compare two runs (fpabi bench --help)\n"
"  fuzz           run the randomised hostile-input cases (by default\n"
"                 *.forge.random/* and *.ptrace-write.random/*: random\n"
"                 signal frame and regset write mutations) with a new\n"
"                 seed each round for --seconds; failures as in run\n"
"  stress         random step lists from every family beside competitors\n"
"                 that force switches; shrink a failure to a reproducer\n"
"                 (fpabi stress --help)\n"
"  repro ID       run one case instance (--seed S) and write it as a\n"
"                 standalone C reproducer (fpabi repro --help)\n"
"  compare A.json B.json  what changed from run A to run B: new and fixed\n"
"                 failures, new and vanished IDs, skips, known issues, the\n"
"                 environment; exit 1 when B regresses (fpabi compare --help)\n"
"  certify -o DIR run every tier (or report --from RUN.json) and write\n"
"                 DIR/report.json and DIR/report.html: the artefacts a lab\n"
"                 files (fpabi certify --help)\n"
"  merge A.json B.json ... [-o FILE]  join the --json reports of a run's\n"
"                 shards (--shard I/N) into one (fpabi merge --help)\n"
"  race           the unobserved loop: load, event, store and compare in\n"
"                 the untraced tracee's assembly, thousands of times a\n"
"                 second, beside competitors and signals (fpabi race --help)\n"
"\n"
"Options:\n"
"  -f, --filter GLOB[,GLOB]  run only case IDs matching a glob, or a family\n"
"      --exclude GLOB[,GLOB] skip the cases they match (globs or families;\n"
"                            repeatable): SKIP, with the reason\n"
"      --skip-file FILE      skip each case ID or glob FILE lists, one a line\n"
"                            ('#' starts a comment)\n"
"      --warn-unmatched      a --filter or --exclude glob or a --skip-file\n"
"                            line that matches no case is a warning, not\n"
"                            an error\n"
"  -s, --seed N              seed of the canaries (default: random, printed)\n"
"  -r, --repeat N            run the plan N times, seeds S, S+1, ...; each\n"
"                            result's ID ends in @rK (K = 1..N)\n"
"      --seconds N           fuzz: run for N seconds (default 60)\n"
"  -t, --timeout SECONDS     watchdog per case (default 60)\n"
"      --race-share SECONDS  run: the race loop's rounds for SECONDS after\n"
"                            the cases, one test point ARCH.race.share\n"
"                            (fpabi-vm passes 4; default 0: none)\n"
"      --skip-exit N         exit status when nothing ran (every case\n"
"                            skipped; default 0, with --format kselftest\n"
"                            4, KSFT_SKIP; autopkgtest wants 77)\n"
"      --shard I/N           run only shard I of N (1 <= I <= N): the\n"
"                            planned IDs whose hash modulo N is I-1, the\n"
"                            same on every machine (run, list); without\n"
"                            --seed the seed is 1, the same for each shard\n"
"      --tracee PATH         the tracee program (default: next to fpabi,\n"
"                            then in the installed layout relative to\n"
"                            fpabi, then " FPABI_LIBEXECDIR "/fpabi-tracee)\n"
"      --tier NAME           default (the quick suite), full: also the\n"
"                            unobserved twins, the task histories and the\n"
"                            placements, matrix: also the generated\n"
"                            matrices (a pairwise covering array of their\n"
"                            axes), or exhaustive: the matrices three-way\n"
"                            (run, list)\n"
"      --profile NAME        model ABI profile NAME instead of the one the\n"
"                            kernel's version picks (run, list, info)\n"
"      --no-workarounds      never step around a platform quirk: the cases\n"
"                            it can change SKIP instead (the header names\n"
"                            the quirks)\n"
"      --format tap|kselftest  run: the TAP dialect on stdout (kselftest: as\n"
"                            kselftest.h prints it; a known issue is\n"
"                            ok # XFAIL, a SKIP's reason on a comment line)\n"
"      --known todo|xfail|skip|fail  run: report a known kernel issue as\n"
"                            not ok # TODO (tap's default), ok # XFAIL\n"
"                            (kselftest's), ok # SKIP, or a failure\n"
"      --junit FILE          run: write the results as JUnit XML to FILE\n"
"      --kcidb FILE          run: write the results as KernelCI's KCIDB I/O\n"
"                            JSON (kcidb-io schema v5.3) to FILE\n"
"      --json FILE           run: write the results as JSON to FILE; list,\n"
"                            list --matrix and info: themselves as JSON\n"
"                            (FILE '-' or none: stdout)\n"
"      --kmsg                fail if the kernel logs an Oops, BUG or WARNING\n"
"                            while the suite runs (reads /dev/kmsg)\n"
"      --inject-fault=KIND:TARGET\n"
"                            test-only: prove the checks can fail.  KIND is\n"
"                            byte (corrupt one observed byte), step (drop\n"
"                            the case's marked step), hang (the tracee\n"
"                            spins: the watchdog must end it), known (a\n"
"                            byte fault reported as a known issue),\n"
"                            unproven (every observation of a scenario\n"
"                            precondition, and an eviction's proof, says\n"
"                            it did not hold), iovlen\n"
"                            (every GETREGSET claims 4096 bytes more than\n"
"                            its buffer) or interrupt (the runner sends\n"
"                            itself SIGTERM at a fork or clone event stop,\n"
"                            before the new child is let go); TARGET\n"
"                            is a family, a case ID glob, or any; up to 4\n"
"                            times, a case takes the first that hits it\n"
"  -v, --verbose             explain on stderr what the runner does\n"
"  -h, --help                this text\n"
"  -V, --version             the version\n"
"\n"
"Exit status: 0 nothing failed, 1 a case failed, 2 bad usage or setup;\n"
"--skip-exit's when nothing ran.  --format kselftest: 0, 1, 4 when nothing\n"
"ran, and bad usage or setup is 1 after a \"Bail out!\" line (KSFT_FAIL).\n";

static enum tap_format_opt parse_format(const char *s)
{
	if (!strcmp(s, "tap"))
		return FMT_TAP;
	if (!strcmp(s, "kselftest"))
		return FMT_KSELFTEST;
	bad_usage("--format is tap or kselftest, got '%s'", s);
}

static const char *tier_name(enum fpabi_tier t)
{
	return t == TIER_EXHAUSTIVE ? "exhaustive" : t == TIER_MATRIX ? "matrix" :
	       t == TIER_FULL ? "full" : "default";
}

/* the run whose reports a die() completes (a setup error) */
static struct tap *bail_tap;
static pid_t bail_pid;

static int bail_setup_error(const char *msg)
{
	/* the runner's, never a forked helper's die() */
	if (!bail_tap || getpid() != bail_pid)
		return 0;
	tap_abort(bail_tap, RUN_SETUP_ERROR, msg);
	return 1;
}

/* The TAP stream: stdout, or stderr where a report is on stdout
 * (--json -, --junit -, --kcidb -). */
static FILE *tap_stream(const struct fpabi_opts *o)
{
	bool json = o->json && !strcmp(o->json, "-");
	bool junit = o->junit && !strcmp(o->junit, "-");
	bool kcidb = o->kcidb && !strcmp(o->kcidb, "-");

	struct stat so, se;

	if (json + junit + kcidb > 1)
		bad_usage("%s", "only one of --json, --junit and --kcidb can be - "
			  "(stdout)");
	if (!json && !junit && !kcidb)
		return stdout;
	/* stderr the same file as stdout (fpabi-vm's guest sends both out
	 * of one port): the report alone, the TAP nowhere */
	if (!fstat(1, &so) && !fstat(2, &se) && so.st_dev == se.st_dev &&
	    so.st_ino == se.st_ino && !isatty(1)) {
		FILE *null = fopen("/dev/null", "w");

		if (null)
			return null;
	}
	return stderr;
}

static enum tap_known parse_known(const char *s)
{
	enum tap_known k;

	if (tap_known_parse(s, &k) < 0)
		bad_usage("--known is todo, xfail, skip or fail, got '%s'", s);
	return k;
}

/*
 * --format kselftest, wherever it stands: bad usage and setup errors are
 * kselftest's KSFT_FAIL (1) after a "Bail out!" line, from the first
 * option parsed on (2 is KSFT_XFAIL to a kselftest runner).
 */
static void kselftest_errors(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--format=kselftest") ||
		    (!strcmp(argv[i], "--format") && i + 1 < argc &&
		     !strcmp(argv[i + 1], "kselftest")))
			fpabi_bail_out = 1;
}

/*
 * --junit and --json: reports of the run beside its TAP, begun with the
 * TAP; from here a setup error (die()) is a Bail out! that completes them.
 */
static void reports_open(struct tap *t, const struct fpabi_machine *m,
			 const struct fpabi_opts *o, const char *cmd,
			 const struct plan *p)
{
	FILE *out = tap_stream(o);
	struct report_run run = {
		.m = m, .seed = o->seed, .repeat = o->repeat, .command = cmd,
		.tracee = o->tracee, .exec_probe = o->exec_probe,
		.tier = tier_name(o->tier), .filter = o->filter,
		.skip_file = o->skip_file, .exclude = o->exclude,
		.nexclude = o->nexclude, .shard = o->shard,
		.nshards = o->nshards, .plan_ids = p->whole,
		.plan_sha = p->whole_sha,
	};

	clock_gettime(CLOCK_REALTIME, &run.start);
	clock_gettime(CLOCK_MONOTONIC, &run.mono);
	setvbuf(out, NULL, _IOLBF, 0);
	tap_begin_format(t, out, o->format == FMT_KSELFTEST ?
			 TAPF_KSELFTEST : TAPF_TAP);
	t->known = o->known ? o->known - 1 : t->known;
	if (o->junit)
		tap_add_sink(t, junit_open(o->junit, &run));
	if (o->json)
		tap_add_sink(t, json_open(o->json, &run));
	if (o->kcidb)
		tap_add_sink(t, kcidb_open(o->kcidb, &run));
	bail_tap = t;
	bail_pid = getpid();
	fpabi_die_hook = bail_setup_error;
}

static int cmd_profiles(const struct fpabi_machine *m)
{
	const struct fpabi_profile *p;

	for (p = fpabi_profiles; p->name; p++)
		printf("%s\t%s\tkernels: %s\tflags: %s\t%s%s\n",
		       fpabi_arch.name, p->name, p->kernels,
		       p->flag_names, p->summary,
		       !strcmp(p->name, m->profile_auto) ?
		       "\t(this kernel's)" : "");
	return 0;
}

static int cmd_info(const struct fpabi_machine *m, const struct fpabi_opts *o)
{
	if (o->json) {
		char *tracee = fpabi_find_tracee(NULL);
		char *probe = fpabi_sibling(tracee, "fpabi-exec-probe");
		struct report_run run = {
			.m = m, .tracee = tracee, .exec_probe = probe,
		};
		FILE *f = report_output(o->json);
		int ret = info_json(f, m, &run);

		if (f == stdout ? fflush(f) : ferror(f) | fclose(f))
			die("writing %s: failed", o->json);
		free(tracee);
		free(probe);
		return ret;
	}
	fpabi_header(m, stdout, "");
	fpabi_arch.info(m, stdout);
	return 0;
}

/*
 * The cases (arch.family.name) whose .rule is id, ", " separated, or "-"
 * when no case declares it: such a rule is applied by the model inside
 * other cases' checks (its findings name it).
 */
static void rule_cases(const char *id, char *buf, size_t n)
{
	const struct fpabi_family *const *fam;
	size_t len = 0;
	unsigned i;

	buf[0] = 0;
	for (fam = fpabi_arch.families; *fam; fam++)
		for (i = 0; i < (*fam)->ncases && len < n; i++) {
			const struct fpabi_case *c = &(*fam)->cases[i];

			if (!c->rule || strcmp(c->rule, id))
				continue;
			len += snprintf(buf + len, n - len, "%s%s.%s.%s",
					len ? ", " : "", fpabi_arch.name,
					c->family, c->name);
		}
	if (!len)
		snprintf(buf, n, "-");
}

/*
 * `list --rules`: the catalogue, one rule a line: arch, ID, the rule, its
 * source, the profiles it holds in, the cases that declare it.  It reads
 * only the tables, never the machine, so docs/abi-rules.md can be made
 * from it anywhere.
 */
static int list_rules(void)
{
	const struct fpabi_rule *ru;
	static char cases[8192];

	for (ru = fpabi_arch.rules; ru->id; ru++) {
		rule_cases(ru->id, cases, sizeof(cases));
		printf("%s\t%s\t%s\t%s\tprofiles: %s\tcases: %s\n",
		       fpabi_arch.name, ru->id, ru->text, ru->source,
		       ru->profiles ? ru->profiles : "all", cases);
	}
	return 0;
}

static int cmd_list(const struct fpabi_machine *m, const struct fpabi_opts *o,
		    bool rules)
{
	struct plan p;
	unsigned i;

	if (rules)
		return list_rules();
	if (o->json) {
		FILE *f = report_output(o->json);
		int ret = list_json(f, m, o, tier_name(o->tier));

		if (f == stdout ? fflush(f) : ferror(f) | fclose(f))
			die("writing %s: failed", o->json);
		return ret;
	}
	plan_select(&p, m, o);
	for (i = 0; i < p.n; i++) {
		const struct fpabi_case *c = p.items[i].c;
		char needs[160], kver[32] = "", pre[1024];

		if (c->min_kver)
			snprintf(kver, sizeof(kver), "%skernel>=%u.%u",
				 c->needs ? "," : "", c->min_kver >> 16,
				 c->min_kver >> 8 & 0xff);
		need_names(c->needs, needs, sizeof(needs) - sizeof(kver));
		if (!c->needs && c->min_kver)
			needs[0] = 0;
		strcat(needs, kver);
		steps_preconditions(m, c, &p.items[i].v, p.items[i].param,
				    p.items[i].place, pre, sizeof(pre));
		printf("%s\tneeds: %s\trule: %s\tdrop: %s\t%s%s\tpre: %s\n",
		       p.items[i].id, needs,
		       c->rule, c->drop >= 0 && c->drop_class ? c->drop_class : "-",
		       p.items[i].skip ? "skip: " : "runnable",
		       p.items[i].skip ? p.items[i].skip : "", pre);
	}
	plan_free(&p);
	return 0;
}

static int json_matrix(const struct fpabi_machine *m,
		       const struct fpabi_opts *o, const char *name)
{
	FILE *f = report_output(o->json);
	int ret = list_matrix_json(f, m, name);

	if (f == stdout ? fflush(f) : ferror(f) | fclose(f))
		die("writing %s: failed", o->json);
	return ret;
}

/* `list --json`, `info --json`: no FILE (last, or before an option) is
 * stdout */
static void json_stdout_args(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--json") &&
		    (i + 1 == argc || (argv[i + 1][0] == '-' && argv[i + 1][1])))
			argv[i] = (char *)"--json=-";
}

/* The reports and the plan's slicing: which command takes them. */
static void report_scope(const struct fpabi_opts *o, const char *cmd,
			 unsigned given, bool listing)
{
	if ((o->junit || (given & 32) || o->kcidb || o->known) &&
	    strcmp(cmd, "run"))
		bad_usage("%s", "--format, --known, --junit and --kcidb go with "
			  "the run command");
	if (o->json && (listing || (strcmp(cmd, "run") && strcmp(cmd, "list") &&
				    strcmp(cmd, "info"))))
		bad_usage("%s", "--json goes with run, list, list --matrix and info");
	if (o->nshards && strcmp(cmd, "run") && strcmp(cmd, "list"))
		bad_usage("%s", "--shard goes with run or list");
}

/* The whole plan skipped: the header, one `1..0 # SKIP` line, the counts. */
static int run_refused(const struct fpabi_machine *m,
		       const struct fpabi_opts *o, struct plan *p,
		       unsigned ninst, const char *why)
{
	struct tap t;

	reports_open(&t, m, o, "run", p);
	plan_free(p);
	/* the plan directly after the version line: tap.py's rule */
	tap_plan_skip_all(&t, why);
	fpabi_header(m, t.out, "# ");
	tap_comment(&t, "%u case instances, none can run here", ninst);
	/* a refused ptrace ends the run early; an empty shard is complete */
	if (!strncmp(why, "ptrace refused", 14)) {
		t.outcome = RUN_PTRACE_REFUSED;
		snprintf(t.outcome_reason, sizeof(t.outcome_reason), "%s", why);
	}
	tap_totals(&t);
	fpabi_die_hook = NULL;
	return o->skip_exit;
}

/* a matrix's coverage line (matrix_coverage_lines()) as a comment */
static void coverage_line(void *t, const char *line)
{
	tap_comment(t, "%s", line);
}

static int cmd_run(const struct fpabi_machine *m, struct fpabi_opts *o)
{
	char why[256];

	struct plan p;
	struct tap t;
	unsigned i, rep, runnable = 0;
	uint64_t base = o->seed;
	int kfd = -1;

	plan_select(&p, m, o);
	fpabi_inject_check(o, &p);
	if (!p.n) {
		snprintf(why, sizeof(why), "no planned case is in --shard %u/%u",
			 o->shard, o->nshards);
		return run_refused(m, o, &p, 0, why);
	}
	for (i = 0; i < p.n; i++)
		runnable += !p.items[i].skip;
	if (runnable && fpabi_ptrace_refused(why, sizeof(why)))
		return run_refused(m, o, &p, p.n * o->repeat, why);
	reports_open(&t, m, o, "run", &p);
	if (runnable)
		fpabi_check_tracee(o->tracee);
	if (o->kmsg)
		kfd = kmsg_open();

	/* the count is known: the plan directly after the version line
	 * (tap.py accepts a plan only there, first or last) */
	/* the race share once per run, in shard 1 of a sharded one */
	if (o->nshards > 1 && o->shard != 1)
		o->race_share = 0;
	tap_plan(&t, p.n * o->repeat + (o->kmsg ? 1 : 0) +
		 (o->race_share ? 1 : 0));
	fpabi_header(m, t.out, "# ");
	tap_comment(&t, "seed: %llu, repeat: %u, timeout: %u s, tier: %s",
		    (unsigned long long)base, o->repeat, o->timeout,
		    tier_name(o->tier));
	tap_comment(&t, "tracee: %s", o->tracee);
	for (i = 0; i < o->ninj; i++)
		tap_comment(&t, "fault injection: %s into %s (test-only: "
			    "failures below are expected%s)",
			    inject_kind_name(o->inj[i].kind), o->inj[i].target,
			    o->inj[i].kind == INJ_KNOWN ? "; reported as a "
			    "known issue" : "");
	tap_comment(&t, "%u case instances, %u runnable here", p.n, runnable);
	matrix_coverage_lines(m, &p, o->tier, coverage_line, &t);

	for (rep = 0; rep < o->repeat; rep++) {
		o->seed = base + rep;
		/* every result a name of its own (docs/users/running.md) */
		if (o->repeat > 1)
			snprintf(t.suffix, sizeof(t.suffix), "@r%u", rep + 1);
		for (i = 0; i < p.n; i++) {
			const struct plan_item *it = &p.items[i];
			struct fpabi_run r;
			struct timespec t0, t1;
			unsigned attempt = 0;

			if (fpabi_interrupted)
				break;
			if (it->skip) {
				tap_result(&t, TAP_SKIP, it->id, it->skip, NULL);
				continue;
			}
			clock_gettime(CLOCK_MONOTONIC, &t0);
			do {
				init_run(&r, m, o, it, ++attempt);
				vlog("running %s (seed %llu, attempt %u)", r.id,
				     (unsigned long long)o->seed, attempt);
				run_case(&r);
				vlog("%s: %u values checked, %u findings", r.id,
				     r.checks, r.nfind);
			} while (!fpabi_interrupted && run_again(&r));
			clock_gettime(CLOCK_MONOTONIC, &t1);
			r.seconds = (double)(t1.tv_sec - t0.tv_sec) +
				    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
			if (fpabi_interrupt_result(&t, r.id))
				break;
			if (attempt > 1 && !r.unproven)
				snprintf(r.proof + strlen(r.proof),
					 sizeof(r.proof) - strlen(r.proof),
					 "%sproven on attempt %u",
					 r.proof[0] ? "; " : "", attempt);
			report(&t, &r);
		}
	}
	o->seed = base;
	if (fpabi_interrupted) {
		plan_free(&p);
		return fpabi_interrupt_end(&t, false);
	}
	t.suffix[0] = 0;
	/* the race loop's share: what the traced cases cannot reach (a
	 * switch or a signal at any instruction of the window) */
	if (o->race_share)
		race_share(m, o, &t, o->race_share);
	if (fpabi_interrupted) {
		plan_free(&p);
		return fpabi_interrupt_end(&t, false);
	}
	if (o->kmsg)
		kmsg_tap_result(&t, kfd);
	tap_totals(&t);
	fpabi_die_hook = NULL;
	plan_free(&p);
	if (t.failed)
		return 1;
	/* nothing ran: every case skipped (README: exit status) */
	if (!t.passed && !t.todo)
		return o->skip_exit;
	return 0;
}

/* path with its directory resolved (the file itself may not exist yet),
 * in a buffer of PATH_MAX; NULL if the directory cannot be resolved */
static char *resolve_dir(const char *path, char *out)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX], real[PATH_MAX];

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path + 1) : 1,
		 slash ? path : ".");
	if (!realpath(dir, real))
		return NULL;
	if ((size_t)snprintf(out, PATH_MAX, "%s/%s", real,
			     slash ? slash + 1 : path) >= PATH_MAX)
		return NULL;
	return out;
}

/* Do a and b name one file (as given, through their directories, or the
 * file they already are)? */
static bool same_path(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	struct stat sa, sb;

	if (!strcmp(a, b))
		return true;
	if (resolve_dir(a, ra) && resolve_dir(b, rb) && !strcmp(ra, rb))
		return true;
	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/*
 * The seed (random unless given: 48 bits, with room for --repeat after
 * it), and options given to a command that has no use for them.
 */
static void seed_and_scope(struct fpabi_opts *o, const char *cmd, bool seeded,
			   unsigned given)
{
	static const char *const names[] = {
		"--tracee", "--kmsg", "--timeout", "--repeat", "--skip-exit",
	};
	unsigned i;

	if ((o->nexclude || o->skip_file) && !strcmp(cmd, "info"))
		bad_usage("%s goes with run, list or fuzz",
			  o->nexclude ? "--exclude" : "--skip-file");
	if (o->warn_unmatched && !o->nexclude && !o->skip_file && !o->filter)
		bad_usage("%s", "--warn-unmatched goes with --exclude, "
			  "--skip-file or --filter");
	/* list and info start no tracee: an option of a run is a mistake */
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if ((given >> i & 1) && (!strcmp(cmd, "list") ||
					 !strcmp(cmd, "info")))
			bad_usage("%s goes with run or fuzz, not %s", names[i],
				  cmd);
	if (o->race_share && strcmp(cmd, "run"))
		bad_usage("--race-share goes with run, not %s", cmd);
	if (o->junit && o->json && same_path(o->junit, o->json))
		bad_usage("--junit '%s' and --json '%s' are one file", o->junit,
			  o->json);
	/* the shards of one run share its seed, wherever each runs:
	 * --shard without --seed is seed 1 (fpabi merge refuses shards of
	 * other seeds) */
	if (!seeded && o->nshards) {
		o->seed = 1;
	} else if (!seeded) {
		if (getrandom(&o->seed, sizeof(o->seed), 0) != sizeof(o->seed))
			o->seed = (uint64_t)getpid() * 2654435761u;
		o->seed %= FPABI_SEED_MAX - (o->repeat - 1) + 1;
	}
	if (o->seed > FPABI_SEED_MAX - (o->repeat - 1))
		bad_usage("--seed %llu with --repeat %u: the last seed would be "
			  "past %llu", (unsigned long long)o->seed, o->repeat,
			  FPABI_SEED_MAX);
}

/* The commands with their own options, wherever they stand among the
 * leading ones (`fpabi --kmsg bench ...` from fpabi-vm is bench too). */
static const struct {
	const char *name;
	int (*cmd)(int argc, char **argv);
} subcommands[] = {
	{ "bench", cmd_bench }, { "stress", cmd_stress }, { "race", cmd_race },
	{ "repro", cmd_repro }, { "compare", cmd_compare },
	{ "certify", cmd_certify }, { "merge", cmd_merge },
};

/*
 * The command, which may stand anywhere among the options (cmd if none);
 * `list --matrix NAME` takes the word after it as the matrix's name.
 */
static const char *take_command(int argc, char **argv, const char *cmd,
				const char **matrix)
{
	if (optind < argc)
		cmd = argv[optind++];
	if (*matrix && !**matrix && optind < argc && !strcmp(cmd, "list"))
		*matrix = argv[optind++];
	if (optind < argc)
		bad_usage("unexpected argument '%s'", argv[optind]);
	return cmd;
}

enum { OPT_SKIP_EXIT = 256, OPT_RULES, OPT_PROFILES, OPT_SECONDS, OPT_TIER,
       OPT_FORMAT, OPT_JUNIT, OPT_JSON, OPT_KCIDB, OPT_EXCLUDE, OPT_SKIP_FILE,
       OPT_MATRIX, OPT_KNOWN, OPT_SHARD, OPT_AXES, OPT_WARN_UNMATCHED,
       OPT_RACE_SHARE };

/* --matrix [NAME]: NAME, or "" for every one */
static const char *matrix_arg(const char *arg)
{
	if (arg && !*arg)
		bad_usage("%s", "--matrix '': name a matrix, or give none for "
			  "every one");
	return arg ? arg : "";
}

/* fpabi [run|list|info|fuzz]'s options */
static const struct option longopts[] = {
	FPABI_COMMON_OPTIONS, FPABI_RUN_OPTIONS,
	{ "filter", required_argument, NULL, 'f' },
	{ "exclude", required_argument, NULL, OPT_EXCLUDE },
	{ "skip-file", required_argument, NULL, OPT_SKIP_FILE },
	{ "warn-unmatched", no_argument, NULL, OPT_WARN_UNMATCHED },
	{ "seconds", required_argument, NULL, OPT_SECONDS },
	{ "tier", required_argument, NULL, OPT_TIER },
	{ "repeat", required_argument, NULL, 'r' },
	{ "timeout", required_argument, NULL, 't' },
	{ "skip-exit", required_argument, NULL, OPT_SKIP_EXIT },
	{ "race-share", required_argument, NULL, OPT_RACE_SHARE },
	{ "rules", no_argument, NULL, OPT_RULES },
	{ "matrix", optional_argument, NULL, OPT_MATRIX },
	{ "axes", no_argument, NULL, OPT_AXES },
	{ "profiles", no_argument, NULL, OPT_PROFILES },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "known", required_argument, NULL, OPT_KNOWN },
	{ "shard", required_argument, NULL, OPT_SHARD },
	{ "junit", required_argument, NULL, OPT_JUNIT },
	{ "json", required_argument, NULL, OPT_JSON },
	{ "kcidb", required_argument, NULL, OPT_KCIDB },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

int main(int argc, char **argv)
{
	struct fpabi_opts o = { .repeat = 1, .timeout = 60 };
	const char *cmd = "run", *tracee = NULL, *profile = NULL;
	struct fpabi_machine m;
	bool rules = false, seeded = false, profiles = false, seconds = false;
	bool axes = false;
	const char *matrix = NULL;	/* --matrix [NAME]: "" for every one */
	struct fpabi_common_opts co = { .tracee = NULL };
	static const char **exclude;	/* static: reachable until exit */
	unsigned k, given = 0;	/* bits: seed_and_scope()'s names[] */
	int c, i, ret;

	output_std_fds();
	esc_stderr();
	o.argv0 = argv[0];
	check_stdout_at_exit();
	json_stdout_args(argc, argv);
	kselftest_errors(argc, argv);
	o.exclude = exclude = xzalloc(argc * sizeof(*exclude));
	for (i = 1; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--"); i++)
		;	/* `fpabi --kmsg bench ...` (fpabi-vm) is bench too */
	for (k = 0; i < argc && k < ARRAY_SIZE(subcommands); k++)
		if (!strcmp(argv[i], subcommands[k].name)) {
			memmove(argv + 2, argv + 1, (i - 1) * sizeof(*argv));
			argv[1] = (char *)subcommands[k].name;
			return subcommands[k].cmd(argc - 1, argv + 1);
		}
	while ((c = getopt_long(argc, argv, "f:s:r:t:vhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': o.filter = plan_check_globs("--filter", optarg); break;
		case OPT_EXCLUDE:
			exclude[o.nexclude++] = plan_check_globs("--exclude", optarg);
			break;
		case OPT_WARN_UNMATCHED: o.warn_unmatched = true; break;
		case OPT_SKIP_FILE: o.skip_file = optarg; break;
		case 'r': o.repeat = opt_uint("--repeat", optarg, 1, 100000); given |= 8; break;
		case 't': o.timeout = opt_uint("--timeout", optarg, 1, 86400); given |= 4; break;
		case OPT_RACE_SHARE: o.race_share = opt_uint("--race-share", optarg, 0, 3600); break;
		case OPT_SKIP_EXIT: o.skip_exit = opt_uint("--skip-exit", optarg, 0, 255); o.skip_exit_given = true; given |= 16; break;
		case OPT_SECONDS: o.seconds = opt_uint("--seconds", optarg, 1, FPABI_SECONDS_MAX); seconds = true; break;
		case OPT_RULES: rules = true; break;
		case OPT_MATRIX: matrix = matrix_arg(optarg); break;
		case OPT_AXES: axes = true; break;
		case OPT_PROFILES: profiles = true; break;
		case OPT_TIER: o.tier = plan_parse_tier(optarg); break;
		case OPT_FORMAT: o.format = parse_format(optarg); given |= 32; break;
		case OPT_KNOWN: o.known = parse_known(optarg) + 1; break;
		case OPT_SHARD: opt_shard(optarg, &o.shard, &o.nshards); break;
		case OPT_JUNIT: o.junit = optarg; break;
		case OPT_JSON: o.json = optarg; break;
		case OPT_KCIDB: o.kcidb = optarg; break;
		case 'h': fputs(usage, stdout); return 0;
		case 'V': printf("fpabi %s\n", PACKAGE_VERSION); return 0;
		default:
			if (common_option(c, optarg, &co, &o))
				break;
			fprintf(stderr, "Try 'fpabi --help'.\n");
			return 2;
		}
	}
	seeded = co.seeded;
	tracee = co.tracee;
	profile = co.profile;
	given |= (tracee ? 1 : 0) | (o.kmsg ? 2 : 0);
	cmd = take_command(argc, argv, cmd, &matrix);
	if (!strcmp(cmd, "bench"))
		bad_usage("%s", "options that take a value go after the word bench");
	if (strcmp(cmd, "run") && strcmp(cmd, "list") && strcmp(cmd, "info") &&
	    strcmp(cmd, "fuzz"))
		bad_usage("unknown command '%s'", cmd);
	if (seconds && strcmp(cmd, "fuzz"))
		bad_usage("%s", "--seconds goes with the fuzz command");
	if (!strcmp(cmd, "fuzz") && !seconds)
		o.seconds = 60;
	report_scope(&o, cmd, given, rules || profiles);
	if (o.format == FMT_KSELFTEST && !o.skip_exit_given)
		o.skip_exit = 4;	/* KSFT_SKIP */
	if (rules && strcmp(cmd, "list"))
		bad_usage("%s", "--rules goes with the list command");
	if (matrix && (strcmp(cmd, "list") || rules))
		bad_usage("%s", "--matrix goes with the list command, alone");
	if (axes && (strcmp(cmd, "list") || rules || matrix))
		bad_usage("%s", "--axes goes with the list command, alone");
	if (profiles && strcmp(cmd, "info"))
		bad_usage("%s", "--profiles goes with the info command");
	if (profile && !fpabi_profile_find(profile)) {
		char names[256];

		profile_names(names, sizeof(names));
		bad_usage("unknown --profile '%s'; %s has: %s", profile,
			  fpabi_arch.name, names);
	}
	seed_and_scope(&o, cmd, seeded, given);

	fpabi_calib_seed = o.seed;
	/* a command that runs cases takes its signals before the probe (the
	 * calibration takes a while): one that comes then still ends the
	 * run with its plan, Bail out! and totals */
	if (!profiles && !axes && strcmp(cmd, "info") && strcmp(cmd, "list"))
		fpabi_setup_signals();
	fpabi_probe(&m, profile);
	if (profiles)
		return cmd_profiles(&m);
	if (!strcmp(cmd, "info"))
		return cmd_info(&m, &o);
	if (!strcmp(cmd, "list") && matrix && o.json)
		return json_matrix(&m, &o, *matrix ? matrix : NULL);
	if (axes)
		return axes_list(fpabi_arch.axes, fpabi_arch.name);
	if (!strcmp(cmd, "list"))
		return matrix ? matrix_list(&m, *matrix ? matrix : NULL,
					    o.tier) :
		       cmd_list(&m, &o, rules);
	o.tracee = fpabi_find_tracee(tracee);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	ret = !strcmp(cmd, "fuzz") ? cmd_fuzz(&m, &o) : cmd_run(&m, &o);
	free((char *)o.tracee);
	free((char *)o.exec_probe);
	return ret;
}
