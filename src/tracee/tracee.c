// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi-tracee's trace and compete modes (main.c picks one): waits until
 * the tracer has seized it, resolves its event list (syscall numbers,
 * pipes, addresses) and runs the whole list in one assembly routine.  No
 * C code runs between the first load and the last store.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <seccomp.h>

#include "fpabi/event.h"
#include "fpabi/shm.h"
#include "fpabi/uring.h"
#include "sig.h"
#include "tracee.h"


static struct fpabi_shm_hdr *h;
static uint8_t *base;
static struct sig_rt sig_rt[FPABI_MAX_SIGNALS];
struct sig_rt *fpabi_sig_cur;

void tracee_fail(int err, const char *fmt, ...)
{
	va_list ap;

	if (h) {
		va_start(ap, fmt);
		vsnprintf(h->errmsg, sizeof(h->errmsg), fmt, ap);
		va_end(ap);
		h->err = err ? err : -1;
		__atomic_store_n(&h->state, TRACEE_FAILED, __ATOMIC_SEQ_CST);
	}
	_exit(3);
}

void wait_for_go(void)
{
	struct timespec ts = { 1, 0 };
	int tries;

	__atomic_store_n(&h->state, TRACEE_WAITING, __ATOMIC_SEQ_CST);
	for (tries = 0; tries < 60; tries++) {
		if (__atomic_load_n(&h->go, __ATOMIC_SEQ_CST))
			return;
		syscall(SYS_futex, &h->go, FUTEX_WAIT, 0, &ts, NULL, 0);
	}
	tracee_fail(ETIMEDOUT, "the tracer never said go");
}

static void proof(int i)
{
	struct rusage ru;

	/* this thread's: its switches bracket the events it runs */
	if (getrusage(RUSAGE_THREAD, &ru) < 0)
		tracee_fail(errno, "getrusage: %s", strerror(errno));
	h->proof.nvcsw[i] = ru.ru_nvcsw;
	h->proof.nivcsw[i] = ru.ru_nivcsw;
	h->proof.cpu[i] = sched_getcpu();
}

/* /proc/PID/NAME into buf, NUL-terminated: its length, or -1. */
static ssize_t read_proc(pid_t pid, const char *name, char *buf, size_t len)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", pid, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	return n;
}

/* Is process pid sleeping (state S) according to /proc/pid/stat? */
static int sleeping(pid_t pid)
{
	char buf[256], *p;

	if (read_proc(pid, "stat", buf, sizeof(buf)) <= 0)
		return -1;
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

/*
 * Has pid been taken off the run queue?  /proc/PID/wchan names where a task
 * waits only once it is dequeued (kernel/sched/core.c get_wchan() checks
 * !p->on_rq), while /proc/PID/stat says S as soon as the task set its state,
 * before schedule(): a byte written in that window wakes the reader before
 * it ever switches out.  1 dequeued, 0 not (or hidden), -1 unreadable.
 */
static int dequeued(pid_t pid)
{
	char buf[64];
	ssize_t n = read_proc(pid, "wchan", buf, sizeof(buf));

	if (n < 0)
		return -1;
	return n > 0 && strcmp(buf, "0") != 0;
}

/*
 * A helper process that writes one byte into the pipe once the tracee is
 * asleep in read(), so the read blocks and the tracee is switched out.  It
 * is cloned without an exit signal: the tracee gets no SIGCHLD (a signal
 * would be a ptrace stop the case did not ask for).  Where wchan stays
 * hidden (it reads "0" for tasks we may not inspect) the state alone is
 * used after half a second; the tracer's proof still catches a read that
 * did not block, and the run is retried.
 */
static pid_t start_writer(int wfd)
{
	pid_t parent = getpid(), pid;

	pid = syscall(SYS_clone, 0, NULL, NULL, NULL, NULL);
	if (pid < 0)
		tracee_fail(errno, "clone writer: %s", strerror(errno));
	if (pid == 0) {
		struct timespec ts = { 0, 200000 };
		int i, hidden = 0, d;

		/* it dies with the tracee, which dies with the runner; a
		 * tracee gone before the prctl took effect is seen here */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);

		for (i = 0; i < 150000; i++) {
			if (__atomic_load_n(&h->state, __ATOMIC_SEQ_CST) ==
			    TRACEE_RUNNING && sleeping(parent) == 1) {
				d = dequeued(parent);
				if (d != 0 || ++hidden > 2500)
					break;
			}
			nanosleep(&ts, NULL);
		}
		if (write(wfd, "x", 1) != 1)
			_exit(1);
		_exit(0);
	}
	return pid;
}

static char pipe_byte;
static uint8_t altstack[1 << 20] __attribute__((aligned(64)));
static uint8_t thread_stack[64 * 1024] __attribute__((aligned(64)));
static volatile int thread_tid;
static char exec_name[] = "fpabi-exec-probe";
static char *exec_argv[] = { exec_name, NULL };
static char *exec_envp[] = { NULL };
static const struct timespec one_ms = { 0, 1000000 };

/* clone3(): a plain child process (struct clone_args, linux/sched.h) */
static struct {
	uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack,
		 stack_size, tls;
} clone3_args = { .exit_signal = SIGCHLD };

/* SC_URANDOM_WRITE: 8 KiB of zeros to /dev/urandom, mixed in without
 * credit (one fd for the tracee's life) */
static void urandom_write(struct fpabi_ev *ev)
{
	static const uint8_t bytes[8192];
	static int fd = -1;

	if (fd < 0 && (fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC)) < 0)
		tracee_fail(errno, "/dev/urandom: %s", strerror(errno));
	ev->nr = SYS_write;
	ev->arg[0] = (uint64_t)fd;
	ev->arg[1] = (uintptr_t)bytes;
	ev->arg[2] = sizeof(bytes);
}

/* SC_IOURING_WRITE: a ring of its own with 8 KiB of zeros for
 * /dev/urandom queued (fpabi/uring.h); the event submits it and waits
 * (check_results(): one submitted, bytes written) */
static struct fpabi_uring rings[8];
static unsigned nrings;

static void iouring_write(struct fpabi_ev *ev)
{
	static const uint8_t bytes[8192];
	static int fd = -1;
	struct fpabi_uring *u = &rings[nrings];
	int e;

	if (nrings == sizeof(rings) / sizeof(rings[0]))
		tracee_fail(EINVAL, "too many io_uring writes");
	if (fd < 0 && (fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC)) < 0)
		tracee_fail(errno, "/dev/urandom: %s", strerror(errno));
	e = fpabi_uring_write(u, fd, bytes, sizeof(bytes));
	if (e < 0)
		tracee_fail(-e, "io_uring: %s", strerror(-e));
	nrings++;
	ev->nr = SYS_io_uring_enter;
	ev->arg[0] = (uint64_t)u->fd;
	ev->arg[1] = 1;	/* to submit */
	ev->arg[2] = 1;	/* to wait for */
	ev->arg[3] = IORING_ENTER_GETEVENTS;
	ev->arg[4] = ev->arg[5] = 0;
}

/* the io_uring write event ev made (its ring's fd): done, bytes mixed
 * (fewer than 8 KiB where a signal was pending at a page's end:
 * write_pool_user() stops there; at least one 64-byte block).  A signal
 * (a forked child's SIGCHLD) can end the event's wait before the worker
 * is done: the list's end waits for it here. */
static void iouring_check(const struct fpabi_ev *ev)
{
	unsigned k, tries;

	for (k = 0; k < nrings && rings[k].fd != (int)ev->arg[0]; k++)
		;
	for (tries = 0; k < nrings && *rings[k].res == -1 && tries < 1000; tries++)
		syscall(SYS_io_uring_enter, rings[k].fd, 0, 1,
			IORING_ENTER_GETEVENTS, NULL, 0);
	if (ev->ret != 1 || k == nrings || *rings[k].res <= 0)
		tracee_fail(EIO, "io_uring_enter: %lld submitted, the write's "
			    "result %d", (long long)ev->ret,
			    k < nrings ? *rings[k].res : 0);
}

/* SC_BPF_PROG_LOAD: BPF_PROG_LOAD of a socket filter, r0 = 0; exit (the
 * tracer's probe loaded the same, NEED_BPF) */
static void bpf_prog_load(struct fpabi_ev *ev)
{
	static struct fpabi_bpf_attr attr;

	fpabi_bpf_filter(&attr);
	ev->nr = SYS_bpf;
	ev->arg[0] = FPABI_BPF_PROG_LOAD;
	ev->arg[1] = (uintptr_t)&attr;
	ev->arg[2] = sizeof(attr);
}

/* SC_PIPE_READ: a byte from a pipe the writer fills once the tracee
 * sleeps in read() */
static void pipe_read(struct fpabi_ev *ev, pid_t *writer)
{
	int p[2];

	if (*writer)
		tracee_fail(EINVAL, "one pipe read per case");
	if (pipe(p) < 0)
		tracee_fail(errno, "pipe: %s", strerror(errno));
	*writer = start_writer(p[1]);
	ev->nr = SYS_read;
	ev->arg[0] = p[0];
	ev->arg[1] = (uintptr_t)&pipe_byte;
	ev->arg[2] = 1;
}

static void resolve_syscall(struct fpabi_ev *ev, pid_t *writer)
{
	unsigned sc = (unsigned)ev->nr;

	switch (ev->nr) {
	case SC_GETPID:
		ev->nr = SYS_getpid;
		break;
	case SC_SCHED_YIELD:
		ev->nr = SYS_sched_yield;
		break;
	case SC_NANOSLEEP:
		ev->nr = SYS_nanosleep;
		ev->arg[0] = (uintptr_t)&one_ms;
		ev->arg[1] = 0;
		break;
	case SC_GETPPID:
		ev->nr = SYS_getppid;
		break;
	case SC_GETPGID:
		ev->nr = SYS_getpgid;
		ev->arg[0] = 0;
		break;
	case SC_FORK:
		ev->nr = SYS_clone;
		ev->arg[0] = SIGCHLD;
		ev->arg[1] = ev->arg[2] = ev->arg[3] = ev->arg[4] = 0;
		break;
	case SC_VFORK:
		/* the child runs on this stack until it exits: the event walk
		 * uses none */
		ev->nr = SYS_clone;
		ev->arg[0] = CLONE_VM | CLONE_VFORK | SIGCHLD;
		ev->arg[1] = ev->arg[2] = ev->arg[3] = ev->arg[4] = 0;
		break;
	case SC_CLONE3:
		ev->nr = SYS_clone3;
		ev->arg[0] = (uintptr_t)&clone3_args;
		ev->arg[1] = sizeof(clone3_args);
		break;
	case SC_FORK_SETTLS:
		/* the child's TLS pointer: this thread's own */
		ev->nr = SYS_clone;
		ev->arg[0] = SIGCHLD | CLONE_SETTLS;
		ev->arg[1] = ev->arg[2] = ev->arg[3] = ev->arg[4] = 0;
		ev->arg[TRACEE_CLONE_TLS] = (uintptr_t)__builtin_thread_pointer();
		break;
	case SC_THREAD:
	case SC_THREAD_SETTLS:
		/* its own stack; the kernel clears thread_tid when it exits */
		ev->nr = SYS_clone;
		ev->arg[0] = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
			     CLONE_THREAD | CLONE_SYSVSEM | CLONE_CHILD_CLEARTID;
		ev->arg[1] = (uintptr_t)(thread_stack + sizeof(thread_stack));
		ev->arg[2] = ev->arg[3] = ev->arg[4] = 0;
		ev->arg[TRACEE_CLONE_CHILD_TID] = (uintptr_t)&thread_tid;
		if (sc == SC_THREAD_SETTLS) {
			ev->arg[0] |= CLONE_SETTLS;
			ev->arg[TRACEE_CLONE_TLS] =
				(uintptr_t)__builtin_thread_pointer();
		}
		thread_tid = -1;
		break;
	case SC_EXIT:
		ev->nr = SYS_exit;
		ev->arg[0] = 0;
		break;
	case SC_EXEC:
		ev->nr = SYS_execve;
		ev->arg[0] = (uintptr_t)h->exec_path;
		ev->arg[1] = (uintptr_t)exec_argv;
		ev->arg[2] = (uintptr_t)exec_envp;
		break;
	case SC_SLEEP_UNTIL:
		ev->nr = SYS_clock_nanosleep;
		ev->arg[2] = (uintptr_t)(base + ev->arg[0]);
		ev->arg[0] = CLOCK_MONOTONIC;
		ev->arg[1] = TIMER_ABSTIME;
		ev->arg[3] = 0;
		break;
	case SC_MIGRATE_SELF: {
		/* the mask lives as long as the list: one per target CPU */
		static cpu_set_t masks[4];
		static unsigned nmask;
		cpu_set_t *set;

		if (nmask == 4)
			tracee_fail(EINVAL, "too many self-migrations");
		set = &masks[nmask++];
		CPU_ZERO(set);
		CPU_SET(ev->arg[0], set);
		ev->nr = SYS_sched_setaffinity;
		ev->arg[0] = 0;
		ev->arg[1] = sizeof(*set);
		ev->arg[2] = (uintptr_t)set;
		break;
	}
	case SC_URANDOM_WRITE:
		urandom_write(ev);
		break;
	case SC_BPF_PROG_LOAD:
		bpf_prog_load(ev);
		break;
	case SC_IOURING_WRITE:
		iouring_write(ev);
		break;
	case SC_PIPE_READ:
		pipe_read(ev, writer);
		break;
	default:
		if (tracee_arch_syscall(ev) < 0)
			tracee_fail(EINVAL, "unknown syscall kind %llu",
			     (unsigned long long)ev->nr);
	}
}

/* Wait for the children the list made, so their dumps are complete. */
static void reap_children(const struct fpabi_ev *ev, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		if (ev[i].kind != FPABI_EV_SYSCALL || !ev[i].ptr ||
		    (long)ev[i].ret <= 0)
			continue;
		if (ev[i].nr == SYS_clone && ev[i].arg[0] & CLONE_THREAD) {
			int tid;

			/* one read per round: a thread that exits between
			 * the test and the wait leaves 0 there, and waiting
			 * for 0 to change would never end */
			while ((tid = thread_tid) != 0)
				syscall(SYS_futex, &thread_tid, FUTEX_WAIT,
					tid, NULL, NULL, 0);
		} else {
			int status;

			if (waitpid((pid_t)ev[i].ret, &status, __WALL) < 0 ||
			    !WIFEXITED(status) || WEXITSTATUS(status))
				tracee_fail(ECHILD, "the forked child failed");
		}
	}
}

static void check_results(const struct fpabi_ev *ev, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		/* pad[0]: a syscall seccomp traps; its result is the handler's */
		if (ev[i].kind != FPABI_EV_SYSCALL || ev[i].pad[0])
			continue;
		/* bpf's verifier gives up with EAGAIN when a signal is
		 * pending (a traced task's SIGCHLD after a fork too); the
		 * syscall was made, and what a syscall keeps is checked */
		if ((long)ev[i].ret == -EAGAIN && ev[i].nr == SYS_bpf)
			continue;
		if ((long)ev[i].ret < 0 && (long)ev[i].ret > -4096)
			tracee_fail(-(long)ev[i].ret, "syscall %llu failed: %s",
			     (unsigned long long)ev[i].nr,
			     strerror(-(long)ev[i].ret));
		if (ev[i].nr == SYS_io_uring_enter)
			iouring_check(&ev[i]);
	}
}

/* Make one event list's offsets into addresses; resolve its syscalls. */
void resolve_events(struct fpabi_ev *ev, unsigned max, pid_t *writer)
{
	unsigned i;

	for (i = 0; i < max && ev[i].kind != FPABI_EV_END; i++) {
		switch (ev[i].kind) {
		case FPABI_EV_LOAD:
		case FPABI_EV_STORE:
			ev[i].ptr += (uintptr_t)base;
			if (ev[i].arg[0])
				ev[i].arg[0] += (uintptr_t)base;
			if (ev[i].arg[1])
				ev[i].arg[1] += (uintptr_t)base;
			break;
		case FPABI_EV_SPIN:
			ev[i].ptr += (uintptr_t)base;
			if (ev[i].arg[1])
				ev[i].arg[1] += (uintptr_t)base;
			break;
		case FPABI_EV_SYSCALL:
			if (ev[i].ptr) {	/* a clone's child list */
				ev[i].ptr += (uintptr_t)base;
				resolve_events((struct fpabi_ev *)ev[i].ptr, 4,
					       writer);
			}
			resolve_syscall(&ev[i], writer);
			break;
		}
	}
}

struct fpabi_ev *fpabi_sig_body(int sig, siginfo_t *si, void *uc)
{
	struct sig_rt *rt = fpabi_sig_cur;

	if (!rt || rt >= sig_rt + h->nsig)
		tracee_fail(EINVAL, "signal %d with no slot left for it", sig);
	rt->slot->signo = si->si_signo;
	rt->slot->code = si->si_code;
	arch_sig_frame(rt, uc);
	rt->slot->done = 1;
	fpabi_sig_cur = rt + 1;
	return rt->exit;
}

/* The handler for FPABI_EV_FAULT's SIGILL, and what it needs. */
static void setup_signals(pid_t *writer)
{
	struct sigaction sa;
	unsigned i;

	if (h->nsig > FPABI_MAX_SIGNALS)
		tracee_fail(EINVAL, "too many signals");
	for (i = 0; i < h->nsig; i++) {
		struct fpabi_sig_slot *s = &h->sig[i];

		sig_rt[i].slot = s;
		sig_rt[i].entry = (struct fpabi_ev *)(base + s->entry_ev);
		sig_rt[i].exit = (struct fpabi_ev *)(base + s->exit_ev);
		sig_rt[i].frame = base + s->frame_off;
		sig_rt[i].edit_img = s->edit_img ? base + s->edit_img : NULL;
		sig_rt[i].edit_img2 = s->edit_img2 ? base + s->edit_img2 : NULL;
		sig_rt[i].arch_flags = h->arch_flags;
		sig_rt[i].arch_aux[0] = h->arch_aux[0];
		sig_rt[i].arch_aux[1] = h->arch_aux[1];
		resolve_events(sig_rt[i].entry, 8, writer);
		resolve_events(sig_rt[i].exit, 8, writer);
	}
	fpabi_sig_cur = sig_rt;
	if (!h->nsig)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = (void (*)(int, siginfo_t *, void *))fpabi_sig_entry;
	/* SA_NODEFER: a handler may take a nested SIGILL of its own */
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	if (h->altstack) {
		/*
		 * AT_MINSIGSTKSZ is what the kernel's frame may take; the
		 * handler's own code needs room below it too.
		 */
		stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };

		h->minsigstksz = getauxval(AT_MINSIGSTKSZ);
		if (!h->minsigstksz || h->minsigstksz + 32768 > sizeof(altstack))
			tracee_fail(E2BIG, "AT_MINSIGSTKSZ %llu is not usable",
			     (unsigned long long)h->minsigstksz);
		ss.ss_size = h->minsigstksz + 32768;
		ss.ss_sp = altstack + sizeof(altstack) - ss.ss_size;
		if (sigaltstack(&ss, NULL) < 0)
			tracee_fail(errno, "sigaltstack: %s", strerror(errno));
		h->altstack_sp = (uintptr_t)ss.ss_sp;
		h->altstack_size = ss.ss_size;
		sa.sa_flags |= SA_ONSTACK;
	}
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGILL, &sa, NULL) < 0 || sigaction(SIGSYS, &sa, NULL) < 0)
		tracee_fail(errno, "sigaction: %s", strerror(errno));
}

/*
 * The seccomp filter some cases need (libseccomp): getppid goes to the
 * tracer (SCMP_ACT_TRACE: a PTRACE_EVENT_SECCOMP stop), getpgid becomes a
 * SIGSYS (SCMP_ACT_TRAP).  Installed before the events, in C.
 */
static void setup_seccomp(void)
{
	scmp_filter_ctx ctx;
	int err;

	if (!h->seccomp)
		return;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx)
		tracee_fail(ENOMEM, "seccomp_init failed");
	err = seccomp_rule_add(ctx, SCMP_ACT_TRACE(42), SCMP_SYS(getppid), 0);
	if (!err)
		err = seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(getpgid), 0);
	if (!err)
		err = seccomp_load(ctx);
	seccomp_release(ctx);
	if (err)
		tracee_fail(-err, "seccomp filter: %s", strerror(-err));
}

/*
 * COMP_TIMER: the wake times, from the moment the tracer says go (the
 * tracee starts then), and a last one an hour on, where it sleeps until
 * it is killed.
 */
static void set_wake_times(void)
{
	struct timespec t0;
	unsigned i, n = h->comp_nwake;

	for (i = 0; i < 5000 && !__atomic_load_n(&h->go, __ATOMIC_SEQ_CST); i++)
		usleep(1000);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i <= n && i <= FPABI_COMP_WAKES; i++) {
		uint64_t ns = i < n ? h->comp_wake_ns[i] : 3600000000000ull;

		h->comp_wake_at[i].sec = t0.tv_sec + (int64_t)(ns / 1000000000u);
		h->comp_wake_at[i].nsec = t0.tv_nsec + (int64_t)(ns % 1000000000u);
		if (h->comp_wake_at[i].nsec >= 1000000000) {
			h->comp_wake_at[i].sec++;
			h->comp_wake_at[i].nsec -= 1000000000;
		}
	}
}

/*
 * The competitor: another task on the tracee's CPU holding task 1's
 * canaries in every register it has while it spins (or, woken by its
 * timers, each time it runs), until the tracer kills it.
 */
void tracee_compete(void)
{
	struct fpabi_ev *ev = (struct fpabi_ev *)(base + h->comp_ev);

	tracee_arch_setup(h);
	resolve_events(ev, 2 * FPABI_COMP_WAKES + 4, NULL);
	/* the LOAD runs before the flag: a tiny window the tracer waits out;
	 * a timer competitor loads only once it has been woken */
	__atomic_store_n(&h->comp_state, TRACEE_RUNNING, __ATOMIC_SEQ_CST);
	if (h->comp_nwake)
		set_wake_times();
	do
		fpabi_run_events(ev);
	while (h->comp_loop);
	_exit(0);
}

/* The shared memory main() mapped: every mode's header and base. */
void tracee_attach(uint8_t *b, struct fpabi_shm_hdr *hdr)
{
	base = b;
	h = hdr;
}

/* fpabi-tracee FD (trace): the case's event list under the tracer. */
void tracee_trace(void)
{
	struct fpabi_ev *ev;
	pid_t writer = 0;

	wait_for_go();
	/* a test hook (tests/hostile-bytes.sh): a tracee that fails with
	 * any bytes the test chooses as its message */
	if (getenv("FPABI_TEST_TRACEE_SAYS"))
		tracee_fail(EPROTO, "%s", getenv("FPABI_TEST_TRACEE_SAYS"));
	tracee_arch_setup(h);

	ev = (struct fpabi_ev *)(base + h->ev_off);
	resolve_events(ev, h->nev, &writer);
	setup_signals(&writer);
	setup_seccomp();

	proof(0);
	__atomic_store_n(&h->state, TRACEE_RUNNING, __ATOMIC_SEQ_CST);
	fpabi_run_events(ev);
	proof(1);

	reap_children(ev, h->nev);
	check_results(ev, h->nev);
	if (fpabi_sig_cur != sig_rt + h->nsig)
		tracee_fail(EINTR, "%u of %u signal handlers ran",
		     (unsigned)(fpabi_sig_cur - sig_rt), h->nsig);
	if (writer > 0) {
		int status;

		if (waitpid(writer, &status, __WALL) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			tracee_fail(ECHILD, "the pipe writer failed");
	}
	__atomic_store_n(&h->state, TRACEE_DONE, __ATOMIC_SEQ_CST);
	_exit(0);
}
