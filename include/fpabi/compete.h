/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The competitor (issue 6's forcing modes) and the process helpers the
 * engine shares with the unobserved race loop (src/race/cmd.c): start the
 * tracee program in a mode, pin a task to a CPU, read its switches.
 */
#ifndef FPABI_COMPETE_H
#define FPABI_COMPETE_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "fpabi/event.h"
#include "fpabi/run.h"

/* The competitor's list has room for this many events. */
#define COMP_EVS	(2 * FPABI_COMP_WAKES + 4)

/* fpabi-tracee MODE with memfd as its fd 3, in process group pgid (0:
 * its own), dying with the runner, in_child(arg) run in the child first
 * (NULL: nothing): its pid, or -1. */
pid_t fpabi_spawn(const char *tracee, int memfd, pid_t pgid, const char *mode,
		  void (*in_child)(const void *arg), const void *arg);
/* sched_setaffinity(pid) to cpu alone */
int fpabi_pin(pid_t pid, int cpu);
/* A task's voluntary and involuntary switches (/proc/PID/status): 0, or
 * -1 where they cannot be read. */
int fpabi_task_switches(pid_t pid, long *vol, long *invol);

/* The competitor's LOAD event and its image (task 1, every register the
 * machine has) at offset img of r->shm. */
void fpabi_competitor_load(struct fpabi_run *r, size_t img,
			   struct fpabi_ev *load);
/* Its event list (COMP_EVS events at ev of r->shm) for the mode
 * r->c->competitor, and the shared memory header's competitor fields. */
void fpabi_competitor_list(struct fpabi_run *r, size_t img, size_t ev);
/* Start it beside the tracee r->pid on cpu (both pinned there), in the
 * tracee's process group, at the mode's scheduling policy; 0 once it holds
 * its canaries.  *pid is set as soon as it exists. */
int fpabi_competitor_start(struct fpabi_run *r, int memfd, int cpu,
			   pid_t *pid);
/* What it did since go, its switches then were (vol0, invol0): into
 * r->sp and r->proof, with the wakes due of its nwake timed ones (the
 * tracer's own count: COMP_TIMER's FPABI_COMP_WAKES, else 0).  Read
 * before it is killed. */
void fpabi_competitor_proof(struct fpabi_run *r, pid_t pid, long vol0,
			    long invol0, const struct timespec *go,
			    unsigned nwake);
/* Kill it and reap it, SCHED_OTHER first: at SCHED_IDLE, on a CPU other
 * work keeps busy, its exit would wait its turn for a second or more
 * (a run's end past its --timeout). */
void fpabi_competitor_kill(pid_t pid);

#endif
