/* SPDX-License-Identifier: GPL-2.0-or-later */
/* How the tracee ended (died.c): a finding, or broken if from outside. */
#ifndef FPABI_ENGINE_DIED_H
#define FPABI_ENGINE_DIED_H

#include <stddef.h>

#include "engine.h"

/* How a tracee ended, as text ("killed by signal 9 (Killed)"). */
const char *ctl_status_text(int status, char *buf, size_t n);
/* At a signal-delivery stop passed on: note a sender outside fpabi. */
void ctl_note_sender(struct engine *e, int status);
/* The tracee died (status) when: a finding, or broken if from outside. */
void ctl_tracee_died(struct engine *e, int status, const char *when);

#endif
