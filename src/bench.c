// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench: the workloads (syscall, signal, trap-pipe, ctxsw, ptrace)
 * crossed with the arch's vector-state variants, timed after a warm-up,
 * with cycles and instructions per operation from perf_event_open, as TAP
 * with a YAML block per result and optionally JSON.
 */
#include <errno.h>
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
#include "fpabi/bench.h"
#include "fpabi/commands.h"
#include "fpabi/kmsg.h"
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
"  -h, --help            this text\n";

/* the figures of one result: wall clock, then the four counters */
enum { M_NS, M_UCYC, M_KCYC, M_UINS, M_KINS, NMETRIC };
static const char *const metric_key[NMETRIC] = {
	"ns_per_op", "user_cycles_per_op", "kernel_cycles_per_op",
	"user_instructions_per_op", "kernel_instructions_per_op",
};

/* --- perf_event_open: cycles and instructions, user and kernel --- */

struct pmu {
	int fd[4];		/* M_UCYC..M_KINS - 1 */
	bool ok;
	char why[200];		/* why not, when !ok */
};

static void read_paranoid(char *buf, size_t n)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");

	snprintf(buf, n, "?");
	if (f) {
		if (fgets(buf, n, f))
			buf[strcspn(buf, "\n")] = 0;
		fclose(f);
	}
}

static void pmu_close(struct pmu *p)
{
	for (int i = 0; i < 4; i++)
		if (p->fd[i] >= 0)
			close(p->fd[i]);
	p->ok = false;
}

/* Count for task pid (0: self) on any CPU, or for everything on cpu. */
static void pmu_open(struct pmu *p, pid_t pid, int cpu)
{
	static const char *const name[4] = {
		"cycles:u", "cycles:k", "instructions:u", "instructions:k"
	};
	char par[16];

	p->ok = true;
	for (int i = 0; i < 4; i++)
		p->fd[i] = -1;
	for (int i = 0; i < 4; i++) {
		struct perf_event_attr a;

		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = PERF_TYPE_HARDWARE;
		a.config = i < 2 ? PERF_COUNT_HW_CPU_CYCLES :
				   PERF_COUNT_HW_INSTRUCTIONS;
		a.disabled = 1;
		a.exclude_hv = 1;
		a.exclude_user = i & 1;
		a.exclude_kernel = !(i & 1);
		a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				PERF_FORMAT_TOTAL_TIME_RUNNING;
		p->fd[i] = syscall(SYS_perf_event_open, &a, pid, cpu, -1, 0);
		if (p->fd[i] < 0) {
			int e = errno;

			read_paranoid(par, sizeof(par));
			snprintf(p->why, sizeof(p->why),
				 "perf_event_open(%s) failed: %s "
				 "(perf_event_paranoid %s; no PMU in a VM "
				 "gives ENOENT or EOPNOTSUPP)",
				 name[i], strerror(e), par);
			pmu_close(p);
			return;
		}
	}
}

static void pmu_start(struct pmu *p)
{
	for (int i = 0; p->ok && i < 4; i++) {
		ioctl(p->fd[i], PERF_EVENT_IOC_RESET, 0);
		ioctl(p->fd[i], PERF_EVENT_IOC_ENABLE, 0);
	}
}

/* The counts since pmu_start, scaled if multiplexed; NAN if never counted. */
static void pmu_stop(struct pmu *p, double out[4])
{
	for (int i = 0; i < 4; i++) {
		uint64_t v[3];

		out[i] = NAN;
		if (!p->ok)
			continue;
		ioctl(p->fd[i], PERF_EVENT_IOC_DISABLE, 0);
		if (read(p->fd[i], v, sizeof(v)) == sizeof(v) && v[2])
			out[i] = (double)v[0] * ((double)v[1] / (double)v[2]);
	}
}

/* --- the workloads --- */

struct bctx {
	const struct bench_vec *v;
	const struct bench_regset *rs;	/* ptrace: the regset, or NULL */
	int cpu;			/* pinned workloads: the CPU */
	cpu_set_t saved;		/* the affinity to restore */
	pid_t child;
	int to[2], from[2];		/* trap-pipe: parent->child, back */
	volatile int *stop;		/* ctxsw: shared "stop" flag */
	void *buf;			/* ptrace: regset buffer */
};

struct workload {
	const char *name;
	unsigned bit;		/* BW_* */
	const char *op;		/* what one operation is */
	unsigned long iters;	/* default operations per sample */
	bool pinned;		/* two tasks on one CPU: count that CPU */
	int (*setup)(struct bctx *c, char *why, size_t n);
	void (*run)(struct bctx *c, unsigned long n);
	void (*teardown)(struct bctx *c);
};

static void touch(const struct bench_vec *v)
{
	if (v->touch)
		v->touch();
}

static void prepare(const struct bench_vec *v)
{
	if (v->prepare)
		v->prepare();
}

static int syscall_setup(struct bctx *c, char *why, size_t n)
{
	(void)why, (void)n;
	prepare(c->v);
	return 0;
}

static void syscall_run(struct bctx *c, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		syscall(SYS_getpid);
	}
}

static volatile unsigned long signals_seen;

static void on_usr1(int sig)
{
	(void)sig;
	signals_seen++;
}

static int signal_setup(struct bctx *c, char *why, size_t n)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	if (sigaction(SIGUSR1, &sa, NULL)) {
		snprintf(why, n, "sigaction: %s", strerror(errno));
		return -1;
	}
	prepare(c->v);
	return 0;
}

static void signal_run(struct bctx *c, unsigned long n)
{
	pid_t pid = getpid(), tid = syscall(SYS_gettid);
	unsigned long seen = signals_seen;

	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		syscall(SYS_tgkill, pid, tid, SIGUSR1);
	}
	if (signals_seen - seen != n)
		die("signal: %lu signals sent, %lu handled", n,
		    signals_seen - seen);
}

static void signal_teardown(struct bctx *c)
{
	(void)c;
	signal(SIGUSR1, SIG_DFL);
}

/* Pin this task to the CPU it is on; children inherit it. */
static int pin(struct bctx *c, char *why, size_t n)
{
	cpu_set_t one;

	c->cpu = sched_getcpu();
	if (c->cpu < 0 || sched_getaffinity(0, sizeof(c->saved), &c->saved)) {
		snprintf(why, n, "sched_getcpu/getaffinity: %s", strerror(errno));
		return -1;
	}
	CPU_ZERO(&one);
	CPU_SET(c->cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one)) {
		snprintf(why, n, "cannot pin to CPU %d: %s", c->cpu,
			 strerror(errno));
		return -1;
	}
	return 0;
}

static void unpin(struct bctx *c)
{
	sched_setaffinity(0, sizeof(c->saved), &c->saved);
}

static void reap(struct bctx *c)
{
	if (c->child > 0) {
		kill(c->child, SIGKILL);
		waitpid(c->child, NULL, 0);
		c->child = 0;
	}
}

/* child of trap-pipe: echo each byte back, touching the registers first */
static void __attribute__((noreturn)) pipe_child(struct bctx *c)
{
	char b;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	close(c->to[1]);
	close(c->from[0]);
	prepare(c->v);
	while (read(c->to[0], &b, 1) == 1) {
		touch(c->v);
		if (write(c->from[1], &b, 1) != 1)
			break;
	}
	_exit(0);
}

static int pipe_setup(struct bctx *c, char *why, size_t n)
{
	if (pin(c, why, n))
		return -1;
	if (pipe(c->to) || pipe(c->from)) {
		snprintf(why, n, "pipe: %s", strerror(errno));
		unpin(c);
		return -1;
	}
	c->child = fork();
	if (c->child < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		unpin(c);
		return -1;
	}
	if (!c->child)
		pipe_child(c);
	close(c->to[0]);
	close(c->from[1]);
	prepare(c->v);
	return 0;
}

static void pipe_run(struct bctx *c, unsigned long n)
{
	char b = 'x';

	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		if (write(c->to[1], &b, 1) != 1 || read(c->from[0], &b, 1) != 1)
			die("trap-pipe: the partner process is gone");
	}
}

static void pipe_teardown(struct bctx *c)
{
	close(c->to[1]);
	close(c->from[0]);
	reap(c);
	unpin(c);
}

static int ctxsw_setup(struct bctx *c, char *why, size_t n)
{
	c->stop = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c->stop == MAP_FAILED) {
		snprintf(why, n, "mmap: %s", strerror(errno));
		return -1;
	}
	if (pin(c, why, n) || (c->child = fork()) < 0) {
		if (!why[0])
			snprintf(why, n, "fork: %s", strerror(errno));
		if (c->child < 0)
			unpin(c);
		munmap((void *)c->stop, 4096);
		return -1;
	}
	if (!c->child) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		prepare(c->v);
		while (!*c->stop) {
			touch(c->v);
			sched_yield();
		}
		_exit(0);
	}
	prepare(c->v);
	return 0;
}

static void ctxsw_run(struct bctx *c, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		touch(c->v);
		sched_yield();
	}
}

static void ctxsw_teardown(struct bctx *c)
{
	*c->stop = 1;
	waitpid(c->child, NULL, 0);
	c->child = 0;
	munmap((void *)c->stop, 4096);
	unpin(c);
}

static int wait_stop(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st))
		return -1;
	return 0;
}

static int read_regset(struct bctx *c)
{
	struct iovec iov = { c->buf, c->rs->size };

	return ptrace(PTRACE_GETREGSET, c->child, (void *)(uintptr_t)c->rs->type,
		      &iov);
}

static int ptrace_setup(struct bctx *c, char *why, size_t n)
{
	if (pin(c, why, n))
		return -1;
	c->child = fork();
	if (c->child < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		unpin(c);
		return -1;
	}
	if (!c->child) {
		pid_t self = getpid();

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (ptrace(PTRACE_TRACEME, 0, 0, 0))
			_exit(1);
		prepare(c->v);
		for (;;) {
			touch(c->v);
			syscall(SYS_tgkill, self, self, SIGTRAP);
		}
	}
	if (wait_stop(c->child)) {
		snprintf(why, n, "the tracee did not stop (PTRACE_TRACEME refused?)");
		reap(c);
		unpin(c);
		return -1;
	}
	if (c->rs) {
		c->buf = xzalloc(c->rs->size);
		if (read_regset(c) < 0) {
			snprintf(why, n, "PTRACE_GETREGSET %s: %s", c->rs->name,
				 strerror(errno));
			free(c->buf);
			reap(c);
			unpin(c);
			return -1;
		}
	}
	return 0;
}

/* one operation: the tracee stopped; read the regset; let it stop again */
static void ptrace_run(struct bctx *c, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		if (c->rs && read_regset(c) < 0)
			die("ptrace: PTRACE_GETREGSET %s: %s", c->rs->name,
			    strerror(errno));
		if (ptrace(PTRACE_CONT, c->child, 0, 0) || wait_stop(c->child))
			die("ptrace: the tracee did not stop again");
	}
}

static void ptrace_teardown(struct bctx *c)
{
	reap(c);
	free(c->buf);
	unpin(c);
}

static const struct workload workloads[] = {
	{ "syscall", BW_SYSCALL, "one getpid", 100000, false,
	  syscall_setup, syscall_run, NULL },
	{ "signal", BW_SIGNAL, "tgkill of SIGUSR1 to self, handler, sigreturn",
	  20000, false, signal_setup, signal_run, signal_teardown },
	{ "trap-pipe", BW_TRAP_PIPE, "a pipe round trip between two "
	  "processes on one CPU, each touching the registers", 10000, true,
	  pipe_setup, pipe_run, pipe_teardown },
	{ "ctxsw", BW_CTXSW, "sched_yield to the other of two processes on "
	  "one CPU, both with live registers", 10000, true,
	  ctxsw_setup, ctxsw_run, ctxsw_teardown },
	{ "ptrace", BW_PTRACE, "a signal-delivery stop and PTRACE_CONT, plus "
	  "the regset read the ID names", 5000, true, ptrace_setup, ptrace_run, ptrace_teardown },
};

/* --- statistics --- */

/* --- one result --- */

struct bopts {
	unsigned samples, warmup;
	unsigned long iters;	/* 0: the workload's default */
	const char *workloads;	/* comma list, or NULL */
	const char *json;
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

static void measure(struct result *r, const struct bopts *o,
		    const struct bench_regset *rs)
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
	for (unsigned s = 0; s < o->warmup + ns; s++) {
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
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "fpabi: cannot write %s: %s\n", path,
			strerror(errno));
		return -1;
	}
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
		fprintf(f, "}}");
	}
	fprintf(f, "\n  ]\n}\n");
	if (fclose(f)) {
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

	while (p && *p) {
		size_t n = strcspn(p, ",");
		bool found = false;

		for (size_t i = 0; i < ARRAY_SIZE(workloads); i++)
			found |= strlen(workloads[i].name) == n &&
				 !strncmp(workloads[i].name, p, n);
		if (!found) {
			fprintf(stderr, "fpabi: unknown workload '%.*s'\n"
				"Try 'fpabi bench --help'.\n", (int)n, p);
			return -1;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

/* every result of the selected workloads, in order */
static unsigned plan_results(struct result *res, unsigned max,
			     const struct bopts *o)
{
	unsigned n = 0;

	for (size_t w = 0; w < ARRAY_SIZE(workloads); w++) {
		const struct workload *wl = &workloads[w];

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

static unsigned long parse_count(const char *s, const char *opt)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || !*s || *end || *s == '-' || v > 100000000ul) {
		fprintf(stderr, "fpabi: invalid number for %s\n"
			"Try 'fpabi bench --help'.\n", opt);
		exit(2);
	}
	return v;
}

static double parse_pct(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || !*s || *end || !(v >= 0 && v <= 1000)) {
		fprintf(stderr, "fpabi: --floor wants a percentage, 0 to 1000\n"
			"Try 'fpabi bench --help'.\n");
		exit(2);
	}
	return v;
}

static int bench_run(const struct bopts *o)
{
	struct result res[64];
	unsigned n = plan_results(res, ARRAY_SIZE(res), o);
	char kernel[300] = "unknown", state[160], y[2048];
	struct utsname u;
	struct pmu p;
	struct tap t;
	int kfd = o->kmsg ? kmsg_open() : -1;

	if (uname(&u) == 0)
		snprintf(kernel, sizeof(kernel), "%s %s", u.release, u.version);
	bench_arch.describe(state, sizeof(state));
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_begin(&t, stdout);
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
	tap_comment(&t, "%u samples of N operations after %u warm-up sample(s); "
		    "figures per operation: median, quartiles q1/q3, min, max",
		    o->samples, o->warmup);
	tap_plan(&t, n + o->kmsg);
	for (unsigned i = 0; i < n; i++) {
		struct result *r = &res[i];

		if (!r->skip) {
			vlog("bench %s: %u x %lu", r->id, o->samples, r->iters);
			measure(r, o, regset_of(r));
		}
		if (r->skip) {
			tap_result(&t, TAP_SKIP, r->id, r->skip, NULL);
			continue;
		}
		tap_comment(&t, "%s: %.1f ns/op (q1 %.1f, q3 %.1f)", r->id,
			    r->st[M_NS].median, r->st[M_NS].q1, r->st[M_NS].q3);
		yaml_result(r, y, sizeof(y));
		tap_result(&t, TAP_PASS, r->id, NULL, y);
	}
	if (o->kmsg) {
		kmsg_tap_result(&t, kfd);
		if (kfd >= 0)
			close(kfd);
	}
	tap_totals(&t);
	if (o->json && write_json(o->json, res, n, o, kernel, state))
		return 2;
	return t.failed ? 1 : 0;
}

int cmd_bench(int argc, char **argv)
{
	enum { OPT_WARMUP = 256, OPT_JSON, OPT_COMPARE, OPT_KMSG, OPT_FLOOR };
	static const struct option longopts[] = {
		{ "workload", required_argument, NULL, 'w' },
		{ "samples", required_argument, NULL, 'n' },
		{ "iterations", required_argument, NULL, 'i' },
		{ "warmup", required_argument, NULL, OPT_WARMUP },
		{ "json", required_argument, NULL, OPT_JSON },
		{ "compare", no_argument, NULL, OPT_COMPARE },
		{ "kmsg", no_argument, NULL, OPT_KMSG },
		{ "floor", required_argument, NULL, OPT_FLOOR },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct bopts o = { .samples = 11, .warmup = 1 };
	bool compare = false, iters_zero = false;
	double floor_pct = 0;
	int c;

	/* fpabi bench stress: the stress engine's own cost (src/stress.c) */
	if (argc > 1 && !strcmp(argv[1], "stress"))
		return bench_stress(argc - 1, argv + 1);
	optind = 1;
	while ((c = getopt_long(argc, argv, "w:n:i:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'w': o.workloads = optarg; break;
		case 'n': o.samples = parse_count(optarg, "--samples"); break;
		case 'i':
			o.iters = parse_count(optarg, "--iterations");
			iters_zero = !o.iters;
			break;
		case OPT_WARMUP: o.warmup = parse_count(optarg, "--warmup"); break;
		case OPT_JSON: o.json = optarg; break;
		case OPT_COMPARE: compare = true; break;
		case OPT_KMSG: o.kmsg = true; break;
		case OPT_FLOOR: floor_pct = parse_pct(optarg); break;
		case 'v': fpabi_verbose = 1; break;
		case 'h': fputs(bench_usage, stdout); return 0;
		default: fprintf(stderr, "Try 'fpabi bench --help'.\n"); return 2;
		}
	}
	if (compare) {
		if (argc - optind != 2) {
			fprintf(stderr, "fpabi: --compare wants two JSON files\n"
				"Try 'fpabi bench --help'.\n");
			return 2;
		}
		return bench_compare(argv[optind], argv[optind + 1], floor_pct);
	}
	if (optind < argc) {
		fprintf(stderr, "fpabi: unexpected argument '%s'\n"
			"Try 'fpabi bench --help'.\n", argv[optind]);
		return 2;
	}
	if (!o.samples || iters_zero) {
		fprintf(stderr, "fpabi: %s must be at least 1\n"
			"Try 'fpabi bench --help'.\n",
			!o.samples ? "--samples" : "--iterations");
		return 2;
	}
	if (check_workloads(o.workloads))
		return 2;
	return bench_run(&o);
}
