/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The engine's control, the case driver (control.c): the tracee started,
 * run to its exit and cleaned up.  Every int call returns 0, or -1 with
 * the run broken, timed out or holding the finding of a tracee that died.
 */
#ifndef FPABI_ENGINE_CONTROL_H
#define FPABI_ENGINE_CONTROL_H

#include "engine.h"

/* Start the tracee (and the case's competitor), seize it, tell it to go. */
int ctl_spawn_tracee(struct engine *e);
/* The tracee runs to its exit; its proof counters are read. */
int ctl_finish(struct engine *e);
/* The placement's proof (place.c), after the final checks. */
void ctl_place_proof(struct engine *e);
/* Kill and reap what is left of the tracee and its competitor. */
void ctl_cleanup(struct engine *e);

#endif
