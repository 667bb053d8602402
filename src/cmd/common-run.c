// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The services every command shares (run, list, info, fuzz, stress,
 * bench): probing the machine, the ABI profile, the output's header,
 * finding the tracee, a case instance's run and its fault injection, the
 * runner's signals, and whether ptrace is allowed at all.
 */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/calib.h"
#include "fpabi/common-run.h"
#include "fpabi/paths.h"
#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"

void bad_usage(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fpabi: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'fpabi --help'.\n");
	exit(2);
}

void fpabi_parse_inject(struct fpabi_opts *o, const char *spec)
{
	const char *colon = strchr(spec, ':');

	enum inject_kind k;

	if (!colon || !colon[1])
		bad_usage("--inject-fault wants KIND:TARGET, got '%s'", spec);
	if (!strncmp(spec, "byte:", 5))
		k = INJ_BYTE;
	else if (!strncmp(spec, "step:", 5))
		k = INJ_STEP;
	else if (!strncmp(spec, "hang:", 5))
		k = INJ_HANG;
	else if (!strncmp(spec, "known:", 6))
		k = INJ_KNOWN;
	else if (!strncmp(spec, "unproven:", 9))
		k = INJ_UNPROVEN;
	else if (!strncmp(spec, "cpu:", 4) || !strncmp(spec, "calib:", 6)) {
		/* the CPU and its calibration: for the whole run */
		if (calib_parse_inject(spec) < 0)
			bad_usage("--inject-fault %s: cpu: takes "
				  "x87-fip-canonical-57 or x87-fip-canonical-48, "
				  "calib: off or a field name", spec);
		return;
	} else
		bad_usage("--inject-fault KIND is byte, step, hang, known, "
			  "unproven, cpu or calib, got '%s'", spec);
	if (o->ninj == MAX_INJECT)
		bad_usage("--inject-fault at most %d times", MAX_INJECT);
	o->inj[o->ninj].kind = k;
	o->inj[o->ninj++].target = colon + 1;
	if (!o->inject) {
		o->inject = k;
		o->inject_target = colon + 1;
	}
}

const struct fpabi_inject *inject_for(const struct fpabi_opts *o,
				      const char *id, const char *family)
{
	unsigned i;

	for (i = 0; i < o->ninj; i++)
		if (!strcmp(o->inj[i].target, "any") ||
		    !strcmp(o->inj[i].target, family) ||
		    !fnmatch(o->inj[i].target, id, 0))
			return &o->inj[i];
	return NULL;
}

bool inject_applies(const struct fpabi_opts *o, const char *id,
		    const char *family)
{
	return o->inject != INJ_NONE &&
	       (!strcmp(o->inject_target, "any") ||
		!strcmp(o->inject_target, family) ||
		!fnmatch(o->inject_target, id, 0));
}

/*
 * An --inject-fault whose TARGET is no case of the plan (or, for step,
 * none with a marked step) would inject nothing and pass: bad usage.
 */
void fpabi_inject_check(const struct fpabi_opts *o, const struct plan *p)
{
	unsigned i;

	if (o->inject == INJ_NONE)
		return;
	for (i = 0; i < p->n; i++)
		if (inject_applies(o, p->items[i].id, p->items[i].c->family) &&
		    (o->inject != INJ_STEP || p->items[i].c->drop >= 0))
			return;
	bad_usage("--inject-fault=%s:%s hits no case%s of the plan",
		  inject_kind_name(o->inject), o->inject_target,
		  o->inject == INJ_STEP ? " with a step to drop" : "");
}

/* A fresh run of plan item it: the seed depends on the item and the
 * repetition only, so a repeated attempt replays the same values. */
void init_run(struct fpabi_run *r, const struct fpabi_machine *m,
	      const struct fpabi_opts *o, const struct plan_item *it,
	      unsigned attempt)
{
	struct timespec deadline = r->deadline;

	/* a retry keeps the first attempt's deadline (run_again()) */
	memset(r, 0, sizeof(*r));
	if (attempt > 1)
		r->deadline = deadline;
	r->m = m;
	r->o = o;
	r->c = it->c;
	r->v = it->v;
	r->v0 = it->v;
	r->param = it->param;
	r->place = it->place;
	r->attempt = attempt;
	snprintf(r->id, sizeof(r->id), "%s", it->id);
	r->seed = mix64(o->seed ^ hash_str(it->id));
	r->cseed = canary_seed16(r->seed);
	if (inject_for(o, it->id, it->c->family)) {
		enum inject_kind k = inject_for(o, it->id, it->c->family)->kind;

		r->inject_byte = k == INJ_BYTE || k == INJ_KNOWN;
		r->inject_known = k == INJ_KNOWN;
		r->drop_step = k == INJ_STEP && it->c->drop >= 0;
		r->hang = k == INJ_HANG;
		r->inject_unproven = k == INJ_UNPROVEN;
	}
}

char *fpabi_find_tracee(const char *opt)
{
	char self[PATH_MAX], *slash, *path;
	const char *env = getenv("FPABI_TRACEE");
	ssize_t n;

	if (opt)
		return xstrdup(opt);
	if (env && *env)
		return xstrdup(env);
	n = readlink("/proc/self/exe", self, sizeof(self) - 32);
	if (n > 0) {
		self[n] = 0;
		slash = strrchr(self, '/');
		if (slash) {
			/* a build tree, else an installed tree wherever it
			 * was moved, else the configured path */
			*slash = 0;
			path = fpabi_relocated(self, "fpabi-tracee");
			strcpy(slash, "/fpabi-tracee");
			if (access(self, X_OK) == 0) {
				free(path);
				return xstrdup(self);
			}
			if (access(path, X_OK) == 0)
				return path;
			free(path);
		}
	}
	path = xstrdup(FPABI_LIBEXECDIR "/fpabi-tracee");
	return path;
}

/* A file in the same directory as path. */
char *fpabi_sibling(const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path + 1) : 0;
	char *p = xmalloc(dir + strlen(name) + 1);

	memcpy(p, path, dir);
	strcpy(p + dir, name);
	return p;
}

const struct fpabi_profile *fpabi_profile_find(const char *name)
{
	const struct fpabi_profile *p;

	for (p = fpabi_profiles; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

const struct fpabi_profile *fpabi_profile_for(unsigned kver)
{
	const struct fpabi_profile *p;

	/* every table ends with an entry for any kernel (min_kver 0) */
	for (p = fpabi_profiles; p[1].name && (kver < p->min_kver ||
		(p->below_kver && kver >= p->below_kver)); p++)
		;
	return p;
}

const struct fpabi_profile *fpabi_profile_choose(struct fpabi_machine *m)
{
	const struct fpabi_profile *a = fpabi_profile_for(m->kver), *p = a;

	/* main() refused an unknown --profile */
	if (m->profile_force && fpabi_profile_find(m->profile_force))
		p = fpabi_profile_find(m->profile_force);
	m->profile_auto = a->name;
	m->profile = p->name;
	m->profile_why = p->summary;
	return p;
}

void profile_names(char *buf, size_t n)
{
	const struct fpabi_profile *p;
	size_t len = 0;

	buf[0] = 0;
	for (p = fpabi_profiles; p->name && len < n; p++)
		len += snprintf(buf + len, n - len, "%s%s",
				p == fpabi_profiles ? "" : ", ", p->name);
}

void fpabi_header(const struct fpabi_machine *m, FILE *f, const char *pfx)
{
	fprintf(f, "%sfpabi %s\n", pfx, PACKAGE_VERSION);
	fprintf(f, "%skernel: %s\n", pfx, m->kernel);
	fprintf(f, "%sarch: %s, %d CPUs usable\n", pfx, fpabi_arch.name, m->ncpus);
	if (m->profile_force)
		fprintf(f, "%sprofile: %s (forced by --profile; the kernel "
			"would get %s)\n", pfx, m->profile, m->profile_auto);
	else
		fprintf(f, "%sprofile: %s (%s)\n", pfx, m->profile,
			m->profile_why);
	fpabi_platform_print(m, f, pfx);
	calib_print(m, f, pfx);
}

/* the seed whose fills the calibration round-trips (the run's, where the
 * command has one before it probes) */
uint64_t fpabi_calib_seed = 1;

void fpabi_probe(struct fpabi_machine *m, const char *force)
{
	struct utsname u;
	cpu_set_t set;

	memset(m, 0, sizeof(*m));
	if (uname(&u) == 0)
		snprintf(m->kernel, sizeof(m->kernel), "%s %s", u.release,
			 u.version);
	m->kver = kernel_version();
	m->profile = "unknown";
	m->profile_why = "not probed";
	m->profile_force = force;
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		m->ncpus = CPU_COUNT(&set);
	if (geteuid() == 0)
		m->have |= NEED_ROOT;
	if (m->ncpus >= 2)
		m->have |= NEED_SMP2;
	fpabi_arch.probe(m);
	fpabi_platform_probe(m);
	/* what the CPU keeps, before any case is planned (DESIGN.md rule 10) */
	fpabi_calibrate(m, fpabi_calib_seed);
}

static void on_fatal_signal(int sig)
{
	pid_t pid = fpabi_current_tracee;

	/* the tracee and its helpers die with the runner */
	if (pid > 0) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

void fpabi_setup_signals(void)
{
	struct sigaction sa;
	sigset_t chld;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	/* SIGCHLD is waited for with sigtimedwait() by the watchdog */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
}

/*
 * Whether this process may trace its children at all: Yama's
 * ptrace_scope 3 (2 without CAP_SYS_PTRACE), a container's seccomp
 * profile or an LSM refuse every PTRACE_SEIZE, and then no case can run.
 * Asked once, of a child that only waits, so the refusal is one SKIP of
 * the plan instead of a failure per case.  Returns 0, or -1 with why.
 */
int fpabi_ptrace_refused(char *why, size_t n)
{
	int e, scope = -1;
	pid_t pid;
	FILE *f;

	pid = fpabi_fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		for (;;)
			pause();
	}
	e = ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_EXITKILL) ? errno : 0;
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	if (!e)
		return 0;
	f = fopen("/proc/sys/kernel/yama/ptrace_scope", "r");
	if (f) {
		if (fscanf(f, "%d", &scope) != 1)
			scope = -1;
		fclose(f);
	}
	snprintf(why, n, "ptrace refused: PTRACE_SEIZE of a child gives %s "
		 "(%s)", strerror(e), scope >= 2 ?
		 (scope == 3 ? "Yama ptrace_scope 3: no process may trace" :
		  "Yama ptrace_scope 2: only with CAP_SYS_PTRACE") :
		 "a seccomp filter, e.g. a container's, or an LSM");
	return -1;
}

static const char *const sc_names[SC_NR] = {
	[SC_GETPID] = "getpid",
	[SC_SCHED_YIELD] = "sched_yield",
	[SC_NANOSLEEP] = "nanosleep",
	[SC_PIPE_READ] = "pipe-read",
	[SC_GETPPID] = "getppid",
	[SC_GETPGID] = "getpgid",
	[SC_EXEC] = "execve",
	[SC_FORK] = "fork", [SC_THREAD] = "thread", [SC_VFORK] = "vfork",
	[SC_CLONE3] = "clone3", [SC_FORK_SETTLS] = "fork-settls",
	[SC_THREAD_SETTLS] = "thread-settls",
	[SC_SLEEP_UNTIL] = "clock_nanosleep-abs",
	[SC_MIGRATE_SELF] = "sched_setaffinity-self",
};

const char *inject_kind_name(enum inject_kind k)
{
	static const char *const names[] = {
		[INJ_NONE] = "none", [INJ_BYTE] = "byte", [INJ_STEP] = "step",
		[INJ_HANG] = "hang", [INJ_KNOWN] = "known",
		[INJ_UNPROVEN] = "unproven",
	};

	return names[k];
}

const char *sc_name(unsigned sc)
{
	const char *n = NULL;

	if (sc < SC_NR)
		n = sc_names[sc];
	else if (fpabi_arch.sc_name)
		n = fpabi_arch.sc_name(sc);
	return n ? n : "?";
}
