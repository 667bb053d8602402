// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The services every command shares (run, list, info, fuzz, stress,
 * race, repro, bench): probing the machine, the output's header, finding
 * the tracee, a case instance's run, the options every command takes,
 * the runner's signals, and whether ptrace is allowed at all.
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
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/calib.h"
#include "fpabi/common-run.h"
#include "fpabi/paths.h"
#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/uring.h"
#include "fpabi/util.h"

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
		r->inject_iovlen = k == INJ_IOVLEN;
		r->inject_interrupt = k == INJ_INTERRUPT;
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

/* BPF_PROG_LOAD of the socket filter SC_BPF_PROG_LOAD loads: the kind
 * needs it (CONFIG_BPF_SYSCALL, and CAP_BPF where unprivileged BPF is
 * off, as Debian has it) */
static bool bpf_works(void)
{
	struct fpabi_bpf_attr a;
	long fd;

	memset(&a, 0, sizeof(a));
	fpabi_bpf_filter(&a);
	fd = syscall(SYS_bpf, FPABI_BPF_PROG_LOAD, &a, sizeof(a));
	if (fd < 0)
		return false;
	close((int)fd);
	return true;
}

/* io_uring_setup() of SC_IOURING_WRITE's ring (io_uring_disabled, or a
 * container's seccomp filter, refuse it) */
static bool iouring_works(void)
{
	struct io_uring_params p;
	int fd = fpabi_uring_setup(&p);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

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
	if (bpf_works())
		m->have |= NEED_BPF;
	if (access("/dev/urandom", W_OK) == 0)
		m->have |= NEED_URANDOM;
	if (iouring_works())
		m->have |= NEED_IOURING;
	fpabi_arch.probe(m);
	fpabi_platform_probe(m);
	/* what the CPU keeps, before any case is planned (DESIGN.md rule 10) */
	fpabi_calibrate(m, fpabi_calib_seed);
}

/*
 * The first SIGINT, SIGTERM or SIGHUP stops the command the way a
 * finished one ends, minus the cases not run: the tracee dies now (the
 * engine's waits end), the command reports the case it cut as
 * interrupted and ends its outputs (fpabi_interrupt_end()).  A second
 * one, or SIGPIPE (no reader left), ends the process at once.
 */
static void on_fatal_signal(int sig)
{
	pid_t pid = fpabi_current_tracee;

	/* the tracee and its helpers die with the runner */
	if (pid > 0) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
	if (sig != SIGPIPE && !fpabi_interrupted) {
		fpabi_interrupted = sig;
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

bool fpabi_interrupt_result(struct tap *t, const char *id)
{
	char why[128], q[300], yaml[400];

	if (!fpabi_interrupted)
		return false;
	snprintf(why, sizeof(why), "interrupted by %s: the case was stopped, "
		 "no verdict on the kernel", tap_interrupt_name());
	yaml_quote(q, sizeof(q), why);
	snprintf(yaml, sizeof(yaml), "verdict: broken\nreason: %s\n", q);
	tap_result(t, TAP_BROKEN, id, why, yaml);
	return true;
}

int fpabi_interrupt_end(struct tap *t, bool plan)
{
	char why[128];

	if (plan)
		tap_plan(t, t->n);
	snprintf(why, sizeof(why), "interrupted by %s after %u results: the "
		 "rest were not run", tap_interrupt_name(), t->n);
	/* the reports' outcome, with the reason */
	t->outcome = RUN_INTERRUPTED;
	snprintf(t->outcome_reason, sizeof(t->outcome_reason), "%s", why);
	tap_bail(t, why);
	tap_totals(t);
	fflush(stdout);
	return 128 + fpabi_interrupted;
}

void fpabi_setup_signals(void)
{
	struct sigaction sa;
	sigset_t chld;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	/* a write to a slow reader goes on: the outputs end whole */
	sa.sa_flags = SA_RESTART;
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

	/* every case's shared memory is a memfd: refused (a seccomp
	 * profile), it is one reason, not a broken result per case */
	e = (int)syscall(SYS_memfd_create, "fpabi-probe", MFD_CLOEXEC);
	if (e < 0) {
		snprintf(why, n, "memfd_create refused (%s): no case can have "
			 "its shared memory", strerror(errno));
		return -1;
	}
	close(e);
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
	f = fopen("/proc/sys/kernel/yama/ptrace_scope", "re");
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

bool common_option(int c, const char *arg, struct fpabi_common_opts *co,
		   struct fpabi_opts *o)
{
	switch (c) {
	case 's': o->seed = opt_seed("--seed", arg); co->seeded = true; break;
	case COPT_TRACEE: co->tracee = arg; o->tracee_given = true; break;
	case COPT_PROFILE:
		/* every command: a profile that is not is a typo */
		if (!fpabi_profile_find(arg)) {
			char names[256];

			profile_names(names, sizeof(names));
			usage_error("unknown --profile '%s'; %s has: %s", arg,
				    fpabi_arch.name, names);
		}
		co->profile = arg;
		break;
	case COPT_KMSG: o->kmsg = true; break;
	case COPT_INJECT: fpabi_parse_inject(o, arg); break;
	case COPT_NOWORK: fpabi_no_workarounds = 1; break;
	case 'v': fpabi_verbose = 1; break;
	default: return false;
	}
	return true;
}
