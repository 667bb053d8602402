// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Run one case instance: build the tracee's event list and images in shared
 * memory, start the tracee under ptrace and a watchdog, walk the steps with
 * the model, act at each stop, and check every observation.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/run.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"

#define SHM_HDR_SIZE	4096
#define MAX_STORES	8

/* the tracee being run, for the runner's signal handler */
volatile pid_t fpabi_current_tracee;

static const char *const sc_names[SC_NR] = {
	[SC_GETPID] = "getpid",
	[SC_SCHED_YIELD] = "sched_yield",
	[SC_NANOSLEEP] = "nanosleep",
	[SC_PIPE_READ] = "pipe-read",
	[SC_SET_SVE_VL] = "prctl-sve-set-vl",
	[SC_GETPPID] = "getppid",
	[SC_GETPGID] = "getpgid",
	[SC_EXEC] = "execve",
	[SC_SET_SME_VL] = "prctl-sme-set-vl",
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
		[INJ_HANG] = "hang",
	};

	return names[k];
}

const char *sc_name(unsigned sc)
{
	return sc < SC_NR && sc_names[sc] ? sc_names[sc] : "?";
}

struct snapshot {
	struct fpabi_variant v;		/* the model's (arm64: VL, SVCR) */
	struct fpabi_layout lo;		/* owned by the run */
	uint8_t *init;			/* owned by the run */
	uint8_t *img, *kind, *phase, *task;
	const struct fpabi_rule **rule;
};

/* What the tracee leaves in shared memory, checked at the end. */
enum obs_kind { OBS_DUMP, OBS_HANDLER, OBS_FRAME, OBS_CHILD };

#define MAX_OBS		(MAX_STORES + 2 * FPABI_MAX_SIGNALS)
#define FRAME_CAP	(256 * 1024)	/* SIGFRAME_MAXSZ on arm64 */
#define SIG_EVS		12		/* entry list 4, exit list 8 */
#define COMP_EVS	(2 * FPABI_COMP_WAKES + 4)	/* the competitor's list */

struct obs {
	enum obs_kind kind;
	size_t off;		/* dump, or frame copy */
	unsigned sig;		/* signal slot */
	int step;		/* the step it belongs to */
	struct snapshot snap;	/* the model's expectation at that point */
};

struct engine {
	struct fpabi_run *r;
	int memfd;
	size_t ev_off, load_off[CANARY_MAX_PHASE + 1];
	size_t dump_off[MAX_STORES + FPABI_MAX_SIGNALS];
	unsigned ndumps;
	struct obs obs[MAX_OBS];
	unsigned nobs;
	unsigned nsig;
	size_t sig_ev_off[FPABI_MAX_SIGNALS];	/* entry list, then exit list */
	size_t mid_dump[FPABI_MAX_SIGNALS];	/* a nesting handler's dump */
	struct nest {			/* signals whose handler is running */
		const struct fpabi_step *s;
		struct snapshot pre;	/* the model before it */
		uint32_t astate[4];
		size_t mid_dump;
	} nest[FPABI_MAX_SIGNALS];
	unsigned nnest;
	size_t frame_off[FPABI_MAX_SIGNALS];
	size_t child_ev[4];	/* each S_FORK's child list */
	unsigned nchild;
	size_t comp_img;	/* the competitor's image (task 1) */
	size_t comp_ev;		/* and its event list */
	pid_t comp_pid;
	struct timespec go;	/* when the tracee was told to go */
	long comp_vol0, comp_invol0;	/* the competitor's switches then */
	int cpu;		/* where tracee and competitor are pinned */
	int self_cpu;		/* where SC_MIGRATE_SELF last sent it */
	int self_tgt[4];	/* each one's target, in order */
	unsigned nself, kself;
	int migrated_to;	/* S_MIGRATE's target CPU, or -1 */
	unsigned npreempt;
	int pending_sig;	/* to deliver when the tracee resumes */
	const struct fpabi_step *sig_step;	/* its model, applied then */
	unsigned sig_n;
	size_t sig_dump;
	bool stopped;		/* the tracee sits in a ptrace stop */
	bool refused;		/* S_REFUSED: the run ends at its SIGSEGV */
	bool maybe;		/* SIG_MAYBE: the next TRAP may be a SIGSEGV */
	struct timespec deadline;
};

static struct fpabi_shm_hdr *hdr(struct fpabi_run *r)
{
	return (struct fpabi_shm_hdr *)r->shm;
}

static bool dropped(const struct fpabi_run *r, int i)
{
	return r->drop_step && r->c->drop == i;
}

static unsigned step_sc(const struct fpabi_run *r, const struct fpabi_step *s)
{
	return s->a ? s->a : r->param;
}

/*
 * A syscall step's argument, from the case's code.  Resolved when the
 * events are built and again when the model walks the step, so the arch
 * must answer from the planned variant (r->v0), not the model's state.
 */
static uint64_t step_arg(struct fpabi_run *r, const struct fpabi_step *s)
{
	return fpabi_arch.syscall_arg ?
	       fpabi_arch.syscall_arg(r, step_sc(r, s), s->b) : s->b;
}

static bool maybe(const struct fpabi_step *s)
{
	return s->op == S_FAULT && (s->b & SIG_MAYBE);
}

static bool nested(const struct fpabi_step *s)
{
	return s->op == S_FAULT && (s->b & SIG_NESTED);
}

/* Reserve n bytes of shared memory, page aligned. */
static size_t take(size_t *off, size_t n)
{
	size_t at = *off;

	*off = ALIGN_UP(at + n, 4096);
	return at;
}

static void need_image(struct engine *e, size_t *off, unsigned phase)
{
	if (phase && !e->load_off[phase])
		e->load_off[phase] = take(off, fpabi_arch.load_size(e->r));
}

/*
 * Lay out the shared memory: header, events, the images of every phase
 * used, dumps (one per STORE and per signal handler entry), and per
 * signal its handler's event lists and frame copy.
 */
static int shm_plan(struct engine *e)
{
	struct fpabi_run *r = e->r;
	const struct fpabi_step *s;
	size_t off = SHM_HDR_SIZE, nev = 1, dump = fpabi_arch.dump_size(r);
	unsigned i;

	for (i = 0; i <= CANARY_MAX_PHASE; i++)
		e->load_off[i] = 0;
	for (s = r->c->steps; s->op != S_END; s++)
		nev++;
	nev += r->hang;
	e->ev_off = take(&off, nev * sizeof(struct fpabi_ev));
	for (s = r->c->steps; s->op != S_END; s++) {
		if (s->op == S_LOAD)
			need_image(e, &off, s->a);
		if (s->op != S_STORE && s->op != S_FAULT && s->op != S_SIGSYS &&
		    s->op != S_EXEC && s->op != S_FORK)
			continue;
		if (e->ndumps == ARRAY_SIZE(e->dump_off))
			die("internal: case %s has too many dumps", r->id);
		e->dump_off[e->ndumps++] = take(&off, dump);
		if (s->op == S_FORK)
			e->child_ev[e->nchild++] = take(&off,
						4 * sizeof(struct fpabi_ev));
		if (s->op == S_STORE || s->op == S_EXEC || s->op == S_FORK)
			continue;
		if (nested(s))
			e->mid_dump[e->nsig] = take(&off, dump);
		if (e->nsig == FPABI_MAX_SIGNALS)
			die("internal: case %s has too many signals", r->id);
		need_image(e, &off, s->a);
		if (step_edit_kind(s))
			need_image(e, &off, step_edit_phase(s));
		e->nsig++;
	}
	if (r->c->competitor) {
		e->comp_img = take(&off, fpabi_arch.load_size(r));
		e->comp_ev = take(&off, COMP_EVS * sizeof(struct fpabi_ev));
	}
	/* per signal: entry and exit event lists, and the frame copy */
	for (i = 0; i < e->nsig; i++) {
		e->sig_ev_off[i] = take(&off, SIG_EVS * sizeof(struct fpabi_ev));
		e->frame_off[i] = take(&off, FRAME_CAP);
	}
	r->shm_size = off;
	return 0;
}

static int shm_create(struct engine *e)
{
	struct fpabi_run *r = e->r;

	e->memfd = syscall(SYS_memfd_create, "fpabi", 0);
	if (e->memfd < 0) {
		run_broken(r, "memfd_create: %s", strerror(errno));
		return -1;
	}
	if (ftruncate(e->memfd, r->shm_size) < 0) {
		run_broken(r, "ftruncate shm: %s", strerror(errno));
		return -1;
	}
	r->shm = mmap(NULL, r->shm_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		      e->memfd, 0);
	if (r->shm == MAP_FAILED) {
		r->shm = NULL;
		run_broken(r, "mmap shm: %s", strerror(errno));
		return -1;
	}
	if (fpabi_arch.shm_setup)
		fpabi_arch.shm_setup(r, hdr(r));
	hdr(r)->magic = FPABI_SHM_MAGIC;
	hdr(r)->version = FPABI_SHM_VERSION;
	hdr(r)->size = r->shm_size;
	return 0;
}

/* A signal's handler lists: STORE at entry; LOAD (clobber) at exit. */
static void build_signal(struct engine *e, unsigned k, const struct fpabi_step *s,
			 size_t dump)
{
	struct fpabi_run *r = e->r;
	struct fpabi_sig_slot *slot = &hdr(r)->sig[k];
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + e->sig_ev_off[k]);
	unsigned x = 4;		/* the exit list */

	slot->want_signo = s->op == S_SIGSYS ? SIGSYS : SIGILL;
	memset(ev, 0, SIG_EVS * sizeof(*ev));
	ev[0].kind = FPABI_EV_STORE;
	ev[0].ptr = dump;
	fpabi_arch.ev_store(r, &ev[0]);
	ev[1].kind = FPABI_EV_END;
	if (s->a) {
		ev[x].kind = FPABI_EV_LOAD;
		ev[x].ptr = e->load_off[s->a];
		fpabi_arch.ev_load(r, &ev[x++], 0);
	}
	if (nested(s)) {
		/* the next signal, then what the handler holds after it */
		ev[x++].kind = FPABI_EV_FAULT;
		ev[x].kind = FPABI_EV_STORE;
		ev[x].ptr = e->mid_dump[k];
		canary_poison(r->shm + e->mid_dump[k], fpabi_arch.dump_size(r),
			      r->cseed);
		fpabi_arch.ev_store(r, &ev[x++]);
	}
	ev[x].kind = FPABI_EV_END;
	ev[x].nr = 1;		/* keep what the exit LOAD put there */
	slot->entry_ev = e->sig_ev_off[k];
	slot->exit_ev = e->sig_ev_off[k] + 4 * sizeof(*ev);
	slot->frame_off = e->frame_off[k];
	slot->frame_cap = FRAME_CAP;
	slot->edit = step_edit_kind(s);
	slot->edit_img = slot->edit ? e->load_off[step_edit_phase(s)] : 0;
	slot->edit_seed = r->seed ^ (0x9e3779b97f4a7c15ull * (k + 1));
}

/* A clone's child: it stores its registers into dump and exits. */
static size_t build_child(struct engine *e, unsigned k, size_t dump,
			  unsigned kind)
{
	struct fpabi_run *r = e->r;
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + e->child_ev[k]);

	memset(ev, 0, 4 * sizeof(*ev));
	ev[0].kind = FPABI_EV_STORE;
	ev[0].ptr = dump;
	fpabi_arch.ev_store(r, &ev[0]);
	if (kind && fpabi_arch.child_store)
		fpabi_arch.child_store(r, kind, &ev[0]);
	ev[1].kind = FPABI_EV_SYSCALL;
	ev[1].nr = SC_EXIT;
	ev[2].kind = FPABI_EV_END;
	return e->child_ev[k];
}

/* What the exec probe stores, and where (struct fpabi_exec_ctl). */
static void build_exec(struct engine *e, size_t dump)
{
	struct fpabi_run *r = e->r;
	struct fpabi_exec_ctl *c = (void *)(r->shm + FPABI_EXEC_CTL_OFF);
	struct fpabi_ev ev = { .kind = FPABI_EV_STORE };
	size_t len = 0;

	fpabi_arch.exec_store(r, &ev, &len);
	c->dump_off = dump;
	c->dump_len = len;
	c->mask = ev.mask;
	c->aux = ev.aux;
	c->stride = ev.arg[2];
	c->arg0 = ev.arg[0];
	c->arg1 = ev.arg[1];
	snprintf(hdr(r)->exec_path, sizeof(hdr(r)->exec_path), "%s",
		 r->o->exec_probe);
}

/* The CPU after cpu among those this process may use (cpu if alone). */
static int next_cpu(int cpu)
{
	cpu_set_t set;
	int i, c;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return cpu;
	for (i = 1; i <= CPU_SETSIZE; i++) {
		c = (cpu + i) % CPU_SETSIZE;
		if (CPU_ISSET(c, &set))
			return c;
	}
	return cpu;
}

/* SC_MIGRATE_SELF: the tracee starts pinned to e->cpu and each of these
 * moves it on to the next CPU it may use. */
static int self_target(struct engine *e)
{
	e->self_cpu = next_cpu(e->self_cpu);
	if (e->nself < ARRAY_SIZE(e->self_tgt))
		e->self_tgt[e->nself++] = e->self_cpu;
	return e->self_cpu;
}

static bool has_sc(const struct fpabi_run *r, unsigned sc)
{
	const struct fpabi_step *s;

	for (s = r->c->steps; s->op != S_END; s++)
		if ((s->op == S_SYSCALL || s->op == S_SYSCALL_STOP) &&
		    step_sc(r, s) == sc)
			return true;
	return false;
}

/* The tracee's events: dropped steps are left out (fault injection). */
static void build_events(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + e->ev_off);
	const struct fpabi_step *s;
	unsigned n = 0, ndump = 0, nsig = 0, npreempt = 0, nchild = 0;
	size_t dump = 0;
	int i;

	if (r->hang) {
		/* test-only: spin on a word nobody sets, for the watchdog */
		memset(&ev[n], 0, sizeof(ev[n]));
		ev[n].kind = FPABI_EV_SPIN;
		ev[n].ptr = offsetof(struct fpabi_shm_hdr, never);
		ev[n].arg[0] = ~0ull;
		n++;
	}
	for (i = 0, s = r->c->steps; s->op != S_END; s++, i++) {
		struct fpabi_ev *v = &ev[n];

		if (s->op == S_STORE || s->op == S_FAULT || s->op == S_SIGSYS ||
		    s->op == S_EXEC || s->op == S_FORK) {
			/* poison first, so bytes the CPU did not write show */
			dump = e->dump_off[ndump++];
			canary_poison(r->shm + dump, fpabi_arch.dump_size(r),
				      r->cseed);
		}
		if (s->op == S_FAULT || s->op == S_SIGSYS)
			build_signal(e, nsig++, s, dump);
		/* a nested SIGILL is raised by the handler before it, not by
		 * the main list */
		if (s->op == S_FAULT && i > 0 && nested(s - 1))
			continue;
		if (s->op == S_SECCOMP_STOP || s->op == S_SIGSYS)
			hdr(r)->seccomp = 1;
		hdr(r)->altstack = r->c->altstack;
		if (s->op == S_EXEC)
			build_exec(e, dump);
		if (dropped(r, i) || s->op > S_FAULT)
			continue;
		memset(v, 0, sizeof(*v));
		switch (s->op) {
		case S_LOAD:
			v->kind = FPABI_EV_LOAD;
			v->ptr = e->load_off[s->a];
			fpabi_arch.ev_load(r, v, s->b);
			break;
		case S_STORE:
			v->kind = FPABI_EV_STORE;
			v->ptr = dump;
			fpabi_arch.ev_store(r, v);
			break;
		case S_SYSCALL:
		case S_SYSCALL_STOP:
		case S_SECCOMP_STOP:
			v->kind = FPABI_EV_SYSCALL;
			v->nr = step_sc(r, s);
			v->arg[0] = v->nr == SC_MIGRATE_SELF ?
				    (uint64_t)self_target(e) : step_arg(r, s);
			break;
		case S_EXEC:
			v->kind = FPABI_EV_SYSCALL;
			v->nr = SC_EXEC;
			break;
		case S_FORK:
			v->kind = FPABI_EV_SYSCALL;
			v->nr = s->a;
			v->ptr = build_child(e, nchild++, dump, s->b >> 1);
			break;
		case S_SIGSYS:
			/* its result is whatever the handler left: not checked */
			v->kind = FPABI_EV_SYSCALL;
			v->nr = SC_GETPGID;
			v->pad[0] = 1;
			break;
		case S_TRAP:
			v->kind = FPABI_EV_TRAP;
			break;
		case S_FAULT:
			v->kind = FPABI_EV_FAULT;
			break;
		case S_PREEMPT:
		case S_INTERRUPT:
		case S_GROUPSTOP:
		case S_MIGRATE_RUNNING:
			v->kind = FPABI_EV_SPIN;
			v->ptr = offsetof(struct fpabi_shm_hdr, spin[npreempt]);
			v->arg[0] = ~0ull;
			v->arg[1] = offsetof(struct fpabi_shm_hdr,
					     spinning[npreempt++]);
			break;
		}
		n++;
	}
	memset(&ev[n], 0, sizeof(ev[n]));
	ev[n].kind = FPABI_EV_END;
	hdr(r)->nev = n + 1;
	hdr(r)->ev_off = e->ev_off;
	hdr(r)->nsig = nsig;
}

/*
 * COMP_TIMER's wake offsets, from the run's seed: spread over 20 us to
 * 40 ms after go (log-uniform, sorted), so that some land inside every
 * kind of step, from a syscall's few microseconds to a ptrace stop's
 * round trip through the tracer.
 */
static void wake_offsets(struct fpabi_run *r, uint64_t *ns, unsigned n)
{
	uint64_t x = r->seed ^ 0x74696d657273ull;
	unsigned i, j;

	for (i = 0; i < n; i++) {
		double f;

		x = mix64(x + i);
		f = (double)(x >> 11) / (double)(1ull << 53);
		ns[i] = (uint64_t)(20000.0 * exp(f * log(2000.0)));
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && ns[j - 1] > ns[j]; j--) {
			uint64_t t = ns[j];

			ns[j] = ns[j - 1];
			ns[j - 1] = t;
		}
}

/*
 * The competitor's list: load task 1's canaries (every register it has)
 * and spin until killed; or, COMP_TIMER, load them again after each wake
 * and sleep to the next, then sleep for good.
 */
static void build_competitor(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + e->comp_ev), load;
	unsigned n = 0, i, wakes = r->c->competitor == COMP_TIMER ?
				   FPABI_COMP_WAKES : 0;

	memset(&load, 0, sizeof(load));
	load.kind = FPABI_EV_LOAD;
	load.ptr = e->comp_img;
	if (fpabi_arch.make_competitor) {
		fpabi_arch.make_competitor(r, r->shm + e->comp_img, &load);
	} else {
		fpabi_arch.make_load(r, r->shm + e->comp_img, 1, 1);
		fpabi_arch.ev_load(r, &load, 0);
	}
	memset(ev, 0, COMP_EVS * sizeof(*ev));
	hdr(r)->comp_nwake = wakes;
	wake_offsets(r, hdr(r)->comp_wake_ns, wakes);
	for (i = 0; i <= wakes; i++) {
		ev[n++] = load;
		if (!wakes)
			break;
		ev[n].kind = FPABI_EV_SYSCALL;
		ev[n].nr = SC_SLEEP_UNTIL;
		ev[n++].arg[0] = offsetof(struct fpabi_shm_hdr, comp_wake_at[i]);
	}
	if (!wakes) {
		ev[n].kind = FPABI_EV_SPIN;
		ev[n].ptr = offsetof(struct fpabi_shm_hdr, comp_stop);
		ev[n++].arg[0] = ~0ull;
	}
	ev[n].kind = FPABI_EV_END;
	hdr(r)->comp_ev = e->comp_ev;
}

static void make_loads(struct engine *e)
{
	struct fpabi_run *r = e->r;
	unsigned p;

	for (p = 0; p <= CANARY_MAX_PHASE; p++)
		if (e->load_off[p])
			fpabi_arch.make_load(r, r->shm + e->load_off[p], p, 0);
}

static void ts_add_ms(struct timespec *t, long ms)
{
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static long ms_left(const struct timespec *deadline)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (deadline->tv_sec - now.tv_sec) * 1000 +
	       (deadline->tv_nsec - now.tv_nsec) / 1000000;
}

/*
 * Wait for the tracee's next state change, or the deadline.  SIGCHLD is
 * blocked in the runner, so sigtimedwait() sleeps until a child changes.
 * Returns 0, or -1 with timed_out set.
 */
static int wait_tracee(struct engine *e, int *status)
{
	struct fpabi_run *r = e->r;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	for (;;) {
		pid_t p = waitpid(r->pid, status, WNOHANG | __WALL);
		struct timespec ts = { 0, 0 };
		long left;

		if (p == r->pid)
			return 0;
		if (p < 0 && errno != EINTR) {
			run_broken(r, "waitpid: %s", strerror(errno));
			return -1;
		}
		left = ms_left(&e->deadline);
		if (left <= 0) {
			r->timed_out = true;
			return -1;
		}
		ts_add_ms(&ts, left < 100 ? left : 100);
		sigtimedwait(&chld, NULL, &ts);
	}
}

static const char *status_text(int status, char *buf, size_t n)
{
	if (WIFEXITED(status))
		snprintf(buf, n, "exited with status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, n, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else if (WIFSTOPPED(status))
		snprintf(buf, n, "stopped by signal %d (%s), event %d",
			 WSTOPSIG(status), strsignal(WSTOPSIG(status)),
			 status >> 16);
	else
		snprintf(buf, n, "status %#x", status);
	return buf;
}

/* A tracee that died is a finding: the ABI gives no reason to die. */
static void tracee_died(struct fpabi_run *r, int status, const char *when)
{
	struct fpabi_finding f;
	char buf[96];

	memset(&f, 0, sizeof(f));
	snprintf(f.observer, sizeof(f.observer), "tracee %s", when);
	snprintf(f.what, sizeof(f.what), "process");
	snprintf(f.expected, sizeof(f.expected), "runs to the end, exit 0");
	snprintf(f.got, sizeof(f.got), "%s", status_text(status, buf, sizeof(buf)));
	f.cls = CL_UNKNOWN;
	snprintf(f.origin, sizeof(f.origin), "%.100s",
		 hdr(r)->err ? hdr(r)->errmsg : "the tracee did not finish");
	f.rule = rule_get(r->c->rule);
	add_finding(r, &f);
}

/*
 * S_REFUSED: the forged frame's sigreturn went through (the tracee ran on
 * to its end, or died of something else): the kernel took a frame its
 * own rules refuse.
 */
static void frame_accepted(struct fpabi_run *r, int status)
{
	struct fpabi_finding f;
	char buf[96];

	memset(&f, 0, sizeof(f));
	snprintf(f.observer, sizeof(f.observer), "rt_sigreturn");
	snprintf(f.what, sizeof(f.what), "forged frame");
	snprintf(f.expected, sizeof(f.expected), "refused: SIGSEGV");
	snprintf(f.got, sizeof(f.got), "tracee %s",
		 status_text(status, buf, sizeof(buf)));
	f.cls = CL_UNKNOWN;
	snprintf(f.origin, sizeof(f.origin),
		 "the kernel restored a frame that should have been refused");
	f.rule = rule_get(r->c->rule);
	add_finding(r, &f);
}

/* The stops a step waits for, as (status >> 8) of waitpid(). */
#define STOP_BRK	SIGTRAP
#define STOP_SYSCALL	(SIGTRAP | 0x80)	/* PTRACE_O_TRACESYSGOOD */
#define STOP_SECCOMP	(SIGTRAP | PTRACE_EVENT_SECCOMP << 8)
#define STOP_INTERRUPT	(SIGTRAP | PTRACE_EVENT_STOP << 8)
#define STOP_GROUP	(SIGSTOP | PTRACE_EVENT_STOP << 8)
#define STOP_EXEC	(SIGTRAP | PTRACE_EVENT_EXEC << 8)
#define STOP_FORK	(SIGTRAP | PTRACE_EVENT_FORK << 8)
#define STOP_CLONE	(SIGTRAP | PTRACE_EVENT_CLONE << 8)

static const char *stop_name(int want)
{
	switch (want) {
	case STOP_BRK: return "a breakpoint stop";
	case STOP_SYSCALL: return "a syscall stop";
	case STOP_SECCOMP: return "a seccomp stop";
	case STOP_INTERRUPT: return "a PTRACE_INTERRUPT stop";
	case STOP_GROUP: return "a group-stop";
	case STOP_EXEC: return "a PTRACE_EVENT_EXEC stop";
	case STOP_FORK: return "a PTRACE_EVENT_FORK stop";
	case STOP_CLONE: return "a PTRACE_EVENT_CLONE stop";
	default: return "a signal-delivery stop";
	}
}

/*
 * Wait for the stop a step causes: want is status >> 8 (a signal for a
 * signal-delivery stop).  Signals the tracee gets on the way (none are
 * expected) are passed on.
 */
static int wait_stop(struct engine *e, int want)
{
	struct fpabi_run *r = e->r;
	int status;
	char when[64];

	for (;;) {
		if (wait_tracee(e, &status) < 0)
			return -1;
		if (!WIFSTOPPED(status)) {
			snprintf(when, sizeof(when), "before %s", stop_name(want));
			if (want == SIGSEGV)
				frame_accepted(r, status);
			else
				tracee_died(r, status, when);
			r->pid = 0;
			return -1;
		}
		if ((status >> 8) == want)
			break;
		if (e->maybe && want == STOP_BRK && (status >> 8) == SIGSEGV) {
			/* SIG_MAYBE: sigreturn refused the mutated frame */
			e->refused = true;
			vlog("%s: the mutated frame was refused", r->id);
			break;
		}
		vlog("%s: passing on stop %#x", r->id, status >> 8);
		/* on the way to a syscall stop, go on with PTRACE_SYSCALL:
		 * PTRACE_CONT would run through the syscall unseen */
		if (ptrace(want == STOP_SYSCALL ? PTRACE_SYSCALL : PTRACE_CONT,
			   r->pid, 0,
			   (status >> 16) || (status >> 8) == STOP_SYSCALL ?
			   0 : WSTOPSIG(status)) < 0) {
			run_broken(r, "PTRACE_CONT: %s", strerror(errno));
			return -1;
		}
	}
	r->stops++;
	r->reads = 0;
	e->stopped = true;
	if (want == STOP_BRK && !e->refused && fpabi_arch.after_trap &&
	    fpabi_arch.after_trap(r) < 0)
		return -1;
	/* a signal-delivery stop: the signal is delivered on resuming */
	e->pending_sig = want == SIGILL || want == SIGSYS || want == SIGSTOP ?
			 want : 0;
	return 0;
}

/* Resume to the next syscall stop (entry, then exit). */
static int syscall_stop(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (ptrace(PTRACE_SYSCALL, r->pid, 0, e->pending_sig) < 0) {
		run_broken(r, "PTRACE_SYSCALL: %s", strerror(errno));
		return -1;
	}
	e->stopped = false;
	e->pending_sig = 0;
	return wait_stop(e, STOP_SYSCALL);
}

/*
 * S_EXEC and a stopping S_FORK start from a stop: their event stops are
 * asked for only then, so that the tracee's own exec (which may race with
 * PTRACE_SEIZE) can never be taken for the case's.
 */
static int event_options(struct engine *e, int events)
{
	struct fpabi_run *r = e->r;

	if (!e->stopped)
		die("internal: %s: EXEC or FORK_STOP needs a stop before it",
		    r->id);
	if (ptrace(PTRACE_SETOPTIONS, r->pid, 0, PTRACE_O_EXITKILL |
		   PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACESECCOMP | events) < 0) {
		run_broken(r, "PTRACE_SETOPTIONS: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * A forked child's exit sends the tracee SIGCHLD, whose delivery stop may
 * come while the tracer waits for the tracee to spin: the signal (ignored
 * by the tracee, no frame) is passed on.  0 if that was it.
 */
static int pass_sigchld(struct engine *e, const siginfo_t *si)
{
	struct fpabi_run *r = e->r;
	int status;

	if (si->si_code != CLD_TRAPPED || si->si_status != SIGCHLD ||
	    waitpid(r->pid, &status, WNOHANG | __WALL) != r->pid)
		return -1;
	if ((status >> 8) != SIGCHLD ||
	    ptrace(PTRACE_CONT, r->pid, 0, SIGCHLD) < 0)
		return -1;
	return 0;
}

/*
 * Wait until the tracee spins (its registers loaded) at its k-th spin:
 * 0, or -1 if it stopped or died on the way (the next wait reports it) or
 * did not get there in 30 s (a machine that busy proves nothing).
 */
static int wait_spinning(struct engine *e, unsigned k)
{
	struct fpabi_run *r = e->r;
	int ms;

	for (ms = 0; ms < 30000; ms++) {
		siginfo_t si = { .si_pid = 0 };

		if (__atomic_load_n(&hdr(r)->spinning[k], __ATOMIC_SEQ_CST))
			return 0;
		if (waitid(P_PID, r->pid, &si, WEXITED | WSTOPPED | WNOHANG |
			   WNOWAIT | __WALL) == 0 && si.si_pid == r->pid) {
			if (pass_sigchld(e, &si) == 0)
				continue;
			return -1;	/* stopped or died: the next wait says */
		}
		usleep(1000);
	}
	return -1;
}

/*
 * S_INTERRUPT and S_GROUPSTOP: stop the spinning tracee from outside, by
 * PTRACE_INTERRUPT or by SIGSTOP (delivery stop, then group-stop); its
 * spin ends when it resumes.
 */
static int stop_spinning(struct engine *e, unsigned k, bool group)
{
	struct fpabi_run *r = e->r;

	if (wait_spinning(e, k) < 0) {
		/* stopping it elsewhere would observe the wrong registers */
		run_broken(r, "the tracee did not reach its spin (stopped, "
			   "died, or not scheduled for 30 s)");
		return -1;
	}
	if (group) {
		if (kill(r->pid, SIGSTOP) < 0 || wait_stop(e, SIGSTOP) < 0)
			return -1;
		/* deliver it: the tracee enters group-stop */
		if (ptrace(PTRACE_CONT, r->pid, 0, SIGSTOP) < 0) {
			run_broken(r, "PTRACE_CONT: %s", strerror(errno));
			return -1;
		}
		e->stopped = false;
		r->stops--;
		if (wait_stop(e, STOP_GROUP) < 0)
			return -1;
	} else {
		if (ptrace(PTRACE_INTERRUPT, r->pid, 0, 0) < 0) {
			run_broken(r, "PTRACE_INTERRUPT: %s", strerror(errno));
			return -1;
		}
		if (wait_stop(e, STOP_INTERRUPT) < 0)
			return -1;
	}
	e->pending_sig = 0;
	__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
	return 0;
}

static void model_signal(struct engine *e, const struct fpabi_step *s,
			 unsigned sig, size_t dump);
static void model_maybe(struct engine *e, const struct fpabi_step *s);

/*
 * Resume from a stop.  At a signal-delivery stop the tracer could still
 * read and write the registers the frame will hold, so the signal's model
 * is applied now, just before the signal is delivered.
 */
static int resume(struct engine *e)
{
	struct fpabi_run *r = e->r;

	if (e->sig_step) {
		model_signal(e, e->sig_step, e->sig_n, e->sig_dump);
		e->sig_step = NULL;
	}
	if (!e->stopped)
		return 0;
	if (ptrace(PTRACE_CONT, r->pid, 0, e->pending_sig) < 0) {
		run_broken(r, "PTRACE_CONT: %s", strerror(errno));
		return -1;
	}
	e->stopped = false;
	e->pending_sig = 0;
	return 0;
}

static int pin(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/*
 * Start fpabi-tracee with the shared memory as fd 3, in the process group
 * pgid (0: its own), dying with the runner.
 */
static pid_t spawn(struct engine *e, pid_t pgid, const char *mode)
{
	pid_t parent = getpid(), pid;
	sigset_t none;

	pid = fork();
	if (pid != 0)
		return pid;
	setpgid(0, pgid);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (e->memfd != 3 && dup2(e->memfd, 3) < 0)
		_exit(126);
	execl(e->r->o->tracee, "fpabi-tracee", "3", mode, (char *)NULL);
	_exit(127);
}

/*
 * COMP_IDLE runs the competitor at SCHED_IDLE, COMP_TIMER at SCHED_FIFO
 * (priority 1).  Where the kernel refuses (EPERM without CAP_SYS_NICE,
 * an RT budget of 0 in a cgroup), it competes at SCHED_OTHER: the
 * forcing is weaker, and the proof says so.
 */
static int competitor_policy(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct sched_param sp = { .sched_priority = 0 };
	int policy = SCHED_OTHER;

	if (r->c->competitor == COMP_IDLE)
		policy = SCHED_IDLE;
	if (r->c->competitor == COMP_TIMER) {
		policy = SCHED_FIFO;
		sp.sched_priority = 1;
	}
	r->sp.comp_policy = SCHED_OTHER;
	if (policy == SCHED_OTHER)
		return 0;
	if (sched_setscheduler(e->comp_pid, policy, &sp) == 0) {
		r->sp.comp_policy = policy;
		return 0;
	}
	if (errno != EPERM && errno != EINVAL) {
		run_broken(r, "sched_setscheduler(competitor): %s",
			   strerror(errno));
		return -1;
	}
	r->sp.comp_degraded = true;
	return 0;
}

/*
 * The competitor shares the tracee's process group (so it dies with it)
 * and its CPU.  It holds its canaries before the tracee is told to go.
 */
static int spawn_competitor(struct engine *e)
{
	struct fpabi_run *r = e->r;
	int i;

	e->comp_pid = spawn(e, r->pid, "compete");
	if (e->comp_pid < 0) {
		run_broken(r, "fork competitor: %s", strerror(errno));
		return -1;
	}
	setpgid(e->comp_pid, r->pid);
	if (pin(e->comp_pid, e->cpu) < 0 || pin(r->pid, e->cpu) < 0) {
		run_broken(r, "pinning to CPU %d: %s", e->cpu, strerror(errno));
		return -1;
	}
	if (competitor_policy(e) < 0)
		return -1;
	for (i = 0; i < 5000; i++) {
		if (__atomic_load_n(&hdr(r)->comp_state, __ATOMIC_SEQ_CST) ==
		    TRACEE_RUNNING)
			return 0;
		usleep(1000);
	}
	run_broken(r, "the competitor never loaded its registers");
	return -1;
}

static int task_switches(pid_t pid, long *vol, long *invol);

static int spawn_tracee(struct engine *e)
{
	struct fpabi_run *r = e->r;
	pid_t pid;

	pid = spawn(e, 0, "trace");
	if (pid < 0) {
		run_broken(r, "fork: %s", strerror(errno));
		return -1;
	}
	setpgid(pid, pid);
	r->pid = pid;
	fpabi_current_tracee = pid;
	if (r->c->competitor && spawn_competitor(e) < 0)
		return -1;
	/* a tracee that moves itself starts pinned, so that it does move */
	if (!r->c->competitor && has_sc(r, SC_MIGRATE_SELF) &&
	    pin(pid, e->cpu) < 0) {
		run_broken(r, "pinning to CPU %d: %s", e->cpu, strerror(errno));
		return -1;
	}
	if (ptrace(PTRACE_SEIZE, pid, 0,
		   PTRACE_O_EXITKILL | PTRACE_O_TRACESYSGOOD |
		   PTRACE_O_TRACESECCOMP) < 0) {
		run_broken(r, "PTRACE_SEIZE: %s", strerror(errno));
		return -1;
	}
	/* the competitor's switches from here on are the forcing's proof */
	if (e->comp_pid > 0)
		task_switches(e->comp_pid, &e->comp_vol0, &e->comp_invol0);
	clock_gettime(CLOCK_MONOTONIC, &e->go);
	__atomic_store_n(&hdr(r)->go, 1, __ATOMIC_SEQ_CST);
	syscall(SYS_futex, &hdr(r)->go, FUTEX_WAKE, INT32_MAX, NULL, NULL, 0);
	return 0;
}

static void *memdup(const void *p, size_t n)
{
	void *q = xmalloc(n);

	memcpy(q, p, n);
	return q;
}

static void snapshot_take(struct engine *e, struct snapshot *s)
{
	struct fpabi_run *r = e->r;
	unsigned n = r->lo.nfields;

	s->v = r->v;
	s->lo = r->lo;
	s->init = r->exp.init;
	s->img = memdup(r->exp.img, r->lo.size);
	s->kind = memdup(r->exp.kind, n);
	s->phase = memdup(r->exp.phase, n);
	s->task = memdup(r->exp.task, n);
	s->rule = memdup(r->exp.rule, n * sizeof(*s->rule));
}

/* Back to a snapshot's expectation, and its layout if that changed since. */
static void snapshot_restore(struct engine *e, struct snapshot *s)
{
	struct fpabi_run *r = e->r;
	unsigned n = s->lo.nfields;

	expect_free(&r->exp);
	/* the VL with the layout: a frame taken before a VL change is read
	 * at the VL it was written with */
	r->v = s->v;
	r->lo = s->lo;
	r->exp.init = s->init;
	r->exp.img = memdup(s->img, s->lo.size);
	r->exp.kind = memdup(s->kind, n);
	r->exp.phase = memdup(s->phase, n);
	r->exp.task = memdup(s->task, n);
	r->exp.rule = memdup(s->rule, n * sizeof(*s->rule));
}

static void snapshot_free(struct snapshot *s)
{
	free(s->img);
	free(s->kind);
	free(s->phase);
	free(s->task);
	free(s->rule);
}

/* A task's voluntary and involuntary switches (/proc/PID/status): 0,
 * or -1 where it cannot be read. */
static int task_switches(pid_t pid, long *vol, long *invol)
{
	char path[64], line[128];
	FILE *f;

	*vol = *invol = -1;
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "voluntary_ctxt_switches: %ld", vol) != 1)
			sscanf(line, "nonvoluntary_ctxt_switches: %ld", invol);
	fclose(f);
	return *vol < 0 || *invol < 0 ? -1 : 0;
}

/* A task's involuntary switches so far, or -1. */
static long nonvoluntary_switches(pid_t pid)
{
	long vol, invol;

	task_switches(pid, &vol, &invol);
	return invol;
}

/* The CPU a task last ran on (/proc/PID/stat field 39), or -1. */
static int task_cpu(pid_t pid)
{
	char path[64], buf[1024], *p;
	int cpu = -1, field;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')'))) {
		for (field = 2; field < 39 && p; field++)
			p = strchr(p + 1, ' ');
		if (p)
			cpu = atoi(p + 1);
	}
	fclose(f);
	return cpu;
}

/*
 * S_PREEMPT: the tracee spins with its registers loaded until it has been
 * switched out involuntarily n times (the competitor on its CPU, or the
 * tick), as /proc shows; then it is told to go on.  Not seen within the
 * budget: the case cannot prove its event and is skipped with the count.
 */
static int prove_preemption(struct engine *e, unsigned k, unsigned n)
{
	struct fpabi_run *r = e->r;
	long base = -1, now = -1;
	int ms;

	/* count from the moment the tracee spins with its registers loaded */
	if (wait_spinning(e, k) < 0) {
		__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
		snprintf(r->skip, sizeof(r->skip), "preemption not proven: the "
			 "tracee did not reach its spin");
		return 0;
	}
	base = now = nonvoluntary_switches(r->pid);
	for (ms = 0; ms < 3000 && base >= 0; ms++) {
		now = nonvoluntary_switches(r->pid);
		if (now >= base + (long)n)
			break;
		usleep(1000);
	}
	__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
	if (base < 0 || now < base + (long)n) {
		snprintf(r->skip, sizeof(r->skip),
			 "preemption not proven: %ld of %u involuntary switches "
			 "in 3 s", base < 0 ? 0 : now - base, n);
		return 0;
	}
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%s%ld involuntary switches while spinning%s", r->proof[0] ?
		 "; " : "", now - base, r->c->competitor ? " beside the competitor" : "");
	return 0;
}

/*
 * S_MIGRATE_RUNNING: the tracee spins with its registers loaded; it is
 * pinned to another CPU and released only once /proc shows it ran there.
 */
static int migrate(struct engine *e);

static int migrate_running(struct engine *e, unsigned k)
{
	struct fpabi_run *r = e->r;
	int ms, now = -1;

	if (wait_spinning(e, k) < 0) {
		__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
		snprintf(r->skip, sizeof(r->skip), "migration not proven: the "
			 "tracee did not reach its spin");
		return 0;
	}
	if (migrate(e) < 0)
		return -1;
	for (ms = 0; ms < 3000; ms++) {
		now = task_cpu(r->pid);
		if (now == e->migrated_to)
			break;
		usleep(1000);
	}
	__atomic_store_n(&hdr(r)->spin[k], 1, __ATOMIC_SEQ_CST);
	if (now != e->migrated_to)
		snprintf(r->skip, sizeof(r->skip), "migration not proven: the "
			 "spinning tracee stayed on CPU %d for 3 s", now);
	return 0;
}

/* SC_MIGRATE_SELF ran (the model's walk passes it): where it went. */
static void self_migrated(struct engine *e)
{
	struct fpabi_run *r = e->r;
	int from = e->kself ? e->self_tgt[e->kself - 1] : e->cpu;

	if (e->kself < e->nself)
		e->migrated_to = e->self_tgt[e->kself++];
	r->sp.self_migrations++;
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%smoved itself from CPU %d to %d", r->proof[0] ? "; " : "",
		 from, e->migrated_to);
}

/* S_MIGRATE: pin the stopped tracee to another CPU it may use. */
static int migrate(struct engine *e)
{
	struct fpabi_run *r = e->r;
	int from = task_cpu(r->pid), cpu;
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) < 0) {
		run_broken(r, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set) && cpu != from)
			break;
	if (cpu == CPU_SETSIZE || pin(r->pid, cpu) < 0) {
		run_broken(r, "cannot move the tracee off CPU %d", from);
		return -1;
	}
	e->migrated_to = cpu;
	r->sp.tracer_migrations++;
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%smoved from CPU %d to %d %s", r->proof[0] ? "; " : "",
		 from, cpu, e->stopped ? "at a stop" : "while it ran");
	return 0;
}

/*
 * The PTRACE_EVENT_FORK/CLONE stop: the parent stops; the child, traced
 * from birth, is let go (detached) to run its list.
 */
static int fork_stop(struct engine *e, unsigned sc)
{
	struct fpabi_run *r = e->r;
	unsigned long child;
	int status, tries;

	if (wait_stop(e, sc == SC_THREAD ? STOP_CLONE : STOP_FORK) < 0)
		return -1;
	if (ptrace(PTRACE_GETEVENTMSG, r->pid, 0, &child) < 0) {
		run_broken(r, "PTRACE_GETEVENTMSG: %s", strerror(errno));
		return -1;
	}
	for (tries = 0; tries < 5000; tries++) {
		pid_t p = waitpid((pid_t)child, &status, WNOHANG | __WALL);

		if (p == (pid_t)child && WIFSTOPPED(status))
			break;
		usleep(1000);
	}
	if (ptrace(PTRACE_DETACH, (pid_t)child, 0, 0) < 0) {
		run_broken(r, "PTRACE_DETACH child %lu: %s", child,
			   strerror(errno));
		return -1;
	}
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%schild %lu seen at the event stop", r->proof[0] ? "; " : "",
		 child);
	return 0;
}

static void observe(struct engine *e, enum obs_kind kind, size_t off,
		    unsigned sig);

/* The child's dump holds the parent's model after the syscall, as the
 * arch adjusts it for a child. */
static void child_observation(struct engine *e, unsigned sc, size_t dump)
{
	struct fpabi_run *r = e->r;
	struct snapshot parent;

	if (!fpabi_arch.model_child) {
		observe(e, OBS_CHILD, dump, 0);
		return;
	}
	snapshot_take(e, &parent);
	fpabi_arch.model_child(r, sc);
	observe(e, OBS_CHILD, dump, 0);
	snapshot_restore(e, &parent);
	snapshot_free(&parent);
}

static void observe(struct engine *e, enum obs_kind kind, size_t off,
		    unsigned sig)
{
	struct obs *o = &e->obs[e->nobs++];

	o->kind = kind;
	o->off = off;
	o->sig = sig;
	o->step = e->r->step;
	snapshot_take(e, &o->snap);
}

/*
 * A signal's model: the frame must hold the pre-signal state; the handler
 * starts with what the arch says; after sigreturn the arch says what the
 * edit (or its absence) leaves.
 */
static void model_signal(struct engine *e, const struct fpabi_step *s,
			 unsigned sig, size_t dump)
{
	struct fpabi_run *r = e->r;
	struct snapshot pre;
	uint32_t astate[4];

	memcpy(astate, r->astate, sizeof(astate));
	snapshot_take(e, &pre);
	observe(e, OBS_FRAME, e->frame_off[sig], sig);
	fpabi_arch.model_handler_entry(r);
	observe(e, OBS_HANDLER, dump, sig);
	if (nested(s)) {
		/* the handler loads its clobber, then the next signal comes */
		struct nest *n = &e->nest[e->nnest++];

		if (s->a)
			fpabi_arch.model_load(r, s->a, 0);
		n->s = s;
		n->pre = pre;
		memcpy(n->astate, astate, sizeof(astate));
		n->mid_dump = e->mid_dump[sig];
		return;
	}
	snapshot_restore(e, &pre);
	memcpy(r->astate, astate, sizeof(astate));
	if (maybe(s)) {
		model_maybe(e, s);
	} else if (s[1].op == S_REFUSED) {
		/* a forged frame: what a refused sigreturn leaves */
		if (e->nnest || !fpabi_arch.model_refused)
			die("internal: %s: REFUSED inside a nested handler, or "
			    "no arch model for it", r->id);
		fpabi_arch.model_refused(r, step_edit_kind(s),
					 step_edit_phase(s), s->a);
	} else {
		fpabi_arch.model_sigreturn(r, step_edit_kind(s),
					   step_edit_phase(s));
	}
	snapshot_free(&pre);
	/* a nesting handler goes on: it dumps, then returns itself */
	while (e->nnest) {
		struct nest *n = &e->nest[--e->nnest];

		observe(e, OBS_DUMP, n->mid_dump, 0);
		snapshot_restore(e, &n->pre);
		memcpy(r->astate, n->astate, sizeof(n->astate));
		fpabi_arch.model_sigreturn(r, step_edit_kind(n->s),
					   step_edit_phase(n->s));
		snapshot_free(&n->pre);
	}
}

/*
 * SIG_MAYBE: a randomly mutated frame, taken or refused.  What each field
 * may hold: the pre-signal expectation, the handler's start and its
 * clobber, the edit image (all of this run and task, each register its
 * own value), or zero or init.
 */
static void model_maybe(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;
	struct snapshot pre;
	uint8_t *c[4];
	unsigned k;

	if (e->nnest || s[1].op != S_TRAP)
		die("internal: %s: SIGNAL_MAYBE must be followed by a TRAP, "
		    "outside nested handlers", r->id);
	c[0] = memdup(r->exp.img, r->lo.size);
	snapshot_take(e, &pre);
	fpabi_arch.model_handler_entry(r);
	c[1] = memdup(r->exp.img, r->lo.size);
	snapshot_restore(e, &pre);
	snapshot_free(&pre);
	c[2] = xzalloc(r->lo.size);
	c[3] = xzalloc(r->lo.size);
	image_fill(r, c[2], s->a, 0);
	image_fill(r, c[3], step_edit_phase(s), 0);
	/* either way the task went through the rt_sigreturn syscall: the
	 * arch's syscall model settles what is left open by it (arm64: the
	 * regset format) before the values are opened up */
	fpabi_arch.model_syscall(r, SC_GETPID, 0);
	expect_one_of(r, c, 4, rule_get(r->c->rule));
	for (k = 0; k < 4; k++)
		free(c[k]);
	e->maybe = true;
}

/*
 * A load, or a handler's clobber or frame edit, puts in the registers an
 * image made before the run at the planned vector lengths: after the VL
 * changed (a prctl, an NT_ARM_SVE write) it no longer fits.  Such a
 * generated list is refused as internal (fpabi stress counts it apart),
 * never checked; a hand-written case that moves the VL (arm64.sme.*-vl)
 * has its model follow it.
 */
static bool vl_moved(struct engine *e, const struct fpabi_step *s)
{
	struct fpabi_run *r = e->r;

	if (!r->c->generated ||
	    (s->op != S_LOAD && !s->a && !step_edit_kind(s)))
		return false;
	if (r->v.vl == r->v0.vl && r->v.svl == r->v0.svl)
		return false;
	run_broken(r, "internal: step %d loads an image laid out for the "
		   "planned VL after a VL change", r->step);
	return true;
}

/* Walk the steps: the model follows the tracee; the tracer acts at stops. */
static int walk(struct engine *e)
{
	struct fpabi_run *r = e->r;
	const struct fpabi_step *s;
	unsigned ndump = 0, nsig = 0, npreempt = 0;
	int i;

	for (i = 0, s = r->c->steps; s->op != S_END; s++, i++) {
		/* after a refused sigreturn only regset reads remain */
		if (e->refused && s->op != S_READ)
			continue;
		r->step = i;
		r->skip_io = dropped(r, i);
		/* a syscall stop resumes with PTRACE_SYSCALL, from a stop */
		if ((s->op == S_EXEC || (s->op == S_FORK && (s->b & 1))) &&
		    event_options(e, s->op == S_EXEC ? PTRACE_O_TRACEEXEC :
				  PTRACE_O_TRACEFORK | PTRACE_O_TRACECLONE) < 0)
			return -1;
		if (s->op <= S_FAULT && s->op != S_SYSCALL_STOP && resume(e) < 0)
			return -1;
		switch (s->op) {
		case S_LOAD:
			if (!s->b && vl_moved(e, s))
				return -1;
			fpabi_arch.model_load(r, s->a, s->b);
			break;
		case S_SYSCALL:
			fpabi_arch.model_syscall(r, step_sc(r, s),
						 step_arg(r, s));
			if (step_sc(r, s) == SC_MIGRATE_SELF)
				self_migrated(e);
			break;
		case S_TRAP:
			if (!r->skip_io && wait_stop(e, STOP_BRK) < 0)
				return -1;
			break;
		case S_SYSCALL_STOP:
			/* the model's syscall starts at entry, before the stop */
			if (!e->stopped)
				die("internal: %s: SYSCALL_STOP needs a stop "
				    "before it", r->id);
			if (e->sig_step) {	/* (a signal's model, as resume) */
				model_signal(e, e->sig_step, e->sig_n,
					     e->sig_dump);
				e->sig_step = NULL;
			}
			fpabi_arch.model_syscall(r, step_sc(r, s),
						 step_arg(r, s));
			if (!r->skip_io && syscall_stop(e) < 0)
				return -1;
			break;
		case S_SYSEXIT:
			if (!e->stopped)
				die("internal: %s: SYSEXIT with no stop", r->id);
			if (syscall_stop(e) < 0)
				return -1;
			break;
		case S_SECCOMP_STOP:
			fpabi_arch.model_syscall(r, step_sc(r, s),
						 step_arg(r, s));
			if (!r->skip_io && wait_stop(e, STOP_SECCOMP) < 0)
				return -1;
			break;
		case S_INTERRUPT:
		case S_GROUPSTOP:
			if (!r->skip_io &&
			    stop_spinning(e, npreempt, s->op == S_GROUPSTOP) < 0)
				return -1;
			npreempt++;
			break;
		case S_MIGRATE_RUNNING:
			if (!r->skip_io && migrate_running(e, npreempt) < 0)
				return -1;
			npreempt++;
			break;
		case S_FORK:
			fpabi_arch.model_syscall(r, s->a, 0);
			if ((s->b & 1) && !r->skip_io && fork_stop(e, s->a) < 0)
				return -1;
			/* the child: the parent's registers at the syscall */
			child_observation(e, s->a, e->dump_off[ndump++]);
			break;
		case S_EXEC:
			if (!r->skip_io && wait_stop(e, STOP_EXEC) < 0)
				return -1;
			fpabi_arch.model_exec(r);
			observe(e, OBS_DUMP, e->dump_off[ndump++], 0);
			break;
		case S_SIGSYS:
			if (vl_moved(e, s))
				return -1;
			fpabi_arch.model_syscall(r, SC_GETPGID, 0);
			if (!r->skip_io && wait_stop(e, SIGSYS) < 0)
				return -1;
			e->sig_step = s;
			e->sig_n = nsig++;
			e->sig_dump = e->dump_off[ndump++];
			break;
		case S_STORE:
			observe(e, OBS_DUMP, e->dump_off[ndump++], 0);
			if (fpabi_arch.model_store)
				fpabi_arch.model_store(r);
			break;
		case S_PREEMPT:
			if (!r->skip_io && prove_preemption(e, npreempt, s->a) < 0)
				return -1;
			npreempt++;
			break;
		case S_MIGRATE:
			if (!e->stopped)
				die("internal: %s migrates with no stop", r->id);
			if (migrate(e) < 0)
				return -1;
			break;
		case S_FAULT:
			if (vl_moved(e, s))
				return -1;
			if (!r->skip_io && wait_stop(e, SIGILL) < 0)
				return -1;
			e->sig_step = s;
			e->sig_n = nsig++;
			e->sig_dump = e->dump_off[ndump++];
			break;
		case S_READ:
			if (!e->stopped)
				die("internal: %s reads with no stop", r->id);
			/* (at a signal stop: the pre-signal registers) */
			fpabi_arch.check_stop(r);
			break;
		case S_WRITE:
			if (!e->stopped)
				die("internal: %s writes with no stop", r->id);
			/* write kinds are defined against the planned VL (arm64
			 * W_SVE_VL: "another VL" than it) */
			if (r->c->generated &&
			    (r->v.vl != r->v0.vl || r->v.svl != r->v0.svl)) {
				run_broken(r, "internal: step %d writes after a "
					   "VL change", i);
				return -1;
			}
			if (fpabi_arch.write_stop(r, s->a, s->b) < 0)
				return -1;
			break;
		case S_REFUSED:
			if (i == 0 || s[-1].op != S_FAULT || s[-1].b & SIG_NESTED)
				die("internal: %s: REFUSED must follow a SIGNAL",
				    r->id);
			/* the handler runs, its sigreturn fails: SIGSEGV */
			if (resume(e) < 0 || wait_stop(e, SIGSEGV) < 0)
				return -1;
			e->refused = true;
			break;
		}
		if (s->op == S_REFUSED && s[1].op != S_READ && s[1].op != S_END)
			die("internal: %s: only READs may follow REFUSED", r->id);
	}
	r->skip_io = false;
	if (e->refused) {
		/* after a refused sigreturn the tracee has nowhere to go:
		 * its registers are what the failed restore left */
		kill(r->pid, SIGKILL);
		e->stopped = false;
		return 0;
	}
	return resume(e);
}

/*
 * On a sigaltstack: the frame lies on it, and from its start to the top
 * of the stack it takes no more than AT_MINSIGSTKSZ promises.
 */
static void check_altstack(struct fpabi_run *r, const struct fpabi_sig_slot *s,
			   const char *obs)
{
	const struct fpabi_shm_hdr *h = hdr(r);
	uint64_t top = h->altstack_sp + h->altstack_size;
	uint64_t start = s->frame_addr - fpabi_arch.frame_below_uc;
	const struct fpabi_rule *rule = rule_get("SIG-ALTSTACK");

	unsigned k;

	check_value(r, obs, "frame on the sigaltstack", 1,
		    start >= h->altstack_sp && s->frame_addr < top, rule);
	/*
	 * A nested signal's frame lies below its outer handler's frame and
	 * whatever that handler's code put on the stack, which the tracer
	 * does not know: AT_MINSIGSTKSZ bounds one frame from where the
	 * stack pointer was, so only a frame with no other above it on the
	 * altstack is measured from the top.
	 */
	for (k = 0; k < h->nsig; k++)
		if (h->sig[k].done && h->sig[k].frame_addr > s->frame_addr &&
		    h->sig[k].frame_addr < top)
			return;
	if (start >= h->altstack_sp && s->frame_addr < top &&
	    top - start > h->minsigstksz)
		check_value(r, obs, "frame bytes (at most AT_MINSIGSTKSZ)",
			    h->minsigstksz, top - start, rule);
}

static void check_observation(struct engine *e, struct obs *o, unsigned n)
{
	struct fpabi_run *r = e->r;
	const struct fpabi_sig_slot *slot = &hdr(r)->sig[o->sig];
	char name[64];

	static const enum rec_src src[] = {
		[OBS_DUMP] = SRC_DUMP, [OBS_CHILD] = SRC_CHILD,
		[OBS_HANDLER] = SRC_HANDLER, [OBS_FRAME] = SRC_FRAME,
	};

	snapshot_restore(e, &o->snap);
	r->step = o->step;
	record_observe(r, src[o->kind], o->off, o->sig);
	switch (o->kind) {
	case OBS_DUMP:
		snprintf(name, sizeof(name), "tracee dump %u", n);
		fpabi_arch.check_dump(r, r->shm + o->off, name);
		break;
	case OBS_CHILD:
		snprintf(name, sizeof(name), "child dump (after dump %u)", n);
		fpabi_arch.check_dump(r, r->shm + o->off, name);
		break;
	case OBS_HANDLER:
		snprintf(name, sizeof(name), "handler entry %u", o->sig + 1);
		fpabi_arch.check_dump(r, r->shm + o->off, name);
		break;
	case OBS_FRAME:
		snprintf(name, sizeof(name), "signal frame %u", o->sig + 1);
		if (!slot->done) {
			check_value(r, name, "the handler ran", 1, 0,
				    rule_get(r->c->rule));
			break;
		}
		if (hdr(r)->altstack)
			check_altstack(r, slot, name);
		fpabi_arch.check_frame(r, slot, r->shm + o->off, name);
		break;
	}
}

static void finish(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct fpabi_proof *p = &hdr(r)->proof;
	unsigned k, ndump = 0;
	char obs[64];
	int status;

	/* to its exit: signals on the way (a child's SIGCHLD) are passed */
	for (;;) {
		if (wait_tracee(e, &status) < 0)
			return;
		if (!WIFSTOPPED(status))
			break;
		if (ptrace(PTRACE_CONT, r->pid, 0,
			   (status >> 16) || (status >> 8) == (SIGTRAP | 0x80) ?
			   0 : WSTOPSIG(status)) < 0) {
			run_broken(r, "PTRACE_CONT: %s", strerror(errno));
			return;
		}
	}
	r->pid = 0;
	if (e->refused) {
		if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
			tracee_died(r, status, "after the refused sigreturn");
		goto observations;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    hdr(r)->state != TRACEE_DONE) {
		if (hdr(r)->state == TRACEE_FAILED || WIFEXITED(status))
			run_broken(r, "tracee setup failed: %s (%s)",
				   hdr(r)->errmsg[0] ? hdr(r)->errmsg : "no message",
				   status_text(status, obs, sizeof(obs)));
		else
			tracee_died(r, status, "while running its events");
		return;
	}
	/* after an exec the probe, not the tracee, ends the list: no counts */
	r->sp.valid = p->nvcsw[1] >= p->nvcsw[0] && p->nivcsw[1] >= p->nivcsw[0];
	r->sp.nvcsw = p->nvcsw[1] - p->nvcsw[0];
	r->sp.nivcsw = p->nivcsw[1] - p->nivcsw[0];
	r->sp.cpu0 = p->cpu[0];
	r->sp.cpu1 = p->cpu[1];
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%svoluntary switches %lld, involuntary %lld, cpu %d -> %d",
		 r->proof[0] ? "; " : "",
		 (long long)(p->nvcsw[1] - p->nvcsw[0]),
		 (long long)(p->nivcsw[1] - p->nivcsw[0]), p->cpu[0], p->cpu[1]);
	if (e->migrated_to >= 0 && p->cpu[1] != e->migrated_to)
		snprintf(r->skip, sizeof(r->skip),
			 "migration not proven: the tracee ended on CPU %d, "
			 "not %d", p->cpu[1], e->migrated_to);
observations:
	for (k = 0; k < e->nobs; k++)
		check_observation(e, &e->obs[k],
				  e->obs[k].kind == OBS_DUMP ? ++ndump : ndump);
}

/* A switch the step needs, proven by the tracee's rusage counters. */
static void check_proof(struct fpabi_run *r)
{
	struct fpabi_proof *p = &hdr(r)->proof;
	const struct fpabi_step *s;

	for (s = r->c->steps; s->op != S_END; s++) {
		unsigned sc = step_sc(r, s);

		if (s->op != S_SYSCALL ||
		    (sc != SC_PIPE_READ && sc != SC_NANOSLEEP))
			continue;
		if (p->nvcsw[1] - p->nvcsw[0] < 1) {
			r->unproven = true;
			run_broken(r, "%s did not switch the tracee out "
				   "(voluntary switches did not grow): the event "
				   "under test is not proven (attempt %u of %u)",
				   sc_name(sc), r->attempt, FPABI_ATTEMPTS);
		}
	}
}

/*
 * What the competitor did, read before it is killed: its switches (a
 * timer competitor's voluntary ones are its sleeps), and how many of its
 * wakes fell before now.
 */
static void competitor_proof(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct timespec now;
	uint64_t ns;
	unsigned i;

	if (task_switches(e->comp_pid, &r->sp.comp_nvcsw, &r->sp.comp_nivcsw) < 0)
		return;
	if (e->comp_vol0 >= 0 && e->comp_invol0 >= 0) {
		r->sp.comp_nvcsw -= e->comp_vol0;
		r->sp.comp_nivcsw -= e->comp_invol0;
	}
	if (!hdr(r)->comp_nwake || !e->go.tv_sec)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (uint64_t)(now.tv_sec - e->go.tv_sec) * 1000000000u +
	     (uint64_t)(now.tv_nsec - e->go.tv_nsec);
	for (i = 0; i < hdr(r)->comp_nwake; i++)
		r->sp.comp_wakes += hdr(r)->comp_wake_ns[i] < ns;
	snprintf(r->proof + strlen(r->proof), sizeof(r->proof) - strlen(r->proof),
		 "%scompetitor: %u timer wakes due, %ld voluntary switches",
		 r->proof[0] ? "; " : "", r->sp.comp_wakes, r->sp.comp_nvcsw);
}

static void cleanup(struct engine *e)
{
	struct fpabi_run *r = e->r;
	unsigned k;

	if (e->comp_pid > 0) {
		int status;

		competitor_proof(e);
		kill(e->comp_pid, SIGKILL);
		while (waitpid(e->comp_pid, &status, 0) < 0 && errno == EINTR)
			;
		e->comp_pid = 0;
	}
	if (r->pid > 0) {
		int status;

		kill(-r->pid, SIGKILL);
		kill(r->pid, SIGKILL);
		while (waitpid(r->pid, &status, __WALL) < 0 && errno == EINTR)
			;
		r->pid = 0;
	}
	fpabi_current_tracee = 0;
	for (k = 0; k < e->nobs; k++)
		snapshot_free(&e->obs[k].snap);
	if (r->shm)
		munmap(r->shm, r->shm_size);
	r->shm = NULL;
	if (e->memfd >= 0)
		close(e->memfd);
}

/* The first CPU this process may run on: where competitors meet. */
static int first_cpu(void)
{
	cpu_set_t set;
	int cpu;

	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
			if (CPU_ISSET(cpu, &set))
				return cpu;
	return 0;
}

void run_case(struct fpabi_run *r)
{
	struct engine e = { .r = r, .memfd = -1, .migrated_to = -1 };
	unsigned k;

	r->sp.comp_policy = -1;
	if (r->c->probe) {
		r->c->probe(r);
		return;
	}
	fpabi_arch.layout(r->m, &r->v, &r->lo);
	expect_alloc(r);

	clock_gettime(CLOCK_MONOTONIC, &e.deadline);
	ts_add_ms(&e.deadline, r->o->timeout * 1000L);
	e.cpu = e.self_cpu = first_cpu();
	if (shm_plan(&e) == 0 && shm_create(&e) == 0) {
		make_loads(&e);
		build_events(&e);
		if (r->c->competitor)
			build_competitor(&e);
		record_shm(r);
		if (spawn_tracee(&e) == 0 && walk(&e) == 0) {
			finish(&e);
			if (!r->broken[0] && !r->timed_out && !r->nfind)
				check_proof(r);
		}
	}
	cleanup(&e);
	expect_free(&r->exp);
	/* every layout and init image the run used */
	for (k = 0; k < r->nlo; k++) {
		layout_free(&r->all_lo[k]);
		free(r->all_init[k]);
	}
	for (k = 0; k < r->noneof; k++) {
		free(r->oneof[k]);
		r->oneof[k] = NULL;
	}
	r->noneof = 0;
	memset(&r->lo, 0, sizeof(r->lo));
}
