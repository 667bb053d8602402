/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Counted instructions: the guest side of fpabi-vm --count-insns, whose
 * QEMU TCG plugin (tools/fpabi-insns.c) counts every executed instruction,
 * user and kernel apart, between markers the guest executes.  The markers
 * are the arch's fpabi_insns_stubs (src/arch/<arch>/bench.S); the answers
 * come back on the virtio-serial port "fpabi-insns".
 */
#ifndef FPABI_INSNS_H
#define FPABI_INSNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* the slots the markers name (the plugin has 16; the stubs cover these) */
enum { INSNS_SLOT_BENCH, INSNS_SLOT_CHECKED, INSNS_SLOT_BARE, INSNS_NSLOT };

struct insns {
	int fd;			/* the port, -1 if none */
	bool ok;		/* the plugin answered */
	unsigned vcpus;
	char why[200];		/* why not, when !ok */
};

/* nearest-rank statistics of a slot's operations, and their sum */
struct insns_stat {
	uint64_t sum, min, q1, median, q3, max;
};

struct insns_report {
	unsigned long n;	/* operations */
	struct insns_stat user, kernel;
};

/* Find the port and greet the plugin; p->ok says whether it answered. */
void insns_open(struct insns *p);
void insns_close(struct insns *p);
/* An operation of slot starts / ends (no effect without the plugin). */
void insns_begin(unsigned slot);
void insns_end(unsigned slot);
/* Forget the slot's operations so far. */
void insns_discard(unsigned slot);
/* The slot's operations since the last report or discard; false on error. */
bool insns_collect(struct insns *p, unsigned slot, struct insns_report *r);

/* fpabi bench stress: instructions per event of its checked and bare runs */
struct insns_per_event {
	double checked_user, checked_kernel, bare_user, bare_kernel;
};
/* From the CHECKED and BARE slots (all their runs, events events each). */
bool insns_per_event(struct insns *p, unsigned long events,
		     struct insns_per_event *out);

#endif
