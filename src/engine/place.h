/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Placement and its proof (place.c), part of the engine's control. */
#ifndef FPABI_ENGINE_PLACE_H
#define FPABI_ENGINE_PLACE_H

#include "engine.h"

/* Pin the tracer (and choose the tracee's CPU): 0, or -1 (skip or broken). */
int place_begin(struct engine *e);
/* In the tracee's fork child, before its exec: move to its CPU. */
void place_child(const struct engine *e);
/* The tracee has exited, not yet reaped: read its arrival counts. */
void place_at_exit(struct engine *e);
/* PLACE_SHARED, at a stop: the tracer loads its own vector registers. */
void place_evict(struct engine *e);
/* After the run: the proof, or the run unproven with why. */
void place_proof(struct engine *e);
/* Give the tracer its CPUs back. */
void place_end(struct engine *e);

#endif
