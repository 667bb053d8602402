/* SPDX-License-Identifier: GPL-2.0-or-later */
/* list --json, list --matrix --json and info --json (src/report/describe.c). */
#ifndef FPABI_DESCRIBE_H
#define FPABI_DESCRIBE_H

#include <stdio.h>

#include "fpabi/run.h"

struct report_run;

/* every case instance of the plan o selects (tier: its name) */
int list_json(FILE *f, const struct fpabi_machine *m,
	      const struct fpabi_opts *o, const char *tier);
/* the matrices (name: one of them, or NULL), axes and cells */
int list_matrix_json(FILE *f, const struct fpabi_machine *m, const char *name);
/* the environment block of the reports, and the ABI profiles */
int info_json(FILE *f, const struct fpabi_machine *m,
	      const struct report_run *run);

#endif
