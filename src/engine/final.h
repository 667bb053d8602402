/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The engine's final checks (final.c). */
#ifndef FPABI_ENGINE_FINAL_H
#define FPABI_ENGINE_FINAL_H

#include "engine.h"

/* Let the tracee finish, then check what it left against the model. */
void eng_final(struct engine *e);
/* Every observation the walk recorded against the shared memory as the
 * tracee left it (eng_final()'s part that reads it; tests/fuzz too). */
void eng_check_observations(struct engine *e);
/* The tracee's own switch counters and CPUs as the proof of the
 * scenario (a blocking syscall switched, an unobserved window did not):
 * unproven marks r (eng_final()'s part; tests/fuzz too). */
void eng_check_proof(struct fpabi_run *r);

#endif
