// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The engine's first part: lay out the shared memory (header, the images
 * of every phase used, dumps, frame copies) and write the event lists the
 * tracee, its handlers, its children and its competitor run.
 */
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "build.h"
#include "fpabi/compete.h"
#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/util.h"

#define SHM_HDR_SIZE	4096

/* Reserve n bytes of shared memory, page aligned. */
static size_t take(size_t *off, size_t n)
{
	size_t at = *off;

	*off = ALIGN_UP(at + n, 4096);
	return at;
}

static void need_image(struct engine *e, size_t *off, unsigned phase)
{
	if (phase && !e->lay.load_off[phase])
		e->lay.load_off[phase] = take(off, fpabi_arch.load_size(e->r));
}

/* The phases an S_FAULT or S_SIGSYS step's edit writes (0: no edit). */
static unsigned edit_phases(const struct fpabi_step *s)
{
	unsigned edit = op_has(s->op, OPF_SIGNAL) ? step_edit_kind(s) : 0;

	if (!edit)
		return 0;
	return fpabi_arch.edit_phases ? fpabi_arch.edit_phases(edit) : 1;
}

/*
 * Lay out the shared memory: header, events, the images of every phase
 * used, dumps (one per STORE and per signal handler entry), and per
 * signal its handler's event lists and frame copy.
 */
static void shm_plan(struct engine *e)
{
	struct fpabi_run *r = e->r;
	const struct fpabi_step *s;
	size_t off = SHM_HDR_SIZE, nev = 1, dump = fpabi_arch.dump_size(r);
	unsigned i;

	for (i = 0; i <= CANARY_MAX_PHASE; i++)
		e->lay.load_off[i] = 0;
	for (s = r->c->steps; s->op != S_END; s++)
		nev++;
	nev += r->hang;
	e->lay.ev_off = take(&off, nev * sizeof(struct fpabi_ev));
	for (s = r->c->steps; s->op != S_END; s++) {
		if (op_info(s->op)->ev == OPEV_LOAD)
			need_image(e, &off, s->a);
		if (!op_has(s->op, OPF_DUMP))
			continue;
		e->lay.dump_off[e->lay.ndumps++] = take(&off, dump);
		if (op_info(s->op)->ev == OPEV_FORK)
			e->lay.child_ev[e->lay.nchild++] = take(&off,
						FPABI_CHILD_EVS *
						sizeof(struct fpabi_ev));
		if (!op_has(s->op, OPF_SIGNAL))
			continue;
		if (step_nested(s))
			e->lay.mid_dump[e->lay.nsig] = take(&off, dump);
		need_image(e, &off, s->a);
		if (step_edit_kind(s))
			need_image(e, &off, step_edit_phase(s));
		if (edit_phases(s) > 1)
			need_image(e, &off, step_edit_phase(s) + 1);
		e->lay.nsig++;
	}
	if (r->c->competitor) {
		e->lay.comp_img = take(&off, fpabi_arch.load_size(r));
		e->lay.comp_ev = take(&off, COMP_EVS * sizeof(struct fpabi_ev));
	}
	/* per signal: entry and exit event lists, and the frame copy */
	for (i = 0; i < e->lay.nsig; i++) {
		e->lay.sig_ev_off[i] = take(&off, FPABI_SIG_EVS * sizeof(struct fpabi_ev));
		e->lay.frame_off[i] = take(&off, FPABI_FRAME_CAP);
	}
	r->shm_size = off;
}

static int shm_create(struct engine *e)
{
	struct fpabi_run *r = e->r;

	e->lay.memfd = syscall(SYS_memfd_create, "fpabi", MFD_CLOEXEC);
	if (e->lay.memfd < 0) {
		run_broken(r, "memfd_create: %s", strerror(errno));
		return -1;
	}
	if (ftruncate(e->lay.memfd, r->shm_size) < 0) {
		run_broken(r, "ftruncate shm: %s", strerror(errno));
		return -1;
	}
	r->shm = mmap(NULL, r->shm_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		      e->lay.memfd, 0);
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

/* Poison a dump first, so bytes the CPU did not write show. */
static void poison_dump(struct fpabi_run *r, size_t dump)
{
	canary_poison(r->shm + dump, fpabi_arch.dump_size(r), r->cseed);
	if (fpabi_arch.poison_dump)
		fpabi_arch.poison_dump(r, r->shm + dump);
}

/* A signal's handler lists: STORE at entry; LOAD (clobber) at exit. */
static void build_signal(struct engine *e, unsigned k, const struct fpabi_step *s,
			 size_t dump)
{
	struct fpabi_run *r = e->r;
	struct fpabi_sig_slot *slot = &hdr(r)->sig[k];
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + e->lay.sig_ev_off[k]);
	unsigned x = FPABI_SIG_ENTRY_EVS;	/* the exit list */

	slot->want_signo = op_info(s->op)->signo;
	memset(ev, 0, FPABI_SIG_EVS * sizeof(*ev));
	ev[0].kind = FPABI_EV_STORE;
	ev[0].ptr = dump;
	fpabi_arch.ev_store(r, &ev[0]);
	ev[1].kind = FPABI_EV_END;
	if (s->a) {
		ev[x].kind = FPABI_EV_LOAD;
		ev[x].ptr = e->lay.load_off[s->a];
		fpabi_arch.ev_load(r, &ev[x++], 0);
	}
	if (step_nested(s)) {
		/* the next signal, then what the handler holds after it */
		ev[x++].kind = FPABI_EV_FAULT;
		ev[x].kind = FPABI_EV_STORE;
		ev[x].ptr = e->lay.mid_dump[k];
		poison_dump(r, e->lay.mid_dump[k]);
		fpabi_arch.ev_store(r, &ev[x++]);
	}
	ev[x].kind = FPABI_EV_END;
	ev[x].nr = 1;		/* keep what the exit LOAD put there */
	slot->entry_ev = e->lay.sig_ev_off[k];
	slot->exit_ev = e->lay.sig_ev_off[k] +
			FPABI_SIG_ENTRY_EVS * sizeof(*ev);
	slot->frame_off = e->lay.frame_off[k];
	slot->frame_cap = FPABI_FRAME_CAP;
	slot->edit = step_edit_kind(s);
	slot->edit_img = slot->edit ? e->lay.load_off[step_edit_phase(s)] : 0;
	slot->edit_img2 = edit_phases(s) > 1 ?
			  e->lay.load_off[step_edit_phase(s) + 1] : 0;
	slot->edit_seed = r->seed ^ (0x9e3779b97f4a7c15ull * (k + 1));
}

/* A clone's child: it stores its registers into dump and exits. */
static size_t build_child(struct engine *e, unsigned k, size_t dump,
			  unsigned kind)
{
	struct fpabi_run *r = e->r;
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + e->lay.child_ev[k]);

	memset(ev, 0, FPABI_CHILD_EVS * sizeof(*ev));
	ev[0].kind = FPABI_EV_STORE;
	ev[0].ptr = dump;
	fpabi_arch.ev_store(r, &ev[0]);
	if (kind && fpabi_arch.child_store)
		fpabi_arch.child_store(r, kind, &ev[0]);
	ev[1].kind = FPABI_EV_SYSCALL;
	ev[1].nr = SC_EXIT;
	ev[2].kind = FPABI_EV_END;
	return e->lay.child_ev[k];
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

/* SC_MIGRATE_SELF: the tracee starts pinned to e->ctl.cpu and each of these
 * moves it on to the next CPU it may use. */
static int self_target(struct engine *e)
{
	e->lay.self_cpu = next_cpu(e->lay.self_cpu);
	/* (steps_check() bounds them by FPABI_MAX_SELF_MIGRATIONS) */
	e->lay.self_tgt[e->lay.nself++] = e->lay.self_cpu;
	return e->lay.self_cpu;
}

/* The tracee's events: dropped steps are left out (fault injection). */
static void build_events(struct engine *e)
{
	struct fpabi_run *r = e->r;
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + e->lay.ev_off);
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

		r->step = i;	/* (the arch's event hooks see which step) */
		if (op_has(s->op, OPF_DUMP)) {
			/* poison first, so bytes the CPU did not write show */
			dump = e->lay.dump_off[ndump++];
			poison_dump(r, dump);
		}
		if (op_has(s->op, OPF_SIGNAL))
			build_signal(e, nsig++, s, dump);
		/* a nested SIGILL is raised by the handler before it, not by
		 * the main list */
		if (op_info(s->op)->ev == OPEV_FAULT && i > 0 &&
		    step_nested(s - 1))
			continue;
		if (op_has(s->op, OPF_SECCOMP))
			hdr(r)->seccomp = 1;
		hdr(r)->altstack = r->c->altstack;
		if (op_info(s->op)->ev == OPEV_EXEC)
			build_exec(e, dump);
		if (dropped(r, i) || op_info(s->op)->ev == OPEV_NONE)
			continue;
		memset(v, 0, sizeof(*v));
		/* the event's form is the step kind's (fpabi_ops[].ev) */
		switch (op_info(s->op)->ev) {
		case OPEV_LOAD:
			v->kind = FPABI_EV_LOAD;
			v->ptr = e->lay.load_off[s->a];
			fpabi_arch.ev_load(r, v, s->b);
			break;
		case OPEV_STORE:
			v->kind = FPABI_EV_STORE;
			v->ptr = dump;
			fpabi_arch.ev_store(r, v);
			break;
		case OPEV_SYSCALL:
			v->kind = FPABI_EV_SYSCALL;
			v->nr = step_sc(r, s);
			v->arg[0] = v->nr == SC_MIGRATE_SELF ?
				    (uint64_t)self_target(e) : step_arg(r, s);
			break;
		case OPEV_EXEC:
			v->kind = FPABI_EV_SYSCALL;
			v->nr = SC_EXEC;
			break;
		case OPEV_FORK:
			v->kind = FPABI_EV_SYSCALL;
			v->nr = s->a;
			v->ptr = build_child(e, nchild++, dump,
					     step_fork_kind(s));
			break;
		case OPEV_SIGSYS:
			/* its result is whatever the handler left: not checked */
			v->kind = FPABI_EV_SYSCALL;
			v->nr = SC_GETPGID;
			v->pad[0] = 1;
			break;
		case OPEV_TRAP:
			v->kind = FPABI_EV_TRAP;
			break;
		case OPEV_FAULT:
			v->kind = FPABI_EV_FAULT;
			break;
		case OPEV_SPIN:
			v->kind = FPABI_EV_SPIN;
			v->ptr = offsetof(struct fpabi_shm_hdr, spin[npreempt]);
			v->arg[0] = ~0ull;
			v->arg[1] = offsetof(struct fpabi_shm_hdr,
					     spinning[npreempt++]);
			break;
		case OPEV_NONE:
			die("internal: %s: step %d is no tracee event", r->id, i);
		}
		v->pad[3] = (uint64_t)i + 1;	/* its step (fpabi repro ends a file there) */
		n++;
	}
	r->step = 0;
	memset(&ev[n], 0, sizeof(ev[n]));
	ev[n].kind = FPABI_EV_END;
	hdr(r)->nev = n + 1;
	hdr(r)->ev_off = e->lay.ev_off;
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

/* The competitor's LOAD of task 1's canaries, its image at img of r->shm. */
void fpabi_competitor_load(struct fpabi_run *r, size_t img,
			   struct fpabi_ev *load)
{
	memset(load, 0, sizeof(*load));
	load->kind = FPABI_EV_LOAD;
	load->ptr = img;
	if (fpabi_arch.make_competitor) {
		fpabi_arch.make_competitor(r, r->shm + img, load);
	} else {
		fpabi_arch.make_load(r, r->shm + img, 1, 1);
		fpabi_arch.ev_load(r, load, 0);
	}
}

/*
 * The competitor's list at ev_off of r->shm: load task 1's canaries
 * (every register it has) and spin until killed; or, COMP_TIMER, load
 * them again after each wake and sleep to the next, then sleep for good.
 */
void fpabi_competitor_list(struct fpabi_run *r, size_t img, size_t ev_off)
{
	struct fpabi_ev *ev = (struct fpabi_ev *)(r->shm + ev_off), load;
	unsigned n = 0, i, wakes = r->c->competitor == COMP_TIMER ?
				   FPABI_COMP_WAKES : 0;

	fpabi_competitor_load(r, img, &load);
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
	hdr(r)->comp_ev = ev_off;
}

static void make_loads(struct engine *e)
{
	struct fpabi_run *r = e->r;
	unsigned p;

	for (p = 0; p <= CANARY_MAX_PHASE; p++)
		if (e->lay.load_off[p])
			fpabi_arch.make_load(r, r->shm + e->lay.load_off[p], p, 0);
}

int eng_build(struct engine *e)
{
	struct fpabi_run *r = e->r;

	shm_plan(e);
	if (shm_create(e) < 0)
		return -1;
	make_loads(e);
	build_events(e);
	if (r->c->competitor)
		fpabi_competitor_list(r, e->lay.comp_img, e->lay.comp_ev);
	record_shm(r);
	return 0;
}
