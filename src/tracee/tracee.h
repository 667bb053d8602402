/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the tracee's modes share (tracee.c): the setup every mode makes
 * before its assembly runs, and the race mode's entry (race.c).
 */
#ifndef FPABI_TRACEE_H
#define FPABI_TRACEE_H

#include <stdint.h>
#include <sys/types.h>

#include "fpabi/event.h"
#include "fpabi/shm.h"

/* A setup failure: errno err and the message into the header; exit 3. */
void fail(int err, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));
/* Wait until the tracer sets the header's go. */
void wait_for_go(void);
/* The header's vector lengths (arm64) and AMX permission (x86). */
void set_vector_lengths(void);
void request_amx(void);
/* A list's offsets into addresses, its syscalls resolved (at most max). */
void resolve_events(struct fpabi_ev *ev, unsigned max, pid_t *writer);

/* fpabi-tracee FD race: the race loop (race.c); never returns. */
void race(uint8_t *base, struct fpabi_shm_hdr *h) __attribute__((noreturn));

#endif
