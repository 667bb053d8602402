/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What tracee.c shares with the tracee's arch parts
 * (src/tracee/<arch>/setup.c): failing, the arch's own setup before the
 * events, and the arch's syscall kinds.  tracee-arch.h (one per arch
 * folder, found through the include path) gives the constants.
 */
#ifndef FPABI_TRACEE_H
#define FPABI_TRACEE_H

#include "fpabi/event.h"
#include "fpabi/shm.h"
#include "tracee-arch.h"

/* Setup failed: the reason in the shared memory's header, exit 3. */
void tracee_fail(int err, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));

/* What the arch does first (h->arch_setup[]): vector lengths, AMX. */
void tracee_arch_setup(const struct fpabi_shm_hdr *h);

/* An arch syscall kind (SC_ARCH...) made a raw syscall in place: 0, or
 * -1 if ev->nr is none of the arch's. */
int tracee_arch_syscall(struct fpabi_ev *ev);

#endif
