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
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/kmsg.h"
#include "fpabi/plan.h"
#include "fpabi/platform.h"
#include "fpabi/report.h"
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
"\n"
"Options:\n"
"  -f, --filter GLOB[,GLOB]  run only case IDs matching a glob, or a family\n"
"  -s, --seed N              seed of the canaries (default: random, printed)\n"
"  -r, --repeat N            run the plan N times, seeds N, N+1, ...\n"
"      --seconds N           fuzz: run for N seconds (default 60)\n"
"  -t, --timeout SECONDS     watchdog per case (default 60)\n"
"      --skip-exit N         exit status when every case was skipped\n"
"                            (kselftest 4, autopkgtest 77; default 0)\n"
"      --tracee PATH         the tracee program (default: next to fpabi,\n"
"                            then " FPABI_LIBEXECDIR "/fpabi-tracee)\n"
"      --profile NAME        model ABI profile NAME instead of the one the\n"
"                            kernel's version picks (run, list, info)\n"
"      --no-workarounds      never step around a platform quirk: the cases\n"
"                            it can change SKIP instead (the header names\n"
"                            the quirks)\n"
"      --kmsg                fail if the kernel logs an Oops, BUG or WARNING\n"
"                            while the suite runs (reads /dev/kmsg)\n"
"      --inject-fault=KIND:TARGET\n"
"                            test-only: prove the checks can fail.  KIND is\n"
"                            byte (corrupt one observed byte), step (drop\n"
"                            the case's marked step) or hang (the tracee\n"
"                            spins: the watchdog must end it); TARGET is a\n"
"                            family, a case ID glob, or any\n"
"  -v, --verbose             explain on stderr what the runner does\n"
"  -h, --help                this text\n"
"  -V, --version             the version\n"
"\n"
"Exit status: 0 nothing failed, 1 a case failed, 2 bad usage or setup.\n";

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

static int cmd_info(const struct fpabi_machine *m)
{
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

static int cmd_list(const struct fpabi_machine *m, const char *filter,
		    bool rules)
{
	struct plan p;
	unsigned i;

	if (rules)
		return list_rules();
	plan_build(&p, m, filter);
	for (i = 0; i < p.n; i++) {
		const struct fpabi_case *c = p.items[i].c;
		char needs[160], kver[32] = "";

		if (c->min_kver)
			snprintf(kver, sizeof(kver), "%skernel>=%u.%u",
				 c->needs ? "," : "", c->min_kver >> 16,
				 c->min_kver >> 8 & 0xff);
		need_names(c->needs, needs, sizeof(needs) - sizeof(kver));
		if (!c->needs && c->min_kver)
			needs[0] = 0;
		strcat(needs, kver);
		printf("%s\tneeds: %s\trule: %s\tdrop: %s\t%s%s\n",
		       p.items[i].id, needs,
		       c->rule, c->drop >= 0 && c->drop_class ? c->drop_class : "-",
		       p.items[i].skip ? "skip: " : "runnable",
		       p.items[i].skip ? p.items[i].skip : "");
	}
	plan_free(&p);
	return 0;
}

/* The whole plan skipped: the header, one `1..0 # SKIP` line, the counts. */
static int run_refused(const struct fpabi_machine *m,
		       const struct fpabi_opts *o, unsigned ninst,
		       const char *why)
{
	struct tap t;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(m, stdout, "# ");
	tap_comment(&t, "%u case instances, none can run here", ninst);
	tap_plan_skip_all(&t, why);
	tap_totals(&t);
	return o->skip_exit;
}

static int cmd_run(const struct fpabi_machine *m, struct fpabi_opts *o)
{
	char why[256];

	struct plan p;
	struct tap t;
	unsigned i, rep, runnable = 0;
	uint64_t base = o->seed;
	int kfd = -1;

	plan_build(&p, m, o->filter);
	if (o->filter && !p.n)
		bad_usage("--filter '%s' matches no case", o->filter);
	for (i = 0; i < p.n; i++)
		runnable += !p.items[i].skip;
	if (runnable && fpabi_ptrace_refused(why, sizeof(why))) {
		i = p.n * o->repeat;
		plan_free(&p);
		return run_refused(m, o, i, why);
	}
	if (runnable && access(o->tracee, X_OK) != 0)
		die("cannot run the tracee %s: %s (use --tracee)", o->tracee,
		    strerror(errno));
	if (o->kmsg)
		kfd = kmsg_open();

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(m, stdout, "# ");
	tap_comment(&t, "seed: %llu, repeat: %u, timeout: %u s",
		    (unsigned long long)base, o->repeat, o->timeout);
	if (o->inject != INJ_NONE)
		tap_comment(&t, "fault injection: %s into %s (test-only: "
			    "failures below are expected)",
			    inject_kind_name(o->inject), o->inject_target);
	tap_comment(&t, "%u case instances, %u runnable here", p.n, runnable);
	tap_plan(&t, p.n * o->repeat + (o->kmsg ? 1 : 0));

	for (rep = 0; rep < o->repeat; rep++) {
		o->seed = base + rep;
		for (i = 0; i < p.n; i++) {
			const struct plan_item *it = &p.items[i];
			struct fpabi_run r;
			unsigned attempt = 0;

			if (it->skip) {
				tap_result(&t, TAP_SKIP, it->id, it->skip, NULL);
				continue;
			}
			do {
				init_run(&r, m, o, it, ++attempt);
				vlog("running %s (seed %llu, attempt %u)", r.id,
				     (unsigned long long)o->seed, attempt);
				run_case(&r);
				vlog("%s: %u values checked, %u findings", r.id,
				     r.checks, r.nfind);
			} while (r.unproven && attempt < FPABI_ATTEMPTS);
			if (attempt > 1 && !r.unproven)
				snprintf(r.proof + strlen(r.proof),
					 sizeof(r.proof) - strlen(r.proof),
					 "%sproven on attempt %u",
					 r.proof[0] ? "; " : "", attempt);
			report(&t, &r);
		}
	}
	o->seed = base;
	if (o->kmsg)
		kmsg_tap_result(&t, kfd);
	tap_totals(&t);
	plan_free(&p);
	if (t.failed)
		return 1;
	if (!t.passed && !t.todo && t.skipped)
		return o->skip_exit;
	return 0;
}

int main(int argc, char **argv)
{
	enum { OPT_SKIP_EXIT = 256, OPT_TRACEE, OPT_KMSG, OPT_INJECT, OPT_RULES,
	       OPT_PROFILE, OPT_PROFILES, OPT_SECONDS, OPT_NO_WORKAROUNDS };
	static const struct option longopts[] = {
		{ "filter", required_argument, NULL, 'f' },
		{ "seed", required_argument, NULL, 's' },
		{ "seconds", required_argument, NULL, OPT_SECONDS },
		{ "repeat", required_argument, NULL, 'r' },
		{ "timeout", required_argument, NULL, 't' },
		{ "skip-exit", required_argument, NULL, OPT_SKIP_EXIT },
		{ "tracee", required_argument, NULL, OPT_TRACEE },
		{ "kmsg", no_argument, NULL, OPT_KMSG },
		{ "inject-fault", required_argument, NULL, OPT_INJECT },
		{ "rules", no_argument, NULL, OPT_RULES },
		{ "profile", required_argument, NULL, OPT_PROFILE },
		{ "profiles", no_argument, NULL, OPT_PROFILES },
		{ "no-workarounds", no_argument, NULL, OPT_NO_WORKAROUNDS },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_opts o = { .repeat = 1, .timeout = 60 };
	const char *cmd = "run", *tracee = NULL, *profile = NULL;
	struct fpabi_machine m;
	bool rules = false, seeded = false, profiles = false, seconds = false;
	int c, i, ret;

	o.argv0 = argv[0];
	for (i = 1; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--"); i++)
		;	/* `fpabi --kmsg bench ...` (fpabi-vm) is bench too */
	if (i < argc && !strcmp(argv[i], "bench")) {
		memmove(argv + 2, argv + 1, (i - 1) * sizeof(*argv));
		argv[1] = (char *)"bench";
		return cmd_bench(argc - 1, argv + 1);
	}
	if (i < argc && !strcmp(argv[i], "stress")) {
		memmove(argv + 2, argv + 1, (i - 1) * sizeof(*argv));
		argv[1] = (char *)"stress";
		return cmd_stress(argc - 1, argv + 1);
	}
	while ((c = getopt_long(argc, argv, "f:s:r:t:vhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': o.filter = optarg; break;
		case 's': o.seed = parse_num(optarg, "--seed", ~0ull); seeded = true; break;
		case 'r': o.repeat = parse_num(optarg, "--repeat", 100000); break;
		case 't': o.timeout = parse_num(optarg, "--timeout", 86400); break;
		case OPT_SKIP_EXIT: o.skip_exit = parse_num(optarg, "--skip-exit", 255); break;
		case OPT_TRACEE: tracee = optarg; break;
		case OPT_SECONDS: o.seconds = parse_num(optarg, "--seconds", 86400 * 7); seconds = true; break;
		case OPT_KMSG: o.kmsg = true; break;
		case OPT_INJECT: fpabi_parse_inject(&o, optarg); break;
		case OPT_RULES: rules = true; break;
		case OPT_PROFILE: profile = optarg; break;
		case OPT_PROFILES: profiles = true; break;
		case OPT_NO_WORKAROUNDS: fpabi_no_workarounds = 1; break;
		case 'v': fpabi_verbose = 1; break;
		case 'h': fputs(usage, stdout); return 0;
		case 'V': printf("fpabi %s\n", PACKAGE_VERSION); return 0;
		default: fprintf(stderr, "Try 'fpabi --help'.\n"); return 2;
		}
	}
	/* the command may stand anywhere among the options */
	if (optind < argc)
		cmd = argv[optind++];
	if (optind < argc)
		bad_usage("unexpected argument '%s'", argv[optind]);
	if (!o.repeat || !o.timeout)
		bad_usage("%s must be at least 1", !o.repeat ? "--repeat" : "--timeout");
	if (!strcmp(cmd, "bench"))
		bad_usage("%s", "options that take a value go after the word bench");
	if (strcmp(cmd, "run") && strcmp(cmd, "list") && strcmp(cmd, "info") &&
	    strcmp(cmd, "fuzz"))
		bad_usage("unknown command '%s'", cmd);
	if (seconds && strcmp(cmd, "fuzz"))
		bad_usage("%s", "--seconds goes with the fuzz command");
	if (!strcmp(cmd, "fuzz") && !seconds)
		o.seconds = 60;
	if (!strcmp(cmd, "fuzz") && !o.seconds)
		bad_usage("%s", "--seconds must be at least 1");
	if (rules && strcmp(cmd, "list"))
		bad_usage("%s", "--rules goes with the list command");
	if (profiles && strcmp(cmd, "info"))
		bad_usage("%s", "--profiles goes with the info command");
	if (profile && !fpabi_profile_find(profile)) {
		char names[256];

		profile_names(names, sizeof(names));
		bad_usage("unknown --profile '%s'; %s has: %s", profile,
			  fpabi_arch.name, names);
	}
	if (!seeded && getrandom(&o.seed, sizeof(o.seed), 0) != sizeof(o.seed))
		o.seed = (uint64_t)getpid() * 2654435761u;
	o.seed &= 0xffffffffffffull;	/* short enough to retype */

	fpabi_probe(&m, profile);
	if (profiles)
		return cmd_profiles(&m);
	if (!strcmp(cmd, "info"))
		return cmd_info(&m);
	if (!strcmp(cmd, "list"))
		return cmd_list(&m, o.filter, rules);
	o.tracee = fpabi_find_tracee(tracee);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	fpabi_setup_signals();
	ret = !strcmp(cmd, "fuzz") ? cmd_fuzz(&m, &o) : cmd_run(&m, &o);
	free((char *)o.tracee);
	free((char *)o.exec_probe);
	return ret;
}
