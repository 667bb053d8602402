/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What tracee.c shares with the tracee's arch parts
 * (src/tracee/<arch>/setup.c) and its race mode (race.c): failing, the
 * arch's own setup before the events, the arch's syscall kinds, waiting
 * for go and resolving an event list.  tracee-arch.h (one per arch
 * folder, found through the include path) gives the constants.
 */
#ifndef FPABI_TRACEE_H
#define FPABI_TRACEE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

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

/* Wait until the tracer sets the header's go. */
void wait_for_go(void);
/* A list's offsets into addresses, its syscalls resolved (at most max). */
void resolve_events(struct fpabi_ev *ev, unsigned max, pid_t *writer);

/* The shared memory main() mapped, for every mode (main.c). */
void tracee_attach(uint8_t *base, struct fpabi_shm_hdr *h);
/* fpabi-tracee FD (trace): the case's event list; never returns. */
void tracee_trace(void) __attribute__((noreturn));
/* fpabi-tracee FD compete: the competitor's loop; never returns. */
void tracee_compete(void) __attribute__((noreturn));

/* fpabi-tracee FD race: the race loop (race.c); never returns. */
void race(uint8_t *base, struct fpabi_shm_hdr *h) __attribute__((noreturn));
/* Its arch part (<arch>/race-arch.c): the ticks of the loop's timer a
 * trapping first-use instruction takes at least (0: it times none), and
 * whether the loop must leave streaming mode before C runs again. */
uint64_t race_arch_trap_ticks(void);
bool race_arch_sme(void);

#endif
