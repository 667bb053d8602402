/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tracee's signal handler: shared between tracee.c, the arch entry
 * (src/tracee/<arch>/sigentry.S) and the arch frame code (<arch>/sig.c).
 */
#ifndef FPABI_TRACEE_SIG_H
#define FPABI_TRACEE_SIG_H

#include <signal.h>
#include <stdint.h>

#include "fpabi/event.h"
#include "fpabi/shm.h"

/* Resolved for the handler; entry and exit first, at fixed offsets. */
struct sig_rt {
	struct fpabi_ev *entry;		/* offset 0: sigentry.S reads it */
	struct fpabi_ev *exit;		/* offset 8 */
	struct fpabi_sig_slot *slot;
	uint8_t *frame;			/* where the frame copy goes */
	const uint8_t *edit_img;	/* NULL: no edit */
	const uint8_t *edit_img2;	/* the next phase's (two-phase edits) */
	uint32_t arch_flags;		/* the shm header's */
	uint64_t arch_aux[2];		/* the shm header's */
};

/* The slot the next signal uses (sigentry.S reads it). */
extern struct sig_rt *fpabi_sig_cur;

/* Called by sigentry.S after the entry events; returns the exit events. */
struct fpabi_ev *fpabi_sig_body(int sig, siginfo_t *si, void *uc);

/*
 * The arch part (<arch>/sig.c): copy the frame at uc into rt->frame (at
 * most rt->slot->frame_cap bytes; set frame_len, frame_addr, aux), apply
 * the edit, and step the interrupted PC over the faulting instruction.
 */
void arch_sig_frame(struct sig_rt *rt, void *uc);
/*
 * A random edit's log (E_F_RANDOM; tracee.c): mut_save() keeps the bytes
 * of each area the mutations may change, mut_log() writes each run that
 * changed into the slot (struct fpabi_mut), as an offset from uc; an
 * area with ptr set is an address, logged whole, relative to uc when it
 * points near it.
 */
struct mut_area {
	uint8_t *p;
	uint32_t len;
	int ptr;
};
void mut_save(const struct mut_area *a, unsigned n);
void mut_log(struct fpabi_sig_slot *s, const void *uc,
	     const struct mut_area *a, unsigned n);

/* arm64: write the edit image into the frame's records (<arch>/sigedit.c) */
void arch_sig_edit(struct sig_rt *rt, void *uc);

#endif
