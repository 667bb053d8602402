/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi repro's writer state, shared by its files (write.c: the file,
 * tracer.c: the tracer's steps).
 */
#ifndef FPABI_REPRO_GEN_H
#define FPABI_REPRO_GEN_H

#include <stdbool.h>
#include <stdio.h>

#include "fpabi/record.h"
#include "fpabi/shm.h"

#define MAX_WORDS	8	/* words a reproducer checks */
#define MAX_BUFS	64	/* regions it fills */

struct gen {
	const struct fpabi_rec *rec;
	const struct fpabi_run *r;
	FILE *o;
	const struct fpabi_shm_hdr *h;
	size_t img_size;
	size_t io_off[128];	/* each regset buffer's offset in the shm */
	size_t shm_size;	/* with the regset buffers */
	unsigned pick[MAX_WORDS];
	unsigned npick;
	bool failing;
};

/* the tracer's side of the file: the case's steps, stops and regset
 * calls, then finish() (tracer.c) */
void repro_emit_tracer(struct gen *g);

#endif
