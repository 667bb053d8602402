/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The engine's scheduling (scheduling.c): the scheduling events a step
 * forces and proves, and the competitor's policy.  Every int call returns
 * 0 (a proof not made is r->skip), or -1 with the run broken or timed out.
 */
#ifndef FPABI_ENGINE_SCHEDULING_H
#define FPABI_ENGINE_SCHEDULING_H

#include <sys/types.h>

#include "engine.h"

/* The first CPU this process may run on: where competitors meet. */
int ctl_first_cpu(void);
/* The competitor pid at its mode's policy (COMP_IDLE, COMP_TIMER). */
int ctl_competitor_policy(struct fpabi_run *r, pid_t pid);
/* S_PREEMPT: hold the tracee at its k-th spin until switched out n times. */
int ctl_prove_preemption(struct engine *e, unsigned k, unsigned n);
/* S_MIGRATE_RUNNING: move the tracee while it spins at its k-th spin. */
int ctl_migrate_running(struct engine *e, unsigned k);
/* S_MIGRATE: move the stopped tracee to another CPU. */
int ctl_migrate(struct engine *e);
/* S_EVICT: the competitor runs on the stopped tracee's CPU (proof). */
int ctl_evict(struct engine *e);
/* An SC_MIGRATE_SELF step ran: record where the tracee went. */
void ctl_self_migrated(struct engine *e);

#endif
