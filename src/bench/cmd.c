// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench: the workloads (syscall, signal, trap-pipe, ctxsw, ptrace)
 * crossed with the arch's vector-state variants, timed after a warm-up,
 * with cycles and instructions per operation from perf_event_open, as TAP
 * with a YAML block per result and optionally JSON.
 */
#include <errno.h>
#include <inttypes.h>
#include <getopt.h>
#include <linux/perf_event.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "bench-int.h"
#include "fpabi/common-run.h"
#include "fpabi/output.h"
#include "fpabi/bench.h"
#include "fpabi/commands.h"
#include "fpabi/insns.h"
#include "fpabi/kmsg.h"
#include "fpabi/opts.h"
#include "fpabi/stats.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

static const char bench_usage[] =
"Usage: fpabi bench [OPTIONS]\n"
"       fpabi bench --compare A.json B.json\n"
"Time the operations whose cost FP-state patches change, with the vector\n"
"registers in several states.  Output is TAP 13 with a YAML block per\n"
"result: median ns per operation with its spread, and user and kernel\n"
"cycles and instructions per operation where perf_event_open allows.\n"
"\n"
"Options:\n"
"  -w, --workload LIST   syscall,signal,trap-pipe,ctxsw,ptrace (default all)\n"
"  (fpabi bench stress [-n SAMPLES] [--sequences N] [--json FILE]: the\n"
"  stress engine's checked events per second against the same runs with\n"
"  no comparison)\n"
"  -n, --samples N       timed samples per result (default 11)\n"
"  -i, --iterations N    operations per sample (default: per workload)\n"
"      --warmup N        untimed samples first (default 1)\n"
"      --json FILE       also write the results as JSON\n"
"      --kmsg            a last result fails if the kernel logs an Oops, BUG\n"
"                        or WARNING meanwhile (reads /dev/kmsg)\n"
"      --compare A B     print each figure's change from A to B (medians;\n"
"                        A and B are --json files or the bench's TAP),\n"
"                        with a verdict: a change counts when the ranges\n"
"                        [min, max] of the two runs' samples do not overlap\n"
"      --floor PCT       with --compare: and the medians differ by more than\n"
"                        PCT percent (the drift between two runs of one\n"
"                        kernel; default 0)\n"
"      --fail-on-regression PCT\n"
"                        with --compare: exit 1 when a figure's verdict is\n"
"                        slower by more than PCT percent\n"
"  (in a guest of fpabi-vm --count-insns each result also counts user and\n"
"  kernel instructions per operation exactly; --compare judges those\n"
"  counts exactly: any difference of the medians is a change)\n"
"  -h, --help            this text\n";

/* the figures of one result: wall clock, then the four counters */
enum { M_NS, M_UCYC, M_KCYC, M_UINS, M_KINS, NMETRIC };
static const char *const metric_key[NMETRIC] = {
	"ns_per_op", "user_cycles_per_op", "kernel_cycles_per_op",
	"user_instructions_per_op", "kernel_instructions_per_op",
};

/* --- statistics --- */

/* --- one result --- */

struct bopts {
	unsigned samples, warmup;
	unsigned long iters;	/* 0: the workload's default */
	const char *workloads;	/* comma list, or NULL */
	const char *json;
	FILE *json_f;		/* opened before the first sample */
	bool kmsg;
};

struct result {
	char id[96];
	const struct workload *w;
	const struct bench_vec *v;
	const char *skip;
	char why[256];
	unsigned long iters;
	bool have[NMETRIC];
	struct stat5 st[NMETRIC];
	double switches;	/* context switches of the measuring task per op */
	char pmu_why[200];
	char pmu_scope[64];
	bool counted;		/* the plugin counted r->iters operations */
	bool counted_fifo;	/* ... with both tasks under SCHED_FIFO */
	struct insns_report cnt;
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static long switches_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_nvcsw + ru.ru_nivcsw;
}

/*
 * Both tasks of a pinned workload under SCHED_FIFO (or back to what they
 * had): a woken task of equal priority does not preempt the waker, so a
 * round trip takes the same path every time, where the fair class's
 * choice (preempt at wakeup or not) follows the tasks' run times, which
 * under emulation are noise.  False if it cannot (no CAP_SYS_NICE).
 */
static bool fifo(struct bctx *c, bool on, int *policy)
{
	struct sched_param sp = { .sched_priority = on ? 1 : 0 };

	if (on) {
		*policy = sched_getscheduler(0);
		if (*policy < 0 || sched_setscheduler(0, SCHED_FIFO, &sp))
			return false;
		if (c->child > 0 && sched_setscheduler(c->child, SCHED_FIFO, &sp)) {
			sp.sched_priority = 0;
			sched_setscheduler(0, *policy, &sp);
			return false;
		}
		return true;
	}
	sched_setscheduler(0, *policy, &sp);
	if (c->child > 0)
		sched_setscheduler(c->child, *policy, &sp);
	return true;
}

/*
 * Under fpabi-vm --count-insns: one more pass of r->iters operations, each
 * between markers, so that the plugin counts every one (all vCPUs); the
 * timed samples run without markers.
 */
static void count_pass(struct result *r, struct bctx *c, struct insns *ins)
{
	int policy = SCHED_OTHER;

	r->counted_fifo = r->w->pinned && fifo(c, true, &policy);
	insns_discard(INSNS_SLOT_BENCH);
	for (unsigned long i = 0; i < r->iters; i++) {
		insns_begin(INSNS_SLOT_BENCH);
		r->w->run(c, 1);
		insns_end(INSNS_SLOT_BENCH);
	}
	r->counted = insns_collect(ins, INSNS_SLOT_BENCH, &r->cnt) &&
		     r->cnt.n == r->iters;
	if (r->counted_fifo)
		fifo(c, false, &policy);
}

static void measure(struct result *r, const struct bopts *o,
		    const struct bench_regset *rs, struct insns *ins)
{
	struct bctx c = { .v = r->v, .rs = rs };
	unsigned ns = o->samples;
	double *val[NMETRIC], *sw = xzalloc(ns * sizeof(double));
	struct pmu p;

	if (r->w->setup(&c, r->why, sizeof(r->why))) {
		r->skip = r->why;
		free(sw);
		return;
	}
	if (r->w->pinned) {
		pmu_open(&p, -1, c.cpu);
		snprintf(r->pmu_scope, sizeof(r->pmu_scope),
			 "CPU %d (both tasks and anything else on it)", c.cpu);
	} else {
		pmu_open(&p, 0, -1);
		snprintf(r->pmu_scope, sizeof(r->pmu_scope), "this task");
	}
	snprintf(r->pmu_why, sizeof(r->pmu_why), "%s", p.ok ? "" : p.why);
	for (int m = 0; m < NMETRIC; m++)
		val[m] = xzalloc(ns * sizeof(double));
	for (unsigned s = 0; s < o->warmup + ns && !fpabi_interrupted; s++) {
		double cnt[4], t0, t1;
		long s0, s1;

		s0 = switches_now();
		pmu_start(&p);
		t0 = now_ns();
		r->w->run(&c, r->iters);
		t1 = now_ns();
		pmu_stop(&p, cnt);
		s1 = switches_now();
		if (s < o->warmup)
			continue;
		val[M_NS][s - o->warmup] = (t1 - t0) / r->iters;
		for (int m = 1; m < NMETRIC; m++)
			val[m][s - o->warmup] = cnt[m - 1] / r->iters;
		sw[s - o->warmup] = (double)(s1 - s0) / r->iters;
	}
	if (ins->ok)
		count_pass(r, &c, ins);
	if (r->w->teardown)
		r->w->teardown(&c);
	for (int m = 0; m < NMETRIC; m++) {
		r->have[m] = (m == M_NS || p.ok) &&
			     stat5_of(val[m], ns, &r->st[m]);
		free(val[m]);
	}
	if (p.ok && !r->have[M_UCYC])
		snprintf(r->pmu_why, sizeof(r->pmu_why),
			 "the counters never ran (multiplexed out)");
	{
		struct stat5 s;

		stat5_of(sw, ns, &s);
		r->switches = s.median;
	}
	free(sw);
	pmu_close(&p);
}

/* --- output --- */

static const char *const counted_key[2] = {
	"counted_user_instructions_per_op", "counted_kernel_instructions_per_op"
};

/* the plugin's counts in the YAML block: exact, so in whole numbers */
static size_t yaml_counted(const struct insns_report *c, bool fifo,
			   char *y, size_t n)
{
	const struct insns_stat *st[2] = { &c->user, &c->kernel };
	size_t len = 0;

	for (int i = 0; i < 2 && len < n; i++)
		len += snprintf(y + len, n - len, "%s: {median: %" PRIu64
				", q1: %" PRIu64 ", q3: %" PRIu64 ", min: %"
				PRIu64 ", max: %" PRIu64 "}\n", counted_key[i],
				st[i]->median, st[i]->q1, st[i]->q3,
				st[i]->min, st[i]->max);
	if (len < n)
		len += snprintf(y + len, n - len, "counted_ops: %lu\n"
				"counted_user_mean: %.2f\n"
				"counted_kernel_mean: %.2f\n"
				"counted_schedule: %s\n", c->n,
				(double)c->user.sum / c->n,
				(double)c->kernel.sum / c->n,
				fifo ? "SCHED_FIFO" : "as the timed samples");
	return len < n ? len : n - 1;
}

static void json_counted(FILE *f, const struct insns_report *c)
{
	const struct insns_stat *st[2] = { &c->user, &c->kernel };

	for (int i = 0; i < 2; i++)
		fprintf(f, ",\n       \"%s\": {\"median\": %" PRIu64
			", \"q1\": %" PRIu64 ", \"q3\": %" PRIu64
			", \"min\": %" PRIu64 ", \"max\": %" PRIu64 "}",
			counted_key[i], st[i]->median, st[i]->q1, st[i]->q3,
			st[i]->min, st[i]->max);
}

static void yaml_result(const struct result *r, char *y, size_t n)
{
	char q[400];
	size_t len;

	yaml_quote(q, sizeof(q), r->v->what);
	len = snprintf(y, n, "workload: %s\nvariant: %s\nstate: %s\n"
		       "operation: \"%s\"\niterations: %lu\n"
		       "task_switches_per_op: %.3f\n", r->w->name, r->v->name,
		       q, r->w->op, r->iters, r->switches);
	for (int m = 0; m < NMETRIC && len < n; m++) {
		if (!r->have[m])
			continue;
		len += snprintf(y + len, n - len,
				"%s: {median: %.2f, q1: %.2f, q3: %.2f, "
				"min: %.2f, max: %.2f}\n", metric_key[m],
				r->st[m].median, r->st[m].q1, r->st[m].q3,
				r->st[m].min, r->st[m].max);
	}
	if (len < n && r->pmu_why[0]) {
		yaml_quote(q, sizeof(q), r->pmu_why);
		len += snprintf(y + len, n - len, "perf: %s\n", q);
	} else if (len < n) {
		len += snprintf(y + len, n - len, "perf_scope: \"%s\"\n",
				r->pmu_scope);
	}
	if (r->counted && len < n)
		len += yaml_counted(&r->cnt, r->counted_fifo, y + len, n - len);
	if (len && len < n)
		y[len - 1] = 0;	/* tap_result adds the last newline */
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static int write_json(const char *path, const struct result *res, unsigned nres,
		      const struct bopts *o, const char *kernel,
		      const char *state)
{
	FILE *f = o->json_f;

	fprintf(f, "{\n  \"fpabi_bench\": 1,\n  \"version\": ");
	json_str(f, PACKAGE_VERSION);
	fprintf(f, ",\n  \"kernel\": ");
	json_str(f, kernel);
	fprintf(f, ",\n  \"state\": ");
	json_str(f, state);
	fprintf(f, ",\n  \"samples\": %u,\n  \"warmup\": %u,\n  \"results\": [",
		o->samples, o->warmup);
	for (unsigned i = 0; i < nres; i++) {
		const struct result *r = &res[i];
		bool first = true;

		fprintf(f, "%s\n    {\"id\": ", i ? "," : "");
		json_str(f, r->id);
		if (r->skip) {
			fprintf(f, ", \"status\": \"skip\", \"reason\": ");
			json_str(f, r->skip);
			fprintf(f, "}");
			continue;
		}
		fprintf(f, ", \"status\": \"ok\", \"iterations\": %lu, "
			"\"task_switches_per_op\": %.3f, \"perf\": ", r->iters,
			r->switches);
		json_str(f, r->pmu_why[0] ? r->pmu_why : "ok");
		fprintf(f, ",\n     \"metrics\": {");
		for (int m = 0; m < NMETRIC; m++) {
			if (!r->have[m])
				continue;
			fprintf(f, "%s\n       \"%s\": {\"median\": %.4f, "
				"\"q1\": %.4f, \"q3\": %.4f, \"min\": %.4f, "
				"\"max\": %.4f}", first ? "" : ",",
				metric_key[m], r->st[m].median, r->st[m].q1,
				r->st[m].q3, r->st[m].min, r->st[m].max);
			first = false;
		}
		if (r->counted)
			json_counted(f, &r->cnt);
		fprintf(f, "}");
		if (r->counted)
			fprintf(f, ",\n     \"counted\": {\"ops\": %lu, "
				"\"user_mean\": %.4f, \"kernel_mean\": %.4f, "
				"\"schedule\": \"%s\"}",
				r->cnt.n, (double)r->cnt.user.sum / r->cnt.n,
				(double)r->cnt.kernel.sum / r->cnt.n,
				r->counted_fifo ? "SCHED_FIFO" : "as timed");
		fprintf(f, "}");
	}
	fprintf(f, "\n  ]\n}\n");
	if (f == stdout ? ferror(f) + fflush(f) : ferror(f) + fclose(f)) {
		fprintf(stderr, "fpabi: writing %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* --- the command --- */

static bool selected(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	if (!list)
		return true;
	while (p && *p) {
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return true;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return false;
}

static int check_workloads(const char *list)
{
	const char *p = list;

	if (p && !*p)
		usage_error("%s", "--workload '': no workload named");
	while (p && *p) {
		size_t n = strcspn(p, ",");
		bool found = false;

		for (size_t i = 0; i < BENCH_NWORKLOADS; i++)
			found |= strlen(bench_workloads[i].name) == n &&
				 !strncmp(bench_workloads[i].name, p, n);
		if (!found)
			usage_error("--workload '%s': %s '%.*s' (workloads: "
				    "syscall, signal, trap-pipe, ctxsw, ptrace)",
				    list, n ? "unknown workload" : "empty name",
				    (int)n, p);
		p += n;
		if (*p == ',' && !*++p)
			usage_error("--workload '%s': empty name after the "
				    "last comma", list);
	}
	return 0;
}

/* every result of the selected workloads, in order */
static unsigned plan_results(struct result *res, unsigned max,
			     const struct bopts *o)
{
	unsigned n = 0;

	for (size_t w = 0; w < BENCH_NWORKLOADS; w++) {
		const struct workload *wl = &bench_workloads[w];

		if (!selected(o->workloads, wl->name))
			continue;
		for (const struct bench_vec *v = bench_arch.vecs; v->name; v++) {
			const struct bench_regset *rs = NULL;

			if (!(v->workloads & wl->bit))
				continue;
			do {
				struct result *r = &res[n];

				if (n >= max)
					die("bench: too many results");
				memset(r, 0, sizeof(*r));
				r->w = wl;
				r->v = v;
				r->iters = o->iters ? o->iters : wl->iters;
				r->skip = bench_arch.unsupported(v);
				if (wl->bit == BW_PTRACE)
					snprintf(r->id, sizeof(r->id), "%s/%s/%s",
						 wl->name, v->name,
						 rs ? rs->name : "stop");
				else
					snprintf(r->id, sizeof(r->id), "%s/%s",
						 wl->name, v->name);
				n++;
				rs = wl->bit == BW_PTRACE ?
				     (rs ? rs + 1 : bench_arch.regsets) : NULL;
			} while (rs && rs->name);
		}
	}
	return n;
}

static const struct bench_regset *regset_of(const struct result *r)
{
	const char *last = strrchr(r->id, '/');

	for (const struct bench_regset *rs = bench_arch.regsets; rs->name; rs++)
		if (r->w->bit == BW_PTRACE && !strcmp(last + 1, rs->name))
			return rs;
	return NULL;
}

static int bench_run(const struct bopts *o)
{
	struct result res[64];
	unsigned n = plan_results(res, ARRAY_SIZE(res), o);
	char kernel[300] = "unknown", state[160], y[2048];
	struct utsname u;
	struct insns ins;
	bool counting;
	struct pmu p;
	struct tap t;
	int kfd = o->kmsg ? kmsg_open() : -1;

	if (uname(&u) == 0)
		snprintf(kernel, sizeof(kernel), "%s %s", u.release, u.version);
	bench_arch.describe(state, sizeof(state));
	/* --json -: the JSON is stdout, the TAP goes to stderr */
	setvbuf(o->json_f == stdout ? stderr : stdout, NULL, _IOLBF, 0);
	tap_begin(&t, o->json_f == stdout ? stderr : stdout);
	tap_comment(&t, "fpabi %s bench", PACKAGE_VERSION);
	tap_comment(&t, "kernel: %s", kernel);
	tap_comment(&t, "state: %s", state);
	pmu_open(&p, 0, -1);
	if (p.ok)
		tap_comment(&t, "perf: cycles and instructions per operation, "
			    "user and kernel counted apart");
	else
		tap_comment(&t, "perf: no cycle or instruction counts: %s", p.why);
	pmu_close(&p);
	insns_open(&ins);
	counting = ins.ok;
	if (ins.ok)
		tap_comment(&t, "insns: counted by fpabi-vm's TCG plugin (%u "
			    "vCPU(s)): one more pass of N operations, each "
			    "between markers; counted_*_per_op are exact "
			    "instructions per operation (median, q1/q3, min, "
			    "max), all vCPUs", ins.vcpus);
	else
		tap_comment(&t, "insns: not counted: %s", ins.why);
	tap_comment(&t, "%u samples of N operations after %u warm-up sample(s); "
		    "figures per operation: median, quartiles q1/q3, min, max",
		    o->samples, o->warmup);
	tap_plan(&t, n + o->kmsg);
	fpabi_setup_signals();	/* a signal ends it as a finished one ends */
	for (unsigned i = 0; i < n && !fpabi_interrupted; i++) {
		struct result *r = &res[i];

		if (!r->skip) {
			vlog("bench %s: %u x %lu", r->id, o->samples, r->iters);
			measure(r, o, regset_of(r), &ins);
		}
		if (fpabi_interrupt_result(&t, r->id))
			break;
		if (r->skip) {
			tap_result(&t, TAP_SKIP, r->id, r->skip, NULL);
			continue;
		}
		tap_comment(&t, "%s: %.1f ns/op (q1 %.1f, q3 %.1f)", r->id,
			    r->st[M_NS].median, r->st[M_NS].q1, r->st[M_NS].q3);
		if (r->counted)
			tap_comment(&t, "%s: %" PRIu64 " kernel, %" PRIu64
				    " user instructions/op (counted, median of "
				    "%lu)", r->id, r->cnt.kernel.median,
				    r->cnt.user.median, r->cnt.n);
		else if (counting)
			tap_comment(&t, "%s: not counted: %s", r->id, ins.why);
		yaml_result(r, y, sizeof(y));
		tap_result(&t, TAP_PASS, r->id, NULL, y);
	}
	if (fpabi_interrupted) {
		insns_close(&ins);
		return fpabi_interrupt_end(&t, false);
	}
	if (o->kmsg) {
		kmsg_tap_result(&t, kfd);
		if (kfd >= 0)
			close(kfd);
	}
	tap_totals(&t);
	insns_close(&ins);
	if (o->json && write_json(o->json, res, n, o, kernel, state))
		return 2;
	return t.failed ? 1 : 0;
}

int cmd_bench(int argc, char **argv)
{
	enum { OPT_WARMUP = 256, OPT_JSON, OPT_COMPARE, OPT_KMSG, OPT_FLOOR,
	       OPT_REGRESS };
	static const struct option longopts[] = {
		{ "workload", required_argument, NULL, 'w' },
		{ "samples", required_argument, NULL, 'n' },
		{ "iterations", required_argument, NULL, 'i' },
		{ "warmup", required_argument, NULL, OPT_WARMUP },
		{ "json", required_argument, NULL, OPT_JSON },
		{ "compare", no_argument, NULL, OPT_COMPARE },
		{ "kmsg", no_argument, NULL, OPT_KMSG },
		{ "floor", required_argument, NULL, OPT_FLOOR },
		{ "fail-on-regression", required_argument, NULL, OPT_REGRESS },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct bopts o = { .samples = 11, .warmup = 1 };
	bool compare = false;
	double floor_pct = 0, fail_pct = -1;
	int c;

	/*
	 * fpabi bench stress: the stress engine's own cost
	 * (src/bench/stress.c).  fpabi-vm's guest passes --kmsg first, which
	 * main() leaves before "stress"; bench stress has no kernel-log result.
	 */
	for (c = 1; c < argc && !strcmp(argv[c], "--kmsg"); c++)
		;
	if (c < argc && !strcmp(argv[c], "stress"))
		return bench_stress(argc - c, argv + c);
	/* fpabi bench race: the race loop's rates (src/bench/race.c); in a
	 * guest fpabi-vm puts --kmsg first */
	if (argc > 2 && !strcmp(argv[1], "--kmsg") && !strcmp(argv[2], "race")) {
		argv[2] = argv[1];
		argv[1] = (char *)"race";
	}
	if (argc > 1 && !strcmp(argv[1], "race"))
		return bench_race(argc - 1, argv + 1);
	fpabi_cmd_name = "fpabi bench";
	optind = 1;
	while ((c = getopt_long(argc, argv, "w:n:i:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'w': o.workloads = optarg; break;
		case 'n': o.samples = opt_uint("--samples", optarg, 1, 100000);
			break;
		case 'i': o.iters = opt_uint("--iterations", optarg, 1,
					     100000000);
			break;
		case OPT_WARMUP: o.warmup = opt_uint("--warmup", optarg, 0,
						     100000);
			break;
		case OPT_JSON: o.json = optarg; break;
		case OPT_COMPARE: compare = true; break;
		case OPT_KMSG: o.kmsg = true; break;
		case OPT_FLOOR: floor_pct = opt_real("--floor", optarg, 0, 1000);
			break;
		case OPT_REGRESS:
			fail_pct = opt_real("--fail-on-regression", optarg, 0,
					    1000);
			break;
		case 'v': fpabi_verbose = 1; break;
		case 'h': fputs(bench_usage, stdout); return 0;
		default: fprintf(stderr, "Try 'fpabi bench --help'.\n"); return 2;
		}
	}
	if (floor_pct && !compare)
		usage_error("%s", "--floor goes with --compare");
	if (compare) {
		if (argc - optind != 2) {
			fprintf(stderr, "fpabi: --compare wants two JSON files\n"
				"Try 'fpabi bench --help'.\n");
			return 2;
		}
		return bench_compare(argv[optind], argv[optind + 1], floor_pct,
				     fail_pct);
	}
	if (fail_pct >= 0) {
		fprintf(stderr, "fpabi: --fail-on-regression goes with --compare\n"
			"Try 'fpabi bench --help'.\n");
		return 2;
	}
	if (optind < argc) {
		fprintf(stderr, "fpabi: unexpected argument '%s'\n"
			"Try 'fpabi bench --help'.\n", argv[optind]);
		return 2;
	}
	if (check_workloads(o.workloads))
		return 2;
	/* a --json FILE that cannot be written is refused before the run */
	if (o.json && !(o.json_f = output_open(o.json))) {
		fprintf(stderr, "fpabi: --json '%s': %s\n", o.json,
			strerror(errno));
		return 2;
	}
	return bench_run(&o);
}
