/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The engine's build part (build.c): shared memory and event lists. */
#ifndef FPABI_ENGINE_BUILD_H
#define FPABI_ENGINE_BUILD_H

#include "engine.h"

/* Lay out and map the shared memory, fill its images and write every
 * event list of the case: 0, or -1 with the run broken. */
int eng_build(struct engine *e);
/* Free what a run kept (run.c): snapshots, the shared memory, layouts. */
void eng_release(struct engine *e);

#endif
