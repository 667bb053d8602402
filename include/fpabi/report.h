/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A finished case instance as a TAP result with its diagnosis. */
#ifndef FPABI_REPORT_H
#define FPABI_REPORT_H

#include "fpabi/run.h"
#include "fpabi/tap.h"

void report(struct tap *t, const struct fpabi_run *r);
/* The command line that runs this instance again with the same seed. */
void reproducer(const struct fpabi_run *r, char *out, size_t n);
/* the case's steps as the YAML block's "steps" names them */
void steps_text(const struct fpabi_run *r, char *out, size_t n);
/* a finding as one line: observer, register and bytes, origin, class */
void finding_line(const struct fpabi_finding *f, char *out, size_t n);
/* every finding r kept matches known issue k (its observer and register),
 * on a platform and a kernel version that have it */
bool known_match(const struct fpabi_run *r, const struct fpabi_known_issue *k);
/* the options a reproducer repeats: a forced --profile, --inject-fault */
void reproducer_options(const struct fpabi_machine *m,
			const struct fpabi_opts *opts, char *out, size_t n);

#endif
