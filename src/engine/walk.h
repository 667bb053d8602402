/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The engine's model walk (walk.c) and the model snapshots it keeps. */
#ifndef FPABI_ENGINE_WALK_H
#define FPABI_ENGINE_WALK_H

#include "engine.h"

/* Walk the case's steps with the model: 0, or -1 with the run broken,
 * timed out or holding a finding. */
int eng_walk(struct engine *e);

/* The model's expectation now, kept; put back; freed. */
void snapshot_take(struct engine *e, struct snapshot *s);
void snapshot_restore(struct engine *e, struct snapshot *s);
void snapshot_free(struct snapshot *s);

#endif
