/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The engine's private state, shared by its parts (docs/developers/design.md):
 * build.c lays out the shared memory and the event lists, control.c
 * starts the tracee and ends it, stops.c drives it from stop to stop,
 * scheduling.c forces and proves its scheduling events, walk.c walks the
 * steps with the model, final.c runs the final checks, run.c puts them in
 * order.
 * Each part owns one member of struct engine and reads the others'.
 */
#ifndef FPABI_ENGINE_H
#define FPABI_ENGINE_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "fpabi/limits.h"
#include "fpabi/run.h"
#include "fpabi/shm.h"
#include "fpabi/steps.h"

/* build.c: where everything lies in the shared memory */
struct eng_layout {
	int memfd;
	size_t ev_off, load_off[CANARY_MAX_PHASE + 1];
	size_t dump_off[FPABI_MAX_DUMPS];
	unsigned ndumps;
	unsigned nsig;
	size_t sig_ev_off[FPABI_MAX_SIGNALS];	/* entry list, then exit list */
	size_t mid_dump[FPABI_MAX_SIGNALS];	/* a nesting handler's dump */
	size_t frame_off[FPABI_MAX_SIGNALS];
	size_t child_ev[FPABI_MAX_CHILDREN];	/* each S_FORK's child list */
	unsigned nchild;
	size_t comp_img;	/* the competitor's image (task 1) */
	size_t comp_ev;		/* and its event list */
	int self_cpu;		/* where SC_MIGRATE_SELF last sent it */
	int self_tgt[FPABI_MAX_SELF_MIGRATIONS];	/* each one's target */
	unsigned nself;
};

/* place.c: where the tracee and the tracer run, and what proves it */
struct eng_place {
	cpu_set_t saved;	/* the tracer's CPUs before the run */
	bool pinned;
	int tracer_cpu, tracee_cpu;	/* -1: not placed */
	long long rq0, rq1;	/* task arrivals on the tracee's CPU */
	long long task;		/* the tracee's own arrivals, at its exit */
	unsigned evictions;	/* PLACE_SHARED: the tracer's FP loads */
};

/* control.c, stops.c, scheduling.c: the tracee and its competitor, as
 * ptrace and /proc see them */
struct eng_ctl {
	pid_t comp_pid;
	struct timespec go;	/* when the tracee was told to go */
	long comp_vol0, comp_invol0;	/* the competitor's switches then */
	int cpu;		/* where tracee and competitor are pinned */
	unsigned kself;		/* SC_MIGRATE_SELF steps passed */
	int migrated_to;	/* the last migration's target CPU, or -1 */
	int pending_sig;	/* to deliver when the tracee resumes */
	/* a signal someone outside fpabi sent the tracee (its delivery
	 * stop's siginfo): its number and sender, 0 if none came */
	int outside_sig;
	pid_t outside_pid;
	bool stopped;		/* the tracee sits in a ptrace stop */
	bool refused;		/* a sigreturn was refused: SIGSEGV */
	struct timespec deadline;
	struct eng_place pl;
};

/* walk.c: the model's expectation at one point */
struct snapshot {
	struct fpabi_variant v;		/* the model's (arm64: VL, SVCR) */
	struct fpabi_layout lo;		/* owned by the run */
	uint8_t *init;			/* owned by the run */
	uint8_t *img, *kind, *phase, *task;
	const struct fpabi_rule **rule;
};

/* What the tracee leaves in shared memory, checked at the end. */
enum obs_kind { OBS_DUMP, OBS_HANDLER, OBS_FRAME, OBS_CHILD };

struct obs {
	enum obs_kind kind;
	size_t off;		/* dump, or frame copy */
	unsigned sig;		/* signal slot */
	int step;		/* the step it belongs to */
	struct snapshot snap;	/* the model's expectation at that point */
};

/* walk.c: what the model has seen and still owes */
struct eng_model {
	struct obs obs[FPABI_MAX_OBS];
	unsigned nobs;
	struct nest {			/* signals whose handler is running */
		const struct fpabi_step *s;
		struct snapshot pre;	/* the model before it */
		uint32_t astate[4];
		size_t mid_dump;
	} nest[FPABI_MAX_SIGNALS];
	unsigned nnest;
	const struct fpabi_step *sig_step;	/* a signal whose model is
						   applied on resuming */
	unsigned sig_n;
	size_t sig_dump;
	bool exec_pending;	/* the tracee sits at an exec's event
				   stop: its image runs and dumps on
				   resuming */
	int exec_step;
	size_t exec_dump;
	bool maybe;		/* SIG_MAYBE: the next TRAP may be a SIGSEGV */
	unsigned ndump, nsig, nspin;	/* the walk's place in each list */
};

struct engine {
	struct fpabi_run *r;
	struct eng_layout lay;
	struct eng_ctl ctl;
	struct eng_model mod;
};

static inline struct fpabi_shm_hdr *hdr(struct fpabi_run *r)
{
	return (struct fpabi_shm_hdr *)r->shm;
}

/* INJ_STEP: step i is left out */
static inline bool dropped(const struct fpabi_run *r, int i)
{
	return r->drop_step && r->c->drop == i;
}

static inline unsigned step_sc(const struct fpabi_run *r,
			       const struct fpabi_step *s)
{
	return step_syscall(s, r->param);
}

/*
 * A syscall step's argument, from the case's code.  Resolved when the
 * events are built and again when the model walks the step, so the arch
 * must answer from the planned variant (r->v0), not the model's state.
 */
static inline uint64_t step_arg(struct fpabi_run *r, const struct fpabi_step *s)
{
	return fpabi_arch.syscall_arg ?
	       fpabi_arch.syscall_arg(r, step_sc(r, s), s->b) : s->b;
}


#endif
