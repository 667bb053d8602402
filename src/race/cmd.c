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
#include "fpabi/opts.h"
#include "fpabi/plan.h"
#include "fpabi/platform.h"
#include "fpabi/race-run.h"
#include "fpabi/report.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"
#include "race-int.h"

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

/* the kinds this machine runs: a second CPU where the kind needs one,
 * what its syscall needs (urandom: NEED_URANDOM) */
static uint32_t runnable_kinds(const struct race *ra)
{
	uint32_t k = 0;
	unsigned i;

	for (i = 0; i < RACE_NKINDS; i++)
		if ((!race_kinds[i].smp2 || ra->cpu2 >= 0) &&
		    (!ra->m || !plan_sc_missing(ra->m, race_kinds[i].sc)))
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
		      k % 5 == 1 ? QUIET_MS : 0;
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
	double t0 = race_now(), end = t0 + ra->seconds;
	unsigned k;

	for (k = 0; race_now() < end && ra->fails < ra->max_fail; k++) {
		struct race_result res;
		struct race_cfg c;
		char id[160], text[400];
		double len;

		if (fixed)
			c = *fixed;
		else
			round_cfg(ra, k, &c);
		len = round_len(ra, &c, end - race_now(), !k);
		if (len <= 0)
			break;
		snprintf(id, sizeof(id), "%s.race.round-%u/%s", fpabi_arch.name,
			 k + 1, c.v.name);
		race_cfg_text(&c, text, sizeof(text));
		tap_comment(t, "%s: %s", id, text);
		race_run_cfg(ra, &c, len, &res);
		if (fpabi_interrupt_result(t, id))
			break;
		race_counts_add(&ra->total, &res.n);
		if (res.n.rounds)
			race_round_comments(t, id, &res.n, c.kinds);
		if (ra->progress)
			fputc('\n', stderr);
		if (res.fail) {
			if (race_known(id, &res))
				ra->known++;
			else
				ra->fails++;
			race_report_failure(ra, t, id, &c, &res);
		} else if (res.broken) {
			char y[2048];

			ra->broken++;
			tap_comment(t, "%s: no verdict on the kernel: %s", id,
				    res.why);
			snprintf(y, sizeof(y), "verdict: broken\n");
			race_yaml_kv(y, sizeof(y), "reason", res.why);
			tap_result(t, TAP_FAIL, id, NULL, y);
			if (ra->broken >= 3)
				break;
		} else {
			tap_result(t, TAP_PASS, id, NULL, NULL);
		}
		race_progress(ra, end);
	}
}

/* The kinds' names, ", " separated (for a usage error). */
static const char *race_kind_list(void)
{
	static char list[256];
	size_t o = 0;
	unsigned i;

	for (i = 0; i < RACE_NKINDS && o < sizeof(list); i++)
		o += snprintf(list + o, sizeof(list) - o, "%s%s", i ? ", " : "",
			      race_kinds[i].name);
	return list;
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
		if (!strcmp(s, race_comp_names[i]))
			return i;
	return -1;
}

/* --inject-fault=byte:race:N (or byte:any:N): 1 dump in N, 500 if no N */
static int parse_inject(struct race *ra)
{
	const char *tgt = ra->o->inject_target, *n, *end;
	unsigned long long rate;

	if (ra->o->inject == INJ_NONE)
		return 0;
	if (ra->o->inject != INJ_BYTE ||
	    (strncmp(tgt, "race", 4) && strncmp(tgt, "any", 3)))
		return -1;
	n = strchr(tgt, ':');
	if (!n) {
		ra->inject_rate = 500;
		return 0;
	}
	if (parse_uint(n + 1, "", 1000000000ull, &rate, &end) < 0 || !rate)
		return -1;
	ra->inject_rate = rate;
	return 0;
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
"      --kinds LIST       only these kinds (getpid,yield,sleep,spin,migrate,\n"
"                         urandom)\n"
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
"      --no-workarounds   never step around a platform quirk (as for run)\n"
"      --kmsg, --profile NAME, --tracee PATH, -v, -h\n"
"Exit status: 0 nothing failed, 1 a round failed, 2 bad usage or setup.\n";

/* The base and extra variants (x86 AMX, arm64 SME) this machine runs. */
static int variants(struct race *ra)
{
	static const enum variant_set set[2] = { VSET_ALL, VSET_EXTRA };
	int c, i, w;

	for (c = 0; c < 2; c++) {
		ra->nv[c] = fpabi_arch.variants(ra->m, set[c], ra->v[c],
						FPABI_MAX_VARIANTS);
		for (i = w = 0; i < ra->nv[c]; i++)
			if (!ra->v[c][i].skip)
				ra->v[c][w++] = ra->v[c][i];
		ra->nv[c] = w;
	}
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
	race_kinds_text(ra->kinds >= 0 ? (uint32_t)ra->kinds : runnable_kinds(ra),
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

/* What the command line asks; 0, 1 for --help, -1 for bad usage. */
struct race_args {
	const char *replay, *profile, *tracee;
	bool seeded;
};

static int parse_args(struct race *ra, struct race_args *a, int argc,
		      char **argv)
{
	enum { O_ROUND = 256, O_KINDS, O_REPLAY, O_VARIANT, O_COMP, O_MIGRATE,
	       O_NOMIGRATE, O_SIGNALS, O_QUIET, O_MAXF, O_NOSHRINK };
	static const struct option longopts[] = {
		FPABI_COMMON_OPTIONS, FPABI_RUN_OPTIONS,
		{ "seconds", required_argument, NULL, 'n' },
		{ "round", required_argument, NULL, O_ROUND },
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
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_common_opts co = { .tracee = NULL };
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "n:s:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n': ra->seconds = opt_real("--seconds", optarg, 0.001,
						 86400 * 7);
			break;
		case O_ROUND: ra->round_s = opt_real("--round", optarg, 0.2,
						     86400);
			break;
		case O_KINDS:
		case O_REPLAY:
			ra->kinds = race_kinds_parse(optarg);
			if (ra->kinds < 0)
				usage_error("%s '%s': kinds are a comma list of "
					    "%s", c == O_REPLAY ? "--replay" :
					    "--kinds", optarg, race_kind_list());
			if (c == O_REPLAY)
				a->replay = optarg;
			break;
		case O_VARIANT: ra->variant = optarg; break;
		case O_COMP: ra->comp = parse_comp(optarg);
			if (ra->comp < 0)
				usage_error("--competitor '%s': none, spin, idle "
					    "or timer", optarg);
			break;
		case O_MIGRATE: ra->migrate = 1; break;
		case O_NOMIGRATE: ra->migrate = 0; break;
		case O_SIGNALS: ra->sigs = parse_sigs(optarg);
			if (ra->sigs < 0)
				usage_error("--signals '%s': none, or a comma list "
					    "of timer and thread", optarg);
			break;
		case O_QUIET: ra->quiet_ms = (int)(opt_real("--quiet", optarg,
							     0, 3600) * 1000);
			break;
		case O_MAXF: ra->max_fail = opt_uint("--max-failures", optarg,
						     1, 1000000);
			break;
		case O_NOSHRINK: ra->shrink = false; break;
		case 'h': fputs(race_usage, stdout); return 1;
		default:
			if (!common_option(c, optarg, &co, ra->o))
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
	if (parse_inject(ra) < 0)
		usage_error("--inject-fault '%s:%s': race takes byte:race[:N] "
			    "(one dump in N, N at least 1)",
			    inject_kind_name(ra->o->inject),
			    ra->o->inject_target);
	return 0;
}

int cmd_race(int argc, char **argv)
{
	struct fpabi_opts o = { .repeat = 1, .timeout = 60, .argv0 = "fpabi" };
	struct race ra = { .o = &o, .seconds = 10, .round_s = ROUND_S,
			   .max_fail = 1, .shrink = true, .kinds = -1,
			   .comp = -1, .migrate = -1, .sigs = -1,
			   .quiet_ms = -1 };
	struct race_args a = { NULL, NULL, NULL, false };
	struct race_cfg fixed;
	struct fpabi_machine m;
	int ret, kfd = -1;
	struct tap t;

	ret = parse_args(&ra, &a, argc, argv);
	if (ret) {
		if (ret < 0)
			fprintf(stderr, "fpabi race: bad usage\nTry 'fpabi race "
				"--help'.\n");
		return ret < 0 ? 2 : 0;
	}
	if (a.profile && !fpabi_profile_find(a.profile)) {
		fprintf(stderr, "fpabi: unknown --profile '%s'\n", a.profile);
		return 2;
	}
	if (!a.seeded && getrandom(&o.seed, sizeof(o.seed), 0) != sizeof(o.seed))
		o.seed = (uint64_t)getpid() * 2654435761u;
	if (!a.seeded)
		o.seed &= 0xffffffffffffull;
	fpabi_setup_signals();	/* before the probe: see main() in src/cmd/main.c */
	fpabi_probe(&m, a.profile);
	ra.m = &m;
	pick_cpus(&ra);
	if (!variants(&ra) || options_done(&ra, a.replay, a.seeded, &fixed) < 0)
		return 2;
	o.tracee = fpabi_find_tracee(a.tracee);
	if (access(o.tracee, X_OK) != 0)
		die("cannot run the tracee %s: %s (use --tracee)", o.tracee,
		    strerror(errno));
	fpabi_check_tracee(o.tracee);	/* this fpabi's, like every command's */
	ra.progress = isatty(2);
	if (a.replay)
		ra.shrink = false;	/* it is the reproducer */
	if (o.kmsg)
		kfd = kmsg_open();
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
	fpabi_header(&m, stdout, "# ");
	header(&ra, &t, a.replay);
	race_loop(&ra, &t, a.replay ? &fixed : NULL);
	if (ra.progress)
		fputc('\n', stderr);
	if (!fpabi_interrupted) {
		race_proof_points(&ra, &t);
		race_totals(&ra, &t);
		if (o.kmsg)
			kmsg_tap_result(&t, kfd);
		tap_plan(&t, t.n);
		tap_totals(&t);
	}
	if (kfd >= 0)
		close(kfd);
	free((char *)o.tracee);
	if (fpabi_interrupted)
		return fpabi_interrupt_end(&t, true);
	return t.failed ? 1 : 0;
}

/* --- for fpabi bench race (src/bench/race.c) --- */

void race_pick_cpus(int *cpu, int *cpu2)
{
	struct race ra;

	pick_cpus(&ra);
	*cpu = ra.cpu;
	*cpu2 = ra.cpu2;
}

uint32_t race_all_kinds(const struct fpabi_machine *m, int cpu2)
{
	struct race ra = { .m = m, .cpu2 = cpu2 };

	return runnable_kinds(&ra);
}

/*
 * A run of fpabi race as the command makes it from seed (its rounds, its
 * forcings), silent, with 1 dump in inject_rate corrupted: the seconds
 * from its start to the first failure (-1: none within secs), and that
 * failure's classification.
 */
double race_first_failure(const struct fpabi_machine *m,
			  struct fpabi_opts *o, uint64_t seed,
			  uint64_t inject_rate, double secs, char *cls,
			  size_t n)
{
	struct race ra = { .m = m, .o = o, .max_fail = 1, .kinds = -1,
			   .comp = -1, .migrate = -1, .sigs = -1,
			   .quiet_ms = -1, .round_s = ROUND_S,
			   .inject_rate = inject_rate };
	double t0 = race_now();
	unsigned k;

	o->seed = seed;
	pick_cpus(&ra);
	snprintf(cls, n, "-");
	if (!variants(&ra))
		return -1;
	for (k = 0; race_now() - t0 < secs; k++) {
		struct race_result res;
		struct race_cfg c;
		double len;

		round_cfg(&ra, k, &c);
		len = round_len(&ra, &c, secs - (race_now() - t0), !k);
		if (len <= 0)
			break;
		race_run_cfg(&ra, &c, len, &res);
		if (res.fail) {
			snprintf(cls, n, "%s",
				 canary_class_name(res.find.find[0].cls));
			return race_now() - t0;	/* an upper bound */
		}
		if (res.broken) {
			snprintf(cls, n, "broken: %s", res.why);
			return -1;
		}
	}
	return -1;
}

/* --- fpabi run --race-share (src/cmd/main.c) --- */

/*
 * The race loop's share of a run: rounds drawn from the run's seed as
 * fpabi race draws them, for secs, as one test point ARCH.race.share:
 * each round's configuration and counts (its proofs: the switches, the
 * traps, the CPUs) a comment, a failing round the point's failure (its
 * diagnosis, shrunk, and the reproducer), a known issue its TODO; no
 * round that ran, a SKIP with the reason.
 */
void race_share(const struct fpabi_machine *m, struct fpabi_opts *o,
		struct tap *t, double secs)
{
	struct race ra = { .m = m, .o = o, .seconds = secs, .round_s = ROUND_S,
			   .max_fail = 1, .shrink = true, .kinds = -1,
			   .comp = -1, .migrate = -1, .sigs = -1,
			   .quiet_ms = -1 };
	double t0 = race_now();
	unsigned k, broken = 0;
	char id[96], why[400] = "";

	snprintf(id, sizeof(id), "%s.race.share", fpabi_arch.name);
	/* the run's --inject-fault=byte:any corrupts the share's dumps too
	 * (1 in 500): its checks can fail */
	if (parse_inject(&ra) < 0)
		ra.inject_rate = 0;
	pick_cpus(&ra);
	if (!variants(&ra)) {
		tap_result(t, TAP_SKIP, id, "no variant the race loop runs on "
			   "this machine", NULL);
		return;
	}
	for (k = 0; !fpabi_interrupted; k++) {
		struct race_result res;
		struct race_cfg c;
		char rid[160], text[400];
		double len;

		round_cfg(&ra, k, &c);
		len = round_len(&ra, &c, secs - (race_now() - t0), !k);
		if (len <= 0)
			break;
		snprintf(rid, sizeof(rid), "%s round %u/%s", id, k + 1,
			 c.v.name);
		race_cfg_text(&c, text, sizeof(text));
		tap_comment(t, "%s: %s", rid, text);
		race_run_cfg(&ra, &c, len, &res);
		race_counts_add(&ra.total, &res.n);
		if (res.n.rounds)
			race_round_comments(t, rid, &res.n, c.kinds);
		if (res.fail) {
			race_report_failure(&ra, t, id, &c, &res);
			return;
		}
		if (res.broken) {
			tap_comment(t, "%s: no verdict on the kernel: %s", rid,
				    res.why);
			snprintf(why, sizeof(why), "%s", res.why);
			broken++;
		}
	}
	if (ra.total.rounds)
		tap_result(t, TAP_PASS, id, NULL, NULL);
	else
		tap_result(t, TAP_SKIP, id, broken ? why : "no round of the "
			   "race loop fit in its share", NULL);
}
